"""Tertz batch lines (deberts.formats.batch with ``"game": "tertz"``): a position
reads back as itself, each bad line is refused naming its token, and junk never
raises anything but the library's errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tertz_positions import PHASES, RULE_VARIANTS, random_positions

from deberts import DebertsError, Position
from deberts.errors import RecordError
from deberts.formats import batch
from deberts.tertz import TertzDeal, TertzPosition, TertzRules
from deberts.variants.deberts.formats import line as deberts_line

HANDS = ["QT.9.AJT8.KQ", "A8.AK.KQ.T87"]
STOCK = "7H KS JS TH 7D JH QH 8H AC 7S 9S 9C JC 9D".split()
DEAL = TertzDeal(HANDS, STOCK)


def line(**fields: Any) -> str:
    return json.dumps({"game": "tertz", "hands": HANDS, "stock": STOCK, **fields})


@pytest.mark.parametrize("phase", PHASES)
def test_a_position_reads_back_as_itself(phase: str) -> None:
    for position in random_positions(3, phase, seed=7):
        read = batch.loads(batch.dumps(position))
        assert isinstance(read, TertzPosition)
        assert read.deal == position.deal and read.rules == position.rules
        assert read.moves == position.moves
        assert repr(read) == repr(position)


def test_a_line_holds_the_options_that_differ_only() -> None:
    data = json.loads(batch.dumps(TertzPosition(DEAL, TertzRules(stock_play="follow"))))
    assert data == {"game": "tertz", "hands": HANDS, "stock": STOCK,
                    "rules": {"stock_play": "follow"}}
    assert "rules" not in json.loads(batch.dumps(batch.loads(line())))


def test_strings_and_lists_read_alike() -> None:
    as_lists = batch.loads(line(played=["TD", "QD", "break:0"]))
    as_strings = batch.loads(json.dumps({
        "game": "tertz", "hands": " ".join(HANDS), "stock": " ".join(STOCK),
        "played": "TD QD break:0",
    }))
    assert repr(as_lists) == repr(as_strings)


@pytest.mark.parametrize(("fields", "message"), [
    ({"hands": ["QT.9.AJT8.K", HANDS[1]]}, r"hand 0 \(QT.9.AJT8.K\) has 8 cards"),
    ({"hands": [HANDS[0], "A8.AK.KQ.T8Q"]}, "card QC is in both hands"),
    ({"stock": STOCK[:13]}, "the stock has 13 cards, expected 14"),
    ({"stock": STOCK[:13] + ["KS"]}, "card KS is twice in the stock"),
    ({"played": ["AS"]}, r"move 1 \(seat 0\): card AS: seat 0 does not hold it"),
    ({"played": ["TD", "8S"]}, r"move 2 \(seat 1\): card 8S: illegal for seat 1"),
    ({"played": ["TD", "QD", "break:15"]}, "bad move 'break:15'"),
    ({"played": ["swap"]}, r"move 1 \(seat 0\): swap: seat 0 does not hold the seven"),
    ({"played": ["TD", "QD", "9S"]}, "card 9S: seat 1 must first break the stock"),
    ({"rules": {"stock_play": "strict"}}, "bad value 'strict' for Tertz rule option"),
    ({"rules": {"trump": "H"}}, "unknown Tertz rule option 'trump'"),
    ({"trump": "H"}, "unknown field 'trump'"),
    ({"stock": 14}, "bad field 'stock': expected a list of card strings"),
])
def test_a_bad_line_is_refused_naming_the_token(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(DebertsError, match=message):
        batch.loads(line(**fields))


def test_a_missing_field_and_an_unknown_game_are_named() -> None:
    with pytest.raises(RecordError, match="missing field 'stock'"):
        batch.loads(json.dumps({"game": "tertz", "hands": HANDS}))
    with pytest.raises(RecordError, match='bad field \'game\': "belote"'):
        batch.loads(line(game="belote"))


def test_the_deberts_reader_reads_deberts_lines_only() -> None:
    with pytest.raises(RecordError, match="expected a Deberts line"):
        deberts_line.from_object(json.loads(line()))
    plain = {"hands": ["AJ.K9.T.7", "Q7.A8.9.8"], "trump": "H", "declarer": 0, "leader": 1}
    assert isinstance(deberts_line.from_object(plain), Position)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
CARD_TEXT = st.sampled_from(STOCK + ["AS", "10S", "J♥", "XX", "", "swap", "break:3",
                                     "break:99", "break:", "7C", "TD", "QD"])
FIELD_VALUES = {
    "hands": st.one_of(JSON, st.lists(st.text(alphabet="AKQJT9871.0 ", max_size=14),
                                      max_size=3), st.just(HANDS)),
    "stock": st.one_of(JSON, st.lists(CARD_TEXT, max_size=16), st.just(STOCK)),
    "played": st.one_of(JSON, st.lists(CARD_TEXT, max_size=6)),
    "rules": st.one_of(JSON, st.dictionaries(
        st.sampled_from(["stock_play", "declare_when", "target", "x"]),
        st.one_of(JSON, st.sampled_from(["follow", "free", "opening", "stock"])),
        max_size=3)),
}


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"game": st.just("tertz")},
                             optional={name: value for name, value in FIELD_VALUES.items()}))
def test_junk_lines_raise_only_the_library_errors(data: dict[str, Any]) -> None:
    try:
        position = batch.loads(json.dumps(data))
    except DebertsError:
        return
    assert isinstance(position, TertzPosition)
    assert repr(batch.loads(batch.dumps(position))) == repr(position)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(lambda t: '{"game": "tertz", ' + t))
def test_junk_text_raises_only_the_library_errors(text: bytes | str) -> None:
    try:
        batch.loads(text)
    except DebertsError:
        pass


def test_every_rules_variant_reads_back() -> None:
    for rules in RULE_VARIANTS:
        read = batch.loads(batch.dumps(TertzPosition(DEAL, rules)))
        assert isinstance(read, TertzPosition) and read.rules == rules
