"""Analyses as jobs (/api/jobs) take a line of any game: a Deberts deal's job ends
with the solution /api/solve gives (the Tertz jobs: tests/web/tertz)."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from deberts.web.app import create_app  # noqa: E402

LINE = {"hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "trump": "H", "declarer": 0, "leader": 1}


def test_a_deberts_job_ends_with_the_solution() -> None:
    with TestClient(create_app()) as client:
        started = client.post("/api/jobs", json=LINE).json()
        job, mine = started["id"], {"X-Job-Secret": started["secret"]}
        for _ in range(6000):
            state = client.get(f"/api/jobs/{job}", headers=mine).json()
            if state["state"] != "running":
                break
            time.sleep(0.05)
        assert state["state"] == "done", state
        solved = client.post("/api/solve?board=true", json=LINE).json()
        assert state["solution"]["moves"] == solved["moves"]
        margins = {row["move"]: row["margin"] for row in state["values"]["moves"]}
        assert margins == {row["card"]: row["margin"] for row in solved["moves"]}
        assert state["values"]["best_proven"] and not state["values"]["partial"]
