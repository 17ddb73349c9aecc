"""``deberts arena``: two player types over many duplicate deals."""

from __future__ import annotations

import json
import random
import sys
from contextlib import nullcontext
from typing import Any, TextIO

import click
from click.core import ParameterSource

from deberts.cli.common import (
    CliError,
    Decorator,
    chosen_rules,
    jobs_option,
    json_option,
    players_option,
    progress_option,
    reported,
    rules_options,
    seed_option,
    target_option,
)
from deberts.cli.tertz import tertz_rules
from deberts.play.arena import ArenaResult, MatchOutcome, arena
from deberts.play.tertz.arena import TertzArenaResult, tertz_arena

#: ``--game``: the game the command plays, Deberts or Tertz (docs/rules.md section 4).
game_option: Decorator = click.option(
    "--game", type=click.Choice(["deberts", "tertz"]), default="deberts", show_default=True,
    help="The game: deberts, or tertz (2 players; --set takes Tertz rule options).",
)


def refuse_deberts_options(**options: str) -> None:
    """With ``--game tertz``, an option only Deberts has (``parameter=flag``) given on
    the command line is an error rather than silently ignored."""
    context = click.get_current_context()
    for name, flag in options.items():
        if context.get_parameter_source(name) is ParameterSource.COMMANDLINE:
            raise CliError(f"--game tertz takes no {flag}: Tertz is for 2 players, to 501, "
                           "and --set takes its rule options")


@click.command(name="arena")
@click.argument("first", metavar="PLAYER")
@click.argument("second", metavar="PLAYER")
@game_option
@players_option
@click.option("--deals", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Deals to play at least (whole duplicate matches; Tertz: whole pairs).")
@seed_option
@target_option
@jobs_option("Worker processes")
@click.option("--records", "records_file", type=click.File("w", encoding="utf-8"),
              metavar="FILE.jsonl", help="Write every deal's game record here.")
@progress_option
@rules_options
@json_option
def arena_command(
    first: str, second: str, game: str, players: int, deals: int, seed: int | None,
    target: str, jobs: int, records_file: TextIO | None, progress: bool | None, preset: str,
    settings: tuple[str, ...], as_json: bool,
) -> None:
    """Play PLAYER against PLAYER with duplicate seating and report the first's edge.

    Player types: random, heuristic, pimc, alphamu, with settings as pimc:samples=50,seconds=0.5
    (Tertz's pimc also takes stock_limit). The margin is the first type's side's
    recorded points minus the other's, per deal; every deal played out is also priced
    card by card against double-dummy play, what each type gave away as declarer and
    as defenders. With --game tertz each deal is played twice, the seats swapped, and
    --set takes Tertz rule options.
    """
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
            if game == "tertz":
                refuse_deberts_options(players="--players", target="--target", preset="--rules")
                result: ArenaResult | TertzArenaResult = tertz_arena(
                    (first, second), deals, seed, tertz_rules(settings), jobs, progress=advance)
            else:
                result = arena((first, second), players, deals, seed,
                               chosen_rules(preset, settings), int(target), jobs,
                               progress=advance)
        except OSError as error:
            raise CliError(f"arena stopped: {error}") from None
    data = {**result.to_dict(), "seed": seed}
    if as_json:
        click.echo(json.dumps(data))
        return
    if game == "tertz":
        click.echo("\n".join(tertz_arena_lines(data)))
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
        "Given away against double-dummy play, in margin points a deal by each type's seats:",
        *given_away_lines(data["given_away"]),
    ]))


def given_away_lines(entries: list[dict[str, Any]]) -> list[str]:
    """One line a player type: what its seats gave away as declarer and as
    defenders, each with its 95% interval and the deals it is over."""
    lines = []
    for entry in entries:
        parts = []
        for role in ("declarer", "defenders"):
            figure = entry[f"as_{role}"]
            if figure["mean"] is None:
                parts.append(f"as {role} no deal")
                continue
            low, high = figure["ci95"]
            parts.append(f"as {role} {figure['mean']:.1f} (95% interval {low:.1f} .. "
                         f"{high:.1f}; {figure['deals']} deals)")
        lines.append(f"  {entry['player']}: {', '.join(parts)}.")
    return lines


def tertz_arena_lines(data: dict[str, Any]) -> list[str]:
    """The Tertz arena's report: the margin per deal and the deals won."""
    first, second = data["players"]
    low, high = data["margin_ci95"]
    rlow, rhigh = data["raw_margin_ci95"]
    wlow, whigh = data["deal_win_ci95"]
    return [
        f"Tertz, {first} against {second}: {data['deals']} deals played, {data['pairs']} "
        f"deals each twice with the seats swapped, seed {data['seed']}.",
        f"Mean margin per deal for {first}: {data['mean_margin']:+.1f} recorded "
        f"(95% interval {low:+.1f} .. {high:+.1f}), {data['mean_raw_margin']:+.1f} raw "
        f"({rlow:+.1f} .. {rhigh:+.1f}).",
        f"Deals won by {first} (of those not tied): {100 * data['deal_win_rate']:.1f}% "
        f"(95% interval {100 * wlow:.1f}% .. {100 * whigh:.1f}%).",
    ]
