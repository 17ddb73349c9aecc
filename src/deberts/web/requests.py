"""The web API's request bodies (checked by the framework, then by the library) and
the app's shared state (limits, thread pool, games) as a request sees it.

A position's fields are each game's own (each web face's ``Fields``, a subclass of
:class:`LineFields`); :mod:`deberts.web.schemas` makes the bodies that carry a
position from the games registered when the app is made. Each field's docstring is
its description in the API's schema (``/openapi.json``, the board's ``/docs`` and
the reference site), and each body's ``examples`` a real request, which the
reference site sends to the app for the answer it shows."""

from __future__ import annotations

from typing import Annotated, Any, Callable, ClassVar, Optional, TypeVar, Union, cast

from fastapi import Request
from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from deberts.web.arrival import arrived
from deberts.web.games import GameStore
from deberts.web.limits import Limits
from deberts.web.work import Overran, Pool

T = TypeVar("T")

RulesField = Union[dict[str, Union[str, int, bool]], None]
#: A seed for the random generators: numpy takes 0 up to 2**128.
Seed = Optional[Annotated[int, Field(ge=0, lt=2**128)]]
Cards = Union[str, list[str]]


class Strict(BaseModel):
    """A request body: unknown fields are refused, as in the batch format."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class LineFields(BaseModel):
    """A position's fields, as one line of ``deberts batch`` has them, but ``game``:
    a game declares its own as a subclass, in their order. Other fields are let
    through unchecked by the framework for the game's line reader, which refuses
    the fields it does not know, by name, and checks the rest.

    ``model_config``'s ``examples`` are lines of the game, and
    :attr:`review_examples` played deals of it (``/api/analyze``)."""

    model_config = ConfigDict(extra="allow", use_attribute_docstrings=True)

    #: Played deals of the game to review, each a line with the moves ``played``
    #: (the line examples when there are none).
    review_examples: ClassVar[tuple[dict[str, Any], ...]] = ()


class CommonFields(LineFields):
    """A position of a game that declares no fields of its own: the fields every
    game's line has."""

    hands: Cards | None = None
    """The hands, one string or a list."""
    played: Cards | None = None
    """The moves made since the deal, in order."""
    rules: RulesField = None
    """Rule options by name, with an optional preset (docs/rules.md)."""


class AnalyzeFields(BaseModel):
    """A played deal of any game: the position (a batch line's fields) and the moves
    ``played`` from it, as ``/api/solve`` names them (``play`` is still read), or a
    game record's text (one record, or JSON lines of them with ``deal`` choosing
    one)."""

    model_config = ConfigDict(extra="allow", use_attribute_docstrings=True)

    played: Cards = Field("", validation_alias=AliasChoices("played", "play"))
    """The moves made from the position, in order (``play`` is read too)."""
    record: str | None = None
    """A game record's text instead of a position: one record, or JSON lines."""
    deal: int = Field(1, ge=1)
    """Which record of JSON lines, from 1."""
    start: int = Field(0, ge=0)
    """The first moves taken as given, the rest reviewed (``analyze --from``)."""


class BoardFields(Strict):
    """A position to draw, with each legal move's margin if known."""

    line: LineFields
    """The position, as a batch line."""
    values: dict[str, int] | None = None
    """A margin for each of some legal moves, by name, shown on the cards."""
    face_up: str | None = None
    """The face-up card, drawn beside the table (for a game that draws one)."""


class GameRequest(Strict):
    """A new game against the computer (the game's PIMC player with these
    settings); ``target`` is the game's own unless given."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"players": 2, "seed": 1, "ai_samples": 10, "ai_seconds": 0.2},
    ]})

    game: str | None = None
    """The game, by name or alias (the default game when none)."""
    players: int = 2
    """Seats at the table (as many as the game seats)."""
    rules: RulesField = None
    """Rule options by name, with an optional preset (docs/rules.md)."""
    target: int | None = None
    """The match's target score."""
    seed: Seed = None
    """The deals' and the players' seed: the same seed, the same game."""
    ai_samples: int = 30
    """Samples the computer solves a decision (the server bounds it)."""
    ai_seconds: float = 0.5
    """The computer's time a decision, in seconds (the server bounds it)."""


class Answer(Strict):
    """Your answer to the decision waiting."""

    answer: str
    """A call (play, pass, a suit), yes or no, or a card or move by name: one of the
    decision's options."""



def limits(request: Request) -> Limits:
    return cast(Limits, request.app.state.limits)


def pool(request: Request, kind: str = "quick") -> Pool:
    """The threads for ``quick`` work, ``slow`` work or game ``review``s (:class:`Limits`)."""
    return cast(Pool, request.app.state.pools[kind])


async def run(request: Request, work: Callable[[], T], kind: str = "quick") -> T:
    """``work()`` for ``request`` on the pool of its ``kind``, its time counted from
    the request's arrival and stopped when the client leaves; quick work that holds
    its thread too long is run again on the slow pool, with the time left."""
    start, gone = arrived(request), request.is_disconnected
    if kind == "quick":
        try:
            return await pool(request).run(work, start, gone)
        except Overran:
            kind = "slow"
    return await pool(request, kind).run(work, start, gone)


def games(request: Request) -> GameStore:
    return cast(GameStore, request.app.state.games)


