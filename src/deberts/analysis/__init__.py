"""The analysis layer's generic part: what it reads of every game, the review of a
played deal (each game's analysis is in its own folder,
``deberts.variants.<game>.analysis``; users import it from the
package root and its games' namespaces).

Its public names are here (``deberts.analysis.analysis_of``), loaded at their first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.analysis.face import AnalysisFace, Report, analysis_of

#: The layer's public names, by module, loaded at their first use.
_NAMES: dict[str, str | tuple[str, str]] = dict.fromkeys(
    ("AnalysisFace", "Report", "analysis_of"), "deberts.analysis.face")
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = sorted(_NAMES)
