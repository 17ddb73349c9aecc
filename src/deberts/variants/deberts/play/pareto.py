"""Pareto fronts of world vectors, the values the αμ search passes up its tree.

A *world vector* holds one score per sampled world (the searching side's points,
higher is better). A strategy of the searching player, fixed from some node on,
scores a vector; a *front* is the set of vectors of the strategies worth keeping:
none in it is dominated (another at least as high in every world). A front is a
2-D integer array, one vector a row, one world a column.

Fronts can grow to thousands of rows in a long endgame, so each operation takes an
optional ``check``, called every :data:`CHECK_ROWS` rows of work, which raises to stop
(the αμ search's deadline): no operation runs long without asking.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from deberts.errors import SearchInterrupted

#: Rows of work between two calls of an operation's ``check``.
CHECK_ROWS = 64
#: The most rows a combination may pair before it is reduced (about 80 MB at 100
#: worlds): past it the operation stops as at a deadline.
MOST_PAIRS = 100_000
#: What an operation calls to ask whether to go on: it raises to stop.
Check = Callable[[], None]

#: Beyond any score: the start of a front that every move's front lowers (or raises).
UNREACHED = 1 << 40


def _never() -> None:
    """The check of an operation nobody stops."""


def reduced(front: np.ndarray, check: Check = _never) -> np.ndarray:
    """The rows of ``front`` no other row dominates, each once, highest total first."""
    if len(front) <= 1:
        return front
    check()
    rows = np.unique(front, axis=0)
    rows = rows[np.argsort(-rows.sum(axis=1), kind="stable")]
    keep = np.zeros(len(rows), dtype=bool)
    keep[0] = True
    for index in range(1, len(rows)):  # a dominating row has a higher total: it came before
        if index % CHECK_ROWS == 0:
            check()
        if not np.any(np.all(rows[keep] >= rows[index], axis=1)):
            keep[index] = True
    return rows[keep]


def dominated(front: np.ndarray, by: np.ndarray, check: Check = _never) -> bool:
    """True when every row of ``front`` is dominated by (or equal to) a row of ``by``:
    a front below ``by`` adds nothing to a choice that already has ``by``."""
    if not len(by):
        return False
    for start in range(0, len(front), CHECK_ROWS):
        check()
        rows = front[start:start + CHECK_ROWS]
        if not np.all(np.any(np.all(by[None, :, :] >= rows[:, None, :], axis=2), axis=1)):
            return False
    return True


def unreached(worlds: int, lowest: bool) -> np.ndarray:
    """The starting front of a node whose mover chooses per world: one vector of
    +UNREACHED for a mover taking the lowest, -UNREACHED for one taking the highest."""
    return np.full((1, worlds), UNREACHED if lowest else -UNREACHED, dtype=np.int64)


def combined(front: np.ndarray, move: np.ndarray, columns: np.ndarray, lowest: bool,
             check: Check = _never) -> np.ndarray:
    """``front`` with one more move of a mover who knows the world: ``move``'s front
    covers the worlds ``columns`` (where the move is legal); for every pair of a row
    of each, the mover takes in each world the lower (or higher) of the two, since
    he can choose differently in every world while the searching player's later
    choices stay those of the two rows. Past :data:`MOST_PAIRS` pairs it raises
    :class:`deberts.SearchInterrupted`."""
    check()
    if len(front) * len(move) > MOST_PAIRS:
        raise SearchInterrupted(f"a front of {len(front)} x {len(move)} pairs, past "
                                f"{MOST_PAIRS:,}")
    pairs = np.repeat(front, len(move), axis=0)
    others = np.tile(move, (len(front), 1))
    pick = np.minimum if lowest else np.maximum
    pairs[:, columns] = pick(pairs[:, columns], others)
    return reduced(pairs, check)
