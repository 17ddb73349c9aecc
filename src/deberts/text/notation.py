"""How every game's text reports write cards, suits, hands and numbers: the suit
symbols or letters (``--ascii``), red suits on a colour terminal, aligned tables."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from deberts.model.cards import Card, CardSet, Suit

SUIT_NAMES = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}


RED_SUITS = (Suit.H, Suit.D)


RED, RESET = "\x1b[31m", "\x1b[0m"


ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


@dataclass(frozen=True)
class Notation:
    """How suits are written: symbols, or letters only (``--ascii``); with
    ``colour``, hearts and diamonds in red (terminal escapes)."""

    ascii: bool = False
    colour: bool = False

    def suit(self, suit: Suit) -> str:
        text = suit.name if self.ascii else suit.symbol
        return f"{RED}{text}{RESET}" if self.colour and suit in RED_SUITS else text

    def card(self, card: Card) -> str:
        return card.rank.char + self.suit(card.suit)

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards highest first, space separated."""
        return " ".join(self.card(c) for c in sorted(cards, reverse=True))


def hand_lines(
    hands: Sequence[CardSet], trump: Suit | None, notes: Sequence[str], notation: Notation
) -> list[str]:
    """The deal diagram: a row per seat, a column per suit (the trump's marked), and
    a note after each hand."""
    rows = [["", *(notation.suit(s) + (" trump" if s == trump else "") for s in Suit), ""]]
    rows += [
        [f"seat {seat}", *(" ".join(hand.holding(s)) or "-" for s in Suit), note]
        for seat, (hand, note) in enumerate(zip(hands, notes))
    ]
    return table(rows)


def hand_text(hand: CardSet, notation: Notation) -> str:
    """A hand on one line, suit by suit: ``♠ A K 9  ♥ -  ♦ Q J  ♣ 7``."""
    return "  ".join(f"{notation.suit(s)} {' '.join(hand.holding(s)) or '-'}" for s in Suit)


def counted(count: int, noun: str) -> str:
    """A count with its noun, singular for one.

    >>> counted(1, "deal"), counted(3, "deal"), counted(2, "match")
    ('1 deal', '3 deals', '2 matches')
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {noun}{'es' if noun.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


def signed(value: int) -> str:
    """A margin with its sign: ``+30``, ``-3``, ``0``."""
    return f"{value:+d}" if value else "0"


def table(
    rows: Sequence[Sequence[str]], right: Iterable[int] = (), indent: int = 0
) -> list[str]:
    """Rows as aligned columns two spaces apart; columns in ``right`` right-aligned."""
    if not rows:
        return []
    right = set(right)
    widths = [
        max(visible_width(row[i]) for row in rows if i < len(row))
        for i in range(max(map(len, rows)))
    ]
    lines = []
    for row in rows:
        cells = [pad(cell, widths[i], i in right) for i, cell in enumerate(row)]
        lines.append((" " * indent + "  ".join(cells)).rstrip())
    return lines


def visible_width(text: str) -> int:
    """The width of text on screen: colour escapes take none."""
    return len(ESCAPES.sub("", text))


def pad(text: str, width: int, right: bool) -> str:
    """Text padded with spaces to ``width`` on screen, right-aligned if ``right``."""
    fill = " " * (width - visible_width(text))
    return fill + text if right else text + fill
