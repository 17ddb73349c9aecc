"""A pool of worker processes that stops when its caller stops.

Ctrl-C at a terminal reaches the whole process group: the workers ignore SIGINT,
so that only the parent acts on it (no worker prints a traceback), and die of
SIGTERM as a plain process does. When the work in the pool's block is abandoned
(SIGINT or SIGTERM raised in the parent, as the CLI raises them, an error, or a
consumer that stops reading) the work not yet started is cancelled and the workers
are killed at once, rather than waited for until every chunk submitted is done.

The workers are started with SIGINT and SIGTERM blocked: a signal that reaches the
parent while it forks would be raised inside Python's fork hooks, which drop it, and
the parent would wait for the whole run; blocked, it is raised as soon as the
workers are up."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

#: The signals that stop a run.
_STOPS = {signal.SIGINT, signal.SIGTERM}


def _worker_signals() -> None:
    """A worker's signals: SIGINT ignored (the parent handles it), SIGTERM the
    default (a forked worker would otherwise inherit the parent's handler), both
    unblocked (a forked worker inherits the parent's mask, see :func:`worker_pool`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)


def _started() -> None:
    """The first task: submitting it starts the workers."""


@contextmanager
def worker_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` worker processes for the block; if the block raises (or a
    generator holding it is closed), the workers are killed before it is shut down."""
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals)
    try:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
        try:
            pool.submit(_started)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        yield pool
    except BaseException:
        for process in set(multiprocessing.active_children()) - before:
            process.kill()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
