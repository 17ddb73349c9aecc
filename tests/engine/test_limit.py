"""The caller's limit on a search (:meth:`deberts.Solver.limit`): a search past its
node or time limit raises SearchInterrupted, and what the table kept is sound: every
mode answers afterwards exactly as a fresh solver does."""

from __future__ import annotations

import threading
import time

import pytest

from deberts import ArgumentError, Deal, Limit, Position, Rules, SearchInterrupted, Solver, Suit
from deberts.engine.limit import MAX_NODES, MAX_SECONDS, NO_LIMIT, Deadlines
from deberts.errors import DebertsError
from deberts.tertz import TertzPosition, TertzSolver, random_deals


def full_deal(players: int, seed: int) -> Position:
    return Position(Deal.random(players, seed=seed), Suit(seed % 4), 0, seed % players, Rules())


def answers(solver: Solver, position: Position) -> tuple[object, ...]:
    """Every mode's answer; bounds (fail-soft, so they depend on what the table
    holds) as whether each holds the card's value and settles the threshold."""
    solution = solver.solve(position)
    values = solver.values(position)
    threshold = solver.value(position) - 5
    sound = all(low <= values[card] <= high and (high <= threshold or low > threshold)
                for card, (low, high) in solver.bounds(position, threshold).items())
    return (solver.value(position), solver.best(position)[0], values, sound,
            solver.line(position)[0], [(m.card, m.margin) for m in solution.moves])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_interrupted_search_leaves_a_sound_table(players: int, seed: int) -> None:
    position = full_deal(players, seed)
    fresh = Solver()
    expected = answers(fresh, position)
    fresh.clear()
    fresh.values(position)
    full_nodes = fresh.nodes
    for fraction in (0.1, 0.5, 0.9):
        solver = Solver()
        with pytest.raises(SearchInterrupted, match="stopped at its limit"):
            with solver.limit(nodes=max(1, int(full_nodes * fraction))):
                solver.values(position)
        assert answers(solver, position) == expected


def test_every_mode_stops_at_a_node_limit() -> None:
    position = full_deal(4, 7)
    solver = Solver()
    calls = [lambda: solver.value(position), lambda: solver.best(position),
             lambda: solver.values(position), lambda: solver.line(position),
             lambda: solver.solve(position), lambda: solver.bounds(position, 0),
             lambda: solver.reaches(position, 0)]
    for call in calls:
        solver.clear()
        with pytest.raises(SearchInterrupted):
            with solver.limit(nodes=50):
                call()


def test_a_passed_deadline_stops_the_search() -> None:
    solver = Solver()
    with pytest.raises(SearchInterrupted) as caught:
        with solver.limit(seconds=1e-9):
            solver.values(full_deal(4, 3))
    assert isinstance(caught.value, DebertsError)


def test_a_generous_limit_changes_nothing() -> None:
    position = full_deal(3, 11)
    expected = Solver().values(position)
    solver = Solver()
    with solver.limit(seconds=3600, nodes=10**12):
        assert solver.values(position) == expected
    assert solver.values(position) == expected  # the limit ends with the block


def test_nested_limits_keep_the_earlier_deadline_and_restore() -> None:
    solver = Solver()
    position = full_deal(4, 5)
    with solver.limit(seconds=1e-9):
        with solver.limit(seconds=3600):
            with pytest.raises(SearchInterrupted):
                solver.values(position)
    with solver.limit(nodes=10):
        with solver.limit(seconds=3600):  # the outer node limit still holds
            with pytest.raises(SearchInterrupted):
                solver.values(position)
    solver.values(position)


def test_a_limit_belongs_to_its_thread() -> None:
    solver = Solver()
    position = full_deal(4, 9)
    expected = Solver().values(position)
    results: list[object] = []

    def other() -> None:
        results.append(solver.values(position))

    with solver.limit(nodes=10):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert results == [expected]


@pytest.mark.parametrize("kwargs", [
    {"seconds": 0}, {"seconds": -1.0}, {"seconds": "1"}, {"seconds": float("inf")},
    {"seconds": True}, {"nodes": 0}, {"nodes": 1.5}, {"nodes": True}, {"nodes": 2**80},
    {"cpu_seconds": 0}, {"cpu_seconds": -2.0}, {"cpu_seconds": "1"}, {"cpu_seconds": float("nan")},
])
def test_bad_limits_are_named(kwargs: dict[str, object]) -> None:
    name = next(iter(kwargs))
    with pytest.raises(ArgumentError, match=f"bad {name}"):
        with Solver().limit(**kwargs):  # type: ignore[arg-type]
            pass
    with pytest.raises(ArgumentError, match=f"bad {name}"):
        Limit(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [
    {"seconds": MAX_SECONDS * 2}, {"cpu_seconds": 1e300}, {"seconds": 10**400},
    {"nodes": MAX_NODES + 1}, {"nodes": -1}, {"seconds": float("nan")},
])
def test_a_limit_refuses_what_no_clock_or_counter_holds(kwargs: dict[str, object]) -> None:
    with pytest.raises(ArgumentError, match=f"bad {next(iter(kwargs))}"):
        Limit(**kwargs)  # type: ignore[arg-type]


