"""The web API's request bodies (checked by the framework, then by the library) and
the app's shared state (limits, thread pool, games) as a request sees it."""

from __future__ import annotations

from typing import Annotated, Optional, Union, cast

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field

from deberts.model.rules import Rules
from deberts.web.games import GameStore
from deberts.web.limits import Limits
from deberts.web.work import Pool

RulesField = Union[dict[str, Union[str, int, bool]], None]
#: A seed for the random generators: numpy takes 0 up to 2**128.
Seed = Optional[Annotated[int, Field(ge=0, lt=2**128)]]
Cards = Union[str, list[str]]


class Strict(BaseModel):
    """A request body: unknown fields are refused, as in the batch format."""

    model_config = ConfigDict(extra="forbid")


class Line(Strict):
    """A position, as one line of ``deberts batch``."""

    game: str | None = None
    hands: Cards
    trump: str
    declarer: int
    leader: int
    played: Cards | None = None
    rules: RulesField = None


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


class AnalyzeRequest(Strict):
    """A played deal: the position and ``play``, or a game record's text (one
    record, or JSON lines of them with ``deal`` choosing one)."""

    hands: Cards | None = None
    trump: str | None = None
    declarer: int | None = None
    leader: int | None = None
    play: Cards = ""
    rules: RulesField = None
    record: str | None = None
    deal: int = Field(1, ge=1)


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
    """A new game against the computer (``PimcPlayer`` with these settings)."""

    players: int = 2
    rules: RulesField = None
    target: int = 301
    seed: Seed = None
    ai_samples: int = 30
    ai_seconds: float = 0.5


class Answer(Strict):
    answer: str



def limits(request: Request) -> Limits:
    return cast(Limits, request.app.state.limits)


def pool(request: Request, slow: bool = False) -> Pool:
    """The threads for quick work, or for ``slow`` work (:class:`Limits`)."""
    return cast(Pool, request.app.state.slow_pool if slow else request.app.state.pool)


def games(request: Request) -> GameStore:
    return cast(GameStore, request.app.state.games)


def rules_of(data: RulesField) -> Rules:
    return Rules.from_mapping(data or {})
