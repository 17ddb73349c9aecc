"""What the layers above read of a game's engine: its solver class, the ``Solver`` of
the game's engine package (``deberts.variants.<game>.engine``, found by
:meth:`deberts.model.registry.Game.face`)."""

from __future__ import annotations

from collections.abc import Iterator, Set
from contextlib import AbstractContextManager
from typing import Any, Callable, Protocol, cast

from deberts.model.registry import Game, GameMove


class MoveValues(Protocol):
    """Every legal move's margin, by move: each game's own mapping, keyed by its own
    moves, read through its moves and items."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[GameMove]: ...

    def items(self) -> Set[tuple[GameMove, int]]: ...


class ProvenValues(Protocol):
    """What a search proved of every move's value within its limit, as JSON (each
    game's ``deberts.engine.partial.PartialValues``)."""

    def to_dict(self) -> dict[str, Any]: ...


class GameSolution(Protocol):
    """What every game's solution has: the exact margin, the player to move, and one
    JSON object, the wire format of ``solve --json``, batch and the web API."""

    @property
    def margin(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    def move_margins(self) -> MoveValues: ...

    def to_dict(self) -> dict[str, Any]: ...


class GameSolver(Protocol):
    """The solver contract every game keeps (the ``Protocol`` of python-chess's
    engines): ``value`` the int margin of the side that the game scores from,
    ``values`` every legal move's margin, ``best`` the margin and one optimal move,
    ``line`` the margin, an optimal line and its score, ``solve`` everything,
    ``proven_values`` every move's margin as far as the search proves it within the
    limit (a ``deberts.engine.partial.PartialValues``: each move's value the
    moment it is proven, told to ``observer``, and what a stopped search proved),
    ``nodes`` the last search's node count, and ``limit``/``progress`` the calling
    thread's budget and observer for the searches in a ``with`` block. Safe to share
    between threads. A position of another game is an ``ArgumentError``."""

    nodes: int

    def __init__(self, table_bits: int = ...) -> None: ...

    def limit(
        self, seconds: float | None = None, nodes: int | None = None
    ) -> AbstractContextManager[None]: ...

    def progress(self, observer: Callable[[Any], None]) -> AbstractContextManager[None]: ...

    def value(self, position: Any) -> int: ...

    def values(self, position: Any) -> MoveValues: ...

    def proven_values(
        self, position: Any, observer: Callable[[Any], None] | None = None
    ) -> ProvenValues: ...

    def best(self, position: Any) -> tuple[int, GameMove]: ...

    def line(self, position: Any) -> tuple[int, tuple[GameMove, ...], object]: ...

    def solve(self, position: Any) -> GameSolution: ...


class EngineFace(Protocol):
    """A game's engine package: ``Solver(table_bits)``, the default table size unless
    given, with the :class:`GameSolver` calls."""

    @property
    def Solver(self) -> type[GameSolver]: ...  # noqa: N802 - the class, by its name


def engine_of(game: Game) -> EngineFace:
    """``game``'s engine face."""
    return cast(EngineFace, game.face("engine", EngineFace))


def new_solver(game: Game, table_bits: int | None = None) -> GameSolver:
    """A fresh solver of ``game`` (its default table size unless given)."""
    make = engine_of(game).Solver
    return make() if table_bits is None else make(table_bits)
