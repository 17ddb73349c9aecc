"""The double-dummy table (``deberts.variants.deberts.analysis.table.dd_table``), the face-up card and the
trump-seven exchange (``deberts.variants.deberts.model.exchange``), and the ``deberts table`` command.

Every expected margin here comes from an independent ``solve`` of the position the
cell stands for (the exchanged deals are built by hand, not with ``exchanged``), so
the table is checked against the solver, never against its own earlier output.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner, Result

from deberts import Card, Deal, DebertsError, Position, Rules, Suit, solve
from deberts.cli.main import main
from deberts.model.cards import Rank
from deberts.variants.deberts.analysis.table import DDTable, dd_table
from deberts.variants.deberts.model.exchange import (
    check_face_up,
    exchanged,
    holder_of,
    seven_holder,
)
from deberts.variants.deberts.model.scoring import result_of

#: A full 2-player deal (the README's): seat 0 holds 7♣, nobody holds 7♥.
FULL2 = "Q.AKQT.A.AJ7 J.8.T987.QT8"
SYMBOLS = "♠♥♦♣"
ANSI = "\x1b"
#: Small table for the tests: the positions are tiny.
BITS = 16


# -- helpers -------------------------------------------------------------------


def margin_of(deal: Deal, trump: Suit, declarer: int, leader: int, rules: Rules) -> int:
    return solve(Position(deal, trump, declarer, leader, rules), table_bits=BITS).margin


def swapped_by_hand(deal: Deal, face_up: Card) -> tuple[int, Deal]:
    """The seven's holder and the deal after he swaps it for ``face_up``, built
    from the hands directly (independently of ``deberts.variants.deberts.model.exchange``)."""
    seven = Card.of(face_up.suit, Rank.SEVEN)
    holders = [seat for seat, hand in enumerate(deal.hands) if seven in hand]
    assert len(holders) == 1
    seat = holders[0]
    hands = [hand.mask for hand in deal.hands]
    hands[seat] = (hands[seat] & ~(1 << int(seven))) | (1 << int(face_up))
    return seat, Deal(hands)


def undealt(deal: Deal) -> list[Card]:
    dealt = 0
    for hand in deal.hands:
        dealt |= hand.mask
    return [Card(i) for i in range(32) if not dealt >> i & 1]


def dealt_cards(deal: Deal) -> list[Card]:
    return [card for hand in deal.hands for card in hand]


def check_plain_cells(table: DDTable, deal: Deal, leader: int | None, rules: Rules) -> None:
    """Every cell is the solver's margin of its position, as dealt, no exchange."""
    assert len(table.cells) == 4 * deal.players
    assert {(c.trump, c.declarer) for c in table.cells} == {
        (suit, seat) for suit in Suit for seat in range(deal.players)
    }
    for cell in table.cells:
        lead = cell.declarer if leader is None else leader
        assert cell.leader == lead
        expected = margin_of(deal, cell.trump, cell.declarer, lead, rules)
        assert cell.margin == expected, (cell, expected)
        assert cell.result == result_of(expected)
        assert table.cell(cell.trump, cell.declarer) is cell
        assert table.cell(cell.trump.name, cell.declarer) is cell
    check_best(table, deal)


def check_best(table: DDTable, deal: Deal) -> None:
    for seat in range(deal.players):
        margins = {suit: table.cell(suit, seat).margin for suit in Suit}
        top = max(margins.values())
        assert set(table.best(seat)) == {s for s, m in margins.items() if m == top}
        assert len(table.best(seat)) == len(set(table.best(seat)))


# -- dd_table without a face-up card -------------------------------------------


ENDGAMES = [
    (players, size, seed)
    for players in (2, 3, 4)
    for size in (3, 4)
    for seed in (1, 2)
]


@pytest.mark.parametrize("players,size,seed", ENDGAMES)
def test_every_cell_is_the_solvers_margin(players: int, size: int, seed: int) -> None:
    deal = Deal.random(players, size, seed=seed)
    leader = seed % players
    rules = Rules()
    table = dd_table(deal, leader, rules, threads=2, table_bits=BITS)
    assert table.deal == deal and table.face_up is None and table.rules == rules
    check_plain_cells(table, deal, leader, rules)
    for cell in table.cells:
        assert cell.round is None and cell.holder is None and cell.exchange is None


