"""The human reports of ``deberts tertz``: the deal diagram with its stock, every
move's value, a line of moves with its draws, break, swaps and declarations, the
score, and the review of a played deal (docs/rules.md section 4).

Each section is a list of plain text lines built with the helpers of
:mod:`deberts.variants.deberts.text.render` (suits, tables, signed margins). In a line of moves a
trick is one row: its two cards (``0:A♠``, the seat first), the winner, the points;
under it, what happened around it in order: a swap, declarations and the marriage
made before a card (4.2, 4.3), the break after the first trick (4.1), the draws.
"""

from __future__ import annotations

from typing import Sequence

from deberts.model.cards import Card, CardSet
from deberts.text.notation import SUIT_NAMES, Notation, hand_lines, signed, table
from deberts.variants.tertz.analysis.review import MoveAnalysis, PlayAnalysis
from deberts.variants.tertz.engine.solver import Solution, played_out
from deberts.variants.tertz.model import (
    Break,
    Deal,
    Declaration,
    Move,
    Position,
    Rules,
    Swap,
)
from deberts.variants.tertz.model.declarations import MARRIAGE_POINTS, marriage_mask
from deberts.variants.tertz.model.position import TRICKS
from deberts.variants.tertz.model.record import GameRecord
from deberts.variants.tertz.model.tricks import LAST_TRICK

MARGIN = "margin = seat 0's total minus seat 1's"


def render_solution(
    position: Position, solution: Solution, notation: Notation
) -> str:
    """The ``tertz solve`` report, sections separated by blank lines."""
    sections = [
        position_lines(position, notation),
        history_lines(position, notation),
        move_lines(solution, notation),
        [f"Optimal line{' ([ ] played before)' if position.trick else ''}:",
         *line_lines(position, solution.pv, notation)],
        score_lines(played_out(position, solution.pv)),
        [f"Searched {solution.nodes:,} nodes in {solution.seconds:.3f} s."],
    ]
    return "\n\n".join("\n".join(lines) for lines in sections if lines)


def render_analysis(
    analysis: PlayAnalysis, record: GameRecord | None, notation: Notation
) -> str:
    """The ``tertz analyze`` report (and ``analyze --record`` of a Tertz record): the
    position the review starts from, who sat where (from a record), the moves before
    it, each move's cost, the summary."""
    start = analysis.start
    seats = record.seats if record is not None else ()
    sections = [
        position_lines(start, notation),
        ["Seats: " + ", ".join(f"{s} {name}" for s, name in enumerate(seats)) + "."]
        if seats else [],
        history_lines(start, notation),
        review_lines(analysis, notation),
        summary_lines(analysis),
    ]
    return "\n\n".join("\n".join(lines) for lines in sections if lines)


def deal_lines(deal: Deal, notation: Notation) -> list[str]:
    """A deal as dealt: the hands and the stock (``tertz deal --diagram``)."""
    return [
        *hand_lines(deal.hands, deal.trump, ["", ""], notation),
        stock_line(deal.stock, notation),
    ]


def position_lines(position: Position, notation: Notation) -> list[str]:
    """The title (trump, rules, moves so far), the hands held, the stock."""
    title = (
        f"Tertz: trump {notation.suit(position.trump)} ({SUIT_NAMES[position.trump]}), "
        f"{rules_text(position.rules)}"
    )
    if position.moves:
        count = len(position.moves)
        title += f"; the hands after {count} move{'s' if count > 1 else ''}"
    notes = []
    for seat in (0, 1):
        marks = []
        if seat == position.leader:
            marks.append("led" if position.trick else "leads")
        if seat == position.breaker:
            marks.append("breaks the stock")
        if seat == position.to_move:
            marks.append("to move")
        notes.append(", ".join(marks))
    hands = [CardSet(mask) for mask in position.hands]
    return [title, *hand_lines(hands, position.trump, notes, notation),
            stock_line(position.stock, notation)]


