"""Every writer on a full disk (a small file-size limit in a child process): the file
that stood there is left as it was, or, for a file grown a line at a time, keeps
whole lines only; the command fails with one line and exit status 2. Readers of a
records file cut mid-line say so once and still read its complete records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from child_process import deberts, tool

GOOD = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1}'
OLD = "the old file, kept whole\n"


def old_file(path: Path) -> Path:
    path.write_text(OLD)
    return path


def one_error_line(stderr: str) -> str:
    lines = stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


def test_batch_output(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text((GOOD + "\n") * 200)
    out = old_file(tmp_path / "out.jsonl")
    done = deberts("batch", str(source), "-o", str(out), "-j", "1", limit=4096)
    assert done.returncode == 2
    assert "File too large" in one_error_line(done.stderr)
    assert out.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]


@pytest.mark.parametrize("game", ["deberts", "tertz"])
def test_arena_records(tmp_path: Path, game: str) -> None:
    records = old_file(tmp_path / "games.jsonl")
    done = deberts("arena", "heuristic", "heuristic", "--game", game, "--deals", "6",
                   "-j", "1", "--seed", "1", "--records", str(records), limit=512)
    assert done.returncode == 2
    assert one_error_line(done.stderr).startswith(f"deberts: error: cannot write {records}: ")
    assert records.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_arena_records_replace_the_file_when_done(tmp_path: Path) -> None:
    records = old_file(tmp_path / "games.jsonl")
    done = deberts("arena", "heuristic", "heuristic", "--deals", "2", "-j", "1",
                   "--seed", "1", "--records", str(records))
    assert done.returncode == 0, done.stderr
    assert OLD not in records.read_text()
    assert all(json.loads(line)["format"] for line in records.read_text().splitlines())


def play_answers() -> str:
    """A bid, a yes and card numbers 1..9, over and over: each question takes the
    first of them it understands (the first legal card among the numbers)."""
    return "\n".join(x for _ in range(300) for x in ["play", "y", *map(str, range(1, 10))]) + "\n"


def test_play_records_append_whole_lines(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    first = deberts("play", "--players", "2", "--seed", "3", "--ai", "heuristic", "--ascii",
                    "--no-confirm", "--deals", "1", "--records", str(records),
                    stdin=play_answers())
    assert first.returncode == 0, first.stderr
    kept = records.read_bytes()
    assert kept.endswith(b"\n") and kept.count(b"\n") == 1
    # The next match's deals are added to the file; the disk fills on its first one.
    done = deberts("play", "--players", "2", "--seed", "4", "--ai", "heuristic", "--ascii",
                   "--no-confirm", "--deals", "3", "--records", str(records),
                   stdin=play_answers(), limit=len(kept) + 100)
    assert done.returncode == 2
    assert one_error_line(done.stderr) == f"deberts: error: {records}: File too large"
    assert records.read_bytes() == kept


def test_play_records_grow_across_matches(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    for seed in ("3", "4"):
        done = deberts("play", "--players", "2", "--seed", seed, "--ai", "heuristic",
                       "--ascii", "--no-confirm", "--deals", "1", "--records", str(records),
                       stdin=play_answers())
        assert done.returncode == 0, done.stderr
    assert len(records.read_text().splitlines()) == 2


def test_a_records_file_cut_mid_line_still_gives_its_whole_deals(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    assert deberts("arena", "heuristic", "heuristic", "--deals", "2", "-j", "1", "--seed",
                   "1", "--records", str(records)).returncode == 0
    whole = records.read_text().splitlines(keepends=True)
    last = len(whole)
    records.write_text("".join(whole[:-1]) + whole[-1][:len(whole[-1]) // 2])
    played = next(n for n, line in enumerate(whole[:-1], 1) if json.loads(line)["play"])
    first = deberts("analyze", "--records", str(records), "--deal", str(played), "--json")
    assert first.returncode == 0, first.stderr
    assert one_error_line(first.stderr).startswith(
        f"deberts: warning: line {last}: cut short (no line break at its end): bad JSON")
    cut = deberts("analyze", "--records", str(records), "--deal", str(last))
    assert cut.returncode == 2
    assert one_error_line(cut.stderr).startswith(f"deberts: error: line {last}: cut short")


def test_stats_parquet_and_plot(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    pytest.importorskip("matplotlib")
    table = old_file(tmp_path / "cells.parquet")
    done = deberts("stats", str(table), "-n", "20", "--players", "2", "--seed", "1", "-j", "1",
                   limit=2048)
    assert done.returncode == 2
    assert one_error_line(done.stderr).startswith(f"deberts: error: cannot write {table}: ")
    assert table.read_text() == OLD
    assert deberts("stats", str(table), "-n", "4", "--players", "2", "--seed", "1",
                   "-j", "1").returncode == 0
    plot = old_file(tmp_path / "made.png")
    drawn = deberts("stats", str(table), "--plot", str(plot), limit=2048)
    assert drawn.returncode == 2
    assert one_error_line(drawn.stderr).startswith(f"deberts: error: cannot write {plot}: ")
    assert plot.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cells.parquet", "made.png"]


def test_tertz_labels(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    labels = old_file(tmp_path / "labels.parquet")
    done = tool("tertz_labels.py", str(labels), "--deals", "4", "--points", "6-7",
                "--nodes", "20000", limit=2048)
    assert done.returncode == 2
    assert one_error_line(done.stderr).startswith(f"tertz_labels.py: error: {labels}: ")
    assert labels.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["labels.parquet"]


def test_library_records_dump(tmp_path: Path) -> None:
    script = (
        "import resource, sys\n"
        "from deberts import read_records, write_records\n"
        "records = read_records(sys.argv[1])\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))\n"
        "try:\n"
        "    write_records(records, sys.argv[2])\n"
        "except OSError as error:\n"
        "    print(error.strerror)\n"
    )
    source = tmp_path / "games.jsonl"
    assert deberts("arena", "heuristic", "heuristic", "--deals", "2", "-j", "1", "--seed",
                   "1", "--records", str(source)).returncode == 0
    target = old_file(tmp_path / "copy.jsonl")
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", script, str(source), str(target)],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout == "File too large\n", done.stderr
    assert target.read_text() == OLD
