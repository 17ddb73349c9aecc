"""PIMC's time budget: every search runs under Solver.limit, so a decision ends with
the samples solved in time, or with the heuristic's card when none was (timing
itself is measured in benchmarks/pimc_decisions.py --budget, never asserted)."""

from __future__ import annotations

import random

import pytest
from recorded_views import recorded_views

from deberts import Rules
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer

BELOTE = Rules.preset_rules("belote")


def _first_trick_views(players: int, rules: Rules, wanted: int) -> list[PlayView]:
    """First-trick views with more than two cards to choose from."""
    return recorded_views(players, rules, wanted,
                          lambda view: not view.tricks and len(view.legal) > 2)


@pytest.mark.parametrize(("players", "rules"), [(4, Rules()), (4, BELOTE), (3, Rules())],
                         ids=["4", "belote", "3"])
@pytest.mark.parametrize("infer", ["none", "bidding"])
def test_no_sample_solved_in_time_plays_the_heuristic_card(
    players: int, rules: Rules, infer: str
) -> None:
    """A budget far too short for one first-trick search: the engine stops it, and
    the heuristic's card is played. (Not with ``dd``: its searches of the trick's
    earlier cards fill the table, and the engine, which looks at its deadline only
    every 2,048 nodes, may then finish a search on what they stored.)"""
    for view in _first_trick_views(players, rules, 3):
        player = PimcPlayer(samples=50, seconds=1e-5, seed=1, infer=infer)
        player.fallback = counted = Counted()
        assert player.play(view) == HeuristicPlayer().play(view)
        assert counted.cards == 1


class Counted(HeuristicPlayer):
    """The fallback player, counting the cards it chose."""

    def __init__(self) -> None:
        super().__init__()
        self.cards = 0

    def play(self, view: PlayView):  # type: ignore[no-untyped-def]
        self.cards += 1
        return super().play(view)


@pytest.mark.parametrize(("players", "rules"), [(2, Rules()), (3, Rules()), (4, Rules()),
                                                (4, BELOTE)], ids=["2", "3", "4", "belote"])
def test_a_budgeted_player_plays_whole_deals(players: int, rules: Rules) -> None:
    seats = [PimcPlayer(samples=200, bid_samples=8, seconds=0.01, seed=s, infer="dd")
             if s % 2 else PimcPlayer(samples=200, bid_samples=8, seconds=0.01, seed=s)
             for s in range(players)]
    result = play_deal(seats, 0, rules, random.Random(players))
    assert result.score is None or result.record.is_complete()


def test_the_weighing_stays_within_its_share(slow_weighing: list[int]) -> None:
    """Weighing each sample is slow here (20 ms, as the searches of the ``dd`` model
    can be; the model weighs sample by sample): the samples are weighed as they are
    drawn, the sampler stops within the weighing's half of the 0.5 s budget, and the
    other half solves them, where weighing all 200 first would spend the whole budget
    and fall back."""
    view = recorded_views(4, Rules(), 1, lambda view: len(view.tricks) == 5 and len(view.legal) > 1)[0]
    player = PimcPlayer(samples=200, seconds=0.5, seed=1, infer="learned")
    player.fallback = counted = Counted()
    player.play(view)
    assert counted.cards == 0 and 0 < len(slow_weighing) < 20
