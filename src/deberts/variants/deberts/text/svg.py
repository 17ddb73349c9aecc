"""SVG drawings of deals, positions, tricks, solutions, tables and bid evaluations.

Every drawing is a string built here from the suit symbols and the ranks: no image
assets, as python-chess draws its boards. The library's classes draw themselves in
a notebook through :func:`draw` (their ``_repr_svg_``) and :func:`html`
(``_repr_html_``); the web board uses the same drawings.

Cards carry their name in ``data-card`` (``AH``) and the classes ``card``, ``legal``
and ``best``; a card's value is a ``<text class="value" data-card="AH">``; each hand
is a ``<g class="hand" data-seat="1">`` (with ``to-move`` for the seat to move) and
the trump a ``<text class="trump">``, so a page or a test finds a card, its value
and its seat without reading coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from textwrap import wrap
from typing import Any, Callable, Iterable, Mapping, Sequence

from deberts.variants.deberts.analysis.bid_evaluation import BidEvaluation, OptionStats
from deberts.variants.deberts.analysis.table import DDTable, TableCell
from deberts.variants.deberts.engine.solver import Solution
from deberts.model.cards import Card, CardSet, Suit
from deberts.variants.deberts.model.deal import Deal, full_hand_size
from deberts.variants.deberts.model.position import Play, Position, Trick
from deberts.variants.deberts.play.match import BidView, PlayView
from deberts.variants.deberts.text.histogram import margin_bins
from deberts.variants.deberts.text.render import RESULT_NAMES, call_name, role
from deberts.text.notation import SUIT_NAMES, Notation, signed

CARD_W, CARD_H = 40, 58
#: Horizontal step between the cards of a hand: they overlap, the rank and the
#: corner's suit sign still readable. The hand whose values are shown lies side by
#: side (a step of a card's width), so that no two values or badges ever overlap.
STEP, VALUE_STEP = 26, CARD_W
#: The table is narrow enough to read on a phone held upright (a card about 30 px
#: wide at 390 px) and fits a hand of nine cards side by side with their values.
WIDTH = 460
RED, BLACK = "#c62828", "#1b1b1b"
RESULT_COLOURS = {"made": "#2e7d32", "bait": "#c62828", "hanging": "#ef6c00"}

STYLE = (
    ".card rect{fill:#fff;stroke:#555;stroke-width:1}"
    ".card.best rect{stroke:#ffb300;stroke-width:4}"
    ".card.legal{cursor:pointer}"
    ".card.legal:focus{outline:none}"
    ".card.legal:focus-visible rect{stroke:#1565c0;stroke-width:4}"
    ".back rect{fill:#3949ab;stroke:#1a237e}"
    ".gathered{opacity:.6}"
    ".value{font:bold 13px sans-serif;text-anchor:middle;fill:#333}"
    ".value.best{fill:#1b1b1b}"
    ".badge{fill:#ffd54f;stroke:#1b1b1b;stroke-width:1}"
    ".label{font:13px sans-serif;fill:#222}"
    ".label.declarer{font-weight:bold}"
    ".small{font:11px sans-serif;fill:#444}"
)


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
    trick: tuple[Play, ...] = ()
    trump: Suit | None = None
    face_up: Card | None = None
    to_move: int | None = None
    legal: CardSet = CardSet()
    values: Mapping[Card, int] = field(default_factory=dict)
    best: frozenset[Card] = frozenset()
    title: str = ""
    #: The trick just completed, drawn faded while the table is empty (as it lies
    #: until it is gathered), and the seat that won it.
    last_trick: tuple[Play, ...] = ()
    last_winner: int | None = None
    #: Lines under the table: values of moves that are not cards, a result.
    notes: tuple[str, ...] = ()


# -- the table ---------------------------------------------------------------

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
    parts = [f'<g class="hand{" to-move" if moving else ""}" data-seat="{seat}">'
             f'<text class="label{marks}" x="{left:.0f}" y="{top + LABEL_H - 5:.0f}" '
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


# -- pieces ------------------------------------------------------------------


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
    width = min(8 * len(text) + 6, CARD_W - 2)
    return (f'<rect class="badge" data-card="{card}" x="{x - width / 2:.1f}" y="{y - 13:.1f}" '
            f'width="{width}" height="17" rx="4"/>'
            f'<text class="value best" data-card="{card}" x="{x:.1f}" y="{y:.1f}">{text}</text>')


def document(width: float, height: float, parts: Iterable[str], title: str) -> str:
    """A standalone SVG document of the given size."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="deberts" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
        f"<title>{escape(title)}</title><style>{STYLE}</style>"
        + "".join(parts) + "</svg>"
    )


