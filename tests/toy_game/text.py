"""High card's text face: its reports and its drawing (it takes no drawing options,
and none of its objects draws itself in a notebook)."""

from __future__ import annotations

from typing import Any, Mapping

from toy_game import render_analysis, render_solution, svg
from toy_game import render_arena as arena_lines

DRAWINGS: tuple[Any, ...] = ()
SVG_OPTIONS: tuple[str, ...] = ()


def values_svg(position: Any, values: Mapping[Any, int],
               options: Mapping[str, object] | None = None) -> str:
    """The position with each card's value."""
    return svg(position, values)


__all__ = ["DRAWINGS", "SVG_OPTIONS", "arena_lines", "render_analysis", "render_solution",
           "values_svg"]
