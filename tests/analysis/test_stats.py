"""``deberts stats`` and deberts.variants.deberts.analysis.game_stats: the Parquet file reads back
with its schema, its rows agree with ``deberts table``, the same seed gives the same
file however the work is spread, and the summary counts the cells it says."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

pa = pytest.importorskip("pyarrow")

from deberts import Card, CardSet, Deal, Suit  # noqa: E402
from deberts.cli.main import main  # noqa: E402
from deberts.errors import ArgumentError  # noqa: E402
from deberts.formats import parquet  # noqa: E402
from deberts.variants.deberts.analysis import game_stats  # noqa: E402


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A few hundred deals: 300 with 2 players, 12 each with 3 and 4, and all of them
    in one file for the library (whose metadata is true of no one run: the command
    refuses it, see test_the_command_refuses_a_file_whose_rows_belie_its_run)."""
    folder = tmp_path_factory.mktemp("stats")
    two, more = folder / "two.parquet", folder / "more.parquet"
    for path, args in ((two, ["-n", "300", "--players", "2"]),
                       (more, ["-n", "12", "--players", "3", "--players", "4"])):
        result = run("stats", str(path), *args, "--seed", "5", "--jobs", "2")
        assert result.exit_code == 0, result.output
    rows = pa.concat_tables([parquet.read(two), parquet.read(more)])
    parquet.write(folder / "all.parquet", rows.to_batches(), game_stats.SCHEMA,
                  {"deberts.stats": json.dumps({"seed": 5, "deals": 300, "players": [2, 3, 4],
                                                "rules": {"preset": "moscow"}})})
    return folder


def test_the_file_reads_back_with_its_schema(solved: Path) -> None:
    data = parquet.read(solved / "two.parquet")
    assert data.schema.remove_metadata().equals(game_stats.SCHEMA)
    assert data.num_rows == 300
    assert data.column("deal").to_pylist() == list(range(300))
    about = json.loads(data.schema.metadata[b"deberts.stats"])
    assert about["seed"] == 5 and about["deals"] == 300 and about["players"] == [2]
    assert about["rules"]["preset"] == "moscow"
    row = data.slice(0, 1).to_pylist()[0]
    assert row["margin_H2"] is None and row["result_C3"] is None  # no seat 2 or 3
    assert isinstance(row["margin_H1"], int) and row["result_H1"] in ("made", "bait", "hanging")


def test_rows_agree_with_deberts_table(solved: Path) -> None:
    rows = parquet.read(solved / "all.parquet").to_pylist()
    for row in random.Random(3).sample(rows[:300], 4) + [rows[300], rows[-1]]:
        deal = Deal(row["hands"])
        assert len(deal.hands) == row["players"]
        result = run("table", str(deal), "--leader", "1", "--face-up", str(Card(row["face_up"])),
                     "--json", "--jobs", "1")
        assert result.exit_code == 0, result.output
        cells = json.loads(result.stdout)["cells"]
        assert len(cells) == 4 * row["players"]
        for cell in cells:
            name = f"{cell['trump']}{cell['declarer']}"
            assert row[f"margin_{name}"] == cell["margin"]
            assert row[f"result_{name}"] == cell["result"]
            if "holder" in cell:
                assert row["holder"] == cell["holder"]
                assert row[f"exchange_{cell['declarer']}"] == cell["exchange"]


def test_the_face_up_card_is_outside_the_hands_or_the_dealers() -> None:
    for players in (2, 3, 4):
        for index in range(20):
            deal, face_up = game_stats.random_deal(players, 9, index)
            holders = [seat for seat, hand in enumerate(deal.hands) if face_up in hand]
            assert holders == ([0] if players == 4 else [])
            assert (deal, face_up) == game_stats.random_deal(players, 9, index)
    assert game_stats.random_deal(2, 9, 0) != game_stats.random_deal(2, 9, 1)
    assert game_stats.random_deal(2, 9, 0) != game_stats.random_deal(2, 10, 0)


def test_the_same_seed_gives_the_same_file_however_the_work_is_cut(tmp_path: Path) -> None:
    files = []
    for i, args in enumerate((["--jobs", "1"], ["--jobs", "2", "--block", "3"],
                              ["--jobs", "2", "--block", "50"])):
        path = tmp_path / f"{i}.parquet"
        result = run("stats", str(path), "-n", "24", "--players", "2", "--players", "3",
                     "--seed", "8", *args)
        assert result.exit_code == 0, result.output
        files.append(path.read_bytes())
    assert files[0] == files[1] == files[2]


def test_the_same_file_on_a_dask_cluster(tmp_path: Path, dask_client: Any) -> None:
    local, spread = tmp_path / "local.parquet", tmp_path / "spread.parquet"
    args = ["-n", "24", "--players", "2", "--players", "3", "--seed", "4", "--block", "4"]
    assert run("stats", str(local), *args, "--jobs", "1").exit_code == 0
    result = run("stats", str(spread), *args, "--scheduler", dask_client.scheduler.address)
    assert result.exit_code == 0, result.output
    assert spread.read_bytes() == local.read_bytes()


