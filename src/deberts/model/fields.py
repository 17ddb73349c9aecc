"""Reading fields of decoded JSON objects, each problem named by field.

Batch lines and game records are both JSON objects; they share these checks so a
wrong type reads the same everywhere: ``bad field 'leader': expected a seat number,
got string "1"``.
"""

from __future__ import annotations

import json
import math
from typing import Any, Mapping, Sequence

from deberts.errors import RecordError, excerpt


def check_object(
    record: object, allowed: Sequence[str], required: Sequence[str], what: str = "record"
) -> dict[str, Any]:
    """``record`` as a dict, after checking it is an object with only ``allowed``
    fields (a misspelt field is never silently ignored) and all ``required`` ones."""
    if not isinstance(record, dict):
        raise RecordError(f"bad {what}: expected a JSON object, got {json_type(record)}")
    unknown = [name for name in record if name not in allowed]
    if unknown:
        raise RecordError(
            f"unknown field {excerpt(unknown[0])}: expected fields {' '.join(allowed)}"
        )
    missing = [name for name in required if name not in record]
    if missing:
        raise RecordError(f"missing field {excerpt(missing[0])}")
    return record


def field(record: Mapping[str, Any], name: str, kind: type, expected: str) -> Any:
    """The value of ``name``, which must be of JSON type ``kind``."""
    value = record[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"bad field {excerpt(name)}: expected {expected}, got {json_type(value)}")
    return value


def seat_field(record: Mapping[str, Any], name: str) -> int:
    """A seat number (range is checked where the player count is known)."""
    seat: int = field(record, name, int, "a seat number")
    return seat


def cards_field(record: Mapping[str, Any], name: str, items: str) -> str | list[str]:
    """A field holding one space-separated string or a list of strings (absent: [])."""
    value = record.get(name, [])
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    raise RecordError(
        f"bad field {excerpt(name)}: expected a list of {items} or one string, got {json_type(value)}"
    )


def json_type(value: object) -> str:
    """The JSON name of a decoded value's type, with the value when it is short."""
    names = {bool: "boolean", int: "number", float: "number", str: "string",
             list: "array", dict: "object", type(None): "null"}
    if isinstance(value, float) and math.isinf(value):
        return "a number too large"
    shown = json.dumps(value)
    name = names.get(type(value), type(value).__name__)
    if value is None:
        return name
    return f"{name} {shown}" if len(shown) <= 40 else name
