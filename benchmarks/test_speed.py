"""pytest-benchmark suites: ``pytest benchmarks`` (see README.md here for figures).

Each benchmark runs a whole seeded set once and records, in ``extra_info``, the
median and 99th-percentile time per solve and the median nodes per solve.
"""

from __future__ import annotations

import time
from functools import lru_cache

import pytest
from measure import MODES, measure
from sets import SETS

from deberts import Solver
from deberts.variants.deberts.engine.many import solve_many


@lru_cache(maxsize=None)
def positions(name: str) -> tuple:
    return tuple(SETS[name]())


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", SETS)
def test_solve_set(benchmark, name: str, mode: str) -> None:
    figures = benchmark.pedantic(measure, args=(list(positions(name)), mode), rounds=1)
    benchmark.extra_info.update(
        median_ms=figures.median * 1e3, p99_ms=figures.p99 * 1e3, nodes=figures.nodes,
        positions=figures.count,
    )


def test_two_threads_throughput(benchmark) -> None:
    """Positions per second with 2 threads against 1, same set and mode."""
    subset = list(positions("mid-4p"))

    def rate(threads: int) -> float:
        started = time.perf_counter()
        solve_many(subset, threads=threads, mode="value")
        return len(subset) / (time.perf_counter() - started)

    one = rate(1)
    two = benchmark.pedantic(rate, args=(2,), rounds=1)
    benchmark.extra_info.update(one_thread=one, two_threads=two, ratio=two / one)


def test_table_memory_is_its_configured_size() -> None:
    assert Solver(table_bits=20).table_bytes == 24 << 20
