"""The JSON API under ``/api/``: the CLI's ``--json`` objects over HTTP.

Each endpoint parses its body, calls the library on the bounded pool and returns the
library's own ``to_dict()``; ``?board=true`` adds ``svg``, the drawing of the result
(:mod:`deberts.text.svg`), and for a solution ``report``, the optimal line and the
score as ``deberts solve`` writes them. Bad input is the library's one-line message with status
400 (see :mod:`deberts.web.app`); nothing here reads or writes a server file.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any, Callable, Optional, Union, cast

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from deberts.analysis.bid_evaluation import evaluate_bid
from deberts.analysis.review import PlayAnalysis, analyze_play
from deberts.analysis.table import dd_table
from deberts.engine.solver import solve
from deberts.errors import DebertsError
from deberts.formats import batch, records
from deberts.model.cards import Card
from deberts.model.deal import Deal
from deberts.model.position import Position
from deberts.model.rules import Rules
from deberts.play.arena import player_factory
from deberts.play.session import THINKING, GameSession
from deberts.text import svg
from deberts.text.render import Notation, line_lines, score_lines
from deberts.web.games import GameStore, state_json
from deberts.web.limits import Limits
from deberts.web.work import Pool

RulesField = Union[dict[str, Union[str, int, bool]], None]
#: A seed for the random generators: numpy takes 0 up to 2**128.
Seed = Optional[Annotated[int, Field(ge=0, lt=2**128)]]
Cards = Union[str, list[str]]

class Error(BaseModel):
    """Every error: the library's one-line message."""

    error: str


router = APIRouter(prefix="/api", responses={
    400: {"model": Error, "description": "Bad input: the library's one-line message"},
    404: {"model": Error, "description": "No such game"},
    503: {"model": Error, "description": "The work took longer than the server allows"},
})


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
    face_up: str
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


def pool(request: Request) -> Pool:
    return cast(Pool, request.app.state.pool)


def games(request: Request) -> GameStore:
    return cast(GameStore, request.app.state.games)


def rules_of(data: RulesField) -> Rules:
    return Rules.from_mapping(data or {})


def position_of(line: Line) -> Position:
    return batch.from_object(line.model_dump(exclude_none=True))


