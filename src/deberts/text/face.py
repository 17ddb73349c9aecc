"""What the layers above read of a game's text: its reports and drawings, the
names of the game's text package (``deberts.variants.<game>.text``)."""

from __future__ import annotations

from typing import Any, Mapping, Protocol, cast

from deberts.engine.face import MoveValues
from deberts.model.registry import Game
from deberts.text.drawing import Drawings
from deberts.text.notation import Notation


class TextFace(Protocol):
    """A game's text package: the reports of ``deberts solve`` and ``deberts analyze``
    (of a record, or ``None``), the arena's report
    lines from its JSON object, the position drawn with each legal move's value
    (``options`` the game's own drawing options, ``SVG_OPTIONS``; the web API refuses
    others), and the game's objects that draw themselves in a notebook, each with its
    drawing (``DRAWINGS``, asked by :func:`deberts.text.drawing.draw`)."""

    def render_solution(self, position: Any, solution: Any, notation: Notation) -> str: ...

    def render_analysis(self, analysis: Any, record: Any, notation: Notation) -> str: ...

    def arena_lines(self, data: dict[str, Any]) -> list[str]: ...

    def values_svg(self, position: Any, values: MoveValues,
                   options: Mapping[str, object] | None = None) -> str: ...

    @property
    def DRAWINGS(self) -> Drawings: ...  # noqa: N802 - a constant

    @property
    def SVG_OPTIONS(self) -> tuple[str, ...]: ...  # noqa: N802 - a constant


def text_of(game: Game) -> TextFace:
    """``game``'s text face."""
    return cast(TextFace, game.face("text", TextFace))
