"""``deberts arena``: two player types over many duplicate deals."""

from __future__ import annotations

import json
import random
import sys
from contextlib import nullcontext
from typing import TextIO

import click

from deberts.play.arena import MatchOutcome, arena
from deberts.cli.common import (
    CliError, chosen_rules, jobs_option, json_option, players_option, progress_option,
    reported, rules_options, seed_option, target_option,
)


@click.command(name="arena")
@click.argument("first", metavar="PLAYER")
@click.argument("second", metavar="PLAYER")
@players_option
@click.option("--deals", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Deals to play at least (whole duplicate matches).")
@seed_option
@target_option
@jobs_option("Worker processes")
@click.option("--records", "records_file", type=click.File("w", encoding="utf-8"),
              metavar="FILE.jsonl", help="Write every deal's game record here.")
@progress_option
@rules_options
@json_option
def arena_command(
    first: str, second: str, players: int, deals: int, seed: int | None, target: str, jobs: int,
    records_file: TextIO | None, progress: bool | None, preset: str,
    settings: tuple[str, ...], as_json: bool,
) -> None:
    """Play PLAYER against PLAYER with duplicate seating and report the first's edge.

    Player types: random, heuristic, pimc, with settings as pimc:samples=50,seconds=0.5.
    The margin is the first type's side's recorded points minus the other's, per deal.
    """
    rules = chosen_rules(preset, settings)
    if seed is None:
        seed = random.randrange(2**32)  # shown in the report, so the run can be repeated
    show = sys.stderr.isatty() if progress is None else progress
    bar = click.progressbar(length=deals, label="playing", file=sys.stderr)

    def advance(outcome: MatchOutcome) -> None:
        if show:
            bar.update(len(outcome.margins))
        if records_file is not None:
            for record in outcome.records:
                records_file.write(json.dumps(record) + "\n")

    with reported(), bar if show else nullcontext():
        try:
            result = arena((first, second), players, deals, seed, rules, int(target), jobs,
                           progress=advance)
        except OSError as error:
            raise CliError(f"arena stopped: {error}") from None
    data = {**result.to_dict(), "seed": seed}
    if as_json:
        click.echo(json.dumps(data))
        return
    low, high = data["margin_ci95"]
    wlow, whigh = data["match_win_ci95"]
    click.echo("\n".join([
        f"{first} against {second}: {data['seats']} players, {data['deals']} deals in "
        f"{data['matches']} matches to {target}, duplicate seating, seed {seed}.",
        f"Mean margin per deal for {first}: {data['mean_margin']:+.1f} "
        f"(95% interval {low:+.1f} .. {high:+.1f}).",
        f"Matches won by {first}: {100 * data['match_win_rate']:.1f}% "
        f"(95% interval {100 * wlow:.1f}% .. {100 * whigh:.1f}%).",
    ]))
