"""The files a command writes besides its standard output, each through the one
writer of :mod:`deberts.formats.output_file`: a file replaced whole or left as it was
(:func:`replaced`), or one that grows a whole line at a time (:func:`appended`); a
file that cannot be written is one line naming it."""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import BinaryIO, Iterator

from deberts.cli.common import CliError
from deberts.formats import output_file
from deberts.formats.output_file import LineAppender


def cannot_write(path: str, error: OSError, kept: bool = True) -> CliError:
    """The one-line error of a file not written, saying it was ``kept`` as it was
    (when there was one)."""
    where = f", {path} left as it was" if kept else ""
    return CliError(f"cannot write {path}: {error.strerror or error}{where}")


@contextmanager
def replaced(path: str | None) -> Iterator[BinaryIO | None]:
    """A binary handle whose content replaces ``path`` when the block ends normally
    (``None`` when there is no path); ``path`` is left as it was when the block raises
    or the writing fails."""
    if path is None:
        yield None
        return
    try:
        with output_file.writing(path) as handle:
            yield handle
    except OSError as error:
        raise cannot_write(path, error, kept=os.path.lexists(path)) from None


@contextmanager
def appended(path: str | None) -> Iterator[LineAppender | None]:
    """``path`` opened to grow a whole line at a time (``None`` when there is no
    path), closed at the end."""
    if path is None:
        yield None
        return
    try:
        appender = LineAppender(path)
    except OSError as error:
        raise cannot_write(path, error, kept=False) from None
    try:
        yield appender
    finally:
        appender.close()
