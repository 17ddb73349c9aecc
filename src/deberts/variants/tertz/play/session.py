"""A Tertz game against the computer played one decision at a time by a person (the
web board): :class:`deberts.variants.deberts.play.session.Session` over :class:`Match`.

The person is the game's first player; which seat he holds changes from deal to deal
(the loser of a deal's last trick leads the next, at seat 0), so each decision's view
names it. Every decision is a ``move``: a card, the swap or a break, spelt as
:func:`deberts.variants.tertz.model.parse_move` reads them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from deberts.errors import DebertsError
from deberts.model.arguments import instance
from deberts.play.session import Decision, Session
from deberts.variants.tertz.model import Move, Rules, parse_move
from deberts.variants.tertz.play.arena import factory_of
from deberts.variants.tertz.play.match import Match, Player, PlayView

#: The person's player number in the game (the computer is the other).
PERSON = 0


class _Person:
    """The person's side of the table: each move is handed to the session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def move(self, view: PlayView) -> Move:
        options = tuple(str(move) for move in view.legal)
        return parse_move(self.session._ask(Decision("move", view, options)))


class GameSession(Session):
    """A Tertz game to ``rules.target``, the person against ``opponent(1)``; the
    person leads the first deal."""

    match: Match

    def __init__(self, opponent: Callable[[int], Player], rules: Rules | None = None,
                 seed: int | None = None) -> None:
        super().__init__(PERSON)
        computer = opponent(1 - PERSON)
        self._computers = [computer]
        players: list[Player] = [_Person(self), computer]
        self.match = Match(players, rules if rules is not None else Rules(), seed)

    def _normalised(self, kind: str, text: str) -> str:
        return str(parse_move(text.strip()))


def start_session(players: int, rules: Rules, target: int | None, seed: int | None,
                  samples: int, seconds: float) -> GameSession:
    """The play face's session: a game against the searched player
    (``SearchPlayer``, the strongest) with ``samples`` worlds and ``seconds`` a
    decision (``target`` overrides the rules' 501)."""
    instance("rules", rules, Rules, "a TertzRules")
    if players != 2:
        raise DebertsError(f"bad player count {players}: Tertz is for 2 players")
    if target is not None:
        rules = replace(rules, target=target)
    settings = f"samples={samples},seconds={seconds}" + ("" if seed is None else f",seed={seed}")
    return GameSession(factory_of(f"search:{settings}"), rules, seed)
