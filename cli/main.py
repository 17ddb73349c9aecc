"""The ``deberts`` command: one group, a module a command.

``solve`` and ``batch`` solve positions; ``table``, ``analyze`` and ``deal`` are the
analysis tools; ``bid`` evaluates a bidding decision; ``arena`` and ``play`` run games
between players; ``tertz`` holds the Tertz tools (solve, analyze, deal). Every command
reports bad input as one line on stderr, exit status 2.
"""

from __future__ import annotations

import click

from deberts import __version__
from deberts.variants.deberts.cli.analyze import analyze_command
from deberts.cli.arena import arena_command
from deberts.cli.batch import batch
from deberts.variants.deberts.cli.bid import bid_command
from deberts.cli.common import DebertsGroup
from deberts.variants.deberts.cli.deal import deal_command
from deberts.cli.play import play_command
from deberts.cli.serve import serve_command
from deberts.variants.deberts.cli.solve import solve_command
from deberts.variants.deberts.cli.stats import stats_command
from deberts.variants.deberts.cli.table import table_command
from deberts.variants.tertz.cli.commands import tertz_group


@click.group(cls=DebertsGroup)
@click.version_option(__version__, prog_name="deberts")
def main() -> None:
    """Exact double-dummy analysis of Deberts deals."""


for command in (solve_command, batch, table_command, analyze_command, deal_command, bid_command, arena_command, play_command, serve_command, stats_command, tertz_group):
    main.add_command(command)
