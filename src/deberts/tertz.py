"""Tertz (docs/rules.md section 4), Deberts' two-player cousin with a stock: every name
a user needs in one import, as :mod:`deberts` has for Deberts.

    >>> from deberts import tertz
    >>> deal = tertz.TertzDeal.parse(
    ...     "QT.9.AJT8.KQ A8.AK.KQ.T87 / 7H KS JS TH 7D JH QH 8H AC 7S 9S 9C JC 9D")
    >>> position = tertz.TertzPosition(deal, moves="TD QD break:0 8D KD 7C QC 7H AH")
    >>> tertz.TertzSolver().value(position)
    32

The analysis and play names (the review, the players, the arena) are loaded at their
first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.variants.tertz.engine.solver import TertzSolution, TertzSolver, solve_tertz
from deberts.lazy import lazy_names
from deberts.variants.tertz.model import (
    SWAP,
    Break,
    Move,
    TertzDeal,
    TertzPosition,
    TertzRules,
    TertzScore,
    parse_move,
    random_deals,
)
from deberts.variants.tertz.model.record import TertzRecord

if TYPE_CHECKING:
    from deberts.variants.tertz.analysis.review import TertzMoveAnalysis, TertzPlayAnalysis, analyze_tertz
    from deberts.variants.tertz.play.arena import TertzArenaResult, tertz_arena
    from deberts.variants.tertz.play.match import (
        TertzDealResult,
        TertzGame,
        TertzPlayer,
        TertzView,
        play_tertz_deal,
        tertz_view,
    )
    from deberts.variants.tertz.play.pimc import TertzPimcPlayer
    from deberts.variants.tertz.play.players import TertzHeuristicPlayer, TertzRandomPlayer

_LAZY = {
    **dict.fromkeys(("TertzMoveAnalysis", "TertzPlayAnalysis", "analyze_tertz"),
                    "deberts.variants.tertz.analysis.review"),
    **dict.fromkeys(("TertzArenaResult", "tertz_arena"), "deberts.variants.tertz.play.arena"),
    **dict.fromkeys(("TertzDealResult", "TertzGame", "TertzPlayer", "TertzView",
                     "play_tertz_deal", "tertz_view"), "deberts.variants.tertz.play.match"),
    "TertzPimcPlayer": "deberts.variants.tertz.play.pimc",
    **dict.fromkeys(("TertzHeuristicPlayer", "TertzRandomPlayer"), "deberts.variants.tertz.play.players"),
}
__getattr__ = lazy_names(__name__, _LAZY)

__all__ = [
    "SWAP", "Break", "Move", "TertzDeal", "TertzPosition", "TertzRecord", "TertzRules",
    "TertzScore", "parse_move", "random_deals", "TertzSolution", "TertzSolver", "solve_tertz",
    *_LAZY,
]
