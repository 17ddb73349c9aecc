"""The oracle: a plain pure-Python minimax over the Python game model.

It knows nothing of the engine. It plays every legal card (and, for the first bella
card, both announcing and declining) on a :class:`deberts.Position`, scores finished
deals with :func:`deberts.score`, and takes the max for the declarer's side and the
min for the defenders. Which cards are legal and what the last trick is worth (the
capot) it reads from the rule text itself (:func:`rule_text_legal`,
:func:`rule_text_last_trick`), apart from the model's code: ``Position.push``
refuses a card the model finds illegal, and a card the oracle leaves out shows as a
missing value, so the two readings are checked against each other too. Trick
starts are memoised on everything the final margin can still depend on, which keeps
it exact while making full 2-player deals affordable.
"""

from __future__ import annotations

from typing import Hashable

from deberts import Card, CardSet, Position, score
from deberts.variants.deberts.model.declarations import bella_mask

PLAIN_LOW_TO_HIGH = "789JQKTA"
TRUMP_LOW_TO_HIGH = "78QKTA9J"


def oracle_moves(position: Position) -> dict[Card, int]:
    """Each legal card's exact final margin, for the player to move."""
    memo: dict[Hashable, int] = {}
    maximizing = position.is_declarer_side(position.to_move)
    values: dict[Card, int] = {}
    for card, bella in _choices(position):
        position.push(card, bella=bella)
        value = _minimax(position, memo)
        position.pop()
        if card not in values:
            values[card] = value
        else:
            values[card] = max(values[card], value) if maximizing else min(values[card], value)
    return values


def oracle_value(position: Position) -> int:
    """The exact final margin of the position under optimal play."""
    values = oracle_moves(position).values()
    return max(values) if position.is_declarer_side(position.to_move) else min(values)


def _choices(position: Position) -> list[tuple[Card, bool]]:
    """Every (card, announce bella) choice of the player to move."""
    mask = bella_mask(position.trump)
    choices = []
    for card in rule_text_legal(position):
        choices.append((card, True))
        if position.bella_pending() and card.mask & mask:
            choices.append((card, False))
    return choices


def rule_text_legal(position: Position) -> list[Card]:
    """The cards the player to move may play, from RULES.md 2.5 and the Belote
    options (README "Rules") read literally: follow suit (trumps led: beat the top
    trump if possible); void, trump (beating a trump in the trick if possible);
    else anything. ``partner_exempt``: a partner's top trump need not be beaten
    (``trump_lead_overtrump_partner``: except when trumps were led);
    ``partner_winning_free``: void while the partner's card wins, anything;
    ``discard_over_opponent_trump``: void and unable to beat an opponent's top
    trump, anything."""
    rules, trump = position.rules, position.trump
    seat = position.to_move
    hand = list(CardSet(position.hands[seat]))
    if not position.trick:
        return hand
    led = position.trick[0].card.suit

    def strength(card: Card) -> int:
        if card.suit == trump:
            return 100 + TRUMP_LOW_TO_HIGH.index(card.rank.char)
        if card.suit == led:
            return PLAIN_LOW_TO_HIGH.index(card.rank.char)
        return -1

    pairs = position.players == 4 and rules.teams == "pairs"
    partner = (seat + 2) % 4 if pairs else None
    winning = max(position.trick, key=lambda play: strength(play.card))
    partner_wins = winning.seat == partner
    top_trump = max((strength(p.card) for p in position.trick if p.card.suit == trump),
                    default=None)
    follow = [c for c in hand if c.suit == led]
    if follow:
        if led != trump:
            return follow
        exempt = rules.partner_exempt and partner_wins and not rules.trump_lead_overtrump_partner
        higher = [c for c in follow if strength(c) > top_trump]
        return follow if exempt or not higher else higher
    if rules.partner_winning_free and partner_wins:
        return hand
    trumps = [c for c in hand if c.suit == trump]
    if not trumps:
        return hand
    if top_trump is None or (rules.partner_exempt and partner_wins):
        return trumps
    higher = [c for c in trumps if strength(c) > top_trump]
    if higher:
        return higher
    if rules.discard_over_opponent_trump and not partner_wins:
        return hand
    return trumps


def rule_text_last_trick(position: Position) -> int:
    """The last trick of a finished deal: 10, or under ``capot`` 100 when the side of
    its winner (the declarer's, or the defenders together) took every trick."""
    sides = {position.is_declarer_side(t.winner) for t in position.tricks}
    return 100 if position.rules.capot and len(sides) == 1 else 10


def _final_margin(position: Position) -> int:
    """The finished deal's margin, its last trick counted by :func:`rule_text_last_trick`."""
    final = score(position)
    winner = position.tricks[-1].winner
    sign = 1 if position.is_declarer_side(winner) else -1
    return final.margin + sign * (rule_text_last_trick(position) - final.last_trick[winner])


def _minimax(position: Position, memo: dict[Hashable, int]) -> int:
    if position.is_over():
        return _final_margin(position)
    key = _memo_key(position) if not position.trick else None
    if key is not None and key in memo:
        return memo[key]
    maximizing = position.is_declarer_side(position.to_move)
    best = None
    for card, bella in _choices(position):
        position.push(card, bella=bella)
        value = _minimax(position, memo)
        position.pop()
        if best is None or (value > best if maximizing else value < best):
            best = value
    assert best is not None
    if key is not None:
        memo[key] = best
    return best


def _memo_key(position: Position) -> Hashable:
    """Everything of a trick start that the final score can depend on."""
    mask = bella_mask(position.trump)
    won = position.points_won()
    card_margin = sum(
        points if position.is_declarer_side(seat) else -points
        for seat, points in enumerate(won)
    )
    bella_history = tuple(
        (trick.winner, tuple(p.bella for p in trick.plays))
        for trick in position.tricks
        if any(p.card.mask & mask for p in trick.plays)
    )
    return (
        tuple(position.hands),
        position.trick_leader,
        card_margin,
        tuple(n > 0 for n in position.tricks_won()),
        bella_history,
    )
