"""``deberts play``: a person against the computer at the terminal, in any game
whose cli face has a terminal game (:class:`deberts.cli.terminal.Terminal`).

At every question the person may type ``help`` (or ``?``) for the commands, and
``q`` (or ``quit``) to leave the match; the deals played so far stay in the
``--records`` file, which grows a whole line a deal (appended to, so that several
matches' records gather in one file; :class:`deberts.formats.output_file.LineAppender`). The end of the input leaves the match too, with exit status 1
(:data:`deberts.cli.terminal.INPUT_ENDED`).
"""

from __future__ import annotations

from typing import Any

import click

from deberts.cli.common import (
    CliError,
    ascii_option,
    bounded_answers,
    notation_for_stdout,
    option,
    refuse_empty,
    reported,
    seed_option,
)
from deberts.cli.faces import cli_of
from deberts.cli.games import GameCommand, chosen_game, game_option, game_options, settings_option
from deberts.cli.output_files import appended
from deberts.cli.terminal import Table


@click.command(name="play", cls=GameCommand)
@game_option
@click.option("--ai", "ai_spec", metavar="SPEC",
              help="The computer players' type and settings (default: the game's own, "
              "e.g. pimc:samples=50,seconds=1.0).")
@click.option("--deals", type=click.IntRange(min=1), help="Stop after this many deals.")
@seed_option
@click.option("--confirm/--no-confirm", default=True, show_default=True,
              help="Ask before each card is final (u takes a misclick back).")
@option("--records", "record_path", "--record", type=click.Path(dir_okay=False),
        metavar="FILE.jsonl",
        help="Add each deal's game record to this file, one a line, as it ends.")
@settings_option
@ascii_option
def play_command(
    game: str, ai_spec: str | None, deals: int | None, seed: int | None, confirm: bool,
    record_path: str | None, settings: tuple[str, ...], ascii_only: bool, **own: Any,
) -> None:
    """Play a game against the computer (the default game, or the one --game names),
    with a double-dummy review of your play after each deal. Each game adds options
    of its own, listed here; another game's are refused. Type help at any question
    for the commands, q to quit."""
    chosen = chosen_game(game)
    options = game_options(chosen, own)
    terminal = cli_of(chosen).terminal_game()
    if terminal is None:
        raise CliError(f"{chosen.title} has no terminal play")
    with reported():
        rules = chosen.rules_from(settings, options)
    refuse_empty("--records", record_path)
    with appended(record_path) as record_file, bounded_answers():
        terminal.play(Table(
            ai_spec=ai_spec or terminal.DEFAULT_AI, deals=deals, seed=seed, confirm=confirm,
            record_file=record_file, notation=notation_for_stdout(ascii_only), rules=rules,
            options=options))
