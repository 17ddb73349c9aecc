"""``dd_table`` and ``deberts table``: each cell is an independent solve; with a
face-up card the round-1 cells let the seven's holder choose the exchange."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner, Result

from deberts import Card, DebertsError, Deal, InvalidDealError, Position, Rules, Suit, dd_table, solve
from deberts.cli.main import main
from deberts.exchange import exchanged, seven_holder
from deberts.scoring import result_of

FULL = "Q.AKQT.A.AJ7 J.8.T987.QT8"


def margin(deal: Deal, trump: Suit, declarer: int, leader: int, rules: Rules | None = None) -> int:
    return solve(Position(deal, trump, declarer, leader, rules)).margin


@pytest.mark.parametrize("players, size, seed", [(2, 4, 1), (3, 3, 2), (4, 3, 3), (4, 2, 4)])
def test_every_cell_is_the_solve_of_its_position(players: int, size: int, seed: int) -> None:
    deal = Deal.random(players, cards_per_hand=size, seed=seed)
    leader = seed % players
    table = dd_table(deal, leader, threads=2)
    assert sorted((c.trump, c.declarer) for c in table.cells) == sorted(
        (s, d) for s in Suit for d in range(players)
    )
    for cell in table.cells:
        expected = margin(deal, cell.trump, cell.declarer, leader)
        assert (cell.margin, cell.result, cell.leader) == (expected, result_of(expected), leader)
        assert cell.round is None and cell.holder is None and cell.exchange is None
    for seat in range(players):
        own = {c.trump: c.margin for c in table.cells if c.declarer == seat}
        assert set(table.best(seat)) == {s for s, m in own.items() if m == max(own.values())}


def test_full_deal_with_declarations() -> None:
    deal = Deal.parse(FULL)
    table = dd_table(FULL, 1, Rules.preset_rules("kharkov"))
    for cell in table.cells:
        assert cell.margin == margin(deal, cell.trump, cell.declarer, 1, Rules.preset_rules("kharkov"))


def test_first_lead_declarer_needs_no_leader() -> None:
    deal = Deal.random(3, cards_per_hand=3, seed=8)
    rules = Rules(first_lead="declarer")
    table = dd_table(deal, rules=rules)
    for cell in table.cells:
        assert cell.leader == cell.declarer
        assert cell.margin == margin(deal, cell.trump, cell.declarer, cell.declarer, rules)
    with pytest.raises(DebertsError, match="needs the leader"):
        dd_table(deal)


@pytest.mark.parametrize("hands, face_up, holder", [
    (FULL, "KC", 0),      # seat 0 holds 7C
    (FULL, "9H", None),   # nobody holds 7H
    ("QJ.AKQT.A.A8 T.8.T987.QT9", "7C", None),  # the face-up card is the seven
])
def test_face_up_round_one_exchange(hands: str, face_up: str, holder: int | None) -> None:
    deal, card = Deal.parse(hands), Card.parse(face_up)
    assert seven_holder(deal, card) == holder
    table = dd_table(deal, 1, face_up=face_up)
    assert table.face_up == card
    for cell in table.cells:
        as_dealt = margin(deal, cell.trump, cell.declarer, 1)
        if cell.trump != card.suit:
            assert (cell.round, cell.holder, cell.exchange) == (2, None, None)
            assert cell.margin == as_dealt
            continue
        assert cell.round == 1 and cell.holder == holder
        if holder is None:
            assert cell.margin == as_dealt and cell.exchange is None
            continue
        swapped = margin(exchanged(deal, card), cell.trump, cell.declarer, 1)
        holder_declares = holder == cell.declarer
        better = max if holder_declares else min
        assert cell.margin == better(as_dealt, swapped)
        assert cell.exchange == (swapped != as_dealt and cell.margin == swapped)


def test_exchange_moves_the_cards() -> None:
    deal = Deal.parse(FULL)
    after = exchanged(deal, Card.parse("KC"))
    assert Card.parse("KC") in after.hands[0] and Card.parse("7C") not in after.hands[0]
    assert after.hands[1] == deal.hands[1]


def test_four_players_face_up_is_dealt_and_never_exchanged() -> None:
    deal = Deal.random(4, seed=5)
    card = next(iter(deal.hands[2]))
    table = dd_table(deal, 1, face_up=card, threads=2)
    assert all(c.holder is None for c in table.cells)
    assert {c.round for c in table.cells if c.trump == card.suit} == {1}


@pytest.mark.parametrize("face_up, pattern", [
    ("AH", r"bad face-up card AH: it is in seat 0's hand"),
    ("XX", r"bad card 'XX'"),
])
def test_face_up_errors(face_up: str, pattern: str) -> None:
    with pytest.raises(DebertsError, match=pattern):
        dd_table(FULL, 1, face_up=face_up)


def test_four_players_face_up_must_be_dealt() -> None:
    deal = Deal.random(4, cards_per_hand=2, seed=1)
    missing = next(Card(c) for c in range(32) if all(Card(c) not in h for h in deal.hands))
    with pytest.raises(InvalidDealError, match="with 4 players it is dealt"):
        dd_table(deal, 0, face_up=missing)


def test_json_contract_round_trips() -> None:
    table = dd_table(FULL, 1, face_up="KC")
    data = json.loads(json.dumps(table.to_dict()))
    assert len(data["cells"]) == 8
    for cell, original in zip(data["cells"], table.cells):
        assert {"trump", "declarer", "margin", "result"} <= set(cell)
        assert cell["trump"] == original.trump.name and cell["margin"] == original.margin
        assert isinstance(cell["declarer"], int) and cell["result"] in ("made", "bait", "hanging")
    assert data["best"] == {str(s): [t.name for t in table.best(s)] for s in range(2)}
    assert data["face_up"] == "KC" and data["hands"] == FULL.split()


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["table", *args])


def test_cli_human_grid() -> None:
    result = run(FULL, "--leader", "1", "--face-up", "KC")
    assert result.exit_code == 0, result.output
    out = result.stdout
    rows = [line for line in out.splitlines() if re.match(r"seat \d +[-+0]", line)]
    assert len(rows) == 2 and all(len(re.findall(r"made|bait|hanging", r)) == 4 for r in rows)
    assert "♣ round 1" in out and "~" in out and "*" in out
    assert "\x1b[" not in out


def test_cli_json_matches_the_api_for_any_job_count() -> None:
    one = run(FULL, "--leader", "1", "--json", "-j", "1")
    two = run(FULL, "--leader", "1", "--json", "-j", "2")
    assert one.exit_code == 0 and one.stdout == two.stdout
    assert json.loads(one.stdout) == dd_table(FULL, 1).to_dict()


def test_cli_ascii() -> None:
    out = run(FULL, "--leader", "1", "--ascii").stdout
    assert not set("♠♥♦♣") & set(out) and "\x1b[" not in out


@pytest.mark.parametrize("args, pattern", [
    (["AK.. QJ..", "--leader", "1"], r"bad hand"),
    ([FULL], r"missing --leader"),
    ([FULL, "--leader", "1", "--face-up", "ZZ"], r"bad card 'ZZ'"),
    ([FULL, "--leader", "1", "--face-up", "AH"], r"in seat 0's hand"),
    ([FULL, "--leader", "1", "--set", "bogus=1"], r"unknown rule option 'bogus'"),
    ([FULL, "--leader", "7"], r"bad leader 7"),
])
def test_cli_errors(args: list[str], pattern: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("deberts: error: ")
    assert re.search(pattern, lines[0]), lines[0]
