"""Train the learned play model (:mod:`deberts.variants.deberts.play.play_model`) on
self-play decisions: ``python tools/train_play_model.py play4.parquet play2.parquet --write``.

The decisions are the Parquet files of ``tools/play_data.py``, a model for each
number of players found in them. The decisions of every fifth deal are held out.
A linear model (a conditional logit over the legal cards) is fitted first, by
Newton's method with a small ridge (``--ridge``); with ``--hidden H`` a network of
``H`` rectified units is added to its score and both are trained by Adam on the
whole training set (``--steps``, ``--rate``), the linear part starting from its
fit. Printed for each model are the held-out log-likelihood a decision and the share
of decisions where the card ranked first was played, beside those of the card model
of :mod:`deberts.variants.deberts.play.card_model` (stored with the data) and of
uniform play. ``--write`` stores the weights, with these figures and the command,
in ``src/deberts/variants/deberts/play/play_model.json`` (``--out`` elsewhere).
Only numpy is needed.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from deberts.cli import script
from deberts.errors import DebertsError, RecordError
from deberts.formats import output_file, parquet
from deberts.variants.deberts.play.decisions import table_columns
from deberts.variants.deberts.play.play_model import (
    FEATURES,
    Contexts,
    PlayModel,
    features,
    read_models,
)

OUT = (Path(__file__).resolve().parents[1] / "src" / "deberts" / "variants" / "deberts"
       / "play" / "play_model.json")
#: One deal in ``HOLD_OUT`` is held out of the training.
HOLD_OUT = 5
#: Decisions whose features are built at a time.
CHUNK = 4096


@dataclass
class Decisions:
    """Decisions as the legal cards' rows of features: ``rows`` (r, features),
    ``starts`` each decision's first row, ``chosen`` the row of each decision's
    card, and the card model's log-probability and first-ranked flag of it."""

    rows: np.ndarray
    starts: np.ndarray
    chosen: np.ndarray
    card_model_log: np.ndarray
    card_model_first: np.ndarray

    @property
    def sizes(self) -> np.ndarray:
        return np.diff(np.append(self.starts, len(self.rows)))


def decisions(columns: dict[str, np.ndarray]) -> Decisions:
    """The decisions of these Parquet columns, as legal cards' rows."""
    rows, starts, chosen = [], [], []
    count = 0
    for begin in range(0, len(columns["hand"]), CHUNK):
        part = {name: values[begin:begin + CHUNK] for name, values in columns.items()}
        context = Contexts(*(part[name] for name in Contexts.__dataclass_fields__))
        decision, card, first, table = features(part["hand"], part["legal"], context)
        rows.append(table.astype(np.float32))
        starts.append(first + count)
        hit = np.nonzero(card == part["card"].astype(np.int64)[decision])[0]
        chosen.append(hit + count)
        count += len(card)
    return Decisions(np.concatenate(rows), np.concatenate(starts), np.concatenate(chosen),
                     columns["card_model_log"].astype(float),
                     columns["card_model_first"].astype(bool))


