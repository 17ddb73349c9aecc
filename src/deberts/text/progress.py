"""The one-line report of a running search (``deberts solve`` and friends show it
on stderr) and of one stopped by its time limit."""

from __future__ import annotations

from deberts.engine.owner import Progress


def progress_text(progress: Progress) -> str:
    """``searching: 12,345,678 nodes, 3.2 s, value in [-20, +40]`` (or ``move 3
    of 10 in [...]`` when every move is valued; the interval left out until the
    search has published one)."""
    text = f"searching: {progress.nodes:,} nodes, {progress.seconds:.1f} s"
    return text + interval_text(progress)


def interval_text(progress: Progress | None) -> str:
    """``, value in [lower, upper]`` or ``, move M of N in [lower, upper]`` (``, move
    M of N`` alone) when the search knows it, else nothing."""
    if progress is None:
        return ""
    what = f", move {progress.move} of {progress.moves}" if progress.moves else ", value"
    if progress.lower == progress.upper == 0:
        return what if progress.moves else ""
    return f"{what} in [{progress.lower:+d}, {progress.upper:+d}]"
