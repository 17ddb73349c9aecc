"""Every public entry point answers a wrong type or value with the library's own
error naming the argument (never AttributeError, IndexError, OverflowError or a
silently truncated float), and takes numpy integers wherever it takes an int."""

from __future__ import annotations

import io
from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deberts
from deberts import (
    ArgumentError,
    Card,
    CardSet,
    Deal,
    DebertsError,
    Knowledge,
    Position,
    Rules,
    Solver,
)
from deberts.formats import batch

DEAL = Deal.parse("Q.AKQT.A.AJ7 J.8.T987.QT8")
ENDGAME = Deal.parse("AT.K.. K7.A..")

#: Values that are no integer: floats (even whole ones), bools, text, containers, None.
not_integers = st.one_of(
    st.floats(allow_nan=True), st.booleans(), st.text(max_size=5), st.none(),
    st.lists(st.integers(0, 3), max_size=2), st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
    st.just(object()), st.just(2.0), st.just(1.9),
)
#: Values that are no text.
not_text = st.one_of(st.integers(), st.floats(), st.booleans(), st.none(), st.just(b"AS"),
                     st.lists(st.text(max_size=2), max_size=2))


def refused(call: Callable[[], Any], *names: str) -> None:
    """``call`` raises a DebertsError whose message names one of ``names``."""
    with pytest.raises(DebertsError) as caught:
        call()
    assert any(name in str(caught.value) for name in names), str(caught.value)


@settings(max_examples=60, deadline=None)
@given(value=not_integers)
def test_wrong_integers(value: object) -> None:
    refused(lambda: Card(value), "card")  # type: ignore[arg-type]
    refused(lambda: CardSet([value]), "card")  # type: ignore[list-item]
    if not isinstance(value, list):  # a list of card indices is a hand
        refused(lambda: Deal([value, 3]), "card", "hand")  # type: ignore[list-item]
    refused(lambda: Position(DEAL, "H", value, 1), "declarer")  # type: ignore[arg-type]
    refused(lambda: Position(DEAL, "H", 0, value), "leader")  # type: ignore[arg-type]
    refused(lambda: Solver(value), "table_bits")  # type: ignore[arg-type]
    refused(lambda: deberts.tertz.TertzSolver(value), "table_bits")  # type: ignore[arg-type]
    refused(lambda: deberts.solve(ENDGAME, "S", 0, 0, table_bits=value), "table_bits")  # type: ignore[arg-type]
    refused(lambda: deberts.solve_many([], threads=value), "threads")  # type: ignore[arg-type]
    refused(lambda: list(deberts.generate_deals(value, 1, 1)), "players")  # type: ignore[arg-type]
    if value is not None:  # None: the default (for count: deals without end)
        refused(lambda: list(deberts.generate_deals(2, value, 1)), "count")  # type: ignore[arg-type]
        refused(lambda: deberts.dd_table(ENDGAME, 0, threads=value), "threads")  # type: ignore[arg-type]
    refused(lambda: Knowledge.for_bidder(value, 1, "AK9..QJ.7", "JH"), "players")  # type: ignore[arg-type]
    refused(lambda: Knowledge.for_bidder(2, value, "AK9..QJ.7", "JH"), "seat")  # type: ignore[arg-type]
    refused(lambda: Knowledge((9, value), (CardSet(), CardSet()), (CardSet(), CardSet())),
            "hand size")
    refused(lambda: deberts.sample_deals(Knowledge.for_bidder(2, 1, "AK9..QJ.7", "JH"), value),
            "count")  # type: ignore[arg-type]
    position = Position(ENDGAME, "S", 0, 0)
    refused(lambda: Solver(8).reaches(position, value), "threshold")  # type: ignore[arg-type]
    refused(lambda: Solver(8).bounds(position, value), "threshold")  # type: ignore[arg-type]
    if value is not None:  # None: no guess
        refused(lambda: Solver(8).values(position, guess=value), "guess")  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(value=not_text)
