"""Tertz deals: two 9-card hands and the 14-card stock (docs/rules.md 4.1, section 5).

The stock is written in **draw order**, the face-up trump card last (it is always the
last card drawn). As text: the two hands in ``S.H.D.C`` form, seat 0 first, then a
``/`` and the stock's cards::

    AKQ.987.A.A7 JT9.AT.KQJ.K / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH

Here hearts are trump (K♥ face up) and 8♠ is the first card drawn.
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from itertools import count as counter
from typing import Iterable, Iterator, Mapping

from deberts.errors import InvalidDealError, NotationError
from deberts.model.arguments import instance, integer
from deberts.model.arguments import text as text_argument
from deberts.model.cards import Card, CardSet, Suit, parse_cards
from deberts.model.dealing import checked_hands, fill_hands, free_cards, random_source
from deberts.model.display import Drawn

HAND_SIZE = 9
STOCK_SIZE = 14
SEATS = 2


@dataclass(frozen=True)
class Deal(Drawn):
    """The hands (seat 0 leads the first trick) and the stock in draw order."""

    hands: tuple[CardSet, CardSet]
    stock: tuple[Card, ...]

    def __init__(
        self,
        hands: Iterable[CardSet | int | str],
        stock: Iterable[Card | int | str] | str,
    ) -> None:
        instance("hands", hands, Iterable, "two hands")
        instance("stock", stock, Iterable, "a string or a list of cards")
        parsed_hands = tuple(
            CardSet.parse(h) if isinstance(h, str) else CardSet(h) for h in hands
        )
        parsed_stock = tuple(
            parse_cards(stock) if isinstance(stock, str)
            else (Card.parse(c) if isinstance(c, str) else Card(c) for c in stock)
        )
        _validate(parsed_hands, parsed_stock)
        object.__setattr__(self, "hands", parsed_hands)
        object.__setattr__(self, "stock", parsed_stock)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Parse ``hand0 hand1 / stock cards in draw order`` (module docstring)."""
        hands_text, slash, stock_text = text_argument("deal", text).partition("/")
        if not slash:
            raise NotationError(
                f"bad Tertz deal {text!r}: expected two hands, '/', then the stock's cards"
            )
        hands = hands_text.split()
        if len(hands) != SEATS:
            raise InvalidDealError(
                f"bad Tertz deal {text!r}: {len(hands)} hand{'' if len(hands) == 1 else 's'} "
                "before '/', expected 2"
            )
        return cls(hands, stock_text)

    @classmethod
    def random(cls, seed: int | _random.Random | None = None) -> Deal:
        """A uniformly random deal (a seeded ``random.Random`` or a seed)."""
        rng = random_source(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        hand_masks = (
            sum(1 << c for c in deck[seat * HAND_SIZE:(seat + 1) * HAND_SIZE])
            for seat in range(SEATS)
        )
        return cls(hand_masks, deck[SEATS * HAND_SIZE:])

    @property
    def trump_card(self) -> Card:
        """The face-up card, last of the stock, which names trump."""
        return self.stock[-1]

    @property
    def trump(self) -> Suit:
        return self.trump_card.suit

    def masks(self) -> tuple[int, int]:
        return self.hands[0].mask, self.hands[1].mask

    def __str__(self) -> str:
        return f"{self.hands[0]} {self.hands[1]} / {' '.join(str(c) for c in self.stock)}"

    def __repr__(self) -> str:
        return f"TertzDeal.parse({str(self)!r})"


def random_deals(
    count: int | None = None, seed: int | _random.Random | None = None,
    fixed: Mapping[int, CardSet | str] | None = None,
) -> Iterator[Deal]:
    """``count`` seeded random deals (``None``: without end), reproducible from ``seed``.

    ``fixed`` maps a seat to cards it must hold (a whole hand or some of it, as
    ``deberts deal --hand``); the deals are uniform among those that give every seat
    its cards, the stock's order too. Bad arguments raise at once, before a deal.
    """
    if count is not None:
        integer("count", count, 0)
    hands = checked_hands(SEATS, fixed, HAND_SIZE) if fixed else []
    rng = random_source(seed)
    return _deals(rng, count, hands)


def _deals(rng: _random.Random, count: int | None, hands: list[CardSet]) -> Iterator[Deal]:
    """The deals of :func:`random_deals`: without fixed cards, those of
    :meth:`Deal.random` (so a seed gives the deals it always gave)."""
    free = free_cards(hands)
    for _ in range(count) if count is not None else counter():
        if hands:
            dealt, stock = fill_hands(rng, free, hands, HAND_SIZE)
            yield Deal(dealt, stock)
        else:
            yield Deal.random(rng)


def _validate(hands: tuple[CardSet, ...], stock: tuple[Card, ...]) -> None:
    """Two 9-card hands and a 14-card stock, no card twice (so all 32 cards)."""
    if len(hands) != SEATS:
        raise InvalidDealError(f"bad Tertz deal: {len(hands)} hand{'' if len(hands) == 1 else 's'}"
                               ", expected 2")
    seen = 0
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise InvalidDealError(
                f"bad Tertz deal: hand {seat} ({hand}) has {len(hand)} cards, expected {HAND_SIZE}"
            )
        overlap = seen & hand.mask
        if overlap:
            raise InvalidDealError(
                f"bad Tertz deal: card {next(iter(CardSet(overlap)))} is in both hands"
            )
        seen |= hand.mask
    if len(stock) != STOCK_SIZE:
        raise InvalidDealError(
            f"bad Tertz deal: the stock has {len(stock)} cards, expected {STOCK_SIZE}"
        )
    for card in stock:
        if seen >> card & 1:
            where = next(
                (f"in the stock and in hand {s}" for s, hand in enumerate(hands) if card in hand),
                "twice in the stock",
            )
            raise InvalidDealError(f"bad Tertz deal: card {card} is {where}")
        seen |= card.mask
