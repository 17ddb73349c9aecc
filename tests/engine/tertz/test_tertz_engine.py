"""The Tertz engine (deberts.variants.tertz.engine.solver) agrees exactly with the pure-Python oracle
(tests/tertz_oracle.py): the value and every legal move's value, on seeded random
positions of every phase the oracle can finish (docs/rules.md 4.5). Its optimal line,
replayed on the model, scores the value; two solvers in two threads agree.

The oracle needs seconds for a position with stock left (trick 7), so the default run
checks the end phase in bulk and a few stock positions; ``-m slow`` checks thousands.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from tertz_oracle import oracle_moves
from tertz_positions import RULE_VARIANTS, random_position

from deberts.errors import DebertsError
from deberts.variants.tertz.engine.solver import Solver, solve
from deberts.variants.tertz.model import SWAP, Break, Position
from deberts.variants.tertz.model.declarations import marriage_mask

SOLVER = Solver(16)


def assert_agrees(position: Position) -> None:
    """The engine's value of every move, and the position's, are the oracle's."""
    expected = oracle_moves(position)
    assert SOLVER.values(position) == expected, repr(position)
    best = (max if position.to_move == 0 else min)(expected.values())
    assert SOLVER.value(position) == best, repr(position)


def assert_line_scores(position: Position) -> None:
    """The optimal line, replayed on the model, scores the value (line() checks the
    replay itself; this checks the value against values())."""
    margin, line, score = SOLVER.line(position)
    end = position.copy()
    for move in line:
        end.push(move)
    assert end.is_over() and end.score() == score and score.margin == margin
    moves = SOLVER.values(position)
    assert margin == (max if position.to_move == 0 else min)(moves.values())
    assert moves[line[0]] == margin == SOLVER.best(position)[0]


# The end phase, 2 to 7 cards a hand, every rule variant (seed % 5).
@pytest.mark.parametrize("seed", range(200))
def test_end_phase(seed: int) -> None:
    assert_agrees(random_position(seed, "end", cards_left=2 + seed % 6))


# The first tricks after the last draw: both hold 9 cards, so declarations and the
# marriage are still made before their cards (declare_when stock).
@pytest.mark.parametrize("seed", range(24))
def test_last_declarations(seed: int) -> None:
    assert_agrees(random_position(1_000 + seed, "end", cards_left=8 + seed % 2))


# Trick 7, the stock down to two cards: loose play under each stock_play option
# (seed % 5 picks the rules: 25 suit_or_trump, 11 follow, 7 free with a swap to
# make, 8 declare_when opening).
@pytest.mark.parametrize("seed", [25, 11, 7, 8])
def test_last_draws(seed: int) -> None:
    assert_agrees(random_position(seed, "last_draws"))


def answers_holding_jack(count: int, start: int) -> list[Position]:
    """End positions where the answer holds the jack of trumps."""
    found = []
    seed = start
    while len(found) < count:
        position = random_position(seed, "end", cards_left=3 + seed % 4)
        seed += 1
        jack = 1 << (8 * int(position.trump) + 4)
        if position.trick and position.hands[position.to_move] & jack:
            found.append(position)
    return found


@pytest.mark.parametrize("position", answers_holding_jack(30, 2_000), ids=repr)
def test_jack_never_forced(position: Position) -> None:
    assert_agrees(position)


def marriages(count: int, start: int) -> list[Position]:
    """Trick-8 positions where a player holds both marriage cards, not yet scored."""
    found = []
    seed = start
    while len(found) < count:
        position = random_position(seed, "end", cards_left=9, rules=RULE_VARIANTS[seed % 2])
        seed += 1
        married = marriage_mask(position.trump)
        if not any(position.marriage) and any(h & married == married for h in position.hands):
            found.append(position)
    return found


@pytest.mark.parametrize("position", marriages(6, 3_000), ids=repr)
def test_marriage(position: Position) -> None:
    assert_agrees(position)


@pytest.mark.parametrize("seed", range(20))
def test_line_scores_the_value(seed: int) -> None:
    assert_line_scores(random_position(4_000 + seed, "end", cards_left=5 + seed % 5))


@pytest.mark.parametrize("phase", ["last_draws", "stock", "after_break"])
def test_line_scores_the_value_with_stock(phase: str) -> None:
    assert_line_scores(random_position(5_000, phase))


def test_solution() -> None:
    position = random_position(6_000, "end", cards_left=6)
    solution = solve(position)
    expected = oracle_moves(position)
    assert dict(solution.moves) == expected
    assert solution.margin == solution.moves[0][1]
    assert solution.pv[0] == solution.moves[0][0]
    assert solution.nodes > 0
    end = position.copy()
    for move in solution.pv:
        end.push(move)
    assert end.score() == solution.score and solution.score.margin == solution.margin
    assert solution.to_dict()["margin"] == solution.margin


def test_swap_and_breaks_are_moves() -> None:
    """Before the break: every break:K is valued, and the swap when allowed; each
    is the value of the position after it."""
    for seed in range(50):
        position = random_position(7_000 + seed, "before_break")
        if position.can_swap():
            break
    values = SOLVER.values(position)
    assert set(values) == {Break(k) for k in range(13)} | {SWAP}
    for move in (Break(0), Break(12), SWAP):
        position.push(move)
        assert SOLVER.value(position) == values[move]
        position.pop()


def test_two_threads_agree() -> None:
    positions = [random_position(8_000 + seed, "last_draws") for seed in range(6)]

    def work(offset: int) -> list[dict]:
        solver = Solver(16)
        return [solver.values(p) for p in positions[offset:] + positions[:offset]]

    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(work, (0, 3))
    assert first == second[3:] + second[:3]


def test_finished_deal_is_refused() -> None:
    position = random_position(9_000, "end", cards_left=1)
    while not position.is_over():
        position.push(position.legal_moves()[0])
    with pytest.raises(DebertsError):
        SOLVER.value(position)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2_000))
def test_end_phase_many(seed: int) -> None:
    assert_agrees(random_position(100_000 + seed, "end", cards_left=2 + seed % 8))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(300))
def test_last_draws_many(seed: int) -> None:
    assert_agrees(random_position(200_000 + seed, "last_draws"))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_every_break_many(seed: int) -> None:
    """Each break's value is the value after the model breaks the stock so (the
    engine's rotation of the stock is the model's), and the line from before the
    break scores the value."""
    position = random_position(300_000 + seed, "before_break")
    values = SOLVER.values(position)
    for k in range(13):
        position.push(Break(k))
        assert SOLVER.value(position) == values[Break(k)]
        position.pop()
    assert_line_scores(position)