# -- the model's objects -----------------------------------------------------


def deal_svg(deal: Deal, face_up: Card | None = None) -> str:
    """A deal as dealt: every hand face up, no contract yet."""
    seats = tuple(Seat(hand, label=f"seat {s}") for s, hand in enumerate(deal.hands))
    return scene_svg(Scene(seats, face_up=face_up, title=f"{deal.players} players"))


def position_scene(
    position: Position, values: Mapping[Card, int] | None = None, face_up: Card | None = None,
) -> Scene:
    """The scene of a position: the cards still held, the trick, the roles; with
    ``values`` (each legal card's margin) the best for the side to move marked."""
    values = dict(values or {})
    seats = tuple(
        Seat(CardSet(position.hands[s]), label=f"seat {s} · {role(position, s)}",
             declarer=s == position.declarer)
        for s in range(position.players)
    )
    best: frozenset[Card] = frozenset()
    if values:
        better = max if position.is_declarer_side(position.to_move) else min
        top = better(values.values())
        best = frozenset(c for c, v in values.items() if v == top)
    over = position.is_over()
    last = position.tricks[-1] if position.tricks else None
    return Scene(
        seats, tuple(position.trick), position.trump, face_up,
        None if over else position.to_move, CardSet(position.legal_mask()), values, best,
        f"{position.players} players, {position.rules.preset} rules",
        last.plays if last else (), last.winner if last else None,
    )


def position_svg(
    position: Position, values: Mapping[Card, int] | None = None, face_up: Card | None = None,
) -> str:
    """A position around the table, optionally with every legal card's value."""
    return scene_svg(position_scene(position, values, face_up))


def view_svg(view: BidView | PlayView, playable: bool = False) -> str:
    """What one seat sees in a game: its own cards face up, the others' backs, the
    trick, the trump and the face-up card; with ``playable`` its legal cards marked."""
    if isinstance(view, BidView):
        left = {s: len(view.hand) for s in range(view.players)}
        roles = {s: "" for s in range(view.players)}
        trick: tuple[Play, ...] = ()
        trump, legal = None, CardSet()
        title = f"round {view.round} of the bidding"
    else:
        played = {p.seat for p in view.trick}
        full = full_hand_size(view.players)
        left = {s: full - len(view.tricks) - (s in played) for s in range(view.players)}
        roles = {s: " · declarer" if s == view.declarer else " · partner"
                 if s in view.declarer_side else " · defender" for s in range(view.players)}
        trick, trump = view.trick, view.trump
        legal = view.legal if playable else CardSet()
        title = f"trick {len(view.tricks) + 1}"
    seats = tuple(
        Seat(view.hand if s == view.seat else CardSet(), 0 if s == view.seat else left[s],
             f"{'you' if s == view.seat else f'seat {s}'}{roles[s]}",
             isinstance(view, PlayView) and s == view.declarer)
        for s in range(view.players)
    )
    last = view.tricks[-1] if isinstance(view, PlayView) and view.tricks else None
    return scene_svg(Scene(seats, trick, trump, view.face_up, view.seat, legal, title=title,
                           last_trick=last.plays if last else (),
                           last_winner=last.winner if last else None))


