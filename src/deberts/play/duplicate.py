"""Duplicate play for every game's arena: matches played in every seating, the cards
the same in each (the match's number fixes its seed), so that the luck of the cards
cancels; side by side in worker processes."""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from itertools import count
from typing import Any, Callable, Iterator

from deberts.play.workers import worker_pool


@dataclass(frozen=True)
class MatchOutcome:
    """One match in one seating: the first type's margin per deal, whether its side
    won, the deals' records as JSON objects, and (where the game prices its play) for
    each deal played out what the first type's seats and the second's gave away
    against double-dummy play, in the game's own terms."""

    margins: tuple[float, ...]
    won: bool
    records: tuple[dict[str, Any], ...]
    given_away: tuple[tuple[Any, Any], ...] = ()


#: A duplicate run's unit of work: ``job(match, seating)`` plays match number
#: ``match`` (its seed) in seating number ``seating``. A module-level function or a
#: ``functools.partial`` of one, so that worker processes can receive it.
DuplicateJob = Callable[[int, int], MatchOutcome]


def duplicate(
    job: DuplicateJob, seatings: int, deals: int, jobs: int = 1,
    progress: Callable[[MatchOutcome], None] | None = None,
) -> tuple[MatchOutcome, ...]:
    """Play matches in every seating, match numbers counting up, until at least
    ``deals`` deals are played and every match has been played in every seating;
    ``jobs`` worker processes, the outcomes in order."""
    outcomes: list[MatchOutcome] = []
    played = 0
    for outcome in _outcomes(job, seatings, jobs):
        outcomes.append(outcome)
        played += len(outcome.margins)
        if progress is not None:
            progress(outcome)
        if played >= deals and len(outcomes) % seatings == 0:
            break
    return tuple(outcomes)


def _outcomes(job: DuplicateJob, seatings: int, jobs: int) -> Iterator[MatchOutcome]:
    """Match outcomes in order, seating by seating, match numbers counting up; on
    Ctrl-C (or SIGTERM raised as it) the worker processes are killed at once."""
    calls = ((match, seating) for match in count() for seating in range(seatings))
    if jobs == 1:
        for match, seating in calls:
            yield job(match, seating)
        return
    window = max(2 * jobs, seatings)
    with worker_pool(jobs) as pool:
        pending: list[Future[MatchOutcome]] = [
            pool.submit(job, *next(calls)) for _ in range(window)]
        while True:
            future = pending.pop(0)
            pending.append(pool.submit(job, *next(calls)))
            yield future.result()
