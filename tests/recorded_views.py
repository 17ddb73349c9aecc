"""Play views met in seeded deals, for tests of a player's decisions on realistic
views: a recorder around any player, and the views of heuristic players' deals."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from deberts import Card, Rules
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.players import HeuristicPlayer


def every_view(view: PlayView) -> bool:
    return True


class Recorder:
    """Plays as ``inner`` does (every other call goes to it) and keeps the play
    views ``keep`` accepts."""

    def __init__(self, inner: Any, keep: Callable[[PlayView], bool] = every_view) -> None:
        self.inner = inner
        self.keep = keep
        self.views: list[PlayView] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def play(self, view: PlayView) -> Card:
        if self.keep(view):
            self.views.append(view)
        return self.inner.play(view)  # type: ignore[no-any-return]


def recorded_views(
    players: int, rules: Rules, wanted: int, keep: Callable[[PlayView], bool]
) -> list[PlayView]:
    """The first ``wanted`` views ``keep`` accepts, from deals seeded by ``players``;
    under the belote preset with no face-up card (docs/rules.md 2.8)."""
    rng = random.Random(players)
    found: list[PlayView] = []
    while len(found) < wanted:
        seats = [Recorder(HeuristicPlayer(), keep) for _ in range(players)]
        play_deal(seats, rng.randrange(players), rules, rng)
        found += [view for seat in seats for view in seat.views]
    belote = rules.preset == "belote"
    return [replace(view, face_up=None) if belote else view for view in found[:wanted]]