@pytest.mark.parametrize("players", [2, 3])
def test_full_deal_cells_carry_declarations(players: int) -> None:
    deal = Deal.parse(FULL2) if players == 2 else Deal.random(3, seed=2)
    table = dd_table(deal, 1, threads=2, table_bits=BITS)
    check_plain_cells(table, deal, 1, Rules())


def test_deal_text_and_default_rules() -> None:
    table = dd_table(FULL2, 1, threads=1, table_bits=BITS)
    assert table.deal == Deal.parse(FULL2)
    assert table.rules == Rules()
    check_plain_cells(table, Deal.parse(FULL2), 1, Rules())


@pytest.mark.parametrize("rules", [
    Rules.preset_rules("kharkov"),
    Rules().with_options(bella="trick_winner"),
    Rules().with_options(teams="solo"),
], ids=["kharkov", "trick_winner", "solo"])
def test_rules_reach_every_cell(rules: Rules) -> None:
    deal = Deal.random(4, 4, seed=11)
    table = dd_table(deal, 2, rules, threads=2, table_bits=BITS)
    assert table.rules == rules
    check_plain_cells(table, deal, 2, rules)


def test_solo_and_pairs_tables_differ() -> None:
    """The side a cell's margin belongs to follows ``teams``."""
    deal = Deal.random(4, 4, seed=11)
    pairs = dd_table(deal, 0, threads=1, table_bits=BITS)
    solo = dd_table(deal, 0, Rules().with_options(teams="solo"), threads=1, table_bits=BITS)
    assert [c.margin for c in pairs.cells] != [c.margin for c in solo.cells]
    # In pairs, partners declaring the same trump have the same side and margin.
    for suit in Suit:
        assert pairs.cell(suit, 0).margin == pairs.cell(suit, 2).margin
        assert pairs.cell(suit, 1).margin == pairs.cell(suit, 3).margin


def test_two_players_margins_are_mirrored() -> None:
    """With 2 players, declarer 1's margin is minus declarer 0's (same leader)."""
    table = dd_table(FULL2, 1, threads=1, table_bits=BITS)
    for suit in Suit:
        assert table.cell(suit, 0).margin == -table.cell(suit, 1).margin


def test_threads_do_not_change_the_table() -> None:
    deal = Deal.random(3, 4, seed=3)
    one = dd_table(deal, 0, threads=1, table_bits=BITS)
    two = dd_table(deal, 0, threads=2, table_bits=BITS)
    assert one == two


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_lead_declarer_each_declarer_leads(players: int) -> None:
    rules = Rules().with_options(first_lead="declarer")
    deal = Deal.random(players, 4, seed=7)
    table = dd_table(deal, rules=rules, threads=2, table_bits=BITS)
    for cell in table.cells:
        assert cell.leader == cell.declarer
    check_plain_cells(table, deal, None, rules)


def test_leader_needed_with_eldest_lead() -> None:
    with pytest.raises(DebertsError, match="needs the leader"):
        dd_table(FULL2, threads=1)


def test_bad_leader_is_a_deberts_error() -> None:
    with pytest.raises(DebertsError, match="leader"):
        dd_table(FULL2, 2, threads=1)


def test_best_lists_every_tied_trump() -> None:
    """Nobody holds a heart or a club, so both trumps play as no-trump: equal
    margins, and ``best`` has both or neither."""
    deal = Deal.parse("AK..Q. QJ..A.")
    table = dd_table(deal, 0, threads=1, table_bits=BITS)
    check_plain_cells(table, deal, 0, Rules())
    for seat in range(2):
        assert table.cell("H", seat).margin == table.cell("C", seat).margin
        best = table.best(seat)
        assert (Suit.H in best) == (Suit.C in best)
    assert any(Suit.H in table.best(seat) for seat in range(2))


# -- the face-up card: exchange helpers ----------------------------------------


def test_exchanged_swaps_the_seven_for_the_face_up_card() -> None:
    deal = Deal.parse(FULL2)
    face_up = Card.parse("9C")
    assert holder_of(deal, Card.parse("7C")) == 0
    assert holder_of(deal, face_up) is None
    assert seven_holder(deal, face_up) == 0
    assert exchanged(deal, face_up) == Deal.parse("Q.AKQT.A.AJ9 J.8.T987.QT8")
    assert exchanged(deal, face_up) == swapped_by_hand(deal, face_up)[1]