def test_the_summary_counts_each_cell_once_by_its_features(solved: Path) -> None:
    data = parquet.read(solved / "all.parquet")
    groups = game_stats.summarise(data)
    assert sum(g.cells for g in groups) == 4 * (300 * 2 + 12 * 3 + 12 * 4)
    assert [g.key for g in groups] == sorted(
        (g.key for g in groups), key=lambda k: (k[0], k[1], ["-", "9", "J", "J9"].index(k[2])))
    # Every cell of the first deal, by hand, against the summary of that deal alone.
    row = data.slice(0, 1).to_pylist()[0]
    expected = {}
    for suit in Suit:
        for seat in range(2):
            trumps = CardSet(row["hands"][seat] & suit.mask)
            honours = "".join(r for r in "J9" if Card.parse(r + suit.name) in trumps) or "-"
            made = row[f"result_{suit.name}{seat}"] == "made"
            key = (2, len(trumps), honours)
            expected.setdefault(key, []).append(made)
    alone = game_stats.summarise(data.slice(0, 1))
    assert {g.key: (g.cells, g.p_made) for g in alone} == {
        key: (len(made), round(sum(made) / len(made), 4)) for key, made in expected.items()}


def test_the_summary_by_other_features(solved: Path) -> None:
    data = parquet.read(solved / "all.parquet")
    by_round = game_stats.summarise(data, ("players", "round"))
    two = {g.key[1]: g.cells for g in by_round if g.key[0] == 2}
    assert two == {1: 300 * 2, 2: 300 * 2 * 3}  # one face-up suit of four
    leads = {g.key: g.cells for g in game_stats.summarise(data, ("players", "leads"))}
    assert leads[(3, True)] == 12 * 4 and leads[(3, False)] == 12 * 4 * 2
    with pytest.raises(ArgumentError, match="bad features 'trumps,suits'"):
        game_stats.summarise(data, ("trumps", "suits"))


def test_the_report_and_json(solved: Path) -> None:
    path = str(solved / "more.parquet")
    text = run("stats", path, "--by", "players,round")
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    assert lines[0] == (f"{path}: 24 deals (12 a player count: 3, 4 players), seed 5, "
                        "moscow rules.")
    assert lines[4].split() == ["players", "round", "cells", "made", "95%", "interval",
                                "margin", "95%", "interval"]
    assert len(lines) == 5 + 4
    data = json.loads(run("stats", path, "--by", "players,round", "--json").stdout)
    assert data["rows"] == 24 and data["seed"] == 5
    first = data["groups"][0]
    assert first["players"] == 3 and first["round"] == 1 and first["cells"] == 36
    assert first["p_made_ci95"][0] <= first["p_made"] <= first["p_made_ci95"][1]


def test_the_plot(solved: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "made.png"
    result = run("stats", str(solved / "more.parquet"), "--plot", str(picture))
    assert result.exit_code == 0, result.output
    assert picture.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("args, message", [
    (["--by", "players,suit"], "bad features 'players,suit': expected some of players, round, "
     "trumps, honours, bella, leads, each once"),
    (["-n", "5", "--cluster", "local:x"], "bad --cluster 'local:x'"),
    (["-n", "5", "--set", "bella=never"], "bad"),
])
def test_bad_options_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "out.parquet"
    result = run("stats", str(out), *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"deberts: error: {message}"), result.stderr
    assert result.stderr.count("\n") == 1
    assert not out.exists()


def test_bad_files_are_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.parquet"
    junk.write_text("not parquet\n")
    other = tmp_path / "other.parquet"
    parquet.write(other, [pa.record_batch({"x": [1]})], pa.schema([("x", pa.int64())]))
    for path, message in ((tmp_path / "missing.parquet", "no such file"),
                          (junk, ""), (other, "not a file of deberts stats")):
        result = run("stats", str(path))
        assert result.exit_code == 2
        assert result.stderr.startswith(f"deberts: error: cannot read {path}: {message}")
        assert result.stderr.count("\n") == 1
    assert junk.read_text() == "not parquet\n"


def test_the_command_refuses_a_file_whose_rows_belie_its_run(solved: Path) -> None:
    path = solved / "all.parquet"
    result = run("stats", str(path))
    assert result.exit_code == 2
    assert result.stderr == (f"deberts: error: cannot read {path}: its deberts.stats metadata: "
                             "bad field 'deals': 300 a player count, but the rows hold 12 "
                             "deals of 3 players\n")


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ArgumentError, match="bad players"):
        list(game_stats.deal_batches([5], 3, 1))
    with pytest.raises(ArgumentError, match="count"):
        list(game_stats.deal_batches([2], -1, 1))
