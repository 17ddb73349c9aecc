"""What each of a player's moves cost in a played Tertz deal, double-dummy: the value
of the move the player made against the best move's, both read from the engine's
values of every legal move (docs/rules.md 4.5), from that player's side.

A whole deal is a large tree for the engine while much of the stock is left, so only
the moves made with at most ``max_stock`` cards still to draw are priced (14: all).
"""

from __future__ import annotations

from dataclasses import dataclass

from deberts.variants.tertz.engine.solver import Solver
from deberts.variants.tertz.model import Move, Position
from deberts.variants.tertz.model.deal import STOCK_SIZE


@dataclass(frozen=True)
class MoveCost:
    """One move of the player: its index in the deal's moves, the move, its value
    and the best value (seat 0's margin), the points it gave away (0 when it was
    a best move) and the best moves."""

    index: int
    move: Move
    value: int
    best_value: int
    cost: int
    best: tuple[Move, ...]


def move_costs(
    final: Position, seat: int, max_stock: int = STOCK_SIZE,
    solver: Solver | None = None,
) -> list[MoveCost]:
    """The price of every move ``seat`` chose (a choice of two legal moves or more)
    in ``final``'s deal, made with at most ``max_stock`` cards left to draw."""
    solver = solver if solver is not None else Solver()
    sign = 1 if seat == 0 else -1
    position = Position(final.deal, final.rules)
    costs = []
    for index, move in enumerate(final.moves):
        if position.to_move == seat and len(position.stock) <= max_stock \
                and len(position.legal_moves()) > 1:
            values = solver.values(position)
            best_value = max(values.values(), key=lambda v: sign * v)
            best = tuple(m for m, v in values.items() if v == best_value)
            cost = sign * (best_value - values[move])
            costs.append(MoveCost(index, move, values[move], best_value, cost, best))
        position.push(move)
    return costs
