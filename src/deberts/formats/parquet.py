"""Parquet files of record batches (pyarrow, the ``dask`` extra), written whole or
not at all (:mod:`deberts.formats.output_file`: a temporary file renamed over the
target at the end, so a failed or interrupted run leaves it as it was; a device or a
FIFO written in place)."""

from __future__ import annotations

import errno
import os
from typing import Any, Iterable, Mapping

import pyarrow as pa
import pyarrow.parquet as pq

from deberts.errors import RecordError
from deberts.formats import output_file
from deberts.json_text import decode_json


def write(
    path: str | os.PathLike[str],
    batches: Iterable[pa.RecordBatch],
    schema: pa.Schema,
    metadata: Mapping[str, str] | None = None,
) -> int:
    """Write ``batches`` (of ``schema``, with ``metadata`` on it) to ``path``, one row
    group a batch, as they come; the number of rows written."""
    rows = 0
    with output_file.writing(path) as handle, \
            pq.ParquetWriter(handle, schema.with_metadata(dict(metadata or {}))) as writer:
        for batch in batches:
            writer.write_batch(batch)
            rows += batch.num_rows
    return rows


def read(path: str | os.PathLike[str]) -> pa.Table:
    """The whole table of a Parquet file, with its schema's metadata; a file that is
    not there is an ``OSError`` naming it, one that is no Parquet file a
    :class:`deberts.RecordError` naming it."""
    try:
        return pq.read_table(path)
    except FileNotFoundError:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), os.fspath(path)) from None
    except pa.ArrowException as error:
        raise RecordError(f"cannot read {os.fspath(path)}: {str(error).splitlines()[0]}") from None


def metadata_object(table: pa.Table, key: str) -> dict[str, Any] | None:
    """The JSON object a table's schema metadata holds under ``key`` (``None`` when
    it holds nothing there), read as the project reads every JSON it is given
    (:mod:`deberts.json_text`: bounded nesting, no NaN, no key twice): a
    :class:`deberts.RecordError` naming the key if it is anything else."""
    text = (table.schema.metadata or {}).get(key.encode())
    if text is None:
        return None
    try:
        about = decode_json(text, "metadata")
    except RecordError as error:
        raise RecordError(f"its {key} metadata: {error}") from None
    if not isinstance(about, dict):
        raise RecordError(f"its {key} metadata: expected a JSON object")
    return about
