"""The αμ search's budget holds inside its steps: every front operation asks its
``check`` every few rows (so a large front cannot run past a deadline), a pairing
past ``MOST_PAIRS`` stops, and a search stopped at any point of its work stops there,
leaves every world as it was and chooses by a depth it finished (the depths' choices
themselves are checked against every strategy written out in test_alphamu.py). Counted in
calls, not seconds: the tests never depend on the machine's speed."""

from __future__ import annotations

import numpy as np
import pytest
from test_alphamu import tiny_worlds

from deberts.errors import SearchInterrupted
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.play.alphamu import AlphaMuSearch
from deberts.variants.deberts.play.pareto import (
    CHECK_ROWS,
    MOST_PAIRS,
    combined,
    dominated,
    reduced,
)


class Countdown:
    """A check that raises on its ``left``-th call, counting every call."""

    def __init__(self, left: int) -> None:
        self.left = left
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1
        if self.calls >= self.left:
            raise SearchInterrupted("stopped by the test")


def spread_front(rows: int, worlds: int, seed: int = 1) -> np.ndarray:
    """A front of ``rows`` vectors none of which dominates another (each row's total
    is the same)."""
    rng = np.random.default_rng(seed)
    front = rng.integers(-50, 50, size=(rows, worlds))
    return front - front.sum(axis=1, keepdims=True) // worlds


@pytest.mark.parametrize("operation", ["reduced", "dominated", "combined"])
def test_every_front_operation_checks_every_few_rows(operation: str) -> None:
    front = spread_front(40 * CHECK_ROWS, 12)
    calls = {
        "reduced": lambda check: reduced(front, check),
        "dominated": lambda check: dominated(front, np.full((1, 12), 10**6), check),
        "combined": lambda check: combined(front[:60], front[:60], np.arange(12), True, check),
    }[operation]
    counting = Countdown(10**9)
    calls(counting)
    assert counting.calls >= 5  # asked all along, not once
    for left in (1, 2, 4):
        with pytest.raises(SearchInterrupted):
            calls(Countdown(left))


def test_a_pairing_past_the_bound_stops() -> None:
    side = int(MOST_PAIRS ** 0.5) + 1
    front = spread_front(side, 4)
    with pytest.raises(SearchInterrupted, match="pairs"):
        combined(front, front, np.arange(4), True)


@pytest.mark.parametrize("seed", range(4))
def test_a_search_stopped_anywhere_stops_there_and_keeps_the_last_depth(seed: int) -> None:
    worlds = tiny_worlds(seed, 2, 3, 6)
    weights = [1] * len(worlds)
    solver = Solver()
    whole = Countdown(10**9)
    depths = [AlphaMuSearch(solver, worlds, weights).choice(depth) for depth in (1, 2)]
    deepest = AlphaMuSearch(solver, worlds, weights, stopped=whole).choice(3)
    stacks = [list(w.stack) for w in worlds]
    for left in sorted({*range(1, 12), *range(1, whole.calls + 1, max(1, whole.calls // 25))}):
        countdown = Countdown(left)
        card = AlphaMuSearch(solver, worlds, weights, stopped=countdown).choice(3)
        assert countdown.calls == left  # nothing ran on after the stop
        assert card in (*depths, deepest)
        assert [list(w.stack) for w in worlds] == stacks
