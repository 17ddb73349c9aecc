"""pytest-benchmark suite of PIMC card decisions (``pimc_decisions.py``): 100
samples, no time budget, early-trick views; median and slowest seconds in
``extra_info``."""

from __future__ import annotations

import statistics

import pytest
from pimc_decisions import decision_seconds, early_views


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pimc_decision(benchmark, players: int) -> None:
    views = early_views(players)
    times, fallbacks = benchmark.pedantic(decision_seconds, args=(views,), rounds=1)
    assert len(times) == len(views) and fallbacks == 0  # no budget: every decision searched
    benchmark.extra_info.update(
        median_s=statistics.median(times), max_s=max(times), decisions=len(times),
    )
