"""Tertz (docs/rules.md section 4): Deberts' two-player cousin with a stock.

It sits beside Deberts' model and shares only the cards and errors:

    >>> from deberts.variants.tertz.model import Deal, Position
    >>> deal = Deal.parse(
    ...     "AKQ.987.A.A7 JT9.AT.KQJ.K / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH")
    >>> position = Position.from_moves(deal, ["AS", "9S", "break:3"])
    >>> " ".join(str(move) for move in position.legal_moves())  # seat 0 drew 10♣
    'QS KS 7H 8H 9H AD 7C TC AC swap'

"""

from deberts.variants.tertz.model.deal import Deal, random_deals
from deberts.variants.tertz.model.declarations import Declaration
from deberts.variants.tertz.model.moves import (
    SWAP,
    Break,
    Move,
    MoveMap,
    Swap,
    parse_move,
    parse_moves,
)
from deberts.variants.tertz.model.position import Position, Trick
from deberts.variants.tertz.model.rules import Rules
from deberts.variants.tertz.model.scoring import DealScore, round_total

__all__ = [
    "Break", "Move", "MoveMap", "SWAP", "Swap", "Deal", "Declaration", "Position",
    "Rules", "DealScore", "Trick", "parse_move", "parse_moves", "random_deals",
    "round_total",
]
