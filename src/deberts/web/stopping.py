"""A server that stops with requests still under way: on Ctrl-C or SIGTERM the work
of every request is cancelled at once (:class:`StoppingServer`), its searches
stopped (:mod:`deberts.web.work`), and it is answered 503; a request that still
runs a moment later (a game's state waiting for the computer) is cancelled by
uvicorn (``timeout_graceful_shutdown``) and ends the same way (:class:`Stopping`),
never with a logged traceback."""

from __future__ import annotations

import asyncio
from types import FrameType

import uvicorn
from fastapi import FastAPI
from fastapi.responses import JSONResponse

from deberts.web.body_limit import App, Message, Receive, Scope, Send

#: The status of a request the stopping server cancelled.
STOPPING = 503


class Stopping:
    """ASGI middleware: a cancelled request ends quietly, with a 503 when its answer
    had not begun."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = False

        async def watched(message: Message) -> None:
            nonlocal began
            began = began or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except asyncio.CancelledError:
            if not began:
                answer = JSONResponse({"error": "the server is stopping"}, status_code=STOPPING)
                await answer(scope, receive, send)


class StoppingServer(uvicorn.Server):
    """uvicorn's server of ``app`` (made by :func:`deberts.web.app.create_app`) that
    cancels the work of every request as it begins to stop."""

    def __init__(self, config: uvicorn.Config, app: FastAPI) -> None:
        super().__init__(config)
        self.app = app

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        for pool in self.app.state.pools.values():
            pool.stop()
        super().handle_exit(sig, frame)
