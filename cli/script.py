"""What the scripts in ``tools/`` share with the ``deberts`` commands: bad arguments
and failures as one line ``NAME: error: <message>`` on stderr with exit status 2,
and SIGINT or SIGTERM stopping the script at once (its output file left as it was,
:mod:`deberts.formats.output_file`) with exit status 128 + the signal's number."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, NoReturn, TypeVar

from deberts.cli.cluster import cluster_client
from deberts.cli.common import CliError
from deberts.cli.signals import Interrupted, stopped_by_signals
from deberts.errors import DebertsError, short_message

if TYPE_CHECKING:
    from distributed import Client

#: The exit status of a bad argument or a failed run, as the CLI's.
FAILED = 2


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser whose usage errors are one line too."""

    def error(self, message: str) -> NoReturn:
        fail(f"{message} (see {self.prog} --help)")


def at_least(low: int) -> Callable[[str], int]:
    """An argument type: an integer of at least ``low``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"bad integer {text[:40]!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"bad value {value}: expected {low}..")
        return value

    return parse


def fail(message: str) -> NoReturn:
    """Exit with status 2 after the one-line error ``message``, named by the script."""
    print(f"{os.path.basename(sys.argv[0])}: error: {short_message(message)}", file=sys.stderr)
    sys.exit(FAILED)


def run(main: Callable[[], None]) -> None:
    """Run a script's ``main()``: the library's errors, the errors of the options it
    shares with the ``deberts`` commands, a file that cannot be read or written and
    too little memory are one line each; SIGINT and SIGTERM stop it."""
    try:
        with stopped_by_signals():
            main()
    except Interrupted as stop:
        print(f"{os.path.basename(sys.argv[0])}: interrupted", file=sys.stderr)
        sys.exit(128 + stop.signum)
    except DebertsError as error:
        fail(str(error))
    except CliError as error:
        fail(error.format_message())
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        fail(where + (error.strerror or str(error)))
    except MemoryError:
        fail("out of memory")


def add_cluster_options(parser: argparse.ArgumentParser) -> None:
    """``--scheduler tcp://HOST:PORT`` and ``--cluster local:N``, read by
    :func:`cluster_of`: a tool's work on a Dask cluster instead of this machine."""
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="run on the Dask cluster of this scheduler")
    parser.add_argument("--cluster", metavar="local:N",
                        help="run on a local Dask cluster of N worker processes")


def cluster_of(args: argparse.Namespace) -> AbstractContextManager[Client | None]:
    """The Dask client of the options of :func:`add_cluster_options`, or ``None``
    when neither is given: the ``deberts`` commands' own
    (:func:`deberts.cli.cluster.cluster_client`), its errors one line."""
    return cluster_client(args.scheduler, args.cluster)


T = TypeVar("T")


def counted_deals(batches: Iterable[T], chunk: int, deals: int) -> Iterator[T]:
    """``batches``, each of ``chunk`` deals of a run of ``deals``, passed on as they
    come, each counted on stderr (``120 deals``) so that a long run shows its progress."""
    done = 0
    for batch in batches:
        done = min(done + chunk, deals)
        print(f"{done} deals", file=sys.stderr, flush=True)
        yield batch
