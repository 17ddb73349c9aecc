"""A Tertz game against the computer played one decision at a time by a person (the
web board): :class:`deberts.variants.deberts.play.session.Session` over :class:`TertzGame`.

The person is the game's first player; which seat he holds changes from deal to deal
(the loser of a deal's last trick leads the next, at seat 0), so each decision's view
names it. Every decision is a ``move``: a card, the swap or a break, spelt as
:func:`deberts.variants.tertz.model.parse_move` reads them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from deberts.errors import DebertsError
from deberts.variants.tertz.model import Move, TertzRules, parse_move
from deberts.play.session import Decision, Session
from deberts.variants.tertz.play.arena import tertz_player_factory
from deberts.variants.tertz.play.match import TertzGame, TertzPlayer, TertzView

#: The person's player number in the game (the computer is the other).
PERSON = 0


class _TertzPerson:
    """The person's side of the table: each move is handed to the session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def move(self, view: TertzView) -> Move:
        options = tuple(str(move) for move in view.legal)
        return parse_move(self.session._ask(Decision("move", view, options)))


class TertzSession(Session):
    """A Tertz game to ``rules.target``, the person against ``opponent(1)``; the
    person leads the first deal."""

    match: TertzGame

    def __init__(self, opponent: Callable[[int], TertzPlayer], rules: TertzRules | None = None,
                 seed: int | None = None) -> None:
        super().__init__(PERSON)
        computer = opponent(1 - PERSON)
        self._computers = [computer]
        players: list[TertzPlayer] = [_TertzPerson(self), computer]
        self.match = TertzGame(players, rules if rules is not None else TertzRules(), seed)

    def _normalised(self, kind: str, text: str) -> str:
        return str(parse_move(text.strip()))


def tertz_session(players: int, rules: TertzRules, target: int | None, seed: int | None,
                  samples: int, seconds: float) -> TertzSession:
    """The registry's ``session`` part: a game against the searched player
    (``TertzSearchPlayer``, the strongest) with ``samples`` worlds and ``seconds`` a
    decision (``target`` overrides the rules' 501)."""
    if players != 2:
        raise DebertsError(f"bad player count {players}: Tertz is for 2 players")
    if target is not None:
        rules = replace(rules, target=target)
    settings = f"samples={samples},seconds={seconds}" + ("" if seed is None else f",seed={seed}")
    return TertzSession(tertz_player_factory(f"search:{settings}"), rules, seed)