def rules_text(rules: Rules) -> str:
    """``default rules``, or the options that differ: ``stock_play=follow``."""
    default = Rules().to_dict()
    changed = [f"{k}={v}" for k, v in rules.to_dict().items() if v != default[k]]
    return "rules " + " ".join(changed) if changed else "default rules"


def stock_line(stock: Sequence[Card], notation: Notation) -> str:
    """The stock in draw order, the face-up card last (4.1)."""
    if not stock:
        return "Stock: empty."
    cards = " ".join(notation.card(card) for card in stock)
    return f"Stock in draw order ({len(stock)}, face-up card last): {cards}"


def history_lines(position: Position, notation: Notation) -> list[str]:
    """The moves made since the deal, trick by trick (none: no section)."""
    if not position.moves:
        return []
    start = Position(position.deal, position.rules)
    return ["Moves played:", *line_lines(start, position.moves, notation)]


def move_lines(solution: Solution, notation: Notation) -> list[str]:
    """Every legal move of the player to move with the deal's margin, best first."""
    rows = [["move", "margin"]]
    rows += [[move_text(move, notation), signed(value)] for move, value in solution.moves]
    title = f"Moves for seat {solution.to_move}, best first ({MARGIN}):"
    return [title, *table(rows, right={1}, indent=2)]


def move_text(move: Move, notation: Notation) -> str:
    """A card with its suit symbol; ``swap`` and ``break:K`` as written."""
    return notation.card(move) if isinstance(move, Card) else str(move)


def line_lines(
    start: Position, moves: Sequence[Move], notation: Notation
) -> list[str]:
    """``moves`` played from ``start``, a trick a row (an unfinished last trick
    too), what happened around the trick on a line under it (module docstring); a
    card on the table at the start is shown bracketed, ``[0:A♠]``."""
    rows = _line_rows(start, moves, notation)
    indent = " " * (max((len(cells[0]) for cells, _ in rows), default=0) + 2)
    lines = []
    for line, (_, notes) in zip(table([cells for cells, _ in rows]), rows):
        lines.append(line)
        if notes:
            lines.append(indent + "; ".join(notes))
    return lines


def _line_rows(
    start: Position, moves: Sequence[Move], notation: Notation
) -> list[tuple[list[str], list[str]]]:
    """The rows of :func:`line_lines`: a trick's cells and its notes."""
    position = start.copy()
    rows: list[tuple[list[str], list[str]]] = []
    plays = [f"[{position.leader}:{notation.card(card)}]" for card in position.trick]
    notes: list[str] = []
    for move in moves:
        seat, hands, stock = position.to_move, position.hands, len(position.stock)
        declarations, married = position.declarations, any(position.marriage)
        position.push(move)
        if isinstance(move, Swap):
            taken = CardSet(position.hands[seat] & ~hands[seat])
            notes.append(f"{seat} swaps {notation.card(position.seven)} "
                         f"for {notation.cards(taken)}")
        elif isinstance(move, Break):
            text = [f"{seat} breaks the stock by {move.k}", _draws(hands, position, notation)]
            if rows:
                rows[-1][1].extend(text)
            else:
                rows.append((["  break"], text))
        else:
            notes += _declared(seat, declarations, position, notation)
            if not married and any(position.marriage):
                king_queen = notation.cards(CardSet(marriage_mask(position.trump)))
                notes.append(f"{seat} marriage {king_queen} {MARRIAGE_POINTS}")
            plays.append(f"{seat}:{notation.card(move)}")
            if len(position.stock) < stock:
                notes.append(_draws(hands, position, notation))
            if not position.trick:
                rows.append((_trick_cells(position, plays), notes))
                plays, notes = [], []
    if plays or notes:
        rows.append(([f"  trick {len(position.tricks) + 1}", *plays], notes))
    return rows


def _trick_cells(position: Position, plays: list[str]) -> list[str]:
    """The cells of the trick just completed: number, plays, winner, points."""
    trick = position.tricks[-1]
    number = len(position.tricks)
    points = f"{trick.points:2d} points"
    if number == TRICKS:
        points += f" + {LAST_TRICK} last trick"
    return [f"  trick {number}", *plays, f"seat {trick.winner} wins", points]


