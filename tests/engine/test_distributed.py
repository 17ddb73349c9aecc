"""Solving on a Dask cluster (the ``dask`` extra): a LocalCluster of two worker
processes gives the local results in input order, a worker killed mid-run loses
no line and writes none twice, and bad scheduler options are one line, status 2."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

distributed = pytest.importorskip("distributed")
import dask.config  # noqa: E402

import deberts.distributed  # noqa: E402
from deberts import Position, Solver, generate_deals, solve_many  # noqa: E402
from deberts.cli.main import main  # noqa: E402
from deberts.engine import distributed as on_cluster  # noqa: E402
from deberts.errors import ArgumentError, ClusterError  # noqa: E402
from deberts.formats import batch as batch_format  # noqa: E402
from deberts.variants.deberts.engine.many import MODES, solve_many_on  # noqa: E402


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def answers(text: str) -> list[dict[str, object]]:
    """Output lines without the search effort (nodes depend on what a reused table
    holds, seconds on the clock)."""
    return [{k: v for k, v in json.loads(line).items() if k not in ("nodes", "seconds")}
            for line in text.splitlines()]


@pytest.fixture
def client(dask_client: Any) -> Any:
    return dask_client


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return [Position(deal, "SHDC"[i % 4], i % 2, 1)
            for i, deal in enumerate(generate_deals(2, 120, seed=11, cards_per_hand=6))]


@pytest.fixture
def seeded_lines(tmp_path: Path, positions: list[Position]) -> Path:
    source = tmp_path / "in.jsonl"
    with source.open("w") as target:
        batch_format.dump(positions, target)
    return source


def test_solve_many_on_a_cluster_is_the_local_result_in_order(
    client: Any, positions: list[Position]
) -> None:
    local = solve_many(positions, mode="value")
    # Chunks of 7 with room for 3 in flight: chunks finish out of order on two workers.
    results = on_cluster.map_ordered(
        MODES["value"], positions, client, chunk=7, window=3, make_solver=Solver
    )
    assert list(results) == local
    assert list(deberts.distributed.solve_many(positions[:9], client, mode="value")) == local[:9]
    assert list(solve_many_on([], client)) == []


def _fails_on_five(solver: Any, item: int) -> int:
    if item == 5:
        raise ValueError("five")
    return item


def test_a_task_that_keeps_failing_is_a_cluster_error_after_the_lines_before_it(
    client: Any
) -> None:
    results = on_cluster.map_ordered(_fails_on_five, range(12), client, chunk=3, retries=1,
                                     make_solver=Solver)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ClusterError, match="chunk 1 failed on the cluster: ValueError: five"):
        next(results)


def test_bad_arguments_are_named(client: Any, positions: list[Position]) -> None:
    with pytest.raises(ArgumentError, match="bad mode 'fast'"):
        solve_many_on(positions, client, mode="fast")
    with pytest.raises(ArgumentError, match="chunk"):
        list(on_cluster.map_ordered(MODES["value"], positions, client, chunk=0,
                                    make_solver=Solver))


def test_batch_on_a_local_cluster_writes_the_local_lines(tmp_path: Path, seeded_lines: Path) -> None:
    local, spread = tmp_path / "local.jsonl", tmp_path / "spread.jsonl"
    assert run("batch", str(seeded_lines), "-o", str(local), "--jobs", "1").exit_code == 0
    result = run("batch", str(seeded_lines), "-o", str(spread), "--cluster", "local:2")
    assert result.exit_code == 0, result.output
    assert answers(spread.read_text()) == answers(local.read_text())
    assert len(answers(local.read_text())) == 120


class KillOnce(distributed.WorkerPlugin):  # type: ignore[misc]
    """Ends its worker's process as the chunk with index ``chunk`` starts running,
    the first time only (a marker file remembers it across the restarted worker)."""

    def __init__(self, marker: str, chunk: int) -> None:
        self.marker, self.chunk = marker, chunk

    def transition(self, key: Any, start: str, finish: str, **kwargs: Any) -> None:
        if finish == "executing" and isinstance(key, tuple) and key[1] == self.chunk:
            if not os.path.exists(self.marker):
                Path(self.marker).touch()
                os._exit(1)


def test_a_worker_killed_mid_run_loses_no_line_and_writes_none_twice(
    client: Any, tmp_path: Path, seeded_lines: Path
) -> None:
    marker = tmp_path / "killed"
    client.register_plugin(KillOnce(str(marker), chunk=2), name="kill-once")
    try:
        out = tmp_path / "out.jsonl"
        result = run("batch", str(seeded_lines), "-o", str(out), "--scheduler",
                     client.scheduler.address)
    finally:
        client.unregister_worker_plugin("kill-once")
    assert result.exit_code == 0, result.output
    assert marker.exists()  # the worker did die, running chunk 2 (lines 65..96)
    local = run("batch", str(seeded_lines), "--jobs", "1")
    assert answers(out.read_text()) == answers(local.stdout)
    assert [line["line"] for line in answers(out.read_text())] == list(range(1, 121))


def test_resume_on_a_cluster_carries_on_after_the_complete_lines(
    client: Any, tmp_path: Path, seeded_lines: Path
) -> None:
    out = tmp_path / "out.jsonl"
    local = run("batch", str(seeded_lines), "--jobs", "1").stdout
    out.write_text("".join(local.splitlines(keepends=True)[:50]) + '{"line": 51, "marg')
    result = run("batch", str(seeded_lines), "-o", str(out), "--resume",
                 "--scheduler", client.scheduler.address)
    assert result.exit_code == 0, result.output
    assert answers(out.read_text()) == answers(local)


@pytest.mark.parametrize("options, message", [
    (["--scheduler", "nonsense"], "bad scheduler address 'nonsense': missing port number"),
    (["--scheduler", "udp://host:8786"], "bad scheduler address 'udp://host:8786': unknown "
     "address scheme 'udp'"),
    (["--scheduler", "tcp://:8786"], "bad scheduler address 'tcp://:8786': no host"),
    (["--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler at "
     "tcp://127.0.0.1:9 within 0.5 s"),
    (["--cluster", "remote:2"], "bad --cluster 'remote:2': expected local:N"),
    (["--cluster", "local:0"], "bad --cluster 'local:0': expected local:N"),
    (["--cluster", "local:2", "--scheduler", "tcp://h:1"],
     "--scheduler and --cluster: give one of them"),
])
def test_bad_scheduler_options_are_one_line(
    tmp_path: Path, seeded_lines: Path, options: list[str], message: str
) -> None:
    out = tmp_path / "out.jsonl"
    with dask.config.set({"distributed.comm.timeouts.connect": "0.5s"}):
        result = run("batch", str(seeded_lines), "-o", str(out), *options)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"deberts: error: {message}"), result.stderr
    assert result.stderr.count("\n") == 1
    assert not out.exists()


def test_without_dask_the_options_say_what_to_install(
    monkeypatch: pytest.MonkeyPatch, seeded_lines: Path
) -> None:
    import deberts.engine as engine

    monkeypatch.setitem(sys.modules, "deberts.engine.distributed", None)
    monkeypatch.delattr(engine, "distributed")
    result = run("batch", str(seeded_lines), "--cluster", "local:2")
    assert result.exit_code == 2
    assert result.stderr == "deberts: error: --cluster needs Dask: pip install 'deberts[dask]'\n"


def test_an_unreachable_scheduler_is_a_cluster_error() -> None:
    with pytest.raises(ClusterError, match="cannot reach"):
        with on_cluster.connect("tcp://127.0.0.1:9", timeout=0.2):
            pass
