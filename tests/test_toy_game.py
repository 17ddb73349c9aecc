"""A third game registered in the tests only (:mod:`toy_game`): batch lines, game
records, ``analyze --record``, the arena and the web API serve it with no change
outside its own file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner
from toy_game import TOY, ToyDeal, ToyPosition, ToyRecord, ToySolver, random_deal

from deberts.cli.main import main
from deberts.engine.face import new_solver
from deberts.formats import batch, records
from deberts.model.registry import find_game, game_of, register, unregister

HANDS = ["AK.7..", "QJ.8.."]
LINE = {"game": "highcard", "hands": HANDS}


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    register(TOY)
    yield
    unregister(TOY.name)


def test_the_registry_finds_it_by_name_alias_and_object() -> None:
    position = ToyPosition(ToyDeal.parse(HANDS))
    assert find_game("toy") is find_game("highcard") is game_of(position) is TOY
    assert isinstance(new_solver(TOY), ToySolver)
    assert TOY.package == "toy_game" and TOY.provides("web") and not TOY.provides("cluster")


def test_batch_lines_read_write_and_solve() -> None:
    position = batch.loads(json.dumps({**LINE, "played": ["AS"]}))
    assert isinstance(position, ToyPosition) and position.moves == list(position.moves)
    assert json.loads(batch.dumps(position)) == {**LINE, "played": ["AS"]}
    result = CliRunner().invoke(main, ["batch", "-"], input=json.dumps(LINE) + "\n{}\n")
    first, second = (json.loads(line) for line in result.output.splitlines()
                     if line.startswith("{"))  # stderr's count of failed lines after them
    assert first["line"] == 1 and first["margin"] == ToySolver().value(batch.loads(
        json.dumps(LINE)))
    assert first["moves"][0]["margin"] == first["margin"] and "error" in second


def test_records_round_trip_and_analyze_reads_them(tmp_path: Path) -> None:
    record = ToyRecord(ToyDeal.parse(HANDS), tuple(ToyPosition(ToyDeal.parse(HANDS),
                                                               None, "KS QS").moves))
    assert records.loads(records.dumps([record])) == [record]
    path = tmp_path / "toy.jsonl"
    records.dump([record, record], str(path))
    result = CliRunner().invoke(main, ["analyze", "--record", str(path), "--deal", "2"])
    assert result.exit_code == 0, result.output
    assert result.output == "High card: 2 cards reviewed, 0 lost.\n"
    data = json.loads(CliRunner().invoke(main, ["analyze", "--record", str(path),
                                                "--json"]).output)
    assert data == {"costs": [0, 0], "lost": 0}


def test_the_arena_plays_it_and_writes_records_that_read_back(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    result = CliRunner().invoke(main, ["arena", "--game", "toy", "best", "first", "--deals",
                                       "6", "--seed", "3", "--records", str(path),
                                       "--no-progress"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("High card, best against first: 6 deals, mean margin +")
    written = records.load(str(path))
    assert len(written) == 6 and all(isinstance(r, ToyRecord) for r in written)
    refused = CliRunner().invoke(main, ["arena", "--game", "toy", "best", "first",
                                        "--players", "3"])
    assert refused.exit_code == 2 and "--game highcard takes no --players" in refused.output
    shown = CliRunner().invoke(main, ["arena", "--help"]).output
    assert "highcard  first; best" in shown and "random (seed); heuristic; pimc" in shown


def test_play_at_the_terminal_takes_its_options_and_refuses_the_others() -> None:
    hand = " ".join(str(card) for card in random_deal(4).hands[0])
    answers = "\n".join(hand.split()) + "\n"
    result = CliRunner().invoke(main, ["play", "--game", "toy", "--seed", "4", "--reveal"],
                                input=answers)
    assert result.exit_code == 0, result.output
    assert f"Your card of {hand}" in result.output
    assert f"The computer holds {random_deal(4).hands[1]}." in result.output
    hidden = CliRunner().invoke(main, ["play", "--game", "toy", "--seed", "4"], input=answers)
    assert hidden.exit_code == 0 and "The computer holds" not in hidden.output
    refused = CliRunner().invoke(main, ["play", "--game", "toy", "--target", "501"])
    assert refused.exit_code == 2 and "--game highcard takes no --target" in refused.output
    others = CliRunner().invoke(main, ["play", "--game", "toy", "--review-stock", "2"])
    assert others.exit_code == 2 and "--game highcard takes no --review-stock" in others.output
    mine = CliRunner().invoke(main, ["play", "--game", "tertz", "--reveal"])
    assert mine.exit_code == 2 and "--game tertz takes no --reveal" in mine.output


def test_its_own_commands_are_a_group_of_its_name() -> None:
    solved = CliRunner().invoke(main, ["highcard", "solve", *HANDS])
    assert solved.exit_code == 0, solved.output
    margin = ToySolver().value(ToyPosition(ToyDeal.parse(HANDS)))
    assert solved.output.rstrip().endswith(f"Score: {margin:+d}")
    dealt = CliRunner().invoke(main, ["highcard", "deal", "--seed", "5"])
    assert dealt.output.split() == [str(hand) for hand in random_deal(5).hands]
    listed = CliRunner().invoke(main, ["--help"]).output
    assert "highcard" in listed and "High card: solve, deal." in listed


def test_the_web_api_solves_draws_and_reviews_it() -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from deberts.web.app import create_app

    with TestClient(create_app()) as client:
        solved = client.post("/api/solve?board=true", json=LINE).json()
        assert solved["margin"] == ToySolver().value(ToyPosition(ToyDeal.parse(HANDS)))
        assert solved["svg"].startswith("<svg") and solved["report"]["score"].startswith("Score")
        reviewed = client.post("/api/analyze", json={**LINE, "played": "KS QS"}).json()
        assert reviewed["costs"] == [0, 0] and reviewed["start"] == {**LINE, "played": []}
        record = ToyRecord(ToyDeal.parse(HANDS), ())
        text = records.dumps([record])
        assert client.post("/api/analyze", json={"record": text}).json()["costs"] == []


def test_the_web_api_schema_shows_its_own_fields() -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from deberts.web.app import create_app

    with TestClient(create_app()) as client:
        schema = client.get("/openapi.json").json()
        body = schema["paths"]["/api/solve"]["post"]["requestBody"]["content"]
        names = [ref["$ref"].rsplit("/", 1)[-1] for ref in body["application/json"]["schema"]["oneOf"]]
        assert "HighcardLine" in names
        own = schema["components"]["schemas"]["HighcardLine"]
        assert own["properties"]["hands"]["description"].startswith("The two hands")
        assert own["properties"]["game"]["enum"] == ["highcard", "toy"]
        assert client.post("/api/solve", json={**LINE, "game": "TOY"}).status_code == 200
