"""The rules of one trick (docs/rules.md sections 1 and 2.5): card order, points,
what may be played, who wins. The numbers are in :mod:`deberts.variants.deberts.model.points`; the
engine's C copy of these rules (``legal_mask`` and ``play_card`` in
``solver/deberts/state.pxi``) reads the same option names and is checked against these
functions by the oracle tests.
"""

from __future__ import annotations

from typing import Sequence

from deberts.model.cards import Card, Suit
from deberts.model.trick_order import TRUMP_ORDER, trick_power
from deberts.variants.deberts.model.points import PLAIN_POINTS, TRUMP_POINTS
from deberts.variants.deberts.model.rules import Rules

#: The rules the trick rules follow when none are given: no exemption.
_NO_OPTIONS = Rules()


def card_points(card: Card | int, trump: Suit | int) -> int:
    """The points a card is worth in a trick, given the trump suit."""
    return _POINTS[int(trump)][int(card)]


def trick_points(cards: Sequence[Card | int], trump: Suit | int) -> int:
    """The points of a trick's cards, given the trump suit."""
    points = _POINTS[int(trump)]
    return sum([points[card] for card in cards])


#: Each card's points by trump suit, and its power by trump and led suit: the
#: functions above are look-ups (they run at every card of a replayed line).
_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple((TRUMP_POINTS if card >> 3 == trump else PLAIN_POINTS)[card & 7]
          for card in range(32))
    for trump in range(4)
)


def legal_cards(
    hand: int,
    trick: Sequence[Card | int],
    trump: Suit | int,
    partner_wins: bool = False,
    rules: Rules = _NO_OPTIONS,
) -> int:
    """The mask of cards of ``hand`` that may be played to ``trick`` (cards so far);
    ``partner_wins`` says whether the trick's winning card so far is the player's
    partner's (a 4-player pairs game).

    Follow the led suit; trumps led must be beaten when possible; void in the led
    suit, play a trump, beating a trump already in the trick when possible; else
    anything (docs/rules.md 2.5). The rule options that lift a duty are read here and
    nowhere else in the model:

    - ``partner_exempt``: the partner's trump tops the trick, so it need not be
      beaten; with ``trump_lead_overtrump_partner`` only when a plain suit was led;
    - ``partner_winning_free``: the partner's card wins, so a player void in the led
      suit may play any card;
    - ``discard_over_opponent_trump``: an opponent's trump wins, so a player void in
      the led suit who cannot beat it may play any card instead of a lower trump.
    """
    if not trick:
        return hand
    trump = int(trump)
    led = int(trick[0]) >> 3
    trump_mask = 0xFF << (8 * trump)
    following = hand & (0xFF << (8 * led))
    if not following and partner_wins and rules.partner_winning_free:
        return hand
    candidates = following if following else hand & trump_mask
    if not candidates:
        return hand
    if not candidates & trump_mask:
        return candidates
    top = max(trick_power(c, led, trump) for c in trick)
    if (top > 8 and partner_wins and rules.partner_exempt
            and not (rules.trump_lead_overtrump_partner and led == trump)):
        return candidates
    higher = 0
    for bit in range(8 * trump, 8 * trump + 8):
        if candidates >> bit & 1 and 8 + TRUMP_ORDER[bit & 7] > top:
            higher |= 1 << bit
    if higher:
        return higher
    if not following and not partner_wins and rules.discard_over_opponent_trump:
        return hand
    return candidates
