"""Running the library's work off the event loop: a bounded thread pool (the engine
releases the GIL, so searches run side by side) and a timeout per request."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from deberts.errors import DebertsError

T = TypeVar("T")


class WorkTimeout(DebertsError):
    """A request's work took longer than the server allows."""


class Pool:
    """``threads`` worker threads; each call waits at most ``seconds``."""

    def __init__(self, threads: int, seconds: float) -> None:
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="deberts-web")
        self.seconds = seconds

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` on the pool; :class:`WorkTimeout` when it takes too long (the
        search goes on in its thread, but the pool bounds how many can)."""
        future = asyncio.get_running_loop().run_in_executor(self.executor, work)
        try:
            return await asyncio.wait_for(future, self.seconds)
        except TimeoutError:
            raise WorkTimeout(f"the work took longer than {self.seconds:g} s: ask for less") from None
