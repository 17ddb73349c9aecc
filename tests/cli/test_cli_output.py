"""A failed write of the output (here to /dev/full) is one line on stderr and exit
status 2 for every command, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HANDS = "Q.AKQT.A.AJ7 J.8.T987.QT8"
COMMANDS = [
    ["solve", "--example"],
    ["solve", "--example", "--json"],
    ["table", HANDS, "--leader", "1", "-j", "1"],
    ["analyze", HANDS, "--trump", "H", "--declarer", "0", "--leader", "1", "--played", "7D"],
    ["bid", "--hand", "AK9..QJ.7", "--face-up", "JH", "--seat", "1", "--dealer", "0",
     "--samples", "4", "--seed", "1", "-j", "1"],
    ["deal", "--players", "2", "--count", "3", "--seed", "1"],
    ["arena", "heuristic", "random", "--deals", "1", "--seed", "1", "-j", "1"],
]


def run(args: list[str], stdout: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from deberts.cli.main import main; main()", *args],
        stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=300,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_a_full_disk_is_one_line_and_status_2(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = run(args, full)
    assert result.returncode == 2
    assert result.stderr == "deberts: error: cannot write the output: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_batch_output_to_a_full_disk(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text('{"hands": "AT.K.. K7.A..", "trump": "S", "declarer": 0, "leader": 0}\n')
    with open("/dev/full", "w") as full:
        result = run(["batch", str(source)], full)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("deberts: error: ") and "No space left" in result.stderr
