"""Declarations (docs/rules.md 2.4): tertz, fifty, bella, and which team scores them.

Runs are found in each hand and split into disjoint tertzes (3 cards, 20) and fifties
(4 cards, 50), the split making the hand's best declaration as high as possible, then
its total as large as possible. Only the team holding the single highest declaration
scores, and then all of its declarations; bella (king and queen of trumps) stands
apart and never beats or is beaten.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from deberts.model.cards import Card, CardSet, Rank, Suit
from deberts.model.trick_order import PLAIN_ORDER, TRUMP_ORDER
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.points import FIFTY_POINTS, TERTZ_POINTS
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.sides import declarer_side, with_partner


@dataclass(frozen=True)
class Declaration:
    """One tertz or fifty held by ``seat``; ``top`` is the top card's place in its order."""

    seat: int
    cards: CardSet
    suit: Suit
    top: int

    @property
    def kind(self) -> str:
        return "fifty" if len(self.cards) == 4 else "tertz"

    @property
    def points(self) -> int:
        return FIFTY_POINTS if len(self.cards) == 4 else TERTZ_POINTS

    def __str__(self) -> str:
        return f"{self.kind} {self.cards} (seat {self.seat})"


@lru_cache(maxsize=None)
def _sequence(natural: bool, trumps: bool) -> tuple[int, ...]:
    """The rank indices of a suit from lowest to highest in the order runs are read in."""
    if natural:
        return tuple(range(8))
    order = TRUMP_ORDER if trumps else PLAIN_ORDER
    return tuple(sorted(range(8), key=lambda rank: order[rank]))


def hand_declarations(
    hand: CardSet, seat: int, trump: Suit, rules: Rules
) -> tuple[Declaration, ...]:
    """The tertzes and fifties a hand declares, its runs split as the rules say."""
    found: list[Declaration] = []
    mask = hand.mask
    natural = rules.sequence_order == "natural"
    for suit in _SUITS:
        base = 8 * int(suit)
        pieces = _suit_pieces(mask >> base & 0xFF, natural, suit == trump)
        if not pieces:
            continue
        ranks = _sequence(natural, suit == trump)
        for first, length in pieces:
            cards = CardSet(Card.of(suit, Rank(ranks[p])) for p in range(first, first + length))
            found.append(Declaration(seat, cards, suit, first + length - 1))
    return tuple(found)


#: The suits in order, iterated once for all (an Enum's own iteration is slow).
_SUITS = tuple(Suit)


@lru_cache(maxsize=None)
def _suit_pieces(held: int, natural: bool, trumps: bool) -> tuple[tuple[int, int], ...]:
    """The declared pieces ``(first place, length)`` of one suit's cards, ``held`` by
    rank index, places counted in the order runs are read in: found once for each of
    the 256 holdings (a deal's sampled worlds meet the same ones again and again)."""
    ranks = _sequence(natural, trumps)
    placed = [held >> rank & 1 == 1 for rank in ranks]
    pieces: list[tuple[int, int]] = []
    start = 0
    while start < 8:
        if not placed[start]:
            start += 1
            continue
        end = start
        while end < 8 and placed[end]:
            end += 1
        pieces.extend((start + low, length) for low, length in _best_split(end - start))
        start = end
    return tuple(pieces)


@lru_cache(maxsize=None)
def _best_split(length: int) -> tuple[tuple[int, int], ...]:
    """Pieces ``(offset, length)`` of a run: the highest top piece, then the most points."""
    best: tuple[tuple[int, int, int], tuple[tuple[int, int], ...]] = ((0, 0, 0), ())

    def walk(position: int, pieces: tuple[tuple[int, int], ...]) -> None:
        nonlocal best
        if position >= length:
            if pieces:
                top = max(pieces, key=lambda p: (p[1], p[0] + p[1]))
                score = (top[1], top[0] + top[1], sum(_piece_points(p) for p in pieces))
                if score > best[0]:
                    best = (score, pieces)
            return
        walk(position + 1, pieces)
        for size in (3, 4):
            if position + size <= length:
                walk(position + size, pieces + ((position, size),))

    walk(0, ())
    return best[1]


def _piece_points(piece: tuple[int, int]) -> int:
    return FIFTY_POINTS if piece[1] == 4 else TERTZ_POINTS


@dataclass(frozen=True)
class DeclarationOutcome:
    """Everything declared in a deal and who scores it.

    ``team`` is the seats whose declarations score (empty when nobody declared);
    ``scoring`` their declarations and ``points`` their value, which with
    ``declarations_need_trick`` is credited only once the team takes a trick.
    ``bella_seat`` is the holder of the trump king and queen, if any.
    """

    declarations: tuple[Declaration, ...]
    best: Declaration | None
    team: frozenset[int]
    scoring: tuple[Declaration, ...]
    points: int
    bella_seat: int | None


def declaration_team(
    seat: int, declarer: int, players: int, rules: Rules
) -> frozenset[int]:
    """The seats whose declarations are added to ``seat``'s.

    The declarer's side; in a 3-player game the two defenders together; otherwise
    the defender's own team: his pair, or in a 4-player solo game himself
    (docs/rules.md 2.4).
    """
    side = declarer_side(declarer, players, rules)
    if seat in side:
        return side
    if players == 3:
        return frozenset(range(players)) - side
    return with_partner(seat, players, rules)


def resolve_declarations(
    deal: Deal, trump: Suit, declarer: int, first_leader: int, rules: Rules
) -> DeclarationOutcome:
    """Find every declaration of a full deal and decide which team scores.

    The best declaration is the longest, then the highest top card, then (Moscow
    rules) the one in trumps, then the one first in play order from the first
    leader. Endgame deals carry no declarations; ``declarations=none`` finds no
    tertz or fifty (bella is still found: it follows the ``bella`` option).
    """
    if not deal.is_full:
        return DeclarationOutcome((), None, frozenset(), (), 0, None)
    players = deal.players
    declarations = tuple(
        d
        for seat, hand in enumerate(deal.hands)
        for d in hand_declarations(hand, seat, trump, rules)
        if rules.declarations == "auto"
    )

    def strength(d: Declaration) -> tuple[int, int, int, int]:
        trump_bonus = int(rules.trump_tiebreak and d.suit == trump)
        return (len(d.cards), d.top, trump_bonus, -((d.seat - first_leader) % players))

    best = max(declarations, key=strength, default=None)
    team = (
        frozenset()
        if best is None
        else declaration_team(best.seat, declarer, players, rules)
    )
    scoring = tuple(d for d in declarations if d.seat in team)
    bella_cards = bella_mask(trump)
    bella_seat = next(
        (seat for seat, hand in enumerate(deal.hands) if hand.mask & bella_cards == bella_cards),
        None,
    )
    return DeclarationOutcome(
        declarations, best, team, scoring, sum(d.points for d in scoring), bella_seat
    )


def bella_mask(trump: Suit) -> int:
    """The king and queen of trumps."""
    return _BELLA_MASKS[trump]


#: The king and queen of each suit, by suit (read at every card played).
_BELLA_MASKS: tuple[int, ...] = tuple(
    (1 << (8 * suit + Rank.KING)) | (1 << (8 * suit + Rank.QUEEN)) for suit in range(4)
)
