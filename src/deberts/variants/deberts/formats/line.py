"""Deberts batch lines (README "Solving a deal"): the reader and writer that
:mod:`deberts.formats.batch` calls for a line of the default game.

A line is ``{"hands": [...] or "...", "trump": "H", "declarer": 0, "leader": 1,
"played": [...] or "...", "rules": {"preset": ..., "<option>": ...}}``; ``played``
and ``rules`` are optional and unknown fields are refused, so a misspelt field
never silently solves another position.
"""

from __future__ import annotations

from typing import Any

from deberts.errors import RecordError
from deberts.model.fields import cards_field, check_object, field, seat_field
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.rules import Rules

#: The fields of a Deberts line, and those it must have.
FIELDS = ("game", "hands", "trump", "declarer", "leader", "played", "rules")
REQUIRED = ("hands", "trump", "declarer", "leader")


def position_from_object(data: dict[str, Any]) -> Position:
    """The Deberts position of a decoded line (its ``game`` already read)."""
    data = check_object(data, FIELDS, REQUIRED)
    rules = field(data, "rules", dict, "an object") if "rules" in data else {}
    hands = cards_field(data, "hands", "hand strings")
    return Position(
        Deal.parse(hands) if isinstance(hands, str) else Deal(hands),
        field(data, "trump", str, "a suit letter"),
        seat_field(data, "declarer"),
        seat_field(data, "leader"),
        Rules.from_mapping(rules),
        cards_field(data, "played", "card strings"),
    )


def position_to_object(position: Position) -> dict[str, Any]:
    """A Deberts position as a line's object: ``played`` when cards were played,
    ``rules`` (the preset and the options that differ from it) when they are not
    the defaults, so the line reads back as the same position."""
    data: dict[str, Any] = {
        "hands": [str(hand) for hand in position.deal.hands],
        "trump": position.trump.name,
        "declarer": position.declarer,
        "leader": position.leader,
    }
    if position.stack:
        data["played"] = [str(play.card) for play in position.stack]
    rules = position.rules
    if rules != Rules():
        preset = Rules.preset_rules(rules.preset).to_dict()
        changed = {k: v for k, v in rules.to_dict().items() if v != preset[k]}
        data["rules"] = {"preset": rules.preset, **changed}
    return data


def from_object(data: object) -> Position:
    """The Deberts position of a decoded line; a line of another game is refused."""
    if isinstance(data, dict) and data.get("game", "deberts") != "deberts":
        raise RecordError("bad field 'game': expected a Deberts line here")
    return position_from_object(check_object(data, FIELDS, REQUIRED))
