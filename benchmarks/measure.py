"""Timing one mode of the solver over a position set: per-solve times and nodes.

Each position is solved by a fresh table (a new generation of one Solver), single
thread, so a figure is the cost of a cold solve; the engine's boundary conversion is
included, the Python line scoring of ``solve`` only in mode ``solve``.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable, TypeVar

from deberts import DEFAULT_TABLE_BITS, Position, Solver

T = TypeVar("T")


@dataclass(frozen=True)
class Figures:
    """Median and 99th percentile seconds per solve, and median nodes."""

    median: float
    p99: float
    nodes: float
    count: int

    def row(self, name: str, mode: str) -> str:
        return (f"| {name} | {mode} | {self.median * 1e3:.3f} | {self.p99 * 1e3:.2f} "
                f"| {self.p99 / self.median:.1f} | {self.nodes:,.0f} |")


def cpu_timed(work: Callable[[], T]) -> tuple[T, float]:
    """``work()`` and the CPU seconds of this thread it took (for programs that solve
    in the calling thread: a loaded machine does not count)."""
    started = time.thread_time()
    answer = work()
    return answer, time.thread_time() - started


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def reaches_zero(solver: Solver, position: Position) -> bool:
    """The bait question: does the declarer's side get a positive margin?"""
    return solver.reaches(position, 0)


MODES: dict[str, Callable[[Solver, Position], object]] = {
    "value": Solver.value,
    "best": Solver.best,
    "threshold": reaches_zero,
    "values": Solver.values,
}


def measure(positions: list[Position], mode: str, table_bits: int = DEFAULT_TABLE_BITS) -> Figures:
    """Solve each position cold in ``mode``; the figures over the set."""
    solver = Solver(table_bits)
    work = MODES[mode]
    times, nodes = [], []
    for position in positions:
        solver.clear()
        started = time.perf_counter()
        work(solver, position)
        times.append(time.perf_counter() - started)
        nodes.append(solver.nodes)
    return Figures(
        median=statistics.median(times),
        p99=percentile(times, 0.99),
        nodes=statistics.median(nodes),
        count=len(times),
    )
