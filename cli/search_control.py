"""What the commands that search (``solve``, ``analyze``, ``tertz solve``, ``tertz
analyze``) share: ``--seconds``, the progress line on stderr, and Ctrl-C.

A search longer than about a second shows one line on stderr, rewritten in place
(nodes, seconds, the interval known to hold the value), when stderr is a terminal
or with ``--progress``; ``--no-progress`` turns it off. Past ``--seconds`` the
command stops with one line naming the limit, exit status 2; Ctrl-C stops the
search within a fraction of a second, and the command with one line, exit status
130 (cli/common.py).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import click

from deberts.cli.common import CliError, Decorator
from deberts.engine.owner import Progress, SearchOwner
from deberts.errors import SearchInterrupted
from deberts.text.progress import interval_text, progress_text

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

    def __init__(self) -> None:
        self.shown = False

    def show(self, progress: Progress) -> None:
        self.shown = True  # first: a Ctrl-C right after the write still wipes it
        self._write(f"\r{progress_text(progress)}\x1b[K")

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
def controlled(solver: SearchOwner[Any], seconds: float | None,
               progress: bool | None) -> Iterator[None]:
    """Run the block's searches on ``solver`` under ``--seconds`` with the
    progress line, turning a stop at the limit into a :class:`CliError`; Ctrl-C
    goes on to the command group (:class:`DebertsGroup`), with the line wiped."""
    stderr = sys.stderr
    show = progress if progress is not None else bool(stderr is not None and stderr.isatty())
    line = _Line()
    last: list[Progress] = []

    def observe(now: Progress) -> None:
        last[:] = [now]
        if show and now.seconds >= SHOW_AFTER:
            line.show(now)

    try:
        with solver.limit(seconds=seconds), solver.progress(observe):
            yield
    except SearchInterrupted:
        line.wipe()
        nodes = f" after {last[0].nodes:,} nodes" if last else ""
        raise CliError(f"no answer within --seconds {seconds:g}: the search stopped{nodes}"
                       f"{interval_text(last[0] if last else None)}") from None
    finally:
        line.wipe()
