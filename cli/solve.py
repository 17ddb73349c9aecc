"""``deberts solve`` for one position and ``deberts batch`` for a file of them."""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from typing import BinaryIO, TextIO

import click

from deberts import Solver, solve
from deberts.cli.common import (
    CliError, ascii_option, json_option, notation_for_stdout, refuse_options, reported,
    require_options, rules_options, setting_options, table_bits_option,
)
from deberts.cli.inputs import EXAMPLE, build_position, build_rules
from deberts.formats import batch as batch_format
from deberts.text.render import render_solution
from deberts.engine.parallel import map_ordered


@click.command(name="solve")
@click.argument("hands", required=False)
@click.option("--trump", help="The trump suit: S, H, D or C.")
@click.option("--declarer", type=int, help="The declarer's seat, 0 first.")
@click.option("--leader", type=int, help="The seat that led the first trick.")
@click.option("--played", default="", metavar="CARDS",
              help="Cards played so far in play order, e.g. '7S AS QS'.")
@rules_options
@json_option
@click.option("--example", is_flag=True,
              help="Solve a built-in full 2-player deal instead of HANDS, --trump, "
              "--declarer and --leader.")
@ascii_option
@table_bits_option
def solve_command(
    hands: str | None,
    trump: str | None,
    declarer: int | None,
    leader: int | None,
    played: str,
    preset: str,
    settings: tuple[str, ...],
    as_json: bool,
    example: bool,
    ascii_only: bool,
    table_bits: int,
) -> None:
    """Solve one position exactly.

    HANDS is the deal: the hands in seat order separated by spaces, each as
    S.H.D.C holdings, as one quoted argument, e.g. "AQJ8.T9.8.J9 7.Q8.KQT7.KQ".
    """
    setting = deal_setting(hands, trump, declarer, leader, example)
    with reported():
        position = build_position(*setting, build_rules(preset, settings), played)
        solution = solve(position, table_bits=table_bits)
    if as_json:
        click.echo(json.dumps(solution.to_dict()))
    else:
        click.echo(render_solution(position, solution, notation_for_stdout(ascii_only)))


def deal_setting(
    hands: str | None, trump: str | None, declarer: int | None, leader: int | None,
    example: bool,
) -> tuple[str, str, int, int]:
    """The deal, trump, declarer and leader: as given, or the built-in example's."""
    given = setting_options(hands, trump, declarer, leader)
    if example:
        refuse_options(given, "--example", "it solves a built-in deal")
        return EXAMPLE["hands"], EXAMPLE["trump"], EXAMPLE["declarer"], EXAMPLE["leader"]
    require_options(given, "--example")
    return hands, trump, declarer, leader  # type: ignore[return-value]


@click.command()
@click.argument("source", metavar="IN.jsonl", type=click.File("rb"))
@click.option("-o", "--output", type=click.File("w", encoding="utf-8", lazy=False),
              default="-", metavar="OUT.jsonl", help="Write here instead of standard output.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Threads solving side by side.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar on stderr (default: when stderr is a terminal).")
@table_bits_option
def batch(
    source: BinaryIO, output: TextIO, jobs: int, progress: bool | None, table_bits: int
) -> None:
    """Solve every position of a JSON Lines file, one output line per input line.

    Each line is an object {"hands": [...], "trump": "H", "declarer": 0,
    "leader": 1, "played": [...], "rules": {"preset": "moscow", ...}}; played and
    rules are optional. The output line is the solution with "line": N, or
    {"line": N, "error": "..."} for a line that cannot be solved.
    """
    show = sys.stderr.isatty() if progress is None else progress
    lines = enumerate(source, start=1)
    records = map_ordered(batch_record, lines, threads=jobs, table_bits=table_bits)
    try:
        with click.progressbar(
            records, length=count_lines(source), label="solving", file=sys.stderr,
        ) if show else nullcontext(records) as bar:
            for record in bar:
                output.write(record + "\n")
                output.flush()
    except OSError as error:
        raise CliError(f"batch stopped: {error}") from None


def count_lines(source: BinaryIO) -> int | None:
    """The number of lines of a seekable input (then rewound), else ``None``."""
    if not source.seekable():
        return None
    start = source.tell()
    count = sum(1 for _ in source)
    source.seek(start)
    return count


def batch_record(solver: Solver, item: tuple[int, bytes]) -> str:
    """The output line of one numbered input line; never raises, so no line is lost."""
    number, raw = item
    try:
        solution = solver.solve(batch_format.loads(raw))
    except (ValueError, MemoryError) as error:
        return batch_format.error_line(number, str(error))
    except Exception as error:  # a solver bug must not cost the lines after it
        return batch_format.error_line(number, f"internal error: {type(error).__name__}: {error}")
    return batch_format.result_line(number, solution.to_dict())
