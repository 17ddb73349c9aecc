"""What the formats layer reads of a game: its batch line's reader and writer, the
``read_line`` and ``write_line`` of the game's formats package
(``deberts.variants.<game>.formats``)."""

from __future__ import annotations

from typing import Any, Protocol, cast

from deberts.model.registry import Game, GamePosition


class FormatsFace(Protocol):
    """A game's formats package: a batch line's decoded object (without its ``game``
    field's meaning) to the position, and a position (of the game: the caller checks
    with :meth:`Game.own`) to its line's object, without the ``game`` field."""

    def read_line(self, data: dict[str, Any]) -> GamePosition: ...

    def write_line(self, position: Any) -> dict[str, Any]: ...


def formats_of(game: Game) -> FormatsFace:
    """``game``'s formats face."""
    return cast(FormatsFace, game.face("formats", FormatsFace))
