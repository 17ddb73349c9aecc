"""The rules of one Tertz trick (docs/rules.md 4.2): card points, what may be
played in each phase, who wins. Card orders are Deberts' (docs/rules.md section 1).
"""

from __future__ import annotations

from typing import Sequence

from deberts.model.cards import Card, Rank, Suit, iter_bits
from deberts.model.trick_order import trick_power

#: Card points per rank index (7 8 9 T J Q K A).
PLAIN_POINTS = (0, 0, 0, 10, 1, 2, 3, 11)
TRUMP_POINTS = (0, 0, 13, 10, 20, 2, 3, 11)
#: The last trick's bonus: 140 in the cards, 150 in a deal.
LAST_TRICK = 10
#: The card points of a deal, the last trick's included.
TOTAL_POINTS = 150
#: The play once the stock is empty: follow and beat, else trump, else anything.
STRICT = "strict"


def card_points(card: Card | int, trump: Suit | int) -> int:
    """The points a card is worth in a trick (140 in the pack)."""
    table = TRUMP_POINTS if int(card) >> 3 == int(trump) else PLAIN_POINTS
    return table[int(card) & 7]


def suit_mask(suit: Suit | int) -> int:
    return 0xFF << (8 * int(suit))


def legal_cards(hand: int, trick: Sequence[Card | int], trump: Suit, play: str) -> int:
    """The mask of the cards of ``hand`` that may answer ``trick`` (the cards on the
    table; empty: a lead, anything goes).

    ``play`` is the stock phase's option ``stock_play`` (``suit_or_trump``,
    ``follow``, ``free``) or :data:`STRICT` once the stock is empty. The jack of
    trumps is never forced: the duties are worked out without it, then it may be
    played as well.
    """
    if not trick:
        return hand
    jack = 1 << (8 * int(trump) + Rank.JACK)
    return _duty(hand & ~jack, int(trick[0]), trump, play) | hand & jack


def _duty(hand: int, led_card: int, trump: Suit, play: str) -> int:
    """The cards of ``hand`` that satisfy the duty to answer ``led_card``."""
    led = led_card >> 3
    following = hand & suit_mask(led)
    trumps = hand & suit_mask(trump)
    if play == "free":
        return hand
    if play == "suit_or_trump":
        return following | trumps or hand
    if following:
        if play != STRICT:
            return following
        beat = trick_power(led_card, led, trump)
        higher = sum(1 << c for c in iter_bits(following) if trick_power(c, led, trump) > beat)
        return higher or following
    return trumps or hand
