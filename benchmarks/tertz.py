"""The Tertz engine's speed on a seeded set of full deals (docs/rules.md 4.5):
``python benchmarks/tertz.py --deals 200``.

For each deal, two positions: the first lead (the whole deal ahead, breaks
included) and right after the break (the first trick and the break made by seeded
random moves, 15 tricks ahead). For each, two modes: ``value`` (the exact value)
and ``values`` (every legal move's value, swap and breaks included); ``first`` is
the CPU time of ``values`` until the first move's value is exact. With ``--threads
N`` the moves are valued on N threads sharing one table, and a search's time is
its busiest thread's CPU (what it takes on N free cores). Every solve is
cold (the table cleared) on one thread, timed by the thread's CPU clock (a
loaded machine does not count). The table gives the median and 99th percentile
seconds and nodes of each, and the CPU time a node over the set; with ``--repeat
N`` the positions are run N times interleaved (A B C ... A B C ...) and each
position's time is its median over the repeats, which evens out a shared, noisy
machine. Node counts are exact and repeatable: quote them when comparing changes.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Iterator
from unittest import mock

from measure import cpu_timed, percentile  # benchmarks/ is the script's folder

from deberts.engine.partial import PartialValues
from deberts.variants.tertz.engine import solver as solver_module
from deberts.variants.tertz.engine.solver import DEFAULT_TABLE_BITS, Solver
from deberts.variants.tertz.model import Position, random_deals

#: The seed of the benchmark's deals: change it and figures are not comparable.
SEED = 2026
POINTS = ("first_lead", "after_break")


@dataclass(frozen=True)
class Figures:
    """Median and 99th percentile of seconds and of nodes over a set of solves, and
    the nanoseconds a node over the whole set."""

    median: float
    p99: float
    nodes_median: float
    nodes_p99: float
    ns_per_node: float
    count: int

    def row(self, point: str, mode: str) -> str:
        return (f"| {point} | {mode} | {self.count} | {self.median * 1e3:.1f} "
                f"| {self.p99 * 1e3:.1f} | {self.nodes_median:,.0f} | {self.nodes_p99:,.0f} "
                f"| {self.ns_per_node:.0f} |")


def positions(deals: int, point: str, seed: int = SEED) -> list[Position]:
    """The benchmark positions of ``point`` for the first ``deals`` deals of the set."""
    found = []
    for index, deal in enumerate(random_deals(deals, seed)):
        position = Position(deal)
        if point == "after_break":
            rng = random.Random(seed * 1_000 + index)
            while position.broken is None:
                position.push(rng.choice(position.legal_moves()))
        found.append(position)
    return found


@contextlib.contextmanager
def thread_seconds() -> Iterator[list[float]]:
    """Within the block, each thread of a Tertz solver's shared search (``values``
    with ``threads`` above 1) adds the CPU seconds it spent to the list given, as
    it ends: the solver's thread pool is swapped for one that times its tasks."""
    spent: list[float] = []

    class TimedPool(ThreadPoolExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            def timed() -> Any:
                started = time.thread_time()
                try:
                    return fn(*args, **kwargs)
                finally:
                    spent.append(time.thread_time() - started)
            return super().submit(timed)

    with mock.patch.object(solver_module, "ThreadPoolExecutor", TimedPool):
        yield spent


def nodes_of(mode: str) -> Callable[[Solver, Position], int]:
    """A search in ``mode`` (a solver method's name) that gives its node count."""
    def search(solver: Solver, position: Position) -> int:
        getattr(solver, mode)(position)
        return solver.nodes
    return search


def first_exact(solver: Solver, position: Position) -> tuple[int, float]:
    """Mode ``first``: every move's value searched until the first is proven
    exact; its nodes and the CPU seconds to it (the search then stopped)."""
    started = time.thread_time()
    seen: list[tuple[int, float]] = []

    def observer(values: PartialValues[Any]) -> None:
        if values.exact and not seen:
            seen.append((values.nodes, time.thread_time() - started))
            raise FirstFound

    try:
        solver.proven_values(position, observer)
    except FirstFound:
        pass
    return seen[0] if seen else (solver.nodes, time.thread_time() - started)


class FirstFound(Exception):
    """Stops a search once its first exact value is in (mode ``first``)."""


MODES = {mode: nodes_of(mode) for mode in ("value", "values")}


def measure(found: list[Position], mode: str, repeat: int = 1,
            table_bits: int = DEFAULT_TABLE_BITS, threads: int = 1,
            verbose: bool = False) -> Figures:
    """Solve each position cold ``repeat`` times, interleaved; per position the
    median time over the repeats and its node count (the same every time)."""
    solver = Solver(table_bits, threads)
    times: list[list[float]] = [[] for _ in found]
    nodes = [0] * len(found)
    for _ in range(repeat):
        for index, position in enumerate(found):
            solver.clear()
            if mode == "first":
                nodes[index], spent = first_exact(solver, position)
            elif threads > 1:  # the busiest thread's CPU: the time on free cores
                with thread_seconds() as each:
                    nodes[index] = MODES[mode](solver, position)
                spent = max(each, default=0.0)
            else:
                nodes[index], spent = cpu_timed(partial(MODES[mode], solver, position))
            times[index].append(spent)
            if verbose:
                print(f"deal {index}: {spent:.3f} s {nodes[index]:,} nodes", file=sys.stderr,
                      flush=True)
    seconds = [statistics.median(t) for t in times]
    return Figures(
        median=statistics.median(seconds),
        p99=percentile(seconds, 0.99),
        nodes_median=statistics.median(nodes),
        nodes_p99=percentile(nodes, 0.99),
        ns_per_node=1e9 * sum(seconds) / max(sum(nodes), 1),
        count=len(found),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals of the set (200)")
    parser.add_argument("--repeat", type=int, default=1, help="interleaved runs (1)")
    parser.add_argument("--points", default=",".join(POINTS),
                        help="first_lead, after_break or both (comma-separated)")
    parser.add_argument("--modes", default=",".join(MODES),
                        help="value, values (comma-separated), or first")
    parser.add_argument("--table-bits", type=int, default=DEFAULT_TABLE_BITS)
    parser.add_argument("--threads", type=int, default=1,
                        help="threads sharing the table (values: the busiest one's CPU)")
    parser.add_argument("--verbose", action="store_true", help="each deal's figures")
    args = parser.parse_args(argv)
    print("| position | mode | deals | median ms | p99 ms | median nodes | p99 nodes | ns a node |")
    print("|---|---|---|---|---|---|---|---|")
    for point in args.points.split(","):
        found = positions(args.deals, point)
        for mode in args.modes.split(","):
            figures = measure(found, mode, args.repeat, args.table_bits, args.threads,
                              args.verbose)
            print(figures.row(point, mode), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
