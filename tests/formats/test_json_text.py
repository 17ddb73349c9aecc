"""JSON that Python's parser chokes on, or reads silently wrong, is one clear error
naming the field, in batch lines and in game records."""

from __future__ import annotations

import json

import pytest

from deberts import DebertsError, RecordError, read_records
from deberts.formats import batch, records

LINE = {"hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "trump": "H", "declarer": 0, "leader": 1}


def line_with(**fields: object) -> str:
    return json.dumps({**LINE, **fields})


def test_deep_nesting_names_its_field() -> None:
    deep = "[" * 5000 + "]" * 5000
    text = line_with(played="X").replace('"X"', deep)
    with pytest.raises(RecordError, match=r"^bad field 'played': nested more than 64 deep$"):
        batch.loads(text)
    with pytest.raises(RecordError, match=r"^bad field 'hands': nested more than 64 deep$"):
        records.loads('{"format": "deberts-record/1", "hands": ' + deep + "}")
    with pytest.raises(RecordError, match=r"^bad JSON: nested more than 64 deep$"):
        batch.loads(deep)
    # Brackets inside strings do not count.
    assert batch.loads(line_with(rules={"preset": "moscow"}), ).trump.name == "H"
    with pytest.raises(RecordError, match=r"unknown field '\[\[\[\["):
        batch.loads(line_with(**{"[" * 100: 1}))


@pytest.mark.parametrize("digits", [101, 5000])
def test_huge_integers_name_their_field(digits: int) -> None:
    huge = "9" * digits
    with pytest.raises(RecordError, match=r"^bad field 'declarer': expected a seat number, got a number too large$"):
        batch.loads(line_with(declarer=0).replace('"declarer": 0', f'"declarer": {huge}'))
    with pytest.raises(RecordError, match=r"^bad field 'dealer': expected a seat number, got a number too large$"):
        records.loads('{"format": "deberts-record/1", "dealer": -' + huge + ', "hands": '
                      + json.dumps(LINE["hands"]) + "}")


def test_duplicate_keys_and_non_json_constants_are_refused() -> None:
    text = line_with()[:-1] + ', "trump": "S"}'
    with pytest.raises(RecordError, match=r"^duplicate field 'trump': each field may be given once$"):
        batch.loads(text)
    with pytest.raises(RecordError, match=r"^duplicate field 'bella'"):
        batch.loads(line_with(rules="R").replace('"R"', '{"bella": "owner", "bella": "owner"}'))
    with pytest.raises(RecordError, match=r"^bad JSON: NaN is not a JSON value$"):
        batch.loads(line_with(declarer="X").replace('"X"', "NaN"))


def test_a_null_rule_value_is_refused_by_name() -> None:
    with pytest.raises(DebertsError, match=r"^bad value null for rule option 'capot': give a value$"):
        batch.loads(line_with(rules={"preset": "moscow", "capot": None}))


def test_record_files_refuse_duplicate_keys(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "r.json"
    path.write_text('{"format": "deberts-record/1", "format": "deberts-record/1"}')
    with pytest.raises(RecordError, match=r"^duplicate field 'format'"):
        read_records(path)


def test_analyze_record_and_batch_give_one_line_naming_the_field(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from deberts.cli.main import main

    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "deberts-record/1", "bidding": ' + "[" * 1000 + "]" * 1000 + "}")
    result = CliRunner().invoke(main, ["analyze", "--record", str(deep)])
    assert result.exit_code == 2
    assert result.stderr == "deberts: error: bad field 'bidding': nested more than 64 deep\n"
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "deberts-record/1", "dealer": ' + "7" * 4400
                    + ', "hands": ' + json.dumps(LINE["hands"]) + "}")
    result = CliRunner().invoke(main, ["analyze", "--record", str(huge)])
    assert result.stderr == ("deberts: error: bad field 'dealer': expected a seat number, "
                             "got a number too large\n")
    lines = tmp_path / "in.jsonl"
    lines.write_text(line_with(played="X").replace('"X"', "[" * 1000 + "]" * 1000) + "\n"
                     + line_with(leader=0).replace('"leader": 0', '"leader": ' + "1" * 4400) + "\n")
    result = CliRunner().invoke(main, ["batch", str(lines)])
    assert [json.loads(line)["error"] for line in result.stdout.splitlines()] == [
        "bad field 'played': nested more than 64 deep",
        "bad field 'leader': expected a seat number, got a number too large",
    ]
