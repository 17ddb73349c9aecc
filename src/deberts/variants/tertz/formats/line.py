"""Tertz batch lines (docs/rules.md 4.5): the reader and writer that
:mod:`deberts.formats.batch` calls for a line with ``"game": "tertz"`` (the parts
``read_line`` and ``write_line`` of :data:`deberts.variants.tertz.game.TERTZ`).

An input line is ``{"game": "tertz", "hands": [H0, H1], "stock": [14 cards in draw
order, the face-up card last], "played": [...], "rules": {...}}``: the hands as dealt
(seat 0 leads first), ``played`` every move since the deal (cards, ``swap``,
``break:K``; optional), ``rules`` Tertz rule options (optional). ``hands``,
``stock`` and ``played`` may also be one space-separated string.

The result object (:meth:`deberts.variants.tertz.engine.solver.Solution.to_dict`) is
``{"margin": M, "to_move": S, "moves": [{"move": "AS",
"margin": ...}, ...], "pv": [...], "score": {"raw": [..], "recorded": [..]},
"nodes": N, "seconds": T}``: the margin is seat 0's total minus seat 1's over the
whole deal, unrounded; the moves best first for the player to move; the score that
of the optimal line (raw totals, and rounded to tens as recorded, 4.4).
"""

from __future__ import annotations

from typing import Any

from deberts.model.fields import cards_field, check_object, field
from deberts.variants.tertz.model import Deal, Position, Rules

#: The fields of a Tertz line, and those it must have.
FIELDS = ("game", "hands", "stock", "played", "rules")
REQUIRED = ("hands", "stock")


def position_from_object(data: dict[str, Any]) -> Position:
    """The Tertz position of a decoded line (its ``game`` already read)."""
    data = check_object(data, FIELDS, REQUIRED)
    rules = field(data, "rules", dict, "an object") if "rules" in data else {}
    hands = cards_field(data, "hands", "hand strings")
    deal = Deal(
        hands.split() if isinstance(hands, str) else hands,
        cards_field(data, "stock", "card strings"),
    )
    return Position(
        deal, Rules.from_mapping(rules), cards_field(data, "played", "move strings")
    )


def position_to_object(position: Position) -> dict[str, Any]:
    """A Tertz position as a line's object: ``played`` when moves were made,
    ``rules`` (the options that differ from the defaults) when there are any, so the
    line reads back as the same position."""
    deal = position.deal
    data: dict[str, Any] = {
        "hands": [str(hand) for hand in deal.hands],
        "stock": [str(card) for card in deal.stock],
    }
    if position.moves:
        data["played"] = [str(move) for move in position.moves]
    default = Rules().to_dict()
    changed = {k: v for k, v in position.rules.to_dict().items() if v != default[k]}
    if changed:
        data["rules"] = changed
    return data
