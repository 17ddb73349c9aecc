"""Points a card decision gives away, against worlds and against weighing:
``python benchmarks/worlds_curve.py --players 4 --deals 200 --specs pimc:samples=100
pimc:samples=1000 pimc:samples=1000,infer=model``.

The views are :mod:`inference_accuracy`'s: seeded deals played by
``PimcPlayer(samples=20)`` at every seat, one view with a choice a deal after
``--tricks`` tricks, with the real position it was taken in. Each player spec (an
arena spec) decides every view, seeded alike, so the specs draw from the same
generator and their differences are paired. A decision's loss is what its card
gives away in the real deal against double-dummy play: the best legal card's
margin minus the chosen card's, for the side to move (0 when it is one of the best).
This is the decision-by-decision part of the points given away that
``vs_colver_bots.py`` reports a deal, without an arena's deal-to-deal noise.

Reported for each spec: the mean loss a decision with its 95% interval, the share
of decisions that give nothing away, the paired difference from the first spec
(negative: fewer points given away) and the median CPU a decision.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from inference_accuracy import recorded

from deberts.analysis.stats import mean_ci95, rounded
from deberts.model.cards import Card
from deberts.play.specs import player_factory
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.play.match import PlayView


def truth(view: PlayView, real: Position, solver: Solver) -> dict[Card, int]:
    """Each legal card's margin in the real deal, for the side to move."""
    sign = 1 if view.seat in view.declarer_side else -1
    return {card: sign * margin for card, margin in solver.values(real).items()}


def losses(make: Callable[[int], Any], views: list[tuple[PlayView, Position]],
           values: list[dict[Card, int]], seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Each view's loss, decided by a player ``make(seed + its number)``, and its
    decision's CPU seconds."""
    lost, seconds = [], []
    for number, ((view, _), value) in enumerate(zip(views, values)):
        player = make(seed + number)
        started = time.thread_time()
        card = player.play(view)
        seconds.append(time.thread_time() - started)
        lost.append(max(value.values()) - value[card])
    return np.array(lost, dtype=float), np.array(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--deals", type=int, default=200, help="views, one a deal")
    parser.add_argument("--tricks", type=int, nargs="+", default=[1, 2, 3, 4],
                        help="tricks played before a view (one of them a deal)")
    parser.add_argument("--specs", nargs="+", required=True,
                        help="player specs; the first is the one the others are compared with")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    views = recorded(args.players, args.deals, args.seed, tuple(args.tricks))
    solver = Solver()
    values = [truth(view, real, solver) for view, real in views]
    rows: list[dict[str, Any]] = []
    first: np.ndarray | None = None
    for spec in args.specs:
        lost, seconds = losses(player_factory(spec), views, values, args.seed)
        if first is None:
            first = lost
        rows.append({
            "spec": spec, "views": len(lost), "loss": rounded(lost.mean(), 2),
            "loss_ci95": mean_ci95(lost), "none_lost": rounded(float((lost == 0).mean()), 3),
            "against_first": rounded((lost - first).mean(), 2),
            "against_first_ci95": mean_ci95(lost - first),
            "cpu_median": rounded(float(np.median(seconds)), 4),
        })
        print(json.dumps(rows[-1]) if args.json else (
            f"| `{spec}` | {len(lost)} | {lost.mean():.2f} ({rows[-1]['loss_ci95'][0]:.2f} .. "
            f"{rows[-1]['loss_ci95'][1]:.2f}) | {rows[-1]['none_lost']:.3f} | "
            f"{rows[-1]['against_first']:+.2f} ({rows[-1]['against_first_ci95'][0]:+.2f} .. "
            f"{rows[-1]['against_first_ci95'][1]:+.2f}) | {np.median(seconds) * 1e3:.0f} ms |"),
            flush=True)


if __name__ == "__main__":
    main()
