"""The games the package plays, each one object: python-chess's ``VARIANTS`` and
``find_variant`` for card games.

A :class:`Game` names its model types (position, deal, rules, record) and, by dotted
name, its parts in the higher layers: the solver, the batch-line reader and writer,
the review of a played deal, the renderers, the sampler, the player types and the
arena. The parts are loaded when first asked for, so the model layer imports no
higher layer (``tests/test_layers.py``). Generic code (batch lines, records, the
arena, the CLI, the web API) finds a game by name (:func:`find_game`) or by one of
its objects (:func:`game_of`) and never names one; a new game registers itself with
:func:`register` and touches no generic module.

The built-in games are Deberts (its modules are the layers' top-level ones) and Tertz
(a ``tertz`` subpackage in each layer); each is described in its model package's
``game`` module, listed in :data:`BUILT_IN`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from contextlib import AbstractContextManager
from typing import Any, Callable, Protocol

from deberts.errors import DebertsError

#: The built-in games' descriptions (``module:attribute``), the default game first.
BUILT_IN = ("deberts.variants.deberts.model.game:DEBERTS", "deberts.variants.tertz.model.game:TERTZ")

#: The parts of a game loaded by dotted name, and what each one is.
PARTS = {
    "solver": "the solver class: Solver(table_bits) with value/values/best/line/solve",
    "read_line": "a batch line's decoded object -> the position",
    "write_line": "a position -> its batch line's object (without the game field)",
    "review": "review(position or record, moves, table_bits=..., solver=..., start=N) -> an "
              "analysis with to_dict() (the first N moves taken as given)",
    "render_solution": "render_solution(position, solution, notation) -> the solve report",
    "render_analysis": "render_analysis(analysis, record or None, notation) -> the review report",
    "svg": "svg(position, values) -> the position drawn, each legal move's value marked",
    "sampler": "the sampler of the deals consistent with what a player saw",
    "session": "session(players, rules, target or None, seed, samples, seconds) -> a "
               "play.session.Session: a match against the computer, one decision at a time",
    "web": "the web board's module for the game: view_json(view), board(decision) -> "
           "the view's SVG, result_json(result) and review(result) -> the review's "
           "object or None",
    "players": "player types by name: {name: (maker, {setting: type})}",
    "arena": "arena(specs, deals, seed, rules, jobs, progress, **options) -> a result with to_dict()",
    "render_arena": "render_arena(data) -> the arena's report lines",
    "terminal": "the module that plays the game at the terminal (deberts play): "
                "DEFAULT_AI, TAKES and play(table), as deberts.cli.terminal says",
}


class GameSolution(Protocol):
    """What every game's solution has: the exact margin, the player to move, and one
    JSON object, the wire format of ``solve --json``, batch and the web API."""

    @property
    def margin(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    def move_margins(self) -> dict[Any, int]: ...

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
    between threads."""

    nodes: int

    def limit(
        self, seconds: float | None = None, nodes: int | None = None
    ) -> AbstractContextManager[None]: ...

    def progress(self, observer: Callable[[Any], None]) -> AbstractContextManager[None]: ...

    def value(self, position: Any) -> int: ...

    def values(self, position: Any) -> dict[Any, int]: ...

    def proven_values(
        self, position: Any, observer: Callable[[Any], None] | None = None
    ) -> Any: ...

    def best(self, position: Any) -> tuple[int, Any]: ...

    def line(self, position: Any) -> tuple[int, tuple[Any, ...], Any]: ...

    def solve(self, position: Any) -> GameSolution: ...


