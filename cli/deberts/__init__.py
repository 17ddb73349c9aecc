"""Deberts' cli face (:class:`deberts.cli.faces.GameCli`): its commands, its own
options of the generic ``play`` and ``arena``, and the game at the terminal. Each
part imports its modules when first asked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import click

if TYPE_CHECKING:
    from deberts.cli.terminal import Terminal


def own_commands() -> Sequence[click.Command]:
    """``deberts solve`` and the rest (also ``deberts deberts solve``)."""
    from deberts.cli.deberts.analyze import analyze_command
    from deberts.cli.deberts.bid import bid_command
    from deberts.cli.deberts.deal import deal_command
    from deberts.cli.deberts.solve import solve_command
    from deberts.cli.deberts.stats import stats_command
    from deberts.cli.deberts.table import table_command

    return (solve_command, table_command, analyze_command, deal_command, bid_command,
            stats_command)


def own_options(command: str) -> Sequence[click.Option]:
    """``--players``, ``--target`` and ``--rules`` of ``play`` and ``arena``."""
    from deberts.cli.deberts.options import PLAYERS, PRESET, TARGET

    return (PLAYERS, TARGET, PRESET) if command in ("play", "arena") else ()


def terminal_game() -> Terminal:
    """Deberts at the terminal (:mod:`deberts.cli.deberts.terminal`)."""
    from deberts.cli.deberts import terminal

    return terminal


if TYPE_CHECKING:  # mypy checks this folder against the face the generic commands read
    from deberts.cli import deberts as _this
    from deberts.cli.faces import GameCli

    _face: GameCli = _this
