"""The ``deberts`` command: one group, its commands generated from the games.

The generic commands serve every game: ``batch`` solves positions of any game,
``arena`` and ``play`` run games between players, ``serve`` starts the web board.
The default game's own commands (its ``solve``, ``analyze``, ``deal`` and the
others it has) sit at the top level, and every game's are in a group of its name
(``deberts <game> solve``; the default game's group is not listed, its commands
being those of the top level). The games are asked when a command is looked
up, so a game registered at run time has its commands too. Every command reports bad
input as one line on stderr, exit status 2.
"""

from __future__ import annotations

from typing import Any

import click

from deberts import __version__
from deberts.cli.arena import arena_command
from deberts.cli.batch import batch
from deberts.cli.common import ReportingGroup
from deberts.cli.faces import cli_of
from deberts.cli.play import play_command
from deberts.cli.serve import serve_command
from deberts.model.registry import Game, default_game, games

#: The commands every game shares.
GENERIC = {command.name or "": command
           for command in (batch, arena_command, play_command, serve_command)}


class GameGroup(ReportingGroup):
    """A group whose commands are the generic ones, the default game's own, and a
    group for each game (its own commands), read from the registry when asked."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        own = {command.name or "" for command in cli_of(default_game()).own_commands()}
        return [*GENERIC, *sorted(own - set(GENERIC)), *(game.name for game in games())]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in GENERIC:
            return GENERIC[cmd_name]
        for command in cli_of(default_game()).own_commands():
            if command.name == cmd_name:
                return command
        for game in games():
            if cmd_name == game.name:
                return game_group(game)
        return None


def game_group(game: Game) -> click.Group:
    """The group of ``game``'s own commands: ``deberts <name> solve`` and the rest.
    The default game's is hidden from the help (and the reference site), whose top
    level lists the same commands: ``deberts <default> solve`` still works, so that
    a script may name the game of every command it runs."""
    commands = {command.name or "": command for command in cli_of(game).own_commands()}
    verbs = ", ".join(name for name in commands if name) or "no commands of its own"
    return OwnCommands(game, name=game.name, commands=commands,
                       help=f"{game.title}: {verbs}.", hidden=game is default_game())


class OwnCommands(click.Group):
    """A game's group of its own commands, whose help also names the commands of
    every game that play it (asked of the game when the help is shown)."""

    def __init__(self, game: Game, **settings: Any) -> None:
        super().__init__(**settings)
        self.game = game

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        game, name = self.game, self.game.name
        generic = [f'deberts batch (a line with "game": "{name}")']
        if game.provides("play"):
            generic.append(f"deberts arena --game {name}")
        if cli_of(game).terminal_game() is not None:
            generic.append(f"deberts play --game {name}")
        if game.provides("web"):
            generic.append("deberts serve (the web board)")
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(f"{game.title} is also played by the commands every game "
                                 f"shares: {', '.join(generic)}.")


@click.group(cls=GameGroup)
@click.version_option(__version__, prog_name="deberts")
def main() -> None:
    """Exact double-dummy analysis of card games: the default game's commands,
    and a group of commands for each other game the package plays."""
