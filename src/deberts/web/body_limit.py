"""A bound on the size of a request's body: a larger one is refused with 413 and a
one-line message before it is read whole, whether its length is announced
(``Content-Length``) or only found as it streams in."""

from __future__ import annotations

from typing import Any, Awaitable, Callable, MutableMapping

from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The status of a body past the limit.
TOO_LARGE = 413


class BodyLimit:
    """ASGI middleware refusing bodies longer than ``limit`` bytes."""

    def __init__(self, app: App, limit: int) -> None:
        self.app = app
        self.limit = limit

    def message(self) -> str:
        return f"request body too large: at most {self.limit:,} bytes"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        announced = dict(scope.get("headers", ())).get(b"content-length", b"0")
        if not announced.isdigit() or len(announced) > 18 or int(announced) > self.limit:
            response = JSONResponse({"error": self.message()}, status_code=TOO_LARGE)
            await response(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(TOO_LARGE, self.message())
            return message

        await self.app(scope, limited, send)
