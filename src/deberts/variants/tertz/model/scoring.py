"""Scoring one Tertz deal (docs/rules.md 4.3 and 4.4): totals, the end-of-deal
comparison of declarations, and the rounding of recorded scores.

A seat's total is the card points of its tricks, 10 for the last trick, its
declarations if its best one is the higher, and its marriage: the raw total, which
the solver works with. The recorded score follows the players' way of writing it
down: the seat with fewer tricks (with as many, the one that did not take the last
trick) rounds its card points to tens, a final 5 rounding down (135 -> 130, 136 ->
140); the other seat records the rest of the 150; each then adds its declarations
and marriage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from deberts.model.cards import Suit
from deberts.variants.tertz.model.declarations import (
    MARRIAGE_POINTS,
    Declaration,
    declaration_points,
)
from deberts.variants.tertz.model.tricks import TOTAL_POINTS


@dataclass(frozen=True)
class DealScore:
    """The score of a finished deal per seat: ``points`` (cards and the last trick),
    ``declarations``, ``marriage``, the ``raw`` totals and the ``recorded`` ones."""

    points: tuple[int, int]
    declarations: tuple[int, int]
    marriage: tuple[int, int]
    raw: tuple[int, int]
    recorded: tuple[int, int]

    @property
    def margin(self) -> int:
        """Seat 0's raw total minus seat 1's: the double-dummy value (4.5)."""
        return self.raw[0] - self.raw[1]


def round_total(total: int) -> int:
    """A total rounded to tens, a final 5 rounding down: 135 -> 130, 136 -> 140."""
    return (total + 4) // 10 * 10


def recorded_points(points: Sequence[int], tricks: Sequence[int], last: int) -> tuple[int, int]:
    """The card points (last trick included) as written down: the seat with fewer
    ``tricks`` (with as many, the one that did not take the ``last`` trick) rounds
    its own, the other gets the rest of the 150."""
    counter = 1 - last if tricks[0] == tricks[1] else (0 if tricks[0] < tricks[1] else 1)
    rounded = round_total(points[counter])
    recorded = [0, 0]
    recorded[counter] = rounded
    recorded[1 - counter] = TOTAL_POINTS - rounded
    return recorded[0], recorded[1]


def deal_score(
    points: Sequence[int],
    declarations: Sequence[Declaration],
    marriage: Sequence[bool],
    trump: Suit,
    tricks: Sequence[int],
    last: int,
) -> DealScore:
    """The score from each seat's ``points`` (cards and last trick) and ``tricks``
    won, the seat that took the ``last`` trick, the deal's ``declarations`` and who
    scored the ``marriage``."""
    declared = declaration_points(declarations, trump)
    married = tuple(MARRIAGE_POINTS if m else 0 for m in marriage)
    raw = tuple(points[seat] + declared[seat] + married[seat] for seat in (0, 1))
    cards = recorded_points(points, tricks, last)
    return DealScore(
        points=(points[0], points[1]),
        declarations=declared,
        marriage=(married[0], married[1]),
        raw=(raw[0], raw[1]),
        recorded=(cards[0] + declared[0] + married[0], cards[1] + declared[1] + married[1]),
    )