@dataclass(frozen=True)
class Game:
    """One game: its name (and aliases), its model types, and its parts in the higher
    layers as ``"module:attribute"`` names, or a module's name for a part that is a
    module (:data:`PARTS`), loaded by :meth:`part`.

    ``record_format`` is the ``format`` field of its game records; ``arena_options``
    the arena's options beyond the common ones (the CLI refuses the others).
    """

    name: str
    title: str
    position: type
    deal: type
    rules: type
    record: type
    record_format: str
    parts: dict[str, str]
    aliases: tuple[str, ...] = ()
    arena_options: tuple[str, ...] = ()
    _loaded: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        unknown = sorted(set(self.parts) - set(PARTS))
        if unknown:
            raise DebertsError(f"game {self.name!r}: unknown part {unknown[0]!r}, "
                               f"expected one of {' '.join(PARTS)}")

    def part(self, name: str) -> Any:
        """The part ``name`` of :data:`PARTS`, imported at its first use."""
        if name not in self._loaded:
            where = self.parts.get(name)
            if where is None:
                raise DebertsError(f"{self.title} has no {name}: {PARTS.get(name, 'no such part')}")
            module, _, attribute = where.partition(":")  # no attribute: the module
            loaded = importlib.import_module(module)
            self._loaded[name] = getattr(loaded, attribute) if attribute else loaded
        return self._loaded[name]

    def solver(self, table_bits: int | None = None) -> GameSolver:
        """A fresh solver for this game (its default table size unless given)."""
        make = self.part("solver")
        solver: GameSolver = make() if table_bits is None else make(table_bits)
        return solver

    def rules_of(self, mapping: dict[str, Any] | None = None) -> Any:
        """The game's rules from a JSON ``rules`` object (the defaults for none)."""
        return self.rules.from_mapping(mapping or {})  # type: ignore[attr-defined]


_GAMES: dict[str, Game] = {}
_NAMES: dict[str, str] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (its name and aliases must be new); returns it."""
    _load_built_in()
    for name in (game.name, *game.aliases):
        if name in _NAMES:
            raise DebertsError(f"game name {name!r} is taken by {_NAMES[name]}")
    _GAMES[game.name] = game
    _NAMES.update({name: game.name for name in (game.name, *game.aliases)})
    return game


def unregister(name: str) -> None:
    """Remove a registered game (a test's own game, say)."""
    game = _GAMES.pop(name)
    for alias in (game.name, *game.aliases):
        del _NAMES[alias]


def games() -> tuple[Game, ...]:
    """Every registered game, the default first."""
    _load_built_in()
    return tuple(_GAMES.values())


def default_game() -> Game:
    """The game of input that names none: Deberts."""
    return games()[0]


def find_game(name: object) -> Game:
    """The game called ``name`` (or one of its aliases), else a :class:`DebertsError`
    naming it and the games there are.

    >>> find_game("tertz").title, find_game("klabor").name
    ('Tertz', 'deberts')
    >>> find_game("chess")
    Traceback (most recent call last):
    deberts.errors.DebertsError: unknown game 'chess': expected one of deberts klabor tertz
    """
    _load_built_in()
    if not isinstance(name, str) or name.lower() not in _NAMES:
        shown = repr(name) if isinstance(name, str) else "not a name"
        raise DebertsError(f"unknown game {shown[:40]}: expected one of {' '.join(_NAMES)}")
    return _GAMES[_NAMES[name.lower()]]


def game_of(value: object) -> Game:
    """The game whose position, deal, rules or record ``value`` is."""
    for game in games():
        if isinstance(value, (game.position, game.deal, game.rules, game.record)):
            return game
    raise DebertsError(f"no game plays a {type(value).__name__}")


def game_of_record(data: dict[str, Any]) -> Game:
    """The game of a decoded record, by its ``format`` field."""
    for game in games():
        if data.get("format") == game.record_format:
            return game
    formats = " ".join(repr(game.record_format) for game in games())
    shown = data.get("format")
    raise DebertsError(f"bad field 'format': expected one of {formats}, got "
                       f"{repr(shown)[:40] if isinstance(shown, str) else 'none'}")


def _load_built_in() -> None:
    """Register the built-in games at the registry's first use."""
    if _GAMES:
        return
    for where in BUILT_IN:
        module, _, attribute = where.partition(":")
        game = getattr(importlib.import_module(module), attribute)
        _GAMES[game.name] = game
        _NAMES.update({name: game.name for name in (game.name, *game.aliases)})
