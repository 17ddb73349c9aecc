"""``deberts deal``: random deals as notation lines, or as ``deberts batch`` input."""

from __future__ import annotations

import random
from typing import Any

import click

from deberts import Deal, Position, Rules, Suit
from deberts.cli.common import (
    CliError,
    ascii_option,
    count_option,
    fixed_hands,
    hand_option,
    json_option,
    notation_for_stdout,
    reported,
    seed_option,
)
from deberts.cli.deberts.inputs import default_seats
from deberts.cli.deberts.options import chosen_rules, players_option, rules_options
from deberts.formats import batch
from deberts.model.arguments import check_seat
from deberts.text.notation import hand_lines
from deberts.variants.deberts.model.generate import generate_deals
from deberts.variants.deberts.model.sides import declarer_leads


@click.command(name="deal")
@players_option
@count_option
@seed_option
@hand_option
@click.option("--cards", "cards_per_hand", type=int,
              help="Cards a hand (default: a full deal, 9, or 8 with 4 players).")
@json_option
@click.option("--diagram", is_flag=True,
              help="Show each deal as a diagram with suit symbols instead of a line.")
@ascii_option
@click.option("--trump", default="random", show_default=True, metavar="S|H|D|C|random",
              help="With --json: the trump of every deal, or a random one each.")
@click.option("--declarer", type=int, default=0, show_default=True,
              help="With --json: the declarer's seat.")
@click.option("--leader", type=int,
              help="With --json: the first leader (default: the declarer under "
              "first_lead=declarer, else seat 1, the eldest hand when seat 0 deals).")
@rules_options
def deal_command(
    players: int,
    count: int,
    seed: int | None,
    hands: tuple[str, ...],
    cards_per_hand: int | None,
    as_json: bool,
    diagram: bool,
    ascii_only: bool,
    trump: str,
    declarer: int,
    leader: int | None,
    preset: str,
    settings: tuple[str, ...],
) -> None:
    """Print random deals, one a line.

    Plain lines are deals in notation, ready for solve, table or analyze; --json
    lines are positions in the batch input format; --diagram draws each deal.
    Deals are uniform among those that give every seat its --hand cards.
    """
    if as_json and diagram:
        raise CliError("--diagram and --json exclude each other")
    rules = chosen_rules(preset, settings)
    # Trumps come from their own stream, so --json lists the same deals as plain lines.
    rng = random.Random(None if seed is None else f"trumps {seed}")
    with reported():
        fixed = fixed_hands(hands)
        deals = generate_deals(players, count, seed, fixed, cards_per_hand)
        # Checked even without --json, so a mistyped option is never silently ignored.
        setting = _setting(trump, declarer, leader, players, rules)
    notation = notation_for_stdout(ascii_only)
    for number, deal in enumerate(deals, 1):
        if as_json:
            click.echo(batch.dumps(_position(deal, setting, rules, rng)))
        elif diagram:
            lines = hand_lines(deal.hands, None, [""] * deal.players, notation)
            click.echo("\n".join([f"Deal {number}: {deal}", *lines, ""]))
        else:
            click.echo(str(deal))


def _setting(
    trump: str, declarer: int, leader: int | None, players: int, rules: Rules
) -> dict[str, Any]:
    """The trump (``None``: random each deal), declarer and leader of every position."""
    rules.check_table(players)
    suit = None if trump.lower() == "random" else Suit.parse(trump).name
    declarer, leader = default_seats(players, rules, declarer, leader)
    for name, seat in (("--declarer", declarer), ("--leader", leader)):
        check_seat(name, seat, players)
    if declarer_leads(rules) and leader != declarer:
        raise CliError(f"bad --leader {leader}: under first_lead=declarer the declarer "
                       f"(--declarer {declarer}) leads the first trick")
    return {"trump": suit, "declarer": declarer, "leader": leader}


def _position(
    deal: Deal, setting: dict[str, Any], rules: Rules, rng: random.Random
) -> Position:
    """The position of one deal: the setting's trump, or a random one."""
    return Position(
        deal, setting["trump"] or rng.choice("SHDC"), setting["declarer"], setting["leader"],
        rules,
    )
