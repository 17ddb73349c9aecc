"""What both solvers share: a compiled search object that owns a fixed-size
transposition table, its size checked once, and the lock that lets one search at a
time use the table, so that a solver shared by threads is safe."""

from __future__ import annotations

import threading
from typing import Callable, Generic, Protocol, TypeVar

from deberts.model.arguments import integer

#: The table sizes the engines accept, as log2 of their entries.
TABLE_BITS_RANGE = (4, 30)


class Search(Protocol):
    """A compiled search: its table's size in bytes, and a way to empty it."""

    @property
    def table_bytes(self) -> int: ...

    def clear(self) -> None: ...


S = TypeVar("S", bound=Search)


class SearchOwner(Generic[S]):
    """A compiled search made with ``table_bits`` (an int in :data:`TABLE_BITS_RANGE`,
    else :class:`deberts.ArgumentError`), used under a lock."""

    def __init__(self, make: Callable[[int], S], table_bits: int) -> None:
        self._search = make(integer("table_bits", table_bits, *TABLE_BITS_RANGE))
        self._lock = threading.Lock()

    @property
    def table_bytes(self) -> int:
        """The memory the table holds, fixed by ``table_bits``."""
        return self._search.table_bytes

    def clear(self) -> None:
        """Forget everything the table holds."""
        with self._lock:
            self._search.clear()
