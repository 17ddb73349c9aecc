"""The API of the analyses that take seconds (:mod:`deberts.web.jobs`): start one,
follow it (poll its state: each move's value as it is proven, the interval of the
move being searched, the board so far, the solution once done), stop it. A page
stops its job when it leaves; a job nobody asks about stops by itself.

A job is its starter's: the start answers its ``secret``, and every request about
the job sends it in the ``X-Job-Secret`` header; without it (or with another) the
answer is 403. The list of jobs tells only how many run and how many are kept.
A poll answers the state the job's thread last made, as it is, on the event loop:
it waits for nothing and draws nothing, so that a storm of polls costs the server
little and the jobs of others nothing.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Header, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel

from deberts.errors import DebertsError, short_message
from deberts.model.registry import game_of
from deberts.text.face import text_of
from deberts.web.api import ERRORS, Error, position_of, solution_data
from deberts.web.jobs import JobLimits, Jobs, NotYourJob, TooManyJobs, UnknownJob
from deberts.web.schemas import Schemas, with_bodies
from deberts.web.strict_json import StrictJsonRoute

router = APIRouter(prefix="/api", route_class=StrictJsonRoute, responses={
    **ERRORS,
    403: {"model": Error, "description": "Not your analysis: the X-Job-Secret header is "
          "missing, or not the secret its start answered"},
    404: {"model": Error, "description": "No such analysis (it ended, or never was)"},
    429: {"model": Error, "description": "As many analyses as the server allows are running"},
})


def jobs(request: Request) -> Jobs:
    found: Jobs = request.app.state.jobs
    return found


def _board(position: Any, values: dict[Any, int]) -> str:
    return text_of(game_of(position)).values_svg(position, values)


#: The header every request about a job gives its secret in.
SECRET = Header(alias="X-Job-Secret", description="The job's secret, as its start answered it")


class JobCounts(BaseModel):
    """How many analyses search and how many finished ones are kept, with the
    server's bounds of both: nothing about whose they are."""

    running: int
    """The analyses whose search runs."""
    finished: int
    """The finished analyses kept for their pages."""
    most: int
    """The most that may run at once."""
    kept: int
    """The most finished ones kept (the one that ended first goes)."""


async def start_job(request: Request, line: BaseModel) -> dict[str, Any]:
    """Start solving a position (a batch line of any game) as a job to follow; the
    answer's ``secret`` is what every later request about it must give."""
    position = position_of(line)
    if position.is_over():
        raise DebertsError("the deal is over: nothing left to solve")
    job = jobs(request).start(position, lambda p, s: solution_data(p, s, board=True), _board)
    return {**job.to_dict(), "secret": job.secret}


@router.get("/jobs", summary="How many analyses run and are kept (nobody's ids)")
async def job_counts(request: Request) -> JobCounts:
    limits = jobs(request).limits
    return JobCounts(**jobs(request).counts(), most=limits.count, kept=limits.kept)


@router.get("/jobs/{job_id}", summary="Where your analysis stands: the values proven so far")
async def job_state(request: Request, job_id: str,
                    secret: Annotated[str, SECRET]) -> Response:
    """The job's state as its thread last made it (about every tenth of a second):
    the start's answer, without the secret."""
    return Response(jobs(request).get(job_id, secret).answer, media_type="application/json")


@router.delete("/jobs/{job_id}", summary="Stop your analysis: its answer is what it proved")
async def stop_job(request: Request, job_id: str,
                   secret: Annotated[str, SECRET]) -> Response:
    """Stop the job and forget it: the answer is its last state, what it proved."""
    job = await asyncio.to_thread(jobs(request).stop, job_id, secret)
    return Response(job.answer, media_type="application/json")


async def _refused(request: Request, error: Exception) -> JSONResponse:
    status = (429 if isinstance(error, TooManyJobs) else 403 if isinstance(error, NotYourJob)
              else 404)
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
    app.add_exception_handler(NotYourJob, _refused)
