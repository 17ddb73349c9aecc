"""Values as they are proven (engine/partial.py): a search stopped at a node limit
returns the values it proved, which are the exact values, and intervals that hold
the others; every value told while a search runs lies inside every interval told
for that move before it; a search that finishes proves them all. Both games."""

from __future__ import annotations

from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import random_position
from tertz_positions import random_position as random_tertz_position

from deberts import SearchInterrupted, Solver
from deberts.engine.partial import STOPPED_AT_LIMIT, PartialValues, better
from deberts.variants.tertz.engine.solver import Solver as TertzSolver

EXAMPLES = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def deberts_case(seed: int) -> tuple[Any, Callable[[], Any]]:
    """A Deberts position (2 to 4 players, 5 to 8 cards a hand, full deals with
    declarations and bella among them) and a fresh solver's maker."""
    players = 2 + seed % 3
    position = random_position(seed, players, cards_left=5 + seed % 4, full=seed % 3 != 0)
    return position, lambda: Solver(14)


def tertz_case(seed: int) -> tuple[Any, Callable[[], Any]]:
    """A Tertz position at the last draws or in the end phase (up to 9 cards)."""
    phase = "last_draws" if seed % 2 else "end"
    return random_tertz_position(seed, phase, cards_left=4 + seed % 6), lambda: TertzSolver(14)


def inside(value: int, interval: tuple[int | None, int | None]) -> bool:
    lower, upper = interval
    return (lower is None or lower <= value) and (upper is None or value <= upper)


def check_against(told: list[PartialValues[Any]], last: PartialValues[Any],
                  exact: dict[Any, int]) -> None:
    """Every snapshot told, and the result, agree with the exact values, and each
    move's interval only narrows from one snapshot to the next."""
    for values in [*told, last]:
        assert set(values.exact) | set(values.bounds) == set(exact)
        assert not set(values.exact) & set(values.bounds)
        for move, value in values.exact.items():
            assert value == exact[move]
        for move, interval in values.bounds.items():
            assert inside(exact[move], interval), (move, interval, exact[move])
    for before, after in zip([*told, last], [*told, last][1:]):
        for move in exact:
            now = after.exact.get(move)
            interval = (now, now) if now is not None else after.bounds[move]
            was = before.exact.get(move)
            earlier = (was, was) if was is not None else before.bounds[move]
            for side, old in zip(interval, earlier):
                assert old is None or (side is not None and inside(side, earlier))


@pytest.mark.parametrize("case", [deberts_case, tertz_case], ids=["deberts", "tertz"])
@EXAMPLES
@given(seed=st.integers(0, 10**6), nodes=st.integers(0, 14).map(lambda bits: 1 << bits))
def test_a_stopped_search_returns_exact_values_and_sound_intervals(
    case: Callable[[int], tuple[Any, Callable[[], Any]]], seed: int, nodes: int
) -> None:
    position, make = case(seed)
    exact = dict(make().values(position))
    solver = make()
    told: list[PartialValues[Any]] = []
    with solver.limit(nodes=nodes):
        result = solver.proven_values(position, told.append)
    check_against(told, result, exact)
    for values in told:
        check_best_so_far(values)
    if result.partial:
        assert result.stopped == STOPPED_AT_LIMIT and result.nodes >= 1
    else:
        assert result.exact == exact and result.stopped is None
    check_best_so_far(result)
    best = result.best()
    if result.best_proven():
        assert best is not None
        want = max if result.maximising else min
        assert exact[best[0]] == want(exact.values())


def beats(first: tuple[int | None, int | None], second: tuple[int | None, int | None],
          maximising: bool) -> bool:
    """The proven interval ``first`` lies strictly beyond ``second`` for the player
    to move: every value it allows is better than every value ``second`` allows."""
    if maximising:
        return first[0] is not None and second[1] is not None and first[0] > second[1]
    return first[1] is not None and second[0] is not None and first[1] < second[0]


def check_best_so_far(values: PartialValues[Any]) -> None:
    """The partial-answer rule: the move named best is never one another move's
    proven interval beats, and the order "best first" never puts a move before
    one whose interval beats it; every move is listed once, with its interval."""
    ordered = values.ordered()
    intervals = dict(ordered)
    assert len(ordered) == len(intervals) == len(values.exact) + len(values.bounds)
    for move, value in values.exact.items():
        assert intervals[move] == (value, value)
    for move, interval in values.bounds.items():
        assert intervals[move] == interval
    for index, (_, interval) in enumerate(ordered):
        for _, later in ordered[index + 1:]:
            assert not beats(later, interval, values.maximising), ordered
    best = values.best()
    if best is None:
        sure = 0 if values.maximising else 1
        assert all(interval[sure] is None for _, interval in ordered)
        return
    assert best == ordered[0]
    assert not any(beats(interval, best[1], values.maximising) for _, interval in ordered)
    if values.best_proven():
        assert all(not beats(interval, best[1], values.maximising) and (
            interval[1] is not None and best[1][0] is not None and interval[1] <= best[1][0]
            if values.maximising else
            interval[0] is not None and best[1][1] is not None and interval[0] >= best[1][1])
            for move, interval in ordered if move != best[0])


