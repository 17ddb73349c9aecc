"""The engine agrees exactly with the pure-Python oracle: the margin and every legal
card's value, on seeded random positions of every player count and rule option."""

from __future__ import annotations

import pytest
from oracle import oracle_moves
from positions import PAIRS_VARIANTS, RULE_VARIANTS, random_position

from deberts import IllegalMoveError, Position, Rules, solve
from deberts.variants.deberts.engine.boundary import engine_input

POSITIONS_PER_SET = 300


def assert_agrees(position: Position) -> None:
    solution = solve(position)
    engine = {m.card: m.margin for m in solution.moves}
    expected = oracle_moves(position)
    assert engine == expected, describe(position)
    best = max(expected.values()) if position.is_declarer_side(position.to_move) else min(
        expected.values()
    )
    assert solution.margin == best
    assert solution.declarer_points - solution.defender_points == solution.margin
    assert solution.score.margin == solution.margin


def describe(position: Position) -> str:
    played = " ".join(str(c) for c in position.played_cards())
    return (
        f"deal {position.deal} trump {position.trump} declarer {position.declarer} "
        f"leader {position.leader} rules {position.rules} played [{played}]"
    )


# Two players: full deals, a few tricks in (declarations, bella and every flag in play).
@pytest.mark.parametrize("seed", range(POSITIONS_PER_SET))
def test_two_players_full_deals(seed: int) -> None:
    assert_agrees(random_position(seed, 2, cards_left=4 + seed % 3))


# Two players, from the first card of a full deal: the oracle needs seconds each.
@pytest.mark.parametrize("seed", range(3))
def test_two_players_whole_deal(seed: int) -> None:
    assert_agrees(random_position(10_000 + seed, 2, cards_left=9))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100))
def test_two_players_whole_deal_many(seed: int) -> None:
    assert_agrees(random_position(20_000 + seed, 2, cards_left=9))


@pytest.mark.parametrize("seed", range(POSITIONS_PER_SET))
def test_three_players(seed: int) -> None:
    full = seed % 2 == 0
    assert_agrees(random_position(30_000 + seed, 3, cards_left=3 + seed % 2, full=full))


@pytest.mark.parametrize("seed", range(POSITIONS_PER_SET))
def test_four_players(seed: int) -> None:
    full = seed % 2 == 0
    assert_agrees(random_position(40_000 + seed, 4, cards_left=3 + seed % 2, full=full))


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(200))
def test_larger_endgames(players: int, seed: int) -> None:
    assert_agrees(random_position(50_000 + seed, players, cards_left=5, full=seed % 2 == 0))


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: str(sorted(r.to_dict().items())))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_rule_variant(rules, players: int) -> None:
    for seed in range(12):
        assert_agrees(
            random_position(60_000 + seed, players, cards_left=3, full=True, rules=rules)
        )


@pytest.mark.parametrize("rules", PAIRS_VARIANTS, ids=lambda r: str(sorted(r.to_dict().items())))
def test_every_pairs_variant(rules) -> None:
    for seed in range(24):
        assert_agrees(random_position(61_000 + seed, 4, cards_left=3 + seed % 2,
                                      full=seed % 4 != 3, rules=rules))


def _shape(values: dict) -> dict:
    """Move values up to a constant shift: what the player to move can choose by."""
    low = min(values.values())
    return {card: value - low for card, value in values.items()}


OPTION_PAIRS = {
    "need_trick": ({"declarations_need_trick": True}, {"declarations_need_trick": False}),
    "trick_winner": ({"bella": "trick_winner"}, {"bella": "owner"}),
    "both_tricks": ({"bella": "both_tricks"}, {"bella": "owner"}),
    "partner_exempt": ({"partner_exempt": True}, {"partner_exempt": False}),
    "solo": ({"teams": "solo"}, {"teams": "pairs"}),
    "partner_winning_free": ({"partner_winning_free": True}, {"partner_winning_free": False}),
    "discard_over_opponent_trump": ({"discard_over_opponent_trump": True},
                                    {"discard_over_opponent_trump": False}),
    "trump_lead_overtrump_partner": (
        {"partner_exempt": True, "trump_lead_overtrump_partner": True},
        {"partner_exempt": True, "trump_lead_overtrump_partner": False},
    ),
    "capot": ({"capot": True}, {"capot": False}),
    "declarations": ({"declarations": "auto"}, {"declarations": "none"}),
}
PAIRS_OPTIONS = ("partner_exempt", "solo", "partner_winning_free",
                 "trump_lead_overtrump_partner")
#: With 2 players a trick never holds a ruff before the second card.
RUFF_OPTIONS = ("discard_over_opponent_trump",)
#: The engine spec's field that must be live at the root for the option to matter.
LIVE_FLAG = {"need_trick": "decl_pending", "trick_winner": "bella_state",
             "both_tricks": "bella_state", "declarations": "decl_pending"}
WANTED = 4


#: Cases where positions that matter are rare among random ones (tens of seconds
#: of search each): run with -m slow; tests/test_belote.py covers them by hand.
RARE = {(2, "capot"), (4, "capot"), (4, "trump_lead_overtrump_partner")}
CASES = [
    pytest.param(option, players, marks=[pytest.mark.slow] if (players, option) in RARE else [])
    for players in (2, 3, 4)
    for option in OPTION_PAIRS
]


@pytest.mark.parametrize(("option", "players"), CASES)
def test_options_where_they_matter(option: str, players: int) -> None:
    """Positions where the option changes what the player to move should choose: the
    engine must follow the oracle there, and enough such positions must exist."""
    with_option, without = (Rules().with_options(**o) for o in OPTION_PAIRS[option])
    if players != 4 and option in PAIRS_OPTIONS:
        pytest.skip("a 4-player option")
    if players == 2 and option in RUFF_OPTIONS:
        pytest.skip("an option about a ruff already in the trick")
    found = 0
    for seed in range(10_000 if (players, option) in RARE else 3000):
        cards_left = (3 if players == 2 else 2) + seed % 2
        position = random_position(70_000 + seed, players, cards_left, rules=with_option,
                                   focus=seed % 2 == 0)
        flag = LIVE_FLAG.get(option)
        if flag and not getattr(engine_input(position)[0], flag):
            continue
        try:
            other = Position(position.deal, position.trump, position.declarer,
                             position.leader, without, position.played_cards())
        except IllegalMoveError:
            continue
        expected = oracle_moves(position)
        if _shape(expected) == _shape(oracle_moves(other)):
            continue
        found += 1
        assert {m.card: m.margin for m in solve(position).moves} == expected, describe(position)
        if found == WANTED:
            return
    pytest.fail(f"only {found} positions where {option} matters")
