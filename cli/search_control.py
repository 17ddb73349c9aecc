"""What the commands that search (each game's ``solve`` and ``analyze``) share:
``--seconds``, the progress line on stderr, and Ctrl-C.

A search longer than about a second shows one line on stderr, rewritten in place
(nodes, seconds, the move being valued and the interval proven to hold its value),
when stderr is a terminal or with ``--progress``; ``--no-progress`` turns it off.

Past ``--seconds`` a command that values every move (``solve``) prints what the
search proved: each proven move's margin and the proven interval of every other
(the table, or with ``--json`` the object of
:meth:`~deberts.engine.partial.PartialValues.to_dict`), says on stderr that it is
partial, and exits with status :data:`PARTIAL`; a command that searches many
positions (``analyze``) stops with one line naming the limit, exit status 2.
Ctrl-C stops the search within a fraction of a second; ``solve`` prints what it
proved, and the command ends with one line, exit status 130 (cli/common.py).
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Callable, Iterator

import click

from deberts.cli.common import CliError, Decorator
from deberts.engine.limit import Limit
from deberts.engine.owner import Progress, SearchOwner
from deberts.engine.partial import STOPPED_AT_LIMIT, STOPPED_BY_INTERRUPT, PartialValues
from deberts.errors import SearchInterrupted
from deberts.text.progress import Namer, interval_text, partial_lines, progress_text

#: The exit status of a command stopped at ``--seconds`` that printed what the
#: search proved (a partial answer; 2 is an error, 130 Ctrl-C).
PARTIAL = 3

#: The longest time limit accepted: a day.
MAX_SECONDS = 86_400.0
#: A search shows its progress line once it has run this long.
SHOW_AFTER = 1.0
_seconds_option: Decorator = click.option(
    "--seconds", type=click.FloatRange(0, MAX_SECONDS, min_open=True), default=None,
    metavar="S", help="Give up after S seconds of searching in all (default: no limit).",
)
_progress_option: Decorator = click.option(
    "--progress/--no-progress", default=None,
    help="A progress line on stderr for a search longer than a second "
    "(default: when stderr is a terminal).",
)


def search_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--seconds`` and ``--progress/--no-progress``, for :func:`controlled`."""
    return _seconds_option(_progress_option(command))


class _Line:
    """The progress line on stderr, rewritten in place (a carriage return, then
    the terminal's erase-to-end-of-line) and wiped at the end."""

    def __init__(self, name: Namer) -> None:
        self.shown = False
        self.name = name

    def show(self, progress: Progress) -> None:
        self.shown = True  # first: a Ctrl-C right after the write still wipes it
        self._write(f"\r{progress_text(progress, self.name)}\x1b[K")

    def wipe(self) -> None:
        if self.shown:
            self._write("\r\x1b[K")
            self.shown = False

    @staticmethod
    def _write(text: str) -> None:
        if sys.stderr is not None:
            sys.stderr.write(text)
            sys.stderr.flush()


@contextmanager
def controlled(solver: SearchOwner[Any, Any, Any], seconds: float | None, progress: bool | None,
               partial: Callable[[PartialValues[Any]], None] | None = None,
               name: Namer = str) -> Iterator[None]:
    """Run the block's searches on ``solver`` under ``--seconds`` with the
    progress line (moves named by ``name``). A stop at the limit in a search of
    every move's value, when the command shows ``partial`` answers, goes to
    ``partial`` and ends the command with status :data:`PARTIAL`; otherwise it
    becomes a :class:`CliError`. Ctrl-C goes to ``partial`` likewise, then on to
    the command group (:class:`ReportingGroup`), the line wiped first."""
    stderr = sys.stderr
    show = progress if progress is not None else bool(stderr is not None and stderr.isatty())
    line = _Line(name)
    last: list[Progress] = []
    proven: list[PartialValues[Any]] = []  # the latest values (threads tell them apart)

    def observe(now: Progress) -> None:
        last[:] = [now]
        if now.values is not None:
            proven[:] = [now.values]
        if show and now.seconds >= SHOW_AFTER:
            line.show(now)

    def proved(stopped: str) -> PartialValues[Any] | None:
        if partial is None or not proven:
            return None
        return replace(proven[0], stopped=stopped)

    try:
        with solver.limit(Limit(seconds=seconds)), solver.progress(observe):
            yield
    except SearchInterrupted:
        line.wipe()
        values = proved(STOPPED_AT_LIMIT)
        if values is None or partial is None:
            nodes = f" after {last[0].nodes:,} nodes" if last else ""
            raise CliError(f"no answer within --seconds {seconds:g}: the search stopped{nodes}"
                           f"{interval_text(last[0] if last else None, name)}") from None
        partial(values)
        click.echo(f"deberts: partial answer: the search stopped at --seconds {seconds:g} with "
                   f"{len(values.exact)} of {len(values.exact) + len(values.bounds)} moves "
                   "proven", err=True)
        raise click.exceptions.Exit(PARTIAL) from None
    except KeyboardInterrupt:
        line.wipe()
        values = proved(STOPPED_BY_INTERRUPT)
        if values is not None and partial is not None:
            partial(values)
        raise
    finally:
        line.wipe()


def partial_printer(as_json: bool, name: Namer = str) -> Callable[[PartialValues[Any]], None]:
    """What ``solve`` prints of a search stopped before its end: the table of
    :func:`~deberts.text.progress.partial_lines` (moves named by ``name``), or with
    ``--json`` the object of :meth:`PartialValues.to_dict`."""
    def show(values: PartialValues[Any]) -> None:
        if as_json:
            click.echo(json.dumps(values.to_dict()))
        else:
            click.echo("\n".join(partial_lines(values, name)))
    return show
