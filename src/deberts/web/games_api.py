"""The API of the games against the computer: start one, see its state (waiting a
while for the computer), answer a decision, deal the next deal, end it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import APIRouter, Query, Request

from deberts.analysis.review import analyze_play
from deberts.errors import DebertsError
from deberts.play.arena import player_factory
from deberts.play.session import THINKING, GameSession
from deberts.web.api import ERRORS
from deberts.web.games import state_json
from deberts.web.requests import Answer, GameRequest, games, limits, pool, rules_of

router = APIRouter(prefix="/api", responses=ERRORS)


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
        analysis = await pool(request, slow=True).run(lambda: analyze_play(record))
        game.reviews[status.deals] = {**analysis.to_dict(), "seat": game.session.seat}
    return state_json(game_id, game, status)
