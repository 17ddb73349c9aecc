"""Game records as JSON text (``deberts-record/1``): one record as a readable
document, or one record a line (JSON lines) for many deals.

The record itself, and its JSON object, is :class:`deberts.model.record.GameRecord`
(``to_dict``/``from_dict``); this module reads and writes the text, like :mod:`json`:
:func:`load`/:func:`loads` read, :func:`dump`/:func:`dumps` write, and
``loads(dumps(records)) == records``.
"""

from __future__ import annotations

import json
import os
from typing import IO, Iterable

from deberts.errors import ArgumentError, DebertsError, RecordError
from deberts.formats.json_text import decode_json
from deberts.model.arguments import describe, instance
from deberts.model.record import GameRecord


#: The longest record text read, in bytes: thousands of deals' records.
MAX_BYTES = 64 << 20


def loads(data: bytes | str) -> list[GameRecord]:
    """The records in a text: one JSON record, or one record a line (JSON lines).
    A bad line is named by its number (blank lines count); a text longer than
    :data:`MAX_BYTES` is refused."""
    instance("data", data, (bytes, str), "bytes or a string")
    if len(data) > MAX_BYTES:
        raise RecordError(f"bad file: longer than {MAX_BYTES:,} bytes")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    lines = [
        (number, line)
        for number, line in enumerate(raw.removeprefix(b"\xef\xbb\xbf").splitlines(), 1)
        if line.strip()
    ]
    if len(lines) < 2 or not lines[0][1].strip().endswith(b"}"):
        return [GameRecord.from_dict(decode_json(raw, "file"))]
    records = []
    for number, line in lines:
        try:
            records.append(GameRecord.from_dict(decode_json(line, "line")))
        except DebertsError as error:
            raise type(error)(f"line {number}: {error}") from None
    return records


def load(source: str | os.PathLike[str] | IO[bytes]) -> list[GameRecord]:
    """The records in a file, given by its path or as a binary file object (read
    no further than :data:`MAX_BYTES`)."""
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as handle:
            return loads(handle.read(MAX_BYTES + 1))
    if not callable(getattr(source, "read", None)):
        raise ArgumentError(
            f"bad source: expected a path or a binary file, got {describe(source)}"
        )
    return loads(source.read(MAX_BYTES + 1))


def dumps(records: Iterable[GameRecord]) -> str:
    """One record as an indented document, several as JSON lines."""
    records = list(instance("records", records, Iterable, "an iterable of GameRecord"))
    for record in records:
        instance("records", record, GameRecord, "GameRecord items")
    if len(records) == 1:
        return _layout(records[0].to_dict(), "") + "\n"
    return "".join(line(record) + "\n" for record in records)


def line(record: GameRecord) -> str:
    """One record as one JSON line (no line break), for a file of many deals that
    grows a deal at a time."""
    return json.dumps(record.to_dict())


def dump(records: Iterable[GameRecord], target: str | os.PathLike[str] | IO[str]) -> None:
    """Write :func:`dumps` of ``records`` to a path or a text file object."""
    text = dumps(records)
    if isinstance(target, (str, os.PathLike)):
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text)
    elif callable(getattr(target, "write", None)):
        target.write(text)
    else:
        raise ArgumentError(f"bad target: expected a path or a text file, got {describe(target)}")


def _layout(value: object, indent: str) -> str:
    """``value`` as JSON at ``indent``: one line when short (a bid, a declaration)
    or a list of strings (the hands, the play)."""
    flat = json.dumps(value)
    if not isinstance(value, (dict, list)):
        return flat
    children = value.values() if isinstance(value, dict) else value
    if indent and (len(flat) <= 100 or all(isinstance(c, str) for c in children)):
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {_layout(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    items = [inner + _layout(v, inner) for v in value]
    return "[\n" + ",\n".join(items) + f"\n{indent}]"