def test_no_exchange_without_a_seven_holder() -> None:
    deal = Deal.parse(FULL2)
    # Nobody holds 7♥.
    assert seven_holder(deal, Card.parse("9H")) is None
    with pytest.raises(DebertsError, match="no exchange"):
        exchanged(deal, Card.parse("9H"))
    # The face-up card is the seven itself (7♠ is in no hand).
    assert seven_holder(deal, Card.parse("7S")) is None
    with pytest.raises(DebertsError):
        exchanged(deal, Card.parse("7S"))


def test_no_exchange_with_four_players() -> None:
    deal = Deal.random(4, seed=2)
    for card in dealt_cards(deal):
        check_face_up(deal, card)
        assert seven_holder(deal, card) is None


def test_check_face_up_errors() -> None:
    two = Deal.parse(FULL2)
    with pytest.raises(DebertsError, match=r"bad face-up card 7C: it is in seat 0's hand"):
        check_face_up(two, Card.parse("7C"))
    check_face_up(two, Card.parse("9C"))
    three = Deal.random(3, seed=4)
    with pytest.raises(DebertsError, match="3 players"):
        check_face_up(three, dealt_cards(three)[-1])
    four = Deal.random(4, 4, seed=4)
    with pytest.raises(DebertsError, match="no hand holds it"):
        check_face_up(four, undealt(four)[0])


# -- dd_table with a face-up card ----------------------------------------------


def check_face_up_table(deal: Deal, face_up: Card, leader: int, rules: Rules,
                        seen: set[tuple[bool, bool]]) -> None:
    """Every cell of the table with ``face_up`` against independent solves; records
    in ``seen`` which (holder on declarer side, exchange chosen) cases had a real
    choice (the two deals' margins differ)."""
    table = dd_table(deal, leader, rules, face_up, threads=2, table_bits=BITS)
    assert table.face_up == face_up
    assert {(c.trump, c.declarer) for c in table.cells} == {
        (suit, seat) for suit in Suit for seat in range(deal.players)
    }
    seven = Card.of(face_up.suit, Rank.SEVEN)
    may_swap = (deal.players < 4 and face_up != seven
                and any(seven in hand for hand in deal.hands))
    for cell in table.cells:
        as_dealt = margin_of(deal, cell.trump, cell.declarer, leader, rules)
        if cell.trump != face_up.suit:
            assert (cell.round, cell.holder, cell.exchange) == (2, None, None)
            expected = as_dealt
        elif not may_swap:
            assert (cell.round, cell.holder, cell.exchange) == (1, None, None)
            expected = as_dealt
        else:
            holder, swapped = swapped_by_hand(deal, face_up)
            after = margin_of(swapped, cell.trump, cell.declarer, leader, rules)
            position = Position(deal, cell.trump, cell.declarer, leader, rules)
            own = holder in position.declarer_side
            expected = max(as_dealt, after) if own else min(as_dealt, after)
            assert cell.round == 1 and cell.holder == holder
            assert cell.exchange is (after != as_dealt and after == expected)
            if after != as_dealt:
                seen.add((own, cell.exchange))
        assert cell.margin == expected, (str(face_up), cell, as_dealt)
        assert cell.result == result_of(expected)
    check_best(table, deal)


@pytest.mark.parametrize("players,size", [(2, 3), (2, 4), (3, 3), (3, 4)])
def test_face_up_endgames(players: int, size: int) -> None:
    """table.py applies the exchange to endgame deals too: the holder of the seven
    (of any size of hand) may swap it, and the cell is the better deal for his side."""
    seen: set[tuple[bool, bool]] = set()
    for seed in range(4):
        deal = Deal.random(players, size, seed=seed)
        for face_up in undealt(deal)[::3]:
            check_face_up_table(deal, face_up, seed % players, Rules(), seen)
    # The deals tried include a real choice for a declarer-side and a defending
    # holder, and both swapping and keeping the seven.
    assert {own for own, _ in seen} == {True, False}
    assert {swap for _, swap in seen} == {True, False}


def test_face_up_full_two_player_deals() -> None:
    seen: set[tuple[bool, bool]] = set()
    for seed in (1, 2):
        deal = Deal.random(2, seed=seed)
        for face_up in undealt(deal)[::2]:
            check_face_up_table(deal, face_up, 1, Rules(), seen)
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


