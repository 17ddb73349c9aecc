"""The fixed, seeded position sets the benchmarks time: full deals of 2, 3 and 4
players from the first card, and 4-player positions in mid-deal (mid-trick too)."""

from __future__ import annotations

import random

from deberts import Deal, Position, Suit

SET_SIZE = 200


def full_deals(players: int, count: int = SET_SIZE, seed: int = 2026) -> list[Position]:
    """``count`` random full deals, random trump, declarer and first leader."""
    rng = random.Random(seed * 10 + players)
    return [
        Position(Deal.random(players, seed=rng), Suit(rng.randrange(4)),
                 rng.randrange(players), rng.randrange(players))
        for _ in range(count)
    ]


def mid_deal(players: int = 4, count: int = SET_SIZE, seed: int = 2026,
             cards_left: int = 5) -> list[Position]:
    """Full deals played at random down to about ``cards_left`` cards a hand."""
    rng = random.Random(seed * 100 + players)
    positions = []
    for position in full_deals(players, count, seed + 1):
        plies = (position.deal.hand_size - cards_left) * players + rng.randrange(players)
        for _ in range(plies):
            position.push(rng.choice(position.legal_moves()))
        positions.append(position)
    return positions


SETS = {
    "full-2p": lambda: full_deals(2),
    "full-3p": lambda: full_deals(3),
    "full-4p": lambda: full_deals(4),
    "mid-4p": lambda: mid_deal(4),
}
