"""The drawing kit every game's SVG is made of: a card face or back, a value under a
card, the table with its hands in rows, the trick in the middle and notes below it,
and the notebook display hooks' dispatch to each game's drawings.

The table is narrow enough to read on a phone held upright, and the same drawing
serves the web board, the notebooks and ``--svg`` files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from textwrap import wrap
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

from deberts.errors import DebertsError
from deberts.model.cards import Card, CardSet, Suit
from deberts.model.registry import games
from deberts.text.notation import SUIT_NAMES, signed

CARD_W, CARD_H = 40, 58


#: Horizontal step between the cards of a hand: they overlap, the rank and the
#: corner's suit sign still readable. The hand whose values are shown lies side by
#: side (a step of a card's width), so that no two values or badges ever overlap.
STEP, VALUE_STEP = 26, CARD_W


#: The table is narrow enough to read on a phone held upright (a card about 30 px
#: wide at 390 px) and fits a hand of nine cards side by side with their values.
WIDTH = 460


RED, BLACK = "#c62828", "#1b1b1b"


STYLE = (
    ".card rect{fill:#fff;stroke:#555;stroke-width:1}"
    ".card.best rect{stroke:#ffb300;stroke-width:4}"
    ".card.legal{cursor:pointer}"
    ".card.legal:focus{outline:none}"
    ".card.legal:focus-visible rect{stroke:#1565c0;stroke-width:4}"
    ".back rect{fill:#3949ab;stroke:#1a237e}"
    ".gathered{opacity:.6}"
    ".value{font:bold 15px sans-serif;text-anchor:middle;fill:#333}"
    ".value.best{fill:#1b1b1b}"
    ".badge{fill:#ffd54f;stroke:#1b1b1b;stroke-width:1}"
    ".label{font:13px sans-serif;fill:#222}"
    ".label.declarer{font-weight:bold}"
    ".small{font:11px sans-serif;fill:#444}"
)


class Played(Protocol):
    """A card on the table: the card and the seat that played it (each game's own
    play type, or a :class:`TableCard`)."""

    @property
    def seat(self) -> int: ...

    @property
    def card(self) -> Card: ...


@dataclass(frozen=True)
class TableCard:
    """A card on the table and the seat that played it, for a game with no play type
    of its own."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Seat:
    """One seat as drawn: its cards face up, or ``hidden`` backs, and its label."""

    cards: CardSet = CardSet()
    hidden: int = 0
    label: str = ""
    declarer: bool = False


@dataclass(frozen=True)
class Scene:
    """A table to draw: the seats in play order, the trick on the table, the trump,
    the face-up card, the seat to move and, optionally, each legal card's value with
    the best ones marked."""

    seats: tuple[Seat, ...]
    trick: tuple[Played, ...] = ()
    trump: Suit | None = None
    face_up: Card | None = None
    to_move: int | None = None
    legal: CardSet = CardSet()
    values: Mapping[Card, int] = field(default_factory=dict)
    best: frozenset[Card] = frozenset()
    title: str = ""
    #: The trick just completed, drawn faded while the table is empty (as it lies
    #: until it is gathered), and the seat that won it.
    last_trick: tuple[Played, ...] = ()
    last_winner: int | None = None
    #: Lines under the table: values of moves that are not cards, a result.
    notes: tuple[str, ...] = ()


#: The rows of the table, top to bottom, for 2, 3 and 4 seats: each seat's hand in a
#: row of its own, aligned to the side it sits on (seat 0 at the bottom, then
#: clockwise: left, top, right), and the trick (``None``) above seat 0. Every hand
#: has the table's whole width, so a hand of any length never meets another.
ROWS: dict[int, tuple[tuple[int, str] | None, ...]] = {
    2: ((1, "middle"), None, (0, "middle")),
    3: ((1, "left"), (2, "right"), None, (0, "middle")),
    4: ((2, "middle"), (1, "left"), (3, "right"), None, (0, "middle")),
}


#: The direction of each seat's card in the trick from its centre, as in ``ROWS``.
DIRECTIONS = {
    2: ((0, 1), (0, -1)),
    3: ((0, 1), (-1, 0), (1, 0)),
    4: ((0, 1), (-1, 0), (0, -1), (1, 0)),
}


#: The trick's card offsets from its centre; its height with the caption below.
TRICK_DX, TRICK_DY, TRICK_H = 46, 34, CARD_H + 2 * 34 + 24


#: A hand's row: its label above the cards, the values' line below, the gap after.
LABEL_H, VALUES_H, GAP = 18, 22, 8


