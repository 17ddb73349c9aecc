"""Self-play decisions as training rows (:mod:`deberts.variants.deberts.play.decisions`):
the same rows in one process, on worker processes and on a Dask cluster; a bad
setting refused before any deal; the tool's cluster options."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pa = pytest.importorskip("pyarrow")

from deberts.errors import DebertsError  # noqa: E402
from deberts.variants.deberts.play.decisions import SCHEMA, decision_batches  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def rows(batches: Any) -> list[dict[str, Any]]:
    return pa.Table.from_batches(list(batches), schema=SCHEMA).to_pylist()


@pytest.fixture(scope="module")
def local_rows() -> list[dict[str, Any]]:
    return rows(decision_batches("heuristic", 3, deals=5, seed=7, chunk=2))


def test_rows_are_each_deal_s_choices_in_deal_order(local_rows: list[dict[str, Any]]) -> None:
    deals = [row["deal"] for row in local_rows]
    assert deals == sorted(deals) and set(deals) == set(range(5))
    for row in local_rows:
        assert row["players"] == 3 and 0 <= row["seat"] < 3
        assert row["legal"] & (1 << row["card"]) and row["legal"].bit_count() > 1
        assert row["hand"] & row["legal"] == row["legal"]
        assert row["card_model_log"] < 0


def test_worker_processes_give_the_same_rows(local_rows: list[dict[str, Any]]) -> None:
    assert rows(decision_batches("heuristic", 3, deals=5, seed=7, chunk=2, jobs=2)) == local_rows


def test_a_dask_cluster_gives_the_same_rows(
    dask_client: Any, local_rows: list[dict[str, Any]]
) -> None:
    on_cluster = decision_batches("heuristic", 3, deals=5, seed=7, chunk=2, client=dask_client)
    assert rows(on_cluster) == local_rows


@pytest.mark.parametrize("settings, bad", [
    ({"spec": "nobody"}, "nobody"),
    ({"players": 5}, "players"),
    ({"deals": 0}, "deals"),
    ({"chunk": 0}, "chunk"),
    ({"jobs": 0}, "jobs"),
])
def test_a_bad_setting_is_refused_before_any_deal(settings: dict[str, Any], bad: str) -> None:
    arguments = {"spec": "heuristic", "players": 4, "deals": 2} | settings
    with pytest.raises(DebertsError, match=bad):
        decision_batches(**arguments)


@pytest.mark.parametrize("options, message", [
    (["--cluster", "remote:2"], "bad --cluster 'remote:2': expected local:N"),
    (["--cluster", "local:1", "--scheduler", "tcp://h:1"], "give one of them"),
    (["--cluster", "local:" + "9" * 5000], "bad --cluster 'local:99999"),
])
def test_the_tool_s_bad_cluster_options_are_one_line(
    tmp_path: Path, options: list[str], message: str
) -> None:
    out = tmp_path / "play.parquet"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "play_data.py"), "--deals", "1",
                           "--spec", "heuristic", "--out", str(out), *options],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and not out.exists()
    assert done.stderr.count("\n") == 1 and message in done.stderr
