"""A match played one decision at a time by a person at one seat (the web board), for
any game.

A game's match calls its players and waits for each answer; a person answers whenever
he likes, from another thread or another request. A :class:`Session` runs each deal of
the match on a worker thread where the person's seat waits for :meth:`Session.answer`;
:meth:`Session.status` says what the person must decide now (and his view), or that
the computer is thinking, or that the deal is over. The rules of play are the match's
own: each game subclasses :class:`Session` (its registry ``session`` part)."""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from deberts.errors import DebertsError, excerpt

#: The phases of a session: the person decides, the computer plays, a deal is over
#: (and the next can start), the match is over, the worker failed, or the session
#: was closed.
DECIDE, THINKING, DEAL_OVER, MATCH_OVER, FAILED, CLOSED = (
    "decide", "thinking", "deal_over", "match_over", "failed", "closed")


@dataclass(frozen=True)
class Decision:
    """What the person must decide: ``kind`` (each game names its own kinds of
    decision: a bid, a card to play, a move), the view of his seat and the answers
    accepted."""

    kind: str
    view: Any
    options: tuple[str, ...]


@dataclass(frozen=True)
class Status:
    """A snapshot of the session: the phase, the decision waiting (in ``decide``),
    the last deal's result (the game's own result type), the deals played and the
    match scores."""

    phase: str
    decision: Decision | None
    result: Any
    deals: int
    scores: tuple[float, ...]
    error: str | None = None


class SessionMatch(Protocol):
    """What a session needs of a game's match: deal by deal, with the results and
    scores so far, and the winner once there is one."""

    @property
    def results(self) -> Sequence[Any]: ...

    @property
    def scores(self) -> Sequence[Any]: ...

    def winner(self) -> object: ...

    def play_deal(self) -> object: ...


class _Closed(Exception):
    """Raised in the worker when the session is closed, to end the deal in play."""


class Session(ABC):
    """A game's match with a person at ``seat``, played deal by deal:
    :meth:`start_deal`, then :meth:`answer` each decision :meth:`status` shows,
    until the deal is over. A subclass builds the match with the person's seat
    (:meth:`_ask` asks him) and the computer players (stopped by :meth:`close`),
    and reads the person's answers (:meth:`_normalised`)."""

    match: SessionMatch

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._computers: list[Any] = []
        self._worker: threading.Thread | None = None
        self._lock = threading.Condition()
        self._pending: Decision | None = None
        self._reply: str | None = None
        self._running = False
        self._closed = False
        self._error: str | None = None

    # -- the person's side ---------------------------------------------------

    def start_deal(self) -> None:
        """Deal the next deal and play it on the worker thread."""
        with self._lock:
            if self._closed:
                raise DebertsError("the game is closed")
            if self._running:
                raise DebertsError("a deal is in play: answer its decisions first")
            if self.match.winner() is not None:
                raise DebertsError("the match is over")
            self._running = True
        self._worker = threading.Thread(target=self._play_deal, name="deberts-session",
                                        daemon=True)
        self._worker.start()

    def status(self) -> Status:
        """What the person must do now."""
        with self._lock:
            return self._status()

    def wait(self, timeout: float) -> Status:
        """The status once the person must decide or the deal is over, or after
        ``timeout`` seconds, whichever comes first."""
        with self._lock:
            self._lock.wait_for(lambda: self._status().phase != THINKING, timeout)
            return self._status()

    def answer(self, text: str) -> None:
        """Answer the decision waiting: one of its options by name (a call,
        ``yes``/``no``, a card such as ``JH``, another move of the game)."""
        with self._lock:
            decision = self._pending
            if decision is None or self._reply is not None:
                raise DebertsError("no decision is waiting: the computer is playing or the deal is over")
            reply = self._normalised(decision.kind, text)
            if reply not in decision.options:
                raise DebertsError(
                    f"bad answer {excerpt(text)} to the {decision.kind} decision: expected one of "
                    f"{' '.join(decision.options)}"
                )
            self._reply = reply
            self._lock.notify_all()

    def close(self) -> None:
        """End the session at once: the computer players that can stop thinking
        (``stop()``, :meth:`deberts.PimcPlayer.stop`) do, so the deal in play runs
        on their quick answers to the person's next decision, where it ends; its
        thread, and the players' memory, are gone then."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        for player in self._computers:
            stop = getattr(player, "stop", None)
            if callable(stop):
                stop()

    def join(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the deal in play to end; whether it has."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
        return worker is None or not worker.is_alive()

    # -- what a game's session defines ----------------------------------------

    @abstractmethod
    def _normalised(self, kind: str, text: str) -> str:
        """An answer as the decision's options spell it."""

    # -- the worker's side -----------------------------------------------------

    def _status(self) -> Status:
        if self._closed:
            phase = CLOSED
        elif self._error is not None:
            phase = FAILED
        elif self._pending is not None and self._reply is None:
            phase = DECIDE
        elif self._running:
            phase = THINKING
        elif self.match.winner() is not None:
            phase = MATCH_OVER
        else:
            phase = DEAL_OVER
        results = self.match.results
        return Status(
            phase, self._pending if phase == DECIDE else None,
            results[-1] if results and not self._running else None, len(results),
            tuple(float(s) for s in self.match.scores), self._error,
        )

    def _ask(self, decision: Decision) -> str:
        """Post ``decision`` and wait for the person's answer (worker thread)."""
        with self._lock:
            self._pending, self._reply = decision, None
            self._lock.notify_all()
            self._lock.wait_for(lambda: self._reply is not None or self._closed)
            if self._closed:
                raise _Closed()
            reply = self._reply
            self._pending, self._reply = None, None
            assert reply is not None
            return reply

    def _play_deal(self) -> None:
        try:
            self.match.play_deal()
        except _Closed:
            pass
        except Exception as error:  # shown to the person instead of a dead game
            with self._lock:
                self._error = f"{type(error).__name__}: {error}"
        finally:
            with self._lock:
                self._running = False
                self._pending = None
                self._lock.notify_all()
