"""Points given away against double-dummy play (``deberts.variants.deberts.analysis.given_away``): the
per-seat sums of the review's card costs, split by role, and the bookkeeping identity
with the double-dummy margins at the start and the end."""

from __future__ import annotations

import random

import pytest
from test_analysis import played_out

from deberts import Deal, Position, Rules, Suit
from deberts.variants.deberts.analysis.given_away import (
    GivenAway,
    RoleLosses,
    given_away,
    role_summary,
)
from deberts.variants.deberts.analysis.review import analyze_play
from deberts.variants.deberts.model.record import GameRecord


@pytest.mark.parametrize(("players", "rules"), [(2, Rules()), (3, Rules()),
                                                (4, Rules.preset_rules("belote"))])
def test_sums_of_the_card_costs(players: int, rules: Rules) -> None:
    rng = random.Random(players)
    position = Position(Deal.random(players, seed=rng), Suit.H, 1, 0, rules)
    cards = played_out(position, rng, optimal=0.5)
    analysis = analyze_play(position, cards)
    lost = given_away(analysis)
    assert lost.seats == tuple(analysis.lost()[s] for s in range(players))
    assert lost.declarer_side == position.declarer_side
    assert lost.declarer + lost.defenders == sum(c.cost for c in analysis.cards)
    assert analysis.dd_margin - analysis.final_margin == lost.declarer - lost.defenders
    record = GameRecord(position.deal, players - 1, rules, trump=Suit.H, declarer=1, play=cards)
    assert given_away(record) == lost  # a record is analysed on the way


def test_roles_of_a_group_of_seats() -> None:
    lost = GivenAway((4, 10, 0, 6), frozenset({1, 3}))
    assert (lost.declarer, lost.defenders) == (16, 4)
    assert lost.of({1, 3}) == RoleLosses(16, None)
    assert lost.of({0, 2}) == RoleLosses(None, 4)
    assert lost.of({0, 1}) == RoleLosses(10, 4)  # a mixed group (3 players, solo)
    summary = role_summary([RoleLosses(16, None), RoleLosses(None, 4), RoleLosses(10, 2)])
    assert summary["as_declarer"] == {"deals": 2, "mean": 13.0, "ci95": summary["as_declarer"]["ci95"]}
    assert summary["as_defenders"]["deals"] == 2 and summary["as_defenders"]["mean"] == 3.0
    low, high = summary["as_declarer"]["ci95"]
    assert low < 13.0 < high
    assert role_summary([RoleLosses(None, 1)])["as_declarer"] == {"deals": 0, "mean": None,
                                                                  "ci95": None}
