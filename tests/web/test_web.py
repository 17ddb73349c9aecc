"""The web API through FastAPI's test client: every endpoint gives the CLI's JSON,
bad input on each is a 400 with one line, requests run side by side off the event
loop, and each request's work is bounded."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import socket
import subprocess
import sys
import threading
import urllib.request
from typing import Any, Iterator

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

import deberts  # noqa: E402
from deberts.cli.main import main  # noqa: E402
from deberts.cli.serve import serve_command  # noqa: E402
from deberts.formats import records  # noqa: E402
from deberts.variants.deberts.play.players import RandomPlayer  # noqa: E402
from deberts.web.app import create_app  # noqa: E402
from deberts.web.limits import Limits  # noqa: E402

EXAMPLE = "Q.AKQT.A.AJ7 J.8.T987.QT8"
LINE = {"hands": EXAMPLE, "trump": "H", "declarer": 0, "leader": 1}
TIMING = ("nodes", "seconds")


@pytest.fixture
def client() -> Iterator[TestClient]:
    # a limit a busy machine's bid of 100 samples stays within
    with TestClient(create_app(Limits(bid_samples=100, games=3, seconds=300))) as test_client:
        yield test_client


def without(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def assert_bad(response: httpx.Response, text: str, status: int = 400) -> None:
    """A 4xx with the one-line message, never a traceback."""
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert text in message and "\n" not in message and "Traceback" not in message


# -- solve and board -----------------------------------------------------------


def test_solve_gives_the_cli_json(client: TestClient) -> None:
    response = client.post("/api/solve", json={**LINE, "played": "7D"})
    assert response.status_code == 200
    expected = deberts.solve(EXAMPLE, "H", 0, 1, played="7D").to_dict()
    assert without(response.json(), *TIMING) == without(expected, *TIMING)


def test_solve_with_the_board_draws_the_values_and_reports_line_and_score(
    client: TestClient,
) -> None:
    data = client.post("/api/solve?board=true", json=LINE).json()
    for move in data["moves"]:
        assert f'class="value" data-card="{move["card"]}"' in data["svg"] or \
            f'class="value best" data-card="{move["card"]}"' in data["svg"]
    assert data["report"]["line"].startswith("Optimal line")
    assert "trick 9" in data["report"]["line"]
    assert data["report"]["score"].splitlines()[-2] == "Result: made, 95 to 65 (margin +30)."


@pytest.mark.parametrize("line,message", [
    ({**LINE, "trump": "X"}, "bad suit 'X'"),
    ({**LINE, "declarer": 5}, "bad declarer 5"),
    ({**LINE, "hands": "AKQ"}, "bad hand"),
    ({**LINE, "played": "AS"}, "AS"),
    ({**LINE, "rules": {"bella": "never"}}, "bella"),
    ({**LINE, "colour": "red"}, "unknown field 'colour'"),
    ({**LINE, "game": "tertz"}, "unknown field 'trump'"),  # read as a Tertz line
    ({"hands": EXAMPLE}, "missing field 'trump'"),
    ({**LINE, "declarer": "zero"}, "bad declarer"),
    ({**LINE, "played": "7D AD AH 8H TH 8D AC 8C QS JS 7C TC TD KH JC QC 9D QH"},
     "the deal is over"),
])
def test_solve_refuses_bad_input_with_one_line(
    client: TestClient, line: dict[str, Any], message: str
) -> None:
    assert_bad(client.post("/api/solve", json=line), message)


def test_a_body_that_is_not_json_is_a_400(client: TestClient) -> None:
    assert_bad(client.post("/api/solve", content=b"{not json",
                           headers={"Content-Type": "application/json"}), "bad")


def test_board_places_the_values_given(client: TestClient) -> None:
    data = client.post("/api/board", json={"line": LINE, "values": {"7D": 30, "TC": 50}}).json()
    assert 'data-card="7D" x=' in data["svg"] and ">+50<" in data["svg"]
    assert_bad(client.post("/api/board", json={"line": LINE, "values": {"AH": 1}}),
               "bad value for AH: not a legal move")


# -- table, analyze, bid, deal ---------------------------------------------------


def test_table_gives_the_cli_json(client: TestClient) -> None:
    body = {"hands": EXAMPLE, "leader": 1, "face_up": "KC"}
    data = client.post("/api/table", json=body).json()
    assert data == deberts.dd_table(EXAMPLE, 1, face_up="KC", threads=1).to_dict()
    assert "svg" in client.post("/api/table?board=true", json=body).json()


@pytest.mark.parametrize("body,message", [
    ({"hands": EXAMPLE}, "missing leader"),
    ({"hands": EXAMPLE, "leader": 1, "face_up": "AH"}, "AH"),
    ({"hands": "AKQ", "leader": 1}, "bad hand"),
])
def test_table_refuses_bad_input(client: TestClient, body: dict[str, Any], message: str) -> None:
    assert_bad(client.post("/api/table", json=body), message)


def test_analyze_gives_the_cli_json_and_the_start(client: TestClient) -> None:
    body = {**LINE, "played": "JS QS QH 8H"}
    data = client.post("/api/analyze", json=body).json()
    position = deberts.Position(deberts.Deal.parse(EXAMPLE), "H", 0, 1)
    assert without(data, "start") == deberts.analyze_play(position, "JS QS QH 8H").to_dict()
    assert data["start"]["hands"] == EXAMPLE.split()


def played_records(count: int) -> str:
    """JSON lines of ``count`` deals played by random players, the first thrown in
    deals skipped."""
    match = deberts.Match([RandomPlayer(seed=1), RandomPlayer(seed=2)], seed=4)
    found = []
    while len(found) < count:
        result = match.play_deal()
        if result.score is not None:
            found.append(result.record)
    return records.dumps(found)


def test_analyze_reads_a_record_text_by_deal_number(client: TestClient) -> None:
    text = played_records(2)
    second = records.loads(text)[1]
    data = client.post("/api/analyze", json={"record": text, "deal": 2}).json()
    assert without(data, "start") == deberts.analyze_play(second).to_dict()
    assert data["complete"]


@pytest.mark.parametrize("body,message", [
    ({"record": "{}"}, "format"),
    ({"record": "not json"}, "bad"),
    ({"record": "/etc/passwd"}, "bad"),
    ({"hands": EXAMPLE, "trump": "H", "declarer": 0}, "missing field 'leader'"),
    ({**LINE, "played": "AS"}, "AS"),
    ({"record": "x", "hands": EXAMPLE}, "a record takes no hands"),
    ({"record": "x", "deal": 0}, "bad deal"),
])
def test_analyze_refuses_bad_input(client: TestClient, body: dict[str, Any], message: str) -> None:
    assert_bad(client.post("/api/analyze", json=body), message)


def test_analyze_refuses_a_deal_number_past_the_records(client: TestClient) -> None:
    assert_bad(client.post("/api/analyze", json={"record": played_records(1), "deal": 3}),
               "holds 1 record")


def test_analyze_bounds_the_record_text() -> None:
    with TestClient(create_app(Limits(record_chars=10))) as small:
        assert_bad(small.post("/api/analyze", json={"record": " " * 11}), "longer than 10")


BID = {"hand": "AK9..QJ.7", "face_up": "JH", "seat": 1, "dealer": 0, "players": 2,
       "round": 2, "samples": 30, "seed": 3}


def test_bid_gives_the_cli_json(client: TestClient) -> None:
    data = client.post("/api/bid?board=true", json=BID).json()
    expected = deberts.evaluate_bid("AK9..QJ.7", "JH", 1, 0, 2, 2, 30, 3).to_dict()
    assert without(data, "seconds", "svg") == without(expected, "seconds")
    assert 'data-option="pass"' in data["svg"]


@pytest.mark.parametrize("change,message", [
    ({"samples": 101}, "bad samples 101: expected 1..100"),
    ({"samples": 0}, "bad samples 0"),
    ({"hand": "AK9"}, "bad hand"),
    ({"round": 3}, "bad round 3"),
    ({"players": 5}, "5"),
    ({"seed": -1}, "bad seed: Input should be greater than or equal to 0"),
])
def test_bid_refuses_bad_input(client: TestClient, change: dict[str, Any], message: str) -> None:
    assert_bad(client.post("/api/bid", json={**BID, **change}), message)


def test_deal_is_random_or_seeded(client: TestClient) -> None:
    first = client.post("/api/deal", json={"players": 3, "seed": 9}).json()
    assert first == client.post("/api/deal", json={"players": 3, "seed": 9}).json()
    assert first["hands"] == [str(h) for h in deberts.Deal.random(3, seed=9).hands]
    assert_bad(client.post("/api/deal", json={"players": 5}), "bad player count 5")
    assert_bad(client.post("/api/deal", json={"players": 2, "cards": 10}), "10")


# -- games -----------------------------------------------------------------------


def play_a_deal(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    """Answer every decision (call play when offered, else the first option) until
    the deal is over."""
    while state["phase"] in ("decide", "thinking"):
        if state["phase"] == "thinking":
            state = client.get(f"/api/games/{state['id']}?wait=5").json()
            continue
        options = state["decision"]["options"]
        answer = "play" if "play" in options else options[0]
        state = client.post(f"/api/games/{state['id']}/answer", json={"answer": answer}).json()
    return state


def test_a_game_is_played_to_the_end_of_a_deal_with_a_review(client: TestClient) -> None:
    state = client.post("/api/games", json={"players": 2, "seed": 5, "ai_samples": 5,
                                            "ai_seconds": 0.2}).json()
    state = play_a_deal(client, state)
    assert state["phase"] == "deal_over" and state["deals"] == 1
    record = state["result"]["record"]
    assert record["result"]["declarer_points"] + record["result"]["defender_points"] > 0
    review = state["review"]
    assert review["seat"] == 0 and review["complete"]
    assert review["actual_margin"] == record["result"]["margin"]
    assert sum(state["scores"]) == sum(state["result"]["gains"])
    following = client.post(f"/api/games/{state['id']}/deal").json()
    assert following["phase"] in ("decide", "thinking")


def test_game_decisions_show_the_view_and_its_board(client: TestClient) -> None:
    state = client.post("/api/games", json={"players": 3, "seed": 2, "ai_samples": 5,
                                            "ai_seconds": 0.2}).json()
    while state["phase"] == "thinking":
        state = client.get(f"/api/games/{state['id']}?wait=5").json()
    decision = state["decision"]
    assert decision["kind"] == "bid"
    assert decision["options"] == decision["view"]["legal"]
    hand = deberts.CardSet.parse(decision["view"]["hand"])
    for card in hand:
        assert f'data-card="{card}"' in decision["board"]


def test_games_refuse_bad_input(client: TestClient) -> None:
    assert_bad(client.post("/api/games", json={"players": 5}), "bad player count 5")
    assert_bad(client.post("/api/games", json={"ai_samples": 1000}), "bad ai_samples 1000")
    assert_bad(client.post("/api/games", json={"ai_seconds": 60}), "bad ai_seconds 60")
    assert_bad(client.post("/api/games", json={"target": 7}), "bad target 7")
    assert_bad(client.post("/api/games", json={"seed": -1}), "bad seed")
    assert_bad(client.get("/api/games/nope"), "no game 'nope'", 404)
    state = client.post("/api/games", json={"seed": 1, "ai_samples": 5, "ai_seconds": 0.2}).json()
    game = state["id"]
    while state["phase"] == "thinking":
        state = client.get(f"/api/games/{game}?wait=5").json()
    assert_bad(client.post(f"/api/games/{game}/answer", json={"answer": "maybe"}),
               "bad answer 'maybe' to the bid decision")
    assert_bad(client.post(f"/api/games/{game}/deal"), "a deal is in play")
    assert client.delete(f"/api/games/{game}").json() == {"id": game, "ended": True}
    assert_bad(client.post(f"/api/games/{game}/answer", json={"answer": "pass"}), "no game", 404)


def test_the_least_recently_used_game_goes_past_the_limit(client: TestClient) -> None:
    body = {"seed": 1, "ai_samples": 5, "ai_seconds": 0.2}
    ids = [client.post("/api/games", json=body).json()["id"] for _ in range(4)]
    assert client.get(f"/api/games/{ids[0]}").status_code == 404
    assert all(client.get(f"/api/games/{i}").status_code == 200 for i in ids[1:])


# -- concurrency and bounds ----------------------------------------------------------


def test_concurrent_requests_all_get_their_own_answer() -> None:
    deals = [deberts.Deal.random(3, seed=s) for s in range(8)]

    async def ask() -> list[dict[str, Any]]:
        transport = httpx.ASGITransport(app=create_app(Limits(threads=2)))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            responses = await asyncio.gather(*(
                c.post("/api/solve", json={"hands": str(d), "trump": "S", "declarer": 0,
                                           "leader": 1}) for d in deals
            ))
        return [r.json() for r in responses]

    for deal, data in zip(deals, asyncio.run(ask())):
        assert data["margin"] == deberts.solve(deal, "S", 0, 1).margin


def test_solving_never_blocks_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that cannot end until another request has been answered: were it
    run on the event loop, the other request would never be served."""
    release = threading.Event()

    solve = deberts.Solver.solve

    def held_solve(solver: deberts.Solver, position: deberts.Position) -> deberts.Solution:
        assert release.wait(60), "the event loop was blocked"
        return solve(solver, position)

    monkeypatch.setattr(deberts.Solver, "solve", held_solve)

    async def both() -> tuple[int, int]:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            slow = asyncio.create_task(c.post("/api/solve", json=LINE))
            quick = await c.post("/api/deal", json={"players": 2})
            release.set()
            return quick.status_code, (await slow).status_code

    assert asyncio.run(both()) == (200, 200)


