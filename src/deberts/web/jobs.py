"""Analyses that take seconds, as jobs the page follows: each solves a position of
any game on a thread of its own, its values told as they are proven
(:class:`~deberts.engine.partial.PartialValues`), and ends with the whole solution,
with what was proven when it stops at its time limit, or when the page stops it or
leaves (nobody has asked about it for :attr:`JobLimits.idle` seconds).

A job belongs to whoever started it: the start's answer holds the job's ``secret``,
which every later request about it must give (:meth:`Jobs.get`, compared in
constant time); nobody else learns its id, position or values, nor can keep it
alive or stop it.

The jobs are bounded: how many run at once (more are refused with
:class:`TooManyJobs`), the seconds each may search, the table each holds (so the
memory of all of them is at most ``count`` tables), and how many finished answers
are kept, for how long. A job's state is drawn on its own thread as the search
reports (:attr:`Job.answer`, its JSON), so that a poll only reads it: polls, however
many, take no lock, no thread and no drawing from the work of others.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from deberts.engine.face import GameSolver, new_solver
from deberts.engine.owner import Progress
from deberts.engine.partial import STOPPED_AT_LIMIT, STOPPED_BY_INTERRUPT, PartialValues
from deberts.errors import DebertsError, SearchInterrupted, short_message
from deberts.model.registry import game_of

#: A job's states: searching, solved, stopped before the end (at its limit, by the
#: page, or left by it) with what it proved, or failed (bad input).
RUNNING, DONE, STOPPED, FAILED = "running", "done", "stopped", "failed"


@dataclass(frozen=True)
class JobLimits:
    """How many jobs search at once, the seconds each may search, the log2 of the
    entries of each one's table (its memory: tens of MB at 2^18 entries; the
    engine's default when None), how long a finished job is kept for its page and
    how many finished jobs are kept at most (past it the one that ended first is
    dropped), and how long a job nobody asks about runs on before it is stopped."""

    count: int = 2
    seconds: float = 120.0
    table_bits: int | None = 18
    keep: float = 60.0
    kept: int = 32
    idle: float = 10.0


#: The longest a stop waits for its job's thread to end, in seconds.
STOP_WAIT = 5.0


class TooManyJobs(DebertsError):
    """As many jobs as the server allows are running."""


class UnknownJob(DebertsError):
    """No job has this id (it ended and was dropped, or never was)."""


class NotYourJob(DebertsError):
    """A request about a job without the job's secret, or with another."""


class _Left(Exception):
    """Raised in a job's search by its observer: the page stopped it or left."""


class Job:
    """One position being solved on its own thread; :attr:`answer` is where it
    stands, as JSON. ``render`` turns the finished solution into the answer of
    ``/api/solve?board=true``; ``board`` draws the position with some values.
    ``ended`` is told when the job ends (its thread's last act)."""

    def __init__(self, position: Any, limits: JobLimits,
                 render: Callable[[Any, Any], dict[str, Any]],
                 board: Callable[[Any, dict[Any, int]], str],
                 ended: Callable[[Job], None] = lambda job: None) -> None:
        self.id = secrets.token_urlsafe(12)
        #: What every request about the job must give.
        self.secret = secrets.token_urlsafe(24)
        self.position = position
        self.limits = limits
        self.render = render
        self.board = board
        self.on_end = ended
        #: Stopped by its page: dropped once its thread ends.
        self.forgotten = False
        self.state = RUNNING
        self.started = time.monotonic()
        self.seen = self.started
        self.ended: float | None = None
        self.progress = Progress(0, 0.0)
        self.values: PartialValues[Any] | None = None
        self.solution: dict[str, Any] | None = None
        self.error: str | None = None
        #: The board drawn with the values proven (``drawn``), redrawn only as
        #: they change.
        self.drawn: dict[Any, int] | None = None
        self.svg: str | None = None
        self.answer = b""
        self._take_stock()
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
            try:
                self._take_stock()
            except Exception as error:  # the board could not be drawn: still an end
                self.error, self.state = f"internal error: {type(error).__name__}", FAILED
                self.values = None
                self._take_stock()
            # Only the answer is kept: the position, the solution and the drawing go.
            self.position = self.values = self.solution = self.svg = self.drawn = None
            self.on_end(self)

    def _observe(self, progress: Progress) -> None:
        """The search's progress, kept and drawn; a job stopped by its page, or
        that nobody has asked about for a while, stops here."""
        self.progress = progress
        if progress.values is not None:
            self.values = progress.values
        if self.leaving.is_set() or time.monotonic() - self.seen > self.limits.idle:
            raise _Left
        self._take_stock()

    def _stopped(self, why: str) -> None:
        if self.values is not None:
            self.values = replace(self.values, stopped=why)
        self.state = STOPPED

    def stop(self, wait: float) -> None:
        """Stop the search (within about a tenth of a second) and wait up to
        ``wait`` seconds for its thread to end."""
        self.leaving.set()
        self.thread.join(wait)

    def _take_stock(self) -> None:
        """Make :attr:`answer` where the job stands now (on the job's thread, but
        for its first): ``id``, ``state``, ``seconds``, ``nodes``; the move being
        searched and its proven interval (``lower``/``upper``, null while not
        proven); ``values``, every move's value as far as proven
        (:meth:`PartialValues.to_dict`); ``svg``, the board with the values proven
        so far while the best so far is one of them (marked), else bare; once done,
        ``solution`` (as ``/api/solve?board=true``), or ``error`` when it failed."""
        progress, values = self.progress, self.values
        if values is not None:
            # The drawing frames the best of the values it is given: they are drawn
            # only while the best so far is exact, for a move proven better than
            # every exact value but not yet exact must not see another framed.
            best = values.best()
            drawn = dict(values.exact) if best is not None and best[0] in values.exact else {}
            if drawn != self.drawn:
                self.drawn = drawn
                self.svg = self.board(self.position, drawn)
        end = self.ended if self.ended is not None else time.monotonic()
        self.answer = json.dumps({
            "id": self.id,
            "state": self.state,
            "seconds": round(end - self.started, 3),
            "nodes": progress.nodes,
            "searching": None if progress.searching is None else str(progress.searching),
            "lower": progress.lower,
            "upper": progress.upper,
            "values": None if values is None else values.to_dict(),
            "svg": self.svg,
            "solution": self.solution,
            "error": self.error,
        }, separators=(",", ":")).encode()

    def to_dict(self) -> dict[str, Any]:
        """Where the job stands (:meth:`_take_stock` says what it holds)."""
        found: dict[str, Any] = json.loads(self.answer)
        return found


