"""The JSON API under ``/api/``: the CLI's ``--json`` objects over HTTP.

Each endpoint parses its body, calls the library on the bounded pool and returns the
library's own ``to_dict()``; ``?board=true`` adds ``svg``, the drawing of the result
(:mod:`deberts.text.svg`), and for a solution ``report``, the optimal line and the
score as ``deberts solve`` writes them. Bad input is the library's one-line message
with status 400 (see :mod:`deberts.web.app`); nothing here reads or writes a server
file. The games against the computer are in :mod:`deberts.web.games_api`.
"""

from __future__ import annotations

from typing import Any, Callable

from fastapi import APIRouter, Request
from pydantic import BaseModel

from deberts.analysis.bid_evaluation import evaluate_bid
from deberts.analysis.review import PlayAnalysis, analyze_play
from deberts.analysis.table import dd_table
from deberts.engine.solver import solve
from deberts.errors import DebertsError
from deberts.formats import batch, records
from deberts.model.cards import Card
from deberts.model.deal import Deal
from deberts.model.position import Position
from deberts.model.sides import declarer_leads
from deberts.text import svg
from deberts.text.render import Notation, line_lines, score_lines
from deberts.web.requests import (
    AnalyzeRequest,
    BidRequest,
    BoardRequest,
    DealRequest,
    Line,
    TableRequest,
    limits,
    pool,
    rules_of,
)
from deberts.web.work import check_cancelled


class Error(BaseModel):
    """Every error: the library's one-line message."""

    error: str


#: The error answers every endpoint documents.
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Error, "description": "Bad input: the library's one-line message"},
    404: {"model": Error, "description": "No such game"},
    503: {"model": Error, "description": "The work took longer than the server allows"},
}

router = APIRouter(prefix="/api", responses=ERRORS)


def position_of(line: Line) -> Position:
    return batch.from_object(line.model_dump(exclude_none=True))


async def run(request: Request, work: Callable[[], dict[str, Any]], slow: bool = False
              ) -> dict[str, Any]:
    return await pool(request, slow).run(work)


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
        if body.leader is None and not declarer_leads(rules):
            raise DebertsError("missing leader (needed unless first_lead=declarer)")
        result = dd_table(deal, body.leader, rules, body.face_up, threads=1)
        data = result.to_dict()
        if board:
            data["svg"] = svg.table_svg(result)
        return data

    return await run(request, work, slow=True)


@router.post("/analyze", summary="A played deal card by card: `deberts analyze --json`")
async def analyze(request: Request, body: AnalyzeRequest) -> dict[str, Any]:
    if body.record is not None and len(body.record) > limits(request).record_chars:
        raise DebertsError(f"bad record: longer than {limits(request).record_chars} characters")

    def work() -> dict[str, Any]:
        analysis = _analysis(body)
        return {**analysis.to_dict(), "start": batch.position_to_object(analysis.start)}

    return await run(request, work, slow=True)


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
            body.samples, body.seed, rules_of(body.rules), progress=check_cancelled,
        )
        data = evaluation.to_dict()
        if board:
            data["svg"] = svg.bid_svg(evaluation)
        return data

    return await run(request, work, slow=True)


@router.post("/deal", summary="A random deal, as `deberts deal` prints it")
async def random_deal(body: DealRequest) -> dict[str, Any]:
    deal = Deal.random(body.players, body.cards, body.seed)
    return {"hands": [str(hand) for hand in deal.hands]}
