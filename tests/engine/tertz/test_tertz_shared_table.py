"""Searches that share one transposition table (``Search(share=...)``), and
``Solver(threads=N)`` built on them: the values are those of one thread, also
when the threads write the same small table at once (a torn entry fails its
check word and is ignored), and the table is one table whatever the threads."""

from __future__ import annotations

import threading

import pytest
from tertz_positions import after_break

from deberts.variants.deberts.engine import _engine
from deberts.variants.tertz.engine import _tertz
from deberts.variants.tertz.engine.solver import Solver, engine_input, settled_margin

# Leading (each root move a lead) and answering (each root move ends a trick).
POSITIONS = [(seed, extra) for seed in range(4) for extra in (0, 1)]


@pytest.mark.parametrize("seed, extra", POSITIONS)
def test_two_threads_on_one_table_give_one_threads_values(seed: int, extra: int) -> None:
    position = after_break(seed, extra)
    alone = Solver(16).values(position)
    shared = Solver(16, threads=2).values(position)
    assert dict(shared) == dict(alone) and list(shared) == position.legal_moves()


def test_the_threads_share_one_table() -> None:
    one, four = Solver(14), Solver(14, threads=4)
    assert four.table_bytes == one.table_bytes
    owner = _tertz.Search(12)
    helper = _tertz.Search(share=owner)
    assert helper.shares and not owner.shares
    assert helper.table_bytes == owner.table_bytes and helper.table_bits == 12
    assert _tertz.Search(share=helper).table_bits == 12  # a helper's helper: the owner's


def test_a_root_moves_value_is_its_value_in_values() -> None:
    """move_value, on any search of a shared table, is values' value of that move;
    a second search of the table finds the first one's proofs (fewer nodes)."""
    position = after_break(5)
    spec = engine_input(position)
    owner = _tertz.Search(16)
    rows, _ = _tertz.Search(16).values(spec)
    assert owner.root_moves(spec) == [move for move, _ in rows]
    helper = _tertz.Search(share=owner)
    first, cold = helper.move_value(spec, rows[0][0])
    again, warm = owner.move_value(spec, rows[0][0])
    assert first == again == rows[0][1] and warm < cold
    known = [value for _, value in rows[:3]]
    for move, value in rows:
        assert helper.move_value(spec, move, guess=rows[0][1], known=known)[0] == value
    with pytest.raises(ValueError, match="not legal"):
        owner.move_value(spec, 99)


def test_many_threads_writing_one_small_table_at_once_keep_it_sound() -> None:
    """Four threads value the root moves of several positions at once in a table
    of 2**10 end buckets, so their entries overwrite each other all the time:
    every value is still the one a thread alone finds."""
    positions = [after_break(seed, extra) for seed in (6, 7) for extra in (0, 1)]
    specs = [engine_input(position) for position in positions]
    expected = [dict(_tertz.Search(16).values(spec)[0]) for spec in specs]
    owner = _tertz.Search(10)
    searches = [owner, *(_tertz.Search(share=owner) for _ in range(3))]
    wrong: list[str] = []
    for spec, values in zip(specs, expected):
        owner.root_moves(spec)  # the table begun under the position's setting
        moves = list(values) * 2  # each move twice, by different threads

        def run(search: _tertz.Search, index: int) -> None:
            for move in moves[index::len(searches)]:
                value, _ = search.move_value(spec, move)
                if value != values[move]:
                    wrong.append(f"{move}: {value} != {values[move]}")

        threads = [threading.Thread(target=run, args=(search, index))
                   for index, search in enumerate(searches)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert not wrong


def test_a_deberts_table_cannot_be_shared() -> None:
    """The Deberts engine's entries carry no check word."""
    with pytest.raises(ValueError, match="cannot be shared"):
        _engine.Search(share=_engine.Search(8))  # type: ignore[call-arg]


def test_settled_margins_are_added_once() -> None:
    """The values of a position with points already won, shared out."""
    position = after_break(2, 4)
    assert settled_margin(position) != 0
    shared = Solver(14, threads=3).values(position)
    assert dict(shared) == dict(Solver(14).values(position))


@pytest.mark.parametrize("seed", [1, 3])
def test_more_threads_than_moves_help_with_the_open_moves(seed: int) -> None:
    """Threads with no move left search an unsolved one beside its first thread
    (whoever proves it stops the others): the values are still one thread's."""
    position = after_break(seed, 1)
    assert len(position.legal_moves()) < 12
    alone = Solver(16).values(position)
    assert dict(Solver(16, threads=12).values(position)) == dict(alone)
