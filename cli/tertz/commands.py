"""``deberts tertz``: Tertz deals solved, played deals reviewed, random deals dealt
(docs/rules.md section 4).

A deal is written ``hand0 hand1 / stock``: the two hands as dealt (seat 0 leads
first), then the 14 stock cards in draw order, the face-up trump card last. Moves
are cards, ``swap`` and ``break:K`` (4.5). Where a command takes HANDS it also takes
a ``deberts batch`` Tertz line instead (``{"game": "tertz", ...}``), with its moves
and rules. Bad input is one line on stderr, exit status 2, like every command.
"""

from __future__ import annotations

import json

import click

from deberts.cli.common import (
    CliError,
    Decorator,
    ascii_option,
    count_option,
    fixed_hands,
    hand_option,
    hands_argument,
    json_option,
    notation_for_stdout,
    reported,
    seed_option,
    table_bits_option,
    threads_option,
)
from deberts.cli.search_control import controlled, partial_printer, search_options
from deberts.formats import batch
from deberts.variants.tertz.analysis.review import analyze_play
from deberts.variants.tertz.engine.solver import Solver
from deberts.variants.tertz.model import Deal, Move, Position, Rules, random_deals
from deberts.variants.tertz.text.render import (
    deal_lines,
    move_text,
    render_analysis,
    render_solution,
)

#: The built-in ``--example``: a deal after its first four tricks (from the first
#: lead a full deal is a long search; from here, a second). Seat 1 scored the
#: marriage in trick 1 and leads; in the optimal line seat 0 swaps the seven of
#: trumps for the face-up 9♦, and both declare runs, seat 1's higher.
EXAMPLE: dict[str, str] = {
    "deal": "QT.9.AJT8.KQ A8.AK.KQ.T87 / 7H KS JS TH 7D JH QH 8H AC 7S 9S 9C JC 9D",
    "played": "TD QD break:0 8D KD 7C QC 7H AH",
}

played_option: Decorator = click.option(
    "--played", "--play", "played", default="", metavar="MOVES",
    help="The moves made since the deal, in order: cards, swap, break:K, e.g. "
    "'TD QD break:0 8D' (--play is the same option).",
)
settings_option: Decorator = click.option(
    "--set", "settings", multiple=True, metavar="OPTION=VALUE",
    help="Change one Tertz rule option, e.g. stock_play=follow (repeatable).",
)


@click.command(name="solve")
@hands_argument(required=False)
@played_option
@settings_option
@json_option
@click.option("--example", is_flag=True,
              help="Solve a built-in position (a deal and its first moves) instead of HANDS.")
@ascii_option
@table_bits_option
@threads_option
@search_options
def solve_command(
    hands: str | None, played: str, settings: tuple[str, ...], as_json: bool,
    example: bool, ascii_only: bool, table_bits: int, threads: int, seconds: float | None,
    progress: bool | None,
) -> None:
    """Solve one Tertz position exactly: every legal move's value (seat 0's total
    minus seat 1's over the whole deal), an optimal line and its score.

    HANDS is the deal as one quoted argument, "hand0 hand1 / stock", the stock's
    14 cards in draw order, the face-up card last; or a batch line; or - to read
    either from standard input.
    """
    if example:
        if hands is not None or played:
            raise CliError(f"--example takes no {'HANDS' if hands else '--played'}: "
                           "it solves a built-in position")
        hands, played = EXAMPLE["deal"], EXAMPLE["played"]
    with reported():
        position = tertz_position(hands, played, settings)
        solver = Solver(table_bits, threads)
        notation = notation_for_stdout(ascii_only)

        def name(move: Move) -> str:
            return move_text(move, notation)

        with controlled(solver, seconds, progress, partial_printer(as_json, name), name):
            solution = solver.solve(position)
    if as_json:
        click.echo(json.dumps(solution.to_dict()))
    else:
        click.echo(render_solution(position, solution, notation))


@click.command(name="analyze")
@hands_argument(required=False)
@played_option
@click.option("--from", "start", type=click.IntRange(min=0), default=0, show_default=True,
              metavar="N", help="Take the first N moves as given and review the rest.")
@settings_option
@json_option
@ascii_option
@table_bits_option
@threads_option
@search_options
def analyze_command(
    hands: str | None, played: str, start: int, settings: tuple[str, ...], as_json: bool,
    ascii_only: bool, table_bits: int, threads: int, seconds: float | None,
    progress: bool | None,
) -> None:
    """Replay a played Tertz deal and price every move double-dummy.

    HANDS and --played as for solve (or a batch line, its "played" the moves). For
    each move from the (N+1)th on: the margin under optimal play before and after
    it, its cost to its player and the best moves; then the points each seat gave
    away. The first moves of a full deal are long searches: --from skips them.
    """
    with reported():
        position = tertz_position(hands, played, settings)
        if start > len(position.moves):
            raise CliError(f"--from {start}: only {len(position.moves)} moves were played")
        dealt = Position(position.deal, position.rules)
        solver = Solver(table_bits, threads)
        notation = notation_for_stdout(ascii_only)
        with controlled(solver, seconds, progress, name=lambda move: move_text(move, notation)):
            analysis = analyze_play(dealt, position.moves, solver=solver, start=start)
    if as_json:
        click.echo(json.dumps(analysis.to_dict()))
    else:
        click.echo(render_analysis(analysis, None, notation))


@click.command(name="deal")
@count_option
@seed_option
@hand_option
@json_option
@click.option("--diagram", is_flag=True,
              help="Show each deal as a diagram with suit symbols instead of a line.")
@ascii_option
@settings_option
def deal_command(
    count: int, seed: int | None, hands: tuple[str, ...], as_json: bool, diagram: bool,
    ascii_only: bool, settings: tuple[str, ...],
) -> None:
    """Print random Tertz deals with their stock, one a line.

    Plain lines are deals as solve and analyze read them ("hand0 hand1 / stock",
    the stock in draw order); --json lines are deberts batch input (with the --set
    rules); --diagram draws each deal. Deals are uniform among those that give every
    seat its --hand cards.
    """
    if as_json and diagram:
        raise CliError("--diagram and --json exclude each other")
    with reported():
        rules = tertz_rules(settings)
        deals = random_deals(count, seed, fixed_hands(hands))
    notation = notation_for_stdout(ascii_only)
    for number, deal in enumerate(deals, 1):
        if as_json:
            click.echo(batch.dumps(Position(deal, rules)))
        elif diagram:
            click.echo("\n".join([f"Deal {number}: {deal}", *deal_lines(deal, notation), ""]))
        else:
            click.echo(str(deal))


def tertz_position(hands: str | None, played: str, settings: tuple[str, ...]) -> Position:
    """The position of HANDS (a deal or a batch line), ``--played`` and ``--set``."""
    if hands is None:
        raise CliError("missing HANDS (or use --example)")
    if hands.lstrip().startswith("{"):
        for option, value in (("--played", played), ("--set", settings)):
            if value:
                raise CliError(f"a batch line takes no {option}: the line holds it")
        position = batch.loads(hands)
        if not isinstance(position, Position):
            raise CliError('HANDS: a Deberts batch line, expected "game": "tertz"')
        return position
    return Position(Deal.parse(hands), tertz_rules(settings), played)


def tertz_rules(settings: tuple[str, ...]) -> Rules:
    """The rules of ``--set OPTION=VALUE`` options, applied in order."""
    return Rules.from_settings(settings)
