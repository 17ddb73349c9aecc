"""The ``deberts analyze`` report: a played Deberts deal card by card against
double-dummy play, with the bidding story when a game record tells it."""

from __future__ import annotations

from deberts.text.notation import Notation, signed, table
from deberts.variants.deberts.analysis.review import CardAnalysis, PlayAnalysis
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.text.render import (
    RESULT_NAMES,
    deal_lines,
    declaration_lines,
    seat_name,
)


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