def test_face_up_full_three_player_deal() -> None:
    seen: set[tuple[bool, bool]] = set()
    deal = Deal.random(3, seed=2)
    for face_up in undealt(deal):
        check_face_up_table(deal, face_up, 1, Rules(), seen)
    assert seen


def test_holder_keeps_the_seven_when_swapping_costs() -> None:
    """Seat 1 holds 7♠ alone in trumps; swapping it for 9♠ lets seat 0's J♠ take
    14 more points, so seat 1 keeps his seven whoever declares."""
    deal = Deal.random(2, seed=1)
    assert str(deal.hands[1]) == "7.Q8.KQT7.KQ"
    table = dd_table(deal, 1, face_up="9S", threads=1, table_bits=BITS)
    swapped = Deal(["AQJ8.T9.8.J9", "9.Q8.KQT7.KQ"])
    for declarer in (0, 1):
        cell = table.cell("S", declarer)
        as_dealt = margin_of(deal, Suit.S, declarer, 1, Rules())
        assert margin_of(swapped, Suit.S, declarer, 1, Rules()) != as_dealt
        assert (cell.holder, cell.exchange, cell.margin) == (1, False, as_dealt)


def test_face_up_seven_means_no_exchange() -> None:
    deal = Deal.parse(FULL2)
    table = dd_table(deal, 1, face_up="7S", threads=1, table_bits=BITS)
    for cell in table.cells:
        assert cell.holder is None and cell.exchange is None
        assert cell.round == (1 if cell.trump == Suit.S else 2)
    check_plain_cells(table, deal, 1, Rules())


def test_face_up_with_nobody_holding_the_seven() -> None:
    deal = Deal.parse(FULL2)
    table = dd_table(deal, 1, face_up=Card.parse("9H"), threads=1, table_bits=BITS)
    assert all(c.holder is None and c.exchange is None for c in table.cells)
    check_plain_cells(table, deal, 1, Rules())


@pytest.mark.parametrize("size", [4, None])
def test_face_up_four_players_no_exchange(size: int | None) -> None:
    deal = Deal.random(4, size, seed=9)
    # The seven of the face-up suit is in some hand: still no exchange.
    face_up = next(card for card in dealt_cards(deal) if card.rank != Rank.SEVEN
                   and holder_of(deal, Card.of(card.suit, Rank.SEVEN)) is not None)
    table = dd_table(deal, 0, face_up=face_up, threads=2, table_bits=BITS)
    for cell in table.cells:
        assert cell.holder is None and cell.exchange is None
        assert cell.round == (1 if cell.trump == face_up.suit else 2)
    check_plain_cells(table, deal, 0, Rules())


def test_face_up_errors() -> None:
    with pytest.raises(DebertsError, match="bad face-up card 7C: it is in seat 0's hand"):
        dd_table(FULL2, 1, face_up="7C", threads=1)
    three = Deal.random(3, 4, seed=1)
    with pytest.raises(DebertsError, match="with 3 players it lies face up"):
        dd_table(three, 1, face_up=dealt_cards(three)[0], threads=1)
    four = Deal.random(4, 4, seed=1)
    with pytest.raises(DebertsError, match="with 4 players it is dealt, but no hand holds it"):
        dd_table(four, 1, face_up=undealt(four)[0], threads=1)
    for text in ("XX", "1S", "9", "9X"):
        with pytest.raises(DebertsError, match="bad card"):
            dd_table(FULL2, 1, face_up=text, threads=1)


# -- to_dict -------------------------------------------------------------------


CELL_TYPES = {"trump": str, "declarer": int, "leader": int, "margin": int, "result": str}


