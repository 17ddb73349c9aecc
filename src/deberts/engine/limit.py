"""A search's limit, as a value: how long a search may run on the wall clock or on
the calling thread's CPU clock, and about how many nodes it may search, in the
manner of python-chess's ``chess.engine.Limit``; and the same limit as it runs, its
deadlines fixed on the clocks when it began (:class:`Deadlines`, what the compiled
search is given)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from deberts.errors import ArgumentError, excerpt
from deberts.model.arguments import integer, positive

#: The longest time a limit takes, in seconds (about 31 years): a longer one is a
#: mistake, not a budget.
MAX_SECONDS = 1e9
#: The most nodes a limit takes (the engines count nodes in 64 bits).
MAX_NODES = 2**63


@dataclass(frozen=True)
class Limit:
    """What a search may spend before it stops and raises
    :class:`deberts.SearchInterrupted`: ``seconds`` on the wall clock, ``cpu_seconds``
    of the calling thread's CPU (``time.thread_time``: a budget that a loaded machine
    does not shorten), about ``nodes`` nodes; ``None`` puts no limit on that one, and
    ``Limit()`` is no limit at all. A time is a number above 0 and at most
    :data:`MAX_SECONDS`, a node count an integer from 1 to :data:`MAX_NODES`; anything
    else is an :class:`deberts.ArgumentError` naming the field.

        >>> Limit(seconds=2)
        Limit(seconds=2.0, nodes=None, cpu_seconds=None)
        >>> Limit() == NO_LIMIT
        True
    """

    seconds: float | None = None
    nodes: int | None = None
    cpu_seconds: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seconds", _seconds("seconds", self.seconds))
        object.__setattr__(self, "cpu_seconds", _seconds("cpu_seconds", self.cpu_seconds))
        if self.nodes is not None:
            object.__setattr__(self, "nodes", integer("nodes", self.nodes, 1, MAX_NODES))

    def start(self) -> Deadlines:
        """The limit of a search beginning now: its deadlines on the monotonic clock
        and on the calling thread's CPU clock."""
        return Deadlines(
            0.0 if self.seconds is None else time.monotonic() + self.seconds,
            self.nodes or 0,
            0.0 if self.cpu_seconds is None else time.thread_time() + self.cpu_seconds,
        )


def _seconds(name: str, value: object) -> float | None:
    """A limit's time, checked: None, or a number above 0 (:func:`positive`) and at
    most MAX_SECONDS."""
    if value is None:
        return None
    number = positive(name, value)
    if number > MAX_SECONDS:
        raise ArgumentError(f"bad {name} {excerpt(value)}: expected a number of seconds "
                            f"above 0 and at most {MAX_SECONDS:g}")
    return number


#: No time limit, no node limit.
NO_LIMIT = Limit()


@dataclass(frozen=True)
class Deadlines:
    """A limit as it runs: the deadline on the monotonic clock (``wall``), the node
    limit and the deadline on the CPU clock of the thread that set it (``cpu``), 0
    for none of each; ``Deadlines()`` stops nothing."""

    wall: float = 0.0
    nodes: int = 0
    cpu: float = 0.0

    def within(self, outer: Deadlines) -> Deadlines:
        """This limit set inside ``outer``: the earlier of each deadline, and this
        node limit (else the outer's)."""
        return Deadlines(earlier(self.wall, outer.wall), self.nodes or outer.nodes,
                         earlier(self.cpu, outer.cpu))

    def on_other_threads(self) -> Deadlines:
        """This limit for searches shared out among other threads, each with its own
        CPU clock: a CPU deadline becomes a deadline on the monotonic clock after as
        many seconds as the setting thread had left (no thread can spend more CPU
        than that); without one, the same limit."""
        if not self.cpu:
            return self
        left = max(self.cpu - time.thread_time(), 1e-6)
        return Deadlines(earlier(time.monotonic() + left, self.wall), self.nodes)


def earlier(deadline: float, outer: float) -> float:
    """The earlier of two deadlines, 0 being none."""
    return outer if outer and (not deadline or outer < deadline) else deadline
