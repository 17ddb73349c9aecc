"""A game's face in the cli layer: what the generic commands read from the game's
cli folder (:class:`GameCli`), and how they find it (:func:`cli_of`).

A game's click code is the package ``deberts.cli.<name>`` (``cli/<name>/``), found
by the game's registered name. A game from another package names its own module
under ``"cli"`` in its :attr:`~deberts.model.registry.Game.layers`
(``layers = {"cli": "mygame.cli"}``), as it would any layer's face that lives apart. A game with neither has no commands, options or
terminal of its own; a module that fails to import, or lacks a part, is skipped
with one warning line on stderr, so that one broken game harms no other command.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Mapping, Protocol, Sequence, cast

import click

from deberts.errors import excerpt
from deberts.model.registry import Game

if TYPE_CHECKING:
    from deberts.cli.terminal import Terminal

#: The package whose subpackage ``<name>`` is a built-in game's cli face.
PACKAGE = "deberts.cli"
#: The parts a face has, each a function.
PARTS = ("own_commands", "own_options", "terminal_game")


class GameCli(Protocol):
    """What the generic commands read from a game's cli folder: its own commands
    (``deberts <name> solve`` and the rest), its own options of a generic command
    (``play``, ``arena``), and the game at the terminal (``None``: it has none)."""

    def own_commands(self) -> Sequence[click.Command]: ...

    def own_options(self, command: str) -> Sequence[click.Option]:
        """The game's own options of the generic command ``command``, by parameter
        name in what the command passes on (the terminal's ``Table.options``, the
        game's ``arena`` and ``rules_from`` options); the command refuses them for
        another game."""
        ...

    def terminal_game(self) -> Terminal | None: ...


class _NoFace:
    """The face of a game without a cli folder: nothing of its own."""

    def own_commands(self) -> Sequence[click.Command]:
        return ()

    def own_options(self, command: str) -> Sequence[click.Option]:
        return ()

    def terminal_game(self) -> Terminal | None:
        return None


NO_FACE: GameCli = _NoFace()
#: The games already warned about, by name: one warning line a game and process.
_warned: set[str] = set()


def cli_of(game: Game) -> GameCli:
    """``game``'s cli face: the module its ``layers`` name for ``"cli"``, else
    ``deberts.cli.<name>``
    (:data:`NO_FACE` when it has none, or when its module fails to load or lacks a
    part, said once on stderr)."""
    layers = getattr(game, "layers", None)
    named = layers.get("cli") if isinstance(layers, Mapping) else None
    if named is not None and not isinstance(named, str):
        return _skipped(game, f"its cli layer is {excerpt(named)}, expected the "
                        "name of a module")
    name = f"{PACKAGE}.{game.name}" if named is None else named
    try:
        if named is None and not _is_package(name):
            return NO_FACE  # a game without a cli folder of this package
        face = importlib.import_module(name)
    except (Exception, SystemExit) as error:  # a plug-in's bug must not stop every command
        return _skipped(game, f"{name} failed to load: {type(error).__name__}: {error}")
    missing = [part for part in PARTS if not callable(getattr(face, part, None))]
    if missing:
        return _skipped(game, f"{name} has no {', '.join(missing)}()")
    return cast(GameCli, face)  # a module with every part, checked above


def _is_package(name: str) -> bool:
    """Whether ``name`` is a package (a folder of cli/, not one of its modules)."""
    spec = importlib.util.find_spec(name)
    return spec is not None and spec.submodule_search_locations is not None


def _skipped(game: Game, why: str) -> GameCli:
    """No face for ``game``, with one warning line naming it (once)."""
    if game.name not in _warned:
        _warned.add(game.name)
        click.echo(f"deberts: warning: the commands of game {game.name!r} are skipped: "
                   f"{why}"[:300], err=True)
    return NO_FACE
