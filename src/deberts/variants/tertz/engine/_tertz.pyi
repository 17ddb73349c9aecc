"""Types of the compiled Tertz engine ``deberts.variants.tertz.engine._tertz`` (solver/_tertz.pyx).

Moves are integers: a card 0..31, ``MOVE_SWAP``, ``MOVE_BREAK + k``. A :class:`Spec`
is what ``deberts.variants.tertz.engine.engine_input`` builds from a position.
"""

from typing import Iterable, Sequence

from deberts.engine._shell import TableSearch

DEFAULT_TABLE_BITS: int
MOVE_SWAP: int
MOVE_BREAK: int
STOCK_PLAY: dict[str, int]

class Spec:
    """A position reduced to plain integers (solver/_tertz.pyx)."""

    trick: int
    leader: int
    to_move: int
    break_due: int
    cards_played: int
    marriage_open: int

    def __init__(
        self, *, trump: int, hands: Sequence[int], stock: Sequence[int], trick: int,
        leader: int, to_move: int, break_due: bool, cards_played: int,
        marriage_open: bool, runs: Sequence[Iterable[tuple[int, int, bool]]],
        fours: Sequence[int], stock_play: str, declare_when: str, swap_last: bool,
    ) -> None: ...

class Search(TableSearch):
    """A Tertz search with its own transposition table (one thread at a time), or
    with the table of ``share``, which searches on other threads may use at once."""

    def __init__(self, table_bits: int = ..., share: Search | None = ...) -> None: ...
    @property
    def shares(self) -> bool: ...
    def value(self, spec: Spec, guess: int = ...) -> tuple[int, int]: ...
    def values(self, spec: Spec, guess: int = ...) -> tuple[list[tuple[int, int]], int]: ...
    def line(self, spec: Spec, guess: int = ...) -> tuple[int, list[int], int]: ...
    def root_moves(self, spec: Spec) -> list[int]: ...
    def move_value(self, spec: Spec, move: int, guess: int = ...,
                   known: Iterable[int] = ...) -> tuple[int, int]: ...
