"""Pareto fronts of world vectors, the values the αμ search passes up its tree.

A *world vector* holds one score per sampled world (the searching side's points,
higher is better). A strategy of the searching player, fixed from some node on,
scores a vector; a *front* is the set of vectors of the strategies worth keeping:
none in it is dominated (another at least as high in every world). A front is a
2-D integer array, one vector a row, one world a column.
"""

from __future__ import annotations

import numpy as np

#: Beyond any score: the start of a front that every move's front lowers (or raises).
UNREACHED = 1 << 40


def reduced(front: np.ndarray) -> np.ndarray:
    """The rows of ``front`` no other row dominates, each once, highest total first."""
    if len(front) <= 1:
        return front
    rows = np.unique(front, axis=0)
    rows = rows[np.argsort(-rows.sum(axis=1), kind="stable")]
    kept = rows[:1]
    for row in rows[1:]:  # a dominating row has a higher total, so it came before
        if not np.any(np.all(kept >= row, axis=1)):
            kept = np.vstack([kept, row])
    return kept


def dominated(front: np.ndarray, by: np.ndarray) -> bool:
    """True when every row of ``front`` is dominated by (or equal to) a row of ``by``:
    a front below ``by`` adds nothing to a choice that already has ``by``."""
    if not len(by):
        return False
    return bool(np.all(np.any(np.all(by[None, :, :] >= front[:, None, :], axis=2), axis=1)))


def unreached(worlds: int, lowest: bool) -> np.ndarray:
    """The starting front of a node whose mover chooses per world: one vector of
    +UNREACHED for a mover taking the lowest, -UNREACHED for one taking the highest."""
    return np.full((1, worlds), UNREACHED if lowest else -UNREACHED, dtype=np.int64)


def combined(front: np.ndarray, move: np.ndarray, columns: np.ndarray, lowest: bool) -> np.ndarray:
    """``front`` with one more move of a mover who knows the world: ``move``'s front
    covers the worlds ``columns`` (where the move is legal); for every pair of a row
    of each, the mover takes in each world the lower (or higher) of the two, since
    he can choose differently in every world while the searching player's later
    choices stay those of the two rows."""
    pairs = np.repeat(front, len(move), axis=0)
    others = np.tile(move, (len(front), 1))
    pick = np.minimum if lowest else np.maximum
    pairs[:, columns] = pick(pairs[:, columns], others)
    return reduced(pairs)
