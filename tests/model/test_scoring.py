"""Scoring finished deals (RULES.md 2.4 bella / need-trick options and 2.6)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from deberts.errors import DebertsError
from deberts.model.cards import CardSet, Suit
from deberts.variants.deberts.model.deal import Deal, full_hand_size
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.scoring import BAIT, HANGING, MADE, result_of, score
from deberts.variants.deberts.model.tricks import card_points


def deal(*hands: str) -> Deal:
    return Deal([CardSet(h.split()) for h in hands])


def finished(d: Deal, line: str, declarer=0, leader=0, trump="H", rules=None, **options):
    rules = (rules or Rules()).with_options(**options)
    p = Position(d, trump, declarer, leader, rules, played=line)
    assert p.is_over()
    return p


def play_random(p: Position, rng: random.Random, announce: float = 1.0) -> Position:
    while not p.is_over():
        p.push(rng.choice(p.legal_moves()), bella=rng.random() < announce)
    return p


F = Fraction


def test_result_of():
    assert result_of(1) == MADE == "made"
    assert result_of(152) == MADE
    assert result_of(0) == HANGING == "hanging"
    assert result_of(-1) == BAIT == "bait"


def test_score_needs_a_finished_deal():
    p = Position(deal("AS 7D", "TS AD"), "H", 0, 0, played="AS TS")
    with pytest.raises(DebertsError, match="not over"):
        score(p)


# -- small endgames: made / bait / hanging and records ------------------------------


def test_two_players_made_and_bait():
    d = deal("AS", "7S")
    s = score(finished(d, "AS 7S", declarer=0))
    assert s.card_points == (11, 0)
    assert s.last_trick == (10, 0)
    assert s.totals == (21, 0)
    assert (s.declarer_points, s.defender_points, s.margin) == (21, 0, 21)
    assert s.result == MADE
    assert s.records == (21, 0)
    assert s.held_over == 0
    s = score(finished(d, "AS 7S", declarer=1))
    assert s.result == BAIT
    assert s.margin == -21
    assert s.records == (21, 0)  # the defender records everything
    assert s.held_over == 0


def test_two_players_hanging():
    # trick 1: AS TS to seat 0 (21); trick 2: 7D AD to seat 1 (11 + 10)
    p = finished(deal("AS 7D", "TS AD"), "AS TS 7D AD", declarer=0)
    s = score(p)
    assert s.totals == (21, 21)
    assert s.result == HANGING
    assert s.records == (0, 21)  # defenders record their own
    assert s.held_over == 21  # the declarer's points wait for the next deal


def test_three_players_made_records_own_totals():
    d = deal("AS 9D", "7S TD", "TS 8D")
    # AS 7S TS -> seat 0 (21); seat 0 leads 9D, seat 1 TD wins (10 + 10)
    s = score(finished(d, "AS 7S TS 9D TD 8D", declarer=0))
    assert s.totals == (21, 20, 0)
    assert (s.declarer_points, s.defender_points) == (21, 20)
    assert s.result == MADE
    assert s.records == (21, 20, 0)


def test_three_players_bait_shared_between_defenders():
    s = score(finished(deal("7S", "AS", "TS"), "7S AS TS", declarer=0))
    assert s.totals == (0, 31, 0)
    assert s.result == BAIT
    assert s.records == (0, F(31, 2), F(31, 2))
    assert sum(s.records) == 31


def test_three_players_hanging():
    # TS JS 7S -> seat 0 (12); 7D 8D JD -> seat 2 (2 + 10)
    s = score(finished(deal("TS 7D", "JS 8D", "7S JD"), "TS JS 7S 7D 8D JD", declarer=0))
    assert s.totals == (12, 0, 12)
    assert s.result == HANGING
    assert s.records == (0, 0, 12)
    assert s.held_over == 12


FOUR_ONE = deal("AS", "7S", "TS", "8S")  # seat 0 wins 21 + 10


def test_four_players_pairs_made_partners_show_pair_record():
    s = score(finished(FOUR_ONE, "AS 7S TS 8S", declarer=0))
    assert s.totals == (31, 0, 0, 0)
    assert (s.declarer_points, s.defender_points) == (31, 0)
    assert s.result == MADE
    assert s.records == (31, 0, 31, 0)


def test_four_players_pairs_bait():
    s = score(finished(FOUR_ONE, "AS 7S TS 8S", declarer=1))
    assert s.result == BAIT
    assert s.records == (31, 0, 31, 0)


def test_four_players_solo_made_and_bait():
    solo = Rules(teams="solo")
    s = score(finished(FOUR_ONE, "AS 7S TS 8S", declarer=0, rules=solo))
    assert s.result == MADE
    assert s.records == (31, 0, 0, 0)
    s = score(finished(FOUR_ONE, "AS 7S TS 8S", declarer=1, rules=solo))
    assert s.result == BAIT
    assert (s.declarer_points, s.defender_points) == (0, 31)
    assert s.records == (F(31, 3), 0, F(31, 3), F(31, 3))


def test_four_players_pairs_hanging():
    # AS 7S TS 8S -> seats 0+2 (21); 7D AD 8D 9D -> seat 1 (11 + 10)
    d = deal("AS 7D", "7S AD", "TS 8D", "8S 9D")
    s = score(finished(d, "AS 7S TS 8S 7D AD 8D 9D", declarer=0))
    assert (s.declarer_points, s.defender_points) == (21, 21)
    assert s.result == HANGING
    assert s.records == (0, 21, 0, 21)
    assert s.held_over == 21


# -- full deals: declarations need a trick, bella options ----------------------------

# Seat 0 takes every trick; seat 1 holds a tertz 7 8 9 of spades and bella K Q of hearts.
SWEEP = deal("JH 9H AH AS TS AD TD AC TC", "KH QH 7S 8S 9S 7D 8D 7C 8C")
SWEEP_LINE = "JH QH 9H KH AH 7S AS 8S TS 9S AD 7D TD 8D AC 7C TC 8C"


def test_sweep_default_rules():
    s = score(finished(SWEEP, SWEEP_LINE))
    assert s.card_points == (115, 0)
    assert s.last_trick == (10, 0)
    assert s.declarations == (0, 0)  # the tertz needs a trick
    assert s.bella == (0, 20)  # bella does not
    assert s.totals == (125, 20)
    assert s.result == MADE
    assert s.records == (125, 20)


def test_sweep_declarations_need_no_trick():
    s = score(finished(SWEEP, SWEEP_LINE, declarations_need_trick=False))
    assert s.declarations == (0, 20)
    assert s.bella == (0, 20)
    assert s.totals == (125, 40)


def test_sweep_bella_trick_winner():
    # bella was announced with QH in the first trick, which seat 0 won
    s = score(finished(SWEEP, SWEEP_LINE, bella="trick_winner"))
    assert s.bella == (20, 0)
    assert s.totals == (145, 0)


def test_sweep_bella_both_tricks():
    s = score(finished(SWEEP, SWEEP_LINE, bella="both_tricks"))
    assert s.bella == (0, 0)
    assert s.totals == (125, 0)


def test_sweep_as_bait():
    s = score(finished(SWEEP, SWEEP_LINE, declarer=1))
    assert (s.declarer_points, s.defender_points) == (20, 125)
    assert s.result == BAIT
    assert s.records == (145, 0)


def test_declined_bella_scores_nothing():
    p = Position(SWEEP, "H", 0, 0, Rules())
    p.push("JH")
    p.push("QH", bella=False)
    for card in SWEEP_LINE.split()[2:]:
        p.push(card)
    assert score(p).bella == (0, 0)


def test_an_empty_trick_is_enough_for_declarations():
    # seat 1 wins only the last trick, 7C 8C: no card points, but a trick
    d = deal("JH 9H AH AS TS AD TD AC 7C", "KH QH 7S 8S 9S 7D 8D 8C 9C")
    line = "JH QH 9H KH AH 7S AS 8S TS 9S AD 7D TD 8D AC 9C 7C 8C"
    s = score(finished(d, line))
    assert s.card_points == (105, 0)
    assert s.last_trick == (0, 10)
    assert s.declarations == (0, 20)
    assert s.bella == (0, 20)
    assert s.totals == (105, 50)


# Seat 1 (bella K Q of hearts, tertz 7 8 9 of spades) wins the first two tricks.
BELLA_WON = deal("7H 8H AS TS AD TD AC TC KS", "KH QH 7S 8S 9S 7D 8D 7C 8C")
BELLA_WON_LINE = "7H QH KH 8H 7S AS KS 8S TS 9S AD 7D TD 8D AC 7C TC 8C"


@pytest.mark.parametrize("bella", ["owner", "trick_winner", "both_tricks"])
def test_owner_side_wins_both_bella_tricks(bella):
    s = score(finished(BELLA_WON, BELLA_WON_LINE, bella=bella))
    assert s.card_points == (67, 7)
    assert s.last_trick == (10, 0)
    assert s.declarations == (0, 20)
    assert s.bella == (0, 20)
    assert s.totals == (77, 47)
    assert s.result == MADE


# Seat 0 holds the jack of trumps: it wins one of the two bella tricks.
SPLIT = deal("7H JH AS TS AD TD AC TC KS", "KH QH 7S 8S 9S 7D 8D 7C 8C")
REST = "AS 7S KS 8S TS 9S AD 7D TD 8D AC 7C TC 8C"
# announced (QH) in a trick the owner wins, the king then lost to the jack
SPLIT_WON_FIRST = "7H QH KH JH " + REST
# announced (QH) in a trick the owner loses to the jack, the king then wins
SPLIT_LOST_FIRST = "JH QH 7H KH 7S AS KS 8S TS 9S AD 7D TD 8D AC 7C TC 8C"


@pytest.mark.parametrize(
    "bella, expected",
    [("owner", (0, 20)), ("trick_winner", (0, 20)), ("both_tricks", (0, 0))],
)
def test_bella_announced_in_a_won_trick(bella, expected):
    s = score(finished(SPLIT, SPLIT_WON_FIRST, bella=bella))
    assert s.card_points == (91, 3)
    assert s.bella == expected
    assert s.totals == (101, 3 + 20 + expected[1])


@pytest.mark.parametrize(
    "bella, expected",
    [("owner", (0, 20)), ("trick_winner", (20, 0)), ("both_tricks", (0, 0))],
)
def test_bella_announced_in_a_lost_trick(bella, expected):
    s = score(finished(SPLIT, SPLIT_LOST_FIRST, bella=bella))
    assert s.card_points == (90, 4)
    assert s.bella == expected
    assert s.totals == (100 + expected[0], 4 + 20 + expected[1])


BELLA_FOUR = deal(
    "KH QH 7S 8S 7D 8D 7C 8C",
    "7H 9S TS QS 9D TD 9C TC",
    "JH 9H AH AS AD AC KS KD",
    "8H TH JS JD QD KC QC JC",
)
# trick 1: KH (bella) 7H JH 8H -> seat 2; trick 2: 9H TH QH 9S -> seat 2
BELLA_FOUR_START = "KH 7H JH 8H 9H TH QH 9S"


@pytest.mark.parametrize("teams, expected", [("pairs", 20), ("solo", 0)])
def test_both_tricks_counts_the_partners_tricks(teams, expected):
    # 4 players: seat 0 owns bella, seat 2 wins both tricks holding K and Q of trumps
    rules = Rules(bella="both_tricks", teams=teams)
    p = Position(BELLA_FOUR, "H", 0, 0, rules, played=BELLA_FOUR_START)
    assert p.declarations.bella_seat == 0
    assert [t.winner for t in p.tricks] == [2, 2]
    assert p.stack[0].bella
    play_random(p, random.Random(1))
    assert score(p).bella == (expected, 0, 0, 0)


def test_trick_winner_bella_goes_to_the_partner_seat():
    p = Position(BELLA_FOUR, "H", 0, 0, Rules(bella="trick_winner"), played=BELLA_FOUR_START)
    play_random(p, random.Random(2))
    assert score(p).bella == (0, 0, 20, 0)


BELLA_THREE = deal(
    "7H 8H AS TS AD TD AC TC KS",
    "AH 9H 7S 8S 7D 8D 7C 8C QS",
    "KH QH JS 9S 9D JD 9C JC KD",  # bella, a defender's
)
# trick 1: 7H AH QH (bella) -> seat 1; trick 2: 9H KH 8H -> seat 1
BELLA_THREE_START = "7H AH QH 9H KH 8H"


@pytest.mark.parametrize(
    "bella, expected",
    [("owner", (0, 0, 20)), ("trick_winner", (0, 20, 0)), ("both_tricks", (0, 0, 0))],
)
def test_three_players_bella_tricks_won_by_the_other_defender(bella, expected):
    # RULES 2.6: in a 3-player game each player is a side, so under both_tricks the
    # other defender's tricks do not count for the owner (002: "игроком/парой")
    p = Position(BELLA_THREE, "H", 0, 0, Rules(bella=bella), played=BELLA_THREE_START)
    assert p.declarations.bella_seat == 2
    assert [t.winner for t in p.tricks] == [1, 1]
    play_random(p, random.Random(4))
    assert score(p).bella == expected


THREE_DECL = deal(
    "JH 9H AH AS TS AD TD AC 9C",   # nothing
    "7S 8S 9S 7D 8D 9D 7C 8C TC",   # two tertzes from the nine
    "KH QH 8H JS QS KS JD QD KD",   # two tertzes from the king (the best), bella
)
THREE_OPENING = "JH 7S 8H 9H 8S QH AH 9S KH AS 7D JS TS 8D QS AD 9D JD"


def test_three_players_team_declarations():
    out = Position(THREE_DECL, "H", 0, 0).declarations
    assert out.best.seat == 2
    assert out.team == {1, 2}
    assert out.points == 80
    assert out.bella_seat == 2


@pytest.mark.parametrize("need_trick", [True, False])
def test_three_players_defenders_took_no_trick(need_trick):
    line = THREE_OPENING + " 9C 7C KS TD 8C QD AC TC KD"
    s = score(finished(THREE_DECL, line, declarations_need_trick=need_trick))
    assert s.last_trick == (10, 0, 0)
    assert s.declarations == ((0, 0, 0) if need_trick else (0, 40, 40))
    assert s.bella == (0, 0, 20)
    assert s.card_points[1] == s.card_points[2] == 0


def test_three_players_one_defender_trick_credits_both():
    # seat 1 wins only the last trick (9C TC KD); that credits seat 2's tertzes too
    line = THREE_OPENING + " TD 7C QD AC 8C KS 9C TC KD"
    p = finished(THREE_DECL, line)
    assert p.tricks_won() == [8, 1, 0]
    s = score(p)
    assert s.declarations == (0, 40, 40)
    assert s.bella == (0, 0, 20)
    assert s.last_trick == (0, 10, 0)
    assert s.totals[1] == 40 + 10 + 14
    assert s.defender_points == s.totals[1] + s.totals[2] == 64 + 60


# -- random finished deals: totals add up, records follow the result ---------------

RULE_VARIANTS = [
    Rules(),
    Rules.preset_rules("kharkov"),
    Rules(declarations_need_trick=False),
    Rules(bella="trick_winner"),
    Rules(bella="both_tricks", partner_exempt=True),
    Rules(teams="solo", bella="trick_winner"),
    Rules(teams="solo", declarations_need_trick=False, sequence_order="play"),
]


def _check_score(p: Position) -> None:
    s = score(p)
    players = p.players
    dealt = [c for h in p.deal.hands for c in h]
    in_play = sum(card_points(c, p.trump) for c in dealt)
    # card points and the last trick
    assert sum(s.card_points) == in_play
    if p.deal.is_full and players == 4:
        assert in_play == 152
    assert sum(s.card_points) + sum(s.last_trick) == in_play + 10
    assert s.last_trick[p.tricks[-1].winner] == 10
    assert s.card_points == tuple(p.points_won())
    # totals are the sum of their parts
    for seat in range(players):
        assert s.totals[seat] == (
            s.card_points[seat] + s.last_trick[seat] + s.declarations[seat] + s.bella[seat]
        )
    side = p.declarer_side
    assert s.declarer_points == sum(s.totals[x] for x in side)
    assert s.defender_points == sum(s.totals[x] for x in range(players) if x not in side)
    assert s.declarer_points + s.defender_points == sum(s.totals)
    assert s.margin == s.declarer_points - s.defender_points
    assert s.result == result_of(s.margin)
    # declarations: all of the best team's, or nothing
    out = p.declarations
    won = p.tricks_won()
    team_took = any(won[x] for x in out.team)
    credited = team_took or not p.rules.declarations_need_trick
    assert sum(s.declarations) == (out.points if credited else 0)
    for seat in range(players):
        if seat not in out.team:
            assert s.declarations[seat] == 0
    # bella: 20 to one seat at most, only when someone holds it
    pairs = players == 4 and p.rules.teams == "pairs"
    bella_cards = {int(c) for c in CardSet(bella_mask(p.trump))}
    assert sum(s.bella) in (0, 20)
    if out.bella_seat is None:
        assert sum(s.bella) == 0
    announced = [t for t in p.tricks if any(pl.bella for pl in t.plays)]
    assert len(announced) <= 1
    if not announced:
        assert sum(s.bella) == 0
    elif p.rules.bella == "owner":
        assert s.bella[out.bella_seat] == 20
    elif p.rules.bella == "trick_winner":
        assert s.bella[announced[0].winner] == 20
    else:
        owner = out.bella_seat
        team = {owner} if not pairs else {owner, (owner + 2) % 4}
        held = [t for t in p.tricks if any(int(pl.card) in bella_cards for pl in t.plays)]
        both = len(held) == 2 and all(t.winner in team for t in held)
        assert s.bella[owner] == (20 if both else 0)
    # records
    defenders = [x for x in range(players) if x not in side]
    if s.result == MADE:
        for seat in range(players):
            team = (side if seat in side else defenders) if pairs else [seat]
            assert s.records[seat] == sum(s.totals[x] for x in team)
        assert s.held_over == 0
    elif s.result == BAIT:
        everything = s.declarer_points + s.defender_points
        for seat in side:
            assert s.records[seat] == 0
        for seat in defenders:
            assert s.records[seat] == (everything if pairs else F(everything, len(defenders)))
        assert s.held_over == 0
    else:
        assert s.held_over == s.declarer_points
        for seat in side:
            assert s.records[seat] == 0
        for seat in defenders:
            assert s.records[seat] == (s.defender_points if pairs else s.totals[seat])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=range(len(RULE_VARIANTS)))
def test_random_full_deals_add_up(players, rules):
    rng = random.Random(1000 * players + RULE_VARIANTS.index(rules))
    for _ in range(40):
        d = Deal.random(players, seed=rng)
        p = Position(d, rng.choice(list(Suit)), rng.randrange(players), rng.randrange(players), rules)
        play_random(p, rng, announce=0.9)
        _check_score(p)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_endgames_add_up(players):
    rng = random.Random(players)
    for _ in range(60):
        size = rng.randint(1, full_hand_size(players) - 1)
        d = Deal.random(players, size, seed=rng)
        p = Position(d, rng.choice(list(Suit)), rng.randrange(players), rng.randrange(players),
                     rng.choice(RULE_VARIANTS))
        play_random(p, rng)
        _check_score(p)
        s = score(p)
        assert s.declarations == (0,) * players
        assert s.bella == (0,) * players


def test_full_deal_holds_162():
    rng = random.Random(7)
    for _ in range(10):
        p = play_random(Position(Deal.random(4, seed=rng), "S", 0, 1, Rules()), rng)
        s = score(p)
        assert sum(s.card_points) + sum(s.last_trick) == 162
