"""A smoke test of ``benchmarks/vs_colver_bots.py`` (skipped without colver): a board
or two against colver's isdd bots with few worlds; the full run is the benchmark's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("colver")
# appended, not first: benchmarks/distributed.py must not hide dask's distributed
sys.path.append(str(Path(__file__).resolve().parents[2] / "benchmarks"))

from vs_colver_bots import SEATINGS, board_of, lines, report, run  # noqa: E402


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
