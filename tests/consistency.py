"""Checks of sampled deals against what a player knows (test-only helpers)."""

from __future__ import annotations

from typing import Sequence

from deberts.errors import InvalidDealError
from deberts.variants.deberts.analysis.sampling import Knowledge
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.play.match import PlayView
from deberts.variants.deberts.play.pimc import PimcPlayer


def check_consistent(knowledge: Knowledge, hands: Sequence[int]) -> None:
    """Raise unless a deal (hand masks in seat order) agrees with ``knowledge``."""
    placed = 0
    for seat, mask in enumerate(hands):
        mask = int(mask)
        if bin(mask).count("1") != knowledge.sizes[seat]:
            raise InvalidDealError(f"sampled hand {seat} has the wrong size")
        if knowledge.held[seat].mask & ~mask or knowledge.excluded[seat].mask & mask:
            raise InvalidDealError(f"sampled hand {seat} breaks what is known")
        if placed & mask or knowledge.out.mask & mask:
            raise InvalidDealError(f"sampled hand {seat} repeats a card")
        placed |= mask


def samples(player: PimcPlayer, view: PlayView) -> list[Position]:
    """The positions ``player`` samples for ``view`` (its declarations included, the
    play so far replayed), within its time budget."""
    return list(player._drawn(view, player._search_seconds))
