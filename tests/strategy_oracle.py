"""The strategy oracle for αμ: every strategy of the searching seat, written out.

A strategy fixes the seat's card at each public history (the cards played since
the root) it can reach in some world; the oracle lists them all, plainly. Against
one strategy each world is played out by plain minimax (tests/oracle.py): the
other seats know the world and the strategy, and each takes the best margin
for its own side (the declarer's side the highest, the defenders the lowest). With ``depth`` the
seat's ``depth``-th card is valued double-dummy in each world (the oracle's own
exact values). A root card's value is the best weighted total of the strategies
that start with it. Tiny positions only: the strategies multiply.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from oracle import oracle_moves, oracle_value

from deberts import Card, CardSet, Position, score

History = tuple[Card, ...]
Strategy = dict[History, Card]


def strategy_values(
    worlds: Sequence[Position], weights: Sequence[int], depth: int
) -> dict[Card, int]:
    """Each legal root card's best weighted total over the seat's strategies that
    search ``depth`` of its moves, from the seat's side (+ for the declarer's)."""
    seat = worlds[0].to_move
    sign = 1 if worlds[0].is_declarer_side(seat) else -1
    best: dict[Card, int] = {}
    for strategy in _strategies(list(worlds), (), seat, depth):
        total = sum(
            weight * sign * _played_out(world.copy(), strategy, (), seat, depth)
            for world, weight in zip(worlds, weights)
        )
        card = strategy[()]
        best[card] = max(best.get(card, total), total)
    return best


def _strategies(
    worlds: list[Position], history: History, seat: int, depth: int
) -> Iterator[Strategy]:
    """Every strategy from ``history`` on, in the worlds that reach it."""
    first = worlds[0]
    if first.is_over() or not first.hands[seat]:
        yield {}
        return
    if first.to_move == seat:
        for card in first.legal_moves():
            if depth == 1:
                yield {history: card}
                continue
            after = [_pushed(w, card) for w in worlds]
            for rest in _strategies(after, (*history, card), seat, depth - 1):
                yield {history: card, **rest}
        return
    branches = []
    for card in CardSet(_union(w.legal_mask() for w in worlds)):
        after = [_pushed(w, card) for w in worlds if w.legal_mask() >> card & 1]
        branches.append(list(_strategies(after, (*history, card), seat, depth)))
    for parts in product(*branches):
        merged: Strategy = {}
        for part in parts:
            merged.update(part)
        yield merged


def _played_out(
    position: Position, strategy: Strategy, history: History, seat: int, depth: int
) -> int:
    """The margin of one world against ``strategy``, the other seats choosing."""
    if position.is_over():
        return score(position).margin
    if not position.hands[seat]:
        return oracle_value(position)
    mover = position.to_move
    if mover == seat:
        card = strategy[history]
        if depth == 1:
            return oracle_moves(position)[card]
        position.push(card)
        value = _played_out(position, strategy, (*history, card), seat, depth - 1)
        position.pop()
        return value
    outcomes = []
    for card in position.legal_moves():
        position.push(card)
        outcomes.append(_played_out(position, strategy, (*history, card), seat, depth))
        position.pop()
    return max(outcomes) if position.is_declarer_side(mover) else min(outcomes)


def _pushed(position: Position, card: Card) -> Position:
    copy = position.copy()
    copy.push(card)
    return copy


def _union(masks: Iterator[int]) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total
