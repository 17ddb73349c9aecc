"""``deberts play``: a person against the computer at the terminal, in any game
with a ``terminal`` part (:mod:`deberts.cli.terminal`).

At every question the person may type ``help`` (or ``?``) for the commands, and
``q`` (or ``quit``) to leave the match; the deals played so far stay in the
``--records`` file, which grows a whole line a deal (appended to, so that several
matches' records gather in one file; :class:`deberts.formats.output_file.LineAppender`). The end of the input leaves the match too, with exit status 1
(:data:`deberts.cli.terminal.INPUT_ENDED`).
"""

from __future__ import annotations

import click

from deberts.cli.arena import chosen_game, game_option, refuse_game_options
from deberts.cli.common import (
    option,
    ascii_option,
    bounded_answers,
    notation_for_stdout,
    players_option,
    refuse_empty,
    reported,
    rules_options,
    seed_option,
    target_option,
)
from deberts.cli.output_files import appended
from deberts.cli.terminal import GAME_FLAGS, Table

#: ``--review-stock``'s default: a Tertz person's moves are reviewed from this many
#: cards left to draw on (the engine needs minutes for a whole deal).
REVIEW_STOCK = 4


@click.command(name="play")
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
@option("--records", "record_path", "--record", type=click.Path(dir_okay=False),
        metavar="FILE.jsonl",
        help="Add each deal's game record to this file, one a line, as it ends.")
@click.option("--review-stock", type=click.IntRange(0, 14), default=REVIEW_STOCK,
              show_default=True,
              help="Tertz: review your moves made with at most this many cards left to "
              "draw (14: all of them, minutes a deal).")
@rules_options
@ascii_option
def play_command(
    game: str, players: int, ai_spec: str | None, target: str, deals: int | None,
    seed: int | None, confirm: bool, record_path: str | None, review_stock: int,
    preset: str, settings: tuple[str, ...], ascii_only: bool,
) -> None:
    """Play Deberts (or, with --game tertz, Tertz to 501) against the computer, with
    a double-dummy review of your play after each deal. Type help at any question
    for the commands, q to quit."""
    chosen = chosen_game(game)
    with reported():
        terminal = chosen.part("terminal")
    refuse_game_options(chosen, terminal.TAKES, GAME_FLAGS)
    with reported():
        preset_taken = preset if "preset" in terminal.TAKES else None
        rules = chosen.rules.from_settings(settings, preset_taken)  # type: ignore[attr-defined]
    refuse_empty("--records", record_path)
    with appended(record_path) as record_file, bounded_answers():
        terminal.play(Table(
            ai_spec=ai_spec or terminal.DEFAULT_AI, deals=deals, seed=seed, confirm=confirm,
            record_file=record_file, notation=notation_for_stdout(ascii_only), rules=rules,
            players=players, target=int(target), review_stock=review_stock))
