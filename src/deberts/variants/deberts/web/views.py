"""Deberts on the web board's Play page (the web face's board views): the view of the
decision waiting for the person as JSON (with the names of the library's views) and
its drawing, a finished deal's result, and its double-dummy review."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deberts.model.cards import CardSet
from deberts.play.session import Decision
from deberts.text.drawing import scene_svg
from deberts.variants.deberts.analysis.review import analyze_play
from deberts.variants.deberts.play.match import BidView, DealResult, PlayView
from deberts.variants.deberts.text.svg import deal_svg, position_scene, view_svg


def board(decision: Decision) -> str:
    """The drawing of the decision's view, the legal cards marked for a card to play."""
    return view_svg(decision.view, playable=decision.kind == "play")


def view_json(view: BidView | PlayView) -> dict[str, Any]:
    """What the seat may see, with the names of the library's views."""
    common = {"seat": view.seat, "dealer": view.dealer, "hand": str(view.hand),
              "face_up": None if view.face_up is None else str(view.face_up)}
    if isinstance(view, BidView):
        return {**common, "round": view.round, "legal": list(view.legal),
                "calls": [{"seat": b.seat, "bid": b.call} for b in view.calls]}
    return {
        **common,
        "trump": view.trump.name,
        "declarer": view.declarer,
        "declarations": [{"seat": d.seat, "kind": d.kind, "cards": [str(c) for c in d.cards],
                          "points": d.points} for d in view.declarations],
        "tricks": [{"plays": [{"seat": p.seat, "card": str(p.card)} for p in t.plays],
                    "winner": t.winner} for t in view.tricks],
        "trick": [{"seat": p.seat, "card": str(p.card)} for p in view.trick],
        "legal": [str(c) for c in view.legal],
    }


def result_json(result: DealResult) -> dict[str, Any]:
    """A finished deal: its game record (with its result once played), the drawing of
    every hand as it was played, and what each seat adds to the match score."""
    record = result.record
    if record.trump is None:
        board = deal_svg(record.deal, record.face_up)
    else:  # the hands as played, nobody to move
        dealt = position_scene(record.start(), face_up=record.face_up)
        board = scene_svg(replace(dealt, to_move=None, legal=CardSet()))
    return {
        "record": record.to_dict(),
        "board": board,
        "gains": [float(g) for g in result.gains],
        "thrown_in": result.score is None,
    }


def review(result: DealResult) -> dict[str, Any] | None:
    """Every card of a played deal against double-dummy play (none for a deal thrown
    in)."""
    if result.score is None:
        return None
    return analyze_play(result.record).to_dict()
