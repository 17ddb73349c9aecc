"""``--scheduler ADDRESS`` and ``--cluster local:N``: the options that put a
command's work on a Dask cluster instead of local threads (the ``dask`` extra).

Dask is imported only when one of them is given, so the other commands and the
local runs neither need it nor pay for its import.
"""

from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator

import click

from deberts.cli.common import CliError, reported
from deberts.engine.owner import MAX_WORKERS
from deberts.errors import excerpt

#: The loggers of Dask and the libraries it logs through (each with those below it,
#: which Dask's configuration gives levels of their own).
DASK_LOGGERS = ("distributed", "dask", "tornado", "bokeh")
#: The Dask configuration, as environment variables, that quiets a worker process.
DASK_LOGGING_ENVIRONMENT = {"DASK_LOGGING__DISTRIBUTED": "critical",
                            "DASK_LOGGING__TORNADO": "critical"}
#: The context's key of the ``--verbose`` flag.
VERBOSE = "deberts.dask_verbose"

if TYPE_CHECKING:
    from distributed import Client


def cluster_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--scheduler``, ``--cluster`` and ``--verbose`` (read with :func:`cluster_client`)."""
    command = click.option(
        "--verbose", "verbose", is_flag=True, callback=_remember_verbose, expose_value=False,
        help="Show Dask's own log messages (quiet by default).",
    )(command)
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
    context = click.get_current_context(silent=True)
    verbose = context is not None and bool(context.meta.get(VERBOSE))
    with reported(), _dask_logging(verbose), distributed.connect(scheduler, workers) as client:
        yield client


def _remember_verbose(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    ctx.meta[VERBOSE] = value


@contextmanager
def _dask_logging(verbose: bool) -> Iterator[None]:
    """Dask's own logging silenced unless ``verbose``: a cluster's workers log errors
    as they shut down or are lost, which the command reports itself in one line. The
    worker processes read the setting from the environment as they start."""
    if verbose:
        yield
        return
    names = [name for name in logging.root.manager.loggerDict
             if name.partition(".")[0] in DASK_LOGGERS]
    loggers = [logging.getLogger(name) for name in {*DASK_LOGGERS, *names}]
    levels = [logger.level for logger in loggers]
    environment = {name: os.environ.get(name) for name in DASK_LOGGING_ENVIRONMENT}
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    os.environ.update(DASK_LOGGING_ENVIRONMENT)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)
        for name, value in environment.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _local_workers(spec: str) -> int:
    kind, _, count = spec.partition(":")
    digits = count.isascii() and count.isdigit() and len(count) <= 9
    if kind != "local" or not digits or not 1 <= int(count) <= MAX_WORKERS:
        raise CliError(f"bad --cluster {excerpt(spec)}: expected local:N, N worker processes "
                       f"1..{MAX_WORKERS}")
    return int(count)

