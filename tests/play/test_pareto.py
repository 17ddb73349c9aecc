"""Pareto fronts of world vectors: what is kept, what is dominated, and how a mover
who knows the world combines his moves' fronts."""

from __future__ import annotations

import itertools

import numpy as np

from deberts.variants.deberts.play.pareto import UNREACHED, combined, dominated, reduced, unreached


def rows(*vectors: tuple[int, ...]) -> np.ndarray:
    return np.array(vectors, dtype=np.int64)


def as_set(front: np.ndarray) -> set[tuple[int, ...]]:
    return {tuple(int(x) for x in row) for row in front}


def test_reduced_keeps_exactly_the_undominated_rows_once() -> None:
    front = rows((1, 5), (5, 1), (1, 4), (5, 1), (0, 0), (3, 3), (2, 3))
    assert as_set(reduced(front)) == {(1, 5), (5, 1), (3, 3)}
    assert len(reduced(front)) == 3


def test_reduced_agrees_with_the_definition_on_random_fronts() -> None:
    rng = np.random.default_rng(1)
    for _ in range(200):
        front = rng.integers(-3, 4, size=(int(rng.integers(1, 9)), int(rng.integers(1, 4))))
        kept = as_set(reduced(front))
        want = {tuple(int(x) for x in a) for a in front
                if not any((b >= a).all() and (b != a).any() for b in front)}
        assert kept == want


def test_dominated_needs_every_row_covered() -> None:
    by = rows((3, 3), (5, 0))
    assert dominated(rows((3, 3), (4, 0), (1, 2)), by)
    assert not dominated(rows((3, 3), (4, 1)), by)
    assert not dominated(rows((0, 0)), rows().reshape(0, 2))


def test_combined_takes_the_movers_pick_in_every_world_for_every_pair() -> None:
    """Three worlds; the first move is legal in worlds 0 and 2, the second in 1 and 2.
    An opponent takes the lower score in world 2, where he has both; a partner the
    higher."""
    first = rows((4, 1), (2, 3))       # over worlds 0, 2
    second = rows((6, 0), (1, 5))      # over worlds 1, 2
    for lowest, pick in ((True, min), (False, max)):
        front = unreached(3, lowest)
        front = combined(front, first, np.array([0, 2]), lowest)
        front = combined(front, second, np.array([1, 2]), lowest)
        want = reduced(rows(*[(a[0], b[0], pick(a[1], b[1]))
                              for a, b in itertools.product(first, second)]))
        assert as_set(front) == as_set(want)
        assert (np.abs(front) < UNREACHED).all()
