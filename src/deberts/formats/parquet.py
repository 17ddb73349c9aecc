"""Parquet files of record batches (pyarrow, the ``dask`` extra), written whole or
not at all: into a temporary file beside the target, renamed over it at the end, so
a failed or interrupted run leaves the target as it was."""

from __future__ import annotations

import os
import tempfile
from typing import Iterable, Mapping

import pyarrow as pa
import pyarrow.parquet as pq


def write(
    path: str | os.PathLike[str],
    batches: Iterable[pa.RecordBatch],
    schema: pa.Schema,
    metadata: Mapping[str, str] | None = None,
) -> int:
    """Write ``batches`` (of ``schema``, with ``metadata`` on it) to ``path``, one row
    group a batch, as they come; the number of rows written."""
    folder, name = os.path.split(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".partial", dir=folder)
    os.close(handle)
    rows = 0
    try:
        with pq.ParquetWriter(temporary, schema.with_metadata(dict(metadata or {}))) as writer:
            for batch in batches:
                writer.write_batch(batch)
                rows += batch.num_rows
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    return rows


def read(path: str | os.PathLike[str]) -> pa.Table:
    """The whole table of a Parquet file, with its schema's metadata."""
    return pq.read_table(path)
