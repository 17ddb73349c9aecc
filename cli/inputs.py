"""Turning command-line options and batch records into rules and positions.

Both ``deberts solve`` and ``deberts batch`` end here, so a deal, a played card or a
rule option is read and checked the same way whichever way it came in. Every problem
is raised as a :class:`deberts.DebertsError` whose message names the bad token.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from deberts import Deal, DebertsError, Position, Rules
from deberts.model.fields import cards_field, check_object, decode_json, field, seat_field

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
    return position_from_record(decode_json(line, "line"))


def position_from_record(record: object) -> Position:
    """The position described by a decoded batch record.

    ``{"hands": [...] or "...", "trump": "H", "declarer": 0, "leader": 1,
    "played": [...] or "...", "rules": {"preset": ..., "<option>": ...}}``;
    ``played`` and ``rules`` are optional and unknown fields are rejected, so a
    misspelt field never silently solves another position.
    """
    record = check_object(record, RECORD_FIELDS, REQUIRED_FIELDS)
    rules = field(record, "rules", dict, "an object") if "rules" in record else {}
    return build_position(
        cards_field(record, "hands", "hand strings"),
        field(record, "trump", str, "a suit letter"),
        seat_field(record, "declarer"),
        seat_field(record, "leader"),
        Rules.from_mapping(rules),
        cards_field(record, "played", "card strings"),
    )
