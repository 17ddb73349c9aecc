"""Analyses that take seconds, as jobs the page follows: each solves a position of
any game on a thread of its own, its values told as they are proven
(:class:`~deberts.engine.partial.PartialValues`), and ends with the whole solution,
with what was proven when it stops at its time limit, or when the page stops it or
leaves (nobody has asked about it for :attr:`JobLimits.idle` seconds).

The jobs are bounded: how many run at once (more are refused with
:class:`TooManyJobs`), the seconds each may search, the table each holds (so the
memory of all of them is at most ``count`` tables), and how long a finished job's
answer is kept. They run beside the web pools, so a quick request still answers
at once while they run.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from deberts.engine.owner import Progress
from deberts.engine.partial import STOPPED_AT_LIMIT, STOPPED_BY_INTERRUPT, PartialValues
from deberts.errors import DebertsError, SearchInterrupted, short_message
from deberts.engine.face import GameSolver, new_solver
from deberts.model.registry import game_of

#: A job's states: searching, solved, stopped before the end (at its limit, by the
#: page, or left by it) with what it proved, or failed (bad input).
RUNNING, DONE, STOPPED, FAILED = "running", "done", "stopped", "failed"


@dataclass(frozen=True)
class JobLimits:
    """How many jobs search at once, the seconds each may search, the log2 of the
    entries of each one's table (its memory: tens of MB at 2^18 entries; the
    engine's default when None), how long a finished job is kept for its page, and
    how long a job nobody asks about runs on before it is stopped."""

    count: int = 2
    seconds: float = 120.0
    table_bits: int | None = 18
    keep: float = 60.0
    idle: float = 10.0


class TooManyJobs(DebertsError):
    """As many jobs as the server allows are running."""


class UnknownJob(DebertsError):
    """No job has this id (it ended and was dropped, or never was)."""


class _Left(Exception):
    """Raised in a job's search by its observer: the page stopped it or left."""


class Job:
    """One position being solved on its own thread; :meth:`to_dict` is where it
    stands. ``render`` turns the finished solution into the answer of
    ``/api/solve?board=true``; ``board`` draws the position with some values."""

    def __init__(self, position: Any, limits: JobLimits,
                 render: Callable[[Any, Any], dict[str, Any]],
                 board: Callable[[Any, dict[Any, int]], str]) -> None:
        self.id = secrets.token_urlsafe(12)
        self.position = position
        self.limits = limits
        self.render = render
        self.board = board
        self.state = RUNNING
        self.started = time.monotonic()
        self.seen = self.started
        self.ended: float | None = None
        self.progress = Progress(0, 0.0)
        self.values: PartialValues[Any] | None = None
        self.solution: dict[str, Any] | None = None
        self.error: str | None = None
        self.leaving = threading.Event()
        self.thread = threading.Thread(target=self._run, name=f"deberts-job-{self.id}",
                                       daemon=True)

    def _run(self) -> None:
        try:  # the table is made here, off the event loop
            solver: GameSolver = new_solver(game_of(self.position), self.limits.table_bits)
            with solver.limit(seconds=self.limits.seconds), solver.progress(self._observe):
                solution = solver.solve(self.position)
            self.solution = self.render(self.position, solution)
            self.state = DONE
        except SearchInterrupted:
            self._stopped(STOPPED_AT_LIMIT)
        except _Left:
            self._stopped(STOPPED_BY_INTERRUPT)
        except DebertsError as error:
            self.error, self.state = short_message(str(error)), FAILED
        except Exception as error:  # a job's thread must end with a state, never die
            self.error, self.state = f"internal error: {type(error).__name__}", FAILED
        finally:
            self.ended = time.monotonic()

    def _observe(self, progress: Progress) -> None:
        """The search's progress, kept; a job stopped by its page, or that nobody
        has asked about for a while, stops here."""
        self.progress = progress
        if progress.values is not None:
            self.values = progress.values
        if self.leaving.is_set() or time.monotonic() - self.seen > self.limits.idle:
            raise _Left

    def _stopped(self, why: str) -> None:
        if self.values is not None:
            self.values = replace(self.values, stopped=why)
        self.state = STOPPED

    def stop(self, wait: float) -> None:
        """Stop the search (within about a tenth of a second) and wait up to
        ``wait`` seconds for its thread to end."""
        self.leaving.set()
        self.thread.join(wait)

    def to_dict(self) -> dict[str, Any]:
        """Where the job stands: ``state``, ``seconds``, ``nodes``; the move being
        searched and its proven interval (``lower``/``upper``, null while not
        proven); ``values``, every move's value as far as proven
        (:meth:`PartialValues.to_dict`); ``svg``, the board with the values proven
        so far (the best of them marked); once done, ``solution`` (as
        ``/api/solve?board=true``), or ``error`` when it failed."""
        progress, values = self.progress, self.values
        end = self.ended if self.ended is not None else time.monotonic()
        return {
            "id": self.id,
            "state": self.state,
            "seconds": round(end - self.started, 3),
            "nodes": progress.nodes,
            "searching": None if progress.searching is None else str(progress.searching),
            "lower": progress.lower,
            "upper": progress.upper,
            "values": None if values is None else values.to_dict(),
            "svg": None if values is None else self.board(self.position, values.exact),
            "solution": self.solution,
            "error": self.error,
        }


class Jobs:
    """The server's jobs, bounded by ``limits``."""

    def __init__(self, limits: JobLimits) -> None:
        self.limits = limits
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    def start(self, position: Any, render: Callable[[Any, Any], dict[str, Any]],
              board: Callable[[Any, dict[Any, int]], str]) -> Job:
        """A new job solving ``position``, else :class:`TooManyJobs`."""
        with self.lock:
            self._prune()
            running = sum(job.thread.is_alive() for job in self.jobs.values())
            if running >= self.limits.count:
                raise TooManyJobs(
                    f"too many analyses running ({running} of {self.limits.count} on this "
                    "server): stop one, or try again when one ends")
            job = Job(position, self.limits, render, board)
            self.jobs[job.id] = job
            job.thread.start()
            return job

    def get(self, job_id: str) -> Job:
        """The job ``job_id`` (its page is still there: it keeps it running)."""
        with self.lock:
            self._prune()
            job = self.jobs.get(job_id)
            if job is None:
                raise UnknownJob(f"no analysis {job_id[:40]!r}: it ended, or was never started")
            job.seen = time.monotonic()
            return job

    def stop(self, job_id: str) -> Job:
        """Stop the job ``job_id``, wait for its thread (a second at most) and
        forget it; returns it, as it stopped."""
        job = self.get(job_id)
        job.stop(wait=1.0)
        with self.lock:
            self.jobs.pop(job_id, None)
        return job

    def running(self) -> list[str]:
        """The ids of the jobs whose search still runs."""
        with self.lock:
            self._prune()
            return [key for key, job in self.jobs.items() if job.thread.is_alive()]

    def close(self) -> None:
        """Stop every job (at the server's shutdown)."""
        with self.lock:
            jobs = list(self.jobs.values())
            self.jobs.clear()
        for job in jobs:
            job.stop(wait=1.0)

    def _prune(self) -> None:
        """Forget the jobs that ended more than ``keep`` seconds ago."""
        now = time.monotonic()
        for key in [key for key, job in self.jobs.items()
                    if job.ended is not None and now - job.ended > self.limits.keep]:
            del self.jobs[key]
