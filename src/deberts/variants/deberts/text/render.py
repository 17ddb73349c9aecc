"""The human report of ``deberts solve``: deal diagram, declarations, moves, line, score.

Each section is a list of plain text lines; only the suits differ between the symbol
style (``♠♥♦♣``) and the ``--ascii`` style (``S H D C``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from deberts.model.cards import CardSet, Suit
from deberts.text.notation import SUIT_NAMES, Notation, hand_lines, signed, table
from deberts.variants.deberts.engine.solver import Solution
from deberts.variants.deberts.model.bidding import PASS, PLAY
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.position import Play, Position, Trick
from deberts.variants.deberts.model.scoring import BAIT, HANGING, MADE, last_trick_points
from deberts.variants.deberts.model.tricks import card_points

RESULT_NAMES = {MADE: "made", BAIT: "bait", HANGING: "hanging bait"}
BELLA_RULES = {
    "owner": "20 for its owner once announced",
    "trick_winner": "20 for whoever wins the trick it is announced in",
    "both_tricks": "20 for its owner if his side wins both tricks with the king and queen",
}


def call_name(call: str | None, notation: Notation) -> str:
    """A bidding option as shown: ``play``, ``pass`` or the suit's symbol."""
    if call is None or call in (PLAY, PASS):
        return str(call)
    return notation.suit(Suit.parse(call))


def render_solution(position: Position, solution: Solution, notation: Notation) -> str:
    """The whole report, sections separated by blank lines."""
    sections = [
        deal_lines(position, notation),
        played_lines(position, notation),
        declaration_lines(position, notation),
        move_lines(position, solution, notation),
        line_lines(position, solution, notation),
        score_lines(position, solution),
        [f"Searched {solution.nodes:,} nodes in {solution.seconds:.3f} s."],
    ]
    return "\n\n".join("\n".join(lines) for lines in sections if lines)


def role(position: Position, seat: int) -> str:
    """``declarer``, ``partner`` (the declarer's, in a pairs game) or ``defender``."""
    if seat == position.declarer:
        return "declarer"
    return "partner" if position.is_declarer_side(seat) else "defender"


def seat_name(position: Position, seat: int) -> str:
    """``seat 1 (defender)``."""
    return f"seat {seat} ({role(position, seat)})"


def deal_lines(position: Position, notation: Notation) -> list[str]:
    """The cards still held: a row per seat, a column per suit, then the seat's roles."""
    trump = position.trump
    notes = []
    for seat in range(position.players):
        marks = [role(position, seat)]
        if seat == position.leader:
            marks.append("led first" if position.stack else "leads")
        if seat == position.to_move:
            marks.append("to move")
        notes.append(", ".join(marks))
    hands = [CardSet(mask) for mask in position.hands]
    title = (
        f"Deal: {position.players} players, trump {notation.suit(trump)} "
        f"({SUIT_NAMES[trump]}), {position.rules.preset} rules"
    )
    if position.stack:
        count = len(position.stack)
        title += f"; the hands after {count} card{'s' if count > 1 else ''} played"
    return [title, *hand_lines(hands, trump, notes, notation)]


def played_lines(position: Position, notation: Notation) -> list[str]:
    """The tricks completed before this position (none: no section)."""
    if not position.tricks:
        return []
    return ["Tricks played:", *table(trick_rows(position, position.tricks, 1, 0, notation))]


def declaration_lines(position: Position, notation: Notation) -> list[str]:
    """Who declared what, which team scores its declarations, and bella."""
    outcome = position.declarations
    if not position.deal.is_full:
        return ["Declarations: none (only a full deal carries declarations)."]
    lines = ["Declarations:" if outcome.declarations else "Declarations: none."]
    rows = [
        [
            f"  {seat_name(position, d.seat)}",
            f"{d.kind} {notation.cards(d.cards)}",
            f"{d.points}",
            "best" if d == outcome.best else "",
        ]
        for d in outcome.declarations
    ]
    lines += table(rows, right={2})
    if outcome.team:
        seats = " + ".join(seat_name(position, s) for s in sorted(outcome.team))
        need_trick = position.rules.declarations_need_trick
        condition = " once that side takes a trick" if need_trick else ""
        lines.append(f"  scored by {seats}: {outcome.points} points{condition}")
    if outcome.bella_seat is not None:
        king_queen = notation.cards(CardSet(bella_mask(position.trump)))
        lines.append(
            f"Bella: {seat_name(position, outcome.bella_seat)} holds {king_queen}: "
            f"{BELLA_RULES[position.rules.bella]}."
        )
    return lines


