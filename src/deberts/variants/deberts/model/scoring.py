"""Scoring one finished deal (docs/rules.md 2.6): totals, made / bait /
hanging bait, and what each player records; and the two bonuses whose crediting
play decides (``declarations_need_trick``, ``bella``), read here and nowhere else in
the model, so that the engine's boundary asks these functions how they stand.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from deberts.errors import DebertsError
from deberts.model.arguments import instance
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.points import BELLA_POINTS, CAPOT_LAST_TRICK, LAST_TRICK
from deberts.variants.deberts.model.position import Play, Position, Trick
from deberts.variants.deberts.model.sides import plays_in_pairs, with_partner

#: A deal's result (docs/rules.md 2.6): the declarer's side scored more.
MADE = "made"
#: The declarer's side scored less.
BAIT = "bait"
#: The totals are equal: a hanging bait.
HANGING = "hanging"


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


def declarations_pending(position: Position) -> bool:
    """True while the scoring team's tertzes and fifties still wait for its first
    trick (``declarations_need_trick``, docs/rules.md 2.4): at the end of a deal,
    pending means never credited."""
    outcome = position.declarations
    won = position.tricks_won()
    return (
        position.rules.declarations_need_trick
        and outcome.points > 0
        and not any(won[s] for s in outcome.team)
    )


def bella_declined(position: Position) -> Play | None:
    """The first bella card played, when its owner played it without announcing
    bella (the owner's choice, docs/rules.md 2.4); else ``None``."""
    owner = position.declarations.bella_seat
    if owner is None:
        return None
    mask = bella_mask(position.trump)
    if position.hands[owner] & mask == mask:
        return None  # neither card played yet
    for play in position.stack:
        if mask >> play.card & 1:
            return play if play.seat == owner and not play.bella else None
    return None


def bella_tricks(position: Position) -> list[Trick]:
    """The completed tricks holding a bella card (the king or queen of trumps)."""
    mask = bella_mask(position.trump)
    return [t for t in position.tricks if any(mask >> p.card & 1 for p in t.plays)]


def bella_points(position: Position) -> list[int]:
    """The bella points each seat scores under the ``bella`` option (docs/rules.md
    2.4), as far as the completed tricks decide them; at the end of a deal, its bella.

    - ``owner``: the owner's 20, settled from the first card unless his first bella
      card goes down unannounced (announcing never hurts him, so play never has to
      decide it);
    - ``trick_winner``: the winner of the completed trick in which it was announced;
    - ``both_tricks``: the owner, once his team has won both bella tricks, the
      first with the announcement.
    """
    players, rules = position.players, position.rules
    points = [0] * players
    owner = position.declarations.bella_seat
    if owner is None:
        return points
    if rules.bella == "owner":
        if bella_declined(position) is None:
            points[owner] += BELLA_POINTS
        return points
    done = bella_tricks(position)
    announced = [t for t in done if any(p.bella for p in t.plays)]
    if rules.bella == "trick_winner":
        if announced:
            points[announced[0].winner] += BELLA_POINTS
    else:
        team = with_partner(owner, players, rules)
        if announced and len(done) == 2 and all(t.winner in team for t in done):
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
    instance("position", position, Position, "a Position")
    if not position.is_over():
        raise DebertsError("the deal is not over: cannot score it yet")
    players = position.players
    cards = position.points_won()
    last = [0] * players
    last[position.tricks[-1].winner] = last_trick_points(position)
    declared = [0] * players
    if not declarations_pending(position):
        for declaration in position.declarations.scoring:
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
    pairs = plays_in_pairs(players, position.rules)

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
