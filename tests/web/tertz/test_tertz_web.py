"""Tertz through the JSON API: ``/api/solve`` takes a Tertz batch line and answers
``deberts tertz solve --json``'s object, ``/api/board`` draws it, ``/api/analyze``
reviews a Tertz line's moves or a Tertz record."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

pytest.importorskip("fastapi")

from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from deberts.cli.main import main  # noqa: E402
from deberts.cli.tertz.commands import EXAMPLE  # noqa: E402
from deberts.formats import records  # noqa: E402
from deberts.tertz import TertzDeal, TertzPosition, TertzRecord, analyze_tertz  # noqa: E402
from deberts.web.app import create_app  # noqa: E402
from deberts.web.limits import Limits  # noqa: E402

HANDS, STOCK = (part.strip() for part in EXAMPLE["deal"].split("/"))
LINE = {"game": "tertz", "hands": HANDS.split(), "stock": STOCK, "played": EXAMPLE["played"]}
TIMING = ("nodes", "seconds")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def without(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def test_solve_takes_a_tertz_line_and_answers_the_cli_json(client: TestClient) -> None:
    cli = json.loads(CliRunner().invoke(main, ["tertz", "solve", "--example", "--json"]).output)
    data = client.post("/api/solve", json=LINE).json()
    assert without(data, *TIMING) == without(cli, *TIMING)
    drawn = client.post("/api/solve?board=true", json=LINE).json()
    assert drawn["svg"].startswith("<svg") and 'data-card="JS"' in drawn["svg"]
    assert drawn["report"]["line"].startswith("Optimal line")
    assert drawn["report"]["score"].splitlines()[-1] == "Margin: +32 (seat 0 minus seat 1)."


def test_board_draws_a_tertz_line_with_move_values(client: TestClient) -> None:
    data = client.post("/api/board", json={"line": LINE, "values": {"JS": 32, "AS": 48}}).json()
    assert 'class="value best" data-card="JS"' in data["svg"]
    refused = client.post("/api/board", json={"line": LINE, "values": {"swap": 0}})
    assert refused.status_code == 400 and "not a legal move" in refused.json()["error"]


def test_analyze_reviews_a_tertz_line_and_a_tertz_record(client: TestClient) -> None:
    start = TertzPosition(TertzDeal.parse(EXAMPLE["deal"]), moves=EXAMPLE["played"])
    # as /api/solve: every move played, the first `start` of them taken as given
    body = {**LINE, "played": EXAMPLE["played"] + " AS swap 9D 8H",
            "start": len(start.moves)}
    data = client.post("/api/analyze", json=body).json()
    assert without(data, "start") == analyze_tertz(start, "AS swap 9D 8H").to_dict()
    assert data["start"] == LINE | {"hands": HANDS.split(), "stock": STOCK.split(),
                                    "played": EXAMPLE["played"].split()}
    record = TertzRecord(start.deal, [*start.moves, "AS", "swap", "9D", "8H"])
    given = len(start.moves)  # the moves before are long searches: taken as given
    reviewed = client.post("/api/analyze", json={"record": records.dumps([record]),
                                                 "start": given}).json()
    assert without(reviewed, "start") == without(data, "start")
    bad = client.post("/api/analyze", json={**LINE, "stock": "AS", "played": ""})
    assert bad.status_code == 400 and "stock" in bad.json()["error"]


def test_a_search_past_the_time_limit_stops_and_frees_its_thread() -> None:
    """A whole Tertz deal from the first lead takes the engine many seconds (seed
    3's some 20): past the server's limit the answer is a 503 with what the search
    proved (never a bare one), and the search itself stops there (the solver's own
    limit), so the only worker thread is free for the next request, answered within
    the limit (a search that ran on would hold the thread past it)."""
    deal = TertzDeal.random(3)
    whole = {"game": "tertz", "hands": [str(hand) for hand in deal.hands],
             "stock": [str(card) for card in deal.stock]}
    with TestClient(create_app(Limits(threads=1, seconds=3))) as slow:
        refused = slow.post("/api/solve", json=whole)
        assert refused.status_code == 503
        answer = refused.json()
        assert "stopped at the server's limit of 2.7 s" in answer["error"]
        values = answer["values"]
        assert values["partial"] is True and values["stopped"] == "limit"
        legal = {str(move) for move in TertzPosition(deal).legal_moves()}
        assert {row["move"] for row in values["moves"]} == legal
        reviewed = slow.post("/api/analyze", json={**whole, "played": "AS"})
        assert reviewed.status_code in (400, 503)  # not the deal's card, or out of time
        assert slow.post("/api/solve", json=LINE).status_code == 200
