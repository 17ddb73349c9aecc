"""The sampler's compiled kernel: deals the unknown cards of many samples at once.

It lives in its own module so that numba is imported only when a sample is drawn.
"""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def deal_hands(
    held: np.ndarray,
    class_cards: np.ndarray,
    class_sizes: np.ndarray,
    tables: np.ndarray,
    chosen: np.ndarray,
    uniforms: np.ndarray,
) -> np.ndarray:  # pragma: no cover - compiled
    count = chosen.shape[0]
    players = held.shape[0]
    out = np.empty((count, players), dtype=np.uint32)
    cards = np.empty(class_cards.shape[1], dtype=np.int64)
    for i in range(count):
        for seat in range(players):
            out[i, seat] = held[seat]
        table = chosen[i]
        offset = 0
        for c in range(class_sizes.shape[0]):
            n = class_sizes[c]
            for j in range(n):
                cards[j] = class_cards[c, j]
            for j in range(n - 1, 0, -1):
                k = int(uniforms[i, offset + j] * (j + 1))
                if k > j:
                    k = j
                cards[j], cards[k] = cards[k], cards[j]
            position = 0
            for seat in range(players):
                for _ in range(tables[table, c, seat]):
                    out[i, seat] |= np.uint32(1) << np.uint32(cards[position])
                    position += 1
            offset += n
    return out
