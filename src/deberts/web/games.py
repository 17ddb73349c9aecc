"""The games in play on the server: sessions of any registered game by id, the least
recently used dropped past the limit, and each game's state as JSON (what the person
sees and decides)."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from deberts.errors import DebertsError, excerpt
from deberts.model.registry import Game
from deberts.play.session import Session, Status
from deberts.web.face import board_of


class UnknownGame(DebertsError):
    """No game has this id (it ended, or was dropped for newer ones)."""


@dataclass
class Table:
    """A game's session and the double-dummy reviews of its finished deals, by deal
    number (``None`` for a deal with nothing to review)."""

    game: Game
    session: Session
    reviews: dict[int, dict[str, Any] | None] = field(default_factory=dict)


class GameStore:
    """At most ``limit`` games; a new one past it closes the least recently used."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.games: OrderedDict[str, Table] = OrderedDict()

    def add(self, game: Game, session: Session) -> str:
        game_id = secrets.token_hex(8)
        self.games[game_id] = Table(game, session)
        while len(self.games) > self.limit:
            _, oldest = self.games.popitem(last=False)
            oldest.session.close()
        return game_id

    def get(self, game_id: str) -> Table:
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


def state_json(game_id: str, table: Table, status: Status) -> dict[str, Any]:
    """The game as the person sees it: the phase, the decision waiting with his view
    and its drawing, the last deal's record and review, the match scores; the
    decision and the result in the game's own terms (its ``web`` part)."""
    session = table.session
    web = board_of(table.game)
    decision = status.decision
    return {
        "id": game_id,
        "game": table.game.name,
        "players": len(session.match.scores),
        "seat": session.seat,
        "phase": status.phase,
        "deals": status.deals,
        "scores": list(status.scores),
        "error": status.error,
        "decision": None if decision is None else {
            "kind": decision.kind,
            "options": list(decision.options),
            "view": web.view_json(decision.view),
            "board": web.board(decision),
        },
        "result": None if status.result is None else web.result_json(status.result),
        "review": table.reviews.get(status.deals),
    }
