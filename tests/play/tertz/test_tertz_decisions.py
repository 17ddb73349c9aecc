"""The Tertz player's training data and command
(:mod:`deberts.variants.tertz.play.decisions`, ``tools/tertz_play_model.py``): a
row a legal move of every informative choice, the same rows in one process, on
worker processes and on a Dask cluster, read back as the same choices, a bad
setting or file refused in one line, and training end to end on a tiny data set."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from deberts.errors import DebertsError, RecordError
from deberts.variants.tertz.model import Rules
from deberts.variants.tertz.model.record import GameRecord
from deberts.variants.tertz.play.arena import play_seating
from deberts.variants.tertz.play.decisions import (
    SCHEMA,
    decision_batches,
    table_decisions,
)
from deberts.variants.tertz.play.opponent import WIDTH, PlayModel, record_decisions

ROOT = Path(__file__).resolve().parents[3]
TOOL = str(ROOT / "tools" / "tertz_play_model.py")


def table(batches: Any) -> Any:
    return pa.Table.from_batches(list(batches), schema=SCHEMA)


@pytest.fixture(scope="module")
def local() -> Any:
    return table(decision_batches("heuristic", deals=5, seed=3, chunk=2))


def test_the_rows_read_back_as_each_game_s_choices(local: Any) -> None:
    """Every informative choice of both seatings of every deal, in deal order, each
    with its legal moves' features and the one move made."""
    deals = table_decisions(local)
    assert len(deals) == 5
    for number, choices in enumerate(deals):
        expected = []
        for seating in range(2):
            outcome = play_seating(("heuristic", "heuristic"), 3, Rules(), number,
                                         seating)
            expected += record_decisions(GameRecord.from_dict(outcome.records[0]))
        assert len(choices) == len(expected) > 0
        for got, want in zip(choices, expected):
            assert got.chosen == want.chosen
            np.testing.assert_allclose(got.features, want.features, rtol=1e-6)


def test_worker_processes_give_the_same_rows(local: Any) -> None:
    on_workers = table(decision_batches("heuristic", deals=5, seed=3, chunk=2, jobs=2))
    assert on_workers.equals(local)


def test_a_dask_cluster_gives_the_same_rows(dask_client: Any, local: Any) -> None:
    on_cluster = decision_batches("heuristic", deals=5, seed=3, chunk=2, client=dask_client)
    assert table(on_cluster).equals(local)


def test_the_rows_do_not_depend_on_the_chunk(local: Any) -> None:
    assert table(decision_batches("heuristic", deals=5, seed=3, chunk=5)).equals(local)


@pytest.mark.parametrize("settings, bad", [
    ({"spec": "nobody"}, "nobody"),
    ({"deals": 0}, "deals"),
    ({"chunk": 0}, "chunk"),
    ({"jobs": 0}, "jobs"),
])
def test_a_bad_setting_is_refused_before_any_deal(settings: dict[str, Any], bad: str) -> None:
    arguments = {"spec": "heuristic", "deals": 2} | settings
    with pytest.raises(DebertsError, match=bad):
        decision_batches(**arguments)


def test_a_table_of_other_rows_is_a_record_error(local: Any) -> None:
    with pytest.raises(RecordError, match="missing columns chosen"):
        table_decisions(local.drop(["chosen"]))
    twice = local.set_column(local.schema.get_field_index("chosen"), "chosen",
                             pa.array([True] * local.num_rows))
    with pytest.raises(RecordError, match="expected 1"):
        table_decisions(twice)
    assert table_decisions(local.slice(0, 0)) == []


def test_play_and_train_run_end_to_end_on_a_tiny_data_set(tmp_path: Path) -> None:
    """Self-play to Parquet on two worker processes, then the model fitted to it:
    the rules of thumb are nearly deterministic, so it beats the uniform choice."""
    data = tmp_path / "choices.parquet"
    played = subprocess.run([sys.executable, TOOL, "play", str(data), "--deals", "6",
                             "--seed", "1", "--player", "heuristic", "--jobs", "2"],
                            capture_output=True, text=True, check=True)
    assert "6 deals" in played.stderr
    out = tmp_path / "model.json"
    trained = subprocess.run([sys.executable, TOOL, "train", str(data), "--out", str(out),
                              "--holdout", "0.34"], capture_output=True, text=True, check=True)
    report = json.loads(trained.stdout)
    assert report["deals"] == 6 and report["held_out"]["decisions"] > 0
    assert report["held_out"]["loglik"] > report["held_out"]["uniform_loglik"]
    assert PlayModel.load(out).weights.shape == (WIDTH,)


@pytest.mark.parametrize("command, message", [
    (["play", "{out}", "--cluster", "remote:2"], "bad --cluster 'remote:2': expected local:N"),
    (["play", "{out}", "--player", "nobody"], "nobody"),
    (["train", "{missing}", "--out", "{out}"], "No such file or directory"),
    (["train", "{text}", "--out", "{out}"], "cannot read"),
    (["train", "{data}", "--out", "{out}", "--holdout", "nan"], "bad --holdout nan"),
    (["train", "{data}", "--out", "{out}", "--holdout", "1"], "bad --holdout 1.0"),
    (["train", "{data}", "--out", "{out}", "--l2", "-1"], "bad --l2 -1.0"),
    (["train", "{empty}", "--out", "{out}"], "no choices to train on in 0 deals"),
])
def test_the_tool_s_errors_are_one_line(tmp_path: Path, local: Any, command: list[str],
                                        message: str) -> None:
    text = tmp_path / "text.parquet"
    text.write_text("not parquet\n", encoding="utf-8")
    names = {"out": str(tmp_path / "out"), "missing": str(tmp_path / "missing.parquet"),
             "text": str(text), "data": str(tmp_path / "data.parquet"),
             "empty": str(tmp_path / "empty.parquet")}
    pq.write_table(local, names["data"])
    pq.write_table(local.slice(0, 0), names["empty"])
    done = subprocess.run([sys.executable, TOOL, *(part.format(**names) for part in command)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and not (tmp_path / "out").exists()
    assert done.stderr.count("\n") == 1 and message in done.stderr
