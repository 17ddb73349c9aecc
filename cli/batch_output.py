"""``deberts batch -o OUT``: where the output lines go, and where ``--resume`` finds
the lines already done.

OUT is written through :class:`deberts.formats.output_file.OutputFile` (a regular
file or a new path replaced atomically, keeping its mode; a symbolic link's target
replaced; a device or FIFO written in place). An interrupted run still replaces OUT
with its complete lines, so that ``--resume`` carries on; a run killed outright
leaves its temporary ``.OUT.*.partial`` file, which the next run removes, or, with
``--resume``, carries on from when it holds more lines than OUT.
"""

from __future__ import annotations

import io
import json
import os
import stat
from contextlib import contextmanager
from typing import IO, BinaryIO, Iterator, TextIO

from deberts.cli.common import CliError
from deberts.errors import excerpt
from deberts.formats import batch as batch_format
from deberts.formats.output_file import (
    OutputFile,
    is_regular_or_new,
    remove_partials,
    stale_partials,
)


@contextmanager
def started(source: BinaryIO, output: str | None, resume: bool
            ) -> Iterator[tuple[int | None, list[str], Iterator[tuple[int, bytes]]]]:
    """The input checked against OUT, before any work: the number of its lines when
    it can be counted ahead, the lines done before (``--resume``), and the numbered
    input lines still to solve."""
    if output is not None:
        _refuse_input(source, output)
    total = _count_lines(source)
    done = _resumed_lines(output, total) if resume and output is not None else []
    numbered = enumerate(batch_format.lines(source), 1)
    _skip_done(numbered, done, str(output))
    yield total, done, numbered


def _count_lines(source: IO[bytes]) -> int | None:
    """The number of lines of a seekable input (then rewound), else ``None``."""
    if not source.seekable():
        return None
    start = source.tell()
    count = sum(1 for _ in batch_format.lines(source))
    source.seek(start)
    return count


def _refuse_input(source: BinaryIO, output: str) -> None:
    """Refuse an OUT that is the input file itself, however either is spelt (standard
    input redirected from it included)."""
    try:
        read, written = os.fstat(source.fileno()), os.stat(output)
    except (OSError, ValueError):
        return  # no output file yet, or an input that is no file
    same = (read.st_dev, read.st_ino) == (written.st_dev, written.st_ino)
    if stat.S_ISREG(written.st_mode) and same:
        raise CliError(f"-o {output} is the input file: the output would overwrite it")


def _resumed_lines(path: str, total: int | None) -> list[str]:
    """The complete lines done before, from OUT or from a killed run's temporary file
    when it holds more; each checked to be output line 1, 2, ... of an input of
    ``total`` lines (``None``: not known yet)."""
    if not is_regular_or_new(path):
        raise CliError(f"cannot resume from {path}: not a regular file")
    best = _checked_lines(path, _read(path), total)
    for partial in stale_partials(path):
        try:
            found = _checked_lines(path, _read(partial), total)
        except CliError:
            continue  # not this run's: removed when the new output is written
        if len(found) > len(best):
            best = found
    return best


def _skip_done(numbered: Iterator[tuple[int, bytes]], done: list[str], path: str) -> None:
    """Read past the input lines OUT already answers, each checked to be the line
    its output line answers (by the digest it carries); an input that ends before,
    or a line that differs, is not the input of OUT."""
    for count, kept in enumerate(done):
        item = next(numbered, None)
        if item is None:
            raise CliError(f"cannot resume from {path}: it holds {len(done)} lines, the "
                           f"input only {count}")
        if json.loads(kept)["input"] != batch_format.input_digest(item[1]):
            raise CliError(f"cannot resume from {path}: its line {count + 1} answers "
                           f"another input line {count + 1} (its \"input\" digest differs)")


@contextmanager
def output_lines(path: str | None, kept: list[str], stdout: TextIO) -> Iterator[TextIO]:
    """``stdout``, or OUT starting with the ``kept`` lines: it replaces OUT at the end,
    even an interrupted one (its lines are all complete); a failed write leaves OUT as
    it was (written in place, the lines so far stay)."""
    if path is None:
        yield stdout
        return
    stale = stale_partials(path)
    try:
        output = OutputFile(path)
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror or error}") from None
    target = io.TextIOWrapper(output.handle, encoding="utf-8", newline="\n")
    try:
        target.writelines(line + "\n" for line in kept)
        target.flush()
        remove_partials(stale)
        try:
            yield target
        except (CliError, KeyboardInterrupt):
            target.flush()
            output.commit()  # interrupted: what is written is kept for --resume
            raise
        target.flush()
        output.commit()
    except OSError as error:
        output.discard()
        where = "" if output.in_place else f", {path} left as it was"
        raise CliError(f"batch stopped{where}: cannot write {path}: "
                       f"{error.strerror or error}") from None
    except BaseException:
        output.discard()
        raise


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return b""
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror}") from None


def _checked_lines(path: str, data: bytes, total: int | None) -> list[str]:
    """The complete lines of ``data`` up to the first that holds no answer, each
    checked to be output line 1, 2, ...: a JSON object whose ``line`` is that
    integer, with the digest of its input line, no more lines than the input has."""
    complete = data[:data.rfind(b"\n") + 1].decode("utf-8", "replace").splitlines()
    if total is not None and len(complete) > total:
        raise CliError(f"cannot resume from {path}: it holds {len(complete)} lines, the "
                       f"input only {total}")
    for index, line in enumerate(complete, 1):
        fields = _fields(line)
        number = fields.get("line")
        if type(number) is not int or number != index:
            raise CliError(f"cannot resume from {path}: line {index} is not output line "
                           f"{index} ({excerpt(line)})")
        if not isinstance(fields.get("input"), str):
            raise CliError(f"cannot resume from {path}: line {index} carries no \"input\" "
                           "digest of its input line")
        if not fields.keys() - {"line", "input"}:
            return complete[:index - 1]  # no answer: not done, nor anything after it
    return complete


def _fields(line: str) -> dict[str, object]:
    """An output line's fields (none when it is no JSON object)."""
    try:
        data = json.loads(line)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
