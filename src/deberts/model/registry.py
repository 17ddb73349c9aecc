"""The games the package plays, each one object: python-chess's ``VARIANTS`` and
``find_variant`` for card games.

A game is an instance of a :class:`Game` subclass. Its class names the game's model
types (position, deal, rules, record) and its methods give the game's parts in the
higher layers: the solver, the batch-line reader and writer, the review of a played
deal, the renderers, the player types, the arena, the session of the web board, the
terminal table and the command-line commands. Each method imports its part inside
the game's own package when first called, so the model layer imports no higher layer
(``tests/test_layers.py``). Generic code (batch lines, records, the arena, the CLI,
the web API) finds a game by name (:func:`find_game`) or by one of its objects
(:func:`game_of`), asks it for its parts, and never names one.

The games are found where Python finds plugins: the ``deberts.games`` entry-point
group (:mod:`importlib.metadata`), where this package lists its own games and an
outside package lists its own. :func:`register` adds one at run time.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from contextlib import AbstractContextManager
import logging
from importlib.metadata import EntryPoint, entry_points
from collections.abc import Hashable, Iterator, Set
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Protocol, Self, Sequence, TypeVar

from deberts.errors import ArgumentError, DebertsError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    import click
    from fastapi import APIRouter
    from pydantic import BaseModel

#: The entry-point group where games are listed.
ENTRY_POINTS = "deberts.games"
#: The distribution whose entry points are the built-in games.
_DISTRIBUTION = "deberts"
#: Where a game plug-in that fails to load is reported (one line on stderr when the
#: application configures no logging).
_LOG = logging.getLogger("deberts.games")


#: A move of any game (a card, a swap, a break): hashable, named by ``str``.
GameMove = Hashable


class MoveValues(Protocol):
    """Every legal move's margin, by move: each game's own mapping, keyed by its own
    moves, read through its moves and items."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[GameMove]: ...

    def items(self) -> Set[tuple[GameMove, int]]: ...


class GamePosition(Protocol):
    """What every game's position has: its legal moves and whether the deal is over."""

    def legal_moves(self) -> Sequence[GameMove]: ...

    def is_over(self) -> bool: ...


class GameRules(Protocol):
    """What every game's rules have: made from a JSON ``rules`` object or from
    ``--set OPTION=VALUE`` settings (with a preset, for a game that has presets),
    and written back as JSON."""

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> Self: ...

    @classmethod
    def from_settings(cls, settings: Sequence[str] = (), preset: str | None = None) -> Self: ...

    def to_dict(self) -> dict[str, Any]: ...


class ProvenValues(Protocol):
    """What a search proved of every move's value within its limit, as JSON (each
    game's ``deberts.engine.partial.PartialValues``)."""

    def to_dict(self) -> dict[str, Any]: ...


class GameSession(Protocol):
    """A match against the computer, one decision at a time, with the person at
    ``seat`` (a :class:`deberts.play.session.Session`)."""

    seat: int

    def start_deal(self) -> None: ...

    def answer(self, text: str) -> None: ...

    def close(self) -> None: ...


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
    between threads."""

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


class Report(Protocol):
    """A result that generic code writes out as JSON: an analysis, an arena's."""

    def to_dict(self) -> dict[str, Any]: ...


class Web(Protocol):
    """A game on the web board's Play page: a decision's view as JSON and drawn, a
    finished deal's result as JSON, and its review (``None`` when there is none)."""

    def view_json(self, view: Any) -> dict[str, Any]: ...

    def board(self, decision: Any) -> str: ...

    def result_json(self, result: Any) -> dict[str, Any]: ...

    def review(self, result: Any) -> dict[str, Any] | None: ...


class Terminal(Protocol):
    """A game at the terminal (``deberts play``): the computer's default type, and
    the match played at a :class:`deberts.cli.terminal.Table`."""

    DEFAULT_AI: str

    def play(self, table: Any) -> None: ...


_Solver = TypeVar("_Solver")
_Own = TypeVar("_Own")

