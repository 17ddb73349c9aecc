"""Deberts played one decision at a time by a person at one seat (the registry's
``session`` part): :class:`GameSession` runs a :class:`Match` with the person's seat
asking each call, exchange, bella, redeal and card of :class:`deberts.play.session.Session`."""

from __future__ import annotations

from typing import Callable

from deberts.errors import DebertsError
from deberts.model.arguments import instance
from deberts.model.cards import Card
from deberts.play.session import Decision, Session
from deberts.variants.deberts.model.bidding import PASS, PLAY
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play.match import BidView, Match, Player, PlayView

YES, NO = "yes", "no"


class _Person:
    """The person's Deberts seat: each decision is handed to the session and
    waited for."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def bid(self, view: BidView) -> str:
        return self.session._ask(Decision("bid", view, view.legal))

    def exchange(self, view: PlayView) -> bool:
        return self.session._ask(Decision("exchange", view, (YES, NO))) == YES

    def declare(self, view: PlayView) -> bool:
        if view.rules.bella == "owner":
            return True  # announcing never costs under this rule
        return self.session._ask(Decision("bella", view, (YES, NO))) == YES

    def redeal(self, view: PlayView) -> bool:
        return self.session._ask(Decision("redeal", view, (YES, NO))) == YES

    def play(self, view: PlayView) -> Card:
        cards = tuple(str(c) for c in sorted(view.legal, key=lambda c: (c.suit, -c.rank)))
        return Card.parse(self.session._ask(Decision("play", view, cards)))


class GameSession(Session):
    """A Deberts match for ``players`` seats, the person at ``seat`` and
    ``opponent(seat)`` at each other seat."""

    match: Match

    def __init__(
        self,
        opponent: Callable[[int], Player],
        players: int = 2,
        rules: Rules | None = None,
        target: int = 301,
        seed: int | None = None,
        seat: int = 0,
    ) -> None:
        if players not in (2, 3, 4):
            raise DebertsError(f"bad player count {players}: expected 2, 3 or 4")
        if not 0 <= seat < players:
            raise DebertsError(f"bad seat {seat}: seat must be 0..{players - 1}")
        super().__init__(seat)
        seats: list[Player] = [
            _Person(self) if s == seat else opponent(s) for s in range(players)
        ]
        self._computers = [player for s, player in enumerate(seats) if s != seat]
        self.match = Match(seats, rules if rules is not None else Rules(), target, seed=seed)

    def _normalised(self, kind: str, text: str) -> str:
        """Calls ``play``/``pass`` and suit letters, ``yes``/``no``, cards as ``JH``."""
        text = text.strip()
        if kind == "play":
            return str(Card.parse(text))
        if kind == "bid":
            return text.lower() if text.lower() in (PLAY, PASS) else text.upper()
        return text.lower()


def start_session(players: int, rules: Rules, target: int | None, seed: int | None,
                    samples: int, seconds: float) -> GameSession:
    """The play face's session: a match to ``target`` (301 when ``None``) against
    ``PimcPlayer`` with ``samples`` deals a decision (its bids as many) and
    ``seconds`` a decision."""
    instance("rules", rules, Rules, "a Rules")
    from deberts.variants.deberts.play.arena import player_factory  # the arena imports every player
    settings = f"samples={samples},bid_samples={samples},seconds={seconds}"
    opponent = player_factory("pimc:" + settings + ("" if seed is None else f",seed={seed}"))
    return GameSession(opponent, players, rules, 301 if target is None else target, seed)
