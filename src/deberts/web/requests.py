"""The web API's request bodies (checked by the framework, then by the library) and
the app's shared state (limits, thread pool, games) as a request sees it.

Each field's docstring is its description in the API's schema (``/openapi.json``,
the board's ``/docs`` and the reference site), and each body's ``examples`` a real
request, which the reference site sends to the app for the answer it shows."""

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

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class GameFields(BaseModel):
    """A position of any game, as one line of ``deberts batch``: the fields of the
    built-in games are listed (a Deberts line by default, ``"game": "tertz"`` with
    its ``stock``); another game's own fields are let through, and every game's line
    reader refuses the fields it does not know, by name."""

    model_config = ConfigDict(extra="allow", use_attribute_docstrings=True)

    game: str | None = None
    """The game: deberts (the default) or tertz."""
    hands: Cards | None = None
    """The hands in seat order, S.H.D.C each: one string or a list."""
    trump: str | None = None
    """Deberts: the trump suit, S, H, D or C."""
    declarer: int | None = None
    """Deberts: the declarer's seat."""
    leader: int | None = None
    """Deberts: the seat leading the first trick."""
    stock: Cards | None = None
    """Tertz: the 14 stock cards in draw order, the face-up card last."""
    rules: RulesField = None
    """Rule options by name, with an optional preset (docs/rules.md)."""


class Line(GameFields):
    """A position, as one line of ``deberts batch``."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "trump": "H", "declarer": 0, "leader": 1},
        {"game": "tertz", "hands": ["QT.9.AJT8.KQ", "A8.AK.KQ.T87"],
         "stock": "7H KS JS TH 7D JH QH 8H AC 7S 9S 9C JC 9D",
         "played": "TD QD break:0 8D KD 7C QC 7H AH JS swap QS TS AS JH TH"},
    ]})

    played: Cards | None = None
    """The moves made since the deal, in order (Tertz: cards, swap, break:K)."""


class BoardRequest(Strict):
    """A position to draw, with each legal card's margin if known."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"line": {"hands": ["AT.K..", "K7.A.."], "trump": "S", "declarer": 0, "leader": 0},
         "values": {"AS": 20}},
    ]})

    line: Line
    """The position, as a batch line."""
    values: dict[str, int] | None = None
    """A margin for each of some legal moves, by name, shown on the cards."""
    face_up: str | None = None
    """The face-up card, drawn beside the table."""


class TableRequest(Strict):
    """A Deberts deal to solve for every trump and declarer."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "leader": 1, "face_up": "KC"},
    ]})

    hands: Cards
    """The hands in seat order, S.H.D.C each."""
    leader: int | None = None
    """The seat leading the first trick (not needed under first_lead=declarer)."""
    face_up: str | None = None
    """The face-up card: its suit is the round-1 trump, with the seven's exchange."""
    rules: RulesField = None
    """Rule options by name, with an optional preset (docs/rules.md)."""


class AnalyzeRequest(GameFields):
    """A played deal of any game: the position (a batch line's fields) and the cards
    ``played`` from it, as ``/api/solve`` names them (``play`` is still read), or a
    game record's text (one record, or JSON lines of them with ``deal`` choosing
    one)."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "trump": "H", "declarer": 0, "leader": 1,
         "played": "JS QS QH 8H AC 8C"},
    ]})

    played: Cards = Field("", validation_alias=AliasChoices("played", "play"))
    """The moves made from the position, in order (``play`` is read too)."""
    record: str | None = None
    """A game record's text instead of a position: one record, or JSON lines."""
    deal: int = Field(1, ge=1)
    """Which record of JSON lines, from 1."""
    start: int = Field(0, ge=0)
    """The first moves taken as given, the rest reviewed (``analyze --from``)."""


class BidRequest(Strict):
    """A bidder's choice, as ``deberts bid`` takes it."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hand": "AK9..QJ.7", "face_up": "JH", "seat": 1, "dealer": 0, "players": 2,
         "round": 2, "samples": 50, "seed": 1},
    ]})

    hand: str
    """The bidder's cards, S.H.D.C."""
    face_up: str | None = None
    """The face-up card (none under face_up_to=none, Belote)."""
    seat: int
    """The bidder's seat."""
    dealer: int
    """The dealer's seat."""
    players: int
    """Seats at the table, 2 to 4."""
    round: int = 1
    """The bidding round: 1 (play or pass on the face-up suit) or 2."""
    samples: int = 200
    """Deals sampled and solved for each option (the server bounds it)."""
    seed: Seed = None
    """The sampler's seed: the same seed, the same answer."""
    rules: RulesField = None
    """Rule options by name, with an optional preset (docs/rules.md)."""


class DealRequest(Strict):
    """A random Deberts deal."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"players": 3, "seed": 7}]})

    players: int = 2
    """Seats at the table, 2 to 4."""
    cards: int | None = None
    """Cards a hand for an endgame (a whole deal by default)."""
    seed: Seed = None
    """The generator's seed: the same seed, the same deal."""


class GameRequest(Strict):
    """A new game against the computer (the game's PIMC player with these
    settings); ``target`` is the game's own (Deberts 301, Tertz 501) unless given."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"players": 2, "seed": 1, "ai_samples": 10, "ai_seconds": 0.2},
    ]})

    game: str = "deberts"
    """The game: deberts or tertz."""
    players: int = 2
    """Seats at the table (Deberts: 2 to 4; Tertz: 2)."""
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


def rules_of(data: RulesField) -> Rules:
    return Rules.from_mapping(data or {})