@dataclass(frozen=True)
class Page:
    """A page of the web board: its ``path`` and its ``title`` in the nav bar, its
    ``body`` (HTML, set in the frame every page shares) and its ``script``
    (JavaScript, served as ``/pages/<stem>.js``)."""

    path: str
    title: str
    stem: str
    body: str
    script: str

    @classmethod
    def read(cls, path: str, title: str, folder: Traversable, stem: str) -> Page:
        """The page whose body and script are ``<stem>.html`` and ``<stem>.js`` of
        ``folder`` (a package's files)."""
        return cls(path, title, stem, (folder / f"{stem}.html").read_text(encoding="utf-8"),
                   (folder / f"{stem}.js").read_text(encoding="utf-8"))


#: A player type: its maker (settings as keywords) and its settings' types.
PlayerType = tuple[Callable[..., Any], Mapping[str, type]]


class Game(ABC):
    """One game: its name (and aliases), its model types, its record format, and its
    parts in the higher layers, each a method.

    ``rank`` orders the games in listings, the lowest first: the default game of
    input that names none. A part a game lacks raises a :class:`DebertsError` that
    says so; :meth:`provides` asks first.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    rank: ClassVar[int] = 100
    position: ClassVar[type[GamePosition]]
    deal: ClassVar[type]
    rules: ClassVar[type[GameRules]]
    record: ClassVar[type]
    record_format: ClassVar[str]

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    def provides(self, part: str) -> bool:
        """Whether this game has the part (method) ``part``."""
        method = getattr(type(self), part, None)
        return method is not None and method is not getattr(Game, part, None)

    def _lacks(self, part: str) -> DebertsError:
        return DebertsError(f"{self.title} has no {part}")

    # -- the engine ---------------------------------------------------------

    @abstractmethod
    def solver_class(self) -> type[GameSolver]:
        """The solver class: ``Solver(table_bits)`` with the :class:`GameSolver` calls."""

    def solver(self, table_bits: int | None = None) -> GameSolver:
        """A fresh solver for this game (its default table size unless given)."""
        make = self.solver_class()
        return make() if table_bits is None else make(table_bits)

    def own_solver(self, solver: GameSolver | None, kind: type[_Solver]) -> _Solver | None:
        """``solver`` as this game's solver class ``kind`` (``None`` stays ``None``):
        another game's solver is an :class:`ArgumentError`, not a wrong answer."""
        return None if solver is None else self.own(solver, kind, "solver")

    def own(self, value: object, kind: type[_Own], what: str) -> _Own:
        """``value`` (a position, rules, a solver that generic code hands the game)
        as this game's own type ``kind``: another game's is an
        :class:`ArgumentError` naming ``what`` it is, not a wrong answer."""
        if isinstance(value, kind):
            return value
        raise ArgumentError(f"bad {what}: a {type(value).__name__} is not of "
                            f"{self.title}, expected {self.title}'s {kind.__name__}")

    def rules_of(self, mapping: Mapping[str, Any] | None = None) -> GameRules:
        """The game's rules from a JSON ``rules`` object (the defaults for none)."""
        return self.rules.from_mapping(mapping or {})

    def rules_from(self, settings: Sequence[str], options: Mapping[str, Any]) -> GameRules:
        """The game's rules from ``--set OPTION=VALUE`` settings and the game's own
        command-line options (:meth:`options`)."""
        return self.rules.from_settings(settings)

    # -- formats ------------------------------------------------------------

    @abstractmethod
    def read_line(self, data: Mapping[str, Any]) -> GamePosition:
        """A batch line's decoded object -> the position."""

    @abstractmethod
    def write_line(self, position: GamePosition) -> dict[str, Any]:
        """A position -> its batch line's object (without the game field)."""

    def line_fields(self) -> type[BaseModel] | None:
        """The game's own fields of a position as the web API reads it, a
        :class:`deberts.web.requests.LineFields` model (its descriptions and examples
        are the API schema's); ``None``: the fields every game has."""
        return None

    # -- analysis and text --------------------------------------------------

    def review(self, played: Any, moves: Any = None, *, solver: GameSolver | None = None,
               start: int = 0) -> Report:
        """The review of a played deal (a position and its ``moves``, or a record),
        the first ``start`` moves taken as given, on ``solver`` (a fresh one when
        ``None``)."""
        raise self._lacks("review")

    def render_solution(self, position: Any, solution: Any, notation: Any) -> str:
        """The text report of ``deberts solve``."""
        raise self._lacks("solve report")

    def render_analysis(self, analysis: Any, record: Any, notation: Any) -> str:
        """The text report of ``deberts analyze`` (``record`` or ``None``)."""
        raise self._lacks("review report")

    def svg(self, position: GamePosition, values: MoveValues,
            options: Mapping[str, Any] | None = None) -> str:
        """The position drawn, each legal move's value marked; ``options`` are the
        game's own drawing options (:meth:`svg_options`)."""
        raise self._lacks("drawing")

    def drawings(self) -> Sequence[tuple[type, Callable[[Any], str]]]:
        """The game's objects that draw themselves in a notebook, each with its
        drawing (the :class:`deberts.model.display.Drawn` hooks ask every game)."""
        return ()

    def svg_options(self) -> tuple[str, ...]:
        """The drawing options :meth:`svg` takes (the web API refuses others)."""
        return ()

    # -- play ---------------------------------------------------------------

    def players(self) -> Mapping[str, PlayerType]:
        """The player types by name."""
        raise self._lacks("players")

    def arena(self, specs: Sequence[str], deals: int, seed: int, rules: GameRules, jobs: int,
              progress: Callable[[Any], None] | None = None,
              options: Mapping[str, Any] | None = None) -> Report:
        """Two player types over ``deals`` duplicate deals on ``jobs`` processes, each
        match's outcome to ``progress``; ``options`` are the game's own options of
        the arena (:meth:`options`)."""
        raise self._lacks("arena")

    def render_arena(self, data: Mapping[str, Any]) -> list[str]:
        """The arena's report lines, from its JSON object."""
        raise self._lacks("arena report")

    def session(self, players: int, rules: GameRules, target: int | None, seed: int | None,
                samples: int, seconds: float) -> GameSession:
        """A match against the computer, one decision at a time (a
        :class:`deberts.play.session.Session`)."""
        raise self._lacks("session")

    def web(self) -> Web:
        """The game on the web board's Play page."""
        raise self._lacks("web play")

    def pages(self) -> Sequence[Page]:
        """The game's pages of the web board, in the nav bar's order."""
        return ()

    def routers(self) -> Sequence[APIRouter]:
        """The game's own endpoints of the web API, beside those of every game."""
        return ()

    def terminal(self) -> Terminal:
        """The game at the terminal."""
        raise self._lacks("terminal play")

    def options(self, command: str) -> Sequence[click.Option]:
        """The game's own options of the generic command ``command`` (``play``,
        ``arena``), by parameter name in what the command passes on: the terminal's
        table's ``options``, :meth:`arena`'s ``options`` and :meth:`rules_from`'s.
        The command refuses them for another game."""
        return ()

    def commands(self) -> Sequence[click.Command]:
        """The game's own commands (``deberts <name> solve``, ...)."""
        return ()


