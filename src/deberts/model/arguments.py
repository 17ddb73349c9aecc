"""Checking what the public functions are given, so a wrong type or value is an
:class:`ArgumentError` naming the argument, never an ``AttributeError``, a silently
truncated float or a crash deeper down.

Integers are ``int`` or any integer type such as numpy's (``numbers.Integral``);
``bool`` is refused where a number is meant, and so is a float, even ``2.0``.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

from deberts.errors import ArgumentError, DebertsError, excerpt


def describe(value: object) -> str:
    """The value's type, with the value itself when it is short."""
    shown = repr(value)
    kind = type(value).__name__
    return f"{kind} {shown}" if len(shown) <= 40 else kind


def integer(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a plain ``int``, checked against ``low..high`` when given."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentError(f"bad {name}: expected an integer, got {describe(value)}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        span = f"{low}.." + ("" if high is None else str(high))
        # a huge one by its size: its digits would flood the message (or not print)
        shown = number if number.bit_length() <= 128 else f"(an integer of {number.bit_length():,} bits)"
        raise ArgumentError(f"bad {name} {shown}: expected {span}")
    return number


def positive(name: str, value: object) -> float:
    """``value`` as a float, if it is a finite number above 0 (a time, a budget)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentError(f"bad {name}: expected a number, got {describe(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        raise ArgumentError(f"bad {name} {excerpt(value)}: expected a finite number above 0") from None
    if not 0 < number < math.inf:
        raise ArgumentError(f"bad {name} {number}: expected a number above 0")
    return number


def instance(name: str, value: Any, kind: type | tuple[type, ...], expected: str) -> Any:
    """``value`` if it is a ``kind``, else an error saying what was ``expected``."""
    if not isinstance(value, kind):
        raise ArgumentError(f"bad {name}: expected {expected}, got {describe(value)}")
    return value


def text(name: str, value: object) -> str:
    """``value`` if it is a string, for the parsers."""
    checked: str = instance(name, value, str, "a string")
    return checked


def check_seat(
    name: str, seat: object, players: int, error: type[DebertsError] = DebertsError
) -> int:
    """``seat`` as an ``int`` (numpy integers too) if it is a seat at a
    ``players``-player table, else ``error`` naming it."""
    if (isinstance(seat, bool) or not isinstance(seat, numbers.Integral)
            or not 0 <= int(seat) < players):
        raise error(f"bad {name} {excerpt(seat)}: seat must be 0..{players - 1} with {players} players")
    return int(seat)
