"""The games in play on the server: sessions by id, the least recently used dropped
past the limit, and each game's state as JSON (what the person sees and decides)."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from deberts.errors import DebertsError, excerpt
from deberts.model.cards import CardSet
from deberts.play.match import BidView, DealResult, PlayView
from deberts.play.session import GameSession, Status
from deberts.text.svg import deal_svg, position_scene, scene_svg, view_svg


class UnknownGame(DebertsError):
    """No game has this id (it ended, or was dropped for newer ones)."""


@dataclass
class Game:
    """A session and the double-dummy reviews of its finished deals, by deal number."""

    session: GameSession
    reviews: dict[int, dict[str, Any]] = field(default_factory=dict)


class GameStore:
    """At most ``limit`` games; a new one past it closes the least recently used."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.games: OrderedDict[str, Game] = OrderedDict()

    def add(self, session: GameSession) -> str:
        game_id = secrets.token_hex(8)
        self.games[game_id] = Game(session)
        while len(self.games) > self.limit:
            _, oldest = self.games.popitem(last=False)
            oldest.session.close()
        return game_id

    def get(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            raise UnknownGame(f"no game {excerpt(game_id)}: it is over or was dropped")
        self.games.move_to_end(game_id)
        return game

    def remove(self, game_id: str) -> None:
        self.get(game_id).session.close()
        del self.games[game_id]

    def close(self) -> None:
        for game in self.games.values():
            game.session.close()
        self.games.clear()


def state_json(game_id: str, game: Game, status: Status) -> dict[str, Any]:
    """The game as the person sees it: the phase, the decision waiting with his view
    and its drawing, the last deal's record and review, the match scores."""
    session = game.session
    decision = status.decision
    return {
        "id": game_id,
        "players": len(session.match.players),
        "seat": session.seat,
        "phase": status.phase,
        "deals": status.deals,
        "scores": list(status.scores),
        "error": status.error,
        "decision": None if decision is None else {
            "kind": decision.kind,
            "options": list(decision.options),
            "view": view_json(decision.view),
            "board": view_svg(decision.view, playable=decision.kind == "play"),
        },
        "result": None if status.result is None else result_json(status.result),
        "review": game.reviews.get(status.deals),
    }


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
