"""Which card wins a trick, in every game of the family (docs/rules.md sections 1 and
4.3): the trick-taking order of the ranks in a plain suit and in trumps, a card's
power in a trick, and the trick's winner."""

from __future__ import annotations

from typing import Sequence

from deberts.model.cards import Card, Suit

#: Trick-taking order by rank index (7 8 9 T J Q K A), 1 = lowest: a plain suit.
PLAIN_ORDER: tuple[int, ...] = (1, 2, 3, 7, 4, 5, 6, 8)
#: Trick-taking order by rank index in the trump suit (J 9 A T K Q 8 7 high to low).
TRUMP_ORDER: tuple[int, ...] = (1, 2, 7, 5, 8, 3, 4, 6)


def trick_power(card: Card | int, led: Suit | int, trump: Suit | int) -> int:
    """How strongly a card competes for the trick: trumps 9..16, led suit 1..8, others 0."""
    return _POWERS[int(trump)][int(led)][int(card)]


def trick_winner(cards: Sequence[Card | int], trump: Suit | int) -> int:
    """The index in ``cards`` (play order) of the card that wins the trick."""
    powers = _POWERS[int(trump)][cards[0] >> 3]
    strength = [powers[card] for card in cards]
    return strength.index(max(strength))


def _power(card: int, led: int, trump: int) -> int:
    suit, rank = card >> 3, card & 7
    if suit == trump:
        return 8 + TRUMP_ORDER[rank]
    if suit == led:
        return PLAIN_ORDER[rank]
    return 0


#: Each card's power by trump and led suit: :func:`trick_power` and
#: :func:`trick_winner` are look-ups (they run at every card of a replayed line).
_POWERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_power(card, led, trump) for card in range(32)) for led in range(4))
    for trump in range(4)
)
