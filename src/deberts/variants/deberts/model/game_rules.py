"""The game-level rules of Deberts (docs/rules.md 2.7): the hands that end a game at
once and the hands that give a right to a redeal. Pure facts about hands; the match
(``deberts.variants.deberts.play.match``) decides when the rule options put them in force.
"""

from __future__ import annotations

from deberts.model.cards import CardSet, Suit
from deberts.variants.deberts.model.points import PLAIN_POINTS

#: The four sevens, one of each suit: bit 8*suit + 0.
FOUR_SEVENS = sum(1 << (8 * suit) for suit in range(4))
#: A hand with at most this many card points (trumps counted as plain) may ask a redeal.
LOW_POINTS = 13
#: Klabor's six: A K Q J 10 9 of one suit, rank bits 2..7 of a suit's byte.
KLABOR_SIX_RANKS = 0b11111100
#: deberts: seven trumps in natural sequence (7..K or 8..A).
DEBERTS_RUNS = (0b01111111, 0b11111110)


def has_four_sevens(hand: CardSet) -> bool:
    """The hand holds all four sevens."""
    return hand.mask & FOUR_SEVENS == FOUR_SEVENS


def plain_points(hand: CardSet) -> int:
    """The hand's card points with every suit counted as plain (the low-points redeal)."""
    return sum(PLAIN_POINTS[card.rank] for card in hand)


def has_low_points(hand: CardSet) -> bool:
    """The hand is worth at most :data:`LOW_POINTS` card points, trumps counted as plain."""
    return plain_points(hand) <= LOW_POINTS


def is_klabor_six(first_cards: CardSet) -> bool:
    """The first cards dealt hold A K Q J 10 9 of one suit."""
    return any(
        (first_cards.mask >> (8 * suit)) & KLABOR_SIX_RANKS == KLABOR_SIX_RANKS
        for suit in range(4)
    )


def is_deberts(hand: CardSet, trump: Suit) -> bool:
    """The hand holds seven trumps in natural sequence."""
    trumps = (hand.mask >> (8 * int(trump))) & 0xFF
    return any(trumps & run == run for run in DEBERTS_RUNS)
