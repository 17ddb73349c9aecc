"""``deberts bid``: should this hand play on the face-up suit, pass, or name a suit?"""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext

import click
import numpy as np

from deberts.cli import plots
from deberts.cli.common import (
    ascii_option,
    jobs_option,
    json_option,
    notation_for_stdout,
    progress_option,
    reported,
    seat_hand,
    seed_option,
    table_bits_option,
)
from deberts.cli.deberts.options import chosen_rules, players_option, rules_options
from deberts.model.cards import Card, CardSet
from deberts.text.notation import Notation, hand_text, signed, table
from deberts.variants.deberts.analysis.bid_evaluation import (
    BidEvaluation,
    OptionStats,
    evaluate_bid,
)
from deberts.variants.deberts.analysis.sampling import MAX_SAMPLES
from deberts.variants.deberts.text.histogram import margin_bins
from deberts.variants.deberts.text.render import call_name

HISTOGRAM_WIDTH = 40


@click.command(name="bid")
@click.option("--hand", required=True, metavar="[SEAT=]HAND",
              help="The bidder's 6 cards, S.H.D.C, e.g. 1=AK9..QJ.7 (the seat, or --seat); "
                   "his whole hand under face_up_to=none.")
@click.option("--face-up", "face_up", metavar="CARD",
              help="The face-up card (none under face_up_to=none, as in Belote).")
@click.option("--seat", type=int, help="The bidder's seat (or SEAT= in --hand).")
@click.option("--dealer", type=int, required=True, help="The dealer's seat.")
@players_option
@click.option("--round", "round_", type=click.IntRange(1, 2), default=1, show_default=True,
              help="1: play or pass on the face-up suit; 2: another suit or pass.")
@click.option("--samples", type=click.IntRange(1, MAX_SAMPLES), default=500, show_default=True,
              help="Sampled deals, each solved double-dummy.")
@seed_option
@jobs_option("Threads solving the samples")
@progress_option
@click.option("--plot", "plot_file", type=click.Path(dir_okay=False, writable=True),
              metavar="FILE.png", help="Draw the margin distributions (needs matplotlib).")
@rules_options
@json_option
@ascii_option
@table_bits_option
def bid_command(
    hand: str, face_up: str | None, seat: int | None, dealer: int, players: int, round_: int,
    samples: int, seed: int | None, jobs: int, progress: bool | None,
    plot_file: str | None, preset: str, settings: tuple[str, ...], as_json: bool,
    ascii_only: bool, table_bits: int,
) -> None:
    """Compare the calls open to a bidder, over sampled deals solved double-dummy.

    Each option's margin (the bidder's side minus the others), chance of made /
    bait / hanging, recorded score and lead over the opponents, with 95%
    intervals; the recommended call is the one with the best expected lead.
    """
    rules = chosen_rules(preset, settings)
    if plot_file is not None:
        plots.require_matplotlib()
    show = sys.stderr.isatty() if progress is None else progress
    with reported():
        seat, text = seat_hand(hand, seat)
        own = CardSet.parse(text)
        card = None if face_up is None else Card.parse(face_up)
        bar = click.progressbar(length=samples, label="sampling", file=sys.stderr)
        with bar if show else nullcontext(bar):
            evaluation = evaluate_bid(
                own, card, seat, dealer, players, round_, samples, seed, rules,
                threads=jobs, table_bits=table_bits,
                progress=(lambda n: bar.update(1)) if show else None,
            )
    if plot_file is not None:
        draw(evaluation, plot_file)
    if as_json:
        click.echo(json.dumps(evaluation.to_dict()))
    else:
        click.echo(render_bid(evaluation, notation_for_stdout(ascii_only)))


def render_bid(evaluation: BidEvaluation, notation: Notation) -> str:
    """The question, the options table, the recommendation and the histograms."""
    e = evaluation
    hand = hand_text(e.hand, notation)
    rows = [["option", "margin", "95% interval", "made", "bait", "hanging", "thrown in",
             "score", "lead"]]
    for option in e.options:
        d = option.to_dict()
        low, high = d["margin_ci95"]
        rows.append([
            call_name(option.option, notation), f"{d['mean_margin']:+.1f}",
            f"[{low:+.1f}, {high:+.1f}]", _percent(d["p_made"]), _percent(d["p_bait"]),
            _percent(d["p_hanging"]), _percent(d["p_thrown_in"]),
            f"{d['expected_score']:.1f}", f"{d['expected_lead']:+.1f}",
        ])
    sure = f"{100 * e.confidence:.1f}%"
    against = f" over {call_name(e.runner_up, notation)}" if e.runner_up else ""
    lines = [
        f"Seat {e.seat} bids in round {e.round}: {e.players} players, dealer seat "
        f"{e.dealer}, " + ("no face-up card" if e.face_up is None else
                            f"face-up card {notation.card(e.face_up)}") + f", {e.rules.preset} rules.",
        f"Hand: {hand}",
        f"{e.options[0].samples} sampled deals, each solved double-dummy "
        f"({e.seconds:.1f} s). Margins and scores are the bidder's side's.",
        "",
        *table(rows, right={1, 3, 4, 5, 6, 7, 8}),
        "",
        f"Best: {call_name(e.best, notation)}{against}, {sure} sure (paired samples, expected lead).",
        "After a pass the others are modelled as double-dummy callers: each takes his",
        "best contract if he makes it.",
    ]
    for option in e.options:
        lines += ["", f"Margin of {call_name(option.option, notation)}:", *histogram(option, e.options)]
    return "\n".join(lines)


def histogram(option: OptionStats, every: tuple[OptionStats, ...]) -> list[str]:
    """A text histogram of the margin, with bins shared by every option."""
    edges, counts = margin_bins(every)
    own = counts[every.index(option)]
    top = max(max(own), 1)
    return [
        f"  {signed(edges[i]):>5} .. {signed(edges[i + 1] - 1):>5}  "
        f"{'#' * round(HISTOGRAM_WIDTH * c / top):<{HISTOGRAM_WIDTH}} {c}"
        for i, c in enumerate(own)
    ]


def draw(evaluation: BidEvaluation, path: str) -> None:
    """One histogram of the margin per option, overlaid, saved to ``path``."""
    pyplot = plots.pyplot()
    figure, axes = pyplot.subplots(figsize=(8, 4.5))
    edges = np.histogram_bin_edges(np.concatenate([o.margins() for o in evaluation.options]), 30)
    for option in evaluation.options:
        axes.hist(option.margins(), bins=edges.tolist(), histtype="step", linewidth=1.5,
                  label=option.option)
    axes.set_xlabel("margin (bidder's side minus the others)")
    axes.set_ylabel("samples")
    turned = "no face-up card" if evaluation.face_up is None else f"face-up {evaluation.face_up}"
    axes.set_title(f"seat {evaluation.seat}, {turned}, "
                   f"{evaluation.players} players")
    axes.legend()
    plots.save(figure, path)



def _percent(p: float) -> str:
    return f"{100 * p:.1f}%"