_GAMES: dict[str, Game] = {}
_NAMES: dict[str, str] = {}
_LOADED = False
_IN_PROGRESS = False
#: Held while the installed games load, so that a second thread waits for them.
_LOADING = threading.RLock()


def register(game: Game) -> Game:
    """Add ``game`` to the registry (its name and aliases must be new); returns it."""
    _load_installed()
    _add(game)
    return game


def _add(game: Game) -> None:
    """Register ``game``: a :class:`Game` whose name and aliases are strings that no
    registered game has, compared lower-cased as :func:`find_game` looks them up."""
    if not isinstance(game, Game):
        raise DebertsError(f"cannot register a {type(game).__name__}: expected a Game")
    names = (game.name, *game.aliases)
    for name in names:
        if not isinstance(name, str) or not name:
            raise DebertsError(f"bad game name {name!r}: expected a non-empty string")
        if name.lower() in _NAMES:
            raise DebertsError(f"game name {name!r} is taken by {_NAMES[name.lower()]}")
    if len({name.lower() for name in names}) < len(names):
        raise DebertsError(f"game {game.name!r} gives a name twice: {' '.join(names)}")
    _GAMES[game.name] = game
    _NAMES.update({name.lower(): game.name for name in names})


def unregister(name: str) -> None:
    """Remove a registered game (a test's own game, say)."""
    game = _GAMES.pop(name)
    for alias in (game.name, *game.aliases):
        del _NAMES[alias.lower()]


