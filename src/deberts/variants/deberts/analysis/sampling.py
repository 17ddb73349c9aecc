"""Sampling the hidden cards: deals consistent with what one seat knows, uniformly.

What a seat knows is a :class:`Knowledge`: the cards each seat is known to hold (its
own hand, the face-up card with 4 players, declared cards), the cards in no hand
(the face-up card with 2 or 3 players, the freza, cards played), the cards each seat
cannot hold (a void shown by not following suit, no higher trump shown by not
overtrumping) and how many cards each hand holds.

Sampling is exact and uniform over every consistent deal. The free cards fall into
classes by the set of hands that may take them; the ways to fill the hands give a
small table of class-by-hand counts, each weighted by its number of deals. A sample
draws one table by weight, then deals each class by a Fisher-Yates shuffle in a
numba kernel, over numpy arrays of 32-bit masks: millions of deals a second.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from math import factorial, prod
from typing import Iterable

import numpy as np

from deberts.errors import InvalidDealError
from deberts.model.arguments import check_seat, instance, integer
from deberts.model.cards import Card, CardSet, Suit
from deberts.variants.deberts.model.deal import Deal, full_hand_size


def _cards(value: CardSet | int | str | Iterable[object]) -> CardSet:
    return CardSet.parse(value) if isinstance(value, str) else CardSet(value)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Knowledge:
    """Everything one seat knows about where the cards are.

    ``sizes[s]`` is how many cards seat ``s`` holds in the sampled deal; ``held[s]``
    cards it surely holds; ``excluded[s]`` cards it surely does not hold; ``out``
    cards in no hand. Build one with :meth:`for_bidder` and refine it with
    :meth:`with_held`, :meth:`with_out`, :meth:`with_void` and :meth:`with_excluded`.
    """

    sizes: tuple[int, ...]
    held: tuple[CardSet, ...]
    excluded: tuple[CardSet, ...]
    out: CardSet = CardSet()

    def __post_init__(self) -> None:
        for name in ("sizes", "held", "excluded"):
            instance(name, getattr(self, name), (tuple, list), "a tuple, one item a seat")
        object.__setattr__(self, "sizes", tuple(integer("hand size", n) for n in self.sizes))
        object.__setattr__(self, "held", tuple(map(_cards, self.held)))
        object.__setattr__(self, "excluded", tuple(map(_cards, self.excluded)))
        object.__setattr__(self, "out", _cards(self.out))
        players = len(self.sizes)
        if players not in (2, 3, 4) or len(self.held) != players or len(self.excluded) != players:
            raise InvalidDealError(
                f"bad knowledge: {players} hand sizes, {len(self.held)} held and "
                f"{len(self.excluded)} excluded sets; expected 2, 3 or 4 of each"
            )
        seen = self.out.mask
        for seat, (size, hand, banned) in enumerate(zip(self.sizes, self.held, self.excluded)):
            if not 0 <= size <= full_hand_size(players):
                raise InvalidDealError(f"bad hand size {size} for seat {seat}")
            if len(hand) > size:
                raise InvalidDealError(
                    f"bad knowledge: seat {seat} holds {len(hand)} known cards, its hand has {size}"
                )
            clash = CardSet(seen & hand.mask) or CardSet(hand.mask & banned.mask)
            if clash:
                raise InvalidDealError(
                    f"bad knowledge: card {next(iter(clash))} of seat {seat} is placed twice "
                    "or also excluded"
                )
            seen |= hand.mask

    @classmethod
    def for_bidder(
        cls,
        players: int,
        seat: int,
        hand: CardSet | str,
        face_up: Card | str | None,
        dealer: int = 0,
    ) -> Knowledge:
        """A bidder's knowledge: his first cards and the face-up card; the sampled
        deal is the full one (9 cards a hand, 8 with 4 players, where the face-up
        card goes to the dealer). With no face-up card (``face_up_to = none``) the
        hand is his whole hand and nothing else is known."""
        if face_up is None:
            return cls._whole_hand(players, seat, _cards(hand), dealer)
        card = face_up if isinstance(face_up, Card) else Card.parse(face_up)
        own = _cards(hand)
        if card in own:
            raise InvalidDealError(f"bad face-up card {card}: it is in the bidder's hand")
        knowledge = cls._whole_hand(players, seat, own, dealer)
        if players == 4:
            return knowledge.with_held(dealer, card.mask)
        return knowledge.with_out(card.mask)

    @classmethod
    def _whole_hand(cls, players: int, seat: int, own: CardSet, dealer: int) -> Knowledge:
        """Full hands to sample, ``seat`` holding ``own`` and nothing else known."""
        if integer("players", players) not in (2, 3, 4):
            raise InvalidDealError(f"bad player count {players}: expected 2, 3 or 4")
        for name, value in (("seat", seat), ("dealer", dealer)):
            check_seat(name, value, players, InvalidDealError)
        size = full_hand_size(players)
        held = [CardSet() for _ in range(players)]
        held[seat] = own
        return cls((size,) * players, tuple(held), (CardSet(),) * players)

    def with_held(self, seat: int, cards: CardSet | int | str) -> Knowledge:
        """Also knowing that ``seat`` holds ``cards``."""
        held = list(self.held)
        seat = check_seat("seat", seat, self.players, InvalidDealError)
        held[seat] = held[seat] | _cards(cards)
        return replace(self, held=tuple(held))

    def with_out(self, cards: CardSet | int | str) -> Knowledge:
        """Also knowing that ``cards`` are in no hand (played, or on the table)."""
        return replace(self, out=self.out | _cards(cards))

    def with_excluded(self, seat: int, cards: CardSet | int | str) -> Knowledge:
        """Also knowing that ``seat`` holds none of ``cards``."""
        excluded = list(self.excluded)
        seat = check_seat("seat", seat, self.players, InvalidDealError)
        excluded[seat] = excluded[seat] | _cards(cards)
        return replace(self, excluded=tuple(excluded))

    def with_void(self, seat: int, suit: Suit | str) -> Knowledge:
        """Also knowing that ``seat`` holds no card of ``suit``."""
        suit = suit if isinstance(suit, Suit) else Suit.parse(suit)
        return self.with_excluded(seat, suit.mask)

    @property
    def players(self) -> int:
        return len(self.sizes)

    @cached_property
    def _plan(self) -> _Plan:
        return _plan(self)

    def count(self) -> int:
        """How many consistent deals there are (each is equally likely)."""
        return sum(self._plan.weights)


@dataclass(frozen=True)
class _Plan:
    """The card classes and the class-by-holder tables a sample chooses among."""

    held: np.ndarray        # uint32 (players,): the known cards of each seat
    class_cards: np.ndarray  # int8 (classes, most): each class's free cards
    class_sizes: np.ndarray  # int64 (classes,)
    tables: np.ndarray       # int64 (tables, classes, holders): cards per holder
    weights: tuple[int, ...]  # deals per table


def _plan(knowledge: Knowledge) -> _Plan:
    players = knowledge.players
    placed = knowledge.out.mask
    for hand in knowledge.held:
        placed |= hand.mask
    free = [card for card in range(32) if not placed >> card & 1]
    needs = [size - len(hand) for size, hand in zip(knowledge.sizes, knowledge.held)]
    stock = len(free) - sum(needs)
    if stock < 0:
        raise InvalidDealError(
            f"bad knowledge: the hands need {sum(needs)} more cards, only {len(free)} are unplaced"
        )
    capacity = [*needs, stock]  # the last holder is the stock: cards in no hand
    classes: dict[tuple[int, ...], list[int]] = {}
    for card in free:
        allowed = tuple(
            h for h in range(players + 1)
            if capacity[h] and (h == players or not knowledge.excluded[h].mask >> card & 1)
        )
        if not allowed:
            raise InvalidDealError(f"bad knowledge: card {CardSet(1 << card)} can be in no hand")
        classes.setdefault(allowed, []).append(card)
    groups = list(classes.items())
    tables: list[list[list[int]]] = []
    weights: list[int] = []

    def fill(index: int, left: list[int], counts: list[list[int]]) -> None:
        if index == len(groups):
            if not any(left):
                tables.append([row[:] for row in counts])
                weights.append(prod(
                    factorial(len(cards)) // prod(factorial(x) for x in row)
                    for row, (_, cards) in zip(counts, groups)
                ))
            return
        allowed, cards = groups[index]
        later = [0] * (players + 1)
        for other, other_cards in groups[index + 1:]:
            for h in other:
                later[h] += len(other_cards)
        row = [0] * (players + 1)

        def split(k: int, remaining: int) -> None:
            if k == len(allowed) - 1:
                h = allowed[k]
                if remaining <= left[h] and left[h] - remaining <= later[h]:
                    row[h] = remaining
                    if all(left[g] - row[g] <= later[g] for g in range(players + 1)):
                        fill(index + 1, [left[g] - row[g] for g in range(players + 1)],
                             counts + [row[:]])
                    row[h] = 0
                return
            h = allowed[k]
            for x in range(min(remaining, left[h]) + 1):
                row[h] = x
                split(k + 1, remaining - x)
            row[h] = 0

        split(0, len(cards))

    fill(0, capacity, [])
    if not tables:
        raise InvalidDealError("bad knowledge: no deal is consistent with it")
    most = max(len(cards) for _, cards in groups) if groups else 0
    class_cards = np.zeros((len(groups), max(most, 1)), dtype=np.int8)
    for index, (_, cards) in enumerate(groups):
        class_cards[index, :len(cards)] = cards
    return _Plan(
        held=np.array([hand.mask for hand in knowledge.held], dtype=np.uint32),
        class_cards=class_cards,
        class_sizes=np.array([len(cards) for _, cards in groups], dtype=np.int64),
        tables=np.array(tables, dtype=np.int64).reshape(len(tables), len(groups), players + 1),
        weights=tuple(weights),
    )


#: The most deals drawn at once (a bid evaluation's samples): the arrays of a
#: million deals take some 100 MB.
MAX_SAMPLES = 1_000_000


def sample_deals(
    knowledge: Knowledge, count: int, seed: int | np.random.Generator | None = None
) -> np.ndarray:
    """``count`` deals (at most :data:`MAX_SAMPLES`) drawn uniformly from those
    consistent with ``knowledge``, as a ``(count, players)`` array of ``uint32`` hand
    masks (bit ``8*suit + rank``)."""
    instance("knowledge", knowledge, Knowledge, "a Knowledge")
    if integer("count", count) < 0:
        raise InvalidDealError(f"bad sample count {count}: expected 0 or more")
    if count > MAX_SAMPLES:
        raise InvalidDealError(f"bad sample count: more than {MAX_SAMPLES:,}")
    plan = knowledge._plan
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    total = sum(plan.weights)
    if len(plan.weights) == 1:
        chosen = np.zeros(count, dtype=np.int64)
    else:
        cumulative = np.cumsum([w / total for w in plan.weights])
        chosen = np.searchsorted(cumulative, rng.random(count) * cumulative[-1], side="right")
        chosen = np.minimum(chosen, len(plan.weights) - 1).astype(np.int64)
    uniforms = rng.random((count, int(plan.class_sizes.sum())))
    # numba is imported here, on the first sample, so that importing deberts stays fast.
    from deberts.variants.deberts.analysis._sampling_kernel import deal_hands

    return deal_hands(plan.held, plan.class_cards, plan.class_sizes, plan.tables, chosen, uniforms)


def deals_of(masks: np.ndarray) -> list[Deal]:
    """The sampled rows as :class:`Deal` objects."""
    return [Deal(int(mask) for mask in row) for row in masks]


def warm_up() -> None:
    """Compile the sampling kernel (numba, on first use) now: about half a second
    that would otherwise fall inside the first decision's time budget of a player
    that samples. A harness calls it once before timing decisions."""
    sample_deals(Knowledge.for_bidder(2, 0, "789TJQ...", "7H"), 1, 0)