def trick_svg(trick: Trick | Sequence[Play], winner: int | None = None) -> str:
    """A trick as a row of cards, each with its seat; the winner's card marked."""
    plays = trick.plays if isinstance(trick, Trick) else tuple(trick)
    winner = trick.winner if isinstance(trick, Trick) else winner
    parts = []
    for index, play in enumerate(plays):
        x = 10 + index * (CARD_W + 14)
        classes = "best" if play.seat == winner else ""
        parts.append(f'<text class="small" x="{x}" y="14">seat {play.seat}</text>')
        parts.append(card_svg(play.card, x, 20, classes=classes))
    width = 20 + max(len(plays), 1) * (CARD_W + 14)
    return document(width, CARD_H + 30, parts, "trick")


def solution_svg(solution: Solution) -> str:
    """The legal cards of the player to move with their margins, best marked, and
    the value of the position."""
    parts = []
    best = {m.card for m in solution.moves if m.margin == solution.margin}
    for index, move in enumerate(solution.moves):
        x = 10 + index * (CARD_W + 8)
        parts.append(card_svg(move.card, x, 28, classes="legal best" if move.card in best else "legal"))
        parts.append(value_svg(move.card, move.margin, x + CARD_W / 2, 28 + CARD_H + 16,
                               move.card in best))
    title = (f"seat {solution.to_move} to move: {RESULT_NAMES[solution.result]}, "
             f"margin {signed(solution.margin)} ({solution.declarer_points} to "
             f"{solution.defender_points})")
    parts.insert(0, f'<text class="label" x="10" y="18">{escape(title)}</text>')
    width = max(20 + len(solution.moves) * (CARD_W + 8), 360)
    return document(width, CARD_H + 56, parts, "solution")


def table_svg(result: DDTable) -> str:
    """The double-dummy table: a row per declarer, a column per trump; each cell's
    margin and result, the declarer's best trumps framed, ``~`` where the seven is
    exchanged."""
    cell_w, cell_h, left, top = 110, 34, 80, 30
    parts = []
    for column, suit in enumerate(Suit):
        colour = RED if suit in (Suit.H, Suit.D) else BLACK
        heading = suit.symbol
        if result.face_up is not None:
            heading += " round 1" if suit == result.face_up.suit else " round 2"
        parts.append(f'<text class="label" x="{left + column * cell_w + cell_w / 2}" y="20" '
                     f'text-anchor="middle" style="fill:{colour}">{heading}</text>')
    for seat in range(result.deal.players):
        y = top + seat * cell_h
        parts.append(f'<text class="label" x="8" y="{y + 22}">seat {seat}</text>')
        for column, suit in enumerate(Suit):
            parts.append(_table_cell(result.cell(suit, seat), suit in result.best(seat),
                                     left + column * cell_w, y, cell_w, cell_h))
    width, height = left + 4 * cell_w + 10, top + result.deal.players * cell_h + 10
    return document(width, height, parts, "double-dummy table")


def _table_cell(cell: TableCell, best: bool, x: float, y: float, w: float, h: float) -> str:
    colour = RESULT_COLOURS[cell.result]
    stroke = ' stroke="#222" stroke-width="3"' if best else ' stroke="#bbb"'
    swap = "~" if cell.exchange else ""
    return (
        f'<g class="cell{" best" if best else ""}" data-trump="{cell.trump.name}" '
        f'data-declarer="{cell.declarer}" data-margin="{cell.margin}">'
        f'<rect x="{x + 2}" y="{y + 2}" width="{w - 4}" height="{h - 4}" fill="{colour}" '
        f'fill-opacity="0.15"{stroke}/>'
        f'<text class="label" x="{x + w / 2}" y="{y + h / 2 + 5}" text-anchor="middle" '
        f'style="fill:{colour}">{signed(cell.margin)} {cell.result}{swap}</text></g>'
    )


