"""Play views met in seeded deals of heuristic players, for tests of a player's
decisions on realistic views."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from deberts import Card, Rules
from deberts.play.match import PlayView, play_deal
from deberts.play.players import HeuristicPlayer


class Recorder(HeuristicPlayer):
    """Plays like the heuristic player and keeps the views ``keep`` accepts."""

    def __init__(self, keep: Callable[[PlayView], bool]) -> None:
        super().__init__()
        self.keep = keep
        self.views: list[PlayView] = []

    def play(self, view: PlayView) -> Card:
        if self.keep(view):
            self.views.append(view)
        return super().play(view)


def recorded_views(
    players: int, rules: Rules, wanted: int, keep: Callable[[PlayView], bool]
) -> list[PlayView]:
    """The first ``wanted`` views ``keep`` accepts, from deals seeded by ``players``;
    under the belote preset with no face-up card (docs/rules.md 2.8)."""
    rng = random.Random(players)
    found: list[PlayView] = []
    while len(found) < wanted:
        seats = [Recorder(keep) for _ in range(players)]
        play_deal(seats, rng.randrange(players), rules, rng)
        found += [view for seat in seats for view in seat.views]
    belote = rules.preset == "belote"
    return [replace(view, face_up=None) if belote else view for view in found[:wanted]]
