"""The Tertz arena's report (``deberts arena --game tertz``)."""

from __future__ import annotations

from typing import Any


def arena_lines(data: dict[str, Any]) -> list[str]:
    """The Tertz arena's report: the margin per deal and the deals won."""
    first, second = data["players"]
    low, high = data["margin_ci95"]
    rlow, rhigh = data["raw_margin_ci95"]
    wlow, whigh = data["deal_win_ci95"]
    return [
        f"Tertz, {first} against {second}: {data['deals']} deals played, {data['pairs']} "
        f"deals each twice with the seats swapped, seed {data['seed']}.",
        f"Mean margin per deal for {first}: {data['mean_margin']:+.1f} recorded "
        f"(95% interval {low:+.1f} .. {high:+.1f}), {data['mean_raw_margin']:+.1f} raw "
        f"({rlow:+.1f} .. {rhigh:+.1f}).",
        f"Deals won by {first} (of those not tied): {100 * data['deal_win_rate']:.1f}% "
        f"(95% interval {100 * wlow:.1f}% .. {100 * whigh:.1f}%).",
    ]
