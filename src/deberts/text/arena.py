"""The 95% intervals every game's arena report prints: a mean margin's, and a share's
(matches or deals won)."""

from __future__ import annotations


def margins(pair: list[float]) -> str:
    """A margin's 95% interval: ``+1.0 .. +2.5``."""
    return f"{pair[0]:+.1f} .. {pair[1]:+.1f}"


def shares(pair: list[float]) -> str:
    """A share's 95% interval, in per cent: ``48.0% .. 52.0%``."""
    return f"{100 * pair[0]:.1f}% .. {100 * pair[1]:.1f}%"
