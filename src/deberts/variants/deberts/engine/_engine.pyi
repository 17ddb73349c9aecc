"""Types of the compiled engine ``deberts.variants.deberts.engine._engine`` (solver/_engine.pyx)."""

from enum import IntEnum
from typing import Sequence

from deberts.engine._shell import TableSearch

DEFAULT_TABLE_BITS: int
ALL_CARDS: int

class BellaRule(IntEnum):
    """The ``bella`` rule option (docs/rules.md 2.4)."""

    BELLA_OWNER = 0
    BELLA_TRICK_WINNER = 1
    BELLA_BOTH_TRICKS = 2

class BellaState(IntEnum):
    """Where bella stands at a trick start."""

    BELLA_SETTLED = 0
    BELLA_PENDING = 1
    BELLA_FIRST_WON = 2

BELLA_RULES: dict[str, BellaRule]

def encode_move(card: int, declines: bool = False) -> int: ...
def decode_move(move: int) -> tuple[int, bool]: ...

class Spec:
    """A position at the start of the current trick, as the engine reads it."""

    leader: int
    decl_pending: int
    bella_state: int
    sides_won: int

    def with_hands(self, hands: Sequence[int]) -> Spec: ...
    def __init__(
        self,
        *,
        players: int,
        trump: int,
        hands: Sequence[int],
        sides: Sequence[int],
        partners: Sequence[int],
        leader: int,
        decl_team: int,
        decl_value: int,
        decl_pending: bool,
        bella: str,
        bella_owner: int,
        bella_cards: int,
        bella_team: int,
        bella_state: int,
        sides_won: int,
        partner_exempt: bool,
        trump_lead_overtrump_partner: bool,
        partner_winning_free: bool,
        discard_over_opponent_trump: bool,
        capot: bool,
    ) -> None: ...

class Search(TableSearch):
    """A search with its own transposition table."""

    def value(self, spec: Spec, trick: list[int]) -> tuple[int, int]: ...
    def best(self, spec: Spec, trick: list[int]) -> tuple[int, int, int]: ...
    def reaches(self, spec: Spec, trick: list[int], threshold: int) -> tuple[bool, int]: ...
    def values(
        self, spec: Spec, trick: list[int], cards: int = ..., guess: int = ...
    ) -> tuple[list[tuple[int, int]], int]: ...
    def values_of_worlds(
        self, specs: list[Spec], tricks: list[list[int]], solved: list[list[tuple[int, int]]],
        cards: int = ...,
    ) -> int: ...
    def bounds(
        self, spec: Spec, trick: list[int], threshold: int, cards: int = ...
    ) -> tuple[list[tuple[int, int, int]], int]: ...
    def move_order(self, spec: Spec, trick: list[int]) -> list[int]: ...
    def line(self, spec: Spec, trick: list[int]) -> tuple[int, list[int], int]: ...
    def lines(
        self, spec: Spec, trick: list[int]
    ) -> tuple[list[tuple[int, int, list[int]]], int]: ...
