"""pytest-benchmark suites for bid evaluation (figures in README.md here)."""

from __future__ import annotations

import statistics

import pytest
from bids import round_two_seconds, sampler_rate


def test_round_two_bid(benchmark) -> None:
    times = benchmark.pedantic(round_two_seconds, kwargs={"count": 3}, rounds=1)
    benchmark.extra_info.update(median_s=statistics.median(times), hands=len(times))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampler_rate(benchmark, players: int) -> None:
    rate = benchmark.pedantic(sampler_rate, args=(players,), rounds=1)
    benchmark.extra_info.update(deals_per_second=rate)
