"""What the layers above read of a game's analysis: the review of a played deal, the
``analyze_play`` of the game's analysis package (``deberts.variants.<game>.analysis``)."""

from __future__ import annotations

from typing import Any, Protocol, cast

from deberts.model.registry import Game


class Report(Protocol):
    """A result that generic code writes out as JSON: an analysis, an arena's."""

    def to_dict(self) -> dict[str, Any]: ...


class AnalysisFace(Protocol):
    """A game's analysis package: the review of a played deal (a position and its
    ``moves``, or a record), the first ``start`` moves taken as given, on ``solver``
    (the game's own, a fresh one when ``None``)."""

    def analyze_play(self, position: Any, moves: Any = ..., /, *, solver: Any = ...,
                     start: int = ...) -> Report: ...


def analysis_of(game: Game) -> AnalysisFace:
    """``game``'s analysis face."""
    return cast(AnalysisFace, game.face("analysis", AnalysisFace))
