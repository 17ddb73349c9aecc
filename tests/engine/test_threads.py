"""One Solver, or one PimcPlayer, shared by several threads: every answer is the one a
thread alone gets, and the process neither crashes nor hangs (the engine releases the
GIL, so without the Solver's lock two searches would share one table)."""

from __future__ import annotations

import random
import threading
from typing import Callable, TypeVar

from positions import random_position
from recorded_views import Recorder
from tertz_positions import random_position as random_tertz_position

from deberts import Solver
from deberts.tertz import TertzSolver
from deberts.variants.deberts.play.match import play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import RandomPlayer

THREADS = 4
S = TypeVar("S")


def hammer(work: Callable[[int], object], rounds: int) -> list[list[object]]:
    """``work(i)`` for i in 0..rounds-1 on each of THREADS threads started together;
    each thread's answers, in order."""
    start = threading.Barrier(THREADS)
    answers: list[list[object]] = [[] for _ in range(THREADS)]
    errors: list[BaseException] = []

    def run(slot: int) -> None:
        start.wait()
        try:
            for i in range(rounds):
                answers[slot].append(work((i + slot) % rounds))
        except BaseException as error:  # a thread's error fails the test, not a warning
            errors.append(error)

    threads = [threading.Thread(target=run, args=(slot,)) for slot in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a thread hangs"
    assert not errors, errors
    return answers


def assert_shared_answers_as_alone(
    make: Callable[[], S], work: Callable[[S, int], object], count: int
) -> None:
    """One object hammered by THREADS threads gives each thread, in its order, what
    another object gives alone."""
    alone = make()
    expected = [work(alone, i) for i in range(count)]
    shared = make()
    for slot, got in enumerate(hammer(lambda i: work(shared, i), count)):
        assert got == expected[slot:] + expected[:slot]


def test_threads_sharing_one_solver_get_exact_answers() -> None:
    positions = [random_position(500 + seed, 2 + seed % 3, cards_left=5, full=False)
                 for seed in range(24)]

    def work(solver: Solver, i: int) -> object:
        position = positions[i]
        return (solver.values(position), solver.value(position), solver.best(position)[0],
                solver.reaches(position, 0), solver.line(position)[0],
                solver.solve(position).margin)

    assert_shared_answers_as_alone(lambda: Solver(table_bits=12), work, len(positions))


def test_threads_sharing_one_pimc_player_play_legal_cards() -> None:
    seats = [Recorder(RandomPlayer(seed)) for seed in (1, 2, 3)]
    play_deal(seats, 0, rng=random.Random(5))
    views = [view for seat in seats for view in seat.views][:18]
    player = PimcPlayer(samples=6, bid_samples=6, seed=1)
    for slot_answers in hammer(lambda i: (i, player.play(views[i])), len(views)):
        for i, card in slot_answers:  # type: ignore[misc]
            assert card in views[i].legal


def test_threads_sharing_one_tertz_solver_get_exact_answers() -> None:
    positions = [random_tertz_position(700 + seed, "end", cards_left=6) for seed in range(16)]

    def work(solver: TertzSolver, i: int) -> object:
        position = positions[i]
        return (solver.value(position), solver.values(position),
                solver.line(position)[0])

    assert_shared_answers_as_alone(lambda: TertzSolver(table_bits=12), work, len(positions))
