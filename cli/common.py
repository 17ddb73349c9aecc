"""What every ``deberts`` command shares: the one-line error, the options for rules
and table size, and how suits are shown on this output.

Bad input never gives a traceback: it is one line ``deberts: error: <message>`` on
stderr and exit status 2, whether the library or Click found the problem.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
from contextlib import contextmanager
from typing import IO, Any, Callable, Iterator

import click

from deberts.engine.owner import CLI_TABLE_BITS, MAX_WORKERS, TABLE_BITS_RANGE
from deberts.errors import DebertsError, excerpt, short_message
from deberts.formats.batch import MAX_LINE_BYTES
from deberts.model.cards import SUIT_SYMBOLS
from deberts.text.notation import Notation


class CliError(click.ClickException):
    """Bad input, shown as one line ``deberts: error: <message>``; exit status 2."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"deberts: error: {short_message(self.format_message())}", err=True)


#: The exit status after Ctrl-C (128 + SIGINT, as shells report it); after SIGTERM
#: it is 128 + SIGTERM (143).
INTERRUPTED = 128 + signal.SIGINT


class ReportingGroup(click.Group):
    """A command group that reports Click's own usage errors, and a failed read or
    write (a full disk, a closed pipe, a closed standard stream), as one line too."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command; a standard stream the process was started without reads
        or writes as a closed file would, and a failed write outside a command (the
        help, the version) is one line too."""
        for name in STREAM_NAMES:
            if getattr(sys, name) is None:
                setattr(sys, name, ClosedStream(name))
        try:
            return super().main(*args, **kwargs)
        except OSError as error:
            _discard_stdout()
            where = f"{error.filename}: " if error.filename else "cannot write the output: "
            try:
                click.echo(f"deberts: error: {where}{error.strerror or error}", err=True)
            except OSError:
                pass  # stderr is unusable too: the exit status alone tells
            sys.exit(CliError.exit_code)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # here, where a failure is still reported as one line
            return result
        except CliError:
            raise
        except KeyboardInterrupt as error:  # Ctrl-C anywhere (a search stops at once), SIGTERM
            signum = getattr(error, "signum", signal.SIGINT)
            how = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
            click.echo(f"deberts: interrupted ({how})", err=True)
            sys.exit(128 + signum)
        except click.ClickException as error:  # usage errors, and files Click opens
            message = error.format_message()
            if isinstance(error, click.UsageError) and error.ctx:
                stop = "" if message.endswith((".", "?", "!")) else "."
                message += f"{stop} See '{error.ctx.command_path} --help'."
            raise CliError(message) from None
        except OSError as error:
            _discard_stdout()
            where = f"{error.filename}: " if error.filename else "cannot write the output: "
            raise CliError(where + (error.strerror or str(error))) from None


#: The standard streams by their names in :mod:`sys`.
STREAM_NAMES = {"stdin": "standard input", "stdout": "standard output",
                "stderr": "standard error"}


class ClosedStream(io.TextIOBase):
    """In place of a standard stream the process was started without (``>&-``):
    every read or write fails as on a closed file descriptor, naming the stream."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def _closed(self, *args: object) -> Any:
        raise OSError(errno.EBADF, "closed", STREAM_NAMES[self.name])

    read = readline = write = fileno = _closed

    encoding = "utf-8"

    def isatty(self) -> bool:
        return False

    @property
    def buffer(self) -> Any:
        return self


def _discard_stdout() -> None:
    """Point standard output at the null device, so the output still buffered does
    not fail again (with a traceback) when Python flushes it on exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass  # not a file descriptor (a test's captured output): nothing is flushed on exit


@contextmanager
def reported() -> Iterator[None]:
    """Turn the library's input errors (and a table too big to allocate) into a
    :class:`CliError`."""
    try:
        yield
    except (DebertsError, MemoryError) as error:
        raise CliError(str(error) or "out of memory") from None


