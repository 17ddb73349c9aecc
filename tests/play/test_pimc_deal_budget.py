"""A budget for a deal's card play (``deal_seconds``): each decision gets
``deal_share`` of what the deal's earlier decisions left, the count starting afresh
with each deal; the decision budget and the deal budget exclude each other."""

from __future__ import annotations

import random

import pytest
from recorded_views import recorded_views

from deberts import ArgumentError, Card, Rules
from deberts.play.specs import player_factory
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.pimc import LEAST_SHARE, PimcPlayer, deal_share

DEAL_SECONDS = 0.6


class _Spy(PimcPlayer):
    """Records, for every card decision, the cards in hand, the deal's CPU seconds
    spent before it and its budget."""

    def __init__(self) -> None:
        super().__init__(samples=8, seed=1, deal_seconds=DEAL_SECONDS)
        self.budgets: list[tuple[int, int, float, float]] = []

    def _play(self, view: PlayView) -> Card:
        self.budgets.append((len(view.tricks), len(view.hand), self._deal.spent,
                             self._deal.seconds))
        return super()._play(view)


@pytest.mark.parametrize("players", [2, 4])
def test_each_decision_gets_its_share_of_what_the_deal_left(players: int) -> None:
    spy = _Spy()
    for deal in range(2):
        spy.budgets.clear()
        seats = [spy] + [PimcPlayer(samples=4, seed=s) for s in range(1, players)]
        result = play_deal(seats, 1, Rules(), rng=random.Random(deal))
        if result.score is None:
            continue  # thrown in before any card
        assert spy.budgets and spy.budgets[0][0] == 0
        assert spy.budgets[0][2] == 0.0  # a new deal starts the count afresh
        spent = [b[2] for b in spy.budgets]
        assert spent == sorted(spent)
        for _, cards, before, seconds in spy.budgets:
            assert seconds == deal_share(DEAL_SECONDS - before, cards) >= LEAST_SHARE


def test_a_decision_budget_and_a_deal_budget_exclude_each_other() -> None:
    with pytest.raises(ArgumentError, match="not both"):
        PimcPlayer(seconds=1.0, deal_seconds=10.0)
    with pytest.raises(ArgumentError, match="deal_seconds"):
        PimcPlayer(deal_seconds=0)
    for spec in ("pimc:deal_seconds=2.5", "alphamu:deal_seconds=2.5"):
        player = player_factory(spec)(0)
        assert player.deal_seconds == 2.5 and player.seconds is None


def test_a_deal_budget_is_spent_on_the_cpu_clock(slow_weighing: list[int]) -> None:
    """Weighing (sample by sample, ``learned``) sleeps 20 ms a sample here, which
    costs no CPU: under a deal's budget (CPU) the sampler draws all 30 samples within
    a first decision's share, where a decision budget of the same wall-clock seconds
    stops it after a few."""
    view = recorded_views(4, Rules(), 1, lambda view: not view.tricks and len(view.legal) > 2)[0]
    share = deal_share(1.0, len(view.hand))
    PimcPlayer(samples=30, seed=1, infer="learned", deal_seconds=1.0).play(view)
    assert len(slow_weighing) == 30
    slow_weighing.clear()
    PimcPlayer(samples=30, seed=1, infer="learned", seconds=share).play(view)
    assert 0 < len(slow_weighing) < 30
