"""How long a Tertz PIMC or searched decision takes: ``python benchmarks/tertz_pimc.py
[--player pimc|search]``.

Seeded views recorded from heuristic play (a choice of two moves or more), by the
cards left to draw: the first lead (14: a whole deal to solve), 8, 4 and 2 cards
left, and after the stock is empty; ``break``, the break after the first trick
(``--phases`` picks some: any even count from 0 to 14, and ``break``).

``--player pimc`` (the default): each view is decided by a fresh ``PimcPlayer``
with 50 samples (``--samples``), no time budget, ``stock_limit=14`` so that every
decision is sampled and solved, on one thread; the time includes the sampling. The
engine needs minutes of CPU for every move's value at the first lead, so the first
lead is timed with ``--first-lead-samples`` samples on ``--first-lead-views`` views
(default 1 and 1: the time per sample; a 50-sample decision takes about 50 times
that).

``--player search``: a fresh ``SearchPlayer`` at its default settings (20
worlds, ``seconds=0.8``; ``--samples`` and ``--seconds`` change them), the first
lead on ``--views`` views like the others: the budget is what the figures check.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import partial
from typing import Any, Callable

from recording import Recorder, one_at_random, seeded_views

from deberts.variants.tertz.model import random_deals
from deberts.variants.tertz.play.match import PlayView, play_deal
from deberts.variants.tertz.play.pimc import PimcPlayer
from deberts.variants.tertz.play.players import HeuristicPlayer
from deberts.variants.tertz.play.search import SearchPlayer

#: The phases timed, by the cards left to draw (14: the first lead).
PHASES = (14, 8, 4, 2, 0)
#: The break after the first trick, as a phase.
BREAK = "break"


def in_phase(phase: int | str, view: PlayView) -> bool:
    """Whether ``view`` is at the break (``phase`` :data:`BREAK`), or has ``phase``
    cards left to draw and no break due (14: the first lead only)."""
    if phase == BREAK:
        return view.break_due
    return (view.stock_size == phase and not view.break_due and bool(phase or view.moves)
            and (phase != 14 or not view.moves))


def phase_views(phase: int | str, count: int, seed: int = 2026) -> list[PlayView]:
    """``count`` views with a choice with ``phase`` cards left to draw (14: the first
    lead), or at the break, one a seeded heuristic deal."""
    rng = random.Random(seed * 100 + (15 if phase == BREAK else int(phase)))
    deals = iter(random_deals(None, rng))
    pick = one_at_random(rng)

    def play(_: int) -> list[Recorder]:
        seats = [Recorder(HeuristicPlayer(), lambda view: len(view.legal) > 1)
                 for _ in range(2)]
        play_deal(seats, next(deals))  # type: ignore[arg-type]
        return seats

    return seeded_views(count, play, lambda views: pick([v for v in views if in_phase(phase, v)]))


def decision_seconds(views: list[PlayView], make: Callable[[int], Any]
                     ) -> list[tuple[float, float]]:
    """(CPU seconds, wall seconds) per decision, one fresh player (and table) per
    view, ``make(seed)``. The CPU time is the figure on a shared machine: the search
    runs on this process's one thread."""
    times = []
    for index, view in enumerate(views):
        player = make(index)
        cpu, wall = time.process_time(), time.perf_counter()
        player.move(view)
        times.append((time.process_time() - cpu, time.perf_counter() - wall))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", choices=("pimc", "search"), default="pimc")
    parser.add_argument("--samples", type=int, help="default 50 (pimc), 20 (search)")
    parser.add_argument("--seconds", type=float, help="the search player's budget")
    parser.add_argument("--views", type=int, default=20, help="decisions a phase")
    parser.add_argument("--first-lead-samples", type=int, default=1)
    parser.add_argument("--first-lead-views", type=int, default=1)
    parser.add_argument("--phases", default=",".join(map(str, PHASES)),
                        help="cards left to draw or break, comma-separated (14,8,4,2,0)")
    args = parser.parse_args()
    search = args.player == "search"
    print("| cards left to draw | decisions | samples | median CPU s | max CPU s "
          "| median wall s | median CPU s a sample |")
    print("|---|---|---|---|---|---|---|")
    for phase in args.phases.split(","):
        stock: int | str = phase if phase == BREAK else int(phase)
        first = stock == 14 and not search
        if search:
            samples = args.samples or 20
            settings = {"samples": samples} | ({} if args.seconds is None
                                                else {"seconds": args.seconds})
            make: Callable[[int], Any] = partial(_searcher, settings)
        else:
            samples = args.first_lead_samples if first else args.samples or 50
            make = partial(_pimc, samples)
        views = phase_views(stock, args.first_lead_views if first else args.views)
        cpu, wall = zip(*decision_seconds(views, make))
        name = "14 (first lead)" if stock == 14 else "0 (stock empty)" if stock == 0 \
            else str(stock)
        print(f"| {name} | {len(cpu)} | {samples} | {statistics.median(cpu):.3f} | "
              f"{max(cpu):.3f} | {statistics.median(wall):.3f} "
              f"| {statistics.median(cpu) / samples:.3f} |", flush=True)


def _pimc(samples: int, seed: int) -> PimcPlayer:
    return PimcPlayer(samples=samples, seed=seed, stock_limit=14)


def _searcher(settings: dict[str, Any], seed: int) -> SearchPlayer:
    return SearchPlayer(seed=seed, **settings)


if __name__ == "__main__":
    main()
