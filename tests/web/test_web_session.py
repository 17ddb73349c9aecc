"""The step-wise game driver behind the web board's Play page (deberts.variants.deberts.play.session):
a person answers one decision at a time while the match runs its own rules."""

from __future__ import annotations

import pytest

import deberts
from deberts.play.session import CLOSED, DEAL_OVER, DECIDE, MATCH_OVER, Status
from deberts.variants.deberts.model.bidding import PASS
from deberts.variants.deberts.play.match import BidView
from deberts.variants.deberts.play.players import RandomPlayer
from deberts.variants.deberts.play.session import GameSession


def random_opponents(seat: int) -> RandomPlayer:
    return RandomPlayer(seed=seat)


def decided(session: GameSession) -> Status:
    status = session.wait(60)
    assert status.phase != "thinking", "the computer did not move"
    return status


def play_out(session: GameSession) -> tuple[Status, int]:
    """Answer every decision with its first option (a call of play when offered)
    until the deal is over; the count of cards the person played."""
    cards = 0
    status = decided(session)
    while status.phase == DECIDE:
        decision = status.decision
        assert decision is not None
        options = decision.options
        if decision.kind == "play":
            cards += 1
            assert set(options) == {str(c) for c in decision.view.legal}
        session.answer("play" if "play" in options else options[0])
        status = decided(session)
    return status, cards


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_deal_is_played_decision_by_decision(players: int) -> None:
    session = GameSession(random_opponents, players, seed=players)
    session.start_deal()
    status, cards = play_out(session)
    assert status.phase in (DEAL_OVER, MATCH_OVER)
    result = status.result
    assert result is not None and result.score is not None
    assert cards == deberts.full_hand_size(players)
    assert status.scores == tuple(float(g) for g in result.gains)
    record = result.record
    assert record.is_complete and record.score() == result.score


class Passer(RandomPlayer):
    """Passes whenever it may, so the person gets to call."""

    def bid(self, view: BidView) -> str:
        return PASS if PASS in view.legal else super().bid(view)


def test_answers_are_checked_against_the_decision() -> None:
    session = GameSession(lambda seat: Passer(seed=seat), 2, seed=1)
    session.start_deal()
    status = decided(session)
    assert status.decision is not None and status.decision.options == ("play", "pass")
    with pytest.raises(deberts.DebertsError, match="bad answer 'S' to the bid decision"):
        session.answer("S")  # round 1 offers play or pass only
    with pytest.raises(deberts.DebertsError, match="a deal is in play"):
        session.start_deal()
    session.answer("PLAY")  # the call as the options spell it
    status = decided(session)
    while status.decision is not None and status.decision.kind != "play":
        session.answer(status.decision.options[0])
        status = decided(session)
    assert status.decision is not None
    illegal = next(str(c) for c in deberts.CardSet(0xFFFFFFFF)
                   if str(c) not in status.decision.options)
    with pytest.raises(deberts.DebertsError, match=f"bad answer '{illegal}' to the play decision"):
        session.answer(illegal)
    with pytest.raises(deberts.DebertsError, match="bad card"):
        session.answer("ZZ")


def test_no_answer_is_taken_when_nothing_waits() -> None:
    session = GameSession(random_opponents, 2, seed=3)
    with pytest.raises(deberts.DebertsError, match="no decision is waiting"):
        session.answer("pass")


def test_closing_ends_the_deal_in_play() -> None:
    session = GameSession(random_opponents, 3, seed=5)
    session.start_deal()
    decided(session)
    session.close()
    status = session.status()
    assert status.phase == CLOSED and status.decision is None
    assert status.deals == 0
    with pytest.raises(deberts.DebertsError, match="the game is closed"):
        session.start_deal()


def test_bad_tables_are_refused() -> None:
    with pytest.raises(deberts.DebertsError, match="bad player count 5"):
        GameSession(random_opponents, 5)
    with pytest.raises(deberts.DebertsError, match="bad seat 2"):
        GameSession(random_opponents, 2, seat=2)
