"""The side-by-side check against colver (``pip install -e '.[colver]'``; skipped
without it): every legal card's value equal on 200 full deals and 200 mid-deal
positions under the ``belote`` preset, both solvers timed in the same run."""

from __future__ import annotations

import statistics

import pytest

pytest.importorskip("colver")

from colver_compare import SET_SIZE, compare, full_deals, mid_deals  # noqa: E402

SETS = {"full deals": full_deals, "mid-deal": mid_deals}


@pytest.mark.parametrize("name", SETS)
def test_every_card_equals_colver(benchmark, name: str) -> None:
    result = benchmark.pedantic(compare, args=(name, SETS[name]()), rounds=1)
    ours, theirs = statistics.median(result.ours), statistics.median(result.theirs)
    benchmark.extra_info.update(
        positions=result.positions, cards=result.cards, mismatches=len(result.mismatches),
        deberts_median_ms=ours * 1e3, colver_median_ms=theirs * 1e3, ratio=theirs / ours,
    )
    assert result.positions == SET_SIZE
    assert not result.mismatches, "\n".join(result.mismatches[:20])
