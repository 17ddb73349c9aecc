"""Game records as JSON text: one record as a readable document, or one record a
line (JSON lines) for many deals, of any game.

Each game's record type reads and writes its own JSON object (``to_dict``/
``from_dict``, its format named by the game's ``record_format``), found by the
object's ``format`` field through the game registry (:mod:`deberts.model.registry`); this module reads and writes the text, like
:mod:`json`: :func:`load`/:func:`loads` read, :func:`dump`/:func:`dumps` write, and
``loads(dumps(records)) == records``.
"""

from __future__ import annotations

import json
import os
from typing import IO, Any, Iterable

from deberts.errors import ArgumentError, DebertsError, RecordError
from deberts.formats import output_file
from deberts.json_text import decode_json
from deberts.model.arguments import describe, instance
from deberts.model.registry import default_game, games

#: The longest record text read, in bytes: thousands of deals' records.
MAX_BYTES = 64 << 20


def from_object(data: object) -> Any:
    """The record of a decoded object, read by the game its ``format`` names (a
    format no game has is refused by the default game's reader, naming it)."""
    by_format = {game.record_format: game for game in games()}
    chosen = by_format.get(str(data.get("format"))) if isinstance(data, dict) else None
    return (chosen or default_game()).record.from_dict(data)  # type: ignore[attr-defined]


def loads(data: bytes | str) -> list[Any]:
    """The records in a text: one JSON record, or one record a line (JSON lines).
    A bad line is named by its number (blank lines count), a last line cut short
    (by a full disk, a killed writer) as such; a text longer than :data:`MAX_BYTES`
    is refused."""
    records, cut = loads_complete(data)
    if cut is not None:
        raise cut
    return records


def loads_complete(data: bytes | str) -> tuple[list[Any], RecordError | None]:
    """The records of a text's complete lines, and the error of its last line when
    that one is cut short (no line break after it, and no record), else ``None``:
    what a file written a line at a time holds when its writer stopped mid-line.
    Any other bad line is raised, as by :func:`loads`."""
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
        return [from_object(decode_json(raw, "file"))], None
    records = []
    for number, line in lines:
        try:
            records.append(from_object(decode_json(line, "line")))
        except DebertsError as error:
            if number == lines[-1][0] and not raw.endswith(b"\n"):
                return records, RecordError(
                    f"line {number}: cut short (no line break at its end): {error}")
            raise type(error)(f"line {number}: {error}") from None
    return records, None


def load(source: str | os.PathLike[str] | IO[bytes]) -> list[Any]:
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


def dumps(records: Iterable[Any]) -> str:
    """One record as an indented document, several as JSON lines."""
    records = list(instance("records", records, Iterable, "an iterable of game records"))
    kinds = tuple(game.record for game in games())
    for record in records:
        instance("records", record, kinds, "game records (GameRecord items)")
    if len(records) == 1:
        return _layout(records[0].to_dict(), "") + "\n"
    return "".join(line(record) + "\n" for record in records)


def line(record: Any) -> str:
    """One record as one JSON line (no line break), for a file of many deals that
    grows a deal at a time."""
    return json.dumps(record.to_dict())


def dump(records: Iterable[Any], target: str | os.PathLike[str] | IO[str]) -> None:
    """Write :func:`dumps` of ``records`` to a path (replacing the file whole, or
    leaving it as it was: :mod:`deberts.formats.output_file`) or a text file object."""
    text = dumps(records)
    if isinstance(target, (str, os.PathLike)):
        with output_file.writing(target) as handle:
            handle.write(text.encode("utf-8"))
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
