"""Bounded and well-ended commands: worker counts, the first leader under
first_lead=declarer, memory errors, record sizes, player specs, the end of the input
in ``play``, closed or failing standard streams, and Dask's own logging."""

from __future__ import annotations

import io
import logging
import os
import resource
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner, Result

from deberts import Deal, Position, Rules, RulesError
from deberts.cli.common import MAX_WORKERS, CliError, reported
from deberts.cli.main import main
from deberts.errors import DebertsError, RecordError
from deberts.formats import records
from deberts.play.specs import player_factory

HANDS = "AJ.K9.T.7 Q7.A8.9.8"
GOOD = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1}'
COMMAND = [sys.executable, "-c", "from deberts.cli.main import main; main()"]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def one_error(result: Result, start: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(
        f"deberts: error: {start}"), result.stderr


@pytest.mark.parametrize("args, start", [
    (["--cluster", "local:99999999999999999999"], "bad --cluster 'local:99999999999999999999'"),
    (["--cluster", "local:" + "9" * 5000], "bad --cluster 'local:99999"),
    (["--cluster", f"local:{MAX_WORKERS + 1}"], f"bad --cluster 'local:{MAX_WORKERS + 1}'"),
    (["-j", "400"], "Invalid value for '-j' / '--jobs': 400 is not in the range"),
])
def test_workers_are_bounded(tmp_path: Path, args: list[str], start: str) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(GOOD + "\n")
    one_error(run("batch", str(source), *args), start)


def test_first_lead_declarer_refuses_another_leader_everywhere(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="bad leader 1: under first_lead=declarer"):
        Position(Deal.parse(HANDS), "H", 0, 1, Rules(first_lead="declarer"))
    Position(Deal.parse(HANDS), "H", 1, 1, Rules(first_lead="declarer"))
    setting = ["--trump", "H", "--declarer", "0", "--leader", "1", "--set", "first_lead=declarer"]
    one_error(run("solve", HANDS, *setting), "bad leader 1: under first_lead=declarer")
    one_error(run("analyze", HANDS, *setting), "bad leader 1: under first_lead=declarer")
    one_error(run("deal", "--json", "--seed", "1", *setting),
              "bad --leader 1: under first_lead=declarer")
    source = tmp_path / "in.jsonl"
    source.write_text(GOOD[:-1] + ', "rules": {"first_lead": "declarer"}}\n')
    result = run("batch", str(source))
    assert result.exit_code == 1 and "bad leader 1: under first_lead=declarer" in result.stdout


def test_a_table_too_big_for_memory_is_one_line_in_batch(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(GOOD + "\n")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1500 << 20, 1500 << 20))

    done = subprocess.run([*COMMAND, "batch", str(source), "--table-bits", "28", "-j", "1"],
                          capture_output=True, text=True, preexec_fn=limit, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "deberts: error: out of memory (--table-bits 28); stopped after 0 lines\n"


def test_a_memory_error_without_a_message_still_says_what_happened() -> None:
    with pytest.raises(CliError, match="^out of memory$"):
        with reported():
            raise MemoryError()


class Endless(io.RawIOBase):
    """A file of NULs that never ends: only a bounded read returns."""

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        assert size >= 0, "an unbounded read of an endless file"
        return b"\0" * size


def test_a_record_file_is_read_no_further_than_its_cap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "MAX_BYTES", 1000)
    with pytest.raises(RecordError, match="bad file: longer than 1,000 bytes"):
        records.load(Endless())  # type: ignore[arg-type]
    path = tmp_path / "zeros"
    path.write_bytes(b"\0" * 5000)
    one_error(run("analyze", "--record", str(path)), "bad file: longer than 1,000 bytes")


@pytest.mark.parametrize("spec, message", [
    ("pimc:samples=1,samples=2", "bad setting 'samples=2' for pimc: samples is set twice"),
    ("random:seed=1,seed=1", "bad setting 'seed=1' for random: seed is set twice"),
    ("alphamu:tricks=99", "bad settings for alphamu: bad tricks 99: expected 1..9"),
    ("alphamu:depth=10", "bad settings for alphamu: bad depth 10: expected 1..9"),
])
def test_player_specs_refuse_repeats_and_out_of_range_settings(spec: str, message: str) -> None:
    with pytest.raises(DebertsError) as caught:
        player_factory(spec)
    assert str(caught.value) == message
    one_error(run("arena", spec, "random", "--deals", "1"), message)


@pytest.mark.parametrize("game", ["deberts", "tertz"])
def test_the_end_of_input_in_play_is_one_line_and_status_1(game: str) -> None:
    result = run("play", "--game", game, "--seed", "1", "--ascii", input="")
    assert result.exit_code == 1, result.output
    last = result.stdout.rstrip("\n").splitlines()[-1]
    assert last.startswith("End of input. You left the ")
    assert "Aborted" not in result.output


def closed(stream: int) -> Any:
    """A ``preexec_fn`` that closes one standard stream of the child."""
    return lambda: os.close(stream)


@pytest.mark.parametrize("args, stream, message", [
    (["solve", HANDS, "--trump", "H", "--declarer", "0", "--leader", "1"], 1,
     "standard output: closed"),
    (["deal", "--seed", "1"], 1, "standard output: closed"),
    (["solve", "-", "--trump", "H", "--declarer", "0", "--leader", "1"], 0,
     "standard input: closed"),
])
def test_a_closed_standard_stream_is_one_line(args: list[str], stream: int, message: str) -> None:
    done = subprocess.run([*COMMAND, *args], capture_output=stream != 1, text=True,
                          stderr=subprocess.PIPE if stream == 1 else None,
                          preexec_fn=closed(stream), timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"deberts: error: {message}\n"


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_help_and_version_to_a_full_disk_are_one_line(tmp_path: Path, flag: str) -> None:
    full = tmp_path / "full"
    try:
        os.mknod(full, 0o666 | 0o020000, os.makedev(1, 7))
        target = open(full, "w")  # noqa: SIM115
    except OSError as error:
        pytest.skip(f"cannot make a device node here: {error}")
    with target:
        done = subprocess.run([*COMMAND, flag], stdout=target, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "deberts: error: cannot write the output: No space left on device\n"


@contextmanager
def logged(name: str) -> Iterator[list[logging.LogRecord]]:
    """The records that reach the logger ``name``'s own handlers."""
    found: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = found.append  # type: ignore[method-assign]
    logger = logging.getLogger(name)
    logger.addHandler(handler)
    try:
        yield found
    finally:
        logger.removeHandler(handler)


@pytest.mark.parametrize("verbose", [False, True])
def test_dask_logging_is_quiet_unless_verbose(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verbose: bool) -> None:
    distributed = pytest.importorskip("deberts.engine.distributed")
    seen: dict[str, str | None] = {}

    @contextmanager
    def connect(scheduler: str | None, workers: int | None) -> Iterator[None]:
        seen["environment"] = os.environ.get("DASK_LOGGING__DISTRIBUTED")
        logging.getLogger("distributed.client").error("Couldn't gather 1 keys")
        yield None  # the work then runs on local threads

    monkeypatch.setattr(distributed, "connect", connect)
    source = tmp_path / "in.jsonl"
    source.write_text(GOOD + "\n")
    with logged("distributed.client") as found:
        result = run("batch", str(source), "--cluster", "local:2",
                     *(["--verbose"] if verbose else []))
    assert result.exit_code == 0, result.output
    assert [r.getMessage() for r in found] == (["Couldn't gather 1 keys"] if verbose else [])
    assert seen["environment"] == (None if verbose else "critical")
    assert "DASK_LOGGING__DISTRIBUTED" not in os.environ
