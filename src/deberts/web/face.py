"""What the web app reads of a game: its pages, its own endpoints and the fields of
its positions (the ``PAGES``, ``ROUTERS`` and ``Fields`` of the game's web package,
``deberts.variants.<game>.web``), and, for a game played on the board's Play page,
its views (``view_json``, ``board``, ``result_json``, ``review``)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Protocol, Sequence, cast

from fastapi import APIRouter

from deberts.model.registry import Game
from deberts.play.session import Decision

if TYPE_CHECKING:
    from deberts.web.requests import LineFields  # which imports the games' store, and this


@dataclass(frozen=True)
class Page:
    """A page of the web board: its ``path`` and its ``title`` in the nav bar, its
    ``body`` (HTML, set in the frame every page shares) and its ``script``
    (JavaScript, served as ``/pages/<stem>.js``)."""

    path: str
    title: str
    stem: str
    body: str
    script: str

    @classmethod
    def read(cls, path: str, title: str, folder: Traversable, stem: str) -> Page:
        """The page whose body and script are ``<stem>.html`` and ``<stem>.js`` of
        ``folder`` (a package's files)."""
        return cls(path, title, stem, (folder / f"{stem}.html").read_text(encoding="utf-8"),
                   (folder / f"{stem}.js").read_text(encoding="utf-8"))


class WebFace(Protocol):
    """A game's web package: its pages in the nav bar's order, its own endpoints
    beside those of every game, and its own fields of a position as the web API
    reads it (a :class:`LineFields` model whose descriptions and examples are the
    API schema's)."""

    @property
    def PAGES(self) -> Sequence[Page]: ...  # noqa: N802 - a constant

    @property
    def ROUTERS(self) -> Sequence[APIRouter]: ...  # noqa: N802 - a constant

    @property
    def Fields(self) -> type[LineFields]: ...  # noqa: N802 - a class


class BoardFace(Protocol):
    """A game's web package, for a game on the board's Play page: a decision's view as
    JSON and drawn, a finished deal's result as JSON, and its review (``None`` when
    there is none)."""

    def view_json(self, view: Any) -> dict[str, Any]: ...

    def board(self, decision: Decision) -> str: ...

    def result_json(self, result: Any) -> dict[str, Any]: ...

    def review(self, result: Any) -> dict[str, Any] | None: ...


def web_of(game: Game) -> WebFace:
    """``game``'s web face."""
    return cast(WebFace, game.face("web", WebFace))


def board_of(game: Game) -> BoardFace:
    """``game``'s board views (a :class:`DebertsError` for a game that has none)."""
    return cast(BoardFace, game.face("web", BoardFace))
