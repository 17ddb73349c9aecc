"""The one-line report of a running search (``deberts solve`` and friends show it
on stderr), of one stopped by its time limit, and the table of every move's value
as far as a stopped search proved it. Margins are the game's points; a side of an
interval not proven yet is left out, never shown as the engine's bound."""

from __future__ import annotations

from typing import Any, Callable

from deberts.engine.owner import Progress
from deberts.engine.partial import STOPPED_BY_INTERRUPT, Interval, PartialValues

#: How a move is named in a report: ``str`` unless the command knows better.
Namer = Callable[[Any], str]


def progress_text(progress: Progress, name: Namer = str) -> str:
    """``searching: 12,345,678 nodes, 3.2 s, value in [-20, +40]`` (or ``move 3
    of 10, J♥ in [...]`` when every move is valued; the interval left out until the
    search has proven a side of it)."""
    text = f"searching: {progress.nodes:,} nodes, {progress.seconds:.1f} s"
    return text + interval_text(progress, name)


def interval_text(progress: Progress | None, name: Namer = str) -> str:
    """``, value in [lower, upper]`` or ``, move M of N, J♥ at least -10`` (the
    move alone while nothing is proven), else nothing."""
    if progress is None:
        return ""
    if progress.moves:
        what = f", move {progress.move} of {progress.moves}" if progress.move else ""
        if progress.searching is not None:
            what += f", {name(progress.searching)}"
    else:
        what = ", value"
    bound = bound_text(progress.lower, progress.upper)
    if bound:
        return f"{what} {bound}"
    return what if progress.moves else ""


def bound_text(lower: int | None, upper: int | None) -> str:
    """``in [-20, +40]``, ``at least -20``, ``at most +40``, ``+30`` (exact) or
    nothing (neither side proven)."""
    if lower is not None and lower == upper:
        return f"{lower:+d}"
    if lower is not None and upper is not None:
        return f"in [{lower:+d}, {upper:+d}]"
    if lower is not None:
        return f"at least {lower:+d}"
    if upper is not None:
        return f"at most {upper:+d}"
    return ""


def partial_lines(values: PartialValues[Any], name: Namer = str) -> list[str]:
    """Every move's margin or proven interval, best first by what is proven
    (:meth:`PartialValues.ordered`), under a line that says the table is partial and
    why (a limit or an interrupt)."""
    why = "was interrupted" if values.stopped == STOPPED_BY_INTERRUPT else "stopped at its limit"
    count = len(values.exact) + len(values.bounds)
    lines = [(f"Partial: the search {why} after {values.nodes:,} nodes, {values.seconds:.1f} s; "
              f"{len(values.exact)} of {count} moves proven."),
             "Moves, best first by what is proven for the player to move (margin in points):"]
    rows = [(name(move), _cell(move, interval, values)) for move, interval in values.ordered()]
    width = max((len(move) for move, _ in rows), default=4)
    lines += [f"  {move:<{width}}  {cell}" for move, cell in rows]
    best = values.best()
    if best is not None:
        proven = "proven best" if values.best_proven() else "best so far, not proven best"
        lines.append(f"Best: {name(best[0])} {bound_text(*best[1])} ({proven}).")
    return lines


def _cell(move: Any, interval: Interval, values: PartialValues[Any]) -> str:
    """A move's cell: its exact margin, or its proven interval ("not proven" when
    neither side is), and whether its search was under way."""
    text = bound_text(*interval) or "not proven"
    return text + ("  (searching)" if move == values.searching else "")
