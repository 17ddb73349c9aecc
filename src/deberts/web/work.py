"""Running the library's work off the event loop: bounded thread pools (the engine
releases the GIL, so searches run side by side), each request's work bounded by a
time limit counted from the request's arrival, and stopped once its request has
timed out or its client has gone.

The work of a request runs in a worker thread under :func:`deberts.engine.owner.stopped_by`:
every search it makes stops within about a tenth of a second of its request being
cancelled, and work still queued then never starts. A pool may also bound how long
one piece of work holds one of its threads (``hold``): past it, the work stops with
:class:`Overran`, for the caller to run it again on a pool of slower work, so that
heavy requests never hold the threads that cheap ones need.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable, Iterator, TypeVar

from deberts.engine.limit import Limit
from deberts.engine.owner import stopped_by
from deberts.errors import DebertsError, SearchInterrupted

T = TypeVar("T")

#: How often, in seconds, a waiting request checks that its client is still there.
POLL_SECONDS = 0.25


class WorkTimeout(DebertsError):
    """A request's work took longer than the server allows, or its client left."""


class PartialWork(WorkTimeout):
    """Work stopped at its request's limit that answers what it did before it
    stopped (a search's proven values): the request's answer, even when the work
    ends a moment past the limit."""


#: How long, in seconds, a request past its limit waits for its work to stop and
#: answer what it did (:class:`PartialWork`): a search stops within about a tenth of
#: a second of being told, a busy machine's later.
STOPPING_SECONDS = 2.0


class Overran(Exception):
    """Work that held a thread of its pool longer than the pool's ``hold``, its
    request's time not up: to be run again on another pool."""


#: Per worker thread, the work under way: the event set when its request is
#: cancelled, and the deadline (``time.monotonic``) of the work on this thread.
_current = threading.local()


def check_cancelled(done: int = 0) -> None:
    """Raise :class:`WorkTimeout` in work whose request has been cancelled: a
    progress callback (``evaluate_bid(progress=check_cancelled)``) that stops the work
    there instead of letting it run on for nobody."""
    event = getattr(_current, "cancelled", None)
    if event is not None and event.is_set():
        raise WorkTimeout("the request timed out")


@contextlib.contextmanager
def bounded(solver: Any, share: float = 1.0) -> Iterator[None]:
    """The block's searches stop at the worker thread's deadline, or once ``share``
    of the time left to it has passed (the solver's own limit), so that a search past
    it frees its thread: :class:`WorkTimeout` when the request's time is up (or it
    was cancelled), :class:`Overran` when the pool's hold is."""
    deadline: float = getattr(_current, "deadline", 0.0)
    if not deadline:  # not on a pool's thread: no bound
        yield
        return
    left = deadline - time.monotonic()
    if left <= 0:
        raise _past()
    try:
        with solver.limit(Limit(seconds=left * share)):
            yield
    except SearchInterrupted:
        raise _past() from None


def _past() -> Exception:
    """What stopped work at its thread's deadline: its request cancelled, the pool's
    hold (a deadline before the request's), or its request's time."""
    if _current.cancelled.is_set():
        return WorkTimeout(CANCELLED)
    if _current.deadline < _current.request_deadline:
        return Overran()
    return timed_out(_current.seconds)


def timed_out(seconds: float) -> WorkTimeout:
    """The error of work past its request's limit of ``seconds``."""
    return WorkTimeout(f"the work took longer than {seconds:g} s: ask for less")


#: The error of work cancelled under way.
CANCELLED = "the work was cancelled: its client left, or the server is stopping"


class Pool:
    """``threads`` worker threads; each request's work ends ``seconds`` after the
    request arrived, and holds a thread at most ``hold`` seconds (``None``: up to
    its request's limit)."""

    def __init__(self, threads: int, seconds: float, hold: float | None = None) -> None:
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="deberts-web")
        self.seconds = seconds
        self.hold = hold
        #: The cancel events of the requests whose work is queued or under way.
        self.running: set[threading.Event] = set()

    def stop(self) -> None:
        """Cancel the work of every request (the server is stopping): its searches
        stop, and what is queued never starts."""
        for event in list(self.running):
            event.set()

    async def run(self, work: Callable[[], T], arrived: float,
                  gone: Callable[[], Awaitable[bool]] | None = None) -> T:
        """``work()`` on the pool, for a request that ``arrived`` (``time.monotonic``);
        :class:`WorkTimeout` when it is not done ``seconds`` after that, or when
        ``gone()`` says the client left: work not started then never starts, and the
        searches of work under way stop (:func:`bounded`, :func:`check_cancelled`)."""
        deadline = arrived + self.seconds
        cancelled, began = threading.Event(), threading.Event()

        def cancellable() -> T:
            now = time.monotonic()
            if cancelled.is_set() or now >= deadline:
                raise WorkTimeout("the request timed out before its work began")
            began.set()
            _current.cancelled = cancelled
            _current.request_deadline, _current.seconds = deadline, self.seconds
            _current.deadline = deadline if self.hold is None else min(deadline, now + self.hold)
            try:
                with stopped_by(cancelled):
                    return work()
            finally:
                _current.cancelled = None
                _current.deadline = _current.request_deadline = 0.0

        self.running.add(cancelled)
        future = asyncio.get_running_loop().run_in_executor(self.executor, cancellable)
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise await self._past_limit(future, cancelled, began)
                done, _ = await asyncio.wait({future}, timeout=min(left, POLL_SECONDS))
                if done and cancelled.is_set():
                    raise WorkTimeout(CANCELLED)
                if done:
                    return future.result()
                if gone is not None and await gone():
                    raise WorkTimeout("the request has gone")
        except BaseException:
            cancelled.set()
            future.cancel()
            raise
        finally:
            self.running.discard(cancelled)

    async def _past_limit(self, future: asyncio.Future[T], cancelled: threading.Event,
                          began: threading.Event) -> Exception:
        """The error of work past its request's limit: stopped, what it did if it
        began and answers that within :data:`STOPPING_SECONDS`, else
        :func:`timed_out`."""
        cancelled.set()
        if not began.is_set():
            return timed_out(self.seconds)
        done, _ = await asyncio.wait({future}, timeout=STOPPING_SECONDS)
        error = future.exception() if done and not future.cancelled() else None
        return error if isinstance(error, PartialWork) else timed_out(self.seconds)
