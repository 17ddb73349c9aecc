"""The web server's work: a request's limit counts from its arrival, work whose
request has timed out or gone stops (or never starts), quick work is never held up
by heavy work, a game's review never waits behind other people's analyses; bodies
are read as strictly as a batch line; a Tertz board takes no face-up card."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")

from deberts.tertz import TertzDeal, TertzPosition, TertzSolver  # noqa: E402
from deberts.cli.tertz.commands import EXAMPLE  # noqa: E402
from deberts.web.app import create_app  # noqa: E402
from deberts.web.limits import Limits  # noqa: E402
from deberts.web.work import Pool, WorkTimeout  # noqa: E402

HANDS, STOCK = (part.strip() for part in EXAMPLE["deal"].split("/"))
CHEAP = {"game": "tertz", "hands": HANDS.split(), "stock": STOCK, "played": EXAMPLE["played"]}


def whole_deal(seed: int) -> dict[str, Any]:
    """A Tertz deal from its first lead: a search of many seconds."""
    deal = TertzDeal.random(seed)
    return {"game": "tertz", "hands": [str(hand) for hand in deal.hands],
            "stock": [str(card) for card in deal.stock]}


def client(limits: Limits) -> Any:
    transport = httpx.ASGITransport(app=create_app(limits))
    return httpx.AsyncClient(transport=transport, base_url="http://test", timeout=60)


async def timed(request: Any) -> tuple[float, Any]:
    started = time.monotonic()
    response = await request
    return time.monotonic() - started, response


def test_a_cheap_solve_answers_at_once_while_heavy_ones_run() -> None:
    async def run() -> tuple[float, int]:
        async with client(Limits(threads=2, slow_threads=2, seconds=10)) as c:
            heavy = [asyncio.create_task(c.post("/api/solve", json=whole_deal(seed)))
                     for seed in (1, 2)]
            await asyncio.sleep(0.3)
            took, cheap = await timed(c.post("/api/solve", json=CHEAP))
            await asyncio.gather(*heavy)
            return took, cheap.status_code

    took, status = asyncio.run(run())
    assert status == 200
    assert took < Limits().quick_seconds + 3  # not the heavy ones' 10 s (a loaded machine)


def test_queued_work_never_starts_once_its_request_timed_out() -> None:
    """The limit counts from the arrival: the request queued behind a heavy one times
    out with it, and its work never runs, so the thread is free at once."""
    async def run() -> tuple[list[int], float, int]:
        async with client(Limits(threads=1, seconds=1, quick_seconds=60)) as c:
            first, second = await asyncio.gather(
                timed(c.post("/api/solve", json=whole_deal(1))),
                timed(c.post("/api/solve", json=whole_deal(2))))
            took, cheap = await timed(c.post("/api/solve", json=CHEAP))
            return [first[1].status_code, second[1].status_code], max(first[0], second[0]), \
                cheap.status_code if took < 1.0 else -1

    statuses, longest, cheap = asyncio.run(run())
    assert statuses == [503, 503] and longest < 2
    assert cheap == 200  # answered within a second


def test_work_whose_client_left_stops_and_frees_its_thread() -> None:
    position = TertzPosition(TertzDeal.random(3))

    async def run() -> float:
        pool = Pool(1, 30)
        leaves = time.monotonic() + 0.3

        async def gone() -> bool:
            return time.monotonic() > leaves

        with pytest.raises(WorkTimeout, match="gone"):
            await pool.run(lambda: TertzSolver().value(position), time.monotonic(), gone)
        started = time.monotonic()
        assert await pool.run(lambda: 7, time.monotonic()) == 7
        return time.monotonic() - started

    assert asyncio.run(run()) < 1.0


async def play_a_deal(c: Any, state: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """Every decision answered (play when offered, else the first option) until the
    deal is over; the state then and the seconds the slowest request took."""
    slowest = 0.0
    while state["phase"] in ("decide", "thinking"):
        if state["phase"] == "thinking":
            took, response = await timed(c.get(f"/api/games/{state['id']}?wait=5"))
        else:
            options = state["decision"]["options"]
            answer = "play" if "play" in options else options[0]
            took, response = await timed(c.post(f"/api/games/{state['id']}/answer",
                                                json={"answer": answer}))
        slowest, state = max(slowest, took), response.json()
    return state, slowest


def test_a_games_review_never_waits_behind_analyses() -> None:
    async def run() -> tuple[dict[str, Any], float]:
        async with client(Limits(slow_threads=1, seconds=20)) as c:
            analyses = [asyncio.create_task(c.post("/api/analyze", json=whole_deal(seed)))
                        for seed in (1, 2)]
            await asyncio.sleep(0.3)
            state = (await c.post("/api/games", json={"players": 2, "seed": 5, "ai_samples": 5,
                                                      "ai_seconds": 0.1})).json()
            played = await play_a_deal(c, state)
            for analysis in analyses:
                analysis.cancel()
            return played

    state, slowest = asyncio.run(run())
    assert state["phase"] == "deal_over" and state["review"]["complete"]
    assert slowest < 5


def test_a_key_given_twice_is_refused_as_batch_refuses_it() -> None:
    body = b'{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "trump": "S", "declarer": 0, "leader": 1}'

    async def run() -> Any:
        async with client(Limits()) as c:
            return await c.post("/api/solve", content=body,
                                headers={"content-type": "application/json"})

    refused = asyncio.run(run())
    assert refused.status_code == 400
    assert refused.json()["error"] == "duplicate field 'trump': each field may be given once"


def test_a_tertz_board_takes_no_face_up_card() -> None:
    async def run() -> Any:
        async with client(Limits()) as c:
            return await c.post("/api/board", json={"line": CHEAP, "face_up": "7H"})

    refused = asyncio.run(run())
    assert refused.status_code == 400
    assert refused.json()["error"] == "bad face_up: a Tertz board takes no face_up"
