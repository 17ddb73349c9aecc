"""What both solvers share: a compiled search object that owns a fixed-size
transposition table, its size checked once; the lock that lets one search at a
time use the table, so that a solver shared by threads is safe; and the limit and
progress observer that the calling thread's searches run under, and the values
search that returns what it has proven when stopped (:meth:`SearchOwner._proven`)."""

from __future__ import annotations

import contextlib
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterator, TypeVar, cast, overload

from deberts.engine.limit import Deadlines, Limit
from deberts.engine.partial import (
    STOPPED_AT_LIMIT,
    STOPPED_BY_INTERRUPT,
    PartialValues,
    Proof,
)
from deberts.errors import ArgumentError, SearchInterrupted
from deberts.model.arguments import describe, instance, integer

if TYPE_CHECKING:
    from deberts.engine._shell import TableSearch

#: The most threads or processes a run uses side by side (a thread pool, a local
#: cluster's workers): each holds its own table and stack, so more would only cost
#: memory.
MAX_WORKERS = 64
#: The table sizes the engines accept, as log2 of their entries.
TABLE_BITS_RANGE = (4, 30)
#: The table size the commands give every game's solver unless told (``--table-bits``):
#: 2**18 entries, the size whole deals of either game solved fastest at here.
CLI_TABLE_BITS = 18
# Far beyond any deal margin: a value-search guess or a threshold is cut to this,
# so that any integer fits the engine's C int (no margin comes near it anyway).
GUESS_LIMIT = 1 << 20


@dataclass(frozen=True)
class Progress:
    """Where a running search stands: the nodes searched, the seconds since it
    began, and the interval proven to hold the value being searched, as a deal
    margin (``lower`` or ``upper`` None while that side is not proven). When every
    move's value is asked for, ``searching`` is the move being solved, the
    ``move``-th (from 1) of ``moves``, the interval is its value's, and ``values``
    every move's value as far as proven; otherwise they are None, 0, 0 and None."""

    nodes: int
    seconds: float
    lower: int | None = None
    upper: int | None = None
    move: int = 0
    moves: int = 0
    searching: Any = None
    values: PartialValues[Any] | None = None


#: A compiled search: its table's size in bytes, a way to empty it, and the limit
#: and observer of its later searches (each engine's ``TableSearch``, typed once in
#: ``deberts/engine/_shell.pyi``).
S = TypeVar("S", bound="TableSearch")
Owner = TypeVar("Owner", bound="SearchOwner[Any, Any, Any]")
P = TypeVar("P")
M = TypeVar("M")


