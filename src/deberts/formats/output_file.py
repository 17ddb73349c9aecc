"""Writing an output file without harming what stands at its path.

A regular file, or a path where nothing stands yet, is written to a temporary file
beside it (``.NAME.XXXXXXXX.partial``) that is renamed over it at the end, so a
failed run leaves it as it was; the new file keeps the old one's mode, or gets the
mode the umask gives a new file. A symbolic link is followed and its target
replaced in the same way, the link kept. Anything else (a device such as
``/dev/null``, a FIFO, a socket) is written in place, as a shell redirection
would: never replaced by a regular file (a link to one, such as
``/proc/self/fd/1`` naming a pipe, too). Write errors are raised as ``OSError``.

A file that grows a line at a time (:class:`LineAppender`, a match's records) is
appended to in place: each line goes whole or not at all, a failed write cutting the
file back to what it was before that line.

While a temporary file is being written its writer holds a lock on it, so the
temporary files of a run that was killed (``stale_partials``) are told from those of
a run still going, and can be removed or read back by the next run.
"""

from __future__ import annotations

import fcntl
import glob
import os
import stat
import tempfile
from contextlib import contextmanager
from typing import BinaryIO, Iterator

from deberts.errors import DebertsError

#: The suffix of the temporary files written beside a target.
PARTIAL = ".partial"


class OutputFile:
    """An output on its way to ``path``: write to :attr:`handle` (binary), then
    :meth:`commit` (the output replaces the target) or :meth:`discard` (the target
    stays as it was; written in place, what was written stays written)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        if not self.path:
            raise DebertsError("bad output file name: empty")
        self.target = os.path.realpath(self.path)
        self.in_place = _stands_apart(self.path)
        self.temporary: str | None = None
        if self.in_place:  # opened by its own name: a link like /proc/self/fd/1 has no real path
            self.handle: BinaryIO = open(self.path, "wb")  # noqa: SIM115 (closed by commit/discard)
            return
        folder, name = os.path.split(self.target)
        try:
            descriptor, self.temporary = tempfile.mkstemp(
                prefix=f".{name}.", suffix=PARTIAL, dir=folder)
        except OSError as error:  # named by the file asked for, not the temporary one
            raise OSError(error.errno, error.strerror, self.path) from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.fchmod(descriptor, _mode_for(self.target))
        except OSError:
            os.close(descriptor)
            os.unlink(self.temporary)
            raise
        self.handle = open(descriptor, "wb")  # noqa: SIM115

    def commit(self) -> None:
        """Everything written goes to the target: flushed (and synced to disk), then
        renamed over it; a write error is raised and the target left as it was."""
        try:
            self.handle.flush()
            if self.temporary is not None:
                os.fsync(self.handle.fileno())
        except BaseException:
            self.discard()
            raise
        self.handle.close()
        if self.temporary is not None:
            os.replace(self.temporary, self.target)
            self.temporary = None

    def discard(self) -> None:
        """The temporary file removed, the target left as it was."""
        try:
            self.handle.close()
        except OSError:
            pass  # what could not be written is dropped with the rest
        if self.temporary is not None:
            os.unlink(self.temporary)
            self.temporary = None


@contextmanager
def writing(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary handle whose content replaces ``path`` when the block ends
    normally, and is dropped when it raises (an ``OSError`` of the writing named by
    ``path``); the temporary files that killed runs left beside ``path`` are removed
    first."""
    output = OutputFile(path)
    remove_partials(stale_partials(path))  # this run's own is locked, not stale
    try:
        yield output.handle
        output.commit()
    except OSError as error:  # named by the file asked for
        output.discard()
        if error.filename is not None or error.errno is None:
            raise
        raise OSError(error.errno, error.strerror, output.path) from None
    except BaseException:
        output.discard()
        raise


class LineAppender:
    """A file that grows a whole line at a time (created when missing): a line that
    cannot be written whole is taken back, the file cut to its size before it, and
    the error raised as ``OSError``. Something other than a regular file (a FIFO, a
    device) is written to as it is."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        if not self.path:
            raise DebertsError("bad output file name: empty")
        self.descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        self.regular = stat.S_ISREG(os.fstat(self.descriptor).st_mode)

    def write_line(self, text: str) -> None:
        """Append ``text`` and a line break, whole or not at all."""
        data = memoryview((text + "\n").encode("utf-8"))
        size = os.fstat(self.descriptor).st_size if self.regular else 0
        try:
            while data:
                data = data[os.write(self.descriptor, data):]
        except OSError as error:
            if self.regular:
                os.ftruncate(self.descriptor, size)
            raise OSError(error.errno, error.strerror, self.path) from None

    def close(self) -> None:
        """Close the file (every line written is already in it)."""
        os.close(self.descriptor)


def stale_partials(path: str | os.PathLike[str]) -> list[str]:
    """The temporary files beside ``path``'s target that no running writer holds
    (left by a run that was killed), oldest first."""
    folder, name = os.path.split(os.path.realpath(os.fspath(path)))
    found = []
    for candidate in glob.glob(os.path.join(glob.escape(folder), f".{glob.escape(name)}.*{PARTIAL}")):
        try:
            descriptor = os.open(candidate, os.O_RDONLY)
        except OSError:
            continue
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # a live writer's
        finally:
            os.close(descriptor)
        found.append(candidate)
    return sorted(found, key=_modified)


def remove_partials(paths: list[str]) -> None:
    """Remove the stale temporary files ``paths`` (those already gone are fine)."""
    for partial in paths:
        try:
            os.unlink(partial)
        except FileNotFoundError:
            pass


def is_regular_or_new(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` (its symbolic links followed) is a regular file or nothing yet:
    an output replaced atomically, and an input read back whole."""
    return not _stands_apart(os.fspath(path))


def _stands_apart(path: str) -> bool:
    """Whether something other than a regular file stands at ``path`` (its links
    followed)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    return not stat.S_ISREG(mode)


def _mode_for(target: str) -> int:
    """The mode the new file gets: the old file's, or the umask's for a new file."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def _modified(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0
