"""Dealing the cards for every game: the cards no hand holds, hands filled up from
them uniformly, and the cards a caller fixes in some hands, checked."""

from __future__ import annotations

import random
from typing import Mapping

from deberts.errors import DebertsError, InvalidDealError
from deberts.model.arguments import check_seat, integer
from deberts.model.cards import CardSet


def random_source(seed: int | random.Random | None) -> random.Random:
    """The random source of a deal's ``seed``: a ``random.Random`` as it is, an
    integer seeding a new one, ``None`` a new unseeded one; anything else (a float,
    a string, a list) an :class:`deberts.errors.ArgumentError` naming it, so that
    every game's deals take the same seeds."""
    if isinstance(seed, random.Random):
        return seed
    return random.Random(None if seed is None else integer("seed", seed))


def free_cards(hands: list[CardSet]) -> list[int]:
    """The cards in none of ``hands``, lowest first."""
    taken = sum(hand.mask for hand in hands)
    return [card for card in range(32) if not taken >> card & 1]


def fill_hands(
    rng: random.Random, free: list[int], hands: list[CardSet], size: int
) -> tuple[list[int], list[int]]:
    """Each hand's mask filled up to ``size`` cards from ``free`` (shuffled in place,
    so uniformly), and the free cards left over in their shuffled order."""
    rng.shuffle(free)
    dealt, start = [], 0
    for hand in hands:
        more = size - len(hand)
        dealt.append(hand.mask | sum(1 << card for card in free[start:start + more]))
        start += more
    return dealt, free[start:]


def checked_hands(players: int, fixed: Mapping[int, CardSet | str], size: int) -> list[CardSet]:
    """Each seat's fixed cards (none for a seat ``fixed`` does not name), every seat a
    seat of the table, no hand over ``size`` cards and no card fixed twice."""
    hands = [CardSet() for _ in range(players)]
    for seat, cards in fixed.items():
        check_seat("seat", seat, players, InvalidDealError)
        try:
            hand = CardSet.parse(cards) if isinstance(cards, str) else CardSet(cards)
        except DebertsError as error:
            raise type(error)(f"bad hand for seat {seat}: {error}") from None
        if len(hand) > size:
            raise InvalidDealError(
                f"bad hand for seat {seat}: {len(hand)} cards fixed, a hand has {size}"
            )
        hands[seat] = hand
    for seat, hand in enumerate(hands):
        for other in range(seat):
            twice = CardSet(hands[other].mask & hand.mask)
            if twice:
                card = next(iter(twice))
                raise InvalidDealError(
                    f"bad hand for seat {seat}: card {card} is fixed for two seats, "
                    f"{other} and {seat}"
                )
    return hands
