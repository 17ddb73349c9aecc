"""Tertz declarations (docs/rules.md 4.3): runs, fours, what is new, who scores, and
the marriage. Pure functions over 32-bit card masks (docs/rules.md section 5).

- A **run** is a maximal sequence of 3 or more cards of one suit in the natural order
  7 8 9 10 J Q K A: 3 cards 20, 4 cards 50, 5 to 8 cards 100.
- A **four** of jacks is 200; of aces, kings or queens 100; other fours are nothing.
- Kinds, highest first: four jacks, aces, kings, queens, then runs by length; between
  runs of one length the higher top card wins, then the one in trumps, then the one
  declared first (the smaller ``order``).
- **New** (under ``declare_when = stock``): a four of a rank the seat has not
  declared; a run sharing no card with any run the seat declared (replaced ones
  included); or a run strictly containing one of the seat's runs that still count,
  which it replaces. A run that only overlaps earlier runs is not new.
- The **marriage** (king and queen of trumps in one hand) is 20 and stands apart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from deberts.model.cards import CardSet, Rank, Suit

FOUR, RUN = "four", "run"
#: Points of a four, by rank; ranks not listed make no four.
FOUR_POINTS = {Rank.JACK: 200, Rank.ACE: 100, Rank.KING: 100, Rank.QUEEN: 100}
#: The fours' places in the order of kinds, above every run (whose place is its length).
FOUR_CLASS = {Rank.JACK: 12, Rank.ACE: 11, Rank.KING: 10, Rank.QUEEN: 9}
MIN_RUN = 3
MARRIAGE_POINTS = 20


@dataclass(frozen=True)
class Declaration:
    """One declaration: ``seat``, ``kind`` (``four`` or ``run``), its ``cards`` (a mask),
    ``points``, ``order`` (0 for the first declared in the deal, then 1, 2, ...) and
    whether it still ``counting`` (a run replaced by a longer one does not)."""

    seat: int
    kind: str
    cards: int
    points: int
    order: int
    counting: bool = True

    def key(self, trump: Suit) -> tuple[int, int, bool, int]:
        """The comparison key, larger is higher: kind (fours by rank, runs by length),
        top card, in trumps, declared first."""
        top = self.cards.bit_length() - 1
        if self.kind == FOUR:
            return FOUR_CLASS[Rank(top & 7)], 0, False, -self.order
        return self.cards.bit_count(), top & 7, top >> 3 == int(trump), -self.order

    def __str__(self) -> str:
        status = "" if self.counting else ", replaced"
        return f"{self.kind} {CardSet(self.cards)} {self.points} (seat {self.seat}{status})"


def run_points(length: int) -> int:
    """The value of a run of ``length`` cards (3 or more)."""
    return 20 if length == 3 else 50 if length == 4 else 100


@lru_cache(maxsize=256)
def _suit_runs(bits: int) -> tuple[int, ...]:
    """The maximal runs of 3 or more in one suit's 8 rank bits, as 8-bit masks."""
    runs = []
    rank = 0
    while rank < 8:
        if not bits >> rank & 1:
            rank += 1
            continue
        start = rank
        while rank < 8 and bits >> rank & 1:
            rank += 1
        if rank - start >= MIN_RUN:
            runs.append(((1 << (rank - start)) - 1) << start)
    return tuple(runs)


def runs(hand: int) -> list[int]:
    """The maximal runs of 3 or more cards in ``hand``, as masks."""
    return [run << (8 * suit) for suit in range(4) for run in _suit_runs(hand >> (8 * suit) & 0xFF)]


def fours(hand: int) -> list[int]:
    """The fours of ``hand`` that score (jacks, aces, kings, queens), as masks."""
    found = []
    for rank in FOUR_POINTS:
        mask = 0x01010101 << int(rank)
        if hand & mask == mask:
            found.append(mask)
    return found


def combination_points(hand: int) -> int:
    """The points of the runs and fours in ``hand``, as though all were declared."""
    run_total = sum(run_points(run.bit_count()) for run in runs(hand))
    return run_total + sum(FOUR_POINTS[Rank(mask.bit_length() - 1 & 7)] for mask in fours(hand))


def declare(
    hand: int, seat: int, declarations: Sequence[Declaration]
) -> tuple[Declaration, ...]:
    """``declarations`` (of the whole deal so far) after ``seat`` declares every new
    combination of ``hand``: the new ones appended in order, the seat's runs they
    contain marked as no longer counting. Unchanged when nothing is new."""
    mine = [d for d in declarations if d.seat == seat]
    declared_fours = {d.cards for d in mine if d.kind == FOUR}
    declared_runs = 0
    for d in mine:
        if d.kind == RUN:
            declared_runs |= d.cards
    new: list[tuple[str, int, int]] = [
        (FOUR, mask, FOUR_POINTS[Rank(mask.bit_length() - 1 & 7)])
        for mask in fours(hand) if mask not in declared_fours
    ]
    replaced: set[int] = set()
    for run in runs(hand):
        contained = [
            d.order for d in mine
            if d.kind == RUN and d.counting and d.cards & run == d.cards and d.cards != run
        ]
        if contained or not run & declared_runs:
            new.append((RUN, run, run_points(run.bit_count())))
            replaced.update(contained)
    if not new:
        return tuple(declarations)
    updated = [replace(d, counting=False) if d.order in replaced else d for d in declarations]
    start = len(declarations)
    updated += [
        Declaration(seat, kind, mask, points, start + i)
        for i, (kind, mask, points) in enumerate(new)
    ]
    return tuple(updated)


def opening_declarations(hands: Sequence[int]) -> tuple[Declaration, ...]:
    """Both seats' declarations from the hands dealt, seat 0 first
    (``declare_when = opening``)."""
    declarations: tuple[Declaration, ...] = ()
    for seat, hand in enumerate(hands):
        declarations = declare(hand, seat, declarations)
    return declarations


def declaration_points(
    declarations: Sequence[Declaration], trump: Suit
) -> tuple[int, int]:
    """Points per seat at the end of the deal: the seat whose best counting declaration
    is higher scores all of its counting ones, the other none."""
    best: list[tuple[int, int, bool, int] | None] = [None, None]
    totals = [0, 0]
    for d in declarations:
        if not d.counting:
            continue
        totals[d.seat] += d.points
        key = d.key(trump)
        current = best[d.seat]
        if current is None or key > current:
            best[d.seat] = key
    if best[0] is None and best[1] is None:
        return 0, 0
    winner = 0 if best[1] is None or (best[0] is not None and best[0] > best[1]) else 1
    return (totals[0], 0) if winner == 0 else (0, totals[1])


def marriage_mask(trump: Suit) -> int:
    """The king and queen of trumps."""
    return 1 << (8 * int(trump) + Rank.KING) | 1 << (8 * int(trump) + Rank.QUEEN)
