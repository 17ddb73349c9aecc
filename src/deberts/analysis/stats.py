"""Confidence intervals for the figures the tools report: a mean's normal 95%
interval and a proportion's Wilson interval, shared by the bid evaluation, the
arena and the statistics of deals."""

from __future__ import annotations

import math

import numpy as np

#: The standard normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def mean_ci95(values: np.ndarray) -> list[float]:
    """A normal 95% interval for the mean of ``values``."""
    mean = float(values.mean())
    if len(values) < 2:
        return [rounded(mean), rounded(mean)]
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(len(values))
    return [rounded(mean - half), rounded(mean + half)]


def wilson_ci95(p: float, n: int) -> list[float]:
    """The Wilson 95% interval of a proportion: sound near 0 and 1 too."""
    if n == 0:
        return [0.0, 1.0]
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return [rounded(max(0.0, centre - half), 4), rounded(min(1.0, centre + half), 4)]


def rounded(value: float, digits: int = 2) -> float:
    """``value`` as a plain float to ``digits`` places, as the reports print it."""
    return round(float(value), digits)
