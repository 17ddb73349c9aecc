"""The Deberts arena's report (``deberts arena``): the first type's margin per deal,
the matches it won, and what each type gave away against double-dummy play."""

from __future__ import annotations

from typing import Any

from deberts.text.arena import margins, shares
from deberts.text.notation import counted


def arena_lines(data: dict[str, Any]) -> list[str]:
    """The report of :meth:`deberts.variants.deberts.play.arena.ArenaResult.to_dict` (with ``seed``)."""
    first, second = data["players"]
    return [
        f"{first} against {second}: {data['seats']} players, {counted(data['deals'], 'deal')} in "
        f"{counted(data['matches'], 'match')} to {data['target']}, duplicate seating, seed {data['seed']}.",
        f"Mean margin per deal for {first}: {data['mean_margin']:+.1f} "
        f"(95% interval {margins(data['margin_ci95'])}).",
        f"Matches won by {first}: {100 * data['match_win_rate']:.1f}% "
        f"(95% interval {shares(data['match_win_ci95'])}).",
        "Given away against double-dummy play, in margin points a deal by each type's seats:",
        *given_away_lines(data["given_away"]),
    ]


def given_away_lines(entries: list[dict[str, Any]]) -> list[str]:
    """One line a player type: what its seats gave away as declarer and as
    defenders, each with its 95% interval and the deals it is over."""
    lines = []
    for entry in entries:
        parts = []
        for role in ("declarer", "defenders"):
            figure = entry[f"as_{role}"]
            if figure["mean"] is None:
                parts.append(f"as {role} no deal")
                continue
            low, high = figure["ci95"]
            parts.append(f"as {role} {figure['mean']:.1f} (95% interval {low:.1f} .. "
                         f"{high:.1f}; {counted(figure['deals'], 'deal')})")
        lines.append(f"  {entry['player']}: {', '.join(parts)}.")
    return lines
