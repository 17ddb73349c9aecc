"""The ordered map on whichever workers the caller has: local threads, or the
workers of a Dask client (the ``dask`` extra, imported only then)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

from deberts.engine import parallel
from deberts.engine.owner import CLI_TABLE_BITS

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")
R = TypeVar("R")


def map_ordered(
    work: Callable[[Any, T], R],
    items: Iterable[T],
    client: Client | None = None,
    threads: int = 1,
    table_bits: int = CLI_TABLE_BITS,
    chunk: int | None = None,
    *,
    make_solver: Callable[[int], Any],
) -> Iterator[R]:
    """``work(solver, item)`` for each item, yielded in input order: on ``client``'s
    cluster (:func:`deberts.engine.distributed.map_ordered`), or on ``threads``
    local threads when it is ``None`` (:func:`deberts.engine.parallel.map_ordered`).
    ``chunk``: items a task, each map's own default when ``None``; ``make_solver``:
    each worker's solver from the table size (a game's solver class)."""
    size = {} if chunk is None else {"chunk": chunk}
    if client is None:
        return parallel.map_ordered(work, items, threads, table_bits,
                                    make_solver=make_solver, **size)
    from deberts.engine import distributed
    return distributed.map_ordered(work, items, client, table_bits=table_bits,
                                   make_solver=make_solver, **size)
