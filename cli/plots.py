"""Plots the commands save with ``--plot FILE.png``: matplotlib (the ``plot`` extra)
checked for before any work, drawn off-screen, saved with one-line errors."""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

from deberts.cli.common import CliError

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
    """Save ``figure`` to ``path`` and close it; a file that cannot be written is
    one line naming it."""
    try:
        figure.savefig(path)
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror}") from None
    finally:
        pyplot().close(figure)
