"""The rules of one trick (RULES.md sections 1 and 2.5): card order, points, what may
be played, who wins. The engine takes its card tables from here; its C copy of the
play rules is checked against these functions by the oracle tests.
"""

from __future__ import annotations

from typing import Sequence

from deberts.model.cards import Card, Suit

#: Trick-taking order per rank index (7 8 9 T J Q K A), 1 = lowest.
PLAIN_ORDER = (1, 2, 3, 7, 4, 5, 6, 8)
TRUMP_ORDER = (1, 2, 7, 5, 8, 3, 4, 6)
#: Card points per rank index.
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
LAST_TRICK = 10
#: The last trick under the ``capot`` option when one side took every trick.
CAPOT_LAST_TRICK = 100


def card_points(card: Card | int, trump: Suit | int) -> int:
    """The points a card is worth in a trick, given the trump suit."""
    table = TRUMP_POINTS if int(card) >> 3 == int(trump) else PLAIN_POINTS
    return table[int(card) & 7]


def trick_power(card: Card | int, led: Suit | int, trump: Suit | int) -> int:
    """How strongly a card competes for the trick: trumps 9..16, led suit 1..8, others 0."""
    suit, rank = int(card) >> 3, int(card) & 7
    if suit == int(trump):
        return 8 + TRUMP_ORDER[rank]
    if suit == int(led):
        return PLAIN_ORDER[rank]
    return 0


def trick_winner(cards: Sequence[Card | int], trump: Suit | int) -> int:
    """The index in ``cards`` (play order) of the card that wins the trick."""
    led = int(cards[0]) >> 3
    powers = [trick_power(card, led, trump) for card in cards]
    return powers.index(max(powers))


def legal_cards(
    hand: int,
    trick: Sequence[Card | int],
    trump: Suit | int,
    partner_has_top_trump: bool = False,
    void_free: bool = False,
    undertrump_free: bool = False,
) -> int:
    """The mask of cards of ``hand`` that may be played to ``trick`` (cards so far).

    Follow the led suit; trumps led must be beaten when possible; void in the led
    suit, play a trump, beating a trump already in the trick when possible; else
    anything. The caller decides the rule options' exemptions:
    ``partner_has_top_trump`` lifts the duty to beat the highest trump in the trick
    (``partner_exempt``); ``void_free`` lets a player void in the led suit play any
    card (``partner_winning_free``); ``undertrump_free`` lets a player void in the
    led suit who cannot beat the trick's top trump play any card instead of a lower
    trump (``discard_over_opponent_trump``).
    """
    if not trick:
        return hand
    trump = int(trump)
    led = int(trick[0]) >> 3
    trump_mask = 0xFF << (8 * trump)
    following = hand & (0xFF << (8 * led))
    if not following and void_free:
        return hand
    candidates = following if following else hand & trump_mask
    if not candidates:
        return hand
    if candidates & trump_mask and not partner_has_top_trump:
        top = max((trick_power(c, led, trump) for c in trick), default=0)
        higher = 0
        for bit in range(8 * trump, 8 * trump + 8):
            if candidates >> bit & 1 and 8 + TRUMP_ORDER[bit & 7] > top:
                higher |= 1 << bit
        if higher:
            return higher
        if not following and undertrump_free:
            return hand
    return candidates
