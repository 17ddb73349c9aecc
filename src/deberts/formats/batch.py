"""The batch line format: one position a line as a JSON object, and one result a
line (README "Solving a deal", ``deberts batch``).

An input line is ``{"hands": [...] or "...", "trump": "H", "declarer": 0,
"leader": 1, "played": [...] or "...", "rules": {"preset": ..., "<option>": ...}}``;
``played`` and ``rules`` are optional and unknown fields are refused, so a misspelt
field never silently solves another position. An optional ``game`` field names the
game (``deberts``, the default, or ``tertz``: :mod:`deberts.formats.tertz_batch`);
each game reads and writes its own lines through :data:`READERS` and
:data:`WRITERS`. :func:`loads`/:func:`dumps` read and write one line of any game,
:func:`load`/:func:`dump` a file of them; :func:`from_object` reads a Deberts one.

An output line is the solution's JSON object with ``"line": N`` first, or
``{"line": N, "error": "..."}`` (:func:`result_line`, :func:`error_line`).
"""

from __future__ import annotations

import json
from typing import IO, Any, Callable, Iterable, Iterator

from deberts.errors import DebertsError, RecordError, short_message
from deberts.formats import tertz_batch
from deberts.formats.json_text import decode_json
from deberts.model.arguments import instance
from deberts.model.deal import Deal
from deberts.model.fields import cards_field, check_object, field, seat_field
from deberts.model.position import Position
from deberts.model.rules import Rules
from deberts.model.tertz import TertzPosition

#: A position of any game a line can hold.
GamePosition = Position | TertzPosition

#: The game of a line without a ``game`` field.
DEFAULT_GAME = "deberts"

#: The longest input line read, in bytes (a line holds a few hundred).
MAX_LINE_BYTES = 1 << 20

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


#: How each game reads a decoded line, and writes its positions.
READERS: dict[str, Callable[[dict[str, Any]], GamePosition]] = {
    DEFAULT_GAME: position_from_object, tertz_batch.GAME: tertz_batch.position_from_object,
}
WRITERS: dict[type, Callable[[Any], dict[str, Any]]] = {
    Position: position_to_object, TertzPosition: tertz_batch.position_to_object,
}


def game_from_object(data: object) -> GamePosition:
    """The position of a decoded line, read by the reader of its ``game``."""
    if not isinstance(data, dict):
        data = check_object(data, FIELDS, REQUIRED)
    game = data.get("game", DEFAULT_GAME)
    if not isinstance(game, str) or game not in READERS:
        shown = json.dumps(game) if isinstance(game, str) else "not a name"
        raise RecordError(f"bad field 'game': {shown}, expected one of {' '.join(READERS)}")
    return READERS[game](data)


def from_object(data: object) -> Position:
    """The Deberts position of a decoded line; a line of another game is refused."""
    position = game_from_object(data)
    if not isinstance(position, Position):
        raise RecordError("bad field 'game': a Tertz line, expected a Deberts one here")
    return position


def loads(line: bytes | str) -> GamePosition:
    """The position of one input line (UTF-8 JSON), of any game; a line longer than
    :data:`MAX_LINE_BYTES` is refused."""
    instance("line", line, (bytes, str), "bytes or a string")
    if len(line) > MAX_LINE_BYTES:
        raise RecordError(f"line too long: more than {MAX_LINE_BYTES:,} bytes")
    return game_from_object(decode_json(line, "line"))


def dumps(position: GamePosition) -> str:
    """One input line for ``position``, without the line break."""
    writer = WRITERS.get(type(position))
    if writer is None:
        raise DebertsError(f"bad position: {type(position).__name__} has no batch line")
    return json.dumps(writer(position))


def lines(source: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of a file without their endings: LF, CRLF or a lone CR (old Mac
    files) each end a line. Read as it comes, so a pipe streams, in time linear in
    the input; of a line longer than ``limit`` bytes only the first ``limit + 1`` are
    kept (enough for :func:`loads` to refuse it)."""
    read = getattr(source, "read1", source.read)
    pending = bytearray()
    after_cr = False
    while chunk := read(1 << 16):
        if after_cr and chunk.startswith(b"\n"):
            chunk = chunk[1:]  # the LF of a CRLF split between two reads
        for part in chunk.splitlines(keepends=True):
            if len(pending) <= limit:
                pending += part[:limit + 1 - len(pending)]
            if part.endswith((b"\n", b"\r")):
                yield bytes(pending).rstrip(b"\r\n")
                pending.clear()
        after_cr = chunk.endswith(b"\r")
    if pending:
        yield bytes(pending).rstrip(b"\r\n")


def load(source: IO[bytes]) -> Iterator[GamePosition]:
    """The positions of a file of input lines, skipping blank lines; a bad line
    stops the reading with its line number."""
    for number, line in enumerate(lines(source), 1):
        if not line.strip():
            continue
        try:
            yield loads(line)
        except DebertsError as error:
            raise type(error)(f"line {number}: {error}") from None


def dump(positions: Iterable[GamePosition], target: IO[str]) -> None:
    """Write one input line per position."""
    for position in positions:
        target.write(dumps(position) + "\n")


def result_line(number: int, result: dict[str, Any]) -> str:
    """The output line of input line ``number``: its result object, numbered."""
    return json.dumps({"line": number, **result})


def error_line(number: int, message: str) -> str:
    """The output line of an input line that cannot be solved."""
    return json.dumps({"line": number, "error": short_message(message)})