class SearchOwner(ABC, Generic[S, P, M]):
    """A compiled search made with ``table_bits`` (an int in :data:`TABLE_BITS_RANGE`,
    else :class:`deberts.ArgumentError`), used under a lock; ``nodes`` is the last
    search's node count. ``P`` is the game's position and ``M`` its move; the game's
    solver gives its values search (:meth:`_values_search`)."""

    def __init__(self, make: Callable[[int], S], table_bits: int) -> None:
        self.nodes = 0
        self._search = make(integer("table_bits", table_bits, *TABLE_BITS_RANGE))
        self._lock = threading.Lock()
        self._watch = threading.local()

    @overload
    def limit(self, limit: Limit, /) -> contextlib.AbstractContextManager[None]: ...

    @overload
    def limit(
        self, seconds: float | None = None, nodes: int | None = None,
        cpu_seconds: float | None = None,
    ) -> contextlib.AbstractContextManager[None]: ...

    def limit(
        self, seconds: Limit | float | None = None, nodes: int | None = None,
        cpu_seconds: float | None = None,
    ) -> contextlib.AbstractContextManager[None]:
        """Within the ``with`` block, in the calling thread only, a search stops and
        raises :class:`deberts.SearchInterrupted` once it passes the :class:`Limit`
        given (``solver.limit(Limit(seconds=2))``), or the one of the ``seconds``,
        ``nodes`` and ``cpu_seconds`` given (``solver.limit(seconds=2)``, the same),
        counted from the block's start: a time budget that holds, and what the
        table learned before the stop stays, and is sound. Nested limits keep the
        earlier deadlines; ``None`` is no limit. Ctrl-C stops any search within
        about a tenth of a second, limit or not."""
        if isinstance(seconds, Limit):
            if nodes is not None or cpu_seconds is not None:
                raise ArgumentError("bad arguments: give a Limit, or seconds, nodes and "
                                    "cpu_seconds, not both")
            return self._limited(seconds)
        return self._limited(Limit(seconds, nodes, cpu_seconds))

    @contextlib.contextmanager
    def _limited(self, limit: Limit) -> Iterator[None]:
        """:meth:`limit`'s block: ``limit`` from now on, within the thread's outer one."""
        outer = getattr(self._watch, "limit", Deadlines())
        self._watch.limit = limit.start().within(outer)
        try:
            yield
        finally:
            self._watch.limit = outer

    @contextlib.contextmanager
    def progress(self, observer: Callable[[Progress], None]) -> Iterator[None]:
        """Within the ``with`` block, in the calling thread only, each search calls
        ``observer`` with its :class:`Progress` about every tenth of a second (none
        for a search that ends sooner), as each move's value is proven when every
        move's is asked for, and once more where a search stops before its end.
        What the observer raises stops the search and is raised by the solver's
        call."""
        if not callable(observer):
            raise ArgumentError(f"bad observer: {describe(observer)}; expected a callable")
        outer = getattr(self._watch, "observer", None)
        self._watch.observer = observer
        try:
            yield
        finally:
            self._watch.observer = outer

    @contextlib.contextmanager
    def _searching(self, settled: int = 0, proof: Proof[Any] | None = None) -> Iterator[None]:
        """The table's lock, and the calling thread's limit and observer set on the
        search (the observer's interval shifted by the ``settled`` margin; a values
        search's values gathered in ``proof``)."""
        with self._lock:
            configure(self._search, self._watching(), settled, proof)
            yield

    @contextlib.contextmanager
    def _searching_worlds(self) -> Iterator[None]:
        """:meth:`_searching` for a batch of worlds searched in one call: the
        observer's :class:`Progress` has the batch's nodes and seconds only (an
        interval would be one world's, in its own terms)."""
        watching = self._watching()
        observer = watching.observer
        if observer is not None:
            told = observer
            watching = Watching(watching.deadlines,
                                lambda progress: told(Progress(progress.nodes, progress.seconds)))
        with self._lock:
            configure(self._search, watching, 0)
            yield

    def proven_values(
        self, position: P, observer: Callable[[PartialValues[M]], None] | None = None,
    ) -> PartialValues[M]:
        """Every legal move's margin as far as the search proves it within the
        calling thread's :meth:`limit` (or before Ctrl-C): the moves whose margin is
        proven, the interval proven to hold each other move's, marked partial when
        the search stopped before the end. ``observer`` gets the values so far as
        each move's is proven and about every tenth of a second."""
        proof, run = self._values_search(position)
        return self._proven(run, proof, observer)

    @abstractmethod
    def _values_search(self, position: P) -> tuple[Proof[M], Callable[[Proof[M]], object]]:
        """The search of every legal move's value of ``position`` (checked first)
        and where it gathers the values as they are proven."""

    def _proven(self, run: Callable[[Proof[M]], object], proof: Proof[M],
                observer: Callable[[PartialValues[M]], None] | None) -> PartialValues[M]:
        """Run the values search ``run`` gathering its values in ``proof``, and
        return every move's value as far as proven: all of them, or where the
        search stopped at the calling thread's limit or by Ctrl-C (marked partial,
        with why). ``observer`` gets the values so far as each move's is proven
        and about every tenth of a second; the thread's own progress observer
        still gets its :class:`Progress`."""
        if observer is not None and not callable(observer):
            raise ArgumentError(f"bad observer: {describe(observer)}; expected a callable")
        outer = getattr(self._watch, "observer", None)
        started = time.monotonic()
        nodes = [0]

        def observe(progress: Progress) -> None:
            nodes[0] = progress.nodes
            if observer is not None and progress.values is not None:
                observer(progress.values)
            if outer is not None:
                outer(progress)

        stopped = None
        with self.progress(observe):
            try:
                run(proof)
                nodes[0] = self.nodes
            except SearchInterrupted:
                stopped = STOPPED_AT_LIMIT
            except KeyboardInterrupt:
                stopped = STOPPED_BY_INTERRUPT
        return proof.partial_values(nodes[0], time.monotonic() - started, stopped)

    def _watching(self) -> Watching:
        """The calling thread's limit and observer (which also stops the search once
        the thread's :func:`stopped_by` event is set)."""
        observer = getattr(self._watch, "observer", None)
        event: threading.Event | None = getattr(_stopping, "event", None)
        if event is not None:
            _stop_if_set(event)  # a short search never reaches the observer
            observer = _stopping_observer(event, observer)
        return Watching(getattr(self._watch, "limit", Deadlines()), observer)

    @property
    def table_bytes(self) -> int:
        """The memory the table holds, fixed by ``table_bits``."""
        return self._search.table_bytes

    def clear(self) -> None:
        """Forget everything the table holds."""
        with self._lock:
            self._search.clear()


