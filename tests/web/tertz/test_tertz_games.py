"""A Tertz game against the computer through the web API (``/api/games`` with
``"game": "tertz"``) and its session: every decision is a move (a card, the swap, a
break), the person's view hides the other hand and the stock, a finished deal gives
its record (which loads back), the recorded totals added to the game score, and the
double-dummy review of its end phase."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from deberts.model.cards import CardSet  # noqa: E402
from deberts.play.session import DEAL_OVER, DECIDE
from deberts.variants.tertz.analysis.review import analyze_play  # noqa: E402
from deberts.variants.tertz.model import Position, Rules  # noqa: E402
from deberts.variants.tertz.model.record import GameRecord  # noqa: E402
from deberts.variants.tertz.play.players import RandomPlayer  # noqa: E402
from deberts.variants.tertz.play.session import GameSession  # noqa: E402
from deberts.variants.tertz.web.views import end_phase_start  # noqa: E402
from deberts.web.app import create_app  # noqa: E402

GAME = {"game": "tertz", "seed": 4, "ai_samples": 3, "ai_seconds": 0.2}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def play_a_deal(client: TestClient, state: dict[str, Any],
                choose: Any = lambda options: options[-1]) -> tuple[dict[str, Any], list[str]]:
    """Answer every decision with ``choose(options)`` until the deal is over; the
    state then and the person's answers."""
    answers = []
    while state["phase"] in ("decide", "thinking"):
        if state["phase"] == "thinking":
            state = client.get(f"/api/games/{state['id']}?wait=5").json()
            continue
        decision = state["decision"]
        assert decision["kind"] == "move"
        assert decision["options"] == decision["view"]["legal"]
        answers.append(choose(decision["options"]))
        state = client.post(f"/api/games/{state['id']}/answer",
                            json={"answer": answers[-1]}).json()
    return state, answers


def test_a_tertz_deal_is_played_against_the_computer_to_its_review(client: TestClient) -> None:
    state = client.post("/api/games", json=GAME).json()
    assert state["game"] == "tertz" and state["players"] == 2
    state, answers = play_a_deal(client, state)
    assert state["phase"] == DEAL_OVER and state["deals"] == 1, state.get("error")
    record = GameRecord.from_dict(state["result"]["record"])
    end = record.position()
    assert end.is_over()
    assert state["scores"] == [float(p) for p in end.score().recorded]
    assert state["result"]["gains"] == state["scores"]
    # the person led the first deal (seat 0): his answers are seat 0's moves
    replay = Position(record.deal, record.rules)
    mine = []
    for move in record.moves:
        if replay.to_move == 0:
            mine.append(str(move))
        replay.push(move)
    assert mine == answers
    review = state["review"]
    start = end_phase_start(end)
    assert review["start"] == start and review["seat"] == 0 and review["complete"]
    expected = analyze_play(record, start=start).to_dict()
    assert {k: v for k, v in review.items() if k not in ("start", "seat")} == expected
    assert len(review["moves"]) == len(record.moves) - start > 0
    following = client.post(f"/api/games/{state['id']}/deal").json()
    assert following["phase"] in ("decide", "thinking")


def test_a_tertz_view_hides_the_other_hand_and_the_stock(client: TestClient) -> None:
    state = client.post("/api/games", json={**GAME, "seed": 9}).json()
    while state["phase"] == "thinking":
        state = client.get(f"/api/games/{state['id']}?wait=5").json()
    view = state["decision"]["view"]
    hand = CardSet.parse(view["hand"])
    board = state["decision"]["board"]
    for card in hand:
        assert f'data-card="{card}"' in board
    shown = {part.split('"')[0] for part in board.split('data-card="')[1:]}
    assert shown <= {str(c) for c in hand} | {view["face_up"]} | set(view["trick"])
    assert view["stock_size"] > 0 and "stock" not in view


def test_tertz_games_refuse_bad_input(client: TestClient) -> None:
    bad = client.post("/api/games", json={**GAME, "players": 3})
    assert bad.status_code == 400 and "bad player count 3" in bad.json()["error"]
    bad = client.post("/api/games", json={**GAME, "game": "chess"})
    assert bad.status_code == 400 and "unknown game 'chess'" in bad.json()["error"]
    bad = client.post("/api/games", json={**GAME, "target": -5})
    assert bad.status_code == 400 and "target" in bad.json()["error"]
    state = client.post("/api/games", json=GAME).json()
    while state["phase"] == "thinking":
        state = client.get(f"/api/games/{state['id']}?wait=5").json()
    bad = client.post(f"/api/games/{state['id']}/answer", json={"answer": "AZ"})
    assert bad.status_code == 400 and "'AZ'" in bad.json()["error"]


def test_a_tertz_session_plays_a_game_to_its_target() -> None:
    """The person's seat changes with the leads; the game ends at the target."""
    session = GameSession(lambda seat: RandomPlayer(seed=seat),
                           Rules(target=100), seed=2)
    seats = set()
    while session.status().phase != "match_over":
        session.start_deal()
        status = session.wait(30)
        while status.phase == DECIDE:
            assert status.decision is not None
            seats.add(status.decision.view.seat)
            session.answer(status.decision.options[0])
            status = session.wait(30)
        assert status.phase in (DEAL_OVER, "match_over"), status.error
    assert max(session.match.scores) >= 100 and session.match.winner() is not None
    assert session.join(5)
    assert seats == {0, 1} or len(session.match.results) == 1
