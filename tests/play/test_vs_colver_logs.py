"""The logs of ``benchmarks/vs_colver_bots.py`` without colver: a last line cut
short (a run killed, a full disk) is dropped with a warning, and cut off a log that
is carried on; a bad line before the last is an error naming its number; a missing
log, a directory, or a playing run without colver, one line and exit status 2;
appends are whole lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    # Appended, not put first: benchmarks/distributed.py must not hide the Dask package
    sys.path.append(str(BENCHMARKS))

from vs_colver_bots import (  # noqa: E402
    Board,
    Play,
    appended,
    log_line,
    logged_boards,
    read_logs,
)

from deberts.variants.deberts.analysis.given_away import RoleLosses  # noqa: E402

SETTINGS = {"ours": "heuristic", "worlds": 4, "seed": 5}
TOOL = str(BENCHMARKS / "vs_colver_bots.py")


def board(number: int) -> Board:
    """A board as a run logs it (its figures made up: the log does not check them)."""
    def play(ours: bool, margin: int) -> Play:
        return Play(margin, ours, RoleLosses(4 if ours else None, None if ours else 6),
                    RoleLosses(None if ours else 8, 2 if ours else None), (0.1,) * 16,
                    (0.2,) * 16, 1.6, 3.2)
    return Board(number, (play(True, 2 * number), play(False, -10)))


def log_text(numbers: range) -> str:
    return "".join(log_line(SETTINGS, board(n)) + "\n" for n in numbers)


def colver_missing() -> bool:
    try:
        import colver  # noqa: F401
    except ImportError:
        return True
    return False


def test_a_cut_last_line_is_dropped_with_a_warning(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "run.jsonl"
    whole = log_text(range(5))
    cut = log_line(SETTINGS, board(5))
    for tail in (cut[: len(cut) // 2], cut):  # cut mid-line, or before its line break
        log.write_text(whole + tail)
        settings, boards = read_logs([str(log)])
        assert settings == SETTINGS and boards == [board(n) for n in range(5)]
        assert "line 6" in capsys.readouterr().err
        assert logged_boards(str(log), SETTINGS) == [board(n) for n in range(5)]
        assert capsys.readouterr().err.count("warning: ") == 1
        assert log.read_text() == whole  # carried on: the cut line cut off the file
    assert read_logs([str(log)])[1] == [board(n) for n in range(5)]
    assert capsys.readouterr().err == ""  # a whole log: no warning


@pytest.mark.parametrize(("line", "message"), [
    ("{not json", "line 3: bad JSON"), ("[1, 2]", "line 3: expected a JSON object"),
    ('{"ours": "heuristic"}', "line 3: not a board"), ("", "line 3: blank line"),
    ('{"board": 1, "plays": [1, 2]}', "line 3: not a board"),
])
def test_a_bad_line_before_the_last_is_an_error_naming_it(tmp_path: Path, line: str,
                                                          message: str) -> None:
    log = tmp_path / "run.jsonl"
    log.write_text(log_text(range(2)) + line + "\n" + log_text(range(2, 4)))
    with pytest.raises(ValueError, match=f"{log}: {message}"):
        read_logs([str(log)])
    with pytest.raises(ValueError, match=f"{log}: {message}"):
        logged_boards(str(log), SETTINGS)


def test_appends_are_whole_lines(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    log.write_text(log_text(range(2)))
    with appended(str(log)) as out:
        assert out is not None
        out.write_line(log_line(SETTINGS, board(2)))
    assert log.read_text() == log_text(range(3))
    assert read_logs([str(log)])[1] == [board(n) for n in range(3)]


def run_tool(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def one_line_error(done: subprocess.CompletedProcess[str], message: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("vs_colver_bots.py: error: ") and message in done.stderr


def test_the_command_reports_a_cut_log_and_refuses_bad_ones_in_one_line(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    log.write_text(log_text(range(3)) + log_line(SETTINGS, board(3))[:40])
    done = run_tool("--from-log", str(log), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert '"boards": 3' in done.stdout
    assert done.stderr.startswith(f"warning: {log}: line 4 is cut short")
    (tmp_path / "middle.jsonl").write_text(log_text(range(2)) + "[]\n" + log_text(range(2, 3)))
    (tmp_path / "folder").mkdir()
    for args, message in (
            (["--from-log", "missing.jsonl"], "missing.jsonl: No such file or directory"),
            (["--from-log", "folder"], "folder: a directory, not a log"),
            (["--from-log", "middle.jsonl"], "middle.jsonl: line 3: expected a JSON object"),
            (["--boards", "0"], "argument --boards: bad value 0")):
        one_line_error(run_tool(*args, cwd=tmp_path), message)


@pytest.mark.skipif(not colver_missing(), reason="colver is installed")
def test_a_playing_run_without_colver_is_one_line(tmp_path: Path) -> None:
    one_line_error(run_tool("--boards", "1", "--log", "run.jsonl", cwd=tmp_path),
                   "colver is not installed")
    assert list(tmp_path.iterdir()) == []
