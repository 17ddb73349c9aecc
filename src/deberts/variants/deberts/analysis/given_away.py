"""Points given away against double-dummy play, by role (docs/rules.md section 3).

Each card's cost from :func:`deberts.variants.deberts.analysis.review.analyze_play` (what it gave away
from its side's point of view, 0 for an optimal card) summed per seat, then for the
declarer's side and for the defenders. A group of seats (the seats one player type
held in a match) is scored in each role it had: what its seats on the declarer's
side gave away, and what its seats among the defenders gave away. Summed over a
whole deal, the double-dummy margin at the start minus the margin at the end is the
declarer side's figure minus the defenders'.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from deberts.analysis.stats import mean_ci95, rounded
from deberts.variants.deberts.analysis.review import PlayAnalysis, analyze_play
from deberts.variants.deberts.engine.solver import DEFAULT_TABLE_BITS
from deberts.variants.deberts.model.record import GameRecord


@dataclass(frozen=True)
class RoleLosses:
    """What a group of seats gave away in one deal on the declarer's side and among
    the defenders; ``None`` for a role none of its seats had in that deal."""

    declarer: int | None
    defenders: int | None


@dataclass(frozen=True)
class GivenAway:
    """One played deal: the points each seat's cards gave away against double-dummy
    play, and the seats of the declarer's side."""

    seats: tuple[int, ...]
    declarer_side: frozenset[int]

    @property
    def declarer(self) -> int:
        """What the declarer's side gave away."""
        return sum(self.seats[s] for s in self.declarer_side)

    @property
    def defenders(self) -> int:
        """What the defenders gave away."""
        return sum(self.seats) - self.declarer

    def of(self, group: Collection[int]) -> RoleLosses:
        """What the seats of ``group`` gave away in each role they had."""
        attack = [s for s in group if s in self.declarer_side]
        defence = [s for s in group if s not in self.declarer_side]
        return RoleLosses(
            sum(self.seats[s] for s in attack) if attack else None,
            sum(self.seats[s] for s in defence) if defence else None,
        )


def given_away(
    play: PlayAnalysis | GameRecord, table_bits: int = DEFAULT_TABLE_BITS
) -> GivenAway:
    """The points each seat gave away in ``play``: an analysis already made, or a
    game record's play, analysed here."""
    analysis = play if isinstance(play, PlayAnalysis) else analyze_play(play, table_bits=table_bits)
    lost = analysis.lost()
    return GivenAway(tuple(lost[s] for s in range(analysis.start.players)),
                     analysis.start.declarer_side)


def role_summary(losses: Sequence[RoleLosses]) -> dict[str, Any]:
    """The mean points a deal given away as declarer and as defenders, each over
    the deals in which the group had that role, with a 95% interval."""
    summary: dict[str, Any] = {}
    for role in ("declarer", "defenders"):
        values = np.array([getattr(r, role) for r in losses if getattr(r, role) is not None],
                          dtype=float)
        summary[f"as_{role}"] = {
            "deals": len(values),
            "mean": rounded(values.mean()) if len(values) else None,
            "ci95": mean_ci95(values) if len(values) else None,
        }
    return summary
