"""The ``deberts`` command: ``deberts solve`` for one position, ``deberts batch`` for many.

Bad input never gives a traceback: it is one line ``deberts: error: <message>`` on
stderr and exit status 2, whether the library or Click found the problem.
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager, nullcontext
from typing import Any, BinaryIO, Iterator, TextIO

import click

from deberts import DEFAULT_TABLE_BITS, PRESETS, DebertsError, Solver, __version__, solve
from deberts.cards import SUIT_SYMBOLS
from deberts.cli.inputs import EXAMPLE, build_position, build_rules, parse_record
from deberts.cli.render import Notation, render_solution
from deberts.parallel import map_ordered


class CliError(click.ClickException):
    """Bad input, shown as one line ``deberts: error: <message>``; exit status 2."""

    exit_code = 2

    def show(self, file: TextIO | None = None) -> None:
        click.echo(f"deberts: error: {self.format_message()}", err=True)


class DebertsGroup(click.Group):
    """A command group that reports Click's own usage errors as one line too."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            message = error.format_message()
            if error.ctx:
                stop = "" if message.endswith(".") else "."
                message += f"{stop} See '{error.ctx.command_path} --help'."
            raise CliError(message) from None


@contextmanager
def reported() -> Iterator[None]:
    """Turn the library's input errors (and a table too big to allocate) into a
    :class:`CliError`."""
    try:
        yield
    except (DebertsError, MemoryError) as error:
        raise CliError(str(error)) from None


table_bits_option = click.option(
    "--table-bits",
    type=click.IntRange(4, 30),
    default=DEFAULT_TABLE_BITS,
    show_default=True,
    help="Size of the transposition table: 2**N entries.",
)


@click.group(cls=DebertsGroup)
@click.version_option(__version__, prog_name="deberts")
def main() -> None:
    """Exact double-dummy analysis of Deberts deals."""


@main.command(name="solve")
@click.argument("hands", required=False)
@click.option("--trump", help="The trump suit: S, H, D or C.")
@click.option("--declarer", type=int, help="The declarer's seat, 0 first.")
@click.option("--leader", type=int, help="The seat that led the first trick.")
@click.option("--played", default="", metavar="CARDS",
              help="Cards played so far in play order, e.g. '7S AS QS'.")
@click.option("--rules", "preset", type=click.Choice(tuple(PRESETS)), default="moscow",
              show_default=True, help="The rules preset.")
@click.option("--set", "settings", multiple=True, metavar="OPTION=VALUE",
              help="Change one rule option, e.g. bella=trick_winner (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--example", is_flag=True,
              help="Solve a built-in full 2-player deal instead of HANDS, --trump, "
              "--declarer and --leader.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Write suits as letters S H D C.")
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
        notation = Notation(ascii=ascii_only or not stdout_has_symbols())
        click.echo(render_solution(position, solution, notation))


def deal_setting(
    hands: str | None, trump: str | None, declarer: int | None, leader: int | None,
    example: bool,
) -> tuple[str, str, int, int]:
    """The deal, trump, declarer and leader: as given, or the built-in example's."""
    given = {"HANDS": hands, "--trump": trump, "--declarer": declarer, "--leader": leader}
    if example:
        extra = [name for name, value in given.items() if value is not None]
        if extra:
            raise CliError(f"--example takes no {extra[0]}: it solves a built-in deal")
        return EXAMPLE["hands"], EXAMPLE["trump"], EXAMPLE["declarer"], EXAMPLE["leader"]
    if hands is None or trump is None or declarer is None or leader is None:
        missing = next(name for name, value in given.items() if value is None)
        raise CliError(f"missing {missing} (or use --example)")
    return hands, trump, declarer, leader


def stdout_has_symbols() -> bool:
    """Whether standard output can encode the suit symbols."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


@main.command()
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
                output.write(json.dumps(record) + "\n")
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


def batch_record(solver: Solver, item: tuple[int, bytes]) -> dict[str, Any]:
    """The output record of one numbered input line; never raises, so no line is lost."""
    number, raw = item
    try:
        position = parse_record(raw)
        solution = solver.solve(position)
    except (ValueError, MemoryError) as error:
        return {"line": number, "error": str(error)}
    except Exception as error:  # a solver bug must not cost the lines after it
        return {"line": number, "error": f"internal error: {type(error).__name__}: {error}"}
    return {"line": number, **solution.to_dict()}