def _draws(before: tuple[int, int], after: Position, notation: Notation) -> str:
    """``draws 0:8♠ 1:7♠``: the card each seat drew, the trick's winner first."""
    leader = after.leader
    drawn = [
        f"{seat}:{notation.cards(CardSet(after.hands[seat] & ~before[seat]))}"
        for seat in (leader, 1 - leader)
    ]
    return "draws " + " ".join(drawn)


def _declared(
    seat: int, before: Sequence[Declaration], after: Position, notation: Notation
) -> list[str]:
    """The declarations ``seat`` made right before the card just played, with the
    runs they replace (4.3)."""
    replaced = [
        now for old, now in zip(before, after.declarations) if old.counting and not now.counting
    ]
    notes = []
    for d in after.declarations[len(before):]:
        text = f"{seat} declares {d.kind} {notation.cards(CardSet(d.cards))} {d.points}"
        gone = [r for r in replaced if r.cards & d.cards == r.cards]
        if gone:
            text += " replacing " + ", ".join(notation.cards(CardSet(r.cards)) for r in gone)
        notes.append(text)
    return notes


def score_lines(final: Position) -> list[str]:
    """The finished deal's score per seat (4.4): the parts, the raw totals, the
    recorded ones rounded to tens, and the margin."""
    score = final.score()
    last = [LAST_TRICK if final.tricks[-1].winner == seat else 0 for seat in (0, 1)]
    rows = [
        ["Score:", "seat 0", "seat 1"],
        ["  cards", *(str(score.points[s] - last[s]) for s in (0, 1))],
        ["  last trick", *map(str, last)],
        ["  declarations", *map(str, score.declarations)],
        ["  marriage", *map(str, score.marriage)],
        ["  total", *map(str, score.raw)],
        ["  recorded", *map(str, score.recorded)],
    ]
    return [*table(rows, right={1, 2}), f"Margin: {signed(score.margin)} (seat 0 minus seat 1)."]


def review_lines(analysis: PlayAnalysis, notation: Notation) -> list[str]:
    """Each move reviewed: its trick, player, margins before and after, cost and
    the best moves when it was not one of them."""
    if not analysis.moves:
        return ["No moves to review."]
    position = analysis.start.copy()
    rows = [["trick", "player", "move", "before", "after", "cost", "best"]]
    for reviewed in analysis.moves:
        trick = len(position.tricks) + (0 if isinstance(reviewed.move, Break) else 1)
        position.push(reviewed.move)
        rows.append([
            str(trick),
            f"seat {reviewed.seat}",
            move_text(reviewed.move, notation),
            signed(reviewed.margin_before),
            signed(reviewed.margin_after),
            str(reviewed.cost) if reviewed.cost else "",
            _best(reviewed, notation),
        ])
    title = f"Play, move by move ({MARGIN}, double-dummy; cost = points given away):"
    return [title, *table(rows, right={3, 4, 5}, indent=2)]


def _best(reviewed: MoveAnalysis, notation: Notation) -> str:
    """The optimal moves when the move played is not one of them."""
    if reviewed.cost == 0:
        return ""
    return " ".join(move_text(move, notation) for move in reviewed.best)


def summary_lines(analysis: PlayAnalysis) -> list[str]:
    """The points each seat gave away, the double-dummy margin and the outcome."""
    lost = ", ".join(f"seat {seat} {points}" for seat, points in analysis.lost().items())
    lines = [f"Points lost: {lost}.", f"Double-dummy: margin {signed(analysis.dd_margin)}."]
    score = analysis.score
    if score is None:
        lines.append(
            f"Unfinished after {len(analysis.moves)} moves: margin "
            f"{signed(analysis.final_margin)} with optimal play of the rest."
        )
    else:
        lines.append(
            f"Played: {score.raw[0]} to {score.raw[1]} (margin {signed(score.margin)}), "
            f"recorded {score.recorded[0]} to {score.recorded[1]}."
        )
    return lines

