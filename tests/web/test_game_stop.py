"""A game that is closed, deleted or evicted stops its computer players' work at once:
the thread of the deal in play ends and the players (each with its table) are freed,
instead of searching on for minutes."""

from __future__ import annotations

import gc
import threading
import time
import weakref

from deberts.model.cards import Card
from deberts.model.registry import find_game
from deberts.play.session import DECIDE, THINKING
from deberts.variants.deberts.play.match import BidView, PlayView
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.session import GameSession
from deberts.web.games import GameStore

#: More samples than a 4-player decision gets through in a minute or so.
ENDLESS = 20_000


def thinking(session: GameSession, seconds: float = 60.0) -> None:
    """Answer the person's decisions until the computer is thinking (and still is a
    moment later)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = session.status()
        if status.phase == DECIDE:
            assert status.decision is not None
            session.answer("pass" if "pass" in status.decision.options else status.decision.options[0])
        elif status.phase == THINKING:
            time.sleep(0.3)
            if session.status().phase == THINKING:
                return
        else:
            time.sleep(0.05)
    raise AssertionError("the computer never started thinking")


def endless_player(seat: int) -> PimcPlayer:
    return PimcPlayer(samples=ENDLESS, bid_samples=ENDLESS, seed=seat)


def test_a_stopped_player_ends_its_decision_with_the_fallbacks_answer() -> None:
    player = endless_player(1)
    answers: list[str | Card] = []
    views: list[BidView | PlayView] = []
    session = GameSession(lambda seat: _Spy(player, views), 4, seed=2)
    session.start_deal()
    thinking(session)
    thread = threading.Thread(target=lambda: answers.append(player.bid(views[-1])),  # type: ignore[arg-type]
                              daemon=True)
    thread.start()
    time.sleep(0.3)
    player.stop()
    thread.join(30)
    assert not thread.is_alive()
    assert answers and answers[0] in views[-1].legal  # type: ignore[operator]
    session.close()
    assert session.join(30)


class _Spy:
    """A player that records the bid views it is shown, thinking through ``player``."""

    def __init__(self, player: PimcPlayer, views: list[BidView | PlayView]) -> None:
        self.player, self.views = player, views

    def __getattr__(self, name: str) -> object:
        return getattr(self.player, name)

    def bid(self, view: BidView) -> str:
        self.views.append(view)
        return self.player.bid(view)


def test_closing_a_session_stops_the_computer_at_once_and_frees_it() -> None:
    players: list[weakref.ref[PimcPlayer]] = []

    def opponent(seat: int) -> PimcPlayer:
        player = endless_player(seat)
        players.append(weakref.ref(player))
        return player

    session = GameSession(opponent, 4, seed=1)
    session.start_deal()
    thinking(session)
    session.close()
    assert session.join(30), "the deal in play did not stop"
    del session
    gc.collect()
    assert [ref() for ref in players] == [None, None, None]


def test_evicted_and_removed_games_stop() -> None:
    store = GameStore(limit=1)
    first = GameSession(endless_player, 4, seed=1)
    first.start_deal()
    store.add(find_game("deberts"), first)
    thinking(first)
    second = GameSession(endless_player, 4, seed=3)
    second.start_deal()
    game_id = store.add(find_game("deberts"), second)  # evicts the first
    assert first.join(30), "the evicted game did not stop"
    thinking(second)
    store.remove(game_id)
    assert second.join(30), "the removed game did not stop"
