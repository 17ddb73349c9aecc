"""Batch lines are bounded and read in linear time and memory: a line's length is
capped, a long line is not copied over and over, the nesting check keeps no state
per character; a ``game`` that is not a name is a one-line error, not a TypeError;
an error message echoes a short excerpt of a huge input, never all of it."""

from __future__ import annotations

import io
import json
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from deberts import DebertsError, RecordError, json_text
from deberts.cli.main import main
from deberts.errors import MESSAGE_CHARS, excerpt
from deberts.formats import batch

GOOD = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1}'


class Trickle(io.RawIOBase):
    """A stream that gives ``size`` bytes a read, to split line endings between reads."""

    def __init__(self, data: bytes, size: int) -> None:
        self.data, self.size = data, size

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        piece, self.data = self.data[:self.size], self.data[self.size:]
        return piece


@pytest.mark.parametrize("size", [1, 2, 3, 1 << 16])
def test_line_endings_split_between_reads(size: int) -> None:
    data = b"a\r\nbb\rc\n\r\nd\r"
    assert list(batch.lines(Trickle(data, size))) == [b"a", b"bb", b"c", b"", b"d"]  # type: ignore[arg-type]


def test_a_long_line_is_kept_only_up_to_the_cap_and_refused() -> None:
    long = b'{"hands": "' + b"x" * (3 * batch.MAX_LINE_BYTES) + b'"}'
    found = list(batch.lines(io.BytesIO(long + b"\n" + GOOD.encode() + b"\n")))
    assert [len(line) for line in found] == [batch.MAX_LINE_BYTES + 1, len(GOOD)]
    with pytest.raises(RecordError, match=f"line too long: more than {batch.MAX_LINE_BYTES:,} bytes"):
        batch.loads(found[0])
    assert batch.loads(found[1])


def test_the_cli_gives_a_long_line_its_error_line(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_bytes(b'{"hands": "' + b"x" * (2 * batch.MAX_LINE_BYTES) + b'"}\n' + GOOD.encode())
    result = CliRunner().invoke(main, ["batch", str(source)])
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first.pop("input") and first == {"line": 1, "error": f"line too long: more than {batch.MAX_LINE_BYTES:,} bytes"}
    assert second["line"] == 2 and "margin" in second


def test_the_nesting_check_keeps_no_state_per_character() -> None:
    text = '{"hands": "' + "x" * 500_000 + '\\"", "trump": [[["H"]]]}'
    tracemalloc.start()
    try:
        json_text._check_depth(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * len(text)  # the token's copy; the old expression took ~120 a character


@pytest.mark.parametrize("game", [["tertz"], {}, 1, None])
def test_a_game_that_is_not_a_name_is_a_record_error(game: object) -> None:
    line = json.dumps({"game": game, "hands": "AJ.K9.T.7 Q7.A8.9.8"})
    with pytest.raises(RecordError, match="bad field 'game': not a name, expected one of"):
        batch.loads(line)


def test_tertz_solve_refuses_a_game_that_is_not_a_name() -> None:
    result = CliRunner().invoke(main, ["tertz", "solve", '{"game": ["tertz"]}'])
    assert result.exit_code == 2
    assert result.stderr.startswith("deberts: error: bad field 'game': not a name")


def test_a_huge_value_is_echoed_as_an_excerpt() -> None:
    assert excerpt("x" * 5) == "'xxxxx'"
    assert excerpt("\0" * 10**6) == repr("\0" * 40) + "... (1,000,000 characters)"
    huge = "\0" * 5_000_000
    result = CliRunner().invoke(main, ["solve", "-", "--trump", "H", "--declarer", "0",
                                       "--leader", "1"], input=huge)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and len(result.stderr) < MESSAGE_CHARS + 30
    with pytest.raises(DebertsError) as caught:
        batch.loads(json.dumps({"hands": "x" * 10**6, "trump": "H", "declarer": 0, "leader": 1}))
    assert len(str(caught.value)) < 200
