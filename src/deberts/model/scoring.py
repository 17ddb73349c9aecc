"""Scoring one finished deal (RULES.md section 2.6): totals, made / bait / hanging bait,
and what each player records.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from deberts.model.declarations import BELLA_POINTS, bella_mask
from deberts.errors import DebertsError
from deberts.model.position import Position
from deberts.model.sides import with_partner
from deberts.model.tricks import CAPOT_LAST_TRICK, LAST_TRICK

MADE, BAIT, HANGING = "made", "bait", "hanging"


def result_of(margin: int) -> str:
    """``made`` when the declarer's side scored more, ``bait`` less, ``hanging`` equal."""
    return MADE if margin > 0 else BAIT if margin < 0 else HANGING


@dataclass(frozen=True)
class DealScore:
    """The score of a finished deal, per seat and per side.

    ``records`` is what each seat writes down: its own total when made; on a bait the
    defenders share everything; on a hanging bait the defenders write their own and
    ``held_over`` (the declarer side's total) goes to the next deal's top scorer. In a
    pairs game both partners show their pair's record.
    """

    card_points: tuple[int, ...]
    last_trick: tuple[int, ...]
    declarations: tuple[int, ...]
    bella: tuple[int, ...]
    totals: tuple[int, ...]
    declarer_points: int
    defender_points: int
    result: str
    records: tuple[Fraction, ...]
    held_over: int

    @property
    def margin(self) -> int:
        return self.declarer_points - self.defender_points


def bella_points(position: Position) -> list[int]:
    """The bella points each seat earns, under the ``bella`` rule option."""
    players, rules = position.players, position.rules
    points = [0] * players
    mask = bella_mask(position.trump)
    owner = position.declarations.bella_seat
    if owner is None:
        return points
    bella_tricks = [t for t in position.tricks if any(p.card.mask & mask for p in t.plays)]
    announced = [t for t in bella_tricks if any(p.bella for p in t.plays)]
    if rules.bella == "owner":
        if announced:
            points[owner] += BELLA_POINTS
    elif rules.bella == "trick_winner":
        if announced:
            points[announced[0].winner] += BELLA_POINTS
    else:
        team = with_partner(owner, players, rules)
        if announced and len(bella_tricks) == 2 and all(t.winner in team for t in bella_tricks):
            points[owner] += BELLA_POINTS
    return points


def last_trick_points(position: Position) -> int:
    """What the last trick of a finished deal is worth: 10, or with the ``capot``
    option 100 when its winner's side (the declarer's, or the defenders together)
    took every trick."""
    if not position.rules.capot:
        return LAST_TRICK
    return CAPOT_LAST_TRICK if position.sides_with_tricks() != 3 else LAST_TRICK


def score(position: Position) -> DealScore:
    """The score of a finished deal."""
    if not position.is_over():
        raise DebertsError("the deal is not over: cannot score it yet")
    players = position.players
    cards = position.points_won()
    last = [0] * players
    last[position.tricks[-1].winner] = last_trick_points(position)
    outcome = position.declarations
    won = position.tricks_won()
    credited = not position.rules.declarations_need_trick or any(
        won[seat] for seat in outcome.team
    )
    declared = [0] * players
    if credited:
        for declaration in outcome.scoring:
            declared[declaration.seat] += declaration.points
    bella = bella_points(position)
    totals = tuple(cards[s] + last[s] + declared[s] + bella[s] for s in range(players))
    side = position.declarer_side
    declarer_points = sum(totals[s] for s in side)
    defender_points = sum(totals[s] for s in range(players) if s not in side)
    result = result_of(declarer_points - defender_points)
    records, held_over = _records(position, totals, declarer_points, defender_points, result)
    return DealScore(
        tuple(cards), tuple(last), tuple(declared), tuple(bella), totals,
        declarer_points, defender_points, result, records, held_over,
    )


def _records(
    position: Position,
    totals: tuple[int, ...],
    declarer_points: int,
    defender_points: int,
    result: str,
) -> tuple[tuple[Fraction, ...], int]:
    """What each seat records, and the points held over by a hanging bait."""
    players = position.players
    side = position.declarer_side
    defenders = [s for s in range(players) if s not in side]
    pairs = players == 4 and position.rules.teams == "pairs"

    def own(seat: int) -> Fraction:
        team = side if seat in side else set(defenders)
        return Fraction(sum(totals[s] for s in team) if pairs else totals[seat])

    if result == MADE:
        return tuple(own(s) for s in range(players)), 0
    if result == BAIT:
        everything = Fraction(declarer_points + defender_points)
        share = everything if pairs else everything / len(defenders)
        return tuple(Fraction(0) if s in side else share for s in range(players)), 0
    return (
        tuple(Fraction(0) if s in side else own(s) for s in range(players)),
        declarer_points,
    )
