"""Work on many positions of any game on a thread pool: the engines release the GIL,
so threads run searches side by side. Each thread keeps its own solver (tables are
not shared), and results come back in input order, streamed, with no limit on count.
"""

from __future__ import annotations

import threading
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable, Iterable, Iterator, TypeVar

from deberts.engine.owner import CLI_TABLE_BITS, MAX_WORKERS, stopped_by
from deberts.model.arguments import integer

T = TypeVar("T")
R = TypeVar("R")

def map_ordered(
    work: Callable[[Any, T], R],
    items: Iterable[T],
    threads: int = 1,
    table_bits: int = CLI_TABLE_BITS,
    chunk: int = 4,
    *,
    make_solver: Callable[[int], Any],
) -> Iterator[R]:
    """``work(solver, item)`` for each item on ``threads`` threads, yielded in input
    order as each is ready (at most :data:`~deberts.engine.owner.MAX_WORKERS`
    threads). Items go to the threads ``chunk`` at a time (a thread
    hand-off costs about as much as a small search) and only a few chunks per
    thread are in flight, so an endless input streams in bounded memory.
    Exceptions propagate in order. Each thread's solver is
    ``make_solver(table_bits)`` (a game's solver class). When
    the caller stops (an exception where it waits, Ctrl-C among them, or it closes
    the iterator), the chunks not started are dropped and the searches under way
    stop within about a tenth of a second (:func:`deberts.engine.owner.stopped_by`),
    so that the threads are gone when it returns."""
    threads = integer("threads", threads, 1, MAX_WORKERS)
    if threads == 1:
        solver = make_solver(table_bits)
        for item in items:
            yield work(solver, item)
        return
    local = threading.local()
    stopping = threading.Event()

    def run(batch: list[T]) -> list[R]:
        with stopped_by(stopping):
            solver = getattr(local, "solver", None)
            if solver is None:
                solver = local.solver = make_solver(table_bits)
            return [work(solver, item) for item in batch if not stopping.is_set()]

    window: deque[Future[list[R]]] = deque()
    pool = ThreadPoolExecutor(max_workers=threads)
    try:
        for batch in _chunks(items, chunk):
            window.append(pool.submit(run, batch))
            if len(window) >= 2 * threads:
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()
    finally:
        stopping.set()  # nothing is left to do when the caller stops early
        pool.shutdown(wait=True, cancel_futures=True)


def _chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
