"""The model of a Tertz opponent's play, from self-play:
``python tools/tertz_play_model.py play OUT.parquet [--deals N] [--seed S]
[--player SPEC] [--chunk C] [--jobs N | --scheduler tcp://HOST:PORT | --cluster local:N]``
plays deals between two copies of a player (the arena's deals, both seatings) and
writes every choice they made to OUT.parquet, a row a legal move
(:mod:`deberts.variants.tertz.play.decisions`), on this machine's worker processes or
on a Dask cluster, with the same rows wherever it ran;
``python tools/tertz_play_model.py train DATA.parquet... --out MODEL.json
[--holdout SHARE] [--l2 L]`` fits the conditional logit of
:mod:`deberts.variants.tertz.play.opponent` to every choice in those files (numpy
only) and prints held-out top-1 accuracy and log-likelihood a decision against the
uniform choice among the legal moves.

The decisions are split between training and held-out data by the deal
(``--holdout`` of the deals, the last ones), so a held-out deal's
cards are never seen in training.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from deberts.cli import script
from deberts.formats import output_file, parquet
from deberts.variants.tertz.play.decisions import (
    DEFAULT_CHUNK,
    SCHEMA,
    decision_batches,
    table_decisions,
)
from deberts.variants.tertz.play.opponent import FEATURES, Decision, PlayModel


def play(args: argparse.Namespace) -> None:
    """Self-play deals, their choices written to ``args.out``."""
    started = time.perf_counter()
    metadata = {"command": "python tools/tertz_play_model.py " + " ".join(sys.argv[1:]),
                "player": args.player}
    with script.cluster_of(args) as client:
        batches = decision_batches(args.player, args.deals, args.seed, chunk=args.chunk,
                                   jobs=args.jobs, client=client)
        rows = parquet.write(args.out, script.counted_deals(batches, args.chunk, args.deals),
                             SCHEMA, metadata)
    print(f"{args.deals} deals, {rows} rows in {time.perf_counter() - started:.1f} s "
          f"to {args.out}", file=sys.stderr)


def load_decisions(paths: list[str]) -> list[list[Decision]]:
    """The choices written to ``paths``, deal by deal."""
    return [deal for path in paths for deal in table_decisions(parquet.read(path))]


def stacked(decisions: list[Decision]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The decisions as one feature matrix (a row a legal move), the index of each
    row's decision, and the chosen row of each decision."""
    rows = np.concatenate([d.features for d in decisions])
    sizes = np.array([len(d.features) for d in decisions])
    group = np.repeat(np.arange(len(decisions)), sizes)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    chosen = starts + np.array([d.chosen for d in decisions])
    return rows, group, chosen


def fit(decisions: list[Decision], l2: float, steps: int = 50) -> np.ndarray:
    """The conditional logit's weights by Newton's method, an ``l2`` ridge penalty."""
    rows, group, chosen = stacked(decisions)
    count = len(decisions)
    weights = np.zeros(rows.shape[1])
    for _ in range(steps):
        logits = rows @ weights
        top = np.full(count, -np.inf)
        np.maximum.at(top, group, logits)
        e = np.exp(logits - top[group])
        total = np.bincount(group, e, count)
        p = e / total[group]
        mean = np.zeros((count, rows.shape[1]))
        np.add.at(mean, group, p[:, None] * rows)
        grad = rows[chosen].sum(axis=0) - mean.sum(axis=0) - l2 * weights
        centred = rows - mean[group]
        hess = (centred * p[:, None]).T @ centred + l2 * np.eye(rows.shape[1])
        step = np.linalg.solve(hess, grad)
        weights += step
        if np.abs(step).max() < 1e-7:
            break
    return weights


def scores(model: PlayModel, decisions: list[Decision]) -> dict[str, float]:
    """Top-1 accuracy and mean log-likelihood of the decisions, for the model and for
    the uniform choice among the legal moves."""
    hits = loglik = uniform_hits = uniform_loglik = 0.0
    for d in decisions:
        p = model.probabilities(d.features)
        hits += float(np.argmax(p) == d.chosen)
        loglik += float(np.log(p[d.chosen]))
        uniform_hits += 1 / len(d.features)
        uniform_loglik -= float(np.log(len(d.features)))
    n = max(len(decisions), 1)
    return {"decisions": len(decisions), "top1": round(hits / n, 4),
            "loglik": round(loglik / n, 4), "uniform_top1": round(uniform_hits / n, 4),
            "uniform_loglik": round(uniform_loglik / n, 4)}


def train(args: argparse.Namespace) -> None:
    """Fit the model to the written choices, report, write the weights."""
    if not 0 <= args.holdout < 1:
        script.fail(f"bad --holdout {args.holdout}: expected a share from 0 up to 1")
    if not 0 <= args.l2 < float("inf"):
        script.fail(f"bad --l2 {args.l2}: expected a number from 0 up")
    deals = load_decisions(args.data)
    cut = len(deals) - round(len(deals) * args.holdout)
    training = [d for deal in deals[:cut] for d in deal if len(d.features) > 1]
    held_out = [d for deal in deals[cut:] for d in deal if len(d.features) > 1]
    if not training:
        script.fail(f"no choices to train on in {len(deals)} deals: play more deals")
    weights = fit(training, args.l2)
    model = PlayModel(weights)
    report = {"deals": len(deals), "training": scores(model, training),
              "held_out": scores(model, held_out)}
    text = model.text({"deals": len(deals), "decisions": len(training), "l2": args.l2,
                       "held_out": report["held_out"]})
    with output_file.writing(args.out) as handle:  # whole or not at all
        handle.write(text.encode("utf-8"))
    print(json.dumps(report, indent=1))
    for name, w in zip(FEATURES, weights):
        print(f"{name:>24} {w:+.3f}", file=sys.stderr)


def main() -> None:
    parser = script.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("play", help="self-play deals to a Parquet file of choices")
    p.add_argument("out", metavar="OUT.parquet")
    p.add_argument("--deals", type=script.at_least(1), default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--player", default="search")
    p.add_argument("--chunk", type=script.at_least(1), default=DEFAULT_CHUNK,
                   help="deals a task")
    p.add_argument("--jobs", type=script.at_least(1), default=1,
                   help="worker processes on this machine")
    script.add_cluster_options(p)
    t = commands.add_parser("train", help="fit the model to self-play choices")
    t.add_argument("data", nargs="+", metavar="DATA.parquet")
    t.add_argument("--out", required=True)
    t.add_argument("--holdout", type=float, default=0.2)
    t.add_argument("--l2", type=float, default=1.0)
    args = parser.parse_args()
    play(args) if args.command == "play" else train(args)


if __name__ == "__main__":
    script.run(main)
