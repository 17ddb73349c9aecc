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

from html import escape
from typing import Mapping, Sequence

from deberts.engine.face import MoveValues
from deberts.model.arguments import instance
from deberts.model.cards import Card, CardSet, Suit
from deberts.text.drawing import (
    BLACK,
    CARD_H,
    CARD_W,
    RED,
    Drawings,
    Scene,
    Seat,
    card_svg,
    document,
    scene_svg,
    value_svg,
)
from deberts.text.notation import Notation, signed
from deberts.variants.deberts.analysis.bid_evaluation import BidEvaluation, OptionStats
from deberts.variants.deberts.analysis.table import DDTable, TableCell
from deberts.variants.deberts.engine.solver import Solution
from deberts.variants.deberts.model.deal import Deal, full_hand_size
from deberts.variants.deberts.model.position import Play, Position, Trick
from deberts.variants.deberts.play.match import BidView, PlayView
from deberts.variants.deberts.text.histogram import margin_bins
from deberts.variants.deberts.text.render import RESULT_NAMES, call_name, role

RESULT_COLOURS = {"made": "#2e7d32", "bait": "#c62828", "hanging": "#ef6c00"}

# -- the table ---------------------------------------------------------------

# -- pieces ------------------------------------------------------------------


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


#: The drawing options :func:`values_svg` takes (the web API refuses others).
SVG_OPTIONS = ("face_up",)


def values_svg(position: Position, values: MoveValues,
               options: Mapping[str, object] | None = None) -> str:
    """The text face's drawing (the web API's board): ``position`` with each legal
    card's value of ``values``; ``options`` those of :data:`SVG_OPTIONS`."""
    instance("position", position, Position, "a Position")
    cards = {instance("card", card, Card, "a Card"): value for card, value in values.items()}
    face_up = dict(options or {}).get("face_up")
    return position_svg(position, cards, instance("face_up", face_up, (Card, type(None)), "a Card"))


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


#: Deberts' objects that draw themselves (its game's ``drawings``).
DRAWINGS: Drawings = (
    (Deal, deal_svg),
    (Position, position_svg),
    (Solution, solution_svg),
    (Trick, trick_svg),
    (DDTable, table_svg),
    (BidEvaluation, bid_svg),
)
