"""The learned models' files, checked: every model the package ships or a tool
trains (a play model, a card model, an evaluation, the callers) is a JSON object of
named fields, its weights finite numbers of the shapes its code expects. A file
that is not is a :class:`~deberts.errors.DebertsError` naming the model and the
field, when it is read and when a model is written: a weight of NaN (a training
run that diverged) would otherwise weigh every choice by NaN, silently."""

from __future__ import annotations

import math
from typing import Any, Mapping

import numpy as np

from deberts.errors import DebertsError, RecordError, excerpt
from deberts.json_text import decode_json


def model_object(text: str, what: str) -> dict[str, Any]:
    """The JSON object of a model file's ``text``, read by the project's safe reader
    (:func:`deberts.json_text.decode_json`: no NaN, bounded nesting, no key twice);
    ``what`` names the model in the error (``bad play model: ...``)."""
    try:
        data = decode_json(text, "model file")
    except RecordError as error:
        raise DebertsError(f"bad {what}: {error}") from None
    if not isinstance(data, dict):
        raise DebertsError(f"bad {what}: expected a JSON object, got {type(data).__name__}")
    return data


def model_field(data: Mapping[str, Any], name: str, what: str) -> Any:
    """``data[name]``, a model file's field, which must be there."""
    if not isinstance(data, Mapping):
        raise DebertsError(f"bad {what}: expected an object, got {excerpt(data)}")
    if name not in data:
        raise DebertsError(f"bad {what}: no field {name!r}")
    return data[name]


def finite_weights(value: object, shape: tuple[int | None, ...], what: str,
                   name: str) -> np.ndarray:
    """``value`` (a model's field ``name``) as an array of floats of ``shape`` (an
    axis of ``None``: any length), every entry a finite number."""
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):  # ragged lists
        array = np.zeros(0, dtype=object)
    if array.dtype.kind not in "iuf":  # text, booleans, null, ragged
        raise DebertsError(f"bad {what}: field {name!r} is not an array of numbers")
    array = array.astype(float)
    if array.ndim != len(shape) or any(
            want is not None and have != want for have, want in zip(array.shape, shape)):
        expected = " by ".join("any" if want is None else str(want) for want in shape) or "one"
        raise DebertsError(f"bad {what}: field {name!r} of shape {array.shape}, "
                           f"expected {expected}")
    if not np.isfinite(array).all():
        raise DebertsError(f"bad {what}: field {name!r} holds a weight that is not "
                           "a finite number")
    return array


def finite_number(value: object, what: str, name: str) -> float:
    """``value`` (a model's field ``name``) as a finite float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DebertsError(f"bad {what}: field {name!r} is {excerpt(value)}, expected a number")
    try:
        number = float(value)
    except OverflowError:  # an integer beyond any float
        number = math.inf
    if not math.isfinite(number):
        raise DebertsError(f"bad {what}: field {name!r} is {number}, expected a finite number")
    return number
