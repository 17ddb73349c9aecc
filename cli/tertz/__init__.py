"""Tertz's cli face (:class:`deberts.cli.faces.GameCli`): its commands
(``deberts tertz solve`` and the rest), its own option of the generic ``play``,
and the game at the terminal. Each part imports its modules when first asked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import click

if TYPE_CHECKING:
    from deberts.cli.terminal import Terminal


def own_commands() -> Sequence[click.Command]:
    """``deberts tertz solve``, ``analyze`` and ``deal``."""
    from deberts.cli.tertz.commands import analyze_command, deal_command, solve_command

    return (solve_command, analyze_command, deal_command)


def own_options(command: str) -> Sequence[click.Option]:
    """``--review-stock`` of ``play``."""
    from deberts.cli.tertz.terminal import review_stock_option

    return (review_stock_option,) if command == "play" else ()


def terminal_game() -> Terminal:
    """Tertz at the terminal (:mod:`deberts.cli.tertz.terminal`)."""
    from deberts.cli.tertz import terminal

    return terminal


if TYPE_CHECKING:  # mypy checks this folder against the face the generic commands read
    from deberts.cli import tertz as _this
    from deberts.cli.faces import GameCli

    _face: GameCli = _this
