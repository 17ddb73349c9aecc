"""Scoring one Tertz deal (docs/rules.md 4.3 and 4.4): totals, the end-of-deal
comparison of declarations, and the rounding of recorded scores.

A seat's total is the card points of its tricks, 10 for the last trick, its
declarations if its best one is the higher, and its marriage. The recorded score
is the total rounded to tens, a final 5 rounding down (135 -> 130, 136 -> 140).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from deberts.model.cards import Suit
from deberts.model.tertz.declarations import (
    MARRIAGE_POINTS,
    TertzDeclaration,
    declaration_points,
)


@dataclass(frozen=True)
class TertzScore:
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


def deal_score(
    points: Sequence[int],
    declarations: Sequence[TertzDeclaration],
    marriage: Sequence[bool],
    trump: Suit,
) -> TertzScore:
    """The score from each seat's ``points`` (cards and last trick), the deal's
    ``declarations`` and who scored the ``marriage``."""
    declared = declaration_points(declarations, trump)
    married = tuple(MARRIAGE_POINTS if m else 0 for m in marriage)
    raw = tuple(points[seat] + declared[seat] + married[seat] for seat in (0, 1))
    return TertzScore(
        points=(points[0], points[1]),
        declarations=declared,
        marriage=(married[0], married[1]),
        raw=(raw[0], raw[1]),
        recorded=(round_total(raw[0]), round_total(raw[1])),
    )
