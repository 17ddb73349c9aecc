"""Solving many Deberts positions in input order, in one mode: on local threads
(:func:`deberts.solve_many`) or on a Dask cluster (:func:`deberts.distributed.solve_many`,
the ``dask`` extra, imported only then)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from deberts.engine.parallel import map_ordered
from deberts.errors import ArgumentError
from deberts.model.arguments import describe
from deberts.variants.deberts.engine.solver import DEFAULT_TABLE_BITS, Solver
from deberts.variants.deberts.model.position import Position

if TYPE_CHECKING:
    from distributed import Client


#: What each mode computes, given a thread's solver and a position.
MODES: dict[str, Callable[[Solver, Position], object]] = {
    "solve": Solver.solve,
    "value": Solver.value,
    "best": Solver.best,
    "values": Solver.values,
}


def solve_many(
    positions: Iterable[Position],
    threads: int = 1,
    mode: str = "solve",
    table_bits: int = DEFAULT_TABLE_BITS,
) -> list[object]:
    """Solve every position (``mode``: solve, value, best or values), in input order."""
    if not isinstance(mode, str) or mode not in MODES:
        raise ArgumentError(f"bad mode {mode!r}: expected one of {' '.join(MODES)}")
    if isinstance(positions, str) or not isinstance(positions, Iterable):
        raise ArgumentError(f"bad positions: expected an iterable of positions, got {describe(positions)}")
    return list(map_ordered(MODES[mode], positions, threads, table_bits, make_solver=Solver))


def solve_many_on(
    positions: Iterable[Position],
    client: Client,
    mode: str = "solve",
    chunk: int | None = None,
    table_bits: int = DEFAULT_TABLE_BITS,
) -> Iterator[object]:
    """Solve every position on the cluster (``mode``: solve, value, best or values),
    yielded in input order: :func:`deberts.solve_many` for a cluster, streamed;
    ``chunk`` positions a task (the cluster map's default when ``None``)."""
    from deberts.engine import distributed

    if not isinstance(mode, str) or mode not in MODES:
        raise ArgumentError(f"bad mode {mode!r}: expected one of {' '.join(MODES)}")
    return distributed.map_ordered(
        MODES[mode], positions, client, distributed.DEFAULT_CHUNK if chunk is None else chunk,
        table_bits=table_bits, make_solver=Solver)
