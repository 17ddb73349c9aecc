"""The decisions the benchmarks time, recorded from seeded play: a :class:`Recorder`
seat plays as the player it wraps and keeps the views it is asked to decide that
the benchmark wants, and :func:`seeded_views` plays deal after deal until it has
as many views as asked. Every view depends on the seeds alone, so a benchmark's
decisions are the same on every run and machine."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence


class Recorder:
    """A seat that decides as ``player`` does (a Deberts player's ``play``, a Tertz
    player's ``move``, and every other call passed on), keeping each view it is
    asked to play from for which ``keep(view)`` holds, in ``views``."""

    def __init__(self, player: Any, keep: Callable[[Any], bool]) -> None:
        self.player = player
        self.keep = keep
        self.views: list[Any] = []

    def play(self, view: Any) -> Any:
        self._seen(view)
        return self.player.play(view)

    def move(self, view: Any) -> Any:
        self._seen(view)
        return self.player.move(view)

    def _seen(self, view: Any) -> None:
        if self.keep(view):
            self.views.append(view)

    def __getattr__(self, name: str) -> Any:  # bid, exchange, declare, redeal
        return getattr(self.player, name)


def kept_views(seats: Sequence[Recorder]) -> list[Any]:
    """The views the ``seats`` kept, seat by seat."""
    return [view for seat in seats for view in seat.views]


def seeded_views(count: int, play: Callable[[int], Sequence[Recorder]],
                 take: Callable[[list[Any]], list[Any]]) -> list[Any]:
    """``count`` views: deal after deal, ``play(number)`` plays deal ``number`` (from
    0, its seeds its own) and gives its seats, and ``take`` picks from the views
    they kept (seat by seat) those kept, until there are ``count``."""
    views: list[Any] = []
    number = 0
    while len(views) < count:
        views += take(kept_views(play(number)))[: count - len(views)]
        number += 1
    return views


def one_at_random(rng: random.Random) -> Callable[[list[Any]], list[Any]]:
    """A ``take`` of :func:`seeded_views`: one of a deal's views, drawn by ``rng``
    (none from a deal without one)."""
    return lambda views: [rng.choice(views)] if views else []


def every(views: list[Any]) -> list[Any]:
    """A ``take`` of :func:`seeded_views`: every view of the deal."""
    return views