class Jobs:
    """The server's jobs, bounded by ``limits``. Reading a job takes no lock:
    :attr:`lock` orders only the starts and ends of jobs."""

    def __init__(self, limits: JobLimits) -> None:
        self.limits = limits
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    def start(self, position: Any, render: Callable[[Any, Any], dict[str, Any]],
              board: Callable[[Any, dict[Any, int]], str]) -> Job:
        """A new job solving ``position``, else :class:`TooManyJobs`."""
        with self.lock:
            self._prune()
            running, _ = self._counts()
            if running >= self.limits.count:
                raise TooManyJobs(
                    f"too many analyses running ({running} of {self.limits.count} on this "
                    "server): stop one, or try again when one ends")
            job = Job(position, self.limits, render, board, self._ended)
            self.jobs[job.id] = job
            job.thread.start()
            return job

    def get(self, job_id: str, secret: str) -> Job:
        """The job ``job_id``, if ``secret`` is its secret (its page is still
        there: it keeps it running); :class:`UnknownJob` or :class:`NotYourJob`."""
        job = self.jobs.get(job_id)
        if job is None or job.forgotten or self._expired(job, time.monotonic()):
            raise UnknownJob(f"no analysis {job_id[:40]!r}: it ended, or was never started")
        if not hmac.compare_digest(secret.encode("utf-8", "replace"), job.secret.encode()):
            raise NotYourJob(f"analysis {job_id[:40]!r} is not yours: give the secret its "
                             "start answered (header X-Job-Secret)")
        job.seen = time.monotonic()
        return job

    def stop(self, job_id: str, secret: str) -> Job:
        """Stop the job ``job_id`` (``secret`` is its secret), wait for its thread
        (a few seconds at most: it ends within about a tenth of a second) and forget
        it; returns it, as it stopped. A thread still running is counted until it
        ends."""
        job = self.get(job_id, secret)
        job.stop(wait=STOP_WAIT)
        with self.lock:
            job.forgotten = True
            self._prune()
        return job

    def counts(self) -> dict[str, int]:
        """How many jobs search (``running``) and how many finished ones are kept
        (``finished``): nothing about whose they are."""
        with self.lock:
            self._prune()
            running, finished = self._counts()
        return {"running": running, "finished": finished}

    def close(self) -> None:
        """Stop every job (at the server's shutdown)."""
        with self.lock:
            jobs = list(self.jobs.values())
            self.jobs.clear()
        for job in jobs:
            job.leaving.set()
        for job in jobs:
            job.stop(wait=STOP_WAIT)

    def _counts(self) -> tuple[int, int]:
        """How many jobs search, and how many have ended."""
        running = sum(job.ended is None for job in self.jobs.values())
        return running, len(self.jobs) - running

    def _ended(self, job: Job) -> None:
        """A job's thread ends: the oldest finished jobs past the cap go."""
        with self.lock:
            self._prune()

    def _expired(self, job: Job, now: float) -> bool:
        return job.ended is not None and now - job.ended > self.limits.keep

    def _prune(self) -> None:
        """Forget the jobs that ended more than ``keep`` seconds ago, and the ones
        that ended first past the ``kept`` finished jobs."""
        now = time.monotonic()
        finished = sorted((job for job in self.jobs.values() if job.ended is not None),
                          key=lambda job: job.ended or 0.0)
        past = len(finished) - self.limits.kept
        for rank, job in enumerate(finished):
            if rank < past or job.forgotten or self._expired(job, now):
                del self.jobs[job.id]
