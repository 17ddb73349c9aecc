"""A smoke test of ``benchmarks/vs_colver_bots.py`` (skipped without colver): a board
or two against colver's isdd bots with few worlds; the full run is the benchmark's."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

pytest.importorskip("colver")
# Appended, not put first: benchmarks/distributed.py must not hide the Dask package
# from the tests collected after this one.
sys.path.append(str(Path(__file__).resolve().parents[2] / "benchmarks"))

from vs_colver_bots import (  # noqa: E402
    SEATINGS,
    Board,
    board_of,
    budget_of,
    isdd_spec,
    lines,
    log_line,
    logged_boards,
    part_of,
    read_logs,
    report,
    run,
)


@pytest.mark.parametrize("spec", ["heuristic", "pimc:samples=4,seed=1"])
def test_a_board_in_both_seatings(spec: str) -> None:
    boards = run(spec, worlds=4, boards=1, seed=3)
    (board,) = boards
    first, second = board.plays
    assert first.declarer_ours != second.declarer_ours  # the same contract, pairs swapped
    for play in board.plays:
        assert abs(play.margin) <= 252 and play.margin % 2 == 0  # 162 or 252 shared out
        assert play.our_decisions and play.their_decisions and len(
            play.our_decisions) + len(play.their_decisions) == 32
        ours, theirs = (play.ours, play.theirs) if play.declarer_ours else (play.theirs, play.ours)
        assert ours.declarer is not None and ours.defenders is None
        assert theirs.defenders is not None and theirs.declarer is None
    assert board.margin == (first.margin + second.margin) / 2
    data = report(spec, 4, 3, boards)
    assert data["boards"] == 1 and data["margin"] == board.margin
    assert data["ours"]["given_away"]["as_declarer"]["deals"] == 1
    text = "\n".join(lines(data))
    assert f"| `{spec}` | isdd, 4 worlds | 1 |" in text


def test_boards_repeat_and_read_back_from_a_log() -> None:
    boards = run("heuristic", worlds=4, boards=2, seed=5)
    again = run("heuristic", worlds=4, boards=2, seed=5)
    assert [b.margin for b in boards] == [b.margin for b in again]
    assert [p.ours for b in boards for p in b.plays] == [p.ours for b in again for p in b.plays]
    line = {"board": boards[0].number,
            "plays": [p.__dict__ | {"ours": p.ours.__dict__, "theirs": p.theirs.__dict__}
                      for p in boards[0].plays]}
    assert board_of(line) == boards[0]
    assert SEATINGS == (frozenset({0, 2}), frozenset({1, 3}))


def logged(board: Board, spec: str = "heuristic", worlds: int = 4, seed: int = 5) -> str:
    """``board`` as a line of ``--log`` of a run with these settings."""
    return log_line({"ours": spec, "worlds": worlds, "seed": seed}, board) + "\n"


def test_the_parts_of_a_run_are_its_boards(tmp_path: Path) -> None:
    whole = run("heuristic", worlds=4, boards=4, seed=5)
    parts = [run("heuristic", worlds=4, boards=2, seed=5, part=(k, 2)) for k in range(2)]
    assert [b.number % 2 for b in parts[1]] == [1, 1]
    by_number = {b.number: b for b in whole}
    for board in parts[0] + parts[1]:
        if board.number in by_number:  # the same play, CPU times aside
            assert [(p.margin, p.ours, p.theirs) for p in board.plays] == [
                (p.margin, p.ours, p.theirs) for p in by_number[board.number].plays]
    logs = []
    for k, boards in enumerate(parts):
        logs.append(tmp_path / f"part{k}.jsonl")
        logs[-1].write_text("".join(logged(b) for b in boards), encoding="utf-8")
    settings, read = read_logs([str(path) for path in reversed(logs)])
    assert settings == {"ours": "heuristic", "worlds": 4, "seed": 5}
    assert read == sorted(parts[0] + parts[1], key=lambda b: b.number)


def test_logs_of_other_runs_are_refused(tmp_path: Path) -> None:
    (board,) = run("heuristic", worlds=4, boards=1, seed=5)
    first, other = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(logged(board), encoding="utf-8")
    other.write_text(logged(board, worlds=8), encoding="utf-8")
    with pytest.raises(ValueError, match="different"):
        read_logs([str(first), str(other)])
    with pytest.raises(ValueError, match="twice"):
        read_logs([str(first), str(first)])
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    with pytest.raises(ValueError, match="no board"):
        read_logs([str(tmp_path / "empty.jsonl")])


def test_a_stopped_run_carries_on_from_its_log(tmp_path: Path) -> None:
    whole = run("heuristic", worlds=4, boards=3, seed=5, part=(1, 2))
    log = tmp_path / "part1.jsonl"
    settings = {"ours": "heuristic", "worlds": 4, "seed": 5}
    assert logged_boards(str(log), settings) == []  # no log yet
    log.write_text(logged(whole[0]), encoding="utf-8")
    done = logged_boards(str(log), settings)
    assert done == whole[:1]
    carried = run("heuristic", worlds=4, boards=3, seed=5, part=(1, 2), done=done)
    assert [b.number for b in carried] == [b.number for b in whole]
    assert [(p.margin, p.ours) for b in carried for p in b.plays] == [
        (p.margin, p.ours) for b in whole for p in b.plays]
    assert run("heuristic", worlds=4, boards=1, seed=5, part=(1, 2), done=done) == done
    with pytest.raises(ValueError, match="another run"):
        logged_boards(str(log), settings | {"worlds": 8})
    with pytest.raises(ValueError, match="part 0/2"):
        run("heuristic", worlds=4, boards=3, seed=5, part=(0, 2), done=done)
    log.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1: bad JSON"):
        logged_boards(str(log), settings)


@pytest.mark.parametrize("text", ["2/2", "-1/2", "1", "a/b", "1/0"])
def test_a_bad_part_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="bad part"):
        part_of(text)
    assert part_of("1/3") == (1, 3)


def test_a_time_budget_makes_colver_s_time_limited_bot() -> None:
    assert budget_of("100") == 100 and budget_of("300ms") == "300ms"
    assert "determinizations = 100\n" in isdd_spec(100)
    assert "time_ms = 300\n" in isdd_spec("300ms") and "determinizations" not in isdd_spec("300ms")
    boards = run("heuristic", worlds="50ms", boards=1, seed=3)
    assert "| `heuristic` | isdd, 50 ms a decision | 1 |" in "\n".join(
        lines(report("heuristic", "50ms", 3, boards)))


@pytest.mark.parametrize("text", ["", "ms", "0", "-3", "3s", "1.5ms", "abc"])
def test_a_bad_budget_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="expected worlds"):
        budget_of(text)