@pytest.mark.parametrize("case", [deberts_case, tertz_case], ids=["deberts", "tertz"])
@pytest.mark.parametrize("seed", range(8))
def test_a_search_without_limit_tells_each_value_once_proven(
    case: Callable[[int], tuple[Any, Callable[[], Any]]], seed: int
) -> None:
    position, make = case(seed)
    exact = dict(make().values(position))
    told: list[PartialValues[Any]] = []
    result = make().proven_values(position, told.append)
    assert result.exact == exact and not result.partial and result.stopped is None
    assert result.best_proven() and told
    proven = [len(values.exact) for values in told]
    assert proven == sorted(proven) and proven[-1] == len(set(exact))
    check_against(told, result, exact)


def test_the_progress_observer_sees_the_values_and_values_still_stops() -> None:
    """values() under a limit still raises; the thread's progress observer got
    each value as it was proven (what the CLI prints when it stops)."""
    position, make = tertz_case(3)
    exact = dict(make().values(position))
    solver = make()
    seen: list[Any] = []
    with solver.progress(seen.append), solver.limit(nodes=300), \
            pytest.raises(SearchInterrupted):
        solver.values(position)
    last = seen[-1].values
    assert last is not None and last.partial
    check_against([p.values for p in seen], last, exact)


@pytest.mark.parametrize("threads", [2])
def test_values_shared_out_among_threads_are_told_as_proven(threads: int) -> None:
    position, _ = tertz_case(5)
    exact = dict(TertzSolver(14).values(position))
    told: list[PartialValues[Any]] = []
    result = TertzSolver(14, threads).proven_values(position, told.append)
    assert result.exact == exact and len(told) >= len(exact)


def test_the_better_of_two_bella_choices() -> None:
    assert better([(10, 10), (None, None)], True) == (10, None)
    assert better([(10, 10), (None, None)], False) == (None, 10)
    assert better([(4, 8), (6, 12)], True) == (6, 12)
    assert better([(4, 8), (6, 12)], False) == (4, 8)


def test_partial_values_to_dict() -> None:
    values = PartialValues({"A": 10, "B": 30}, {"C": (None, 40), "D": (None, None)}, "C",
                           maximising=True, nodes=5, seconds=0.25, stopped=STOPPED_AT_LIMIT)
    assert values.best() == ("B", (30, 30)) and not values.best_proven()
    assert values.to_dict() == {
        "partial": True, "stopped": "limit",
        "moves": [{"move": "B", "margin": 30}, {"move": "A", "margin": 10},
                  {"move": "D", "lower": None, "upper": None},
                  {"move": "C", "lower": None, "upper": 40}],
        "best": "B", "best_proven": False, "searching": "C", "nodes": 5, "seconds": 0.25,
    }
    proven = PartialValues({"A": 10}, {"C": (None, 8)}, None, maximising=True)
    assert proven.best_proven()


def test_a_move_proven_better_than_every_exact_one_is_best_so_far() -> None:
    """The stopped first lead of the report: 9D proven -196, 7C proven in
    [+248, +376], the rest open. 7C is the best so far (seat 0 to move), listed
    first; 9D, which 7C beats, is not."""
    values = PartialValues({"9D": -196}, {"7C": (248, 376), "9S": (None, None)}, "9S",
                           maximising=True, stopped=STOPPED_AT_LIMIT)
    assert values.best() == ("7C", (248, 376)) and not values.best_proven()
    assert [move for move, _ in values.ordered()] == ["7C", "9D", "9S"]
    assert values.to_dict()["best"] == "7C"
    check_best_so_far(values)
    low = PartialValues({"A": 10}, {"B": (-30, 4), "C": (None, 12)}, None, maximising=False)
    assert low.best() == ("B", (-30, 4)) and [m for m, _ in low.ordered()] == ["B", "A", "C"]
    assert not low.best_proven()
    assert PartialValues({"A": 10}, {"B": (12, None)}, None, maximising=False).best_proven()
    assert PartialValues({}, {"B": (None, None)}, "B", maximising=True).best() is None
