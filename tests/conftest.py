"""Fixtures shared by test modules."""

from __future__ import annotations

import logging
from typing import Any, Iterator

import pytest


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    """A client of a Dask LocalCluster of 2 one-thread worker processes, started
    once for the session (skipped without the dask extra)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster, distributed.Client(cluster) as client:
        yield client
