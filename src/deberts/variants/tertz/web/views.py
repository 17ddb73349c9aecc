"""Tertz on the web board's Play page (the web face's board views): the view of the
move waiting for the person as JSON and its drawing, a finished deal's record and
score, and the double-dummy review of its end phase.

The review starts at the first trick with the stock empty: from there both players
know every card (docs/rules.md 4), so double-dummy play is the play to compare with,
and the searches are quick. The stock phase, a search of seconds to minutes a move,
is left to ``deberts tertz analyze``.
"""

from __future__ import annotations

from typing import Any

from deberts.model.cards import CardSet
from deberts.play.session import Decision
from deberts.variants.tertz.analysis.review import analyze_play
from deberts.variants.tertz.model import Position
from deberts.variants.tertz.play.match import DealResult, PlayView
from deberts.variants.tertz.text.svg import result_svg, view_svg


def board(decision: Decision) -> str:
    """The drawing of the view, the legal cards marked (every decision is a move;
    the swap and the breaks are the page's buttons)."""
    return view_svg(decision.view, playable=True)


def view_json(view: PlayView) -> dict[str, Any]:
    """What the seat may see, with the names of :class:`PlayView`."""
    return {
        "seat": view.seat,
        "trump": view.trump.name,
        "trump_card": str(view.trump_card),
        "face_up": None if view.face_up is None else str(view.face_up),
        "swapped_by": view.swapped_by,
        "hand": str(view.hand),
        "drawn": [str(card) for card in view.drawn],
        "moves": [str(move) for move in view.moves],
        "tricks": [{"cards": [str(c) for c in t.cards], "leader": t.leader, "winner": t.winner}
                   for t in view.tricks],
        "trick": [str(card) for card in view.trick],
        "leader": view.leader,
        "stock_size": view.stock_size,
        "declarations": [{"seat": d.seat, "kind": d.kind, "cards": str(CardSet(d.cards)),
                          "points": d.points, "counting": d.counting}
                         for d in view.declarations],
        "marriage": list(view.marriage),
        "points": list(view.points),
        "legal": [str(move) for move in view.legal],
        "break_due": view.break_due,
    }


def result_json(result: DealResult) -> dict[str, Any]:
    """A finished deal: its record (``tertz-record/1``, with the raw and recorded
    totals), the drawing of its end, and what each seat adds to the game score."""
    return {
        "record": result.to_dict(),
        "board": result_svg(result),
        "gains": [float(points) for points in result.score.recorded],
        "thrown_in": False,
    }


def review(result: DealResult) -> dict[str, Any]:
    """The moves from the first trick with the stock empty against double-dummy
    play."""
    start = end_phase_start(result.position)
    return {**analyze_play(result.record(), start=start).to_dict(), "start": start}


def end_phase_start(position: Position) -> int:
    """How many moves of the deal were made before its first trick with the stock
    empty (all of them when the deal ended earlier)."""
    replay = Position(position.deal, position.rules)
    for index, move in enumerate(position.moves):
        if not replay.stock and not replay.trick:
            return index
        replay.push(move)
    return len(position.moves)
