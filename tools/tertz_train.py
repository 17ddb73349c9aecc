"""Train the Tertz evaluation on exact labels and compare model families:
``python tools/tertz_train.py LABELS.parquet ... [--save FAMILY] [--holdout 5]``.

The labels come from ``tools/tertz_labels.py``; each row with values gives two
examples, one from each seat's side (:func:`deberts.variants.tertz.analysis.evaluation.features`,
the margin still to come for that seat). Deals whose number is a multiple of
``--holdout`` (per file) are held out. The families: a linear model (least squares
on standardised features), small numpy MLPs (ReLU, Huber loss, Adam) and, when
lightgbm is installed (the ``train`` extra), gradient-boosted trees (exported as
arrays: every family is evaluated with numpy alone). It prints the
held-out mean absolute error in points of each family by tricks played, the error of
the estimate that :class:`~deberts.variants.tertz.analysis.evaluation.Evaluation` makes (the
two seats' estimates averaged). ``--save FAMILY`` writes that family's model to the
package's ``tertz_evaluation.json``, its held-out errors included.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

import numpy as np

from deberts.cli import script
from deberts.formats import output_file, parquet
from deberts.variants.tertz.analysis import evaluation
from deberts.variants.tertz.analysis.evaluation import FEATURES, FORMAT, Evaluation, features
from deberts.variants.tertz.play.labels import position_of

#: The MLPs tried: hidden layer widths.
MLP_SHAPES = {"mlp16": (16,), "mlp32x16": (32, 16)}
HUBER = 20.0


def examples(paths: list[str], holdout: int) -> dict[str, np.ndarray]:
    """Features (both seats' rows of each label), targets, tricks played, and which
    rows are held out; the two rows of a label are adjacent."""
    rows, targets, points, held = [], [], [], []
    for path in paths:
        for row in parquet.read(path).to_pylist():
            if row["value"] is None:
                continue
            position = position_of(row)
            still = row["value"] - row["settled"]
            for seat, sign in ((0, 1), (1, -1)):
                rows.append(features(position, seat))
                targets.append(sign * still)
                points.append(row["point"])
                held.append(row["deal"] % holdout == 0)
    return {"x": np.array(rows, float), "y": np.array(targets, float),
            "point": np.array(points), "held": np.array(held)}


def layered(fit: Callable[..., list[dict[str, Any]]]) -> Callable[..., dict[str, Any]]:
    """A family of dense layers as a model's fields (standardisation included)."""
    def train(x: np.ndarray, y: np.ndarray, mean: np.ndarray, scale: np.ndarray,
              seed: int) -> dict[str, Any]:
        return {"mean": mean.tolist(), "scale": scale.tolist(),
                "layers": fit(x, y, mean, scale, seed)}
    return train


def standardise(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    return mean, scale


def linear(x: np.ndarray, y: np.ndarray, mean: np.ndarray, scale: np.ndarray,
           seed: int) -> list[dict[str, Any]]:
    """Ridge least squares on standardised features: one layer."""
    z = (x - mean) / scale
    a = np.hstack([z, np.ones((len(z), 1))])
    ridge = 1e-3 * len(z) * np.eye(a.shape[1])
    ridge[-1, -1] = 0
    coef = np.linalg.solve(a.T @ a + ridge, a.T @ y)
    return [{"w": coef[:-1, None].tolist(), "b": [float(coef[-1])]}]


def mlp(shape: tuple[int, ...]) -> Callable[..., list[dict[str, Any]]]:
    def train(x: np.ndarray, y: np.ndarray, mean: np.ndarray, scale: np.ndarray,
              seed: int, epochs: int = 60, batch: int = 256, rate: float = 3e-3
              ) -> list[dict[str, Any]]:
        rng = np.random.default_rng(seed)
        z = (x - mean) / scale
        sizes = (z.shape[1], *shape, 1)
        ws = [rng.normal(0, np.sqrt(2 / a), (a, b)) for a, b in zip(sizes, sizes[1:])]
        bs = [np.zeros(b) for b in sizes[1:]]
        bs[-1][:] = y.mean()
        params = ws + bs
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        step = 0
        for epoch in range(epochs):
            order = rng.permutation(len(z))
            lr = rate * (0.5 ** (epoch // 20))
            for start in range(0, len(z), batch):
                pick = order[start:start + batch]
                acts = [z[pick]]
                for i, (w, b) in enumerate(zip(ws, bs)):
                    out = acts[-1] @ w + b
                    acts.append(np.maximum(out, 0) if i < len(ws) - 1 else out)
                err = acts[-1][:, 0] - y[pick]
                grad = np.clip(err, -HUBER, HUBER)[:, None] / len(pick)
                gws, gbs = [], []
                for i in range(len(ws) - 1, -1, -1):
                    gws.append(acts[i].T @ grad)
                    gbs.append(grad.sum(axis=0))
                    if i:
                        grad = (grad @ ws[i].T) * (acts[i] > 0)
                grads = gws[::-1] + gbs[::-1]
                step += 1
                for p, g, mi, vi in zip(params, grads, m, v):
                    mi *= 0.9
                    mi += 0.1 * g
                    vi *= 0.999
                    vi += 0.001 * g * g
                    p -= lr * (mi / (1 - 0.9 ** step)) / (np.sqrt(vi / (1 - 0.999 ** step)) + 1e-8)
        return [{"w": w.tolist(), "b": b.tolist()} for w, b in zip(ws, bs)]
    return train


def boosted(x: np.ndarray, y: np.ndarray, mean: np.ndarray, scale: np.ndarray,
            seed: int, rounds: int = 200, leaves: int = 15) -> dict[str, Any]:
    """Gradient-boosted trees (lightgbm, Huber loss), exported as arrays that
    :class:`Evaluation` walks with numpy: {"trees": ...} (features not standardised)."""
    import lightgbm
    params = {"objective": "huber", "alpha": HUBER, "learning_rate": 0.05,
              "num_leaves": leaves, "verbose": -1, "num_threads": 1, "seed": seed}
    booster = lightgbm.train(params, lightgbm.Dataset(x, y), num_boost_round=rounds)
    flat = [_flatten(tree["tree_structure"]) for tree in booster.dump_model()["tree_info"]]
    width = max(len(nodes) for nodes in flat)
    arrays: dict[str, Any] = {key: [] for key in ("feature", "threshold", "left", "right",
                                                  "value")}
    depth = 0
    for nodes in flat:
        nodes += [(-1, 0.0, 0, 0, 0.0, 0)] * (width - len(nodes))
        for key, column in zip(arrays, zip(*nodes)):
            arrays[key].append(list(column))
        depth = max(depth, max(node[5] for node in nodes))
    return {"trees": {**{key: arrays[key] for key in arrays}, "depth": depth}}


def _flatten(root: dict[str, Any]) -> list[tuple[int, float, int, int, float, int]]:
    """One lightgbm tree as nodes (feature or -1, threshold, left, right, leaf value,
    depth), the root first."""
    nodes: list[tuple[int, float, int, int, float, int]] = []

    def visit(node: dict[str, Any], depth: int) -> int:
        index = len(nodes)
        nodes.append((-1, 0.0, 0, 0, float(node.get("leaf_value", 0.0)), depth))
        if "split_feature" in node:
            assert node["decision_type"] == "<="
            left = visit(node["left_child"], depth + 1)
            right = visit(node["right_child"], depth + 1)
            nodes[index] = (int(node["split_feature"]), float(node["threshold"]), left,
                            right, 0.0, depth)
        return index

    visit(root, 0)
    return nodes


def held_out_error(prediction: np.ndarray, data: dict[str, np.ndarray]) -> dict[str, float]:
    """Mean absolute error by tricks played of the seat-averaged estimate (rows come
    in pairs: seat 0, seat 1) against the exact margin still to come."""
    held = data["held"]
    y, point = data["y"][held], data["point"][held]
    estimate = (prediction[0::2] - prediction[1::2]) / 2
    exact, where = y[0::2], point[0::2]
    errors: dict[str, list[float]] = defaultdict(list)
    for e, x, p in zip(estimate, exact, where):
        errors[str(p)].append(abs(e - x))
        errors["all"].append(abs(e - x))
    return {p: round(float(np.mean(v)), 1) for p, v in sorted(errors.items())}


def main() -> None:
    parser = script.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("labels", nargs="+")
    parser.add_argument("--holdout", type=script.at_least(1), default=5)
    parser.add_argument("--save", help="the family whose model to ship")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = examples(args.labels, args.holdout)
    train = ~data["held"]
    x, y = data["x"], data["y"]
    mean, scale = standardise(x[train])
    print(f"{train.sum() // 2} labels to train on, {(~train).sum() // 2} held out")
    fits: dict[str, Callable[..., dict[str, Any]]] = {"linear": layered(linear)}
    fits.update({name: layered(mlp(shape)) for name, shape in MLP_SHAPES.items()})
    try:
        import lightgbm  # noqa: F401
        fits["lightgbm"] = boosted
    except ImportError:
        print("lightgbm not installed: no gradient-boosted trees")
    if args.save is not None and args.save not in fits:
        script.fail(f"bad --save {args.save[:40]!r}: expected one of {' '.join(fits)}")
    results: dict[str, dict[str, float]] = {}
    models: dict[str, dict[str, Any]] = {}
    baseline = np.zeros(len(y))
    results["zero"] = held_out_error(baseline[data["held"]], data)
    for name, fit in fits.items():
        started = time.process_time()
        model = {"format": FORMAT, "family": name, "features": list(FEATURES),
                 **fit(x[train], y[train], mean, scale, args.seed)}
        prediction = Evaluation(model).predict(x[data["held"]])
        results[name] = held_out_error(prediction, data)
        model["mae"] = results[name]
        models[name] = model
        print(f"{name}: trained in {time.process_time() - started:.1f} CPU s", flush=True)
    points = [key for key in next(iter(results.values())) if key != "all"]
    print("\n| family | " + " | ".join(f"trick {int(p) + 1}" if p != "-1" else "break"
                                       for p in points) + " | all |")
    print("|---" * (len(points) + 2) + "|")
    for name, mae in results.items():
        print(f"| {name} | " + " | ".join(f"{mae[p]:.1f}" for p in points)
              + f" | {mae['all']:.1f} |")
    if args.save:
        target = Path(evaluation.__file__).with_name(evaluation.MODEL_FILE)
        with output_file.writing(target) as handle:
            handle.write((json.dumps(models[args.save], separators=(",", ":")) + "\n").encode())
        print(f"\nsaved {args.save} to {target}")


if __name__ == "__main__":
    script.run(main)
