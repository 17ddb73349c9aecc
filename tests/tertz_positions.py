"""Seeded random Tertz positions in every phase, for the model, oracle and engine
tests: the opening, right before and right after the break, the stock phase, the
last draws, the end phase (a few cards a hand), and positions with a swap available;
under every reading of the rules (:data:`RULE_VARIANTS`).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from deberts.variants.tertz.model import SWAP, Deal, Move, Position, Rules

#: The defaults and each option's other values, alone and together.
RULE_VARIANTS: tuple[Rules, ...] = (
    Rules(),
    Rules(stock_play="follow"),
    Rules(stock_play="free"),
    Rules(declare_when="opening"),
    Rules(stock_play="follow", declare_when="opening"),
    Rules(swap_last=False),
    Rules(stock_play="free", swap_last=False),
)
PHASES = ("opening", "before_break", "after_break", "stock", "last_draws", "end", "swap")


def random_position(
    seed: int, phase: str = "end", rules: Rules | None = None, cards_left: int = 6
) -> Position:
    """A position of ``phase`` reached by random legal moves from a random deal:

    - ``opening``: the first move (sometimes after seat 0's swap);
    - ``before_break``: the first trick played, its loser to break;
    - ``after_break``: the stock just broken and drawn from;
    - ``stock``: somewhere in tricks 2 to 6, possibly mid-trick;
    - ``last_draws``: the stock down to its last two cards (trick 7);
    - ``end``: the stock empty, ``cards_left`` cards (1..9) in the hand to move at a
      trick start, or (half the time, when ``cards_left`` is 2 or more) one fewer in
      the hand to answer a trick;
    - ``swap``: somewhere in the stock phase where the player to move may swap.

    Random play swaps rarely, so that the seven of trumps is often still to swap.
    """
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}: expected one of {' '.join(PHASES)}")
    rng = random.Random(seed)
    chosen = rules if rules is not None else RULE_VARIANTS[seed % len(RULE_VARIANTS)]
    stop = _STOPS[phase](rng, cards_left)
    while True:
        position = Position(Deal.random(rng), chosen)
        while not position.is_over():
            if stop(position):
                return position
            position.push(_random_move(position, rng))


def random_positions(
    count: int, phase: str = "end", seed: int = 0, rules: Rules | None = None,
    cards_left: int = 6,
) -> Iterator[Position]:
    """``count`` positions of ``phase`` from seeds ``seed``, ``seed + 1``, ..."""
    for offset in range(count):
        yield random_position(seed + offset, phase, rules, cards_left)


def _random_move(position: Position, rng: random.Random) -> Move:
    moves = position.legal_moves()
    others = [m for m in moves if m != SWAP]
    if others and rng.random() < 0.9:
        return rng.choice(others)
    return rng.choice(moves)


Stop = Callable[[Position], bool]


def _opening(rng: random.Random, cards_left: int) -> Stop:
    return lambda p: not p.tricks and not p.trick and (not p.can_swap() or rng.random() < 0.7)


def _before_break(rng: random.Random, cards_left: int) -> Stop:
    return lambda p: p.breaker is not None and (not p.can_swap() or rng.random() < 0.7)


def _after_break(rng: random.Random, cards_left: int) -> Stop:
    return lambda p: p.broken is not None and len(p.tricks) == 1


def _stock(rng: random.Random, cards_left: int) -> Stop:
    trick = rng.randrange(1, 6)
    middle = rng.random() < 0.5
    return lambda p: len(p.tricks) == trick and p.broken is not None and bool(p.trick) == middle


def _last_draws(rng: random.Random, cards_left: int) -> Stop:
    middle = rng.random() < 0.5
    return lambda p: len(p.stock) == 2 and bool(p.trick) == middle


def _end(rng: random.Random, cards_left: int) -> Stop:
    if not 1 <= cards_left <= 9:
        raise ValueError(f"bad cards_left {cards_left}: expected 1..9")
    middle = rng.random() < 0.5 and cards_left > 1

    def stop(p: Position) -> bool:
        size = p.hands[p.to_move].bit_count()
        return not p.stock and bool(p.trick) == middle and size == cards_left - middle

    return stop


def _swap(rng: random.Random, cards_left: int) -> Stop:
    return lambda p: p.can_swap() and rng.random() < 0.5


_STOPS: dict[str, Callable[[random.Random, int], Stop]] = {
    "opening": _opening,
    "before_break": _before_break,
    "after_break": _after_break,
    "stock": _stock,
    "last_draws": _last_draws,
    "end": _end,
    "swap": _swap,
}


def first_lead_body(seed: int) -> dict[str, Any]:
    """The web API's body of a whole seeded Tertz deal at the first lead: a search
    of many seconds."""
    deal = Deal.random(seed)
    return {"game": "tertz", "hands": [str(hand) for hand in deal.hands],
            "stock": [str(card) for card in deal.stock]}


def after_break(seed: int, extra: int = 0) -> Position:
    """A position right after the break reached by seeded random moves, and
    ``extra`` random moves past it."""
    position = Position(Deal.random(seed))
    rng = random.Random(seed)
    while position.broken is None:
        position.push(rng.choice(position.legal_moves()))
    for _ in range(extra):
        position.push(rng.choice(position.legal_moves()))
    return position
