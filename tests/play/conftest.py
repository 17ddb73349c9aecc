"""Fixtures of the players' tests."""

from __future__ import annotations

import time
from typing import Any

import pytest

from deberts.variants.deberts.analysis.sampling import warm_up
from deberts.variants.deberts.play.inference import Inference

#: How long weighing a sample takes under :func:`slow_weighing`.
WEIGHING_SLEEP = 0.02


@pytest.fixture
def slow_weighing(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Weighing a sample sleeps :data:`WEIGHING_SLEEP` seconds (wall time, no CPU);
    the list returned grows by one each sample weighed. The sampler is compiled
    first, so that its first call does not eat a decision's budget."""
    warm_up()
    weighed: list[int] = []
    real = Inference.log_likelihood

    def slow(self: Inference, *args: Any) -> float:
        time.sleep(WEIGHING_SLEEP)
        weighed.append(1)
        return real(self, *args)

    monkeypatch.setattr(Inference, "log_likelihood", slow)
    return weighed
