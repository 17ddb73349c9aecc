"""Play analysis: what each card of a played deal cost, double-dummy.

Before every card the solver gives each legal card's exact margin; the card played is
compared with the best one for its player's side. A card's *cost* is the points it
gave away from its side's point of view (0 for an optimal card, never negative), so
the double-dummy margin at the start minus the margin at the end is the declarer
side's losses minus the defenders'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from deberts.engine.owner import given_or_new
from deberts.errors import ArgumentError
from deberts.model.arguments import instance, integer
from deberts.model.cards import Card, CardMap, parse_cards
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.position import Position, push_numbered
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.model.scoring import DealScore, result_of, score


@dataclass(frozen=True)
class CardAnalysis:
    """One played card: the margin before it (optimal play from there), after it,
    its cost to its side, the optimal cards and every legal card's margin."""

    index: int
    seat: int
    card: Card
    margin_before: int
    margin_after: int
    cost: int
    best: tuple[Card, ...]
    values: CardMap[int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "card": str(self.card),
            "margin_before": self.margin_before,
            "margin_after": self.margin_after,
            "cost": self.cost,
            "best": [str(c) for c in self.best],
            "values": {str(c): v for c, v in sorted(self.values.items())},
        }

    def __repr__(self) -> str:
        return (f"<CardAnalysis {self.index}: seat {self.seat} {self.card} "
                f"cost={self.cost} best={','.join(map(str, self.best))}>")


@dataclass(frozen=True)
class PlayAnalysis:
    """A played deal card by card against double-dummy play.

    ``dd_margin`` is the margin under optimal play from the start; ``final_margin``
    the double-dummy margin after the last recorded card (with optimal play of the
    rest when the play is unfinished); ``score`` the actual result once complete.
    """

    start: Position
    cards: tuple[CardAnalysis, ...]
    dd_margin: int
    final_margin: int
    score: DealScore | None

    @property
    def complete(self) -> bool:
        return self.score is not None

    @property
    def dd_result(self) -> str:
        """``made``, ``bait`` or ``hanging`` under optimal play from the start."""
        return result_of(self.dd_margin)

    @property
    def actual_margin(self) -> int | None:
        """The margin the deal was actually played to, once it is complete."""
        return None if self.score is None else self.score.margin

    def lost(self) -> dict[int, int]:
        """The points each seat's cards gave away."""
        lost = {seat: 0 for seat in range(self.start.players)}
        for card in self.cards:
            lost[card.seat] += card.cost
        return lost

    def to_dict(self) -> dict[str, Any]:
        """The ``analyze --json`` record."""
        return {
            "cards": [c.to_dict() for c in self.cards],
            "lost": {str(seat): points for seat, points in self.lost().items()},
            "dd_margin": self.dd_margin,
            "dd_result": self.dd_result,
            "actual_margin": self.actual_margin,
            "actual_result": None if self.score is None else self.score.result,
            "final_margin": self.final_margin,
            "complete": self.complete,
        }

    def __repr__(self) -> str:
        return (f"<PlayAnalysis cards={len(self.cards)} dd_margin={self.dd_margin:+d} "
                f"actual_margin={self.actual_margin} lost={self.lost()}>")


def analyze_play(
    position: Position | GameRecord,
    play: Iterable[Card | str] | str | None = None,
    bella_declined: bool = False,
    table_bits: int | None = None,
    solver: Solver | None = None,
    start: int = 0,
) -> PlayAnalysis:
    """Analyse ``play`` from ``position`` (or a game record's whole play), the first
    ``start`` cards taken as given.

    ``bella_declined`` says the bella owner did not announce it. One solver is used
    throughout (``solver``, else a new one with a table of ``table_bits``), so each
    search reuses what the earlier ones proved; its limit and progress observer
    apply. An illegal card
    raises :class:`deberts.IllegalMoveError` naming its place in the play.
    """
    if isinstance(position, GameRecord):
        if play is not None:
            raise ArgumentError("bad play: analyze_play() takes the play from the record")
        record = position
        position, play, bella_declined = record.start(), record.play, record.bella_declined
    instance("position", position, Position, "a Position or a GameRecord")
    cards = parse_cards(() if play is None else play)
    given = position.copy()
    for index, card in enumerate(cards[:integer("start", start, 0, len(cards))]):
        push_numbered(given, index, card, bella=not bella_declined)
    position, cards = given, cards[start:]
    solver = given_or_new(Solver, solver, table_bits)
    current = position.copy()
    values = _values(solver, current)
    dd_margin = _margin(current, values)
    analysed = []
    for index, card in enumerate(cards):
        seat = current.to_move
        before = _margin(current, values)
        push_numbered(current, index, card, bella=not bella_declined)
        values_before, values = values, _values(solver, current)
        after = _margin(current, values)
        sign = 1 if current.is_declarer_side(seat) else -1
        best = tuple(sorted(c for c, v in values_before.items() if v == before))
        analysed.append(CardAnalysis(
            index, seat, card, before, after, sign * (before - after), best, values_before
        ))
    return PlayAnalysis(
        position.copy(), tuple(analysed), dd_margin, _margin(current, values),
        score(current) if current.is_over() else None,
    )


def _values(solver: Solver, position: Position) -> CardMap[int]:
    """Every legal card's margin, by card or name; none once the deal is over."""
    return CardMap() if position.is_over() else solver.values(position)


def _margin(position: Position, values: dict[Card, int]) -> int:
    """The margin under optimal play: the mover's best card, or the final score."""
    if position.is_over():
        return score(position).margin
    better = max if position.is_declarer_side(position.to_move) else min
    return better(values.values())
