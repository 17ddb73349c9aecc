"""How much the samples' weights know about the hidden cards:
``python benchmarks/inference_accuracy.py``.

Seeded deals are played by ``PimcPlayer(samples=20)`` at every seat; from each,
views of tricks 2 to 5 with a choice are taken. For each view ``--samples`` deals
are sampled (as the player does) and weighed by each inference model
(:mod:`deberts.play.inference`). The figure is the weighted share of samples that
put a hidden card where it really is (the hand that holds it, or out of play),
averaged over the hidden cards whose place the samples do not agree on; ``none``
is the uniform sampler's share. Higher is better; the CPU time of
the weighing is reported beside it.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from deberts.engine.solver import Solver
from deberts.model.position import Position
from deberts.model.rules import Rules
from deberts.play.inference import Inference
from deberts.play.match import PlayView, play_deal
from deberts.play.pimc import PimcPlayer

MODELS = [("none", 4), ("bidding", 4), ("heuristic", 4), ("dd", 2), ("dd", 4)]


class _Recorder(PimcPlayer):
    """A PIMC player that keeps its views of tricks 2 to 5 with a choice."""

    def __init__(self, seed: int) -> None:
        super().__init__(samples=20, bid_samples=20, seed=seed)
        self.views: list[PlayView] = []

    def play(self, view: PlayView):  # type: ignore[no-untyped-def]
        if 1 <= len(view.tricks) <= 4 and len(view.legal) > 1:
            self.views.append(view)
        return super().play(view)


def recorded(players: int, deals: int, seed: int) -> list[tuple[PlayView, Position]]:
    """One view a deal, with the real position it was taken in."""
    rng = random.Random(seed)
    found = []
    while len(found) < deals:
        seats = [_Recorder(rng.randrange(2**32)) for _ in range(players)]
        result = play_deal(seats, rng.randrange(players), Rules(), rng)
        views = [view for seat in seats for view in seat.views]
        if result.score is None or not views:
            continue
        view = rng.choice(views)
        position = result.record.start()
        for play in view.plays():
            position.push(play.card, bella=play.bella)
        found.append((view, position))
    return found


def truth_share(view: PlayView, real: Position, positions: list[Position],
                weights: list[int]) -> float:
    """The weighted share of samples placing each uncertain hidden card where it
    really is (a hand, or none: out of play), averaged over those cards."""
    hidden = [card for card in range(32)
              if not view.hand.mask >> card & 1 and not view.played().mask >> card & 1]
    w = np.array(weights, dtype=float)
    shares = []
    for card in hidden:
        holder = next((s for s in range(real.players) if real.hands[s] >> card & 1), None)
        placed = np.array([
            bool(p.hands[holder] >> card & 1) if holder is not None
            else not any(hand >> card & 1 for hand in p.hands)
            for p in positions], dtype=float)
        if 0 < placed.mean() < 1:
            shares.append(float(w @ placed / w.sum()))
    return float(np.mean(shares)) if shares else 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="views a player count")
    parser.add_argument("--samples", type=int, default=100)
    args = parser.parse_args()
    print("| players | model | last | views | share on the real hand | weighing CPU s a view |")
    print("|---|---|---|---|---|---|")
    for players in (2, 4):
        views = recorded(players, args.deals, 2026 + players)
        samplers = [PimcPlayer(samples=args.samples, seed=index) for index in range(len(views))]
        drawn = [list(sampler._drawn(view, sampler._search_seconds))
                 for sampler, (view, _) in zip(samplers, views)]
        for model, last in MODELS:
            inference = Inference(model, last=last)
            solver = Solver()
            shares = []
            started = time.process_time()
            weighed = [inference.weights(view, positions, solver)
                       for (view, _), positions in zip(views, drawn)]
            spent = (time.process_time() - started) / len(views)
            for (view, real), positions, weights in zip(views, drawn, weighed):
                shares.append(truth_share(view, real, positions, weights))
            print(f"| {players} | {model} | {last} | {len(views)} | {np.mean(shares):.4f} "
                  f"| {spent:.3f} |", flush=True)


if __name__ == "__main__":
    main()
