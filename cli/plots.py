"""Plots the commands save with ``--plot FILE.png``: matplotlib (the ``plot`` extra)
checked for before any work, drawn off-screen, saved with one-line errors."""

from __future__ import annotations

import importlib.util
import os
from typing import TYPE_CHECKING, Any

from deberts.cli.common import CliError
from deberts.cli.output_files import cannot_write
from deberts.formats import output_file

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def require_matplotlib() -> None:
    """Refuse ``--plot`` up front when matplotlib is missing."""
    if importlib.util.find_spec("matplotlib") is None:
        raise CliError("--plot needs matplotlib: pip install 'deberts[plot]'")


def pyplot() -> Any:
    """matplotlib's pyplot on the off-screen Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    return plt


def save(figure: Figure, path: str) -> None:
    """Save ``figure`` to ``path`` (in the format its suffix names, PNG without one),
    replacing the file whole or leaving it as it was, and close it; a file that
    cannot be written is one line naming it."""
    kind = os.path.splitext(path)[1][1:].lower() or "png"
    try:
        with output_file.writing(path) as handle:
            figure.savefig(handle, format=kind)
    except OSError as error:
        raise cannot_write(path, error) from None
    except ValueError as error:  # a format matplotlib does not write
        raise CliError(f"cannot write {path}: {error}") from None
    finally:
        pyplot().close(figure)
