"""The JSON API under ``/api/`` that serves every game: the CLI's ``--json`` objects
over HTTP. A game adds endpoints of its own (``Game.routers``).

Each endpoint parses its body, calls the library on the bounded pool and returns the
library's own ``to_dict()``; ``?board=true`` adds ``svg``, the game's drawing of the
result, and for a solution ``report``, the optimal line and the score as ``deberts
solve`` writes them. Bad input is the library's one-line message
with status 400 (see :mod:`deberts.web.app`); nothing here reads or writes a server
file. The games against the computer are in :mod:`deberts.web.games_api`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from deberts.analysis.face import analysis_of
from deberts.engine.face import new_solver
from deberts.engine.owner import Progress
from deberts.engine.partial import STOPPED_AT_LIMIT, PartialValues
from deberts.errors import DebertsError, short_message
from deberts.formats import batch, records
from deberts.model.cards import Card
from deberts.model.registry import Game, game_of
from deberts.text.face import text_of
from deberts.text.notation import Notation
from deberts.web.requests import AnalyzeFields, BoardFields, limits, run
from deberts.web.schemas import Schemas, with_bodies
from deberts.web.strict_json import StrictJsonRoute
from deberts.web.work import PartialWork, WorkTimeout, bounded


class Error(BaseModel):
    """Every error: the library's one-line message."""

    error: str


#: The error answers every endpoint documents.
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Error, "description": "Bad input: the library's one-line message"},
    503: {"model": Error, "description": "The work took longer than the server allows"},
}

def position_of(line: BaseModel) -> Any:
    """The position of a batch line of any game."""
    return batch.game_from_object(line.model_dump(exclude_none=True))


def report(text: str) -> dict[str, str]:
    """The sections of a game's solve report that the board shows: the optimal
    line and the score (each starts with its title), and the whole text."""
    sections = text.split("\n\n")
    return {
        "line": next((s for s in sections if s.startswith("Optimal line")), ""),
        "score": next((s for s in sections if s.startswith("Score:")), ""),
        "text": text,
    }


#: The share of the time left a solve's search may take: it stops first, so that
#: the answer holds what it proved rather than the pool's bare timeout.
SEARCH_SHARE = 0.9


class PartialError(Error):
    """A search stopped at the server's limit: what it proved (``PartialValues.to_dict``)."""

    values: dict[str, Any] | None


class PartialAnswer(PartialWork):
    """A solve stopped at the server's time limit, with what it proved."""

    def __init__(self, message: str, values: PartialValues[Any] | None) -> None:
        super().__init__(message)
        self.values = values


async def solve_position(request: Request, line: BaseModel, board: bool = False) -> dict[str, Any]:
    """Solve a position (a batch line of any game), as deberts solve --json."""
    def work() -> dict[str, Any]:
        position = position_of(line)
        solver = new_solver(game_of(position))
        proven: list[PartialValues[Any]] = []  # the latest values proven

        def keep(progress: Progress) -> None:
            if progress.values is not None:
                proven[:] = [progress.values]

        try:
            with bounded(solver, SEARCH_SHARE), solver.progress(keep):
                solution = solver.solve(position)
        except WorkTimeout:
            values = proven[0] if proven else None
            raise PartialAnswer(
                f"the search stopped at the server's limit of "
                f"{limits(request).seconds * SEARCH_SHARE:g} s: "
                "'values' holds what it proved",
                None if values is None else replace(values, stopped=STOPPED_AT_LIMIT),
            ) from None
        return solution_data(position, solution, board)

    return await run(request, work)


async def partial_answer(request: Request, error: Exception) -> JSONResponse:
    """503 with the one-line message and the values proven (never a bare 503)."""
    assert isinstance(error, PartialAnswer)
    values = None if error.values is None else error.values.to_dict()
    return JSONResponse({"error": short_message(str(error)), "values": values}, status_code=503)


