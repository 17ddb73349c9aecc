"""The analyses of the web server (/api/jobs) are their starters': nobody else can
see, keep alive or stop them; the finished ones kept are few, the oldest going
first and their memory with them; and a storm of polls of a job draws nothing and
waits for nothing, so that a cheap solve still answers beside it."""

from __future__ import annotations

import asyncio
import gc
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterator

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402
from tertz_positions import first_lead_body  # noqa: E402

from deberts.cli.tertz.commands import EXAMPLE  # noqa: E402
from deberts.web import jobs_api  # noqa: E402
from deberts.web.app import create_app  # noqa: E402
from deberts.web.jobs import JobLimits  # noqa: E402

HANDS, STOCK = (part.strip() for part in EXAMPLE["deal"].split("/"))
CHEAP = {"game": "tertz", "hands": HANDS.split(), "stock": STOCK, "played": EXAMPLE["played"]}
#: The seconds a test gone wrong waits for answers that never come (far beyond what
#: they take on a busy machine).
STORM_BOUND = 120
#: Limits under which no job stops by itself while a test runs.
PATIENT = JobLimits(count=2, seconds=300, idle=300)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(jobs=PATIENT)) as test_client:
        yield test_client


def test_a_job_is_seen_kept_and_stopped_by_its_starter_alone(client: TestClient) -> None:
    started = client.post("/api/jobs", json=first_lead_body(1)).json()
    job, secret = started["id"], started["secret"]
    assert len(secret) >= 32
    listed = client.get("/api/jobs")
    assert listed.json() == {"running": 1, "finished": 0, "most": 2, "kept": 32}
    assert job not in listed.text and secret not in listed.text
    for method in ("GET", "DELETE"):
        missing = client.request(method, f"/api/jobs/{job}")
        assert missing.status_code == 400
        assert missing.json()["error"] == "bad header.X-Job-Secret: Field required"
        for wrong in ("", secret[:-1], secret + "x", ("é" * 40).encode("latin-1"), started["id"]):
            other = client.request(method, f"/api/jobs/{job}", headers={"X-Job-Secret": wrong})
            assert other.status_code == 403, (method, wrong)
            assert other.json()["error"] == (f"analysis {job!r} is not yours: give the secret "
                                             "its start answered (header X-Job-Secret)")
            assert "values" not in other.json()
    assert client.get("/api/jobs").json()["running"] == 1  # nobody else stopped it
    mine = {"X-Job-Secret": secret}
    assert client.get(f"/api/jobs/{job}", headers=mine).json()["state"] == "running"
    assert client.delete(f"/api/jobs/{job}", headers=mine).json()["state"] == "stopped"
    assert client.get("/api/jobs").json()["running"] == 0


def test_a_jobs_secret_is_its_own() -> None:
    with TestClient(create_app(jobs=PATIENT)) as client:
        first, second = (client.post("/api/jobs", json=first_lead_body(seed)).json() for seed in (1, 2))
        assert first["secret"] != second["secret"]
        crossed = client.delete(f"/api/jobs/{first['id']}",
                                headers={"X-Job-Secret": second["secret"]})
        assert crossed.status_code == 403
        for job in (first, second):
            client.delete(f"/api/jobs/{job['id']}", headers={"X-Job-Secret": job["secret"]})


def test_the_finished_jobs_kept_are_bounded_and_the_oldest_go_first() -> None:
    limits = JobLimits(kept=3)
    with TestClient(create_app(jobs=limits)) as client:
        store = client.app.state.jobs  # type: ignore[attr-defined]
        started, dropped = [], []
        for _ in range(6):
            answer = client.post("/api/jobs", json=CHEAP).json()
            job = store.jobs[answer["id"]]
            job.thread.join()
            started.append((answer["id"], {"X-Job-Secret": answer["secret"]}))
            dropped.append(weakref.ref(job))
            del job
        assert client.get("/api/jobs").json() == {"running": 0, "finished": 3, "most": 2,
                                                  "kept": 3}
        states = [client.get(f"/api/jobs/{job}", headers=mine) for job, mine in started]
        assert [state.status_code for state in states] == [404, 404, 404, 200, 200, 200]
        assert all(state.json()["state"] == "done" for state in states[3:])
        gc.collect()
        assert [ref() is None for ref in dropped] == [True] * 3 + [False] * 3
        for kept in dropped[3:]:  # a finished job holds its answer alone
            job = kept()
            assert job is not None and job.position is None and job.solution is None


def test_polls_draw_nothing_and_take_no_thread_while_a_cheap_solve_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn_on: list[str] = []
    board = jobs_api._board

    def counted(position: Any, values: dict[Any, int]) -> str:
        drawn_on.append(threading.current_thread().name)
        return board(position, values)

    monkeypatch.setattr(jobs_api, "_board", counted)
    app = create_app(jobs=PATIENT)

    async def storm() -> tuple[list[int], int, int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test",
                                     timeout=300) as c:
            jobs = [(await c.post("/api/jobs", json=first_lead_body(seed))).json() for seed in (1, 2)]
            polls = [c.get(f"/api/jobs/{job['id']}", headers={"X-Job-Secret": job["secret"]})
                     for _ in range(150) for job in jobs]
            # The one thread of the loop's own pool is held: a poll that needed a
            # thread (to draw the board, say) would wait for it and never answer.
            hold = threading.Event()
            loop = asyncio.get_running_loop()
            loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
            held = loop.run_in_executor(None, hold.wait)
            try:
                answers = await asyncio.wait_for(
                    asyncio.gather(c.post("/api/solve", json=CHEAP), *polls), STORM_BOUND)
            finally:
                hold.set()
                await held
            running = (await c.get("/api/jobs")).json()["running"]
            for job in jobs:
                await c.delete(f"/api/jobs/{job['id']}", headers={"X-Job-Secret": job["secret"]})
            return [answer.status_code for answer in answers[1:]], answers[0].status_code, running

    polls, cheap, running = asyncio.run(storm())
    assert polls == [200] * 300 and cheap == 200
    assert running == 2  # the cheap solve answered while both jobs searched
    assert drawn_on and all(name.startswith("deberts-job-") for name in drawn_on)


@pytest.mark.parametrize(("exact", "bounds", "framed"), [
    # the report's stop: 9D -196 exact, 7C proven above it but not exact
    ({"9D": -196}, {"7C": (248, 376), "9S": (None, 400)}, {}),
    # the best so far is exact: every exact value drawn, its best framed by the drawing
    ({"9D": -196, "9S": 304}, {"7C": (248, 300)}, {"9D": -196, "9S": 304}),
])
def test_a_jobs_board_frames_no_move_another_proven_move_beats(
        exact: dict[str, int], bounds: dict[str, tuple[int | None, int | None]],
        framed: dict[str, int]) -> None:
    from deberts.engine.partial import PartialValues
    from deberts.web.jobs import Job

    drawn: list[dict[Any, int]] = []

    def board(position: Any, values: dict[Any, int]) -> str:
        drawn.append(dict(values))
        return "<svg/>"

    job = Job(None, JobLimits(), lambda position, solution: {}, board)
    job.values = PartialValues(exact, bounds, None, True)
    job._take_stock()
    assert drawn[-1] == framed