def move_lines(position: Position, solution: Solution, notation: Notation) -> list[str]:
    """Every legal card of the player to move with the deal's outcome, best first."""
    rows = [["card", "margin", "declarer", "defenders", ""]]
    rows += [
        [
            notation.card(m.card),
            signed(m.margin),
            str(m.declarer_points),
            str(m.defender_points),
            "announces bella" if m.bella else "",
        ]
        for m in solution.moves
    ]
    title = (
        f"Moves for {seat_name(position, solution.to_move)}, best first "
        "(margin = declarer side minus defenders):"
    )
    return [title, *table(rows, right={1, 2, 3}, indent=2)]


def line_lines(position: Position, solution: Solution, notation: Notation) -> list[str]:
    """The optimal line, trick by trick from the current trick on."""
    final = position.copy()
    for play in solution.pv:
        final.push(play.card, bella=play.bella)
    done = len(position.tricks)
    rows = trick_rows(final, final.tricks[done:], done + 1, len(position.trick), notation)
    notes = ["* announces bella"] if any(p.bella for p in final.stack) else []
    notes += ["[ ] played before"] if position.trick else []
    legend = f" ({', '.join(notes)})" if notes else ""
    return [f"Optimal line{legend}:", *table(rows)]


def trick_rows(
    position: Position,
    tricks: Sequence[Trick],
    first: int,
    already: int,
    notation: Notation,
) -> list[list[str]]:
    """Table rows for tricks of ``position`` (the position after them) numbered
    from ``first``: the plays, the winner and the points won (the last trick's
    bonus as the rules count it). The first ``already`` plays of the first
    trick are bracketed as played before the position."""
    rows = []
    for index, trick in enumerate(tricks):
        number = first + index
        plays = [
            _play(play, notation, bracketed=index == 0 and k < already)
            for k, play in enumerate(trick.plays)
        ]
        points = f"{sum(card_points(c, position.trump) for c in trick.cards):2d} points"
        if number == position.tricks_total:
            points += f" + {last_trick_points(position)} last trick"
        rows.append([f"  trick {number}", *plays, f"seat {trick.winner} wins", points])
    return rows


def _play(play: Play, notation: Notation, bracketed: bool) -> str:
    """``1:7♦``, ``0:K♥*`` when it announces bella, ``[1:7♦]`` when played before."""
    text = f"{play.seat}:{notation.card(play.card)}{'*' if play.bella else ''}"
    return f"[{text}]" if bracketed else text


def score_lines(position: Position, solution: Solution) -> list[str]:
    """The optimal line's score per side, the result and what each seat records."""
    score = solution.score
    side = position.declarer_side

    def split(per_seat: Sequence[int]) -> list[str]:
        declarer = sum(per_seat[s] for s in side)
        return [str(declarer), str(sum(per_seat) - declarer)]

    rows = [
        ["Score:", "declarer side", "defenders"],
        ["  cards", *split(score.card_points)],
        ["  last trick", *split(score.last_trick)],
        ["  declarations", *split(score.declarations)],
        ["  bella", *split(score.bella)],
        ["  total", *split(score.totals)],
    ]
    result = (
        f"Result: {RESULT_NAMES[score.result]}, {score.declarer_points} to "
        f"{score.defender_points} (margin {signed(score.margin)})."
    )
    records = ", ".join(
        f"seat {s} {_number(r)}" for s, r in enumerate(score.records)
    )
    held = f"; {score.held_over} held over to the next deal" if score.held_over else ""
    return [*table(rows, right={1, 2}), result, f"Recorded: {records}{held}."]


def _number(value: Fraction) -> str:
    """A record: an integer, or a decimal when a bait is shared unevenly."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


