"""Request bodies read as strictly as a batch line: a key given twice, nesting too
deep or a number too long is refused with the batch format's one-line message
(:func:`deberts.json_text.decode_json`), where the framework's own JSON
reading would keep the last of two keys."""

from __future__ import annotations

from typing import Any, Callable, Coroutine

from fastapi import Request, Response
from fastapi.routing import APIRoute

from deberts.json_text import decode_json


class StrictJsonRoute(APIRoute):
    """An API route whose JSON body is checked by the batch format's reader first."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            kind = request.headers.get("content-type", "json")
            body = await request.body()  # kept by the request: the handler reads it again
            if body and "json" in kind:
                decode_json(body, "body")
            return await handler(request)

        return strict