def check_record(record: dict, table: DDTable) -> None:
    assert json.loads(json.dumps(record)) == record
    assert set(record) == {"hands", "face_up", "rules", "cells", "best"}
    deal = table.deal
    assert Deal(record["hands"]) == deal
    assert record["rules"] == table.rules.to_dict()
    assert len(record["cells"]) == 4 * deal.players
    for cell, entry in zip(table.cells, record["cells"]):
        for key, kind in CELL_TYPES.items():
            assert type(entry[key]) is kind, (key, entry)
        assert entry["trump"] in "SHDC"
        assert entry["result"] in ("made", "bait", "hanging")
        assert entry["result"] == result_of(entry["margin"])
        assert (Suit.parse(entry["trump"]), entry["declarer"], entry["leader"],
                entry["margin"], entry["result"]) == (
            cell.trump, cell.declarer, cell.leader, cell.margin, cell.result)
        if table.face_up is None:
            assert set(entry) == set(CELL_TYPES)
        else:
            assert entry["round"] == (1 if cell.trump == table.face_up.suit else 2)
            if cell.holder is None:
                assert set(entry) == set(CELL_TYPES) | {"round"}
            else:
                assert set(entry) == set(CELL_TYPES) | {"round", "holder", "exchange"}
                assert type(entry["holder"]) is int and type(entry["exchange"]) is bool
                assert (entry["holder"], entry["exchange"]) == (cell.holder, cell.exchange)
    assert {(e["trump"], e["declarer"]) for e in record["cells"]} == {
        (s.name, p) for s in Suit for p in range(deal.players)
    }
    assert record["best"] == {
        str(seat): [s.name for s in table.best(seat)] for seat in range(deal.players)
    }


def test_to_dict_contract() -> None:
    table = dd_table(FULL2, 1, threads=1, table_bits=BITS)
    record = table.to_dict()
    assert record["face_up"] is None
    assert record["hands"] == ["Q.AKQT.A.AJ7", "J.8.T987.QT8"]
    check_record(record, table)
    assert record["cells"][0]["trump"] == "S" and record["cells"][0]["declarer"] == 0


def test_to_dict_with_face_up() -> None:
    table = dd_table(FULL2, 1, face_up="9C", threads=1, table_bits=BITS)
    record = table.to_dict()
    assert record["face_up"] == "9C"
    check_record(record, table)
    assert any("holder" in entry for entry in record["cells"])
    assert table.cell("C", 0).holder == 0


# -- the deberts table command -------------------------------------------------


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["table", *args])


