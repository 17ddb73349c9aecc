"""Deberts' own command-line options: the player count, the match target and the
rules preset (each also one of Deberts' options of the generic ``play`` and
``arena``: :meth:`deberts.variants.deberts.game.Deberts.options`), and a position's
trump, declarer and leader."""

from __future__ import annotations

from typing import Any, Callable

import click

from deberts.cli.common import Decorator, reported, require_options
from deberts.cli.deberts.inputs import build_rules, default_seats
from deberts.cli.games import settings_option
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.rules import PRESETS, Rules


def as_option(param: click.Option) -> Decorator:
    """A decorator adding the option ``param`` to a command: one option object serves
    Deberts' own commands and the generic ones Deberts declares it to."""

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        command.__dict__.setdefault("__click_params__", []).append(param)
        return command

    return decorate


#: ``--players``: the seats at the table.
PLAYERS = click.Option(["--players"], type=click.IntRange(2, 4), default=2, show_default=True,
                       help="Seats at the table: 2, 3 or 4.")
#: ``--target``: the match's target.
TARGET = click.Option(["--target"], type=click.Choice(["301", "501", "1001"]), default="301",
                      show_default=True, help="Match target.")
#: ``--rules``: the rules preset (``--set`` changes single options).
PRESET = click.Option(["--rules", "preset"], type=click.Choice(tuple(PRESETS), case_sensitive=False),
                      default="moscow", show_default=True, help="The rules preset.")

players_option = as_option(PLAYERS)


def rules_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--rules PRESET`` and repeatable ``--set OPTION=VALUE`` (the command turns
    them into rules with :func:`chosen_rules`)."""
    return as_option(PRESET)(settings_option(command))


def chosen_rules(preset: str, settings: tuple[str, ...]) -> Rules:
    """The rules of the ``--rules``/``--set`` options, bad ones as a one-line error."""
    with reported():
        return build_rules(preset, settings)


def setting_option_group(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--trump``, ``--declarer`` and ``--leader``, with the defaults every command
    shares (:func:`deberts.cli.deberts.inputs.default_seats`)."""
    for decorate in reversed((
        click.option("--trump", metavar="SUIT",
                     help="The trump suit: S, H, D or C, a symbol (♥) or a name (hearts)."),
        click.option("--declarer", type=int, help="The declarer's seat, 0 first.  [default: 0]"),
        click.option("--leader", type=int,
                     help="The seat that led the first trick (default: the declarer under "
                     "first_lead=declarer, else seat 1, the eldest hand when seat 0 deals)."),
    )):
        command = decorate(command)
    return command


def given_setting(
    hands: str | None, trump: str | None, declarer: int | None, leader: int | None,
    rules: Rules, instead: str,
) -> tuple[str, str, int, int]:
    """HANDS and ``--trump`` (both needed: an error names every one missing, and the
    alternative ``instead``), the declarer and leader given or by default (for the
    seats of the deal, so HANDS is read first: a bad deal is the error)."""
    require_options({"HANDS": hands, "--trump": trump}, instead)
    assert hands is not None and trump is not None
    players = Deal.parse(hands).players
    return (hands, trump, *default_seats(players, rules, declarer, leader))
