"""Searches sharing one transposition table, hammered under load: thousands of
threaded searches, every value compared with one thread's, while a process burns
a core beside them so that the threads are preempted at any instruction.

Threads searching the same root moves at once write the same entries of a small
table at the same moment, where a torn or half-read entry would show; the count
of calls is fixed (the work does not depend on the machine's speed, only its
duration does). The bigger run is marked ``slow``."""

from __future__ import annotations

import subprocess
import sys
import threading
from typing import Iterator

import pytest
from tertz_positions import after_break

from deberts.tertz import TertzDeal, TertzPosition, TertzSolver
from deberts.variants.tertz.engine import _tertz
from deberts.variants.tertz.engine.solver import engine_input

#: Positions a few tricks after the break that solve in 50k-300k nodes, with
#: several moves each (seed, random moves past the break), and the command line's
#: position of the bug report.
SEEDS = [(0, 6), (1, 6), (1, 8), (2, 6), (4, 5), (5, 5), (5, 6), (6, 4), (6, 6), (7, 7)]
REPORTED = ("J9.J9.Q9.JT7 KT.AQ87.T8.Q / QS 8S AS KH 7S AC JD KC 9C KD 8C TH AD 7D",
            "9D TD break:12 JC 8D AH 9H TS 8S AS JS")
#: A table this small (2**10 end buckets) makes the threads overwrite each other's
#: entries all the time.
SMALL_TABLE = 10


def reported() -> TertzPosition:
    """The position of the bug report, where the race showed most often (its 7H
    and 8H valued -130 for -126)."""
    deal, played = REPORTED
    return TertzPosition(TertzDeal.parse(deal), None, played)


def seeded() -> list[TertzPosition]:
    return [after_break(seed, extra) for seed, extra in SEEDS]


@pytest.fixture
def busy_core() -> Iterator[None]:
    """A process spinning on one core for the test's length."""
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        burner.kill()
        burner.wait()


def hammer_shared_table(cases: list[TertzPosition], rounds: int, threads: int) -> tuple[int, list[str]]:
    """Each round, for each position: a fresh small table shared by ``threads``
    searches, each valuing every root move in the same order at once. Returns the
    calls made and the wrong answers."""
    specs = [engine_input(position) for position in cases]
    expected = [dict(_tertz.Search(16).values(spec)[0]) for spec in specs]
    wrong: list[str] = []
    calls = [0]
    for _ in range(rounds):
        for number, (spec, values) in enumerate(zip(specs, expected)):
            owner = _tertz.Search(SMALL_TABLE)
            searches = [owner, *(_tertz.Search(share=owner) for _ in range(threads - 1))]
            owner.root_moves(spec)  # the table begun under the position's setting

            def run(search: _tertz.Search) -> None:
                for move, value in values.items():
                    found, _ = search.move_value(spec, move)
                    calls[0] += 1
                    if found != value:
                        wrong.append(f"position {number}, move {move}: {found} != {value}")

            workers = [threading.Thread(target=run, args=(search,)) for search in searches]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
    return calls[0], wrong


def hammer_solver(cases: list[TertzPosition], rounds: int, threads: int) -> tuple[int, list[str]]:
    """``TertzSolver(threads=...).values`` of each position, a fresh small table
    each call, against one thread's values. Returns the calls and the wrong answers."""
    expected = [dict(TertzSolver(16).values(position)) for position in cases]
    wrong: list[str] = []
    calls = 0
    for _ in range(rounds):
        for number, (position, values) in enumerate(zip(cases, expected)):
            found = TertzSolver(SMALL_TABLE, threads=threads).values(position)
            calls += 1
            wrong += [f"position {number}, {move}: {found[move]} != {value}"
                      for move, value in values.items() if found[move] != value]
    return calls, wrong


@pytest.mark.usefixtures("busy_core")
def test_threads_writing_one_table_at_once_give_one_threads_values() -> None:
    """About 14,700 searches of root moves (14,400 of the reported position, which
    gave 32 wrong values when the table's reads could be repeated)."""
    calls, wrong = hammer_shared_table([reported()], rounds=400, threads=4)
    more, wrong_more = hammer_shared_table(seeded(), rounds=1, threads=4)
    assert calls + more > 14000 and not wrong + wrong_more, (wrong + wrong_more)[:5]


@pytest.mark.usefixtures("busy_core")
def test_threaded_solver_under_load_gives_one_threads_values() -> None:
    """600 values calls of the reported position on 12 threads, three of them
    helping with the first moves at once (2 of 400 were wrong on an idle machine
    when the table's reads could be repeated), and the seeded positions on 6."""
    calls, wrong = hammer_solver([reported()], rounds=600, threads=12)
    more, wrong_more = hammer_solver(seeded(), rounds=2, threads=6)
    assert calls + more == 600 + 2 * len(SEEDS) and not wrong + wrong_more, (wrong + wrong_more)[:5]


@pytest.mark.slow
@pytest.mark.usefixtures("busy_core")
def test_many_thousand_threaded_searches_under_load_give_one_threads_values() -> None:
    calls, wrong = hammer_shared_table([reported(), *seeded()], rounds=160, threads=4)
    assert calls > 50000 and not wrong, wrong[:5]
    calls, wrong = hammer_solver([reported(), *seeded()], rounds=60, threads=12)
    assert not wrong, wrong[:5]
    calls, wrong = hammer_solver([reported()], rounds=3000, threads=2)
    assert not wrong, wrong[:5]
