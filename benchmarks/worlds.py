"""What a sampled world costs beyond its search: ``python benchmarks/worlds.py``.

Seeded 4-player views (heuristic play, the seat with a choice) after ``--tricks``
completed tricks; each view's worlds are those a ``PimcPlayer`` samples for it.
Every decision's worlds are solved for every legal card twice, interleaved, each
time on a cleared table: world by world (``Solver.values``) and in one call
(``Solver.values_of_worlds``); the node counts must be identical. Against the
engine's search alone (``Search.values`` on inputs made beforehand), the rest of
each path's CPU time is its cost beyond the search, in microseconds a world.

``--decisions`` also times whole ``PimcPlayer(samples=1000)`` card decisions on such
views (the sampling included), the samples solved world by world or in batches (as
the player does), interleaved, and checks that both choose the same card: the
median CPU time of each, the median of the per-decision ratio, and the median time
of drawing the decision's worlds alone (what no solving saves).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from recording import Recorder, one_at_random, seeded_views

from deberts.model.cards import Card, CardMap
from deberts.variants.deberts.engine.boundary import engine_input
from deberts.variants.deberts.engine.solver import Solver, _card_mask
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer


def views_after(tricks: int, count: int, seed: int = 2026) -> list[PlayView]:
    """``count`` 4-player views with a choice after ``tricks`` completed tricks,
    one a seeded deal of heuristic play."""
    rng = random.Random(seed * 10 + tricks)

    def after(view: PlayView) -> bool:
        return len(view.tricks) == tricks and len(view.legal) > 1

    def play(_: int) -> list[Recorder]:
        seats = [Recorder(HeuristicPlayer(), after) for _ in range(4)]
        play_deal(seats, rng.randrange(4), rng=rng)  # type: ignore[arg-type]
        return seats

    return seeded_views(count, play, one_at_random(rng))


def cpu(run: Callable[[], object]) -> float:
    started = time.thread_time()
    run()
    return time.thread_time() - started


def overhead(tricks: int, decisions: int, worlds: int, rounds: int) -> None:
    """The per-world figures of one row of the table."""
    cases = []
    for index, view in enumerate(views_after(tricks, decisions)):
        player = PimcPlayer(samples=worlds, seed=index)
        cases.append((list(player._drawn(view, None)), list(view.legal)))
    count = sum(len(positions) for positions, _ in cases)
    one, many, engine = Solver(), Solver(), Solver()

    def world_by_world() -> int:
        nodes = 0
        for positions, cards in cases:
            one.clear()
            for position in positions:
                one.values(position, cards)
                nodes += one.nodes
        return nodes

    def in_one_call() -> int:
        nodes = 0
        for positions, cards in cases:
            many.clear()
            many.values_of_worlds(positions, cards)
            nodes += many.nodes
        return nodes

    inputs = [([engine_input(p) for p in positions], _card_mask(positions[0], cards))
              for positions, cards in cases]

    def search_only() -> int:
        nodes = 0
        for made, mask in inputs:
            engine.clear()
            for spec, trick in made:
                nodes += engine._search.values(spec, trick, mask)[1]
        return nodes

    totals = {world_by_world(), in_one_call(), search_only()}
    if len(totals) != 1:
        raise SystemExit(f"node totals differ: {totals}")
    times: dict[str, list[float]] = {"values": [], "worlds": [], "search": []}
    for _ in range(rounds):
        for name, run in (("values", world_by_world), ("worlds", in_one_call),
                          ("search", search_only)):
            times[name].append(cpu(run) / count * 1e6)
    best = {name: min(runs) for name, runs in times.items()}
    print(f"| {tricks} | {count} | {totals.pop() / count:,.0f} | {best['search']:.1f} "
          f"| {best['values']:.1f} | {best['worlds']:.1f} "
          f"| {best['values'] - best['search']:.1f} | {best['worlds'] - best['search']:.1f} |")


def one_by_one(solver: Solver) -> None:
    """Make ``solver`` solve a batch of worlds world by world, as before batches."""
    def values_of_worlds(worlds: list[Position], cards: list[Card]) -> list[CardMap[int]]:
        return [solver.values(world, cards) for world in worlds]
    solver.values_of_worlds = values_of_worlds  # type: ignore[method-assign]


def decisions(tricks: int, count: int, samples: int) -> None:
    """Whole decisions' CPU seconds, world by world and in batches, interleaved."""
    seconds: dict[str, list[float]] = {"one by one": [], "batches": [], "drawing": []}
    for index, view in enumerate(views_after(tricks, count, seed=7)):
        chosen = set()
        for name in seconds if index % 2 else reversed(list(seconds)):
            player = PimcPlayer(samples=samples, seed=index)
            if name == "one by one":
                one_by_one(player.solver)
            started = time.thread_time()
            if name == "drawing":
                list(player._drawn(view, None))
            else:
                chosen.add(player.play(view))
            seconds[name].append(time.thread_time() - started)
        if len(chosen) != 1:
            raise SystemExit(f"the two paths chose differently on view {index}: {chosen}")
    before, after = seconds["one by one"], seconds["batches"]
    ratio = statistics.median(b / a for b, a in zip(before, after))
    print(f"| {tricks} | {count} | {statistics.median(before) * 1e3:.0f} "
          f"| {statistics.median(after) * 1e3:.0f} | {ratio:.2f} "
          f"| {statistics.median(seconds['drawing']) * 1e3:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tricks", type=int, nargs="+", default=[6, 5, 3])
    parser.add_argument("--views", type=int, default=30, help="decisions a row")
    parser.add_argument("--worlds", type=int, default=100, help="worlds a decision")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=0,
                        help="also time this many PimcPlayer(samples=1000) decisions a row")
    args = parser.parse_args()
    PimcPlayer(samples=1, seed=0).play(views_after(6, 1)[0])  # loads the sampler, once
    print("| tricks done | worlds | nodes a world | search µs | values µs | "
          "values_of_worlds µs | beyond the search: values | values_of_worlds |")
    print("|---|---|---|---|---|---|---|---|")
    for tricks in args.tricks:
        overhead(tricks, args.views, args.worlds, args.rounds)
    if args.decisions:
        print()
        print("| tricks done | decisions | one by one ms | batches ms | median ratio "
              "| drawing the worlds alone ms |")
        print("|---|---|---|---|---|---|")
        for tricks in args.tricks:
            decisions(tricks, args.decisions, 1000)


if __name__ == "__main__":
    main()
