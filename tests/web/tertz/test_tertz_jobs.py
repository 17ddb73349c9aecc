"""Analyses as jobs (/api/jobs): a first-lead Tertz deal's values arrive as they are
proven, a stop keeps them and ends the job's search, and the jobs are bounded: past
their count a new one is refused with a clear message, while a cheap /api/solve
still answers."""

from __future__ import annotations

import time
from typing import Any, Iterator

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402
from tertz_positions import first_lead_body  # noqa: E402

from deberts.cli.tertz.commands import EXAMPLE  # noqa: E402
from deberts.tertz import TertzDeal, TertzPosition, TertzSolver  # noqa: E402
from deberts.web.app import create_app  # noqa: E402
from deberts.web.jobs import JobLimits  # noqa: E402

HANDS, STOCK = (part.strip() for part in EXAMPLE["deal"].split("/"))
#: A cheap position: the example's, late in the deal.
CHEAP = {"game": "tertz", "hands": HANDS.split(), "stock": STOCK, "played": EXAMPLE["played"]}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(jobs=JobLimits(count=2, seconds=120, idle=60))) as test_client:
        yield test_client


def start(client: TestClient, line: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """A new job's id and the header that makes a request about it its starter's."""
    started = client.post("/api/jobs", json=line)
    assert started.status_code == 202, started.json()
    return started.json()["id"], {"X-Job-Secret": started.json()["secret"]}


def wait_for(client: TestClient, job: str, mine: dict[str, str], test: Any,
             seconds: float = 300) -> dict[str, Any]:
    """Poll the job until ``test`` holds for its state (a bound for a test gone
    wrong, never reached on a busy machine)."""
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        state = client.get(f"/api/jobs/{job}", headers=mine).json()
        if test(state):
            return state
        time.sleep(0.1)
    raise AssertionError(f"job {job}: never so within {seconds} s: {state}")


def test_a_job_tells_values_as_proven_and_a_stop_keeps_them(client: TestClient) -> None:
    line = first_lead_body(11)
    job, mine = start(client, line)
    state = wait_for(client, job, mine, lambda s: s["values"] and any(
        "margin" in m for m in s["values"]["moves"]))
    assert state["state"] == "running" and state["nodes"] > 0 and state["svg"].startswith("<svg")
    proven = next(row for row in state["values"]["moves"] if "margin" in row)
    position = TertzPosition(TertzDeal.random(11))
    position.push(next(m for m in position.legal_moves() if str(m) == proven["move"]))
    assert proven["margin"] == TertzSolver().value(position)
    stopped = client.delete(f"/api/jobs/{job}", headers=mine).json()
    assert stopped["state"] == "stopped" and stopped["values"]["partial"] is True
    assert stopped["values"]["stopped"] == "interrupted"
    assert client.get("/api/jobs").json()["running"] == 0  # its search ended with the stop
    gone = client.get(f"/api/jobs/{job}", headers=mine)
    assert gone.status_code == 404 and "no analysis" in gone.json()["error"]


def test_a_cheap_job_ends_with_the_solution(client: TestClient) -> None:
    job, mine = start(client, CHEAP)
    state = wait_for(client, job, mine, lambda s: s["state"] != "running")
    assert state["state"] == "done" and state["values"]["partial"] is False
    solved = client.post("/api/solve?board=true", json=CHEAP).json()
    assert state["solution"]["moves"] == solved["moves"] and "svg" in state["solution"]


def test_too_many_jobs_are_refused_while_a_cheap_solve_answers(client: TestClient) -> None:
    jobs = [start(client, first_lead_body(seed)) for seed in (1, 2)]
    refused = client.post("/api/jobs", json=first_lead_body(3))
    assert refused.status_code == 429
    assert refused.json()["error"].startswith("too many analyses running (2 of 2")
    quick = client.post("/api/solve", json=CHEAP)
    assert quick.status_code == 200
    assert client.get("/api/jobs").json()["running"] == 2  # answered while both searched
    for job, mine in jobs:
        client.delete(f"/api/jobs/{job}", headers=mine)
    assert client.get("/api/jobs").json()["running"] == 0
    assert client.post("/api/jobs", json=first_lead_body(3)).status_code == 202


def test_a_job_nobody_follows_stops_by_itself() -> None:
    limits = JobLimits(idle=0.5, seconds=120)
    with TestClient(create_app(jobs=limits)) as client:
        job, mine = start(client, first_lead_body(5))
        client.app.state.jobs.jobs[job].thread.join(limits.seconds)  # type: ignore[attr-defined]
        assert client.get("/api/jobs").json()["running"] == 0
        state = client.get(f"/api/jobs/{job}", headers=mine).json()
        assert state["state"] == "stopped" and state["seconds"] < limits.seconds / 2


def test_a_bad_line_or_a_finished_deal_is_refused(client: TestClient) -> None:
    bad = client.post("/api/jobs", json={**CHEAP, "stock": "AS"})
    assert bad.status_code == 400 and "stock" in bad.json()["error"]
