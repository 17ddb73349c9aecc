"""The Tertz arena's report (``deberts arena --game tertz``)."""

from __future__ import annotations

from typing import Any

from deberts.text.arena import margins, shares
from deberts.text.notation import counted


def arena_lines(data: dict[str, Any]) -> list[str]:
    """The Tertz arena's report: the margin per deal and the deals won."""
    first, second = data["players"]
    return [
        f"Tertz, {first} against {second}: {counted(data['deals'], 'deal')} played, "
        f"{counted(data['pairs'], 'deal')} each twice with the seats swapped, seed {data['seed']}.",
        f"Mean margin per deal for {first}: {data['mean_margin']:+.1f} recorded "
        f"(95% interval {margins(data['margin_ci95'])}), {data['mean_raw_margin']:+.1f} raw "
        f"({margins(data['raw_margin_ci95'])}).",
        f"Deals won by {first} (of those not tied): {100 * data['deal_win_rate']:.1f}% "
        f"(95% interval {shares(data['deal_win_ci95'])}).",
    ]
