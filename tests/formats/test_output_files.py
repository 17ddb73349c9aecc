"""What stands at ``batch -o OUT`` and ``stats FILE`` is respected: a regular file is
replaced atomically keeping its mode, a new one gets the umask's, a symbolic link's
target is replaced, a device or FIFO is written in place (write errors exit 2);
killed runs' temporary files are cleaned up or resumed from; ``--resume`` checks
OUT exactly. Devices, FIFOs and links are made under the test's own directory."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deberts.cli.main import main
from deberts.formats import output_file

GOOD = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1}'


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text(f"{GOOD}\n{GOOD}\n{GOOD}\n")
    return path


def device(tmp_path: Path, name: str, like: str) -> Path:
    """A character device node like ``/dev/<like>`` (same numbers) under ``tmp_path``."""
    numbers = {"null": (1, 3), "full": (1, 7)}[like]
    path = tmp_path / name
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(*numbers))
        with open(path, "wb"):
            pass
    except (PermissionError, OSError) as error:
        pytest.skip(f"cannot make a device node here: {error}")
    return path


def test_an_existing_file_keeps_its_mode_and_a_new_one_gets_the_umasks(
        tmp_path: Path, source: Path) -> None:
    out = tmp_path / "out.jsonl"
    previous = os.umask(0o027)
    try:
        assert run("batch", str(source), "-o", str(out)).exit_code == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o640
        out.chmod(0o604)
        assert run("batch", str(source), "-o", str(out)).exit_code == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o604
    finally:
        os.umask(previous)
    assert len(out.read_text().splitlines()) == 3


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path, source: Path) -> None:
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    real.chmod(0o644)
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    assert run("batch", str(source), "-o", str(link)).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert len(real.read_text().splitlines()) == 3
    assert stat.S_IMODE(real.stat().st_mode) == 0o644
    dangling = tmp_path / "dangling.jsonl"
    dangling.symlink_to(tmp_path / "made.jsonl")
    assert run("batch", str(source), "-o", str(dangling)).exit_code == 0
    assert dangling.is_symlink() and len((tmp_path / "made.jsonl").read_text().splitlines()) == 3


def test_a_fifo_is_written_in_place(tmp_path: Path, source: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = run("batch", str(source), "-o", str(fifo))
    reader.join(30)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert len(received[0].decode().splitlines()) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "in.jsonl"]


def test_a_device_is_written_in_place_and_its_errors_exit_2(
        tmp_path: Path, source: Path) -> None:
    null = device(tmp_path, "null", "null")
    assert run("batch", str(source), "-o", str(null)).exit_code == 0
    assert stat.S_ISCHR(null.stat().st_mode)
    full = device(tmp_path, "full", "full")
    result = run("batch", str(source), "-o", str(full))
    assert result.exit_code == 2
    assert result.stderr == (f"deberts: error: batch stopped: cannot write {full}: "
                             "No space left on device\n")
    assert stat.S_ISCHR(full.stat().st_mode)


def test_stats_writes_a_device_in_place_and_reports_from_what_it_wrote(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    null = device(tmp_path, "null", "null")
    result = run("stats", str(null), "-n", "2", "--players", "2", "--seed", "1", "-j", "1",
                 "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["rows"] == 2
    assert stat.S_ISCHR(null.stat().st_mode)
    full = device(tmp_path, "full", "full")
    result = run("stats", str(full), "-n", "2", "--players", "2", "-j", "1")
    assert result.exit_code == 2 and result.stderr.startswith(f"deberts: error: cannot write {full}")
    new = tmp_path / "new.parquet"
    previous = os.umask(0o022)
    try:
        assert run("stats", str(new), "-n", "2", "--players", "2", "-j", "1").exit_code == 0
    finally:
        os.umask(previous)
    assert stat.S_IMODE(new.stat().st_mode) == 0o644


def test_an_empty_output_name_is_refused_first(
        tmp_path: Path, source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (["batch", str(source), "-o", ""], ["stats", "", "-n", "1"]):
        result = run(*args)
        assert result.exit_code == 2
        assert result.stderr.startswith("deberts: error: bad ") and "''" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def test_standard_input_redirected_from_out_is_refused(tmp_path: Path, source: Path) -> None:
    before = source.read_text()
    with open(source, "rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-c", "from deberts.cli.main import main; main()",
             "batch", "-", "-o", str(source)], stdin=stdin, capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr == (f"deberts: error: -o {source} is the input file: the output "
                           "would overwrite it\n")
    assert source.read_text() == before


def test_a_killed_runs_temporary_files_are_removed_or_resumed(
        tmp_path: Path, source: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert run("batch", str(source), "-o", str(out)).exit_code == 0
    lines = out.read_text().splitlines(keepends=True)
    out.write_text(lines[0])
    (tmp_path / ".out.jsonl.killed01.partial").write_text("".join(lines[:2]))
    (tmp_path / ".out.jsonl.killed02.partial").write_text("garbage\n")
    result = run("batch", str(source), "-o", str(out), "--resume")
    assert result.exit_code == 0, result.output
    assert out.read_text().splitlines()[:2] == [line.rstrip("\n") for line in lines[:2]]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]
    (tmp_path / ".out.jsonl.killed03.partial").write_text("x")
    assert run("batch", str(source), "-o", str(out)).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]


def test_a_live_writers_temporary_file_is_not_stale(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    writing = output_file.OutputFile(out)
    (tmp_path / ".out.jsonl.killed01.partial").write_text("x")
    try:
        assert [Path(p).name for p in output_file.stale_partials(out)] == [
            ".out.jsonl.killed01.partial"]
    finally:
        writing.discard()


@pytest.mark.parametrize("kept, problem", [
    ([1, 2, 3, 4, 5], "it holds 5 lines, the input only 3"),
    ([True], "line 1 is not output line 1"),
    ([2.0], "line 1 is not output line 1"),
    ([1, 1], "line 2 is not output line 2"),
])
def test_resume_checks_outs_lines_exactly(
        tmp_path: Path, source: Path, kept: list[object], problem: str) -> None:
    out = tmp_path / "out.jsonl"
    text = "".join(json.dumps({"line": n, "input": "0", "error": "x"}) + "\n" for n in kept)
    out.write_text(text)
    result = run("batch", str(source), "-o", str(out), "--resume")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"deberts: error: cannot resume from {out}: {problem}")
    assert out.read_text() == text
    done = subprocess.run(  # a pipe's lines are counted as they come
        [sys.executable, "-c", "from deberts.cli.main import main; main()",
         "batch", "-", "-o", str(out), "--resume"], input=source.read_bytes(), capture_output=True)
    assert done.returncode == 2 and out.read_text() == text


def test_resume_needs_a_regular_file(tmp_path: Path, source: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = subprocess.run(  # reading the FIFO would wait for a writer for ever
        [sys.executable, "-c", "from deberts.cli.main import main; main()",
         "batch", str(source), "-o", str(fifo), "--resume"],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"deberts: error: cannot resume from {fifo}: not a regular file\n"
