"""Tertz in the analysis layer (docs/rules.md section 4).

The package is the game's analysis face (:class:`deberts.analysis.face.AnalysisFace`):
its names, the same in every game, each loaded from its module at its first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.tertz.analysis.review import analyze_play as analyze_play

_NAMES: dict[str, str | tuple[str, str]] = {
    "analyze_play": "deberts.variants.tertz.analysis.review",
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = ["analyze_play"]
