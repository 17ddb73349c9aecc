"""The batch line format as a library: reading and writing lines without the CLI."""

from __future__ import annotations

import io
import json

import pytest

from deberts import Deal, Position, RecordError, Rules
from deberts.formats import batch

DEAL = Deal.parse("Q.AKQT.A.AJ7 J.8.T987.QT8")


def test_a_line_reads_back_as_the_same_position() -> None:
    rules = Rules.preset_rules("kharkov", bella="trick_winner")
    position = Position(DEAL, "H", 0, 1, rules, "7D AD")
    line = batch.dumps(position)
    assert json.loads(line) == {
        "hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "trump": "H", "declarer": 0,
        "leader": 1, "played": ["7D", "AD"],
        "rules": {"preset": "kharkov", "bella": "trick_winner"},
    }
    again = batch.loads(line)
    assert again.deal == DEAL and again.rules == rules and again.stack == position.stack
    assert batch.dumps(again) == line


def test_default_rules_and_no_play_are_left_out() -> None:
    line = batch.dumps(Position(DEAL, "S", 1, 0))
    assert json.loads(line) == {"hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "trump": "S",
                                "declarer": 1, "leader": 0}


def test_the_game_field_picks_the_reader() -> None:
    line = {"hands": str(DEAL), "trump": "H", "declarer": 0, "leader": 1}
    assert batch.loads(json.dumps({"game": "deberts", **line})).trump.name == "H"
    with pytest.raises(RecordError, match=r"^bad field 'game': \"whist\", expected one of deberts tertz$"):
        batch.loads(json.dumps({"game": "whist", **line}))
    with pytest.raises(RecordError, match=r"^bad field 'game': not a name"):
        batch.loads(json.dumps({"game": 1, **line}))


def test_a_file_of_lines_round_trips_and_names_a_bad_line() -> None:
    positions = [Position(DEAL, suit, 0, 1) for suit in "SHDC"]
    out = io.StringIO()
    batch.dump(positions, out)
    data = out.getvalue().encode()
    assert [batch.dumps(p) for p in batch.load(io.BytesIO(data))] == out.getvalue().split("\n")[:-1]
    lines = data.splitlines(keepends=True)
    lines[2] = lines[2].replace(b', "leader": 1', b"")
    with pytest.raises(RecordError, match=r"^line 3: missing field 'leader'$"):
        list(batch.load(io.BytesIO(b"".join(lines))))


def test_result_and_error_lines_put_the_number_first() -> None:
    digest = batch.input_digest(b"{}")
    assert batch.result_line(3, b"{}", {"margin": 4}) == (
        f'{{"line": 3, "input": "{digest}", "margin": 4}}')
    assert batch.error_line(2, b"{}", "bad") == f'{{"line": 2, "input": "{digest}", "error": "bad"}}'


def test_lines_end_with_lf_crlf_or_a_lone_cr_even_across_reads() -> None:
    class Trickle(io.RawIOBase):
        """Hands out the data in the given pieces, as a pipe may."""

        def __init__(self, pieces: list[bytes]) -> None:
            self.pieces = pieces

        def read1(self, size: int = -1) -> bytes:
            return self.pieces.pop(0) if self.pieces else b""

    assert list(batch.lines(io.BytesIO(b"a\nb\r\nc\rd"))) == [b"a", b"b", b"c", b"d"]
    assert list(batch.lines(Trickle([b"a\r", b"\nb\r", b"c", b"\r"]))) == [b"a", b"b", b"c"]
    assert list(batch.lines(io.BytesIO(b"\r\r\n\n"))) == [b"", b"", b""]


def test_a_line_s_mode_is_read_apart_from_its_position() -> None:
    line = '{"hands": "AJ.K9.T.7 Q7.A8.9.8", "trump": "H", "declarer": 0, "leader": 1'
    position, mode = batch.loads_request(line + ', "mode": "values"}')
    assert mode == "values"
    assert batch.dumps(position) == batch.dumps(batch.loads(line + "}"))
    assert batch.loads_request(line + "}")[1] is None
    with pytest.raises(RecordError, match="unknown field|mode"):
        batch.loads(line + ', "mode": "values"}')
