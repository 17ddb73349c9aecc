"""The web server cannot be exhausted: a body past the size limit is a 413 with one
line, an error echoes a short excerpt of a huge value, and slow work (bids, tables,
analyses) has threads of its own, so quick work is answered while it runs."""

from __future__ import annotations

import threading
import time
from typing import Any, Iterator

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from deberts.errors import MESSAGE_CHARS  # noqa: E402
from deberts.variants.deberts.web import api  # noqa: E402
from deberts.web.app import create_app  # noqa: E402
from deberts.web.limits import Limits  # noqa: E402

LINE = {"hands": "Q.AKQT.A.AJ7 J.8.T987.QT8", "trump": "H", "declarer": 0, "leader": 1}
BID = {"hand": "AJ.K9.T.7 Q7", "face_up": "7H", "seat": 0, "dealer": 1, "players": 2}


def one_line(response: httpx.Response, status: int, text: str) -> None:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert text in message and "\n" not in message and len(message) <= MESSAGE_CHARS + 3


def test_a_body_past_the_limit_is_a_413() -> None:
    with TestClient(create_app(Limits(body_bytes=1000))) as client:
        assert client.post("/api/solve", json=LINE).status_code == 200
        big = {**LINE, "hands": "x" * 2000}
        one_line(client.post("/api/solve", json=big), 413,
                 "request body too large: at most 1,000 bytes")

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
            yield b'{"hands": "'
            for _ in range(10):
                yield b"x" * 500
            yield b'"}'

        response = client.post("/api/solve", content=chunks(),
                               headers={"content-type": "application/json"})
        one_line(response, 413, "request body too large: at most 1,000 bytes")


def test_an_error_echoes_a_short_excerpt_of_a_huge_value() -> None:
    with TestClient(create_app()) as client:
        response = client.post("/api/solve", json={**LINE, "hands": "\0" * 500_000})
        one_line(response, 400, "bad hand")
        assert len(response.content) < 1000


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, threading.Semaphore]]:
    """Bid evaluations that wait for ``release``; ``started`` counts those running."""
    release, started = threading.Event(), threading.Semaphore(0)

    def evaluate_bid(*args: Any, **kwargs: Any) -> Any:
        started.release()
        assert release.wait(120)
        raise api.DebertsError("released")

    monkeypatch.setattr(api, "evaluate_bid", evaluate_bid)
    yield release, started
    release.set()


def test_quick_work_is_answered_while_slow_work_fills_its_threads(
        held: tuple[threading.Event, threading.Semaphore]) -> None:
    release, started = held
    limits = Limits(threads=1, slow_threads=2, seconds=60)
    with TestClient(create_app(limits)) as client:
        bids = [threading.Thread(target=client.post, args=("/api/bid",), kwargs={"json": BID})
                for _ in range(6)]
        for bid in bids:
            bid.start()
        for _ in range(limits.slow_threads):
            assert started.acquire(timeout=60)  # every slow thread is held
        response = client.post("/api/solve", json=LINE)  # would wait 60 s for a thread
        assert response.status_code == 200
        assert not release.is_set() and not started.acquire(blocking=False)
        release.set()
        for bid in bids:
            bid.join(120)


SAMPLES = 3000


def test_a_bid_whose_request_timed_out_stops_its_work(monkeypatch: pytest.MonkeyPatch) -> None:
    stopped = threading.Event()
    calls: list[int] = []

    def evaluate_bid(*args: Any, progress: Any = None, **kwargs: Any) -> Any:
        try:
            for done in range(1, SAMPLES + 1):  # 30 s at least
                time.sleep(0.01)  # a sample solved
                calls.append(done)
                if progress is not None:
                    progress(done)
        finally:
            stopped.set()
        raise AssertionError("the work ran to its end")

    monkeypatch.setattr(api, "evaluate_bid", evaluate_bid)
    with TestClient(create_app(Limits(seconds=0.3))) as client:
        one_line(client.post("/api/bid", json=BID), 503, "longer than 0.3 s")
        assert stopped.wait(20), "the work ran on after its request timed out"
    assert len(calls) < SAMPLES
