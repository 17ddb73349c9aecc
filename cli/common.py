"""What every ``deberts`` command shares: the one-line error, the options for rules
and table size, and how suits are shown on this output.

Bad input never gives a traceback: it is one line ``deberts: error: <message>`` on
stderr and exit status 2, whether the library or Click found the problem.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TextIO

import click

from deberts import DEFAULT_TABLE_BITS, PRESETS, DebertsError
from deberts.engine.solver import TABLE_BITS_RANGE
from deberts.model.cards import SUIT_SYMBOLS
from deberts.cli.inputs import build_rules
from deberts.text.render import Notation
from deberts.model.rules import Rules


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


Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]

table_bits_option: Decorator = click.option(
    "--table-bits",
    type=click.IntRange(*TABLE_BITS_RANGE),
    default=DEFAULT_TABLE_BITS,
    show_default=True,
    help="Size of the transposition table: 2**N entries.",
)


def rules_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--rules PRESET`` and repeatable ``--set OPTION=VALUE`` (the command turns
    them into rules with :func:`chosen_rules`)."""
    command = click.option(
        "--set", "settings", multiple=True, metavar="OPTION=VALUE",
        help="Change one rule option, e.g. bella=trick_winner (repeatable).",
    )(command)
    return click.option(
        "--rules", "preset", type=click.Choice(tuple(PRESETS)), default="moscow",
        show_default=True, help="The rules preset.",
    )(command)


def chosen_rules(preset: str, settings: tuple[str, ...]) -> Rules:
    """The rules of the ``--rules``/``--set`` options, bad ones as a one-line error."""
    with reported():
        return build_rules(preset, settings)


def setting_options(
    hands: str | None, trump: str | None, declarer: int | None, leader: int | None
) -> dict[str, object]:
    """A position's setting options by their command-line names, for the checks below."""
    return {"HANDS": hands, "--trump": trump, "--declarer": declarer, "--leader": leader}


def require_options(given: dict[str, object], instead: str) -> None:
    """A one-line error naming the first option not given, and the alternative."""
    missing = [name for name, value in given.items() if value is None]
    if missing:
        raise CliError(f"missing {missing[0]} (or use {instead})")


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
