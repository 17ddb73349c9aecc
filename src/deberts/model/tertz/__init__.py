"""Tertz (docs/rules.md section 4): Deberts' two-player cousin with a stock.

It sits beside Deberts' model and shares only the cards and errors::

    from deberts.model.tertz import TertzDeal, TertzPosition
    position = TertzPosition.from_moves(TertzDeal.random(7), ["AS", "KS", "break:3"])
"""

from deberts.model.tertz.deal import TertzDeal, random_deals
from deberts.model.tertz.declarations import TertzDeclaration
from deberts.model.tertz.moves import SWAP, Break, Move, Swap, parse_move, parse_moves
from deberts.model.tertz.position import TertzPosition, TertzTrick
from deberts.model.tertz.rules import TertzRules
from deberts.model.tertz.scoring import TertzScore, round_total

__all__ = [
    "Break", "Move", "SWAP", "Swap", "TertzDeal", "TertzDeclaration", "TertzPosition",
    "TertzRules", "TertzScore", "TertzTrick", "parse_move", "parse_moves", "random_deals",
    "round_total",
]
