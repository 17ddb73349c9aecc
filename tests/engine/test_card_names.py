"""Every card's value looked up by the card's name as by the card (``CardMap``): what
``Solver.values`` and ``Solution.move_margins`` return."""

from __future__ import annotations

import pytest

from deberts import Deal, NotationError, Position, Solver
from deberts.model.cards import Card, CardMap


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_take_card_names(players: int) -> None:
    position = Position(Deal.random(players, seed=players), "H", 0, 1)
    solver = Solver(table_bits=14)
    for values in (solver.values(position), solver.solve(position).move_margins()):
        assert isinstance(values, CardMap) and values
        for card, margin in values.items():
            assert values[str(card)] == values[str(card).lower()] == margin
            assert str(card) in values and values.get(str(card)) == margin
        absent = next(c for c in map(Card, range(32)) if c not in values)
        assert str(absent) not in values and values.get(str(absent), "none") == "none"
        with pytest.raises(KeyError):
            values[str(absent)]
        with pytest.raises(NotationError, match="'1Z'"):
            values["1Z"]