async def run(request: Request, work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    return await pool(request).run(work)


@router.post("/solve", summary="Solve a position (a batch line): `deberts solve --json`")
async def solve_position(request: Request, line: Line, board: bool = False) -> dict[str, Any]:
    def work() -> dict[str, Any]:
        position = position_of(line)
        solution = solve(position)
        data = solution.to_dict()
        if board:
            data["svg"] = svg.position_svg(position, {m.card: m.margin for m in solution.moves})
            data["report"] = {  # the sections of deberts solve's own report
                "line": "\n".join(line_lines(position, solution, Notation())),
                "score": "\n".join(score_lines(position, solution)),
            }
        return data

    return await run(request, work)


@router.post("/board", summary="Draw a position, with its legal cards' values if given")
async def draw_board(request: Request, body: BoardRequest) -> dict[str, Any]:
    def work() -> dict[str, Any]:
        position = position_of(body.line)
        values = {position_card(position, name): v for name, v in (body.values or {}).items()}
        face_up = None if body.face_up is None else Card.parse(body.face_up)
        return {"svg": svg.position_svg(position, values, face_up)}

    return await run(request, work)


def position_card(position: Position, name: str) -> Card:
    """A card of ``values``: it must be legal for the player to move."""
    card = Card.parse(name)
    if card not in position.legal_moves():
        raise DebertsError(f"bad value for {name}: not a legal card of the player to move")
    return card


@router.post("/table", summary="Every trump and declarer: `deberts table --json`")
async def table(request: Request, body: TableRequest, board: bool = False) -> dict[str, Any]:
    def work() -> dict[str, Any]:
        deal = Deal.parse(body.hands) if isinstance(body.hands, str) else Deal(body.hands)
        rules = rules_of(body.rules)
        if body.leader is None and rules.first_lead != "declarer":
            raise DebertsError("missing leader (needed unless first_lead=declarer)")
        result = dd_table(deal, body.leader, rules, body.face_up, threads=1)
        data = result.to_dict()
        if board:
            data["svg"] = svg.table_svg(result)
        return data

    return await run(request, work)


@router.post("/analyze", summary="A played deal card by card: `deberts analyze --json`")
async def analyze(request: Request, body: AnalyzeRequest) -> dict[str, Any]:
    if body.record is not None and len(body.record) > limits(request).record_chars:
        raise DebertsError(f"bad record: longer than {limits(request).record_chars} characters")

    def work() -> dict[str, Any]:
        analysis = _analysis(body)
        return {**analysis.to_dict(), "start": batch.position_to_object(analysis.start)}

    return await run(request, work)


def _analysis(body: AnalyzeRequest) -> PlayAnalysis:
    if body.record is None:
        given = {"hands": body.hands, "trump": body.trump, "declarer": body.declarer,
                 "leader": body.leader}
        missing = [name for name, value in given.items() if value is None]
        if missing:
            raise DebertsError(f"missing {missing[0]} (or give a record)")
        line = {**given, "rules": body.rules or {}}
        return analyze_play(batch.from_object(line), body.play)
    extra = [name for name in ("hands", "trump", "declarer", "leader", "rules")
             if getattr(body, name) is not None] + (["play"] if body.play else [])
    if extra:
        raise DebertsError(f"a record takes no {extra[0]}: the record holds the deal")
    found = records.loads(body.record)
    if body.deal > len(found):
        raise DebertsError(f"bad deal {body.deal}: the text holds {len(found)} record(s)")
    record = found[body.deal - 1]
    if record.thrown_in:
        raise DebertsError(f"record {body.deal}: the cards were thrown in, there is no play")
    return analyze_play(record)


@router.post("/bid", summary="Evaluate a bid over sampled deals: `deberts bid --json`")
async def bid(request: Request, body: BidRequest, board: bool = False) -> dict[str, Any]:
    most = limits(request).bid_samples
    if not 1 <= body.samples <= most:
        raise DebertsError(f"bad samples {body.samples}: expected 1..{most} on this server")

    def work() -> dict[str, Any]:
        evaluation = evaluate_bid(
            body.hand, body.face_up, body.seat, body.dealer, body.players, body.round,
            body.samples, body.seed, rules_of(body.rules),
        )
        data = evaluation.to_dict()
        if board:
            data["svg"] = svg.bid_svg(evaluation)
        return data

    return await run(request, work)


@router.post("/deal", summary="A random deal, as `deberts deal` prints it")
async def random_deal(body: DealRequest) -> dict[str, Any]:
    deal = Deal.random(body.players, body.cards, body.seed)
    return {"hands": [str(hand) for hand in deal.hands]}


@router.post("/games", summary="Start a game against the computer (you are seat 0)")
async def new_game(request: Request, body: GameRequest) -> dict[str, Any]:
    bound = limits(request)
    if not 1 <= body.ai_samples <= bound.ai_samples:
        raise DebertsError(f"bad ai_samples {body.ai_samples}: expected 1..{bound.ai_samples}")
    if not 0 < body.ai_seconds <= bound.ai_seconds:
        raise DebertsError(f"bad ai_seconds {body.ai_seconds}: expected above 0, at most {bound.ai_seconds}")
    opponent = player_factory(
        f"pimc:samples={body.ai_samples},bid_samples={body.ai_samples},seconds={body.ai_seconds}"
        + ("" if body.seed is None else f",seed={body.seed}")
    )
    session = GameSession(opponent, body.players, rules_of(body.rules), body.target, body.seed)
    session.start_deal()
    game_id = games(request).add(session)
    return await _state(request, game_id, 0.0)


@router.get("/games/{game_id}", summary="The game's state, waiting up to `wait` seconds for the computer")
async def game_state(
    request: Request, game_id: str, wait: float = Query(0.0, ge=0.0)
) -> dict[str, Any]:
    return await _state(request, game_id, wait)


@router.post("/games/{game_id}/answer", summary="Answer the decision waiting: a call, yes/no or a card")
async def answer(request: Request, game_id: str, body: Answer) -> dict[str, Any]:
    games(request).get(game_id).session.answer(body.answer)
    return await _state(request, game_id, 0.0)


@router.post("/games/{game_id}/deal", summary="Deal the next deal of the match")
async def next_deal(request: Request, game_id: str) -> dict[str, Any]:
    games(request).get(game_id).session.start_deal()
    return await _state(request, game_id, 0.0)


@router.delete("/games/{game_id}", summary="End a game")
async def end_game(request: Request, game_id: str) -> dict[str, Any]:
    games(request).remove(game_id)
    return {"id": game_id, "ended": True}


async def _state(request: Request, game_id: str, wait: float) -> dict[str, Any]:
    """The state once the computer has moved, or after ``wait`` seconds (polled on
    the event loop, never blocking it); a finished deal gets its review first."""
    game = games(request).get(game_id)
    deadline = time.monotonic() + min(wait, limits(request).wait)
    status = game.session.status()
    while status.phase == THINKING and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        status = game.session.status()
    result = status.result
    if result is not None and result.score is not None and status.deals not in game.reviews:
        record = result.record
        analysis = await pool(request).run(lambda: analyze_play(record))
        game.reviews[status.deals] = {**analysis.to_dict(), "seat": game.session.seat}
    return state_json(game_id, game, status)