def games() -> tuple[Game, ...]:
    """Every registered game, the default first."""
    _load_installed()
    return tuple(sorted(_GAMES.values(), key=lambda game: (game.rank, game.name)))


def default_game() -> Game:
    """The game of input that names none (the lowest :attr:`Game.rank`)."""
    return games()[0]


def find_game(name: object) -> Game:
    """The game called ``name`` (or one of its aliases), else a :class:`DebertsError`
    naming it and the games there are.

    >>> first = games()[0]
    >>> find_game(first.name.upper()) is first, find_game(first.name).name == first.name
    (True, True)
    >>> find_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    deberts.errors.DebertsError: unknown game 'chess': expected one of ...
    """
    _load_installed()
    if not isinstance(name, str) or name.lower() not in _NAMES:
        shown = repr(name) if isinstance(name, str) else "not a name"
        known = " ".join(sorted(_NAMES))
        raise DebertsError(f"unknown game {shown[:40]}: expected one of {known}")
    return _GAMES[_NAMES[name.lower()]]


def game_of(value: object) -> Game:
    """The game whose position, deal, rules or record ``value`` is."""
    for game in games():
        if isinstance(value, (game.position, game.deal, game.rules, game.record)):
            return game
    raise DebertsError(f"no game plays a {type(value).__name__}")


def game_of_record(data: Mapping[str, Any]) -> Game:
    """The game of a decoded record, by its ``format`` field."""
    for game in games():
        if data.get("format") == game.record_format:
            return game
    formats = " ".join(repr(game.record_format) for game in games())
    shown = data.get("format")
    raise DebertsError(f"bad field 'format': expected one of {formats}, got "
                       f"{repr(shown)[:40] if isinstance(shown, str) else 'none'}")


def _load_installed() -> None:
    """Register the games of the ``deberts.games`` entry points at the registry's
    first use: each names a :class:`Game` instance. This package's own games load
    first, so that no plug-in takes their names; a plug-in that fails to load (it
    raises, even ``SystemExit``, names a missing module or attribute, gives no game or
    a taken name) is skipped with one warning naming it, and the other games work."""
    global _LOADED, _IN_PROGRESS
    if _LOADED:
        return
    with _LOADING:
        if _LOADED or _IN_PROGRESS:
            return  # loaded, or a plug-in being loaded asks for the games loaded so far
        _IN_PROGRESS = True
        try:
            points = sorted(entry_points(group=ENTRY_POINTS), key=lambda point: not _own(point))
            for point in points:
                try:
                    _add(point.load())
                except (Exception, SystemExit) as error:  # one plug-in harms no other game
                    _LOG.warning("deberts: game plug-in %r (%s) failed to load and is skipped: "
                                 "%s: %s", point.name, point.value, type(error).__name__,
                                 " ".join(str(error).split())[:200])
            _LOADED = True
        finally:
            _IN_PROGRESS = False


def _own(point: EntryPoint) -> bool:
    """Whether ``point`` is listed by this package's own distribution."""
    dist = getattr(point, "dist", None)
    return dist is not None and dist.metadata["Name"] == _DISTRIBUTION