def bid_svg(evaluation: BidEvaluation) -> str:
    """One histogram of the margin per option, on bins shared by all, with the
    option's mean margin (the bidder's side's) and the chance that the contract
    played is made, and whose that contract is; the recommended option in green."""
    edges, counts = margin_bins(evaluation.options)
    bar_w, plot_h, row_h, left = 22, 70, 110, 150
    top_count = max(max(row) for row in counts) or 1
    parts = []
    for index, (option, row) in enumerate(zip(evaluation.options, counts)):
        y = 10 + index * row_h
        name = call_name(option.option, Notation())
        best = option.option == evaluation.best
        data = option.to_dict()
        parts.append(
            f'<g class="option{" best" if best else ""}" data-option="{option.option}">'
            f'<text class="label{" declarer" if best else ""}" x="8" y="{y + 20}">{escape(name)}'
            f'{" (best)" if best else ""}</text>'
            f'<text class="small" x="8" y="{y + 38}">your margin {data["mean_margin"]:+.1f}</text>'
            f'<text class="small" x="8" y="{y + 54}">made {100 * data["p_made"]:.0f}%</text>'
            f'<text class="small" x="8" y="{y + 70}">contract: '
            f'{whose_contract(option, evaluation.seat, evaluation.players)}</text>'
        )
        for bin_index, count in enumerate(row):
            h = plot_h * count / top_count
            x = left + bin_index * bar_w
            parts.append(f'<rect class="bar" x="{x}" y="{y + plot_h - h:.1f}" width="{bar_w - 2}" '
                         f'height="{h:.1f}" fill="{"#2e7d32" if best else "#5c6bc0"}">'
                         f"<title>{signed(edges[bin_index])}..{signed(edges[bin_index + 1] - 1)}: "
                         f"{count}</title></rect>")
        parts.append("</g>")
    axis_y = 10 + len(evaluation.options) * row_h - 20
    for bin_index in range(0, len(edges), 2):
        parts.append(f'<text class="small" x="{left + bin_index * bar_w}" y="{axis_y}" '
                     f'text-anchor="middle">{signed(edges[bin_index])}</text>')
    width = left + (len(edges) - 1) * bar_w + 30
    return document(max(width, 320), axis_y + 10, parts, "bid evaluation")


def whose_contract(option: OptionStats, seat: int, players: int) -> str:
    """Whose contract an option's results are of: ``yours`` (the bidder's side
    declares on every sample), ``theirs`` (after a pass, always another side) or
    ``yours or theirs``; thrown-in deals have none."""
    side = {seat, (seat + 2) % 4} if players == 4 else {seat}
    declarers = {o.declarer for o in option.outcomes if o.declarer is not None}
    if declarers <= side:
        return "yours"
    return "theirs" if not declarers & side else "yours or theirs"


# -- notebook display ----------------------------------------------------------


#: Drawings by the type of what they draw.
Drawings = tuple[tuple[type, Callable[[Any], str]], ...]


def draw(thing: Any, drawings: Drawings | None = None) -> str:
    """The drawing of any object that draws itself (the ``_repr_svg_`` hooks), from
    ``drawings`` (this module's :data:`DRAWINGS` by default; a game's own module
    passes its table)."""
    for kind, drawing in DRAWINGS if drawings is None else drawings:
        if isinstance(thing, kind):
            return drawing(thing)
    raise TypeError(f"cannot draw a {type(thing).__name__}")


def html(thing: Any, drawings: Drawings | None = None) -> str:
    """The drawing inline in HTML (the ``_repr_html_`` hooks)."""
    return f'<div class="deberts-board">{draw(thing, drawings)}</div>'


def cards_svg(cards: Card | CardSet) -> str:
    """A card, or a set of cards in a row (S H D C, highest first)."""
    row = _in_order(CardSet([cards]) if isinstance(cards, Card) else cards)
    parts = [card_svg(card, 10 + index * STEP, 10) for index, card in enumerate(row)]
    width = 20 + CARD_W + STEP * max(len(row) - 1, 0)
    return document(width, CARD_H + 20, parts, " ".join(map(str, row)) or "no cards")


DRAWINGS: Drawings = (
    (Card, cards_svg),
    (CardSet, cards_svg),
    (Deal, deal_svg),
    (Position, position_svg),
    (Solution, solution_svg),
    (Trick, trick_svg),
    (DDTable, table_svg),
    (BidEvaluation, bid_svg),
)
