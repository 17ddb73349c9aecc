"""The arena: duplicate seating, statistics on a fixed seed, player specs, CLI."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from deberts import DebertsError, GameRecord, Rules
from deberts.cli.main import main
from deberts.variants.deberts.play.arena import arena, play_match, player_factory, seatings
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import RandomPlayer


def test_seatings() -> None:
    assert seatings(2, Rules()) == [frozenset({0}), frozenset({1})]
    assert seatings(3, Rules()) == [frozenset({0}), frozenset({1}), frozenset({2})]
    assert seatings(4, Rules()) == [frozenset({0, 2}), frozenset({1, 3})]
    assert len(seatings(4, Rules(teams="solo"))) == 4


def test_player_specs() -> None:
    assert isinstance(player_factory("random")(1), RandomPlayer)
    assert player_factory("heuristic:threshold=40")(0).threshold == 40
    pimc = player_factory("pimc:samples=7,seconds=0.5")(3)
    assert isinstance(pimc, PimcPlayer) and (pimc.samples, pimc.seconds) == (7, 0.5)
    for spec, pattern in [("nobody", r"unknown player type 'nobody'"),
                          ("pimc:samples", r"bad setting 'samples' for pimc"),
                          ("heuristic:seed=1", r"key one of threshold"),
                          ("pimc:samples=many", r"'many' is not a number")]:
        with pytest.raises(DebertsError, match=pattern):
            player_factory(spec)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_duplicate_seating_replays_the_same_cards(players: int) -> None:
    outcomes = [play_match(("heuristic", "random"), players, seating, 5, Rules(), 301)
                for seating in seatings(players, Rules())]
    firsts = [GameRecord.from_dict(o.records[0]) for o in outcomes]
    assert len({str(r.deal) for r in firsts}) == 1
    assert len({r.face_up for r in firsts}) == 1


def test_statistics_on_a_fixed_seed() -> None:
    result = arena(("heuristic", "random"), 2, deals=150, seed=3)
    again = arena(("heuristic", "random"), 2, deals=150, seed=3, jobs=2)
    data = result.to_dict()
    assert data == again.to_dict()
    assert data["deals"] >= 150 and data["matches"] % 2 == 0
    margins = result.margins()
    assert data["mean_margin"] == round(float(margins.mean()), 2)
    low, high = data["margin_ci95"]
    assert low < data["mean_margin"] < high and low > 0  # heuristic beats random
    wins = sum(o.won for o in result.outcomes)
    assert data["match_win_rate"] == round(wins / len(result.outcomes), 4)
    assert data["match_win_ci95"][0] > 0.5


def test_bad_arena_arguments() -> None:
    with pytest.raises(DebertsError, match="bad deal count 0"):
        arena(("random", "random"), 2, deals=0)
    with pytest.raises(DebertsError, match="unknown player type"):
        arena(("random", "x"), 2, deals=5)


def test_cli_json_records_and_errors(tmp_path) -> None:
    path = tmp_path / "deals.jsonl"
    result = CliRunner().invoke(main, ["arena", "heuristic", "random", "--deals", "20",
                                       "--seed", "2", "-j", "1", "--json", "--records", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"players", "deals", "mean_margin", "margin_ci95", "match_win_rate",
            "match_win_ci95"} <= set(data)
    assert data["players"] == ["heuristic", "random"]
    lines = path.read_text().splitlines()
    assert len(lines) == data["deals"]
    assert all(GameRecord.from_dict(json.loads(line)) for line in lines)
    human = CliRunner().invoke(main, ["arena", "heuristic", "random", "--deals", "10", "-j", "1"])
    assert re.search(r"Mean margin per deal for heuristic: [-+]\d", human.stdout)
    bad = CliRunner().invoke(main, ["arena", "heuristic", "robot"])
    assert bad.exit_code == 2
    assert bad.stderr.strip().startswith("deberts: error: unknown player type 'robot'")


def test_a_pimc_player_plays_an_arena_match() -> None:
    outcome = play_match(("pimc:samples=6,bid_samples=6", "heuristic"), 2, frozenset({0}), 1,
                         Rules(), 301)
    assert outcome.margins and all(GameRecord.from_dict(r) for r in outcome.records)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_points_given_away_by_each_type(players: int) -> None:
    """Every deal played out is priced for both types; with 2 players or 4 in pairs
    one type declares and the other defends."""
    result = arena(("heuristic", "random"), players, deals=12, seed=4)
    complete = [o for o in result.outcomes for r in o.records
                if GameRecord.from_dict(r).is_complete()]
    deals = [d for o in result.outcomes for d in o.given_away]
    assert len(deals) == len(complete) > 0
    for first, second in deals:
        if players != 3:
            assert (first.declarer is None) != (second.declarer is None)
            assert (first.defenders is None) != (second.defenders is None)
    data = result.to_dict()["given_away"]
    assert [d["player"] for d in data] == ["heuristic", "random"]
    for index, entry in enumerate(data):
        for role in ("declarer", "defenders"):
            values = [getattr(d[index], role) for d in deals if getattr(d[index], role) is not None]
            assert entry[f"as_{role}"]["deals"] == len(values)
            if values:
                assert entry[f"as_{role}"]["mean"] == round(sum(values) / len(values), 2)
    human = CliRunner().invoke(main, ["arena", "heuristic", "random", "--deals", "6", "-j", "1",
                                      "--players", str(players)])
    assert re.search(r"heuristic: as declarer (\d+\.\d|no deal)", human.stdout), human.output

