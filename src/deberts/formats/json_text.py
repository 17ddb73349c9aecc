"""Decoding the JSON text of batch lines and game-record files.

Both formats are UTF-8 JSON objects (an optional byte-order mark); a problem is one
:class:`RecordError` line, never a Python traceback or a raw Python message.
"""

from __future__ import annotations

import json

from deberts.errors import RecordError


def decode_json(data: bytes | str, what: str) -> object:
    """The JSON value in ``data`` (UTF-8, an optional byte-order mark); ``what`` names
    the input in the blank case (``line``, ``file``)."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise RecordError(
                f"bad text: not UTF-8 ({error.reason} at byte {error.start})"
            ) from None
    else:
        text = data.removeprefix("\ufeff")
    if not text.strip():
        raise RecordError(f"blank {what}: expected a JSON object")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"bad JSON: {error}") from None
