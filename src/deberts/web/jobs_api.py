"""The API of the analyses that take seconds (:mod:`deberts.web.jobs`): start one,
follow it (poll its state: each move's value as it is proven, the interval of the
move being searched, the board so far, the solution once done), stop it. A page
stops its job when it leaves; a job nobody asks about stops by itself."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from deberts.text.face import text_of
from deberts.errors import DebertsError, short_message
from deberts.model.registry import game_of
from deberts.web.api import ERRORS, Error, position_of, solution_data
from deberts.web.jobs import JobLimits, Jobs, TooManyJobs, UnknownJob
from deberts.web.schemas import Schemas, with_bodies
from deberts.web.strict_json import StrictJsonRoute

router = APIRouter(prefix="/api", route_class=StrictJsonRoute, responses={
    **ERRORS,
    404: {"model": Error, "description": "No such analysis (it ended, or never was)"},
    429: {"model": Error, "description": "As many analyses as the server allows are running"},
})


def jobs(request: Request) -> Jobs:
    found: Jobs = request.app.state.jobs
    return found


def _board(position: Any, values: dict[Any, int]) -> str:
    return text_of(game_of(position)).values_svg(position, values)


async def start_job(request: Request, line: BaseModel) -> dict[str, Any]:
    """Start solving a position (a batch line of any game) as a job to follow."""
    position = position_of(line)
    if position.is_over():
        raise DebertsError("the deal is over: nothing left to solve")
    job = jobs(request).start(position, lambda p, s: solution_data(p, s, board=True), _board)
    return job.to_dict()


@router.get("/jobs", summary="The ids of the analyses whose search runs")
async def running_jobs(request: Request) -> dict[str, Any]:
    return {"running": jobs(request).running(), "most": jobs(request).limits.count}


@router.get("/jobs/{job_id}", summary="Where an analysis stands: the values proven so far")
async def job_state(request: Request, job_id: str) -> dict[str, Any]:
    job = jobs(request).get(job_id)
    return await asyncio.to_thread(job.to_dict)  # the board's drawing: off the event loop


@router.delete("/jobs/{job_id}", summary="Stop an analysis: its answer is what it proved")
async def stop_job(request: Request, job_id: str) -> dict[str, Any]:
    job = await asyncio.to_thread(jobs(request).stop, job_id)
    return job.to_dict()


async def _refused(request: Request, error: Exception) -> JSONResponse:
    status = 429 if isinstance(error, TooManyJobs) else 404
    return JSONResponse({"error": short_message(str(error))}, status_code=status)


def install(app: FastAPI, limits: JobLimits, schemas: Schemas) -> None:
    """Add the jobs (bounded by ``limits``) and their API to ``app``, a position's
    body ``schemas``' line."""
    app.state.jobs = Jobs(limits)
    started = APIRouter(prefix="/api", route_class=StrictJsonRoute, responses=router.responses)
    started.post("/jobs", status_code=202, summary="Start solving a position (a batch line "
                 "of any game) as a job to follow")(with_bodies(start_job, line=schemas.line))
    app.include_router(started)
    app.include_router(router)
    app.add_exception_handler(TooManyJobs, _refused)
    app.add_exception_handler(UnknownJob, _refused)
