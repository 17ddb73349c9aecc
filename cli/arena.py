"""``deberts arena``: two player types over many duplicate deals."""

from __future__ import annotations

import json
import os
import sys
from contextlib import nullcontext
from typing import TextIO

import click

from deberts.play.arena import MatchOutcome, arena
from deberts.cli.common import CliError, chosen_rules, json_option, reported, rules_options


@click.command(name="arena")
@click.argument("first", metavar="PLAYER")
@click.argument("second", metavar="PLAYER")
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True,
              help="Seats at the table.")
@click.option("--deals", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Deals to play at least (whole duplicate matches).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the shuffles.")
@click.option("--target", type=click.Choice(["301", "501", "1001"]), default="301",
              show_default=True, help="Match target.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=os.cpu_count() or 1,
              show_default="one a core", help="Worker processes.")
@click.option("--records", "records_file", type=click.File("w", encoding="utf-8"),
              metavar="FILE.jsonl", help="Write every deal's game record here.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar on stderr (default: when stderr is a terminal).")
@rules_options
@json_option
def arena_command(
    first: str, second: str, players: int, deals: int, seed: int, target: str, jobs: int,
    records_file: TextIO | None, progress: bool | None, preset: str,
    settings: tuple[str, ...], as_json: bool,
) -> None:
    """Play PLAYER against PLAYER with duplicate seating and report the first's edge.

    Player types: random, heuristic, pimc, with settings as pimc:samples=50,seconds=0.5.
    The margin is the first type's side's recorded points minus the other's, per deal.
    """
    rules = chosen_rules(preset, settings)
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
    data = result.to_dict()
    if as_json:
        click.echo(json.dumps(data))
        return
    low, high = data["margin_ci95"]
    wlow, whigh = data["match_win_ci95"]
    click.echo("\n".join([
        f"{first} against {second}: {data['seats']} players, {data['deals']} deals in "
        f"{data['matches']} matches to {target}, duplicate seating.",
        f"Mean margin per deal for {first}: {data['mean_margin']:+.1f} "
        f"(95% interval {low:+.1f} .. {high:+.1f}).",
        f"Matches won by {first}: {100 * data['match_win_rate']:.1f}% "
        f"(95% interval {100 * wlow:.1f}% .. {100 * whigh:.1f}%).",
    ]))
