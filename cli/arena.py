"""``deberts arena``: two player types over many duplicate deals."""

from __future__ import annotations

import json
import random
import sys
from contextlib import nullcontext
from typing import Any

import click

from deberts.cli.common import (
    jobs_option,
    json_option,
    progress_option,
    refuse_empty,
    reported,
    seed_option,
)
from deberts.cli.games import GameCommand, chosen_game, game_option, game_options, settings_option
from deberts.cli.output_files import replaced
from deberts.cli.signals import stopped_by_signals
from deberts.model.registry import Game, games
from deberts.play.face import play_of
from deberts.text.face import text_of


class ArenaCommand(GameCommand):
    """The arena's help ends with each game's player types and their settings, read
    from the games' ``players`` parts when the help is shown (the players' modules
    are not imported for any other command)."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        with formatter.section("Player types (settings as pimc:samples=50,seconds=0.5)"):
            formatter.write_dl([(game.name, player_types(game))
                                for game in games() if game.provides("play")])


def player_types(game: Game) -> str:
    """``game``'s player types, each with the settings it takes."""
    return "; ".join(f"{name} ({', '.join(settings)})" if settings else name
                     for name, (_, settings) in play_of(game).TYPES.items())


@click.command(name="arena", cls=ArenaCommand)
@click.argument("first", metavar="PLAYER")
@click.argument("second", metavar="PLAYER")
@game_option
@click.option("--deals", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Deals to play at least: whole matches to --target, each in every "
              "seating, are played until this many deals are done, so a few more may be "
              "(the report gives the count; a game may play whole pairs of deals).")
@seed_option
@jobs_option("Worker processes playing the deals")
@click.option("--records", "records_path", type=click.Path(dir_okay=False),
              metavar="FILE.jsonl", help="Write every deal's game record here (replacing "
              "the file at the end; it is left as it was if the arena stops).")
@progress_option
@settings_option
@json_option
def arena_command(
    first: str, second: str, game: str, deals: int, seed: int | None, jobs: int,
    records_path: str | None, progress: bool | None, settings: tuple[str, ...],
    as_json: bool, **own: Any,
) -> None:
    """Play PLAYER against PLAYER with duplicate seating and report the first's edge.

    The margin is the first type's side's recorded points minus the other's, per
    deal; every deal played out is also priced card by card against double-dummy play,
    what each type gave away as declarer and as defenders. Each deal is played in
    every seating, so that both types hold the same cards.
    """
    if seed is None:
        seed = random.randrange(2**32)  # shown in the report, so the run can be repeated
    show = sys.stderr.isatty() if progress is None else progress
    bar = click.progressbar(length=deals, label="playing", file=sys.stderr)
    refuse_empty("--records", records_path)
    chosen = chosen_game(game)
    options = game_options(chosen, own)
    with reported():
        rules = chosen.rules_from(settings, options)
    with replaced(records_path) as records_file, reported(), \
            bar if show else nullcontext(), stopped_by_signals():

        def advance(outcome: Any) -> None:  # a game's arena's outcome: margins, records
            if show:
                bar.update(len(outcome.margins))
            if records_file is not None:
                records_file.writelines((json.dumps(record) + "\n").encode("utf-8")
                                        for record in outcome.records)

        result = play_of(chosen).run_arena((first, second), deals, seed, rules, jobs, advance,
                                          options)
    data = {**result.to_dict(), "seed": seed}
    if as_json:
        click.echo(json.dumps(data))
        return
    click.echo("\n".join(text_of(chosen).arena_lines(data)))
