"""Cards, suits, ranks and card sets as 32-bit masks (docs/rules.md sections 1 and 5).

A card is an ``int`` 0..31 with bit layout ``8 * suit + rank``: suits S H D C,
ranks in natural order 7 8 9 T J Q K A. A :class:`CardSet` wraps a 32-bit mask
without hiding it, the way python-chess's ``SquareSet`` wraps a bitboard.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar, Generic, Iterable, Iterator, TypeVar

from deberts.errors import ArgumentError, NotationError, excerpt
from deberts.model.arguments import describe, integer
from deberts.model.arguments import text as text_argument
from deberts.model.display import Drawn

RANK_CHARS = "789TJQKA"
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
#: The suits' names, singular, in the order of SUIT_CHARS.
SUIT_WORDS = ("spade", "heart", "diamond", "club")
FULL_MASK = 0xFFFFFFFF
#: The keys and values of a :class:`NamedMap`.
K = TypeVar("K")
V = TypeVar("V")


class Suit(IntEnum):
    """A suit; its value is the suit index of the public mask layout."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def mask(self) -> int:
        """The 8 bits of this suit."""
        return 0xFF << (8 * self.value)

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S``/``H``/``D``/``C``, a suit's name (``hearts``, ``heart``; any
        case) or a suit symbol.

        >>> Suit.parse("hearts"), Suit.parse("♦"), Suit.parse("c")
        (Suit.H, Suit.D, Suit.C)
        """
        token = text_argument("suit", text).strip()
        upper = token.upper()
        if len(upper) == 1 and upper in SUIT_CHARS:
            return cls(SUIT_CHARS.index(upper))
        if len(token) == 1 and token in SUIT_SYMBOLS + "♤♡♢♧":
            return cls((SUIT_SYMBOLS + "♤♡♢♧").index(token) % 4)
        if token.lower().removesuffix("s") in SUIT_WORDS:
            return cls(SUIT_WORDS.index(token.lower().removesuffix("s")))
        raise NotationError(f"bad suit {excerpt(text)}: suit must be one of S H D C "
                            "(or ♠ ♥ ♦ ♣, or spades hearts diamonds clubs)")

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(IntEnum):
    """A rank in natural order (the order of sequences); value = rank index."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def char(self) -> str:
        return RANK_CHARS[self.value]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse one of ``7 8 9 T J Q K A`` (``10`` accepted, any case)."""
        upper = text_argument("rank", text).strip().upper()
        if upper == "10":
            return cls.TEN
        if len(upper) == 1 and upper in RANK_CHARS:
            return cls(RANK_CHARS.index(upper))
        raise NotationError(f"bad rank {excerpt(text)}: rank must be one of 7 8 9 T J Q K A")

    def __str__(self) -> str:
        return self.char

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Card(int, Drawn):
    """One of the 32 cards; an ``int`` equal to its bit index in a mask. Made from
    the index or from the card's name (``Card("7D")`` is ``Card.parse("7D")``).

    >>> card = Card.parse("10h")
    >>> card, int(card), str(card), card.suit, card.rank
    (Card.parse('TH'), 11, 'TH', Suit.H, Rank.TEN)
    >>> Card("7D") == Card.parse("7D") == Card(16)
    True
    """

    __slots__ = ()

    def __new__(cls, index: int | str) -> Card:
        if type(index) is str:
            return cls.parse(index)
        if type(index) is not int and type(index) is not cls:  # the common cases stay cheap
            index = integer("card index", index)
        if not 0 <= index < 32:
            raise ArgumentError(f"bad card index {index}: expected 0..31")
        return _CARDS[index] if _CARDS else super().__new__(cls, index)

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        return cls(8 * int(suit) + int(rank))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse rank then suit: ``JH``, ``TS``, ``10S``, ``J♥``."""
        token = text_argument("card", text).strip()
        if len(token) < 2:
            raise NotationError(f"bad card {excerpt(text)}: expected rank then suit, e.g. JH")
        rank_text, suit_text = token[:-1], token[-1]
        try:
            rank = Rank.parse(rank_text)
        except NotationError:
            raise NotationError(
                f"bad card {excerpt(text)}: rank must be one of 7 8 9 T J Q K A"
            ) from None
        try:
            suit = Suit.parse(suit_text)
        except NotationError:
            raise NotationError(
                f"bad card {excerpt(text)}: suit must be one of S H D C"
            ) from None
        return cls.of(suit, rank)

    @property
    def suit(self) -> Suit:
        return Suit(int(self) >> 3)

    @property
    def rank(self) -> Rank:
        return Rank(int(self) & 7)

    @property
    def mask(self) -> int:
        return 1 << int(self)

    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``J♥``."""
        return self.rank.char + self.suit.symbol

    def __str__(self) -> str:
        return self.rank.char + self.suit.name

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS: tuple[Card, ...] = ()
_CARDS = tuple(Card(i) for i in range(32))


class NamedMap(dict[K, V], Generic[K, V]):
    """A dict keyed by moves that also takes a move's name as the key: the solvers'
    maps of every move's value, so ``values["7D"]`` and ``"7D" in values`` work as
    ``values[Card.parse("7D")]`` does. Each game's map names its parser
    (``parse_key``); a name that does not parse raises its
    :class:`deberts.NotationError`, naming it."""

    #: The move a name stands for.
    parse_key: ClassVar[staticmethod[[str], Any]]

    def _key(self, key: object) -> object:
        return type(self).parse_key(key) if isinstance(key, str) else key

    def __getitem__(self, key: object) -> V:
        return super().__getitem__(self._key(key))  # type: ignore[index]

    def __contains__(self, key: object) -> bool:
        return super().__contains__(self._key(key))

    def get(self, key: object, default: Any = None) -> Any:
        return super().get(self._key(key), default)  # type: ignore[arg-type]


class CardMap(NamedMap[Card, V]):
    """A :class:`NamedMap` keyed by cards: what a card game's solver returns for every card.

    >>> margins = CardMap({Card.parse("7D"): 12})
    >>> margins["7D"], margins["7d"], "7D" in margins, margins.get("AS")
    (12, 12, True, None)
    """

    parse_key = staticmethod(Card.parse)


def iter_bits(mask: int) -> Iterator[int]:
    """The set bit indices of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class CardSet(Drawn):
    """An immutable set of cards backed by a 32-bit mask.

    Iteration yields cards lowest bit first; ``str`` gives ``S.H.D.C`` notation
    with each suit highest card first, and :meth:`parse` reads it back.

    >>> hand = CardSet.parse("AK.Q..7")
    >>> len(hand), Card.parse("QH") in hand, str(hand), CardSet(int(hand)) == hand
    (4, True, 'AK.Q..7', True)
    """

    __slots__ = ("_mask",)

    def __init__(self, cards: int | Iterable[Card | int | str] = 0) -> None:
        if type(cards) is int and 0 <= cards <= FULL_MASK:  # the common case, first
            self._mask = cards
            return
        if isinstance(cards, CardSet):
            mask = cards.mask
        elif isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            if isinstance(cards, str):
                raise ArgumentError(
                    f"bad cards {excerpt(cards)}: expected a mask or cards (CardSet.parse reads text)"
                )
            mask = integer("card mask", cards, 0, FULL_MASK)
        else:
            mask = 0
            for card in cards:
                mask |= 1 << (Card.parse(card) if isinstance(card, str) else Card(card))
        self._mask = mask

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse a hand in ``S.H.D.C`` form, e.g. ``AK7.QJ..T98``.

        Within a suit, ranks are single characters (``10`` accepted); each card
        may appear once.
        """
        parts = text_argument("hand", text).strip().split(".")
        if len(parts) != 4:
            raise NotationError(
                f"bad hand {excerpt(text)}: expected 4 suits separated by '.' (S.H.D.C)"
            )
        mask = 0
        for suit_index, holding in enumerate(parts):
            for token in _rank_tokens(holding, text):
                rank = Rank.parse(token)
                bit = 1 << (8 * suit_index + int(rank))
                if mask & bit:
                    raise NotationError(
                        f"bad hand {excerpt(text)}: card {Card(bit.bit_length() - 1)} twice"
                    )
                mask |= bit
        return cls(mask)

    @property
    def mask(self) -> int:
        return self._mask

    def __int__(self) -> int:
        return self._mask

    def __index__(self) -> int:
        return self._mask

    def __iter__(self) -> Iterator[Card]:
        return (Card(i) for i in iter_bits(self._mask))

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card)
        if not isinstance(card, int):
            return False
        return 0 <= card < 32 and bool(self._mask >> int(card) & 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._mask)

    def __or__(self, other: CardSet | int) -> CardSet:
        return CardSet(self._mask | int(other))

    def __and__(self, other: CardSet | int) -> CardSet:
        return CardSet(self._mask & int(other))

    def __sub__(self, other: CardSet | int) -> CardSet:
        return CardSet(self._mask & ~int(other) & FULL_MASK)

    def __xor__(self, other: CardSet | int) -> CardSet:
        return CardSet(self._mask ^ int(other))

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet(self._mask & suit.mask)

    def holding(self, suit: Suit) -> str:
        """The ranks held in one suit, highest first, e.g. ``AK7``."""
        bits = (self._mask >> (8 * int(suit))) & 0xFF
        return "".join(RANK_CHARS[r] for r in range(7, -1, -1) if bits >> r & 1)

    def __str__(self) -> str:
        return ".".join(self.holding(suit) for suit in Suit)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


def _rank_tokens(holding: str, whole: str) -> list[str]:
    """Split one suit's holding into rank tokens, accepting ``10``."""
    tokens: list[str] = []
    i = 0
    while i < len(holding):
        if holding.startswith("10", i):
            tokens.append("10")
            i += 2
            continue
        char = holding[i]
        if char.upper() not in RANK_CHARS:
            raise NotationError(
                f"bad hand {excerpt(whole)}: bad rank {excerpt(char)}, rank must be one of 7 8 9 T J Q K A"
            )
        tokens.append(char)
        i += 1
    return tokens


def parse_cards(text: str | Iterable[Card | str]) -> list[Card]:
    """Parse a list of cards, space separated or as an iterable of tokens (or cards)."""
    if isinstance(text, str):
        return [Card.parse(token) for token in text.split()]
    if not isinstance(text, Iterable):
        raise ArgumentError(f"bad cards: expected a string or strings, got {describe(text)}")
    return [token if isinstance(token, Card) else Card.parse(token) for token in text]
