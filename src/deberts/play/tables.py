"""Tables of self-play rows read back (a tool's training data): a table is checked
against the schema its writer used before any column is read, so that another
tool's file, any other Parquet file or a directory of them is one error naming what
is missing, not a ``KeyError`` deep in the training."""

from __future__ import annotations

import pyarrow as pa

from deberts.errors import RecordError


def _kind(kind: pa.DataType) -> str:
    """A column type's kind (a narrower or wider integer reads the same)."""
    if pa.types.is_integer(kind):
        return "integers"
    if pa.types.is_floating(kind):
        return "numbers"
    if pa.types.is_boolean(kind):
        return "booleans"
    return str(kind)


def check_table(table: pa.Table, schema: pa.Schema, what: str) -> None:
    """Refuse ``table`` unless it has every column of ``schema``, each of its kind: a
    :class:`~deberts.errors.RecordError` naming the columns missing or the first
    column of another kind, and ``what`` was expected (the rows and the tool
    that writes them)."""
    missing = [name for name in schema.names if name not in table.column_names]
    if missing:
        shown = " ".join(missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
        raise RecordError(f"missing columns {shown}: expected {what}")
    for expected in schema:
        found = _kind(table.schema.field(expected.name).type)
        if found != _kind(expected.type):
            raise RecordError(f"bad column {expected.name!r}: {found}, expected "
                              f"{_kind(expected.type)} of {what}")
