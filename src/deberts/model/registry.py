"""The games the package plays, each one object: python-chess's ``VARIANTS`` and
``find_variant`` for card games.

A game is an instance of a :class:`Game` subclass, which holds the model's facts of
the game: its names, its title, its model types (position, deal, rules, record) and
its record format. Its parts in the higher layers are its **faces**, found by
convention: the layer ``L`` of a game is the package ``<game package>.L`` (for this
package's games ``deberts.variants.<game>.L``), and that package is the face, with the
same names in every game. Each generic layer that reads a game declares, in its own
package, the ``typing.Protocol`` of what it reads and a function that finds it:

* engine (:mod:`deberts.engine.face`): ``Solver``;
* analysis (:mod:`deberts.analysis.face`): ``analyze_play``, the review;
* play (:mod:`deberts.play.face`): ``TYPES``, ``run_arena``; ``start_session``;
* formats (:mod:`deberts.formats.face`): ``read_line``, ``write_line``;
* text (:mod:`deberts.text.face`): ``render_solution``, ``arena_lines``,
  ``values_svg``, ``DRAWINGS``, ``SVG_OPTIONS``;
* web (:mod:`deberts.web.face`): ``PAGES``, ``ROUTERS``, ``Fields``; ``view_json``,
  ``board``, ``result_json``, ``review``.

:meth:`Game.face` imports the game's layer package and checks that it has every name
of the Protocol (a :class:`DebertsError` naming what a game lacks); the layer's
function casts it to its Protocol, and each game's ``game.py`` assigns every face to
its Protocol under ``TYPE_CHECKING``, so that mypy checks every name and signature.
Any layer, the command line's too, finds its part of a game the same way: declare the
Protocol, call ``game.face("<layer>", Protocol)``; a game whose face of a layer lives
elsewhere (its command-line code beside the ``deberts`` command's, ``deberts.cli.<game>``)
names that module in :attr:`Game.layers`. The model layer so imports no
higher layer (``tests/test_layers.py``). Generic code (batch lines, records, the
arena, the CLI, the web API) finds a game by name (:func:`find_game`) or by one of its
objects (:func:`game_of`), asks it for its faces, and never names one.

The games are found where Python finds plugins: the ``deberts.games`` entry-point
group (:mod:`importlib.metadata`), where this package lists its own games and an
outside package lists its own. :func:`register` adds one at run time.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import sys
import threading
from collections.abc import Hashable
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any, ClassVar, Mapping, Protocol, Self, Sequence, TypeVar

from deberts.errors import ArgumentError, DebertsError

#: The entry-point group where games are listed.
ENTRY_POINTS = "deberts.games"
#: The distribution whose entry points are the built-in games.
_DISTRIBUTION = "deberts"
#: Where a game plug-in that fails to load is reported (one line on stderr when the
#: application configures no logging).
_LOG = logging.getLogger("deberts.games")


#: A move of any game (a card, a swap, a break): hashable, named by ``str``.
GameMove = Hashable


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


_Own = TypeVar("_Own")


class Game:
    """One game: its name (and aliases), its model types and its record format; its
    parts in the higher layers are its faces (:meth:`face`).

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
    #: The module of a layer's face where it is not ``<package>.<layer>``, by layer
    #: (a game whose command-line code lives beside the ``deberts`` command's, say).
    layers: ClassVar[Mapping[str, str]] = {}

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    @property
    def package(self) -> str:
        """The game's package, where its layers are: the package of the module that
        defines the game's class (that module itself when it is a package)."""
        module = sys.modules[type(self).__module__]
        return module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]

    def layer(self, layer: str) -> str:
        """The module of the game's face in ``layer``: ``<package>.<layer>``, unless
        :attr:`layers` names another."""
        return self.layers.get(layer, f"{self.package}.{layer}")

    def provides(self, layer: str) -> bool:
        """Whether this game has a ``layer`` module (a face in that layer)."""
        try:
            return importlib.util.find_spec(self.layer(layer)) is not None
        except (ImportError, ValueError):  # no such package, or a game in no package
            return False

    def face(self, layer: str, protocol: type) -> ModuleType:
        """The game's face in ``layer``: its module :meth:`layer` (the package
        ``<package>.<layer>``), which has every name of ``protocol`` (the layer's
        ``typing.Protocol`` of what it reads); a :class:`DebertsError` names what the
        game lacks. The layer's own function (``engine_of``, ``web_of``, ...) gives it
        the Protocol's type."""
        where = self.layer(layer)
        try:
            module = importlib.import_module(where)
        except ModuleNotFoundError as error:
            if error.name is None or not (where + ".").startswith(error.name + "."):
                raise  # a module the game's layer imports is missing: not the layer
            raise DebertsError(f"{self.title} has no {layer} layer") from None
        missing = [name for name in face_members(protocol) if not hasattr(module, name)]
        if missing:
            raise DebertsError(f"{self.title} has no {' '.join(missing)} in its {layer} layer")
        return module

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

    def _lacks(self, part: str) -> DebertsError:
        return DebertsError(f"{self.title} has no {part}")

    # -- the command line (its faces' move is under way) ---------------------


def face_members(protocol: type) -> tuple[str, ...]:
    """The public names a face ``protocol`` declares: its annotated attributes, its
    methods and its properties."""
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {name for name, value in vars(protocol).items()
              if callable(value) or isinstance(value, property)}
    return tuple(sorted(name for name in names if not name.startswith("_")))


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
    names = (getattr(game, "name", None), *getattr(game, "aliases", ()))
    for name in names:
        if not isinstance(name, str) or not name:
            raise DebertsError(f"bad game name {name!r}: expected a non-empty string")
        if name.lower() in _NAMES:
            raise DebertsError(f"game name {name!r} is taken by {_NAMES[name.lower()]}")
    if len({str(name).lower() for name in names}) < len(names):
        raise DebertsError(f"game {game.name!r} gives a name twice: {' '.join(names)}")
    _GAMES[game.name] = game
    _NAMES.update({str(name).lower(): game.name for name in names})


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
