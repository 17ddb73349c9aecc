"""``deberts analyze``: a played deal card by card against double-dummy play; with
``--records``, a game record of any game (:mod:`deberts.model.registry`)."""

from __future__ import annotations

import json
from typing import Any, BinaryIO

import click

from deberts.analysis.face import analysis_of
from deberts.cli.common import (
    CliError,
    ascii_option,
    hands_argument,
    json_option,
    notation_for_stdout,
    option,
    played_option,
    refuse_options,
    reported,
    setting_options,
    table_bits_option,
)
from deberts.cli.deberts.inputs import build_position
from deberts.cli.deberts.options import (
    chosen_rules,
    given_setting,
    rules_options,
    setting_option_group,
)
from deberts.cli.search_control import controlled, search_options
from deberts.engine.face import new_solver
from deberts.formats.records import MAX_BYTES, loads_complete
from deberts.model.registry import default_game, game_of
from deberts.text.face import text_of
from deberts.text.notation import counted
from deberts.variants.deberts.analysis.review import analyze_play
from deberts.variants.deberts.engine.solver import Solver


@click.command(name="analyze")
@hands_argument(required=False)
@setting_option_group
@played_option
@option("--records", "record_file", "--record", type=click.File("rb"), metavar="FILE",
        help="Analyse a game record (JSON, or JSON lines: --deal picks one) instead of "
        "HANDS and the options above.")
@click.option("--deal", "deal_number", type=click.IntRange(min=1), default=1,
              show_default=True, help="Which record of a JSON-lines record file.")
@click.option("--from", "start", type=click.IntRange(min=0), default=0, show_default=True,
              metavar="N", help="With --records: take the first N moves as given and "
              "review the rest (a Tertz deal's first moves are long searches).")
@rules_options
@json_option
@ascii_option
@table_bits_option
@search_options
def analyze_command(
    hands: str | None,
    trump: str | None,
    declarer: int | None,
    leader: int | None,
    played: str,
    record_file: BinaryIO | None,
    deal_number: int,
    start: int,
    preset: str,
    settings: tuple[str, ...],
    as_json: bool,
    ascii_only: bool,
    table_bits: int,
    seconds: float | None,
    progress: bool | None,
) -> None:
    """Replay a played deal and price every card double-dummy.

    Give HANDS (as dealt, seat order, one quoted argument), --trump and --played
    (--declarer and --leader if not the defaults); or --records FILE. For each card: the margin (declarer
    side minus defenders) under optimal play before and after it, its cost to its
    side in points, and the best cards; then the points each seat lost.
    """
    with reported():
        if record_file is not None:
            record = _record(record_file, deal_number, hands, trump, declarer, leader, played,
                             preset, settings)
            game = game_of(record)  # a record of any game: its own solver, review, report
            solver: Any = new_solver(game, table_bits if _given("table_bits") else None)
            with controlled(solver, seconds, progress):
                analysis = analysis_of(game).analyze_play(record, solver=solver, start=start)
        else:
            if start:
                raise CliError("--from takes --records: with HANDS, --played is the play")
            record, game, solver = None, default_game(), Solver(table_bits)
            rules = chosen_rules(preset, settings)
            position = build_position(
                *given_setting(hands, trump, declarer, leader, rules, "--records FILE"), rules
            )
            with controlled(solver, seconds, progress):
                analysis = analyze_play(position, played, solver=solver)
    if as_json:
        click.echo(json.dumps(analysis.to_dict()))
    else:
        render = text_of(game).render_analysis
        click.echo(render(analysis, record, notation_for_stdout(ascii_only)))


def _given(parameter: str) -> bool:
    """Whether ``parameter`` was given on the command line (not its default)."""
    source = click.get_current_context().get_parameter_source(parameter)
    return source is click.core.ParameterSource.COMMANDLINE


def _record(
    source: BinaryIO, number: int, hands: str | None, trump: str | None,
    declarer: int | None, leader: int | None, played: str, preset: str,
    settings: tuple[str, ...],
) -> Any:
    """Record ``number`` of the file (of any game); the options a record carries may
    not be given."""
    context = click.get_current_context()
    on_command_line = (
        context.get_parameter_source("preset") == click.core.ParameterSource.COMMANDLINE
    )
    refuse_options({
        **setting_options(hands, trump, declarer, leader),
        "--played": played or None,
        "--set": settings or None,
        "--rules": preset if on_command_line else None,
    }, "--records", "the record holds the deal")
    records, cut = loads_complete(source.read(MAX_BYTES + 1))
    if cut is not None and number > len(records):
        raise CliError(str(cut))
    if cut is not None:  # the deals before it are whole: said once, and read
        click.echo(f"deberts: warning: {cut}", err=True)
    if number > len(records):
        raise CliError(f"--deal {number}: the file holds {counted(len(records), 'record')}")
    record = records[number - 1]
    if getattr(record, "thrown_in", False):
        raise CliError(f"record {number}: the cards were thrown in, there is no play")
    return record