def _segment_softmax(scores: np.ndarray, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's probability within its decision and each decision's log-normaliser."""
    sizes = np.diff(np.append(starts, len(scores)))
    top = np.maximum.reduceat(scores, starts)
    exp = np.exp(scores - np.repeat(top, sizes))
    total = np.add.reduceat(exp, starts)
    return exp / np.repeat(total, sizes), np.log(total) + top


def fit_linear(data: Decisions, ridge: float, steps: int = 30) -> np.ndarray:
    """The conditional logit's weights of greatest penalised likelihood, by Newton's
    method."""
    x = data.rows.astype(float)
    theta = np.zeros(x.shape[1])
    for _ in range(steps):
        p, _ = _segment_softmax(x @ theta, data.starts)
        weighted = x * p[:, None]
        means = np.add.reduceat(weighted, data.starts)
        gradient = x[data.chosen].sum(axis=0) - means.sum(axis=0) - ridge * theta
        hessian = -(x.T @ weighted - means.T @ means) - ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        theta -= step
        if np.abs(step).max() < 1e-6:
            break
    return theta


def fit_network(data: Decisions, linear: np.ndarray, hidden: int, steps: int, rate: float,
                ridge: float, seed: int) -> PlayModel:
    """The linear weights and a network of ``hidden`` units trained together by Adam
    on the mean negative log-likelihood (with an L2 penalty of ``ridge`` a decision)."""
    rng = np.random.default_rng(seed)
    x = data.rows.astype(float)
    mean = x.mean(axis=0)
    scale = np.where(x.std(axis=0) > 1e-6, x.std(axis=0), 1.0)
    z = (x - mean) / scale
    params = [linear.copy(), rng.normal(0, 1 / np.sqrt(x.shape[1]), (x.shape[1], hidden)),
              np.zeros(hidden), np.zeros(hidden)]
    with np.errstate(all="ignore"):  # a run that diverges is refused by the model's check
        params = _adam(params, x, z, data.starts, data.chosen, steps, rate, ridge)
    theta, w1, b1, w2 = params
    return PlayModel(theta, w1, b1, w2, mean, scale)


def _adam(params: list[np.ndarray], x: np.ndarray, z: np.ndarray, starts: np.ndarray,
          chosen: np.ndarray, steps: int, rate: float, ridge: float) -> list[np.ndarray]:
    """``params`` after ``steps`` steps of Adam (see :func:`fit_network`)."""
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    n = len(starts)
    target = np.zeros(len(x))
    target[chosen] = 1.0
    for step in range(1, steps + 1):
        theta, w1, b1, w2 = params
        pre = z @ w1 + b1
        h = np.maximum(pre, 0.0)
        p, _ = _segment_softmax(x @ theta + h @ w2, starts)
        g = (p - target) / n
        dh = np.outer(g, w2) * (pre > 0)
        penalty = ridge / n
        grads = [x.T @ g + penalty * theta, z.T @ dh + penalty * w1, dh.sum(axis=0),
                 h.T @ g + penalty * w2]
        for i, grad in enumerate(grads):
            moments[i] = 0.9 * moments[i] + 0.1 * grad
            squares[i] = 0.999 * squares[i] + 0.001 * grad ** 2
            params[i] = params[i] - rate * (moments[i] / (1 - 0.9 ** step)) / (
                np.sqrt(squares[i] / (1 - 0.999 ** step)) + 1e-8)
    return params


def scores(model: PlayModel, data: Decisions) -> dict[str, float]:
    """Held-out figures a decision: the model's, the card model's and uniform play's."""
    logits = model.scores(data.rows.astype(float))
    p, normaliser = _segment_softmax(logits, data.starts)
    logs = logits[data.chosen] - normaliser
    best = np.maximum.reduceat(logits, data.starts)
    first = logits[data.chosen] >= best
    sizes = data.sizes
    return {
        "decisions": int(len(data.starts)),
        "log_likelihood": round(float(logs.mean()), 4),
        "ranked_first": round(float(first.mean()), 4),
        "card_model_log_likelihood": round(float(data.card_model_log.mean()), 4),
        "card_model_ranked_first": round(float(data.card_model_first.mean()), 4),
        "uniform_log_likelihood": round(float(-np.log(sizes).mean()), 4),
        "uniform_ranked_first": round(float((1 / sizes).mean()), 4),
    }


def _subset(columns: dict[str, np.ndarray], keep: np.ndarray) -> dict[str, np.ndarray]:
    return {name: values[keep] for name, values in columns.items()}


def train(columns: dict[str, np.ndarray], hidden: int, steps: int, rate: float, ridge: float,
          seed: int) -> tuple[PlayModel, dict[str, Any]]:
    """A model of these decisions (one number of players) and its held-out figures."""
    held = columns["deal"] % HOLD_OUT == 0
    training, testing = decisions(_subset(columns, ~held)), decisions(_subset(columns, held))
    linear = fit_linear(training, ridge)
    model = PlayModel.linear_only(linear)
    report = {"deals": int(len(np.unique(columns["deal"]))), "decisions": int(len(training.starts)),
              "linear": scores(model, testing)}
    if hidden:
        model = fit_network(training, linear, hidden, steps, rate, ridge, seed)
        report["network"] = scores(model, testing)
    report["held_out"] = scores(model, testing)
    return model, report


def load(paths: Sequence[str]) -> dict[int, dict[str, np.ndarray]]:
    """The decisions of these files by number of players (deals numbered apart)."""
    tables: dict[int, list[dict[str, np.ndarray]]] = {}
    for number, path in enumerate(paths):
        try:
            columns = table_columns(parquet.read(path))
        except RecordError as error:
            raise RecordError(f"{path}: {error}") from None
        columns["deal"] = columns["deal"].astype(np.int64) * len(paths) + number
        for players in np.unique(columns["players"]):
            tables.setdefault(int(players), []).append(
                _subset(columns, columns["players"] == players))
    return {players: {name: np.concatenate([part[name] for part in parts])
                      for name in parts[0]}
            for players, parts in tables.items()}


def main() -> None:
    parser = script.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", metavar="FILE.parquet")
    parser.add_argument("--hidden", type=int, default=16, help="hidden units (0: linear)")
    parser.add_argument("--steps", type=script.at_least(1), default=None,
                        help="the network's training steps (300)")
    parser.add_argument("--rate", type=float, default=None,
                        help="the network's learning rate (0.01)")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--write", action="store_true", help=f"store the model in {OUT.name}")
    parser.add_argument("--out", help="store the model in this file instead")
    args = parser.parse_args()
    if args.hidden < 0:
        script.fail(f"bad --hidden {args.hidden}: expected 0 or more")
    if not 0 <= args.ridge < float("inf"):
        script.fail(f"bad --ridge {args.ridge}: expected a number from 0 up")
    network = [f"--{name}" for name in ("steps", "rate") if getattr(args, name) is not None]
    if network and not args.hidden:
        script.fail(f"{' and '.join(network)} train the network: with --hidden 0 the fit is "
                    "linear (Newton's method, --ridge)")
    args.steps = 300 if args.steps is None else args.steps
    args.rate = 0.01 if args.rate is None else args.rate
    if not 0 < args.rate < float("inf"):
        script.fail(f"bad --rate {args.rate}: expected a number above 0")
    found = {}
    tables = load(args.data)
    if not tables:
        script.fail(f"no decisions in {' '.join(args.data)}: play more deals")
    for players, columns in sorted(tables.items()):
        try:
            model, report = train(columns, args.hidden, args.steps, args.rate, args.ridge,
                                  args.seed)
        except DebertsError as error:  # the model's own check: a weight not finite
            script.fail(f"{players} players: the training diverged ({error}); try a "
                        "smaller --rate or a larger --ridge")
        except np.linalg.LinAlgError:
            script.fail(f"{players} players: the linear fit has no single answer (a feature "
                        "the data never varies); use a --ridge above 0 or more deals")
        found[players] = (model, report)
        print(f"{players} players: {report['deals']} deals, {report['decisions']} decisions "
              f"trained on, {report['held_out']['decisions']} held out")
        for name in ("linear", "network"):
            if name in report:
                figures = report[name]
                print(f"  {name:8s} held out: log-likelihood {figures['log_likelihood']:.4f}, "
                      f"ranked first {figures['ranked_first']:.3f}")
        figures = report["held_out"]
        print(f"  card model held out: log-likelihood {figures['card_model_log_likelihood']:.4f}, "
              f"ranked first {figures['card_model_ranked_first']:.3f}; uniform "
              f"{figures['uniform_log_likelihood']:.4f}, {figures['uniform_ranked_first']:.3f}")
    if args.write or args.out:
        command = "python tools/train_play_model.py " + " ".join(sys.argv[1:])
        text = json.dumps({
            "command": command, "features": list(FEATURES),
            "models": {str(players): {**model.to_dict(), "report": report}
                       for players, (model, report) in found.items()},
        }) + "\n"
        read_models(text)  # what is written reads back as the package reads it
        with output_file.writing(args.out or OUT) as handle:
            handle.write(text.encode("utf-8"))


if __name__ == "__main__":
    script.run(main)
