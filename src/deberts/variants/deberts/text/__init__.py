"""Deberts in the text layer.

The package is the game's text face (:class:`deberts.text.face.TextFace`): its names,
the same in every game, each loaded from its module at its first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.deberts.text.arena import arena_lines as arena_lines
    from deberts.variants.deberts.text.render import render_solution as render_solution
    from deberts.variants.deberts.text.review import render_analysis as render_analysis
    from deberts.variants.deberts.text.svg import DRAWINGS as DRAWINGS
    from deberts.variants.deberts.text.svg import SVG_OPTIONS as SVG_OPTIONS
    from deberts.variants.deberts.text.svg import values_svg as values_svg

_NAMES: dict[str, str | tuple[str, str]] = {
    "render_solution": "deberts.variants.deberts.text.render",
    "render_analysis": "deberts.variants.deberts.text.review",
    "arena_lines": "deberts.variants.deberts.text.arena",
    "values_svg": "deberts.variants.deberts.text.svg",
    "DRAWINGS": "deberts.variants.deberts.text.svg",
    "SVG_OPTIONS": "deberts.variants.deberts.text.svg",
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = ["DRAWINGS", "SVG_OPTIONS", "arena_lines", "render_analysis", "render_solution",
           "values_svg"]
