"""``--scheduler ADDRESS`` and ``--cluster local:N``: the options that put a
command's work on a Dask cluster instead of local threads (the ``dask`` extra).

Dask is imported only when one of them is given, so the other commands and the
local runs neither need it nor pay for its import.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator

import click

from deberts.cli.common import CliError, reported
from deberts.errors import excerpt

if TYPE_CHECKING:
    from distributed import Client


def cluster_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--scheduler`` and ``--cluster`` (read with :func:`cluster_client`)."""
    command = click.option(
        "--cluster", metavar="local:N",
        help="Start a local Dask cluster of N worker processes and run on it.",
    )(command)
    return click.option(
        "--scheduler", metavar="tcp://HOST:PORT",
        help="Run on the Dask cluster of this scheduler (pip install 'deberts[dask]').",
    )(command)


@contextmanager
def cluster_client(scheduler: str | None, cluster: str | None) -> Iterator[Client | None]:
    """The client the options ask for (``None``: run on local threads), closed at
    the end; a bad address, an unreachable scheduler or a missing Dask is one
    line, exit status 2."""
    if scheduler is not None and cluster is not None:
        raise CliError("--scheduler and --cluster: give one of them")
    if scheduler is None and cluster is None:
        yield None
        return
    workers = None if cluster is None else _local_workers(cluster)
    try:
        from deberts.engine import distributed
    except ImportError:
        option = "--scheduler" if cluster is None else "--cluster"
        raise CliError(f"{option} needs Dask: pip install 'deberts[dask]'") from None
    with reported(), distributed.connect(scheduler, workers) as client:
        yield client


def _local_workers(spec: str) -> int:
    kind, _, count = spec.partition(":")
    if kind != "local" or not (count.isascii() and count.isdigit()) or int(count) < 1:
        raise CliError(f"bad --cluster {excerpt(spec)}: expected local:N, N worker processes")
    return int(count)

