"""Running the library's work off the event loop: a bounded thread pool (the engine
releases the GIL, so searches run side by side) and a timeout per request."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from deberts.errors import DebertsError

T = TypeVar("T")


class WorkTimeout(DebertsError):
    """A request's work took longer than the server allows."""


#: Per worker thread, the event set when the request of the work it runs timed out.
_current = threading.local()


def check_cancelled(done: int = 0) -> None:
    """Raise :class:`WorkTimeout` in work whose request has timed out: a progress
    callback (``evaluate_bid(progress=check_cancelled)``) that stops the work there
    instead of letting it run on for nobody."""
    event = getattr(_current, "cancelled", None)
    if event is not None and event.is_set():
        raise WorkTimeout("the request timed out")


class Pool:
    """``threads`` worker threads; each call waits at most ``seconds``."""

    def __init__(self, threads: int, seconds: float) -> None:
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="deberts-web")
        self.seconds = seconds

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` on the pool; :class:`WorkTimeout` when it takes too long: work
        not started yet is dropped, and work that calls :func:`check_cancelled` stops
        there (other work goes on in its thread, but the pool bounds how many can)."""
        cancelled = threading.Event()

        def cancellable() -> T:
            _current.cancelled = cancelled
            try:
                return work()
            finally:
                _current.cancelled = None

        future = asyncio.get_running_loop().run_in_executor(self.executor, cancellable)
        try:
            return await asyncio.wait_for(future, self.seconds)
        except TimeoutError:
            cancelled.set()
            raise WorkTimeout(f"the work took longer than {self.seconds:g} s: ask for less") from None
