"""Playing games: a match with bidding, the exchange and play, the players
(random, heuristic, Monte Carlo), the players made from their specs
(:func:`player_factory`), and the arena that pits them against each other.

Its public names are here (``deberts.play.PimcPlayer``), loaded at their first use;
the arena's function is :func:`deberts.arena` (``deberts.variants.deberts.play.arena`` is its module)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.deberts.play.alphamu import AlphaMuPlayer
    from deberts.variants.deberts.play.arena import ArenaResult
    from deberts.variants.deberts.play.match import (
        BidView, DealResult, Match, Player, PlayView, play_deal, view_of,
    )
    from deberts.variants.deberts.play.pimc import PimcPlayer, knowledge_of
    from deberts.variants.deberts.play.players import HeuristicPlayer, RandomPlayer
    from deberts.play.specs import make_player, player_factory

#: The layer's public names, by module, loaded at their first use.
_NAMES = {
    "AlphaMuPlayer": "deberts.variants.deberts.play.alphamu",
    "ArenaResult": "deberts.variants.deberts.play.arena",
    **dict.fromkeys(("BidView", "DealResult", "Match", "Player", "PlayView", "play_deal",
                     "view_of"),
                    "deberts.variants.deberts.play.match"),
    **dict.fromkeys(("PimcPlayer", "knowledge_of"), "deberts.variants.deberts.play.pimc"),
    **dict.fromkeys(("HeuristicPlayer", "RandomPlayer"), "deberts.variants.deberts.play.players"),
    **dict.fromkeys(("make_player", "player_factory"), "deberts.play.specs"),
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = sorted(_NAMES)