MARGIN = 10


#: The longest line of a note (13 px text) across the table; longer notes wrap.
NOTE_CHARS = 60


def scene_svg(scene: Scene) -> str:
    """The whole table, one row a hand and the trick above the bottom seat's: the
    title, the trump and the face-up card at the top, notes at the bottom."""
    parts, y = _heading(scene)
    directions = DIRECTIONS[len(scene.seats)]
    for row in ROWS[len(scene.seats)]:
        if row is None:
            parts.append(_trick(scene, directions, y))
            y += TRICK_H
            continue
        seat, side = row
        parts.append(_hand(scene, seat, scene.seats[seat], side, y))
        y += LABEL_H + CARD_H + (VALUES_H if scene.values else 0) + GAP
    for line in (line for note in scene.notes for line in wrap(note, NOTE_CHARS)):
        y += 16
        parts.append(f'<text class="label note" x="{MARGIN}" y="{y}">{escape(line)}</text>')
    return document(WIDTH, y + MARGIN, parts, scene.title or "deal")


def _heading(scene: Scene) -> tuple[list[str], float]:
    """The title and the trump at the top left, the face-up card at the top right;
    the drawing and the height it takes."""
    lines = [("label", scene.title)] if scene.title else []
    if scene.trump is not None:
        lines.append(("label trump", f"trump {scene.trump.symbol}"))
    parts = [f'<text class="{kind}" x="{MARGIN}" y="{18 + 16 * i}">{escape(line)}</text>'
             for i, (kind, line) in enumerate(lines)]
    height = 16 * len(lines) + 8
    if scene.face_up is not None:
        x = WIDTH - MARGIN - CARD_W
        parts.append(f'<text class="small" x="{x - 6}" y="20" text-anchor="end">face-up</text>')
        parts.append(card_svg(scene.face_up, x, 6, classes="face-up"))
        height = max(height, CARD_H + 12)
    return parts, height


def _trick(scene: Scene, directions: Sequence[tuple[int, int]], top: float) -> str:
    """The trick on the table, each card towards its seat's row; while the table is
    empty, the trick just completed, faded, and who won it."""
    centre_x, centre_y = WIDTH / 2, top + TRICK_DY + CARD_H / 2
    parts = []
    for play in scene.trick or scene.last_trick:
        dx, dy = directions[play.seat]
        parts.append(card_svg(play.card, centre_x + TRICK_DX * dx - CARD_W / 2,
                              centre_y + TRICK_DY * dy - CARD_H / 2,
                              classes="played" if scene.trick else "played gathered"))
    if not scene.trick and scene.last_trick:
        parts.append(f'<text class="small" x="{centre_x}" y="{top + TRICK_H - 6}" '
                     f'text-anchor="middle">last trick: seat {scene.last_winner} won it</text>')
    return "".join(parts)


def _hand(scene: Scene, seat: int, info: Seat, side: str, top: float) -> str:
    """A hand in a row from ``top``, on its ``side`` of the table: the label, the
    cards S H D C, highest first, or backs, and the values of the seat to move. The
    hand of the seat to move lies side by side when it has values or cards to click."""
    cards = _in_order(info.cards)
    moving = seat == scene.to_move
    step = VALUE_STEP if moving and (scene.values or scene.legal) else STEP
    count = len(cards) + info.hidden
    width = CARD_W + step * max(count - 1, 0)
    left = {"left": MARGIN, "right": WIDTH - MARGIN - width}.get(side, (WIDTH - width) / 2)
    marks = " declarer" if info.declarer else ""
    label = info.label + (" · to move" if moving else "")
    # A hand on the right has its label end at the table's edge, as the hand does: a
    # label longer than a short hand never runs off the table.
    anchor = (f'x="{WIDTH - MARGIN:.0f}" text-anchor="end"' if side == "right"
              else f'x="{left:.0f}"')
    parts = [f'<g class="hand{" to-move" if moving else ""}" data-seat="{seat}">'
             f'<text class="label{marks}" {anchor} y="{top + LABEL_H - 5:.0f}" '
             f'data-seat="{seat}">{escape(label)}</text>']
    y = top + LABEL_H
    for index, card in enumerate(cards):
        x = left + step * index
        legal = moving and card in scene.legal
        best = card in scene.best
        classes = " ".join(c for c in ("legal" if legal else "", "best" if best else "") if c)
        parts.append(card_svg(card, x, y, classes=classes))
        if moving and card in scene.values:
            parts.append(value_svg(card, scene.values[card], x + CARD_W / 2, y + CARD_H + 16, best))
    for index in range(info.hidden):
        parts.append(back_svg(left + step * (len(cards) + index), y))
    return "".join(parts) + "</g>"


