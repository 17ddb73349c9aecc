"""``deberts batch``: a file of positions, one solution line per input line.

Nothing is lost on disk: with ``-o OUT`` the results go to a temporary file beside
OUT, renamed to OUT at the end (or when the run is interrupted, so that ``--resume``
carries on from its last complete line); a device or FIFO at OUT is written in place
(:mod:`deberts.cli.batch_output`). OUT is never the input, and nothing is written
before the input and options are checked. With ``--scheduler`` or
``--cluster`` the lines are solved on Dask workers (:mod:`deberts.cli.cluster`), the
same lines in the same order.

Exit status: 0 when every line was solved; 1 when some lines could not be (each has
its ``{"line": N, "error": ...}`` output line, and stderr says how many); 2 when the
run itself failed (bad options, unreadable input, output not written).
"""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager, nullcontext
from functools import partial
from typing import Any, BinaryIO, Iterator

import click

from deberts.cli.batch_output import output_lines, started
from deberts.cli.cluster import cluster_client, cluster_options
from deberts.cli.common import (
    CliError,
    jobs_option,
    progress_option,
    refuse_empty,
    table_bits_option,
)
from deberts.cli.signals import Interrupted, stopped_by_signals
from deberts.engine.face import GameSolver, engine_of, new_solver
from deberts.engine.mapping import map_ordered
from deberts.errors import ClusterError
from deberts.formats import batch as batch_format
from deberts.model.registry import default_game, game_of

#: Exit status when some lines could not be solved (README "Solving a deal").
SOME_LINES_FAILED = 1
#: Each thread's solver of each game but the one ``map_ordered`` gives, by game
#: name, made at its first line of that game.
_game_solvers = threading.local()


@click.command()
@click.argument("source", metavar="IN.jsonl",
                type=click.Path(dir_okay=False, allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="OUT.jsonl",
              help="Write here (through a temporary file beside it) instead of standard "
              "output.")
@click.option("--resume", is_flag=True,
              help="Keep OUT's complete lines and solve only the input lines after them.")
@click.option("--mode", type=click.Choice(batch_format.MODES),
              default=batch_format.DEFAULT_MODE, show_default=True,
              help="What each line gets unless it has its own \"mode\" field: the "
              "margin (value), every legal move's margin (values) or the whole "
              "solution with lines (solve).")
@jobs_option("Threads solving the lines")
@progress_option
@table_bits_option
@cluster_options
def batch(
    source: str, output: str | None, resume: bool, mode: str, jobs: int,
    progress: bool | None,
    table_bits: int, scheduler: str | None, cluster: str | None,
) -> None:
    """Solve every position of a JSON Lines file, one output line per input line.

    Each line is one position as a JSON object: "game" names its game (the
    default game when it names none; deberts --help lists them), the other fields
    are that game's own (its hands, the moves "played", "rules" and so on, as the
    game's solve takes them); a line with "mode": "value" or "values" gets only the
    margin or every move's margin. The output line is the result with "line": N, or
    {"line": N, "error": "..."} for a line that cannot be solved. Exit status 0:
    all solved; 1: some lines failed (counted on stderr); 2: the run failed.
    """
    if resume and output is None:
        raise CliError("--resume needs -o OUT: it continues the lines already in OUT")
    refuse_empty("-o", output)
    show = sys.stderr.isatty() if progress is None else progress
    with _input(source) as stream, started(stream, output, resume) as (total, done, numbered), \
            cluster_client(scheduler, cluster) as client, \
            output_lines(output, done, sys.stdout) as target, stopped_by_signals():
        results = map_ordered(partial(_solved, mode), numbered, client, threads=jobs,
                              table_bits=table_bits,
                              make_solver=engine_of(default_game()).Solver)
        failed = written = 0
        # A pipe's lines cannot be counted ahead: no bar then.
        bar: Any = (click.progressbar(length=total, label="solving", file=sys.stderr)
                    if show and total is not None else None)
        try:
            with bar if bar is not None else nullcontext():
                if bar is not None:
                    bar.update(len(done))
                for line, ok in results:
                    target.write(line + "\n")
                    target.flush()
                    written += 1
                    failed += not ok
                    if bar is not None:
                        bar.update(1)
        except (Interrupted, ClusterError, MemoryError) as error:
            stop = ("interrupted" if isinstance(error, Interrupted) else
                    f"out of memory (--table-bits {table_bits}); stopped"
                    if isinstance(error, MemoryError) else f"{error}; stopped")
            raise CliError(
                f"{stop} after {len(done) + written} lines"
                + (f"; --resume -o {output} carries on" if output else "")
            ) from None
    if failed:
        click.echo(f"deberts: {failed} of {len(done) + written} lines could not be solved "
                   "(see their \"error\" field)", err=True)
        sys.exit(SOME_LINES_FAILED)


def _solved(mode: str, solver: GameSolver, item: tuple[int, bytes]) -> tuple[str, bool]:
    """The output line of one numbered input line (in its own mode, else ``mode``)
    and whether it was solved; never raises, so no line is lost."""
    number, raw = item
    try:
        position, asked = batch_format.loads_request(raw)
        result = batch_format.answer(_solver_of(solver, position), position, asked or mode)
    except (ValueError, MemoryError) as error:
        return batch_format.error_line(number, raw, str(error)), False
    except Exception as error:  # a solver bug must not cost the lines after it
        return batch_format.error_line(
            number, raw, f"internal error: {type(error).__name__}: {error}"), False
    return batch_format.result_line(number, raw, result), True


def _solver_of(solver: GameSolver, position: Any) -> Any:
    """The solver of a line's position, of any game: the thread's solver when it is
    that game's, else the thread's own solver of the game (its default table
    size)."""
    game = game_of(position)
    if isinstance(solver, engine_of(game).Solver):
        return solver
    own = vars(_game_solvers)
    if game.name not in own:
        own[game.name] = new_solver(game)
    return own[game.name]


@contextmanager
def _input(source: str) -> Iterator[BinaryIO]:
    if source == "-":
        yield sys.stdin.buffer
        return
    try:
        handle = open(source, "rb")
    except OSError as error:
        raise CliError(f"cannot read {source}: {error.strerror}") from None
    with handle:
        yield handle

