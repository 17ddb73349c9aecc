"""The errors the library raises; all are ``ValueError`` subclasses, each naming the bad
input or the limit that was reached."""

from __future__ import annotations

from typing import Any


class DebertsError(ValueError):
    """Base class of every error about bad input to deberts."""


class NotationError(DebertsError):
    """Text that is not valid card, hand, deal or option notation."""


class InvalidDealError(DebertsError):
    """Hands that do not form a deal: duplicate cards, unequal or wrong sizes."""


class RulesError(DebertsError):
    """An unknown rule option, preset or option value."""


class IllegalMoveError(DebertsError):
    """A card that may not be played in the current position."""


class RecordError(DebertsError):
    """A JSON record (a batch line or a game record) that is not an object with the
    expected fields, types and a consistent story."""


class ArgumentError(DebertsError, TypeError):
    """A public function's argument of the wrong type or out of range, named. It is
    a ``TypeError`` too, so code that catches either finds it."""


class ClusterError(DebertsError):
    """A Dask scheduler that cannot be reached (or a bad address for one), or a run
    the cluster lost (the ``dask`` extra, :mod:`deberts.engine.distributed`)."""


class SearchInterrupted(DebertsError):
    """A search stopped at the node or time limit its caller set
    (:meth:`deberts.Solver.limit`) before it had an answer."""


class WorldsInterrupted(SearchInterrupted):
    """A batch of worlds (:meth:`deberts.Solver.values_of_worlds`) stopped at its
    limit: ``values`` are those of the worlds solved before the stop, in order."""

    def __init__(self, message: str, values: list[Any]) -> None:
        super().__init__(message)
        self.values = values

    def __reduce__(self) -> tuple[type[WorldsInterrupted], tuple[str, list[Any]]]:
        return type(self), (str(self), self.values)


#: The characters of a value an error message shows before cutting it short.
EXCERPT = 40


def excerpt(value: object) -> str:
    """``value`` as an error message shows it: its ``repr``, a long string or bytes
    cut to its first :data:`EXCERPT` characters and its length, so that a huge input
    never makes a huge message."""
    if isinstance(value, (str, bytes)) and len(value) > EXCERPT:
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{value[:EXCERPT]!r}... ({len(value):,} {unit})"
    shown = repr(value)
    return shown if len(shown) <= 2 * EXCERPT else shown[:2 * EXCERPT] + "..."


#: The longest error message shown; any longer is cut (a last guard, the values a
#: message echoes being cut by :func:`excerpt` already).
MESSAGE_CHARS = 300


def short_message(message: str) -> str:
    """An error message as one line of at most :data:`MESSAGE_CHARS` characters."""
    line = " ".join(message.split("\n"))
    return line if len(line) <= MESSAGE_CHARS else line[:MESSAGE_CHARS] + "..."