def run_json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def margin_rows(out: str) -> list[str]:
    """The margin table's lines: the header, then a row per declarer."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Margin ("))
    rows = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        rows.append(line)
    return rows


CELL = re.compile(r"(0|[+-]\d+) (made|bait|hanging)(~?)(\*?)")


def check_human(out: str, table: DDTable, symbols: bool) -> None:
    rows = margin_rows(out)
    header, body = rows[0], rows[1:]
    assert header.startswith("declarer")
    names = SYMBOLS if symbols else "SHDC"
    positions = [header.index(name) for name in names]
    assert positions == sorted(positions)
    assert len(body) == table.deal.players
    for seat, row in enumerate(body):
        assert row.startswith(f"seat {seat} ")
        cells = CELL.findall(row)
        assert len(cells) == 4, row
        for suit, (margin, result, swap, best) in zip(Suit, cells):
            cell = table.cell(suit, seat)
            assert (int(margin), result) == (cell.margin, cell.result)
            assert bool(swap) == bool(cell.exchange)
            assert bool(best) == (suit in table.best(seat))


def test_cli_human_output() -> None:
    result = run(FULL2, "--leader", "1")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    out = result.stdout
    assert ANSI not in out
    assert out.startswith("Deal: 2 players, seat 1 leads, moscow rules\n")
    table = dd_table(FULL2, 1, threads=1, table_bits=BITS)
    check_human(out, table, symbols=True)
    assert "* the declarer's best trump" in out


def test_cli_human_three_players() -> None:
    hands = "AT..J.Q Q7.9.T. .K.Q8.9"
    result = run(hands, "--leader", "0")
    assert result.exit_code == 0, result.output
    check_human(result.stdout, dd_table(hands, 0, threads=1, table_bits=BITS), True)


def test_cli_json_matches_dd_table() -> None:
    record = run_json(FULL2, "--leader", "1")
    assert record == dd_table(FULL2, 1, threads=1, table_bits=BITS).to_dict()
    check_record(record, dd_table(FULL2, 1, threads=1, table_bits=BITS))


def test_cli_ascii_output() -> None:
    result = run(FULL2, "--leader", "1", "--ascii", "--face-up", "9C")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert not set(out) & set(SYMBOLS + "♤♡♢♧")
    assert ANSI not in out
    check_human(out, dd_table(FULL2, 1, face_up="9C", threads=1), symbols=False)


def test_cli_face_up() -> None:
    table = dd_table(FULL2, 1, face_up="9C", threads=1, table_bits=BITS)
    assert run_json(FULL2, "--leader", "1", "--face-up", "9C") == table.to_dict()
    result = run(FULL2, "--leader", "1", "--face-up", "9C")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "face-up card 9♣" in out.splitlines()[0]
    assert "♣ round 1" in out and "♥ round 2" in out
    assert "seat 0 holds the seven of trumps" in out
    check_human(out, table, symbols=True)
    assert ("~ the seven of trumps is exchanged" in out) == any(
        c.exchange for c in table.cells)


def test_cli_face_up_four_players() -> None:
    deal = Deal.random(4, 4, seed=3)
    hands = " ".join(str(hand) for hand in deal.hands)
    face_up = str(dealt_cards(deal)[0])
    record = run_json(hands, "--leader", "2", "--face-up", face_up)
    assert record == dd_table(deal, 2, face_up=face_up, threads=1).to_dict()
    assert all("holder" not in entry for entry in record["cells"])


def test_cli_first_lead_declarer_needs_no_leader() -> None:
    record = run_json(FULL2, "--set", "first_lead=declarer")
    rules = Rules().with_options(first_lead="declarer")
    assert record == dd_table(FULL2, rules=rules, threads=1).to_dict()
    result = run(FULL2, "--set", "first_lead=declarer")
    assert result.exit_code == 0, result.output
    assert "each declarer leads" in result.stdout.splitlines()[0]


def test_cli_rules_options_reach_the_table() -> None:
    record = run_json(FULL2, "--leader", "0", "--rules", "kharkov",
                      "--set", "bella=trick_winner")
    rules = Rules.preset_rules("kharkov", bella="trick_winner")
    assert record == dd_table(FULL2, 0, rules, threads=1).to_dict()


def test_cli_jobs_do_not_change_the_answer() -> None:
    one = run_json(FULL2, "--leader", "1", "--face-up", "9C", "-j", "1")
    two = run_json(FULL2, "--leader", "1", "--face-up", "9C", "-j", "2")
    assert one == two


@pytest.mark.parametrize("args,token", [
    (["Q.AKQT.A.AJ7 J.8.T987.QT", "--leader", "1"], "bad deal"),
    (["Q.AKQT.A.AJX J.8.T987.QT8", "--leader", "1"], "AJX"),
    (["AK.. QJ..", "--leader", "1"], "bad hand 'AK..'"),
    ([FULL2], "missing --leader"),
    ([FULL2, "--leader", "1", "--face-up", "XX"], "bad card 'XX'"),
    ([FULL2, "--leader", "1", "--face-up", "7C"], "bad face-up card 7C: it is in seat 0's hand"),
    ([FULL2, "--leader", "1", "--set", "foo=bar"], "unknown rule option 'foo'"),
    ([FULL2, "--leader", "1", "--set", "bella=nobody"], "nobody"),
    ([FULL2, "--leader", "5"], "bad leader 5"),
    ([FULL2, "--leader", "1", "-j", "0"], "-j"),
])
def test_cli_errors(args: list[str], token: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("deberts: error: ")
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
    assert token in result.stderr


def test_a_leader_with_first_lead_declarer_is_refused() -> None:
    with pytest.raises(DebertsError, match=r"leader 1 given, but with first_lead=declarer"):
        dd_table(Deal.random(2, cards_per_hand=2, seed=1), 1, Rules(first_lead="declarer"))


@pytest.mark.parametrize("players, rules", [
    (4, Rules()), (4, Rules.preset_rules("belote")), (2, Rules()),
    (4, Rules.preset_rules("moscow", bella="trick_winner")),
    (4, Rules.preset_rules("kharkov", first_lead="declarer")), (3, Rules()),
])
def test_cells_solved_once_a_class_match_each_cell_s_own_solve(players: int, rules: Rules) -> None:
    """The table solves one position of each value class (a pair's two declarers,
    and the other pair's with the sign turned); every cell must still be the
    margin of its own position."""
    for seed in range(3):
        deal = Deal.random(players, seed=seed)
        leader = None if rules.first_lead == "declarer" else 1
        table = dd_table(deal, leader, rules, threads=1, table_bits=BITS)
        for cell in table.cells:
            own = solve(Position(deal, cell.trump, cell.declarer, cell.leader, rules),
                        table_bits=BITS)
            assert cell.margin == own.margin, (seed, cell)
