"""Solving on a Dask cluster (the ``dask`` extra): the streamed, ordered map of
:mod:`deberts.engine.parallel`, with Dask workers instead of local threads.

Items go to the workers in chunks (a task costs the scheduler about as much as a
few small searches: benchmarks/README.md, "Dask"), at most ``window`` chunks
are submitted and not yet yielded, so an endless input streams in bounded memory,
and results come back in input order whatever order the chunks finish in. Each
worker thread keeps one :class:`Solver`. A chunk whose worker dies is run again on
another worker by the scheduler (and up to ``retries`` more times if the task itself
raised); the client takes each chunk's result once, so no item is yielded twice.
"""

from __future__ import annotations

import logging
import threading
import uuid
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, TypeVar

import dask.config
from dask.utils import parse_timedelta
from distributed import Client, Future, LocalCluster, as_completed
from distributed.comm.addressing import get_address_host_port

from deberts.engine.owner import CLI_TABLE_BITS, MAX_WORKERS
from deberts.engine.parallel import _chunks
from deberts.errors import ArgumentError, ClusterError
from deberts.model.arguments import integer

T = TypeVar("T")
R = TypeVar("R")

#: Items a task: a full deal's solve with every card's value takes several ms, so an
#: empty task's 4 to 6 ms of CPU stay near 3% of the work (benchmarks/README.md, "Dask").
DEFAULT_CHUNK = 32
#: Extra runs of a chunk whose task raised (a lost worker is rescheduled anyway).
RETRIES = 3

#: On a worker: each thread's solvers, one a table size.
_worker = threading.local()


def map_ordered(
    work: Callable[[Any, T], R],
    items: Iterable[T],
    client: Client,
    chunk: int = DEFAULT_CHUNK,
    window: int | None = None,
    table_bits: int = CLI_TABLE_BITS,
    retries: int = RETRIES,
    *,
    make_solver: Callable[[int], Any],
) -> Iterator[R]:
    """``work(solver, item)`` for each item on the workers of ``client``, yielded in
    input order as each is ready, like :func:`deberts.engine.parallel.map_ordered`.

    ``work`` and the items are pickled to the workers, so ``work`` is a function of
    an importable module. ``window`` (default: two chunks a worker thread) bounds
    the chunks submitted and not yet yielded. A task that still fails after its
    retries raises :class:`ClusterError` in its turn, after the items before it;
    closing the iterator early cancels the chunks in flight. Each worker thread's
    solver is ``make_solver(table_bits)`` (a game's solver class, pickled by name)."""
    chunk = integer("chunk", chunk, 1)
    retries = integer("retries", retries, 0)
    if window is None:
        window = max(2, 2 * sum(client.nthreads().values()))
    window = integer("window", window, 1)
    name = f"deberts-{getattr(work, '__name__', 'work')}-{uuid.uuid4().hex[:8]}"
    source = _chunks(items, chunk)
    running = as_completed()
    ready: dict[int, Future[list[R]]] = {}  # finished, waiting for the chunks before
    futures: dict[int, Future[list[R]]] = {}
    submitted = head = 0
    try:
        while True:
            while submitted - head < window and (batch := next(source, None)) is not None:
                future = client.submit(
                    _run, work, batch, table_bits, make_solver, key=(name, submitted),
                    retries=retries,
                )
                futures[submitted] = future
                running.add(future)
                submitted += 1
            if head == submitted:
                return
            done = next(running)
            index = next(i for i, future in futures.items() if future is done)
            ready[index] = futures.pop(index)
            while head in ready:
                yield from _result(ready.pop(head), head)
                head += 1
    finally:
        if futures:
            client.cancel(list(futures.values()))


def _run(work: Callable[[Any, T], R], batch: list[T], table_bits: int,
         make_solver: Callable[[int], Any]) -> list[R]:
    """On a worker: one chunk, on this worker thread's own solver (one a kind and
    table size)."""
    solvers: dict[tuple[Callable[[int], Any], int], Any] = \
        _worker.__dict__.setdefault("solvers", {})
    solver = solvers.get((make_solver, table_bits))
    if solver is None:
        solver = solvers[make_solver, table_bits] = make_solver(table_bits)
    return [work(solver, item) for item in batch]


def _result(future: Future[list[R]], index: int) -> list[R]:
    """A finished chunk's result, or the failure that ended it as a ClusterError."""
    try:
        return future.result()
    except Exception as error:
        raise ClusterError(
            f"chunk {index} failed on the cluster: {type(error).__name__}: {error}"
        ) from error


@contextmanager
def connect(
    scheduler: str | None = None,
    local_workers: int | None = None,
    timeout: float | None = None,
) -> Iterator[Client]:
    """A client of the Dask scheduler at ``scheduler`` (``tcp://HOST:PORT``), or of a
    new local cluster of ``local_workers`` processes of one thread each (stopped at
    the end; at most :data:`deberts.engine.owner.MAX_WORKERS`): exactly one of the two. A bad address, or a scheduler that does not
    answer within ``timeout`` seconds (default: Dask's ``distributed.comm.timeouts.connect``,
    30 s unless configured), raises :class:`ClusterError` naming it."""
    if (scheduler is None) == (local_workers is None):
        raise ArgumentError("connect needs a scheduler address or a local worker count, one of them")
    if local_workers is not None:
        workers = integer("local_workers", local_workers, 1, MAX_WORKERS)
        with LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True,
            dashboard_address=":0", silence_logs=logging.ERROR,
        ) as cluster, Client(cluster) as client:
            yield client
        return
    assert scheduler is not None
    _check_address(scheduler)
    if timeout is None:
        timeout = parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"))
    try:
        client = Client(scheduler, timeout=timeout)
    except (OSError, TimeoutError) as error:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {scheduler} within {timeout:g} s "
            f"({type(error).__name__})"
        ) from None
    with client:
        yield client


def _check_address(address: str) -> None:
    try:
        host, _ = get_address_host_port(address)
    except (ValueError, TypeError) as error:
        raise ClusterError(f"bad scheduler address {address!r}: {error}; expected tcp://HOST:PORT") from None
    if not host:
        raise ClusterError(f"bad scheduler address {address!r}: no host; expected tcp://HOST:PORT")
