"""Turning command-line options and batch records into rules and positions.

Both ``deberts solve`` and ``deberts batch`` end here, so a deal, a played card or a
rule option is read and checked the same way whichever way it came in. Every problem
is raised as a :class:`deberts.DebertsError` whose message names the bad token.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping, Sequence

from deberts import Deal, DebertsError, Position, Rules

#: The built-in ``--example`` deal: a full 2-player deal in hearts. The declarer
#: (seat 0) holds the tertz A-K-Q of hearts and bella; the defender's fifty
#: 10-9-8-7 of diamonds outranks the tertz, so only the defender scores a
#: declaration, yet the declarer still makes the deal with bella.
EXAMPLE: dict[str, Any] = {
    "hands": "Q.AKQT.A.AJ7 J.8.T987.QT8",
    "trump": "H",
    "declarer": 0,
    "leader": 1,
}

#: The fields of a batch record, and those it must have.
RECORD_FIELDS = ("hands", "trump", "declarer", "leader", "played", "rules")
REQUIRED_FIELDS = ("hands", "trump", "declarer", "leader")


class RecordError(DebertsError):
    """A batch record that is not an object with the expected fields and types."""


def build_rules(preset: str, settings: Iterable[str] = ()) -> Rules:
    """The rules of ``preset`` with ``option=value`` settings applied in order."""
    rules = Rules.preset_rules(preset)
    for setting in settings:
        rules = rules.with_setting(setting)
    return rules


def build_position(
    hands: str | Sequence[str],
    trump: str,
    declarer: int,
    leader: int,
    rules: Rules,
    played: str | Sequence[str] = (),
) -> Position:
    """A position ready to solve: the deal, its setting and the cards played so far.

    ``hands`` is the deal in RULES.md notation, one string or one string a hand.
    Raises :class:`deberts.DebertsError` for a bad deal, seat or card, an illegal
    played card, or played cards that finish the deal.
    """
    deal = Deal.parse(hands) if isinstance(hands, str) else Deal(hands)
    position = Position(deal, trump, declarer, leader, rules, played)
    if position.is_over():
        raise DebertsError("the deal is over after the played cards: nothing left to solve")
    return position


def parse_record(line: bytes) -> Position:
    """The position described by one batch input line: a JSON object in UTF-8."""
    try:
        text = line.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(f"bad text: not UTF-8 ({error.reason} at byte {error.start})") from None
    if not text.strip():
        raise RecordError("blank line: expected a JSON object")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"bad JSON: {error}") from None
    return position_from_record(record)


def position_from_record(record: object) -> Position:
    """The position described by a decoded batch record.

    ``{"hands": [...] or "...", "trump": "H", "declarer": 0, "leader": 1,
    "played": [...] or "...", "rules": {"preset": ..., "<option>": ...}}``;
    ``played`` and ``rules`` are optional and unknown fields are rejected, so a
    misspelt field never silently solves another position.
    """
    if not isinstance(record, dict):
        raise RecordError(f"bad record: expected a JSON object, got {_json_type(record)}")
    unknown = [name for name in record if name not in RECORD_FIELDS]
    if unknown:
        raise RecordError(
            f"unknown field {unknown[0]!r}: expected fields {' '.join(RECORD_FIELDS)}"
        )
    missing = [name for name in REQUIRED_FIELDS if name not in record]
    if missing:
        raise RecordError(f"missing field {missing[0]!r}")
    rules = record.get("rules", {})
    if not isinstance(rules, dict):
        raise RecordError(f"bad field 'rules': expected an object, got {_json_type(rules)}")
    return build_position(
        _cards_field(record, "hands", "hand strings"),
        _field(record, "trump", str, "a suit letter"),
        _seat_field(record, "declarer"),
        _seat_field(record, "leader"),
        Rules.from_mapping(rules),
        _cards_field(record, "played", "card strings"),
    )


def _field(record: Mapping[str, Any], name: str, kind: type, expected: str) -> Any:
    value = record[name]
    if not isinstance(value, kind):
        raise RecordError(f"bad field {name!r}: expected {expected}, got {_json_type(value)}")
    return value


def _seat_field(record: Mapping[str, Any], name: str) -> int:
    value = record[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"bad field {name!r}: expected a seat number, got {_json_type(value)}")
    return value


def _cards_field(record: Mapping[str, Any], name: str, items: str) -> str | list[str]:
    """A field holding one space-separated string or a list of strings."""
    value = record.get(name, [])
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    raise RecordError(
        f"bad field {name!r}: expected a list of {items} or one string, got {_json_type(value)}"
    )


def _json_type(value: object) -> str:
    """The JSON name of a decoded value's type, with the value when it is short."""
    names = {bool: "boolean", int: "number", float: "number", str: "string",
             list: "array", dict: "object", type(None): "null"}
    shown = json.dumps(value)
    name = names[type(value)]
    return f"{name} {shown}" if len(shown) <= 40 else name
