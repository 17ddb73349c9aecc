"""The oracle: a plain pure-Python minimax over the Python game model.

It knows nothing of the engine. It plays every legal card (and, for the first bella
card, both announcing and declining) on a :class:`deberts.Position`, scores finished
deals with :func:`deberts.score`, and takes the max for the declarer's side and the
min for the defenders. Trick starts are memoised on everything the final margin can
still depend on, which keeps it exact while making full 2-player deals affordable.
"""

from __future__ import annotations

from typing import Hashable

from deberts import Card, Position, score
from deberts.declarations import bella_mask


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
    for card in position.legal_moves():
        choices.append((card, True))
        if position.bella_pending() and card.mask & mask:
            choices.append((card, False))
    return choices


def _minimax(position: Position, memo: dict[Hashable, int]) -> int:
    if position.is_over():
        return score(position).margin
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
