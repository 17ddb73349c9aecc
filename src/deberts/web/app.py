"""The web app: the pages, the static files and the API, with one-line errors.

``create_app()`` builds it; ``deberts serve`` runs it with uvicorn. Bad input is the
library's one-line message as ``{"error": "..."}`` with status 400 (404 for a game
that is gone, 413 for a body past the size limit, 503 for work past the time limit);
never a traceback.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from html import escape
from pathlib import Path
from typing import AsyncIterator, Awaitable, Callable, Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from deberts import __version__
from deberts.errors import DebertsError, short_message
from deberts.model.registry import games
from deberts.web import api, games_api, jobs_api, schemas
from deberts.web.arrival import Arrival
from deberts.web.body_limit import BodyLimit
from deberts.web.face import Page, web_of
from deberts.web.games import GameStore, UnknownGame
from deberts.web.jobs import JobLimits
from deberts.web.limits import Limits
from deberts.web.stopping import Stopping
from deberts.web.work import Pool, WorkTimeout

STATIC = Path(__file__).parent / "static"
#: The pages every game shares, after the games' own in the nav bar: ``/docs``, the
#: API's reference, built by the page from the app's own schema (no asset from a CDN,
#: so it works offline).
GENERIC_PAGES = (Page.read("/docs", "API", STATIC, "docs"),)
#: The mark of the nav bar's link to the page shown.
HERE = ' class="here"'


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
                  description="Double-dummy analysis of card games: the CLI's JSON over HTTP.")
    app.state.limits = bounds
    app.state.pools = {"quick": Pool(bounds.threads, bounds.seconds, bounds.quick_seconds),
                       "slow": Pool(bounds.slow_threads, bounds.seconds),
                       "review": Pool(bounds.review_threads, bounds.seconds)}
    app.state.games = GameStore(bounds.games)
    app.state.schemas = bodies = schemas.build(games())
    app.include_router(api.router(bodies))
    app.include_router(games_api.router)
    for game in games():
        for router in web_of(game).ROUTERS:
            app.include_router(router)
    jobs_api.install(app, jobs if jobs is not None else JobLimits(), bodies)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    pages = [*(page for game in games() for page in web_of(game).PAGES), *GENERIC_PAGES]
    for page in pages:
        app.add_api_route(page.path, _page(page, pages), include_in_schema=False, methods=["GET"])
        app.add_api_route(f"/pages/{page.stem}.js", _script(page), include_in_schema=False,
                          methods=["GET"])
    app.add_exception_handler(DebertsError, _library_error)
    app.add_exception_handler(api.PartialAnswer, api.partial_answer)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _internal_error)
    app.add_middleware(BodyLimit, limit=bounds.body_bytes)
    app.add_middleware(Stopping)
    app.add_middleware(Arrival)
    return app


def _page(page: Page, pages: Sequence[Page]) -> Callable[[], Awaitable[HTMLResponse]]:
    """The handler serving one page: its body in the frame every page shares
    (``static/page.html``: the head, the style sheet, ``board.js``, the nav bar with a
    link to each page and the page's own script)."""
    nav = "".join(
        f'<a href="{escape(other.path)}"{HERE if other is page else ""}>{escape(other.title)}</a>'
        for other in pages)
    frame = (STATIC / "page.html").read_text(encoding="utf-8")
    text = (frame.replace("{title}", escape(page.title)).replace("{stem}", page.stem)
            .replace("{nav}", nav).replace("{body}", page.body))

    async def serve() -> HTMLResponse:
        return HTMLResponse(text)

    return serve


def _script(page: Page) -> Callable[[], Awaitable[Response]]:
    """The handler serving a page's script."""

    async def serve() -> Response:
        return Response(page.script, media_type="text/javascript")

    return serve


async def _library_error(request: Request, error: Exception) -> JSONResponse:
    status = 404 if isinstance(error, UnknownGame) else 503 if isinstance(error, WorkTimeout) else 400
    return JSONResponse({"error": short_message(str(error))}, status_code=status)


async def _validation_error(request: Request, error: Exception) -> JSONResponse:
    """The first problem the framework found in the request, as one line."""
    assert isinstance(error, RequestValidationError)
    first = error.errors()[0] if error.errors() else {"loc": (), "msg": "bad request"}
    text = schemas.error_text(first, request.app.state.schemas.tags)
    return JSONResponse({"error": short_message(text)}, status_code=400)


async def _http_error(request: Request, error: Exception) -> JSONResponse:
    """The framework's own refusals (a body it cannot read, no such page) in the same
    shape."""
    assert isinstance(error, HTTPException)
    return JSONResponse({"error": short_message(str(error.detail).splitlines()[0])},
                        status_code=error.status_code, headers=error.headers)


async def _internal_error(request: Request, error: Exception) -> JSONResponse:
    return JSONResponse({"error": f"internal error: {type(error).__name__}"}, status_code=500)
