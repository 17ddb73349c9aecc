"""When each request arrived: ASGI middleware that stamps it first thing, so that a
request's time limit counts its wait for a thread too."""

from __future__ import annotations

import time
from typing import Any

from fastapi import Request

from deberts.web.body_limit import App, Receive, Scope, Send

#: The scope key of the arrival time.
KEY = "deberts.arrived"


class Arrival:
    """ASGI middleware: each HTTP request's arrival (``time.monotonic``) in its scope."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope.setdefault(KEY, time.monotonic())
        await self.app(scope, receive, send)


def arrived(request: Request) -> float:
    """When ``request`` arrived (now, for an app built without :class:`Arrival`)."""
    stamp: Any = request.scope.get(KEY)
    return float(stamp) if stamp is not None else time.monotonic()
