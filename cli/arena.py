"""``deberts arena``: two player types over many duplicate deals."""

from __future__ import annotations

import json
import random
import sys
from contextlib import nullcontext
from typing import Any, Collection

import click
from click.core import ParameterSource

from deberts.cli.common import (
    CliError,
    Decorator,
    jobs_option,
    json_option,
    players_option,
    progress_option,
    refuse_empty,
    reported,
    rules_options,
    seed_option,
    target_option,
)
from deberts.cli.output_files import replaced
from deberts.cli.signals import stopped_by_signals
from deberts.errors import DebertsError
from deberts.model.registry import Game, default_game, find_game, games

#: ``--game``: the game the command plays, by its registered name.
game_option: Decorator = click.option(
    "--game", default=default_game().name, show_default=True, metavar="GAME",
    help=f"The game: {', '.join(game.name for game in games())}; --set takes its rule "
    "options.",
)

#: The options that only some games' arenas take: parameter name, flag.
GAME_OPTIONS = {"players": "--players", "target": "--target", "preset": "--rules"}


def chosen_game(name: str) -> Game:
    """The game of ``--game``, one line naming the games there are when unknown."""
    try:
        return find_game(name)
    except DebertsError:
        raise CliError(f"bad --game {name!r}: expected one of "
                       f"{' '.join(game.name for game in games())}") from None


def refuse_game_options(
    game: Game, takes: Collection[str], flags: dict[str, str] = GAME_OPTIONS
) -> None:
    """An option of ``flags`` (parameter name: flag) that ``game`` does not take (not
    in ``takes``), given on the command line, is an error rather than silently
    ignored."""
    context = click.get_current_context()
    for name, flag in flags.items():
        given = context.get_parameter_source(name) is ParameterSource.COMMANDLINE
        if given and name not in takes:
            raise CliError(f"--game {game.name} takes no {flag}: {game.title} has no such "
                           "option, and --set takes its rule options")


class ArenaCommand(click.Command):
    """The arena's help ends with each game's player types and their settings, read
    from the games' ``players`` parts when the help is shown (the players' modules
    are not imported for any other command)."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        with formatter.section("Player types (settings as pimc:samples=50,seconds=0.5)"):
            formatter.write_dl([(game.name, player_types(game))
                                for game in games() if "players" in game.parts])


def player_types(game: Game) -> str:
    """``game``'s player types, each with the settings it takes."""
    return "; ".join(f"{name} ({', '.join(settings)})" if settings else name
                     for name, (_, settings) in game.part("players").items())


@click.command(name="arena", cls=ArenaCommand)
@click.argument("first", metavar="PLAYER")
@click.argument("second", metavar="PLAYER")
@game_option
@players_option
@click.option("--deals", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Deals to play at least: whole matches to --target, each in every "
              "seating, are played until this many deals are done, so a few more may be "
              "(the report gives the count; Tertz: whole pairs of deals).")
@seed_option
@target_option
@jobs_option("Worker processes")
@click.option("--records", "records_path", type=click.Path(dir_okay=False),
              metavar="FILE.jsonl", help="Write every deal's game record here (replacing "
              "the file at the end; it is left as it was if the arena stops).")
@progress_option
@rules_options
@json_option
def arena_command(
    first: str, second: str, game: str, players: int, deals: int, seed: int | None,
    target: str, jobs: int, records_path: str | None, progress: bool | None,
    preset: str | None,
    settings: tuple[str, ...], as_json: bool,
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
    with reported():
        chosen = chosen_game(game)
        refuse_game_options(chosen, chosen.arena_options)
        preset = preset if "preset" in chosen.arena_options else None
        rules = chosen.rules.from_settings(settings, preset)  # type: ignore[attr-defined]
    given = {"players": players, "target": int(target)}
    options = {name: given[name] for name in chosen.arena_options if name in given}
    with replaced(records_path) as records_file, reported(), \
            bar if show else nullcontext(), stopped_by_signals():

        def advance(outcome: Any) -> None:  # a game's arena's outcome: margins, records
            if show:
                bar.update(len(outcome.margins))
            if records_file is not None:
                records_file.writelines((json.dumps(record) + "\n").encode("utf-8")
                                        for record in outcome.records)

        result = chosen.part("arena")(
            (first, second), deals=deals, seed=seed, rules=rules, jobs=jobs,
            progress=advance, **options)
    data = {**result.to_dict(), "seed": seed}
    if as_json:
        click.echo(json.dumps(data))
        return
    click.echo("\n".join(chosen.part("render_arena")(data)))
