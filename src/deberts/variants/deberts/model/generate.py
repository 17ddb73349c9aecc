"""Random deals, optionally with some cards fixed in some hands (``deberts deal``).

Each deal is uniform among all deals of that size in which every seat holds the
cards fixed for it: the free cards are shuffled and dealt to the free places of the
hands (with 2 and 3 players the rest stay undealt). Seeded and reproducible.
"""

from __future__ import annotations

import random
from itertools import count as counter
from typing import Iterator, Mapping

from deberts.errors import InvalidDealError, excerpt
from deberts.model.arguments import integer
from deberts.model.cards import CardSet
from deberts.model.dealing import checked_hands, fill_hands, free_cards, random_source
from deberts.variants.deberts.model.deal import Deal, full_hand_size


def generate_deals(
    players: int,
    count: int | None = 1,
    seed: int | random.Random | None = None,
    fixed: Mapping[int, CardSet | str] | None = None,
    cards_per_hand: int | None = None,
) -> Iterator[Deal]:
    """``count`` random deals (``None``: without end) of ``players`` hands.

    ``fixed`` maps a seat to cards it must hold: a whole hand or only some of it.
    ``cards_per_hand`` below full gives endgame deals. Bad arguments raise
    :class:`InvalidDealError` (or :class:`NotationError` for a bad hand) at once,
    before the first deal.
    """
    size, hands = fixed_hands(players, count, fixed or {}, cards_per_hand)
    rng = random_source(seed)
    return _deals(rng, size, hands, count)


def _deals(
    rng: random.Random, size: int, hands: list[CardSet], count: int | None
) -> Iterator[Deal]:
    free = free_cards(hands)
    for _ in range(count) if count is not None else counter():
        yield Deal(fill_hands(rng, free, hands, size)[0])


def fixed_hands(
    players: int, count: int | None, fixed: Mapping[int, CardSet | str],
    cards_per_hand: int | None,
) -> tuple[int, list[CardSet]]:
    """The hand size and the fixed cards of each seat, every argument checked."""
    players = integer("players", players)
    if players not in (2, 3, 4):
        raise InvalidDealError(f"bad player count {excerpt(players)}: expected 2, 3 or 4")
    full = full_hand_size(players)
    size = full if cards_per_hand is None else integer("cards_per_hand", cards_per_hand)
    if not 1 <= size <= full:
        raise InvalidDealError(f"bad hand size {excerpt(size)}: expected 1..{full} with {players} players")
    if count is not None and integer("count", count) < 0:
        raise InvalidDealError(f"bad count {excerpt(count)}: expected a number of deals, 0 or more")
    return size, checked_hands(players, fixed, size)
