"""deberts: an exact double-dummy solver for Deberts (Klabor), and Tertz beside it.

Everything a user needs is here::

    >>> import deberts
    >>> deal = deberts.Deal.parse("AT.K.. K7.A..")
    >>> deberts.solve(deal, trump="S", declarer=0, leader=0).margin
    20

The core (cards, deals, rules, positions, scoring, records, the solvers and the game
registry) is imported with the package; the analysis and play names (tables, reviews,
bid evaluation, sampling, players, matches, the arena) are loaded at their first use.
Tertz has its own namespace, :mod:`deberts.tertz`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.engine.limit import Limit
from deberts.engine.partial import PartialValues
from deberts.errors import (
    ArgumentError,
    DebertsError,
    IllegalMoveError,
    InvalidDealError,
    NotationError,
    RecordError,
    RulesError,
    SearchInterrupted,
)
from deberts.formats.records import dump as write_records
from deberts.formats.records import load as read_records
from deberts.lazy import lazy_names
from deberts.model.cards import Card, CardSet, Rank, Suit, parse_cards
from deberts.model.registry import Game, find_game, game_of, games, register
from deberts.variants.deberts.engine.many import solve_many
from deberts.variants.deberts.engine.solver import (
    DEFAULT_TABLE_BITS,
    MoveValue,
    Solution,
    Solver,
    solve,
)
from deberts.variants.deberts.model.bidding import Bid, Contract
from deberts.variants.deberts.model.deal import Deal, full_hand_size
from deberts.variants.deberts.model.declarations import (
    Declaration,
    DeclarationOutcome,
    resolve_declarations,
)
from deberts.variants.deberts.model.generate import generate_deals
from deberts.variants.deberts.model.position import Play, Position, Trick
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.model.rules import OPTION_NAMES, PRESETS, Rules
from deberts.variants.deberts.model.scoring import BAIT, HANGING, MADE, DealScore, score

if TYPE_CHECKING:
    from deberts.play.specs import make_player, player_factory
    from deberts.variants.deberts.analysis.bid_evaluation import (
        BidEvaluation,
        OptionStats,
        evaluate_bid,
    )
    from deberts.variants.deberts.analysis.review import CardAnalysis, PlayAnalysis, analyze_play
    from deberts.variants.deberts.analysis.sampling import Knowledge, sample_deals
    from deberts.variants.deberts.analysis.table import DDTable, TableCell, dd_table
    from deberts.variants.deberts.play.alphamu import AlphaMuPlayer
    from deberts.variants.deberts.play.arena import ArenaResult, arena
    from deberts.variants.deberts.play.match import (
        BidView,
        DealResult,
        Match,
        Player,
        PlayView,
        play_deal,
        view_of,
    )
    from deberts.variants.deberts.play.pimc import PimcPlayer, knowledge_of
    from deberts.variants.deberts.play.players import HeuristicPlayer, RandomPlayer

#: The engine in use; always the compiled one (there is no pure-Python fallback).
BACKEND = "cython"

__version__ = "0.1.0"

#: Deberts' analysis and play names, loaded at their first use.
_LAZY: dict[str, str | tuple[str, str]] = {
    **dict.fromkeys(("BidEvaluation", "OptionStats", "evaluate_bid"),
                    "deberts.variants.deberts.analysis.bid_evaluation"),
    **dict.fromkeys(("CardAnalysis", "PlayAnalysis", "analyze_play"),
                    "deberts.variants.deberts.analysis.review"),
    **dict.fromkeys(("Knowledge", "sample_deals"), "deberts.variants.deberts.analysis.sampling"),
    **dict.fromkeys(("DDTable", "TableCell", "dd_table"), "deberts.variants.deberts.analysis.table"),
    "AlphaMuPlayer": "deberts.variants.deberts.play.alphamu",
    **dict.fromkeys(("ArenaResult", "arena"), "deberts.variants.deberts.play.arena"),
    **dict.fromkeys(("BidView", "DealResult", "Match", "Player", "PlayView", "play_deal",
                     "view_of"), "deberts.variants.deberts.play.match"),
    **dict.fromkeys(("PimcPlayer", "knowledge_of"), "deberts.variants.deberts.play.pimc"),
    **dict.fromkeys(("HeuristicPlayer", "RandomPlayer"), "deberts.variants.deberts.play.players"),
    **dict.fromkeys(("make_player", "player_factory"), "deberts.play.specs"),
}
__getattr__ = lazy_names(__name__, _LAZY)

__all__ = [
    "ArgumentError", "BACKEND", "BAIT", "Card", "CardSet", "DEFAULT_TABLE_BITS", "Deal", "DealScore",
    "DebertsError", "Declaration", "DeclarationOutcome", "HANGING", "IllegalMoveError",
    "InvalidDealError", "Limit", "MADE", "MoveValue", "NotationError", "OPTION_NAMES", "PartialValues",
    "PRESETS",
    "Play", "Position", "Rank", "Rules", "RulesError", "SearchInterrupted", "Solution", "Solver",
    "Suit", "Trick", "full_hand_size", "parse_cards", "resolve_declarations", "score", "solve",
    "solve_many", "Bid", "Contract", "GameRecord", "RecordError", "read_records", "write_records",
    "generate_deals", "Game", "find_game", "game_of", "games", "register", *_LAZY,
]
