"""Deals: 2, 3 or 4 hands, validated, in docs/rules.md section 5 notation.

A *full* deal has 9 cards a hand (8 with 4 players) and carries declarations; a deal
with fewer, equal-size hands is an *endgame* deal without them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from deberts.errors import ArgumentError, InvalidDealError, NotationError
from deberts.model.arguments import describe, integer
from deberts.model.arguments import text as text_argument
from deberts.model.cards import CardSet
from deberts.model.dealing import random_source
from deberts.model.display import Drawn


def full_hand_size(players: int) -> int:
    """Cards a hand at the start of a full deal: 9, or 8 with 4 players."""
    return 8 if players == 4 else 9


@dataclass(frozen=True)
class Deal(Drawn):
    """The hands in seat order, as dealt at the start of play."""

    hands: tuple[CardSet, ...]

    def __init__(self, hands: Iterable[CardSet | int | str]) -> None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
            raise ArgumentError(
                f"bad hands: expected hands (strings, masks or CardSets), got {describe(hands)}"
                + (" (Deal.parse reads one string)" if isinstance(hands, str) else "")
            )
        parsed = tuple(CardSet.parse(h) if isinstance(h, str) else CardSet(h) for h in hands)
        _validate(parsed)
        object.__setattr__(self, "hands", parsed)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Parse hands in seat order separated by spaces: ``AK7.QJ..T98 ...``."""
        tokens = text_argument("deal", text).split()
        if not tokens:
            raise NotationError("bad deal '': expected 2 to 4 hands separated by spaces")
        return cls(tokens)

    @classmethod
    def random(
        cls,
        players: int,
        cards_per_hand: int | None = None,
        seed: int | random.Random | None = None,
    ) -> Deal:
        """A uniformly random deal; ``cards_per_hand`` below full gives an endgame."""
        players = integer("players", players)
        if cards_per_hand is not None:
            cards_per_hand = integer("cards_per_hand", cards_per_hand)
        if players not in (2, 3, 4):
            raise InvalidDealError(f"bad player count {players}: expected 2, 3 or 4")
        size = full_hand_size(players) if cards_per_hand is None else cards_per_hand
        if not 1 <= size <= full_hand_size(players):
            raise InvalidDealError(
                f"bad hand size {size}: expected 1..{full_hand_size(players)}"
            )
        rng = random_source(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        return cls(
            sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(players)
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def hand_size(self) -> int:
        return len(self.hands[0])

    @property
    def is_full(self) -> bool:
        """True for a full deal, the only kind that carries declarations."""
        return self.hand_size == full_hand_size(self.players)

    def masks(self) -> tuple[int, ...]:
        return tuple(h.mask for h in self.hands)

    def __str__(self) -> str:
        return " ".join(str(h) for h in self.hands)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"


def _validate(hands: Sequence[CardSet]) -> None:
    if not 2 <= len(hands) <= 4:
        raise InvalidDealError(f"bad deal: {len(hands)} hand{'' if len(hands) == 1 else 's'}, "
                               "expected 2, 3 or 4")
    size = full_hand_size(len(hands))
    seen = 0
    for seat, hand in enumerate(hands):
        overlap = seen & hand.mask
        if overlap:
            card = CardSet(overlap & -overlap)
            raise InvalidDealError(f"bad deal: card {next(iter(card))} is in two hands")
        seen |= hand.mask
        if len(hand) != len(hands[0]):
            raise InvalidDealError(
                f"bad deal: hand {seat} has {len(hand)} cards, hand 0 has {len(hands[0])}"
            )
        if len(hand) > size:
            raise InvalidDealError(
                f"bad deal: hand {seat} has {len(hand)} cards, at most {size} "
                f"with {len(hands)} players"
            )
    if not hands[0]:
        raise InvalidDealError("bad deal: the hands are empty")
