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

from deberts.lazy import lazy_names
from deberts.variants.tertz.engine.solver import Solution as TertzSolution
from deberts.variants.tertz.engine.solver import Solver as TertzSolver
from deberts.variants.tertz.engine.solver import solve as solve_tertz
from deberts.variants.tertz.model import SWAP, Break, Move, parse_move, random_deals
from deberts.variants.tertz.model import Deal as TertzDeal
from deberts.variants.tertz.model import DealScore as TertzScore
from deberts.variants.tertz.model import Position as TertzPosition
from deberts.variants.tertz.model import Rules as TertzRules
from deberts.variants.tertz.model.record import GameRecord as TertzRecord

if TYPE_CHECKING:
    from deberts.variants.tertz.analysis.review import MoveAnalysis as TertzMoveAnalysis
    from deberts.variants.tertz.analysis.review import PlayAnalysis as TertzPlayAnalysis
    from deberts.variants.tertz.analysis.review import analyze_play as analyze_tertz
    from deberts.variants.tertz.play.arena import ArenaResult as TertzArenaResult
    from deberts.variants.tertz.play.arena import arena as tertz_arena
    from deberts.variants.tertz.play.match import DealResult as TertzDealResult
    from deberts.variants.tertz.play.match import Match as TertzGame
    from deberts.variants.tertz.play.match import Player as TertzPlayer
    from deberts.variants.tertz.play.match import PlayView as TertzView
    from deberts.variants.tertz.play.match import play_deal as play_tertz_deal
    from deberts.variants.tertz.play.match import view_of as tertz_view
    from deberts.variants.tertz.play.pimc import PimcPlayer as TertzPimcPlayer
    from deberts.variants.tertz.play.players import HeuristicPlayer as TertzHeuristicPlayer
    from deberts.variants.tertz.play.players import RandomPlayer as TertzRandomPlayer

#: Each lazy public name: its module and its name there (the game's folder names its
#: things without the game's prefix; users' names keep it).
_ALIASES: dict[str, str | tuple[str, str]] = {
    "TertzMoveAnalysis": ("deberts.variants.tertz.analysis.review", "MoveAnalysis"),
    "TertzPlayAnalysis": ("deberts.variants.tertz.analysis.review", "PlayAnalysis"),
    "analyze_tertz": ("deberts.variants.tertz.analysis.review", "analyze_play"),
    "TertzArenaResult": ("deberts.variants.tertz.play.arena", "ArenaResult"),
    "tertz_arena": ("deberts.variants.tertz.play.arena", "arena"),
    "TertzDealResult": ("deberts.variants.tertz.play.match", "DealResult"),
    "TertzGame": ("deberts.variants.tertz.play.match", "Match"),
    "TertzPlayer": ("deberts.variants.tertz.play.match", "Player"),
    "TertzView": ("deberts.variants.tertz.play.match", "PlayView"),
    "play_tertz_deal": ("deberts.variants.tertz.play.match", "play_deal"),
    "tertz_view": ("deberts.variants.tertz.play.match", "view_of"),
    "TertzPimcPlayer": ("deberts.variants.tertz.play.pimc", "PimcPlayer"),
    "TertzHeuristicPlayer": ("deberts.variants.tertz.play.players", "HeuristicPlayer"),
    "TertzRandomPlayer": ("deberts.variants.tertz.play.players", "RandomPlayer"),
}


__getattr__ = lazy_names(__name__, _ALIASES)

__all__ = [
    "SWAP", "Break", "Move", "TertzDeal", "TertzPosition", "TertzRecord", "TertzRules",
    "TertzScore", "parse_move", "random_deals", "TertzSolution", "TertzSolver", "solve_tertz",
    *_ALIASES,
]