def test_the_limit_value_holds_its_fields_checked_and_frozen() -> None:
    limit = Limit(seconds=2, nodes=10**6, cpu_seconds=1)
    assert (limit.seconds, limit.nodes, limit.cpu_seconds) == (2.0, 10**6, 1.0)
    assert type(limit.seconds) is float and Limit(seconds=2) == Limit(seconds=2.0)
    assert Limit() == NO_LIMIT and Limit(seconds=MAX_SECONDS).seconds == MAX_SECONDS
    assert Limit(nodes=MAX_NODES).nodes == MAX_NODES
    assert hash(Limit(nodes=5)) == hash(Limit(nodes=5))
    with pytest.raises(AttributeError):
        limit.seconds = 5.0  # type: ignore[misc]


def test_a_limit_value_is_the_keywords_limit() -> None:
    """``solver.limit(Limit(...))`` stops where ``solver.limit(...)`` with the same
    keywords does, for both games' solvers; ``Limit()`` stops nothing."""
    position = full_deal(4, 7)
    tertz = TertzPosition(next(iter(random_deals(1, seed=3))))
    for solver, at in ((Solver(), position), (TertzSolver(), tertz)):
        expected = solver.values(at)
        stops = []
        for limited in (solver.limit(nodes=200), solver.limit(Limit(nodes=200))):
            solver.clear()
            with pytest.raises(SearchInterrupted), limited:
                solver.values(at)
            stops.append(solver.nodes)
        assert stops[0] == stops[1]
        solver.clear()
        with solver.limit(Limit()):
            assert solver.values(at) == expected


def test_a_limit_value_and_keywords_are_not_both_taken() -> None:
    with pytest.raises(ArgumentError, match="not both"):
        with Solver().limit(Limit(seconds=1), nodes=5):  # type: ignore[call-overload]
            pass
    with pytest.raises(ArgumentError, match="bad seconds"):
        with Solver().limit("1"):  # type: ignore[call-overload]
            pass


def test_running_deadlines_nest_as_the_limits_do() -> None:
    outer = Deadlines(wall=10.0, nodes=7, cpu=5.0)
    assert Deadlines(wall=20.0, cpu=1.0).within(outer) == Deadlines(10.0, 7, 1.0)
    assert Deadlines(nodes=3).within(outer) == Deadlines(10.0, 3, 5.0)
    assert Deadlines().within(Deadlines()) == Deadlines()
    assert NO_LIMIT.start() == Deadlines()
    started = Limit(seconds=100, nodes=9).start()
    assert started.nodes == 9 and started.cpu == 0.0
    assert 0 < started.wall - time.monotonic() <= 100


def test_a_cpu_limit_counts_the_thread_s_cpu_not_the_wall_clock() -> None:
    """A second of sleep spends no CPU: after it a CPU limit of 0.3 s still lets a
    short search finish, where a wall-clock limit of 0.3 s has passed; a search
    longer than its CPU limit stops."""
    position = full_deal(3, 4)
    expected = Solver().values(position)
    solver = Solver()
    with solver.limit(cpu_seconds=0.3):
        time.sleep(1.0)
        assert solver.values(position) == expected
    solver.clear()
    with solver.limit(seconds=0.3):
        time.sleep(1.0)
        with pytest.raises(SearchInterrupted):
            solver.values(position)
    solver.clear()
    with pytest.raises(SearchInterrupted):
        with solver.limit(cpu_seconds=1e-6):
            solver.values(full_deal(4, 3))


def test_nested_cpu_limits_keep_the_earlier_deadline() -> None:
    solver = Solver()
    position = full_deal(4, 5)
    with solver.limit(cpu_seconds=1e-6):
        with solver.limit(cpu_seconds=3600, seconds=3600):
            with pytest.raises(SearchInterrupted):
                solver.values(position)
    with solver.limit(seconds=3600):
        with solver.limit(cpu_seconds=1e-6):
            with pytest.raises(SearchInterrupted):
                solver.values(position)
    solver.values(position)