def test_work_past_the_time_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    monkeypatch.setattr(deberts.Solver, "solve", lambda solver, position: release.wait(60))
    try:
        with TestClient(create_app(Limits(seconds=0.01))) as slow:
            assert_bad(slow.post("/api/solve", json=LINE), "longer than 0.01 s", 503)
    finally:
        release.set()


# -- the server's surface ------------------------------------------------------------


def test_the_openapi_schema_lists_every_endpoint(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/solve", "/api/board", "/api/table", "/api/analyze", "/api/bid", "/api/deal",
            "/api/games", "/api/games/{game_id}", "/api/games/{game_id}/answer",
            "/api/games/{game_id}/deal"} <= set(paths)


def test_a_position_body_is_one_of_the_games_own(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    models = schema["components"]["schemas"]
    for path, kind in (("/api/solve", "Line"), ("/api/jobs", "Line"), ("/api/analyze", "Analysis")):
        body = schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]
        names = [option["$ref"].rsplit("/", 1)[-1] for option in body["schema"]["oneOf"]]
        assert names == [f"{game.title}{kind}" for game in deberts.games()]
    deberts_line, tertz_line = models["DebertsLine"], models["TertzLine"]
    assert "trump" in deberts_line["properties"] and "stock" not in deberts_line["properties"]
    assert "stock" in tertz_line["properties"] and "trump" not in tertz_line["properties"]
    assert "game" not in deberts_line.get("required", []) and "game" in tertz_line["required"]
    assert models["TertzLine"]["examples"][0]["game"] == "tertz"
    board = models["BoardRequest"]["properties"]["line"]
    assert [option["$ref"] for option in board["oneOf"]] == [
        "#/components/schemas/DebertsLine", "#/components/schemas/TertzLine"]