def _in_order(cards: CardSet) -> list[Card]:
    return sorted(cards, key=lambda c: (c.suit, -c.rank))


def card_svg(card: Card, x: float, y: float, classes: str = "") -> str:
    """One card face at (x, y): the rank and suit in the corner, a big suit sign. A
    legal card takes the keyboard focus (Enter or Space plays it on the board)."""
    colour = RED if card.suit in (Suit.H, Suit.D) else BLACK
    name = str(card)
    kinds = " ".join(["card", *classes.split()])
    focus = ' tabindex="0" role="button"' if "legal" in classes.split() else ""
    return (
        f'<g class="{kinds}" data-card="{name}"{focus} aria-label="{card_words(card)}" '
        f'transform="translate({x:.1f},{y:.1f})">'
        f'<title>{card.rank.char}{card.suit.symbol}</title>'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="4"/>'
        f'<text x="4" y="14" font-family="sans-serif" font-size="13" font-weight="bold" '
        f'fill="{colour}">{card.rank.char}</text>'
        f'<text x="4" y="27" font-family="sans-serif" font-size="12" fill="{colour}">'
        f'{card.suit.symbol}</text>'
        f'<text x="{CARD_W / 2 + 4}" y="{CARD_H - 12}" font-family="sans-serif" '
        f'font-size="22" text-anchor="middle" fill="{colour}">{card.suit.symbol}</text>'
        "</g>"
    )


def back_svg(x: float, y: float) -> str:
    """A hidden card."""
    return (f'<g class="back" transform="translate({x:.1f},{y:.1f})">'
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="4"/></g>')


def card_words(card: Card) -> str:
    """A card as a screen reader says it: ``queen of hearts``."""
    return f"{RANK_WORDS[card.rank.char]} of {SUIT_NAMES[card.suit]}"


#: The ranks' names, by their character.
RANK_WORDS = {"7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
              "K": "king", "A": "ace"}


def value_svg(card: object, value: int, x: float, y: float, best: bool) -> str:
    """A card's value (a margin) under it; the best ones dark on a bright badge, so
    that the best move is the first thing the eye finds on any background."""
    text = signed(value)
    if not best:
        return f'<text class="value" data-card="{card}" x="{x:.1f}" y="{y:.1f}">{text}</text>'
    width = min(9 * len(text) + 6, CARD_W - 2)
    return (f'<rect class="badge" data-card="{card}" x="{x - width / 2:.1f}" y="{y - 14:.1f}" '
            f'width="{width}" height="19" rx="4"/>'
            f'<text class="value best" data-card="{card}" x="{x:.1f}" y="{y:.1f}">{text}</text>')


def document(width: float, height: float, parts: Iterable[str], title: str) -> str:
    """A standalone SVG document of the given size."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="deberts" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
        f"<title>{escape(title)}</title><style>{STYLE}</style>"
        + "".join(parts) + "</svg>"
    )


#: Drawings by the type of what they draw.
Drawings = tuple[tuple[type, Callable[[Any], str]], ...]


def draw(thing: object) -> str:
    """The drawing of an object that draws itself (:class:`deberts.model.display.Drawn`):
    cards by this module, any game's object by that game's drawings
    (their text face's ``DRAWINGS``)."""
    from deberts.text.face import text_of  # which reads this module's types

    if isinstance(thing, (Card, CardSet)):
        return cards_svg(thing)
    for game in games():
        for kind, drawing in text_of(game).DRAWINGS:
            if isinstance(thing, kind):
                return drawing(thing)
    raise DebertsError(f"cannot draw a {type(thing).__name__}")


def html(thing: object) -> str:
    """The drawing inline in HTML (the ``_repr_html_`` hook)."""
    return f'<div class="deberts-board">{draw(thing)}</div>'


def cards_svg(cards: Card | CardSet) -> str:
    """A card, or a set of cards in a row (S H D C, highest first)."""
    row = _in_order(CardSet([cards]) if isinstance(cards, Card) else cards)
    parts = [card_svg(card, 10 + index * STEP, 10) for index, card in enumerate(row)]
    width = 20 + CARD_W + STEP * max(len(row) - 1, 0)
    return document(width, CARD_H + 20, parts, " ".join(map(str, row)) or "no cards")
