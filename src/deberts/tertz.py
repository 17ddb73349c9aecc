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

from deberts.engine.tertz.solver import TertzSolution, TertzSolver, solve_tertz
from deberts.lazy import lazy_names
from deberts.model.tertz import (
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
from deberts.model.tertz.record import TertzRecord

if TYPE_CHECKING:
    from deberts.analysis.tertz.review import TertzMoveAnalysis, TertzPlayAnalysis, analyze_tertz
    from deberts.play.tertz.arena import TertzArenaResult, tertz_arena
    from deberts.play.tertz.match import (
        TertzDealResult,
        TertzGame,
        TertzPlayer,
        TertzView,
        play_tertz_deal,
        tertz_view,
    )
    from deberts.play.tertz.pimc import TertzPimcPlayer
    from deberts.play.tertz.players import TertzHeuristicPlayer, TertzRandomPlayer

_LAZY = {
    **dict.fromkeys(("TertzMoveAnalysis", "TertzPlayAnalysis", "analyze_tertz"),
                    "deberts.analysis.tertz.review"),
    **dict.fromkeys(("TertzArenaResult", "tertz_arena"), "deberts.play.tertz.arena"),
    **dict.fromkeys(("TertzDealResult", "TertzGame", "TertzPlayer", "TertzView",
                     "play_tertz_deal", "tertz_view"), "deberts.play.tertz.match"),
    "TertzPimcPlayer": "deberts.play.tertz.pimc",
    **dict.fromkeys(("TertzHeuristicPlayer", "TertzRandomPlayer"), "deberts.play.tertz.players"),
}
__getattr__ = lazy_names(__name__, _LAZY)

__all__ = [
    "SWAP", "Break", "Move", "TertzDeal", "TertzPosition", "TertzRecord", "TertzRules",
    "TertzScore", "parse_move", "random_deals", "TertzSolution", "TertzSolver", "solve_tertz",
    *_LAZY,
]
