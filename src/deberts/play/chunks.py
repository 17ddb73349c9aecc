"""Self-play in chunks, wherever it is asked to run: in this process, on a pool of
worker processes, or on the workers of a Dask cluster
(:func:`deberts.engine.distributed.map_ordered`). Each chunk is played from its own
arguments alone, so a run's results are the same wherever its chunks ran."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from deberts.engine.owner import MAX_WORKERS
from deberts.model.arguments import integer
from deberts.play.workers import worker_pool

if TYPE_CHECKING:
    from distributed import Client

R = TypeVar("R")


def _on_worker(solver: None, item: tuple[Callable[..., R], tuple[Any, ...]]) -> R:
    """A chunk on a Dask worker."""
    play, arguments = item
    return play(*arguments)


def _no_solver(table_bits: int) -> None:
    """A Dask worker's solver: none, the players search with solvers of their own."""


def played_chunks(
    play: Callable[..., R], chunks: Sequence[tuple[Any, ...]], jobs: int = 1,
    client: Client | None = None,
) -> Iterator[R]:
    """``play(*chunk)`` for each of ``chunks``, in their order: in this process, on
    ``jobs`` worker processes, or on ``client``'s Dask cluster. ``play`` is a
    function of an importable module, as the workers import it by name. A run
    stopped (SIGINT, SIGTERM raised as the CLI raises them, the iterator closed)
    kills its worker processes at once (:func:`deberts.play.workers.worker_pool`)."""
    jobs = integer("jobs", jobs, 1, MAX_WORKERS)
    return _played(play, list(chunks), jobs, client)


def _played(play: Callable[..., R], chunks: list[tuple[Any, ...]], jobs: int,
            client: Client | None) -> Iterator[R]:
    if client is not None:
        from deberts.engine.distributed import map_ordered
        yield from map_ordered(_on_worker, [(play, chunk) for chunk in chunks], client,
                               chunk=1, make_solver=_no_solver)
    elif jobs == 1:
        for chunk in chunks:
            yield play(*chunk)
    else:
        with worker_pool(jobs) as pool:
            yield from pool.map(play, *zip(*chunks))
