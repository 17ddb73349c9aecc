"""deberts: an exact double-dummy solver for Deberts (Klabor).

Everything a user needs is here::

    import deberts
    deal = deberts.Deal.parse("AKQ.T9..J87 ...")
    solution = deberts.solve(deal, trump="H", declarer=0, leader=1)
"""

# The public names of every layer (model, engine, analysis, play, formats), flat.
from deberts.analysis.bid_evaluation import BidEvaluation, OptionStats, evaluate_bid
from deberts.analysis.review import CardAnalysis, PlayAnalysis, analyze_play
from deberts.analysis.sampling import Knowledge, sample_deals
from deberts.analysis.table import DDTable, TableCell, dd_table
from deberts.analysis.tertz.review import TertzMoveAnalysis, TertzPlayAnalysis, analyze_tertz
from deberts.engine.parallel import solve_many
from deberts.engine.solver import DEFAULT_TABLE_BITS, MoveValue, Solution, Solver, solve
from deberts.engine.tertz.solver import TertzSolution, TertzSolver, solve_tertz
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
from deberts.model.bidding import Bid, Contract
from deberts.model.cards import Card, CardSet, Rank, Suit, parse_cards
from deberts.model.deal import Deal, full_hand_size
from deberts.model.declarations import Declaration, DeclarationOutcome, resolve_declarations
from deberts.model.generate import generate_deals
from deberts.model.position import Play, Position, Trick
from deberts.model.record import GameRecord
from deberts.model.rules import OPTION_NAMES, PRESETS, Rules
from deberts.model.scoring import BAIT, HANGING, MADE, DealScore, score
from deberts.model.tertz import (
    SWAP,
    Break,
    TertzDeal,
    TertzPosition,
    TertzRules,
    TertzScore,
    parse_move,
)
from deberts.play.alphamu import AlphaMuPlayer
from deberts.play.arena import ArenaResult, arena
from deberts.play.match import BidView, DealResult, Match, Player, PlayView, play_deal, view_of
from deberts.play.pimc import PimcPlayer
from deberts.play.players import HeuristicPlayer, RandomPlayer
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

#: The engine in use; always the compiled one (there is no pure-Python fallback).
BACKEND = "cython"

__version__ = "0.1.0"

__all__ = [
    "ArgumentError", "BACKEND", "BAIT", "Card", "CardSet", "DEFAULT_TABLE_BITS", "Deal", "DealScore",
    "DebertsError", "Declaration", "DeclarationOutcome", "HANGING", "IllegalMoveError",
    "InvalidDealError", "MADE", "MoveValue", "NotationError", "OPTION_NAMES", "PRESETS",
    "Play", "Position", "Rank", "Rules", "RulesError", "SearchInterrupted", "Solution", "Solver", "Suit", "Trick",
    "full_hand_size", "parse_cards", "resolve_declarations", "score", "solve", "solve_many",
    "DDTable", "TableCell", "dd_table", "Bid", "Contract", "GameRecord", "RecordError",
    "read_records", "write_records", "CardAnalysis", "PlayAnalysis", "analyze_play", "generate_deals",
    "Knowledge", "sample_deals", "BidEvaluation", "OptionStats", "evaluate_bid",
    "ArenaResult", "arena", "BidView", "DealResult", "Match", "Player", "PlayView", "play_deal",
    "view_of", "PimcPlayer", "AlphaMuPlayer", "HeuristicPlayer", "RandomPlayer",
    "SWAP", "Break", "TertzDeal", "TertzPosition", "TertzRules", "TertzScore", "parse_move",
    "TertzSolution", "TertzSolver", "solve_tertz", "TertzMoveAnalysis", "TertzPlayAnalysis",
    "analyze_tertz", "TertzArenaResult", "tertz_arena", "TertzDealResult", "TertzGame",
    "TertzPlayer", "TertzView", "play_tertz_deal", "tertz_view", "TertzPimcPlayer",
    "TertzHeuristicPlayer", "TertzRandomPlayer",
]
