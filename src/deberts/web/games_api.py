"""The API of the games against the computer: start one, see its state (waiting a
while for the computer), answer a decision, deal the next deal, end it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import APIRouter, Query, Request

from deberts.errors import DebertsError
from deberts.model.registry import default_game, find_game
from deberts.play.face import session_of
from deberts.play.session import THINKING
from deberts.web.api import ERRORS, Error
from deberts.web.face import board_of
from deberts.web.games import state_json
from deberts.web.requests import Answer, GameRequest, games, limits, run
from deberts.web.strict_json import StrictJsonRoute

router = APIRouter(prefix="/api", responses=ERRORS, route_class=StrictJsonRoute)
#: The answer of the endpoints of one game when it has ended or been dropped.
NO_GAME: dict[int | str, dict[str, Any]] = {
    404: {"model": Error, "description": "No game has this id (it ended, or was dropped)"},
}


@router.post("/games", summary="Start a game against the computer (you are player 0)")
async def new_game(request: Request, body: GameRequest) -> dict[str, Any]:
    bound = limits(request)
    if not 1 <= body.ai_samples <= bound.ai_samples:
        raise DebertsError(f"bad ai_samples {body.ai_samples}: expected 1..{bound.ai_samples}")
    if not 0 < body.ai_seconds <= bound.ai_seconds:
        raise DebertsError(f"bad ai_seconds {body.ai_seconds}: expected above 0, at most {bound.ai_seconds}")
    game = default_game() if body.game is None else find_game(body.game)
    session = session_of(game).start_session(body.players, game.rules_of(body.rules),
                                             body.target, body.seed, body.ai_samples,
                                             body.ai_seconds)
    session.start_deal()
    game_id = games(request).add(game, session)
    return await _state(request, game_id, 0.0)


@router.get("/games/{game_id}", responses=NO_GAME,
            summary="The game's state, waiting up to wait seconds for the computer")
async def game_state(
    request: Request, game_id: str, wait: float = Query(0.0, ge=0.0)
) -> dict[str, Any]:
    return await _state(request, game_id, wait)


@router.post("/games/{game_id}/answer", responses=NO_GAME, summary="Answer the decision waiting: a call, yes/no or a card")
async def answer(request: Request, game_id: str, body: Answer) -> dict[str, Any]:
    games(request).get(game_id).session.answer(body.answer)
    return await _state(request, game_id, 0.0)


@router.post("/games/{game_id}/deal", responses=NO_GAME, summary="Deal the next deal of the match")
async def next_deal(request: Request, game_id: str) -> dict[str, Any]:
    games(request).get(game_id).session.start_deal()
    return await _state(request, game_id, 0.0)


@router.delete("/games/{game_id}", responses=NO_GAME, summary="End a game")
async def end_game(request: Request, game_id: str) -> dict[str, Any]:
    games(request).remove(game_id)
    return {"id": game_id, "ended": True}


async def _state(request: Request, game_id: str, wait: float) -> dict[str, Any]:
    """The state once the computer has moved, or after ``wait`` seconds (polled on
    the event loop, never blocking it); a finished deal gets its review first."""
    table = games(request).get(game_id)
    deadline = time.monotonic() + min(wait, limits(request).wait)
    status = table.session.status()
    while status.phase == THINKING and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        status = table.session.status()
    result = status.result
    if result is not None and status.deals not in table.reviews:
        review = board_of(table.game).review
        analysis = await run(request, lambda: review(result), "review")
        table.reviews[status.deals] = None if analysis is None else {
            **analysis, "seat": table.session.seat}
    return state_json(game_id, table, status)
