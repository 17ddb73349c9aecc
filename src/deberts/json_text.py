"""Decoding JSON text safely: the batch lines and game-record files, web bodies, file
metadata and the learned models' files (every layer reads JSON, so it sits beside
``deberts.errors``).

Each is UTF-8 JSON (an optional byte-order mark); a problem is one
:class:`RecordError` line naming the field where it can, never a Python traceback or
a raw Python message. Beyond the JSON grammar, these are refused:

- a key twice in one object (which copy would count is a guess);
- nesting deeper than :data:`MAX_DEPTH` (Python's parser would run out of stack);
- ``NaN`` and ``Infinity``, which are not JSON.

An integer of more than :data:`MAX_DIGITS` digits (which Python would refuse to
convert) is read as an infinite number, so the field's own check names it: "bad
field 'dealer': expected a seat number, got a number too large".
"""

from __future__ import annotations

import json
import re

from deberts.errors import RecordError, excerpt

#: The deepest nesting read; no field of either format nests beyond 3.
MAX_DEPTH = 64
#: The longest integer read as one; longer ones are "too large" (no field takes them).
MAX_DIGITS = 100

#: A JSON string (escapes included; written so that the regular expression engine
#: keeps no state per character), or a bracket or colon outside strings.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}:]')


def decode_json(data: bytes | str, what: str) -> object:
    """The JSON value in ``data`` (UTF-8, an optional byte-order mark); ``what`` names
    the input in the blank case (``line``, ``file``)."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise RecordError(
                f"bad text: not UTF-8 ({error.reason} at byte {error.start})"
            ) from None
    else:
        text = data.removeprefix("\ufeff")
    if not text.strip():
        raise RecordError(f"blank {what}: expected a JSON object")
    _check_depth(text)
    try:
        return json.loads(
            text, object_pairs_hook=_object, parse_int=_integer, parse_constant=_constant
        )
    except json.JSONDecodeError as error:
        raise RecordError(f"bad JSON: {error}") from None


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH, naming the top-level field it is in."""
    depth = 0
    key: str | None = None
    last: str | None = None
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token == "[" or token == "{":
            depth += 1
            if depth > MAX_DEPTH:
                where = "JSON" if key is None else f"field {excerpt(key)}"
                raise RecordError(f"bad {where}: nested more than {MAX_DEPTH} deep")
        elif token == "]" or token == "}":
            depth -= 1
        elif token == ":":
            if depth == 1 and last is not None:
                key = _key(last)
        else:
            last = token


def _key(token: str) -> str:
    """A key's text from its JSON string token (as written, if it does not decode)."""
    try:
        return str(json.loads(token))
    except ValueError:
        return token[1:-1]


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """One JSON object; a key given twice is an error."""
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise RecordError(f"duplicate field {excerpt(key)}: each field may be given once")
        data[key] = value
    return data


def _integer(digits: str) -> int | float:
    """An integer, or an infinite number when it has more than MAX_DIGITS digits."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        return float("-inf") if digits.startswith("-") else float("inf")
    return int(digits)


def _constant(name: str) -> object:
    raise RecordError(f"bad JSON: {name} is not a JSON value")
