"""``deberts solve``: one position, exactly."""

from __future__ import annotations

import json

import click

from deberts import Rules, Solver
from deberts.cli.common import (
    ascii_option,
    hands_argument,
    json_option,
    notation_for_stdout,
    played_option,
    refuse_options,
    reported,
    setting_options,
    table_bits_option,
)
from deberts.cli.deberts.inputs import EXAMPLE, build_position, build_rules
from deberts.cli.deberts.options import given_setting, rules_options, setting_option_group
from deberts.cli.search_control import controlled, partial_printer, search_options
from deberts.variants.deberts.text.render import render_solution


@click.command(name="solve")
@hands_argument(required=False)
@setting_option_group
@played_option
@rules_options
@json_option
@click.option("--example", is_flag=True,
              help="Solve a built-in full 2-player deal instead of HANDS, --trump, "
              "--declarer and --leader.")
@ascii_option
@table_bits_option
@search_options
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
    seconds: float | None,
    progress: bool | None,
) -> None:
    """Solve one position exactly.

    HANDS is the deal: the hands in seat order separated by spaces, each as
    S.H.D.C holdings, as one quoted argument, e.g. "AQJ8.T9.8.J9 7.Q8.KQT7.KQ".
    """
    with reported():
        rules = build_rules(preset, settings)
        setting = deal_setting(hands, trump, declarer, leader, example, rules)
        position = build_position(*setting, rules, played)
        solver = Solver(table_bits)
        notation = notation_for_stdout(ascii_only)
        with controlled(solver, seconds, progress, partial_printer(as_json, notation.card),
                        notation.card):
            solution = solver.solve(position)
    if as_json:
        click.echo(json.dumps(solution.to_dict()))
    else:
        click.echo(render_solution(position, solution, notation))


def deal_setting(
    hands: str | None, trump: str | None, declarer: int | None, leader: int | None,
    example: bool, rules: Rules,
) -> tuple[str, str, int, int]:
    """The deal, trump, declarer and leader: as given (the seats by default as
    :func:`default_seats` gives them), or the built-in example's."""
    if example:
        refuse_options(setting_options(hands, trump, declarer, leader), "--example",
                       "it solves a built-in deal")
        return EXAMPLE["hands"], EXAMPLE["trump"], EXAMPLE["declarer"], EXAMPLE["leader"]
    return given_setting(hands, trump, declarer, leader, rules, "--example")
