"""Types of the compiled Tertz engine ``deberts.engine._tertz`` (solver/_tertz.pyx).

Moves are integers: a card 0..31, ``MOVE_SWAP``, ``MOVE_BREAK + k``. A spec is the
dict ``deberts.engine.tertz.engine_input`` builds from a position.
"""

from typing import Any

DEFAULT_TABLE_BITS: int
MOVE_SWAP: int
MOVE_BREAK: int
STOCK_PLAY: dict[str, int]

class Search:
    """A Tertz search with its own transposition table (one thread at a time)."""

    table_bits: int

    def __init__(self, table_bits: int = ...) -> None: ...
    @property
    def table_bytes(self) -> int: ...
    def clear(self) -> None: ...
    def value(self, spec: dict[str, Any]) -> tuple[int, int]: ...
    def values(self, spec: dict[str, Any]) -> tuple[list[tuple[int, int]], int]: ...
    def line(self, spec: dict[str, Any]) -> tuple[int, list[int], int]: ...
