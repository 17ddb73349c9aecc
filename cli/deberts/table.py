"""``deberts table``: the double-dummy margin of every trump and declarer of a deal."""

from __future__ import annotations

import json

import click

from deberts import Deal, Suit
from deberts.cli.common import (
    ascii_option,
    hands_argument,
    jobs_option,
    json_option,
    notation_for_stdout,
    reported,
    table_bits_option,
)
from deberts.cli.deberts.options import chosen_rules, rules_options
from deberts.text.notation import Notation, hand_lines, signed, table
from deberts.variants.deberts.analysis.table import DDTable, TableCell, dd_table
from deberts.variants.deberts.model.sides import declarer_leads


@click.command(name="table")
@hands_argument()
@click.option("--leader", type=int,
              help="The seat leading the first trick (not needed with first_lead=declarer).")
@click.option("--face-up", "face_up", metavar="CARD",
              help="The face-up card: its suit is the round-1 trump, with the trump-seven "
              "exchange.")
@rules_options
@jobs_option("Threads solving the cells")
@json_option
@ascii_option
@table_bits_option
def table_command(
    hands: str,
    leader: int | None,
    face_up: str | None,
    preset: str,
    settings: tuple[str, ...],
    jobs: int,
    as_json: bool,
    ascii_only: bool,
    table_bits: int,
) -> None:
    """Solve HANDS for every trump suit and every declarer.

    HANDS is the deal as dealt, hands in seat order separated by spaces, as one
    quoted argument. Each cell is the margin (declarer side minus defenders) under
    optimal play; * marks each declarer's best trump.
    """
    rules = chosen_rules(preset, settings)
    with reported():
        deal = Deal.parse(hands)
        if leader is None and not declarer_leads(rules):
            raise click.UsageError("missing --leader (needed unless first_lead=declarer)")
        result = dd_table(deal, leader, rules, face_up, threads=jobs, table_bits=table_bits)
    if as_json:
        click.echo(json.dumps(result.to_dict()))
    else:
        click.echo(render_table(result, notation_for_stdout(ascii_only)))


def render_table(result: DDTable, notation: Notation) -> str:
    """The deal diagram, then a row per declarer and a column per trump."""
    deal = result.deal
    leaders = {c.leader for c in result.cells}
    lead = (
        f"seat {leaders.pop()} leads" if len(leaders) == 1 else "each declarer leads"
    )
    title = f"Deal: {deal.players} players, {lead}, {result.rules.preset} rules"
    if result.face_up is not None:
        title += f", face-up card {notation.card(result.face_up)}"
    diagram = hand_lines(deal.hands, None, [""] * deal.players, notation)
    header = ["declarer", *(_column(suit, result, notation) for suit in Suit)]
    rows = [header] + [
        [f"seat {seat}", *(_cell(result.cell(suit, seat), result) for suit in Suit)]
        for seat in range(deal.players)
    ]
    legend = ["* the declarer's best trump"]
    if any(c.exchange for c in result.cells):
        legend.append("~ the seven of trumps is exchanged for the face-up card")
    lines = [
        title, *diagram, "",
        "Margin (declarer side minus defenders) and result under double-dummy play:",
        *table(rows), "",
        *_exchange_lines(result, notation), *legend,
    ]
    return "\n".join(lines)


def _column(suit: Suit, result: DDTable, notation: Notation) -> str:
    if result.face_up is None:
        return notation.suit(suit)
    return notation.suit(suit) + (" round 1" if suit == result.face_up.suit else " round 2")


def _cell(cell: TableCell, result: DDTable) -> str:
    swap = "~" if cell.exchange else ""
    best = "*" if cell.trump in result.best(cell.declarer) else ""
    return f"{signed(cell.margin):>4} {cell.result}{swap}{best}"


def _exchange_lines(result: DDTable, notation: Notation) -> list[str]:
    """Who may exchange the seven in round 1 (nothing without a face-up card)."""
    holders = {c.holder for c in result.cells if c.holder is not None}
    if result.face_up is None:
        return []
    if not holders:
        return [f"Round 1 in {notation.suit(result.face_up.suit)}: nobody may exchange."]
    holder = holders.pop()
    return [f"Round 1 in {notation.suit(result.face_up.suit)}: seat {holder} holds the "
            "seven of trumps", "and exchanges it or not, whichever is better for his side."]
