"""Long commands stop on SIGINT and SIGTERM within about a second, leaving no
process and no temporary file behind, with the README's exit statuses: batch with
threads, arena with worker processes, stats, tools/tertz_labels.py, and the
self-play tools with worker processes (whose workers ignore a Ctrl-C to the process
group, the parent alone acting on it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest
from child_process import CLI, ROOT, tool

#: The seconds a stop may take: about a second, and a loaded test machine's share
#: of the cores (both busy with other work, it has a third of one); the work stopped
#: would run on for minutes.
STOP_SECONDS = 10.0
OLD = b"the old file, kept whole\n"


def whole_tertz_lines(count: int) -> str:
    """Batch lines of Tertz deals from their first lead: many seconds each."""
    from deberts.tertz import TertzDeal

    lines = []
    for seed in range(count):
        deal = TertzDeal.random(seed)
        lines.append(json.dumps({"game": "tertz", "hands": [str(h) for h in deal.hands],
                                 "stock": [str(c) for c in deal.stock]}))
    return "\n".join(lines) + "\n"


def started(args: list[str], ready: str, cwd: Path) -> subprocess.Popen[bytes]:
    """A child in its own process group, once its stderr has shown ``ready``."""
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             cwd=cwd, start_new_session=True)
    assert child.stderr is not None
    wait_for(child.stderr, ready)
    time.sleep(1.0)  # the work well under way
    return child


def wait_for(stream: IO[bytes], text: str) -> None:
    seen = b""
    deadline = time.monotonic() + 60
    while text.encode() not in seen:
        assert time.monotonic() < deadline, seen
        chunk = os.read(stream.fileno(), 4096)
        assert chunk, seen
        seen += chunk


def stopped(child: subprocess.Popen[bytes], signum: int,
            group: bool = False) -> tuple[int, float, str]:
    """Send ``signum`` to the child (to its process group with ``group``); the exit
    status, the seconds it took and the rest of stderr; no process of the child's
    group is left."""
    sent = time.monotonic()
    (os.killpg if group else os.kill)(child.pid, signum)
    try:
        status = child.wait(timeout=120)
    finally:
        took = time.monotonic() - sent
        try:
            os.killpg(child.pid, signal.SIGKILL)  # whatever is left, so the test run stays clean
            left = True
        except ProcessLookupError:
            left = False
    assert child.stderr is not None
    rest = child.stderr.read().decode()
    assert not left, "processes of the command were left running"
    return status, took, rest


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_batch_with_threads(tmp_path: Path, signum: int) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(whole_tertz_lines(8))
    out = tmp_path / "out.jsonl"
    child = started([sys.executable, "-c", CLI, "batch", str(source), "-o", str(out),
                     "-j", "2", "--progress"], "solving", tmp_path)
    status, took, rest = stopped(child, signum)
    assert status == 2 and took < STOP_SECONDS, (status, took, rest)
    assert "deberts: error: interrupted after 0 lines" in rest
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_arena_with_worker_processes(tmp_path: Path, signum: int) -> None:
    records = tmp_path / "games.jsonl"
    records.write_bytes(OLD)
    child = started([sys.executable, "-c", CLI, "arena", "pimc:samples=20", "heuristic",
                     "--deals", "400", "-j", "2", "--progress", "--records", str(records)],
                    "playing", tmp_path)
    status, took, rest = stopped(child, signum)
    assert status == 128 + signum and took < STOP_SECONDS, (status, took, rest)
    assert rest.splitlines()[-1].startswith("deberts: interrupted (")
    assert records.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_stats(tmp_path: Path, signum: int) -> None:
    pytest.importorskip("pyarrow")
    table = tmp_path / "cells.parquet"
    table.write_bytes(OLD)
    child = started([sys.executable, "-c", CLI, "stats", str(table), "-n", "100000",
                     "--players", "4", "-j", "2", "--progress"], "solving", tmp_path)
    status, took, rest = stopped(child, signum)
    assert status == 128 + signum and took < STOP_SECONDS, (status, took, rest)
    assert "Traceback" not in rest
    assert table.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cells.parquet"]


@pytest.mark.parametrize(("signum", "threads"), [(signal.SIGINT, "1"), (signal.SIGTERM, "2")])
def test_tertz_labels(tmp_path: Path, signum: int, threads: str) -> None:
    pytest.importorskip("pyarrow")
    labels = tmp_path / "labels.parquet"
    labels.write_bytes(OLD)
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "tertz_labels.py"), str(labels), "--deals",
         "10000", "--points", "0-7", "--threads", threads],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path,
        start_new_session=True)
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".labels.parquet.*.partial")):
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.05)
    time.sleep(1.0)
    status, took, rest = stopped(child, signum)
    assert status == 128 + signum and took < STOP_SECONDS, (status, took, rest)
    assert rest == "tertz_labels.py: interrupted\n"
    assert labels.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["labels.parquet"]


def test_the_next_run_removes_a_killed_runs_temporary_files(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    labels = tmp_path / "labels.parquet"
    (tmp_path / ".labels.parquet.killed01.partial").write_bytes(b"half a file")
    done = tool("tertz_labels.py", str(labels), "--deals", "2", "--points", "7")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["labels.parquet"]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_serve_with_searches_under_way(tmp_path: Path, signum: int) -> None:
    pytest.importorskip("uvicorn")
    import re
    import threading
    import urllib.error
    import urllib.request

    # Ctrl-C as at a terminal, even when the suite runs as a background job (whose
    # children inherit SIGINT ignored, which serve respects, as a background server should)
    at_terminal = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    child = subprocess.Popen([sys.executable, "-c", at_terminal + CLI, "serve", "--port", "0"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path,
                             start_new_session=True)
    assert child.stderr is not None
    line = child.stderr.readline().decode()
    url = re.search(r"http://[\d.]+:\d+/", line)
    assert url, line
    body = whole_tertz_lines(1).encode()
    answers: list[int] = []

    def ask() -> None:
        request = urllib.request.Request(url.group(0) + "api/solve", body,
                                         {"content-type": "application/json"})
        try:
            answers.append(urllib.request.urlopen(request, timeout=60).status)
        except urllib.error.HTTPError as error:
            answers.append(error.code)

    askers = [threading.Thread(target=ask) for _ in range(2)]
    for asker in askers:
        asker.start()
    time.sleep(1.5)
    status, took, rest = stopped(child, signum)
    for asker in askers:
        asker.join(10)
    assert took < STOP_SECONDS, (took, rest)
    # uvicorn raises the signal again once stopped: 130 after Ctrl-C, killed by SIGTERM
    assert status == (128 + signum if signum == signal.SIGINT else -signum), (status, rest)
    assert "Traceback" not in rest
    assert answers == [503, 503]


#: The self-play tools with worker processes: the script and its arguments.
SELF_PLAY = {
    "play_data.py": ["--out", "out.parquet", "--players", "2", "--deals", "400",
                     "--chunk", "100", "--jobs", "2"],
    "tertz_play_model.py": ["play", "out.parquet", "--deals", "400", "--chunk", "100",
                            "--jobs", "2"],
}
#: The seconds a stop of the self-play tools may take: generous, as the test
#: machine may be loaded, and far below a chunk's many seconds of play.
SELF_PLAY_STOP_SECONDS = 20.0


def with_workers(child: subprocess.Popen[bytes], count: int) -> None:
    """Wait until ``child`` runs ``count`` worker processes (the work under way)."""
    psutil = pytest.importorskip("psutil")
    deadline = time.monotonic() + 120
    while len(psutil.Process(child.pid).children()) < count:
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.05)


@pytest.mark.parametrize("name", sorted(SELF_PLAY))
@pytest.mark.parametrize(("signum", "group"), [(signal.SIGTERM, False), (signal.SIGINT, False),
                                               (signal.SIGINT, True)])
def test_self_play_tools_with_worker_processes(tmp_path: Path, name: str, signum: int,
                                               group: bool) -> None:
    pytest.importorskip("pyarrow")
    child = subprocess.Popen([sys.executable, str(ROOT / "tools" / name), *SELF_PLAY[name]],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path,
                             start_new_session=True)
    try:
        with_workers(child, 2)
        assert list(tmp_path.glob(".out.parquet.*.partial"))
    except BaseException:
        os.killpg(child.pid, signal.SIGKILL)  # the tool never got under way: no process left
        raise
    status, took, rest = stopped(child, signum, group)
    assert status == 128 + signum and took < SELF_PLAY_STOP_SECONDS, (status, took, rest)
    assert "Traceback" not in rest
    said = [line for line in rest.splitlines() if not line.endswith(" deals")]  # progress
    assert said == [f"{name}: interrupted"], rest
    assert os.listdir(tmp_path) == []