def refuse_empty(option: str, path: str | None) -> None:
    """An empty file name is refused before any work."""
    if path is not None and not path:
        raise CliError(f"bad {option} '': expected a file name")


Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]

table_bits_option: Decorator = click.option(
    "--table-bits",
    type=click.IntRange(*TABLE_BITS_RANGE),
    default=CLI_TABLE_BITS,
    show_default=True,
    help="Size of the transposition table: 2**N entries.",
)


seed_option: Decorator = click.option(
    "--seed", type=int, help="Seed for a reproducible run (default: a random one).",
)
progress_option: Decorator = click.option(
    "--progress/--no-progress", default=None,
    help="A progress bar on stderr (default: when stderr is a terminal).",
)


def jobs_option(workers: str) -> Decorator:
    """``-j/--jobs N``: the workers that solve many positions side by side (the
    lines of a batch, a table's cells, a bid's samples, an arena's deals), each
    position on one worker's solver; one a core by default, at most
    :data:`MAX_WORKERS`. ``workers`` says what they are and what they solve."""
    return click.option(
        "-j", "--jobs", type=click.IntRange(1, MAX_WORKERS),
        default=min(os.cpu_count() or 1, MAX_WORKERS), show_default="one a core",
        help=f"{workers} side by side (at most {MAX_WORKERS}).",
    )


#: ``--threads N``: the threads inside one search, sharing its table (the moves of
#: one position valued side by side), for a game whose solver runs so; one by
#: default. Workers over many positions are ``--jobs``.
threads_option: Decorator = click.option(
    "--threads", type=click.IntRange(1, MAX_WORKERS), default=1, show_default=True,
    help=f"Threads inside each search, sharing its table (at most {MAX_WORKERS}).",
)


played_option: Decorator = click.option(
    "--played", "--play", "played", default="", metavar="CARDS",
    help="The cards played since the deal, in play order, e.g. '7S AS QS' (--play is "
    "the same option).",
)


#: The most characters read from standard input for HANDS: a batch line's bound.
MAX_STDIN_CHARS = MAX_LINE_BYTES


class BoundedLines(io.TextIOBase):
    """Standard input read a line at a time, each at most :data:`MAX_STDIN_CHARS`
    characters: a longer one (an endless line from a pipe) is a one-line error
    rather than a read without end."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__()
        self.stream = stream

    def _line(self, *args: object) -> Any:
        """The next line (whatever size ``input()`` asks for), or the error."""
        line = self.stream.readline(MAX_STDIN_CHARS + 1)
        if len(line) > MAX_STDIN_CHARS:
            raise CliError(f"an answer from standard input longer than {MAX_STDIN_CHARS:,} "
                           "characters")
        return line

    readline = _line

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")


@contextmanager
def bounded_answers() -> Iterator[None]:
    """Within the block, the person's answers read from a pipe or a file (not a
    terminal, whose line editing needs the real stream) are bounded by
    :class:`BoundedLines`."""
    if sys.stdin.isatty():
        yield
        return
    stream, sys.stdin = sys.stdin, BoundedLines(sys.stdin)
    try:
        yield
    finally:
        sys.stdin = stream


def hands_argument(required: bool = True) -> Decorator:
    """The HANDS argument: the deal in notation, or ``-`` to read it from standard
    input (one line, as ``deberts deal`` prints it; at most :data:`MAX_STDIN_CHARS`
    characters)."""
    return click.argument("hands", required=required, callback=_read_hands)


def _read_hands(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value != "-":
        return value
    text = sys.stdin.read(MAX_STDIN_CHARS + 1)
    if len(text) > MAX_STDIN_CHARS:
        raise CliError(f"HANDS from standard input: longer than {MAX_STDIN_CHARS:,} "
                       "characters")
    lines = [line.strip() for line in text.splitlines()]
    deals = [line for line in lines if line]
    if len(deals) != 1:
        raise CliError(
            f"HANDS from standard input: {len(deals)} deal lines, expected one "
            "(deberts batch solves many)"
        )
    return deals[0]


def seat_hand(text: str, seat: int | None = None) -> tuple[int, str]:
    """``--hand SEAT=HAND`` as the seat and the hand's text; where the command also
    has ``--seat``, a plain ``HAND`` is that seat's."""
    seat_text, sep, hand = text.partition("=")
    if not sep and seat is not None:
        return seat, text.strip()
    seat_text = seat_text.strip()
    if not sep or not (seat_text.isascii() and seat_text.isdigit()):
        raise CliError(f"bad --hand {excerpt(text)}: expected SEAT=HAND, e.g. 0=AKQ.J..7")
    if seat is not None and int(seat_text) != seat:
        raise CliError(f"bad --hand {excerpt(text)}: the seat is {seat_text}, --seat is {seat}")
    return int(seat_text), hand.strip()


