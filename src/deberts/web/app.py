"""The web app: the pages, the static files and the API, with one-line errors.

``create_app()`` builds it; ``deberts serve`` runs it with uvicorn. Bad input is the
library's one-line message as ``{"error": "..."}`` with status 400 (404 for a game
that is gone, 413 for a body past the size limit, 503 for work past the time limit);
never a traceback.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from deberts import __version__
from deberts.errors import DebertsError, short_message
from deberts.web import api, games_api, jobs_api
from deberts.web.arrival import Arrival
from deberts.web.body_limit import BodyLimit
from deberts.web.games import GameStore, UnknownGame
from deberts.web.jobs import JobLimits
from deberts.web.limits import Limits
from deberts.web.stopping import Stopping
from deberts.web.work import Pool, WorkTimeout

STATIC = Path(__file__).parent / "static"
#: The pages, by path: each is the body of one HTML file of ``static/``, in the frame
#: every page shares (``page.html``: the head, the style sheet, ``board.js`` and the
#: page's own script, named as the page).
#: ``/docs`` is the API's reference built from the app's own schema by the page: no
#: asset from a CDN, so it works offline.
PAGES = {"/": "analyse.html", "/replay": "replay.html", "/play": "play.html", "/bid": "bid.html",
         "/tertz": "tertz.html", "/tertz/play": "tertz-play.html", "/docs": "docs.html"}


def create_app(limits: Limits | None = None, jobs: JobLimits | None = None) -> FastAPI:
    """The board and its API, bounded by ``limits`` and its long analyses by
    ``jobs``."""
    bounds = limits if limits is not None else Limits()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        """At shutdown the games end (their threads stop at the person's next
        decision); the pool's idle threads need no closing."""
        yield
        app.state.games.close()
        app.state.jobs.close()

    app = FastAPI(title="deberts", version=__version__, lifespan=lifespan,
                  docs_url=None, redoc_url=None,
                  description="Double-dummy analysis of Deberts deals: the CLI's JSON over HTTP.")
    app.state.limits = bounds
    app.state.pools = {"quick": Pool(bounds.threads, bounds.seconds, bounds.quick_seconds),
                       "slow": Pool(bounds.slow_threads, bounds.seconds),
                       "review": Pool(bounds.review_threads, bounds.seconds)}
    app.state.games = GameStore(bounds.games)
    app.include_router(api.router)
    app.include_router(games_api.router)
    jobs_api.install(app, jobs if jobs is not None else JobLimits())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for path, name in PAGES.items():
        app.add_api_route(path, _page(name), include_in_schema=False, methods=["GET"])
    app.add_exception_handler(DebertsError, _library_error)
    app.add_exception_handler(api.PartialAnswer, api.partial_answer)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _internal_error)
    app.add_middleware(BodyLimit, limit=bounds.body_bytes)
    app.add_middleware(Stopping)
    app.add_middleware(Arrival)
    return app


def _page(name: str) -> Callable[[], Awaitable[HTMLResponse]]:
    """The handler serving one page: its body in the shared frame."""
    stem = Path(name).stem
    frame = (STATIC / "page.html").read_text(encoding="utf-8")
    text = frame.replace("{name}", stem).replace(
        "{body}", (STATIC / name).read_text(encoding="utf-8"))

    async def page() -> HTMLResponse:
        return HTMLResponse(text)

    return page


async def _library_error(request: Request, error: Exception) -> JSONResponse:
    status = 404 if isinstance(error, UnknownGame) else 503 if isinstance(error, WorkTimeout) else 400
    return JSONResponse({"error": short_message(str(error))}, status_code=status)


async def _validation_error(request: Request, error: Exception) -> JSONResponse:
    """The first problem the framework found in the request, as one line."""
    assert isinstance(error, RequestValidationError)
    first = error.errors()[0] if error.errors() else {"loc": (), "msg": "bad request"}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    message = str(first.get("msg", "bad request")).splitlines()[0]
    return JSONResponse({"error": short_message(f"bad {where or 'request'}: {message}")},
                        status_code=400)


async def _http_error(request: Request, error: Exception) -> JSONResponse:
    """The framework's own refusals (a body it cannot read, no such page) in the same
    shape."""
    assert isinstance(error, HTTPException)
    return JSONResponse({"error": short_message(str(error.detail).splitlines()[0])},
                        status_code=error.status_code, headers=error.headers)


async def _internal_error(request: Request, error: Exception) -> JSONResponse:
    return JSONResponse({"error": f"internal error: {type(error).__name__}"}, status_code=500)
