"""SVG drawings of Tertz deals, positions, solutions, reviews and played deals, from
the pieces of :mod:`deberts.variants.deberts.text.svg` (the same table, cards and values).

A position shows both hands, the trump, the trick on the table (or the one just
completed), the face-up card (the seven of trumps once swapped for it) while it is
still in the stock, and the stock's size in the title; a move that is not a card
(``swap``, ``break:K``) has its value in a note under the table.
"""

from __future__ import annotations

from html import escape
from typing import Mapping, Sequence

from deberts.engine.face import MoveValues
from deberts.model.arguments import instance
from deberts.model.cards import Card, CardSet
from deberts.text.drawing import (
    CARD_H,
    CARD_W,
    Drawings,
    Scene,
    Seat,
    TableCard,
    card_svg,
    document,
    scene_svg,
    value_svg,
)
from deberts.text.notation import signed
from deberts.variants.tertz.analysis.review import PlayAnalysis
from deberts.variants.tertz.engine.solver import Solution, played_out
from deberts.variants.tertz.model import Deal, Move, Position
from deberts.variants.tertz.model.moves import as_move
from deberts.variants.tertz.model.position import Trick
from deberts.variants.tertz.model.record import GameRecord
from deberts.variants.tertz.play.match import DealResult, PlayView


def position_svg(position: Position, values: Mapping[Move, int] | None = None,
                 caption: str = "") -> str:
    """A position around the table, optionally with every legal move's value (seat 0's
    margin after it), the best moves for the seat to move marked, and a caption
    under it."""
    values = dict(values or {})
    best: frozenset[Card] = frozenset()
    others = []
    if values:
        better = max if position.to_move == 0 else min
        top = better(values.values())
        best = frozenset(m for m, v in values.items() if v == top and isinstance(m, Card))
        others = [f"{m} {signed(v)}" for m, v in values.items() if not isinstance(m, Card)]
    notes = tuple(line for line in (", ".join(others), caption) if line)
    over = position.is_over()
    seats = tuple(Seat(CardSet(hand), label=f"seat {s}") for s, hand in enumerate(position.hands))
    trick = tuple(TableCard((position.leader + i) % 2, card) for i, card in enumerate(position.trick))
    face_up = position.stock[-1] if position.stock else None  # the seven, once swapped
    last_trick, last_winner = _last(position.tricks)
    return scene_svg(Scene(
        seats, trick, position.trump, face_up, None if over else position.to_move,
        CardSet(position.legal_mask()),
        {m: v for m, v in values.items() if isinstance(m, Card)}, best,
        f"Tertz, {len(position.stock)} cards to draw", last_trick, last_winner, notes,
    ))


#: The drawing options :func:`values_svg` takes: none.
SVG_OPTIONS: tuple[str, ...] = ()


def values_svg(position: Position, values: MoveValues,
               options: Mapping[str, object] | None = None) -> str:
    """The text face's drawing (the web API's board): ``position`` with each legal
    move's value of ``values``, its moves read by name; Tertz's board takes no
    options (:data:`SVG_OPTIONS`)."""
    instance("position", position, Position, "a TertzPosition")
    return position_svg(position, {as_move(str(move)): value for move, value in values.items()})


def _last(tricks: Sequence[Trick]) -> tuple[tuple[TableCard, ...], int | None]:
    """The plays of the last completed trick, who played what, and its winner."""
    if not tricks:
        return (), None
    last = tricks[-1]
    return (tuple(TableCard((last.leader + i) % 2, card) for i, card in enumerate(last.cards)),
            last.winner)


def view_svg(view: PlayView, playable: bool = False) -> str:
    """What the seat to move sees in a game: its own cards face up, the other's
    backs, the trick, the trump and the face-up card (the seven once swapped for it);
    with ``playable`` its legal cards marked. A move that is not a card (the swap, a
    break) is a button of the page, not a card on the table."""
    other = 1 - view.seat
    hidden = len(view.hand) - len(view.trick)  # the other has played to the trick, or not yet
    seats = tuple(
        Seat(view.hand, 0, "you") if s == view.seat else Seat(CardSet(), hidden, f"seat {other}")
        for s in range(2)
    )
    trick = tuple(TableCard((view.leader + i) % 2, card) for i, card in enumerate(view.trick))
    legal = CardSet(m for m in view.legal if isinstance(m, Card)) if playable else CardSet()
    title = f"Tertz, trick {len(view.tricks) + 1}, {view.stock_size} cards to draw"
    last_trick, last_winner = _last(view.tricks)
    return scene_svg(Scene(seats, trick, view.trump, view.face_up, view.seat, legal,
                           title=title, last_trick=last_trick, last_winner=last_winner))


def deal_svg(deal: Deal) -> str:
    """A deal as dealt: both hands, the trump and the face-up card."""
    return position_svg(Position(deal))


def solution_svg(solution: Solution) -> str:
    """The legal moves of the player to move with their margins, best marked."""
    parts = [f'<text class="label" x="10" y="18">{escape(_title(solution))}</text>']
    for index, (move, value) in enumerate(solution.moves):
        x = 10 + index * (CARD_W + 8)
        best = value == solution.margin
        if isinstance(move, Card):
            parts.append(card_svg(move, x, 28, classes="legal best" if best else "legal"))
        else:
            parts.append(f'<text class="label" x="{x + 2}" y="{28 + CARD_H / 2}">'
                         f'{escape(str(move))}</text>')
        parts.append(value_svg(move, value, x + CARD_W / 2, 28 + CARD_H + 16, best))
    width = max(20 + len(solution.moves) * (CARD_W + 8), 360)
    return document(width, CARD_H + 56, parts, "Tertz solution")


def _title(solution: Solution) -> str:
    return (f"seat {solution.to_move} to move: margin {signed(solution.margin)} "
            f"(recorded {solution.score.recorded[0]} to {solution.score.recorded[1]})")


def analysis_svg(analysis: PlayAnalysis) -> str:
    """The position after the reviewed moves, with the points each seat gave away."""
    end = played_out(analysis.start, (m.move for m in analysis.moves))
    lost = ", ".join(f"seat {seat} lost {points}" for seat, points in analysis.lost().items())
    return position_svg(end, caption=lost)


def result_svg(result: DealResult | GameRecord) -> str:
    """A played deal's end: the last trick and the totals."""
    end = result.position if isinstance(result, DealResult) else result.position()
    caption = ""
    if end.is_over():
        score = end.score()
        caption = f"{score.raw[0]} to {score.raw[1]}, recorded {score.recorded[0]} to {score.recorded[1]}"
    return position_svg(end, caption=caption)


#: Tertz's objects that draw themselves (its game's ``drawings``).
DRAWINGS: Drawings = (
    (Deal, deal_svg),
    (Position, position_svg),
    (Solution, solution_svg),
    (PlayAnalysis, analysis_svg),
    (DealResult, result_svg),
    (GameRecord, result_svg),
)
