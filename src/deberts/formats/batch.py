"""The batch line format: one position a line as a JSON object, and one result a
line (README "Solving a deal", ``deberts batch``).

An input line is a JSON object of one game's position fields (the hands, the moves
``played``, the ``rules`` and the game's own); unknown fields are refused, so a
misspelt field never silently solves another position. An optional ``game`` field
names the game (:func:`deberts.model.registry.find_game`; the default game when it
names none), whose own
``read_line`` and ``write_line`` parts read and write the rest of the line.
:func:`loads`/:func:`dumps` read and write one line of any game, :func:`load`/
:func:`dump` a file of them.

An input line may also ask for less than the whole solution with a ``mode`` field
(:data:`MODES`; :func:`loads_request` reads it, the caller's default applies without
one), so that a user who wants only numbers pays only for them: ``value`` the
margin, ``values`` every legal move's margin, ``solve`` (the default) everything
(:func:`answer`).

An output line is the mode's JSON object with ``"line": N`` and ``"input": D``
first, or ``{"line": N, "input": D, "error": "..."}`` (:func:`result_line`,
:func:`error_line`); ``D`` is the digest of the input line it answers
(:func:`input_digest`), so that an output file is checked line by line against the
input it is resumed with.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import IO, Any, Iterable, Iterator

from deberts.errors import DebertsError, RecordError, short_message
from deberts.formats.face import formats_of
from deberts.json_text import decode_json
from deberts.model.arguments import instance
from deberts.model.fields import json_type
from deberts.model.registry import default_game, find_game, game_of, games

#: The longest input line read, in bytes (a line holds a few hundred).
MAX_LINE_BYTES = 1 << 20


def game_from_object(data: object) -> Any:
    """The position of a decoded line, read by the reader of its ``game`` (the
    default game when it names none)."""
    if not isinstance(data, dict):
        raise RecordError(f"bad record: expected a JSON object, got {json_type(data)}")
    if "game" not in data:
        return formats_of(default_game()).read_line(data)
    try:
        game = find_game(data["game"])
    except DebertsError:
        shown = json.dumps(data["game"]) if isinstance(data["game"], str) else "not a name"
        names = " ".join(game.name for game in games())
        raise RecordError(f"bad field 'game': {shown[:40]}, expected one of {names}") from None
    return formats_of(game).read_line(data)


#: What a batch line may ask for, cheapest first; ``solve`` when it names none.
MODES = ("value", "values", "solve")
DEFAULT_MODE = "solve"


def loads(line: bytes | str) -> Any:
    """The position of one input line (UTF-8 JSON), of any game; a line longer than
    :data:`MAX_LINE_BYTES` is refused."""
    return game_from_object(_decoded(line))


def loads_request(line: bytes | str) -> tuple[Any, str | None]:
    """The position of one input line and the mode it asks for (``None`` when it
    names none)."""
    data = _decoded(line)
    mode = None
    if isinstance(data, dict) and "mode" in data:
        data = dict(data)
        mode = data.pop("mode")
        if mode not in MODES:
            shown = json.dumps(mode)[:40] if isinstance(mode, str) else json_type(mode)
            raise RecordError(f"bad field 'mode': {shown}, expected one of {' '.join(MODES)}")
    return game_from_object(data), mode


def _decoded(line: bytes | str) -> object:
    instance("line", line, (bytes, str), "bytes or a string")
    if len(line) > MAX_LINE_BYTES:
        raise RecordError(f"line too long: more than {MAX_LINE_BYTES:,} bytes")
    return decode_json(line, "line")


def answer(solver: Any, position: Any, mode: str) -> dict[str, Any]:
    """The result object of ``position`` in ``mode`` by ``solver`` (the game's,
    :class:`~deberts.engine.face.GameSolver`): ``solve`` the solution's own
    object; ``value`` ``{"mode", "margin", "nodes", "seconds"}``; ``values``
    ``{"mode", "moves": [{"move", "margin"}, ...] (the solver's order), "nodes",
    "seconds"}``."""
    if mode == "solve":
        result: dict[str, Any] = solver.solve(position).to_dict()
        return result
    started = time.perf_counter()
    if mode == "value":
        figures: dict[str, Any] = {"margin": solver.value(position)}
    elif mode == "values":
        figures = {"moves": [{"move": str(move), "margin": margin}
                             for move, margin in solver.values(position).items()]}
    else:
        raise DebertsError(f"bad mode {mode!r}: expected one of {' '.join(MODES)}")
    return {"mode": mode, **figures, "nodes": solver.nodes,
            "seconds": round(time.perf_counter() - started, 6)}


def to_object(position: object) -> dict[str, Any]:
    """A position of any game as a line's object: ``game`` first unless it is the
    default game, then the game's own fields."""
    try:
        game = game_of(position)
    except DebertsError:
        raise DebertsError(
            f"bad position: {type(position).__name__} has no batch line") from None
    data = formats_of(game).write_line(game.own(position, game.position, "position"))
    return data if game == default_game() else {"game": game.name, **data}


def dumps(position: object) -> str:
    """One input line for ``position``, without the line break."""
    return json.dumps(to_object(position))


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


def load(source: IO[bytes]) -> Iterator[Any]:
    """The positions of a file of input lines, skipping blank lines; a bad line
    stops the reading with its line number."""
    for number, line in enumerate(lines(source), 1):
        if not line.strip():
            continue
        try:
            yield loads(line)
        except DebertsError as error:
            raise type(error)(f"line {number}: {error}") from None


def dump(positions: Iterable[Any], target: IO[str]) -> None:
    """Write one input line per position."""
    for position in positions:
        target.write(dumps(position) + "\n")


def input_digest(line: bytes) -> str:
    """The digest of an input line (as :func:`lines` gives it) that its output line
    carries: the first 16 hexadecimal digits of its SHA-256."""
    return hashlib.sha256(line).hexdigest()[:16]


def result_line(number: int, line: bytes, result: dict[str, Any]) -> str:
    """The output line of input ``line`` number ``number``: its result object,
    numbered and with the line's digest."""
    return json.dumps({"line": number, "input": input_digest(line), **result})


def error_line(number: int, line: bytes, message: str) -> str:
    """The output line of an input line that cannot be solved."""
    return json.dumps({"line": number, "input": input_digest(line),
                       "error": short_message(message)})
