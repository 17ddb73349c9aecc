"""Tertz move notation (docs/rules.md 4.5): a card (``AS``), ``swap`` (the player to
move swaps the seven of trumps for the face-up card) or ``break:K`` (the first trick's
loser breaks the stock by K, 0..12).

``parse_move(str(move)) == move`` for every move; bad text raises
:class:`NotationError` naming the token.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, TypeAlias, TypeVar

from deberts.errors import NotationError
from deberts.model.arguments import instance, integer
from deberts.model.arguments import text as text_argument
from deberts.model.cards import Card, NamedMap

#: The values of a :class:`MoveMap`.
V = TypeVar("V")
#: The largest break: the 13 face-down cards rotated by 0..12.
MAX_BREAK = 12
_BREAK = re.compile(r"break:([0-9]{1,2})", re.IGNORECASE)


@dataclass(frozen=True)
class Swap:
    """The seven of trumps swapped for the face-up trump card (docs/rules.md 4.2)."""

    def __str__(self) -> str:
        return "swap"

    def __repr__(self) -> str:
        return "SWAP"


#: The one swap move.
SWAP = Swap()


@dataclass(frozen=True)
class Break:
    """Breaking the stock by ``k`` (docs/rules.md 4.1): the last ``k`` of the 13
    face-down cards are drawn first."""

    k: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "k", integer("break K", self.k, 0, MAX_BREAK))

    def __str__(self) -> str:
        return f"break:{self.k}"


#: A move: a card, the swap or a break.
Move: TypeAlias = Card | Swap | Break


def parse_move(text: str) -> Move:
    """A move from its notation: a card (``AS``, ``10S``, ``J♥``), ``swap``, ``break:K``."""
    token = text_argument("move", text).strip()
    if token.lower() == "swap":
        return SWAP
    if token.lower().startswith("break"):
        match = _BREAK.fullmatch(token)
        if match is None or int(match.group(1)) > MAX_BREAK:
            raise NotationError(f"bad move {text!r}: expected break:K with K 0..{MAX_BREAK}")
        return Break(int(match.group(1)))
    try:
        return Card.parse(token)
    except NotationError:
        raise NotationError(
            f"bad move {text!r}: expected a card (e.g. AS), swap or break:K"
        ) from None


def as_move(move: Move | str | int) -> Move:
    """A move given as a move, a card index or its notation."""
    if isinstance(move, (Card, Swap, Break)):
        return move
    if isinstance(move, str):
        return parse_move(move)
    return Card(integer("move", move))


def parse_moves(text: str | Iterable[str]) -> list[Move]:
    """Moves separated by spaces, or given one per item."""
    instance("moves", text, Iterable, "a string or strings")
    tokens = text.split() if isinstance(text, str) else list(text)
    return [parse_move(token) for token in tokens]


class MoveMap(NamedMap[Move, V]):
    """A dict keyed by Tertz moves that also takes a move's name (``"JS"``, ``"swap"``,
    ``"break:3"``): what the Tertz solver returns for every move, as Deberts'
    :class:`~deberts.model.cards.CardMap` does for every card.

    >>> values = MoveMap({Card.parse("JS"): 32, SWAP: 30})
    >>> values["JS"], values["swap"], "break:0" in values
    (32, 30, False)
    """

    parse_key = staticmethod(parse_move)
