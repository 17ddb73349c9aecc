"""What the commands that serve every game (``play``, ``arena``) share: ``--game``,
and each game's own options, which the game's cli face declares
(:meth:`deberts.cli.faces.GameCli.own_options`) and the command passes through to
the game without naming them. Another game's option given on the command line is an error,
not silently ignored."""

from __future__ import annotations

from typing import Any

import click
from click.core import ParameterSource

from deberts.cli.common import CliError, Decorator
from deberts.cli.faces import cli_of
from deberts.errors import DebertsError
from deberts.model.registry import Game, default_game, find_game, games

#: ``--game``: the game the command plays, by its registered name.
game_option: Decorator = click.option(
    "--game", default=default_game().name, show_default=True, metavar="GAME",
    help=f"The game: {', '.join(game.name for game in games())}; --set takes its rule "
    "options.",
)

#: ``--set OPTION=VALUE``: every game's rules take their options by name.
settings_option: Decorator = click.option(
    "--set", "settings", multiple=True, metavar="OPTION=VALUE",
    help="Change one rule option of the game, e.g. bella=trick_winner (repeatable).",
)


def chosen_game(name: str) -> Game:
    """The game of ``--game``, one line naming the games there are when unknown."""
    try:
        return find_game(name)
    except DebertsError:
        raise CliError(f"bad --game {name!r}: expected one of "
                       f"{' '.join(game.name for game in games())}") from None


class GameCommand(click.Command):
    """A command with every game's own options for it after the common ones, read
    from the games when the command line is parsed (so a game registered at run
    time brings its options too)."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        names = {param.name for param in params}
        for game in games():
            for param in cli_of(game).own_options(self.name or ""):
                if param.name not in names:
                    names.add(param.name)
                    params.insert(-1, param)  # before --help
        return params


def game_options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """``game``'s own options of the running command from ``given`` (the command's
    parameters beyond its common ones); another game's option given on the command
    line is a one-line error."""
    context = click.get_current_context()
    own = {param.name for param in cli_of(game).own_options(context.command.name or "")}
    for name in sorted(given.keys() - own):
        if context.get_parameter_source(name) is ParameterSource.COMMANDLINE:
            flag = next(param.opts[0] for param in context.command.get_params(context)
                        if param.name == name)
            raise CliError(f"--game {game.name} takes no {flag}: {game.title} has no such "
                           "option, and --set takes its rule options")
    return {name: value for name, value in given.items() if name in own}
