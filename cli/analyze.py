"""``deberts analyze``: a played deal card by card against double-dummy play."""

from __future__ import annotations

import json
from typing import BinaryIO

import click

from deberts.analysis.review import CardAnalysis, PlayAnalysis, analyze_play
from deberts.cli.common import (
    CliError,
    ascii_option,
    chosen_rules,
    hands_argument,
    json_option,
    notation_for_stdout,
    played_option,
    refuse_options,
    reported,
    require_options,
    rules_options,
    setting_options,
    table_bits_option,
)
from deberts.cli.inputs import build_position
from deberts.cli.search_control import controlled, search_options
from deberts.engine.solver import Solver
from deberts.formats.records import load as read_records
from deberts.model.record import GameRecord
from deberts.text.render import (
    RESULT_NAMES,
    Notation,
    deal_lines,
    declaration_lines,
    seat_name,
    signed,
    table,
)


@click.command(name="analyze")
@hands_argument(required=False)
@click.option("--trump", help="The trump suit: S, H, D or C.")
@click.option("--declarer", type=int, help="The declarer's seat, 0 first.")
@click.option("--leader", type=int, help="The seat that led the first trick.")
@played_option
@click.option("--record", "record_file", type=click.File("rb"), metavar="FILE",
              help="Analyse a game record (JSON) instead of HANDS and the options above.")
@click.option("--deal", "deal_number", type=click.IntRange(min=1), default=1,
              show_default=True, help="Which record of a JSON-lines record file.")
@rules_options
@json_option
@ascii_option
@table_bits_option
@search_options
def analyze_command(
    hands: str | None,
    trump: str | None,
    declarer: int | None,
    leader: int | None,
    played: str,
    record_file: BinaryIO | None,
    deal_number: int,
    preset: str,
    settings: tuple[str, ...],
    as_json: bool,
    ascii_only: bool,
    table_bits: int,
    seconds: float | None,
    progress: bool | None,
) -> None:
    """Replay a played deal and price every card double-dummy.

    Give HANDS (as dealt, seat order, one quoted argument), --trump, --declarer,
    --leader and --played; or --record FILE. For each card: the margin (declarer
    side minus defenders) under optimal play before and after it, its cost to its
    side in points, and the best cards; then the points each seat lost.
    """
    with reported():
        solver = Solver(table_bits)
        if record_file is not None:
            record = _record(record_file, deal_number, hands, trump, declarer, leader, played,
                             preset, settings)
            with controlled(solver, seconds, progress):
                analysis = analyze_play(record, solver=solver)
        else:
            record = None
            position = build_position(
                *_setting(hands, trump, declarer, leader), chosen_rules(preset, settings)
            )
            with controlled(solver, seconds, progress):
                analysis = analyze_play(position, played, solver=solver)
    if as_json:
        click.echo(json.dumps(analysis.to_dict()))
    else:
        click.echo(render_analysis(analysis, record, notation_for_stdout(ascii_only)))


def _setting(
    hands: str | None, trump: str | None, declarer: int | None, leader: int | None
) -> tuple[str, str, int, int]:
    require_options(setting_options(hands, trump, declarer, leader), "--record FILE")
    return hands, trump, declarer, leader  # type: ignore[return-value]


def _record(
    source: BinaryIO, number: int, hands: str | None, trump: str | None,
    declarer: int | None, leader: int | None, played: str, preset: str,
    settings: tuple[str, ...],
) -> GameRecord:
    """Record ``number`` of the file; the options a record carries may not be given."""
    context = click.get_current_context()
    on_command_line = (
        context.get_parameter_source("preset") == click.core.ParameterSource.COMMANDLINE
    )
    refuse_options({
        **setting_options(hands, trump, declarer, leader),
        "--played": played or None,
        "--set": settings or None,
        "--rules": preset if on_command_line else None,
    }, "--record", "the record holds the deal")
    records = read_records(source)
    if number > len(records):
        raise CliError(f"--deal {number}: the file holds {len(records)} record(s)")
    record = records[number - 1]
    if record.thrown_in:
        raise CliError(f"record {number}: the cards were thrown in, there is no play")
    return record


def render_analysis(
    analysis: PlayAnalysis, record: GameRecord | None, notation: Notation
) -> str:
    """The deal, the bidding story (from a record), the card table and the summary."""
    start = analysis.start
    sections = [
        deal_lines(start, notation),
        _story_lines(record, notation),
        declaration_lines(start, notation),
        _card_lines(analysis, notation),
        _summary_lines(analysis),
    ]
    return "\n\n".join("\n".join(lines) for lines in sections if lines)


def _story_lines(record: GameRecord | None, notation: Notation) -> list[str]:
    """Dealer, face-up card, bidding and exchange, when a record tells them."""
    if record is None:
        return []
    lines = [f"Dealer: seat {record.dealer}."]
    if record.seats:
        lines.append("Seats: " + ", ".join(f"{s} {name}" for s, name in enumerate(record.seats)) + ".")
    if record.face_up is not None:
        lines.append(f"Face-up card: {notation.card(record.face_up)}.")
    if record.bidding:
        calls = ", ".join(f"seat {b.seat} {b.call}" for b in record.bidding)
        lines.append(f"Bidding: {calls}.")
    if record.exchanger is not None and record.face_up is not None:
        lines.append(
            f"Seat {record.exchanger} exchanged the seven of trumps for "
            f"{notation.card(record.face_up)}."
        )
    if record.bella_declined:
        lines.append("Bella was not announced.")
    return lines


def _card_lines(analysis: PlayAnalysis, notation: Notation) -> list[str]:
    if not analysis.cards:
        return ["No cards played."]
    start, players = analysis.start, analysis.start.players
    first_trick = len(start.tricks)
    offset = len(start.trick)
    rows = [["trick", "player", "card", "before", "after", "cost", "best"]]
    for card in analysis.cards:
        rows.append([
            str(first_trick + (offset + card.index) // players + 1),
            seat_name(start, card.seat),
            notation.card(card.card),
            signed(card.margin_before),
            signed(card.margin_after),
            str(card.cost) if card.cost else "",
            _best(card, notation),
        ])
    title = ("Play, card by card (margin = declarer side minus defenders, double-dummy; "
             "cost = points given away):")
    return [title, *table(rows, right={3, 4, 5}, indent=2)]


def _best(card: CardAnalysis, notation: Notation) -> str:
    """The optimal cards when the card played is not one of them."""
    return "" if card.cost == 0 else notation.cards(card.best)


def _summary_lines(analysis: PlayAnalysis) -> list[str]:
    start = analysis.start
    lost = ", ".join(
        f"{seat_name(start, seat)} {points}" for seat, points in analysis.lost().items()
    )
    lines = [
        f"Points lost: {lost}.",
        f"Double-dummy: {RESULT_NAMES[analysis.dd_result]}, margin {signed(analysis.dd_margin)}.",
    ]
    final = analysis.score
    if final is None:
        lines.append(
            f"Unfinished after {len(analysis.cards)} cards: margin {signed(analysis.final_margin)} "
            "with optimal play of the rest."
        )
    else:
        lines.append(
            f"Played: {RESULT_NAMES[final.result]}, {final.declarer_points} to "
            f"{final.defender_points} (margin {signed(final.margin)})."
        )
    return lines