def setting_options(
    hands: str | None, trump: str | None, declarer: int | None, leader: int | None
) -> dict[str, object]:
    """A position's setting options by their command-line names, for the checks below."""
    return {"HANDS": hands, "--trump": trump, "--declarer": declarer, "--leader": leader}


def option(name: str, parameter: str, old: str, **settings: Any) -> Decorator:
    """An option by the name every command uses for it, its ``old`` name still taken
    (hidden from ``--help``, so scripts keep working while people see one word)."""
    kept = {key: value for key, value in settings.items()
            if key not in ("help", "default", "show_default", "metavar")}

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        command = click.option(old, parameter, hidden=True, **kept)(command)
        return click.option(name, parameter, **settings)(command)

    return decorate


#: How many deals ``deal`` prints: ``--deals``, the word every command uses for a count.
count_option = option("--deals", "count", "--count", type=click.IntRange(min=0), default=1,
                      show_default=True, help="How many deals.")


def require_options(given: dict[str, object], instead: str) -> None:
    """A one-line error naming every option not given, and the alternative."""
    missing = [name for name, value in given.items() if value is None]
    if missing:
        names = ", ".join(missing[:-1]) + " and " + missing[-1] if len(missing) > 1 else missing[0]
        raise CliError(f"missing {names} (or use {instead})")


def refuse_options(given: dict[str, object], option: str, reason: str) -> None:
    """A one-line error naming the first option given that ``option`` replaces."""
    extra = [name for name, value in given.items() if value is not None]
    if extra:
        raise CliError(f"{option} takes no {extra[0]}: {reason}")


ascii_option: Decorator = click.option(
    "--ascii", "ascii_only", is_flag=True, help="Write suits as letters S H D C."
)
json_option: Decorator = click.option(
    "--json", "as_json", is_flag=True, help="Print JSON instead of the human report."
)


def notation_for_stdout(ascii_only: bool) -> Notation:
    """Suit symbols unless ``--ascii`` or the output cannot encode them; colour
    (red hearts and diamonds) only on a terminal and never when ``NO_COLOR`` is set."""
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    return Notation(ascii=ascii_only or not stdout_has_symbols(), colour=colour)


def stdout_has_symbols() -> bool:
    """Whether standard output can encode the suit symbols."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


#: ``--hand SEAT=HAND`` (repeatable): cards a seat must hold in the random deals.
hand_option: Decorator = click.option(
    "--hand", "hands", multiple=True, metavar="SEAT=HAND",
    help="Cards seat SEAT must hold, e.g. 0=AKQ.J..7 (a whole hand or part; repeatable).",
)


def fixed_hands(texts: tuple[str, ...]) -> dict[int, str]:
    """The ``SEAT=HAND`` options as each seat's hand text; a seat may be given once
    (a second --hand for it is more likely a typo for another seat than a top-up)."""
    fixed: dict[int, str] = {}
    for text in texts:
        seat, hand = seat_hand(text)
        if seat in fixed:
            raise CliError(f"bad --hand {excerpt(text)}: seat {seat} already has a --hand")
        fixed[seat] = hand
    return fixed