def solution_data(position: Any, solution: Any, board: bool) -> dict[str, Any]:
    """A solution's ``to_dict()``, with ``board``: the drawing (``svg``) and the
    ``report`` sections the board shows."""
    data: dict[str, Any] = solution.to_dict()
    if board:
        text = text_of(game_of(position))
        data["svg"] = text.values_svg(position, solution.move_margins())
        data["report"] = report(text.render_solution(position, solution, Notation()))
    return data


async def draw_board(request: Request, body: BoardFields) -> dict[str, Any]:
    """Draw a position, with its legal moves' values if given."""
    def work() -> dict[str, Any]:
        position = position_of(body.line)
        game = game_of(position)
        text = text_of(game)
        values = {legal_move(position, name): v for name, v in (body.values or {}).items()}
        options = {} if body.face_up is None else {"face_up": Card.parse(body.face_up)}
        for name in options.keys() - set(text.SVG_OPTIONS):
            raise DebertsError(f"bad {name}: a {game.title} board takes no {name}")
        return {"svg": text.values_svg(position, values, options)}

    return await run(request, work)


def legal_move(position: Any, name: str) -> Any:
    """A move of ``values``: it must be legal for the player to move."""
    legal = {str(move): move for move in position.legal_moves()}
    if name.strip().upper() not in {key.upper() for key in legal}:
        raise DebertsError(f"bad value for {name}: not a legal move of the player to move")
    return next(move for key, move in legal.items() if key.upper() == name.strip().upper())


async def analyze(request: Request, body: AnalyzeFields) -> dict[str, Any]:
    """A played deal card by card, as deberts analyze --json."""
    if body.record is not None and len(body.record) > limits(request).record_chars:
        raise DebertsError(f"bad record: longer than {limits(request).record_chars} characters")

    def work() -> dict[str, Any]:
        analysis = _analysis(body)
        return {**analysis.to_dict(), "start": batch.to_object(analysis.start)}

    return await run(request, work, "slow")


def _analysis(body: AnalyzeFields) -> Any:
    """The review of a played deal of any game: a line's position and ``play``, or a
    record, its searches bounded by the server's time limit."""
    line = body.model_dump(exclude_none=True, exclude={"played", "record", "deal", "start"})
    if body.record is None:
        if "hands" not in line:
            raise DebertsError("missing hands (or give a record)")
        position = batch.game_from_object(line)
        return _reviewed(game_of(position), position, body.played, start=body.start)
    extra = [*line, *(["played"] if body.played else [])]
    if extra:
        raise DebertsError(f"a record takes no {extra[0]}: the record holds the deal")
    found = records.loads(body.record)
    if body.deal > len(found):
        raise DebertsError(f"bad deal {body.deal}: the text holds {len(found)} record(s)")
    record = found[body.deal - 1]
    if getattr(record, "thrown_in", False):
        raise DebertsError(f"record {body.deal}: the cards were thrown in, there is no play")
    return _reviewed(game_of(record), record, start=body.start)


def _reviewed(game: Game, *args: Any, **options: Any) -> Any:
    """``game``'s review of ``args`` on a solver of its own, within the time limit."""
    solver = new_solver(game)
    with bounded(solver):
        return analysis_of(game).analyze_play(*args, solver=solver, **options)




def router(schemas: Schemas) -> APIRouter:
    """The endpoints every game has, their bodies ``schemas``' (made from the games
    registered when the app is made)."""
    found = APIRouter(prefix="/api", responses=ERRORS, route_class=StrictJsonRoute)
    found.post("/solve", summary="Solve a position (a batch line of any game), as deberts "
               "solve --json", responses={503: {"model": PartialError, "description": (
                   "The search stopped at the server's time limit: the values it proved")}})(
        with_bodies(solve_position, line=schemas.line))
    found.post("/board", summary="Draw a position, with its legal moves' values if given")(
        with_bodies(draw_board, body=schemas.board))
    found.post("/analyze", summary="A played deal card by card, as deberts analyze --json")(
        with_bodies(analyze, body=schemas.analyze))
    return found