def test_wrong_text(value: object) -> None:
    refused(lambda: Card.parse(value), "card")  # type: ignore[arg-type]
    refused(lambda: CardSet.parse(value), "hand")  # type: ignore[arg-type]
    refused(lambda: Deal.parse(value), "deal")  # type: ignore[arg-type]
    refused(lambda: Position(DEAL, value, 0, 1), "suit", "trump")  # type: ignore[arg-type]
    refused(lambda: Rules.from_mapping({"preset": value}), "preset")
    refused(lambda: Rules.from_mapping({"bella": value}), "bella")


@settings(max_examples=40, deadline=None)
@given(value=st.one_of(st.integers(), st.floats(), st.none(), st.text(max_size=3), st.just(object())))
def test_wrong_objects(value: object) -> None:
    refused(lambda: deberts.solve(value), "position", "deal", "hand")  # type: ignore[arg-type]
    refused(lambda: Solver(8).value(value), "position")  # type: ignore[arg-type]
    refused(lambda: Position(value, "H", 0, 1), "deal")  # type: ignore[arg-type]
    if value is not None:  # None: the default rules
        refused(lambda: Position(DEAL, "H", 0, 1, rules=value), "rules")  # type: ignore[arg-type]
    refused(lambda: deberts.solve_many(value, mode="value"), "positions")  # type: ignore[arg-type]
    refused(lambda: deberts.solve_many([], mode=value), "mode")  # type: ignore[arg-type]
    if not isinstance(value, str):  # a path: a missing file is the OSError open() gives
        refused(lambda: deberts.read_records(value), "source")  # type: ignore[arg-type]
    refused(lambda: deberts.write_records([value], io.StringIO()), "records")  # type: ignore[list-item]
    refused(lambda: Rules.from_mapping(value), "rules")  # type: ignore[arg-type]
    refused(lambda: deberts.analyze_play(value), "position", "deal", "hand")  # type: ignore[arg-type]
    refused(lambda: deberts.score(value), "position")  # type: ignore[arg-type]
    refused(lambda: deberts.sample_deals(value, 1), "knowledge")  # type: ignore[arg-type]
    if value is not None and not isinstance(value, str):  # None: no play; text: cards
        refused(lambda: deberts.analyze_play(Position(ENDGAME, "S", 0, 0), value), "cards")  # type: ignore[arg-type]
    refused(lambda: batch.loads(value), "line", "JSON")  # type: ignore[arg-type]


def test_wrong_types_are_argument_errors_and_type_errors() -> None:
    with pytest.raises(TypeError, match=r"^bad card index: expected an integer, got float 1\.9$"):
        Card(1.9)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^bad card mask: expected an integer, got float 1\.5$"):
        Deal([1.5, 2.5])  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match=r"^bad table_bits: expected an integer, got float 18\.5$"):
        Solver(18.5)  # type: ignore[arg-type]


def test_numpy_integers_work_where_an_int_does() -> None:
    i = np.int64
    assert Card(i(3)) == Card(3) and CardSet(np.uint32(7)) == CardSet(7)
    assert Deal([np.uint32(m) for m in ENDGAME.masks()]) == ENDGAME
    position = Position(ENDGAME, "S", i(0), np.int8(0))
    assert position.declarer == 0 and type(position.declarer) is int
    solver = Solver(i(8))
    assert solver.value(position) == 20
    assert solver.reaches(position, i(19)) and not solver.reaches(position, i(20))
    assert deberts.solve_many([position], threads=i(1), mode="value") == [20]
    assert Knowledge.for_bidder(i(2), i(1), "AK9..QJ.7", "JH", dealer=i(0)).players == 2
    assert len(list(deberts.generate_deals(i(3), i(2), i(1)))) == 2
    assert Deal.random(i(3), i(4), seed=i(5)) == Deal.random(3, 4, seed=5)
    refused(lambda: deberts.dd_table(ENDGAME, 0, threads=0), "threads")


@pytest.mark.parametrize("threshold", [10**12, -10**12, 2**31, -2**31 - 1, 10**100])
def test_thresholds_beyond_a_c_int(threshold: int) -> None:
    position = Position(ENDGAME, "S", 0, 0)
    solver = Solver(8)
    assert solver.reaches(position, threshold) == (threshold < 20)
    bounds = solver.bounds(position, threshold)
    assert all((low > threshold) == (threshold < 20) for low, _ in bounds.values())
