"""The CLI's and the tools' inputs: standard input bounded, ``--resume`` only onto
the output of the same input, a stats file's metadata checked, the tools' bad
arguments as one line, ``-o`` naming a link to a pipe."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from child_process import CLI, ROOT, deberts

from deberts.formats.batch import MAX_LINE_BYTES

GOOD = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1}'
OTHER = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "S", "declarer": 0, "leader": 1}'


@pytest.mark.parametrize("command", [["solve", "-"], ["analyze", "-"], ["table", "-"],
                                     ["tertz", "solve", "-"], ["tertz", "analyze", "-"]])
def test_standard_input_is_bounded(command: list[str]) -> None:
    done = deberts(*command, stdin="0" * (2 * MAX_LINE_BYTES), timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("deberts: error: HANDS from standard input: longer than "
                           f"{MAX_LINE_BYTES:,} characters\n")


def test_an_answer_to_play_is_bounded() -> None:
    done = deberts("play", "--seed", "3", "--ai", "heuristic", "--ascii",
                   stdin="0" * (2 * MAX_LINE_BYTES), timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("deberts: error: an answer from standard input longer than "
                           f"{MAX_LINE_BYTES:,} characters\n")


def test_resume_refuses_the_output_of_another_input(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(f"{GOOD}\n{GOOD}\n{GOOD}\n")
    second.write_text(f"{GOOD}\n{OTHER}\n{GOOD}\n")
    out = tmp_path / "out.jsonl"
    assert deberts("batch", str(first), "-o", str(out), "-j", "1").returncode == 0
    out.write_text("".join(out.read_text().splitlines(keepends=True)[:2]))
    kept = out.read_text()
    done = deberts("batch", str(second), "-o", str(out), "--resume", "-j", "1")
    assert done.returncode == 2
    assert done.stderr == (f"deberts: error: cannot resume from {out}: its line 2 answers "
                           "another input line 2 (its \"input\" digest differs)\n")
    assert out.read_text() == kept


def test_resume_solves_again_lines_holding_no_answer(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(f"{GOOD}\n{OTHER}\n")
    out = tmp_path / "out.jsonl"
    assert deberts("batch", str(source), "-o", str(out), "-j", "1").returncode == 0
    whole = [json.loads(line) for line in out.read_text().splitlines()]
    out.write_text(json.dumps(whole[0]) + "\n" + json.dumps(
        {"line": 2, "input": whole[1]["input"]}) + "\n")
    assert deberts("batch", str(source), "-o", str(out), "--resume", "-j", "1").returncode == 0
    again = [json.loads(line) for line in out.read_text().splitlines()]
    assert again[1]["margin"] == whole[1]["margin"]
    out.write_text('{"line": 1}\n')
    done = deberts("batch", str(source), "-o", str(out), "--resume", "-j", "1")
    assert done.returncode == 2 and "line 1 carries no \"input\" digest" in done.stderr


def test_stats_refuses_bad_metadata_in_one_line(tmp_path: Path) -> None:
    """Metadata that is no run of deberts stats, nested too deep for Python's own
    parser, or whose figures the rows belie, named by its field."""
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    table = tmp_path / "cells.parquet"
    assert deberts("stats", str(table), "-n", "2", "--players", "2", "--players", "3",
                   "--seed", "1", "-j", "1").returncode == 0
    data = pq.read_table(table)
    good = json.loads(data.schema.metadata[b"deberts.stats"])
    for about, message in (
            (b"not json", "bad JSON: Expecting value"),
            (b"[" * 100_000 + b"]" * 100_000, "bad JSON: nested more than 64 deep"),
            (b'{"seed": "x"}', "bad field 'seed': expected an integer, got 'x'"),
            (b"[]", "expected a JSON object"),
            ({**good, "rules": {}}, "bad field 'rules': expected an object of rules"),
            ({**good, "deals": -5}, "bad field 'deals': expected a number of deals from 1, "
             "got -5"),
            ({**good, "deals": 10**6}, "bad field 'deals': 1,000,000 a player count, but "
             "the rows hold 2 deals of 2 players"),
            ({**good, "players": [2]}, "bad field 'players': [2], but the rows hold deals "
             "of 3 players"),
            ({**good, "players": [2, 3, 4]}, "bad field 'deals': 2 a player count, but the "
             "rows hold 0 deals of 4 players"),
            ({**good, "players": [2, 2, 3]}, "bad field 'players': expected a list of "
             "distinct player counts 2..4"),
            ({**good, "seed": float("nan")}, "bad JSON: NaN is not a JSON value")):
        text = about if isinstance(about, bytes) else json.dumps(about).encode()
        pq.write_table(data.replace_schema_metadata({b"deberts.stats": text}), table)
        done = deberts("stats", str(table))
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(f"deberts: error: cannot read {table}: its "
                                      f"deberts.stats metadata: {message}"), done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert pa is not None


@pytest.mark.parametrize(("name", "args", "message"), [
    ("tertz_labels.py", ["x.parquet", "--deals", "-5"], "bad count -5: expected 0.."),
    ("tertz_labels.py", ["x.parquet", "--threads", "1000"], "bad threads 1000: expected 1..64"),
    ("tertz_labels.py", ["x.parquet", "--points", "nine"], "bad label point 'nine'"),
    ("tertz_labels.py", ["x.parquet", "--random", "nan"], "bad random share nan"),
    ("tertz_labels.py", ["x.parquet", "--cluster", "local:100000"],
     "bad --cluster 'local:100000': expected local:N, N worker processes 1..64"),
    ("play_data.py", ["--out", "x.parquet", "--cluster", "local:100000"],
     "bad --cluster 'local:100000': expected local:N, N worker processes 1..64"),
    ("tertz_labels.py", ["x.parquet", "--deals", "many"], "argument --deals: invalid int value"),
    ("tertz_labels.py", ["no/such/folder/x.parquet", "--deals", "1"],
     "no/such/folder/x.parquet: No such file or directory"),
    ("tertz_train.py", ["missing.parquet"], "missing.parquet: No such file or directory"),
    ("tertz_train.py", ["x.parquet", "--holdout", "0"], "bad value 0: expected 1.."),
    ("train_card_model.py", ["--ridge", "nan"], "bad --ridge nan"),
    ("train_card_model.py", ["--from-records", "missing.jsonl"],
     "missing.jsonl: No such file or directory"),
])
def test_the_tools_give_one_line_errors(tmp_path: Path, name: str, args: list[str],
                                        message: str) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / name), *args],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"{name}: error: ") and message in done.stderr


def test_a_link_to_a_pipe_is_written_in_place(tmp_path: Path) -> None:
    """``-o`` naming a link to the process's own standard output, a pipe."""
    source = tmp_path / "in.jsonl"
    source.write_text(f"{GOOD}\n{GOOD}\n")
    link = tmp_path / "stdout"
    link.symlink_to("/proc/self/fd/1")
    done = subprocess.run([sys.executable, "-c", CLI, "batch", str(source), "-o", str(link)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["line"] for line in done.stdout.splitlines()] == [1, 2]
    assert link.is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "stdout"]
