"""High card's play face: its player types and its arena (no match against the
computer on the board: it has no ``start_session``)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from deberts.play.duplicate import MatchOutcome
from toy_game import PLAYERS as TYPES
from toy_game import ToyArenaResult, arena


def run_arena(specs: tuple[str, str], deals: int, seed: int, rules: Any, jobs: int,
              progress: Callable[[MatchOutcome], None] | None = None,
              options: Mapping[str, object] | None = None) -> ToyArenaResult:
    """The arena of two player types (high card has no options of its own)."""
    return arena(specs, deals, seed, rules, jobs, progress)


__all__ = ["TYPES", "run_arena"]
