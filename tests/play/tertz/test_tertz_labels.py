"""The Tertz labels tool: rows the engine's exact values of the positions they name,
the same file on local threads and on a Dask cluster, the node budget leaving rows
without values, and bad points named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pa = pytest.importorskip("pyarrow")

from deberts.errors import ArgumentError  # noqa: E402
from deberts.formats import parquet  # noqa: E402
from deberts.variants.tertz.engine.solver import Solver, settled_margin  # noqa: E402
from deberts.variants.tertz.play.labels import (  # noqa: E402
    SCHEMA,
    label_batches,
    parse_points,
    position_of,
)

LATE = (5, 6, 7)


def write(path: Path, **options: Any) -> bytes:
    batches = label_batches(6, seed=3, points=LATE, block=2, **options)
    parquet.write(path, batches, SCHEMA)
    return path.read_bytes()


def test_labels_are_the_engines_values_of_their_positions(tmp_path: Path) -> None:
    write(tmp_path / "labels.parquet")
    rows = parquet.read(tmp_path / "labels.parquet").to_pylist()
    assert {row["point"] for row in rows} == set(LATE)
    solver = Solver()
    for row in rows[::3]:
        position = position_of(row)
        assert len(position.tricks) == row["point"] and not position.trick
        assert len(position.stock) == row["stock_size"]
        values = {str(move): value for move, value in solver.values(position).items()}
        assert values == dict(zip(row["move_names"], row["move_values"]))
        pick = max if position.to_move == 0 else min
        assert row["value"] == pick(values.values()) == solver.value(position)
        assert row["settled"] == settled_margin(position)


def test_the_same_file_on_threads_and_on_a_dask_cluster(tmp_path: Path,
                                                        dask_client: Any) -> None:
    alone = write(tmp_path / "one.parquet")
    assert write(tmp_path / "two.parquet", threads=2) == alone
    assert write(tmp_path / "dask.parquet", client=dask_client) == alone


def test_a_search_past_the_node_budget_leaves_its_row_without_values() -> None:
    rows = pa.Table.from_batches(list(label_batches(2, seed=1, points=(1,), nodes=500)))
    assert rows.num_rows == 2
    assert rows.column("value").null_count == 2
    assert rows.column("move_values").null_count == 2


def test_points_are_read_and_bad_ones_named() -> None:
    assert parse_points("1-3,break,7") == (1, 2, 3, "break", 7)
    for bad in ("8", "x", "3-1", "-1"):
        with pytest.raises(ArgumentError, match="bad label point"):
            parse_points(bad)
    with pytest.raises(ArgumentError, match="bad label points"):
        list(label_batches(1, points=(9,)))
