"""How long a PIMC card decision takes: ``python benchmarks/pimc_decisions.py``.

Fixed seeded views of the first two tricks (lead and follow, where the seat has a
choice), recorded from heuristic play; each is decided by a ``PimcPlayer`` with 100
samples and no time budget, on one thread. The time includes the sampling.

``--infer MODEL`` (with ``--last K``) weighs the samples (:mod:`deberts.variants.deberts.play.inference`)
and times that too; ``--cpu`` times the process's CPU seconds instead of the wall
clock's (steadier on a loaded machine; not with a budget, which is wall time).
``--budget 0.1 0.3`` gives each decision a time budget instead
(``PimcPlayer(seconds=...)``) and reports the median, 95th percentile and maximum
decision time at each, over ``--views`` views a player count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from measure import percentile
from recording import Recorder, one_at_random, seeded_views

from deberts.model.cards import Card
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer

VIEWS = 20
EARLY_TRICKS = 2


def early(view: PlayView) -> bool:
    """A view with a choice in the first :data:`EARLY_TRICKS` tricks."""
    return len(view.tricks) < EARLY_TRICKS and len(view.legal) > 1


def early_views(players: int, count: int = VIEWS, seed: int = 2026) -> list[PlayView]:
    """``count`` views from the first tricks of seeded heuristic deals, one a deal."""
    rng = random.Random(seed * 10 + players)

    def play(_: int) -> list[Recorder]:
        seats = [Recorder(HeuristicPlayer(), early) for _ in range(players)]
        play_deal(seats, rng.randrange(players), rng=rng)  # type: ignore[arg-type]
        return seats

    return seeded_views(count, play, one_at_random(rng))


class _CountedFallback(HeuristicPlayer):
    """The budget's fallback player, counting the decisions it made."""

    def __init__(self) -> None:
        super().__init__()
        self.cards = 0

    def play(self, view: PlayView) -> Card:
        self.cards += 1
        return super().play(view)


def decision_seconds(
    views: list[PlayView], samples: int = 100, clock: Callable[[], float] = time.perf_counter,
    **settings: object,
) -> tuple[list[float], int]:
    """Seconds per decision, one fresh player (and table) per view, with the
    ``PimcPlayer`` ``settings`` given, and how many decisions fell back to the
    heuristic's card (no sample solved within a budget). One untimed decision
    first: a process's first sampling loads the compiled sampler (about 0.2 s,
    once), which is no part of a decision."""
    PimcPlayer(samples=1, seed=0).play(views[0])
    times = []
    fallbacks = 0
    for index, view in enumerate(views):
        player = PimcPlayer(samples=samples, seed=index, **settings)  # type: ignore[arg-type]
        counted = player.fallback = _CountedFallback()
        started = clock()
        player.play(view)
        times.append(clock() - started)
        fallbacks += counted.cards
    return times, fallbacks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=VIEWS, help="views a player count")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--infer", default="none", help="the inference model")
    parser.add_argument("--last", type=int, default=4, help="decisions the play model reads")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds, not wall seconds")
    parser.add_argument("--budget", type=float, nargs="*", default=[],
                        help="time budgets a decision, in seconds")
    args = parser.parse_args()
    settings = {"infer": args.infer, "last": args.last}
    if args.cpu and args.budget:
        parser.error("--cpu times decisions without a budget")
    if not args.budget:
        print("| players | decisions | median s | max s |")
        print("|---|---|---|---|")
        for players in (2, 3, 4):
            clock = time.process_time if args.cpu else time.perf_counter
            times, _ = decision_seconds(early_views(players, args.views), args.samples, clock,
                                        **settings)
            print(f"| {players} | {len(times)} | {statistics.median(times):.3f} "
                  f"| {max(times):.3f} |", flush=True)
        return
    print("| players | budget s | decisions | median s | p95 s | max s | heuristic's card |")
    print("|---|---|---|---|---|---|---|")
    for players in (2, 3, 4):
        views = early_views(players, args.views)
        for budget in args.budget:
            times, fallbacks = decision_seconds(views, args.samples, seconds=budget, **settings)
            print(f"| {players} | {budget} | {len(times)} | {statistics.median(times):.3f} "
                  f"| {percentile(times, 0.95):.3f} | {max(times):.3f} | {fallbacks} |",
                  flush=True)


if __name__ == "__main__":
    main()
