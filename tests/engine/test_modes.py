"""The solver's modes agree with each other and with the oracle; a reused table stays
exact; solve_many keeps order and agrees with single solves."""

from __future__ import annotations

import random

import pytest
from oracle import oracle_moves
from positions import random_position

from deberts import Deal, Position, Rules, Solver, Suit, solve
from deberts.variants.deberts.engine.many import solve_many


def sample(players: int, count: int, base: int) -> list:
    return [
        random_position(base + seed, players, cards_left=3 + seed % 2, full=seed % 3 != 0)
        for seed in range(count)
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_modes_agree_with_the_oracle(players: int) -> None:
    solver = Solver(table_bits=12)
    for position in sample(players, 40, 80_000 + 1000 * players):
        expected = oracle_moves(position)
        maximizing = position.is_declarer_side(position.to_move)
        value = max(expected.values()) if maximizing else min(expected.values())
        assert solver.values(position) == expected
        assert solver.value(position) == value
        best_value, card = solver.best(position)
        assert best_value == value and expected[card] == value
        for threshold in (value - 2, value - 1, value, value + 1):
            assert solver.reaches(position, threshold) == (value > threshold)
        margin, line, final = solver.line(position)
        assert margin == value == final.margin
        replayed = position.copy()
        for play in line:  # every card legal (push checks), the deal played out
            replayed.push(play.card, bella=play.bella)
        assert replayed.is_over()


def test_a_reused_table_stays_exact_through_a_deal() -> None:
    """One solver follows a 3-player deal card by card; each answer equals a fresh one."""
    position = random_position(90_001, 3, cards_left=5, full=True)
    solver = Solver()
    while not position.is_over():
        values = solver.values(position)
        assert values == {m.card: m.margin for m in solve(position).moves}
        best = min(values, key=values.get) if not position.is_declarer_side(
            position.to_move) else max(values, key=values.get)
        position.push(best)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("rules", [Rules(), Rules().with_options(bella="trick_winner"),
                                   Rules().with_options(bella="both_tricks", capot=True)],
                         ids=["moscow", "trick_winner", "both_tricks_capot"])
def test_one_table_shared_by_many_deals_stays_exact(players: int, rules: Rules) -> None:
    """Deals of one trump, declarer and leader share a table's entries, which answer
    positions of the same rank structure with widened bounds: still exact."""
    solver = Solver(table_bits=10)
    for seed in range(40):
        deal = Deal.random(players, 4, seed=random.Random(95_000 + seed))
        position = Position(deal, Suit.H, 0, 0, rules)
        assert solver.values(position) == oracle_moves(position)


def test_solve_many_keeps_input_order() -> None:
    positions = sample(4, 30, 91_000) + sample(2, 30, 92_000)
    single = [solve(p).margin for p in positions]
    for threads in (1, 2):
        assert solve_many(positions, threads=threads, mode="value") == single
        solved = solve_many(positions, threads=threads)
        assert [s.margin for s in solved] == single


def test_solve_many_rejects_a_bad_mode() -> None:
    with pytest.raises(ValueError, match="bad mode 'fast'"):
        solve_many([], mode="fast")


def test_the_table_has_the_size_asked_for() -> None:
    assert Solver(table_bits=10).table_bytes == 24 * 2**10
    assert Solver(table_bits=16).table_bytes == 24 * 2**16
    with pytest.raises(ValueError, match="table_bits 40"):
        Solver(table_bits=40)