@pytest.mark.parametrize("line,message", [
    ({**LINE, "game": "chess"}, 'bad game "chess": expected one of deberts klabor tertz'),
    ({**LINE, "game": 3}, "bad game: not a name, expected one of deberts klabor tertz"),
    ({**LINE, "game": "tertz", "hands": 5}, "bad hands.str: Input should be a valid string"),
])
def test_a_body_naming_no_game_or_a_bad_field_is_named(
    client: TestClient, line: dict[str, Any], message: str
) -> None:
    response = client.post("/api/solve", json=line)
    assert response.status_code == 400 and response.json()["error"] == message
    board = client.post("/api/board", json={"line": line})
    assert board.json()["error"] == message.replace("bad ", "bad line.", 1)


def test_a_game_is_named_in_any_case_or_by_an_alias(client: TestClient) -> None:
    for name in ("DEBERTS", "klabor", "Klabor"):
        assert client.post("/api/solve", json={**LINE, "game": name}).json()["margin"] == 30


@pytest.mark.parametrize("path", ["/", "/replay", "/play", "/bid", "/static/board.js"])
def test_the_pages_are_served(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200 and len(response.text) > 100


@pytest.mark.parametrize("path", ["/static/../api.py", "/static/%2e%2e/app.py",
                                  "/static/..%2fapp.py", "/api/../pyproject.toml"])
def test_no_request_reads_a_server_file(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404 or "create_app" not in response.text


def test_serve_without_the_web_extra_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 2
    assert result.output == "deberts: error: serve needs the web extra: pip install 'deberts[web]'\n"


def test_serve_binds_to_this_machine_by_default() -> None:
    host = next(p for p in serve_command.params if p.name == "host")
    assert host.default == "127.0.0.1"


def test_every_response_is_json_with_a_message_on_errors(client: TestClient) -> None:
    response = client.post("/api/solve", json=[1, 2])
    assert_bad(response, "bad")
    assert json.loads(response.text) == response.json()


def run_serve(*arguments: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-c", "from deberts.cli.main import main; main()", "serve", *arguments]
    return subprocess.Popen(command, stderr=subprocess.PIPE, text=True)


def test_serve_serves_the_board_on_a_free_port() -> None:
    server = run_serve("--port", "0")
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        assert line.startswith("deberts board at http://127.0.0.1:"), line
        url = line.split()[3]
        ask = urllib.request.Request(url + "api/deal", data=b'{"players": 2}',
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(ask) as response:
            assert len(json.load(response)["hands"]) == 2
        with urllib.request.urlopen(url) as response:
            assert b"deberts" in response.read()
    finally:
        server.terminate()
        server.wait(60)


def test_serve_on_a_taken_port_is_one_line_and_status_2() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = run_serve("--port", str(port))
        _, err = server.communicate(timeout=60)
    assert server.returncode == 2
    assert err.strip().splitlines() == [
        f"deberts: error: cannot serve on 127.0.0.1:{port}: Address already in use"
    ]
