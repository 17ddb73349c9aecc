"""The web server's work: a request's limit counts from its arrival, work whose
request has timed out or gone stops (or never starts), quick work is never held up
by heavy work, a game's review never waits behind other people's analyses; bodies
are read as strictly as a batch line; a Tertz board takes no face-up card."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")

from fastapi import FastAPI  # noqa: E402

from deberts.cli.tertz.commands import EXAMPLE  # noqa: E402
from deberts.tertz import TertzDeal, TertzPosition, TertzSolver  # noqa: E402
from deberts.web.app import create_app  # noqa: E402
from deberts.web.limits import Limits  # noqa: E402
from deberts.web.work import PartialWork, Pool, WorkTimeout, check_cancelled  # noqa: E402

HANDS, STOCK = (part.strip() for part in EXAMPLE["deal"].split("/"))
CHEAP = {"game": "tertz", "hands": HANDS.split(), "stock": STOCK, "played": EXAMPLE["played"]}


def whole_deal(seed: int = 3) -> dict[str, Any]:
    """A Tertz deal from its first lead: seed 3's is a search of some 20 s alone,
    far longer than anything the tests ask beside it."""
    deal = TertzDeal.random(seed)
    return {"game": "tertz", "hands": [str(hand) for hand in deal.hands],
            "stock": [str(card) for card in deal.stock]}


#: The seconds a test gone wrong waits for answers that never come: a bound for a
#: hung test, never reached on a busy machine.
PATIENCE = 300


def client(limits: Limits | FastAPI) -> Any:
    app = limits if isinstance(limits, FastAPI) else create_app(limits)
    transport = httpx.ASGITransport(app=app)
    return httpx.AsyncClient(transport=transport, base_url="http://test", timeout=PATIENCE)


async def busy(app: FastAPI, pool: str, count: int) -> None:
    """Until ``count`` requests' work is queued or under way on the app's ``pool``."""
    while len(app.state.pools[pool].running) < count:
        await asyncio.sleep(0.01)


def test_a_cheap_solve_answers_at_once_while_heavy_ones_run() -> None:
    """Two heavy solves hold both quick threads: past the quick work's hold they go
    on on slow threads, and the cheap solve gets a quick thread, answered while
    the heavy ones still search (a slow thread to spare: a cheap solve slowed past
    the hold by a busy machine goes on there, still beside them)."""
    async def run() -> tuple[int, list[bool]]:
        app = create_app(Limits(threads=2, slow_threads=3, seconds=PATIENCE))
        async with client(app) as c:
            heavy = [asyncio.create_task(c.post("/api/solve", json=whole_deal()))
                     for _ in range(2)]
            await busy(app, "quick", 2)
            cheap = await c.post("/api/solve", json=CHEAP)
            still = [not task.done() for task in heavy]
            for task in heavy:
                task.cancel()
            await asyncio.gather(*heavy, return_exceptions=True)
            return cheap.status_code, still

    status, heavy_still_running = asyncio.run(run())
    assert status == 200 and heavy_still_running == [True, True]


def test_queued_work_never_starts_once_its_request_timed_out() -> None:
    """The limit counts from the arrival: work queued behind work that holds the
    only thread times out with it, and never runs, so the thread is free once the
    first is done."""
    ran: list[str] = []
    release = threading.Event()

    def holds() -> str:
        ran.append("first")
        assert release.wait(PATIENCE)
        return "first"

    async def run() -> tuple[list[str], int]:
        pool = Pool(1, 0.5)
        queued = [asyncio.create_task(pool.run(holds, time.monotonic())),
                  asyncio.create_task(pool.run(lambda: ran.append("second"), time.monotonic()))]
        outcomes = await asyncio.gather(*queued, return_exceptions=True)
        release.set()
        timed_out = sum(isinstance(outcome, WorkTimeout) for outcome in outcomes)
        assert await pool.run(lambda: 7, time.monotonic()) == 7
        return list(ran), timed_out

    assert asyncio.run(run()) == (["first"], 2)


def test_work_whose_client_left_stops_and_frees_its_thread() -> None:
    position = TertzPosition(TertzDeal.random(3))
    began, ended = threading.Event(), threading.Event()
    outcome: list[str] = []

    def search() -> int:
        began.set()
        try:
            value = TertzSolver().value(position)
            outcome.append("finished")
            return value
        except BaseException as error:
            outcome.append(type(error).__name__)
            raise
        finally:
            ended.set()

    async def run() -> int:
        pool = Pool(1, PATIENCE)

        async def gone() -> bool:  # the client leaves once the search is under way
            return began.is_set()

        with pytest.raises(WorkTimeout, match="gone"):
            await pool.run(search, time.monotonic(), gone)
        return await pool.run(lambda: 7, time.monotonic())

    assert asyncio.run(run()) == 7
    assert ended.wait(PATIENCE) and outcome == ["SearchInterrupted"]


def test_work_stopped_at_its_limit_answers_what_it_did() -> None:
    """Past its request's limit the work is told to stop: a search's partial answer
    (what it proved) is the request's answer even when it comes a moment after the
    limit, as on a busy machine; never the bare timeout."""
    def stops_with_what_it_did() -> None:
        while True:
            try:
                check_cancelled()
            except WorkTimeout:
                raise PartialWork("stopped: what it did") from None
            time.sleep(0.01)

    async def run() -> None:
        await Pool(1, 0.3).run(stops_with_what_it_did, time.monotonic())

    with pytest.raises(PartialWork, match="what it did"):
        asyncio.run(run())


async def play_a_deal(c: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Every decision answered (play when offered, else the first option) until the
    deal is over; the state then."""
    while state["phase"] in ("decide", "thinking"):
        if state["phase"] == "thinking":
            response = await c.get(f"/api/games/{state['id']}?wait=5")
        else:
            options = state["decision"]["options"]
            answer = "play" if "play" in options else options[0]
            response = await c.post(f"/api/games/{state['id']}/answer", json={"answer": answer})
        state = response.json()
    return state


def test_a_games_review_never_waits_behind_analyses() -> None:
    """The only slow thread is held, and an analysis waits for it: the deal is
    played and reviewed all the same (a review that needed a slow thread would
    never be done)."""
    release = threading.Event()

    async def run() -> tuple[dict[str, Any], bool]:
        app = create_app(Limits(slow_threads=1, seconds=PATIENCE))
        async with client(app) as c:
            held = app.state.pools["slow"].executor.submit(release.wait, PATIENCE)
            analysis = asyncio.create_task(c.post("/api/analyze", json=whole_deal()))
            await busy(app, "slow", 1)
            state = (await c.post("/api/games", json={"players": 2, "seed": 5, "ai_samples": 5,
                                                      "ai_seconds": 0.1})).json()
            state = await asyncio.wait_for(play_a_deal(c, state), PATIENCE)
            waiting = not held.done() and not analysis.done()
            release.set()
            analysis.cancel()
            await asyncio.gather(analysis, return_exceptions=True)
            return state, waiting

    state, analysis_waiting = asyncio.run(run())
    assert state["phase"] == "deal_over" and state["review"]["complete"]
    assert analysis_waiting


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
