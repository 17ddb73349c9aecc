"""How long a Tertz PIMC decision takes: ``python benchmarks/tertz_pimc.py``.

Seeded views recorded from heuristic play (a choice of two moves or more), by the
cards left to draw: the first lead (14: a whole deal to solve), 8, 4 and 2 cards
left, and after the stock is empty (``--phases`` picks some). Each is decided by a fresh ``TertzPimcPlayer`` with 50
samples (``--samples``), no time budget, ``stock_limit=14`` so that every decision
is sampled and solved, on one thread; the time includes the sampling.

The engine needs minutes of CPU for every move's value at the first lead, so the
first lead is timed with ``--first-lead-samples`` samples on ``--first-lead-views``
views (default 1 and 1: the time per sample; a 50-sample decision takes about 50
times that).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from deberts.model.tertz import random_deals
from deberts.play.tertz.match import TertzView, play_tertz_deal
from deberts.play.tertz.pimc import TertzPimcPlayer
from deberts.play.tertz.players import TertzHeuristicPlayer

#: The phases timed, by the cards left to draw (14: the first lead).
PHASES = (14, 8, 4, 2, 0)


class _Recorder(TertzHeuristicPlayer):
    """Plays like the heuristic player and keeps its views with a choice."""

    def __init__(self) -> None:
        super().__init__()
        self.views: list[TertzView] = []

    def move(self, view: TertzView):  # type: ignore[no-untyped-def]
        if len(view.legal) > 1 and not view.break_due:
            self.views.append(view)
        return super().move(view)


def phase_views(stock: int, count: int, seed: int = 2026) -> list[TertzView]:
    """``count`` views with ``stock`` cards left to draw (14: the first lead), one a
    seeded heuristic deal."""
    rng = random.Random(seed * 100 + stock)
    views: list[TertzView] = []
    for deal in random_deals(None, rng):
        seats = [_Recorder(), _Recorder()]
        play_tertz_deal(seats, deal)
        picked = [v for seat in seats for v in seat.views if v.stock_size == stock
                  and (stock or v.moves) and (stock != 14 or not v.moves)]
        if picked:
            views.append(rng.choice(picked))
        if len(views) == count:
            return views
    raise AssertionError("unreachable: random_deals(None) never ends")


def decision_seconds(views: list[TertzView], samples: int) -> list[tuple[float, float]]:
    """(CPU seconds, wall seconds) per decision, one fresh player (and table) per
    view. The CPU time is the figure on a shared machine: the search runs on this
    process's one thread."""
    times = []
    for index, view in enumerate(views):
        player = TertzPimcPlayer(samples=samples, seed=index, stock_limit=14)
        cpu, wall = time.process_time(), time.perf_counter()
        player.move(view)
        times.append((time.process_time() - cpu, time.perf_counter() - wall))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--views", type=int, default=20, help="decisions a phase")
    parser.add_argument("--first-lead-samples", type=int, default=1)
    parser.add_argument("--first-lead-views", type=int, default=1)
    parser.add_argument("--phases", default=",".join(map(str, PHASES)),
                        help="cards left to draw, comma-separated (14,8,4,2,0)")
    args = parser.parse_args()
    print("| cards left to draw | decisions | samples | median CPU s | max CPU s "
          "| median wall s | median CPU s a sample |")
    print("|---|---|---|---|---|---|---|")
    for stock in map(int, args.phases.split(",")):
        first = stock == 14
        samples = args.first_lead_samples if first else args.samples
        views = phase_views(stock, args.first_lead_views if first else args.views)
        cpu, wall = zip(*decision_seconds(views, samples))
        name = "14 (first lead)" if first else "0 (stock empty)" if not stock else str(stock)
        print(f"| {name} | {len(cpu)} | {samples} | {statistics.median(cpu):.3f} | "
              f"{max(cpu):.3f} | {statistics.median(wall):.3f} "
              f"| {statistics.median(cpu) / samples:.3f} |", flush=True)


if __name__ == "__main__":
    main()
