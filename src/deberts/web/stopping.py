"""A server that stops with requests still under way: a moment after Ctrl-C or
SIGTERM, uvicorn cancels them (``deberts serve``'s ``timeout_graceful_shutdown``);
each then ends with a 503 and a one-line message instead of a logged traceback, its
searches stopped with it (:mod:`deberts.web.work`)."""

from __future__ import annotations

import asyncio

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
