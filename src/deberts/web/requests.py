"""The web API's request bodies (checked by the framework, then by the library) and
the app's shared state (limits, thread pool, games) as a request sees it."""

from __future__ import annotations

from typing import Annotated, Callable, Optional, TypeVar, Union, cast

from fastapi import Request
from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from deberts.variants.deberts.model.rules import Rules
from deberts.web.games import GameStore
from deberts.web.limits import Limits
from deberts.web.arrival import arrived
from deberts.web.work import Overran, Pool

T = TypeVar("T")

RulesField = Union[dict[str, Union[str, int, bool]], None]
#: A seed for the random generators: numpy takes 0 up to 2**128.
Seed = Optional[Annotated[int, Field(ge=0, lt=2**128)]]
Cards = Union[str, list[str]]


class Strict(BaseModel):
    """A request body: unknown fields are refused, as in the batch format."""

    model_config = ConfigDict(extra="forbid")


class GameFields(BaseModel):
    """A position of any game, as one line of ``deberts batch``: the fields of the
    built-in games are listed (a Deberts line by default, ``"game": "tertz"`` with
    its ``stock``); another game's own fields are let through, and every game's line
    reader refuses the fields it does not know, by name."""

    model_config = ConfigDict(extra="allow")

    game: str | None = None
    hands: Cards | None = None
    trump: str | None = None
    declarer: int | None = None
    leader: int | None = None
    stock: Cards | None = None
    rules: RulesField = None


class Line(GameFields):
    """A position, as one line of ``deberts batch``."""

    played: Cards | None = None


class BoardRequest(Strict):
    """A position to draw, with each legal card's margin if known."""

    line: Line
    values: dict[str, int] | None = None
    face_up: str | None = None


class TableRequest(Strict):
    hands: Cards
    leader: int | None = None
    face_up: str | None = None
    rules: RulesField = None


class AnalyzeRequest(GameFields):
    """A played deal of any game: the position (a batch line's fields) and the cards
    ``played`` from it, as ``/api/solve`` names them (``play`` is still read), or a
    game record's text (one record, or JSON lines of them with ``deal`` choosing
    one)."""

    played: Cards = Field("", validation_alias=AliasChoices("played", "play"))
    record: str | None = None
    deal: int = Field(1, ge=1)
    #: The first moves taken as given, the rest reviewed (``analyze --from``).
    start: int = Field(0, ge=0)


class BidRequest(Strict):
    hand: str
    face_up: str | None = None  # none under face_up_to=none (Belote)
    seat: int
    dealer: int
    players: int
    round: int = 1
    samples: int = 200
    seed: Seed = None
    rules: RulesField = None


class DealRequest(Strict):
    players: int = 2
    cards: int | None = None
    seed: Seed = None


class GameRequest(Strict):
    """A new game against the computer (the game's PIMC player with these
    settings); ``target`` is the game's own (Deberts 301, Tertz 501) unless given."""

    game: str = "deberts"
    players: int = 2
    rules: RulesField = None
    target: int | None = None
    seed: Seed = None
    ai_samples: int = 30
    ai_seconds: float = 0.5


class Answer(Strict):
    answer: str



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


def rules_of(data: RulesField) -> Rules:
    return Rules.from_mapping(data or {})
