"""Stopping a long command on SIGINT (Ctrl-C) and SIGTERM alike: both raise
:class:`Interrupted` in the main thread, so that every ``with`` block on the way out
runs (temporary files removed, worker threads and processes stopped), and the
command exits with status 128 + the signal's number (130, 143), one line on stderr
(:class:`deberts.cli.common.ReportingGroup`)."""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM during a command (a KeyboardInterrupt, so that no error
    handling of the work takes it for the work's own error), with the signal's
    number."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise :class:`Interrupted` in the main
    thread (elsewhere, where no handler can be set, the block runs as it is)."""
    def stop(signum: int, frame: object) -> None:
        raise Interrupted(signum)

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