#: Per thread, the event that stops every search of the thread (:func:`stopped_by`).
_stopping = threading.local()


@contextlib.contextmanager
def stopped_by(event: threading.Event) -> Iterator[None]:
    """Within the ``with`` block, in the calling thread, every solver's search stops
    within about a tenth of a second of ``event`` being set, raising
    :class:`deberts.SearchInterrupted`: how a pool of threads stops its searches when
    its caller is interrupted (signals reach the main thread only)."""
    outer = getattr(_stopping, "event", None)
    _stopping.event = event
    try:
        yield
    finally:
        _stopping.event = outer


def _stopping_observer(event: threading.Event, observer: Callable[[Progress], None] | None
                       ) -> Callable[[Progress], None]:
    """``observer`` (if any), after a check that raises once ``event`` is set."""
    def watched(progress: Progress) -> None:
        _stop_if_set(event)
        if observer is not None:
            observer(progress)

    return watched


def _stop_if_set(event: threading.Event) -> None:
    if event.is_set():
        raise SearchInterrupted("the search stopped: its run was interrupted")


@dataclass(frozen=True)
class Watching:
    """A running limit and a progress observer (or None)."""

    deadlines: Deadlines
    observer: Callable[[Progress], None] | None


def configure(search: TableSearch, watching: Watching, settled: int,
              proof: Proof[Any] | None = None) -> None:
    """Set ``watching``'s limit and observer on ``search`` (the observer's interval
    shifted by the ``settled`` margin; a values search's values gathered in
    ``proof`` and passed on in each :class:`Progress`)."""
    deadlines = watching.deadlines
    search.limit(deadlines.wall, deadlines.nodes, deadlines.cpu)
    observer = watching.observer
    if observer is None:
        search.observe(None)
        return
    started = time.monotonic()
    last = Progress(0, 0.0)

    def tell(nodes: int, lower: int | None, upper: int | None, searching: int | None,
             move: int, moves: int) -> None:
        nonlocal last
        seconds = time.monotonic() - started
        values = None
        if proof is not None:
            proof.searching(lower, upper, move)
            values = proof.partial_values(nodes, seconds)
        last = Progress(nodes, seconds,
                        None if lower is None else settled + lower,
                        None if upper is None else settled + upper, move, moves,
                        None if searching is None or proof is None else proof.move_of(searching),
                        values)
        observer(last)

    def found(moves: list[int], values: list[int]) -> None:
        assert proof is not None
        proof.found(moves, values)
        if len(values) < len(moves):
            tell(last.nodes, None, None, moves[len(values)], len(values) + 1, len(moves))
        else:
            tell(last.nodes, None, None, None, 0, len(moves))

    search.observe(tell, None if proof is None else found)


def relative_margin(name: str, margin: object, settled: int) -> int:
    """A deal margin given by the caller (an int, else :class:`deberts.ArgumentError`
    naming ``name``), relative to the ``settled`` points and cut to
    +-GUESS_LIMIT, so that any integer fits the engine's C int."""
    relative = integer(name, margin) - settled
    return max(-GUESS_LIMIT, min(GUESS_LIMIT, relative))


def given_or_new(kind: type[Owner], solver: Owner | None, table_bits: int | None) -> Owner:
    """The caller's solver of ``kind``, or a new one with a table of ``table_bits``
    (its default when None); not both."""
    if solver is None:
        make = cast(Callable[..., Owner], kind)  # each solver's own table_bits default
        return make() if table_bits is None else make(table_bits)
    if table_bits is not None:
        raise ArgumentError("bad arguments: give a solver or table_bits, not both")
    return cast(Owner, instance("solver", solver, kind, f"a {kind.__name__}"))
