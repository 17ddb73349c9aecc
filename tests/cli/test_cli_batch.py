"""``deberts batch`` on disk: the output file is written whole or left alone, never
the input; --resume carries an interrupted run on; line endings and exit status."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner, Result

from deberts import Deal, Position
from deberts.cli.main import main
from deberts.formats import batch

GOOD = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1}'


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def answers(text: str) -> list[dict[str, object]]:
    """Output lines without the search effort (a resumed run's table starts cold) and
    the input lines' digests."""
    return [{k: v for k, v in json.loads(line).items()
             if k not in ("nodes", "seconds", "input")}
            for line in text.splitlines()]


def test_output_is_never_the_input(tmp_path: Path) -> None:
    source = tmp_path / "x.jsonl"
    source.write_text(GOOD + "\n")
    for out in (source, tmp_path / "." / "x.jsonl"):
        result = run("batch", str(source), "-o", str(out))
        assert result.exit_code == 2
        assert result.stderr == (f"deberts: error: -o {out} is the input file: the output "
                                 "would overwrite it\n")
    assert source.read_text() == GOOD + "\n"


def test_a_failed_run_leaves_the_output_alone(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("precious\n")
    source = tmp_path / "in.jsonl"
    source.write_text(GOOD + "\n")
    for args in (["batch", str(tmp_path / "missing.jsonl"), "-o", str(out)],
                 ["batch", str(source), "-o", str(out), "--jobs", "0"],
                 ["batch", str(source), "-o", str(out), "--table-bits", "99"]):
        result = run(*args)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
        assert out.read_text() == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["in.jsonl", "out.jsonl"]  # no temporary left
    assert run("batch", str(source), "-o", str(out)).exit_code == 0
    assert answers(out.read_text())[0]["line"] == 1


def test_resume_keeps_the_complete_lines_and_numbers_the_rest(tmp_path: Path) -> None:
    lines = [batch.dumps(Position(Deal.parse("AJ.K9.T.7 Q7.A8.9.8"), s, 0, 1)) for s in "SHDC"]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    fresh = tmp_path / "fresh.jsonl"
    assert run("batch", str(source), "-o", str(fresh)).exit_code == 0
    full = fresh.read_text().splitlines(keepends=True)
    out = tmp_path / "out.jsonl"
    out.write_text("".join(full[:2]) + full[2][:25])  # cut off inside line 3
    result = run("batch", str(source), "-o", str(out), "--resume")
    assert result.exit_code == 0, result.output
    assert out.read_text().splitlines()[:2] == fresh.read_text().splitlines()[:2]
    assert answers(out.read_text()) == answers(fresh.read_text())
    # Nothing to do: the same file again; and no OUT yet: a fresh run.
    assert run("batch", str(source), "-o", str(out), "--resume").exit_code == 0
    assert answers(out.read_text()) == answers(fresh.read_text())
    new = tmp_path / "new.jsonl"
    assert run("batch", str(source), "-o", str(new), "--resume").exit_code == 0
    assert answers(new.read_text()) == answers(fresh.read_text())


def test_resume_refuses_an_output_that_is_not_this_run(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(GOOD + "\n" + GOOD + "\n")
    out = tmp_path / "out.jsonl"
    out.write_text('{"line": 2, "input": "0", "error": "x"}\n')
    result = run("batch", str(source), "-o", str(out), "--resume")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"deberts: error: cannot resume from {out}: line 1 is "
                                    "not output line 1 (")
    assert run("batch", str(source), "--resume").stderr.startswith("deberts: error: --resume needs -o")


def test_cr_only_line_endings_are_line_breaks(tmp_path: Path) -> None:
    source = tmp_path / "mac.jsonl"
    source.write_bytes(f"{GOOD}\r{GOOD}\r\n{GOOD}\r".encode())
    result = run("batch", str(source))
    assert result.exit_code == 0, result.output
    assert [r["line"] for r in answers(result.stdout)] == [1, 2, 3]
    assert all("margin" in r for r in answers(result.stdout))


def test_bad_lines_are_counted_and_set_status_1(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    bad = GOOD.replace('"trump": "H"', '"trump": null')
    dup = GOOD[:-1] + ', "trump": "S"}'
    source.write_text("\n".join([GOOD, bad, dup, GOOD]) + "\n")
    result = run("batch", str(source))
    assert result.exit_code == 1
    assert result.stderr == 'deberts: 2 of 4 lines could not be solved (see their "error" field)\n'
    errors = [r.get("error") for r in answers(result.stdout)]
    assert errors == [None, "bad field 'trump': expected a suit letter, got null",
                      "duplicate field 'trump': each field may be given once", None]


def test_sigterm_keeps_the_lines_so_far_for_resume(tmp_path: Path) -> None:
    # Enough full 4-player deals that the run is still going when stopped.
    lines = [batch.dumps(Position(Deal.random(4, seed=seed), "SHDC"[seed % 4], 0, 1))
             for seed in range(1500)]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-c", "from deberts.cli.main import main; main()",
         "batch", str(source), "-o", str(out), "-j", "1"],
        stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(
            p.name.endswith(".partial") and p.stat().st_size for p in tmp_path.iterdir()):
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 2
    assert stderr.startswith("deberts: error: interrupted after ") and "--resume" in stderr
    kept = out.read_text().splitlines()
    assert 0 < len(kept) < len(lines)
    assert [json.loads(line)["line"] for line in kept] == list(range(1, len(kept) + 1))
    assert run("batch", str(source), "-o", str(out), "--resume", "-j", "2").exit_code == 0
    assert [r["line"] for r in answers(out.read_text())] == list(range(1, len(lines) + 1))
    assert out.read_text().splitlines()[:len(kept)] == kept


def test_a_pipe_is_read_whatever_the_progress_setting() -> None:
    # A pipe's lines cannot be counted ahead; the progress bar must not need them.
    for flags in ([], ["--progress"], ["--no-progress"]):
        done = subprocess.run(
            [sys.executable, "-c", "from deberts.cli.main import main; main()",
             "batch", "-", *flags],
            input=GOOD + "\n" + GOOD + "\n", capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert [a["line"] for a in answers(done.stdout)] == [1, 2]


def test_each_mode_gives_the_solution_s_own_figures(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    value = GOOD[:-1] + ', "mode": "value"}'
    values = GOOD[:-1] + ', "mode": "values"}'
    source.write_text("\n".join([GOOD, value, values]) + "\n")
    result = run("batch", str(source), "-j", "1")
    assert result.exit_code == 0, result.output
    whole, margin, moves = answers(result.stdout)
    assert "mode" not in whole
    assert margin == {"line": 2, "mode": "value", "margin": whole["margin"]}
    assert moves["mode"] == "values"
    assert sorted((m["move"], m["margin"]) for m in moves["moves"]) == sorted(
        (m["card"], m["margin"]) for m in whole["moves"])


def test_mode_option_applies_where_a_line_names_none(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(GOOD + "\n" + GOOD[:-1] + ', "mode": "solve"}\n')
    result = run("batch", str(source), "--mode", "value", "-j", "1")
    assert result.exit_code == 0, result.output
    first, second = answers(result.stdout)
    assert first["mode"] == "value" and set(first) == {"line", "mode", "margin"}
    assert second["margin"] == first["margin"] and "pv" in second


def test_a_bad_mode_is_named_on_its_line_and_as_an_option(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(GOOD[:-1] + ', "mode": "lines"}\n' + GOOD[:-1] + ', "mode": 3}\n')
    result = run("batch", str(source))
    assert result.exit_code == 1
    assert [r["error"] for r in answers(result.stdout)] == [
        "bad field 'mode': \"lines\", expected one of value values solve",
        "bad field 'mode': number 3, expected one of value values solve"]
    refused = run("batch", str(source), "--mode", "lines")
    assert refused.exit_code == 2 and "--mode" in refused.stderr
