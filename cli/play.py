"""``deberts play``: a person against the computer at the terminal, in any game
with a ``terminal`` part (:mod:`deberts.cli.terminal`).

At every question the person may type ``help`` (or ``?``) for the commands, and
``q`` (or ``quit``) to leave the match; the deals played so far stay in the
``--record`` file. The end of the input leaves the match too, with exit status 1
(:data:`deberts.cli.terminal.INPUT_ENDED`).
"""

from __future__ import annotations

from typing import Any, TextIO

import click
from click.core import ParameterSource

from deberts.cli.arena import GAME_OPTIONS, chosen_game, game_option, refuse_game_options
from deberts.cli.common import (
    CliError,
    option,
    ascii_option,
    notation_for_stdout,
    players_option,
    reported,
    rules_options,
    seed_option,
    target_option,
)
from deberts.cli.terminal import Table
from deberts.model.registry import Game, games


class PlayCommand(click.Command):
    """``deberts play`` with every game's own options (:meth:`Game.play_options`)
    after the common ones, read from the games when the command line is parsed."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        common = super().get_params(ctx)
        names = {param.name for param in common}
        for game in games():
            for param in game.play_options():
                if param.name not in names:
                    names.add(param.name)
                    common.insert(-1, param)  # before --help
        return common


def game_options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """``game``'s own options of ``given`` (the command's extra parameters); another
    game's option given on the command line is an error, not silently ignored."""
    own = {param.name for param in game.play_options()}
    context = click.get_current_context()
    for name in sorted(given.keys() - own):
        if context.get_parameter_source(name) is ParameterSource.COMMANDLINE:
            flag = next(param.opts[0] for param in context.command.get_params(context)
                        if param.name == name)
            raise CliError(f"--game {game.name} takes no {flag}: {game.title} has no such "
                           "option")
    return {name: value for name, value in given.items() if name in own}


@click.command(name="play", cls=PlayCommand)
@game_option
@players_option
@click.option("--ai", "ai_spec", metavar="SPEC",
              help="The computer players' type and settings (default: the game's own, "
              "e.g. pimc:samples=50,bid_samples=40,seconds=1.0 for Deberts).")
@target_option
@click.option("--deals", type=click.IntRange(min=1), help="Stop after this many deals.")
@seed_option
@click.option("--confirm/--no-confirm", default=True, show_default=True,
              help="Ask before each card is final (u takes a misclick back).")
@option("--records", "record_file", "--record", type=click.File("w", encoding="utf-8", lazy=False),
              metavar="FILE.jsonl",
              help="Save each deal's game record here, one a line, as it ends.")
@rules_options
@ascii_option
def play_command(
    game: str, players: int, ai_spec: str | None, target: str, deals: int | None,
    seed: int | None, confirm: bool, record_file: TextIO | None,
    preset: str, settings: tuple[str, ...], ascii_only: bool, **own: Any,
) -> None:
    """Play Deberts (or, with --game tertz, Tertz to 501) against the computer, with
    a double-dummy review of your play after each deal. Type help at any question
    for the commands, q to quit."""
    chosen = chosen_game(game)
    with reported():
        terminal = chosen.terminal()
    refuse_game_options(chosen, terminal.TAKES, GAME_OPTIONS)
    options = game_options(chosen, own)
    with reported():
        preset_taken = preset if "preset" in terminal.TAKES else None
        rules = chosen.rules.from_settings(settings, preset_taken)  # type: ignore[attr-defined]
    terminal.play(Table(
        ai_spec=ai_spec or terminal.DEFAULT_AI, deals=deals, seed=seed, confirm=confirm,
        record_file=record_file, notation=notation_for_stdout(ascii_only), rules=rules,
        players=players, target=int(target), options=options))
