"""How much the samples' weights know about the hidden cards:
``python benchmarks/inference_accuracy.py``.

Seeded deals are played by ``PimcPlayer(samples=20)`` at every seat, each view
carrying the auction as it was bid (:attr:`deberts.variants.deberts.play.match.PlayView.auction`).
The tables: Deberts at 2 and at 4 players (default rules, our PIMC bidder), and
with ``--colver`` Belote (the ``belote`` preset) bid by colver's rule bidder as in
``benchmarks/vs_colver_bots.py``, reported for all its deals and for those where
another seat named a suit before the declarer's. From each deal, views with a
choice are taken: with ``--tricks T``, one a deal after exactly T tricks (T = 2:
after the auction and two tricks); without, one of tricks 2 to 5. For each view
``--samples`` deals are sampled (as the player does) and weighed by each inference
model (:mod:`deberts.variants.deberts.play.inference`). The figure is the weighted share of samples
that put a hidden card where it really is (the hand that holds it, or out of play),
averaged over the hidden cards whose place the samples do not agree on; ``none``
is the uniform sampler's share. Higher is better; the CPU time of the weighing is
reported beside it, and the effective number of samples (the square of the weights'
sum over the sum of their squares: how many equal samples they are worth).
``--models model:0:0.5`` weighs by the learned play model with its likelihood
raised to the power 0.5 (``trust``). ``--models policy:4`` is a reference, not a
player's model: each sample weighed by the policy that really played the deals,
``PimcPlayer(samples=20)``, at each other seat's view in that sample (its share of 4
seeded runs choosing the card played, plus half a run spread over the legal cards),
with the auction and bella as ``model`` has them: roughly the most any model of
play could know here (the closer to it, the less a better model can add).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np
from recording import Recorder, kept_views

from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play.inference import (
    Inference,
    bella_log_likelihood,
    bidding_log_likelihood,
    integer_weights,
)
from deberts.variants.deberts.play.match import PlayView, play_deal, view_of
from deberts.variants.deberts.play.pimc import PimcPlayer

MODELS = [("none", 4), ("bidding", 4), ("heuristic", 4), ("learned", 4), ("dd", 2), ("dd", 4),
          ("model", 4)]
#: The tricks played before the views taken when ``--tricks`` is not given.
TRICKS = (1, 2, 3, 4)


def recorder(seed: int, tricks: tuple[int, ...]) -> Recorder:
    """A PIMC player of ``seed`` that keeps its views after ``tricks`` tricks with a
    choice."""
    return Recorder(PimcPlayer(samples=20, bid_samples=20, seed=seed),
                    lambda view: len(view.tricks) in tricks and len(view.legal) > 1)


def _pick(record: GameRecord, seats: list[Recorder], rng: random.Random,
          ) -> tuple[PlayView, Position] | None:
    """One of the seats' views at random, with the real position it was taken in."""
    views = kept_views(seats)
    if not views:
        return None
    view = rng.choice(views)
    position = record.start()
    for play in view.plays():
        position.push(play.card, bella=play.bella)
    return view, position


def recorded(players: int, deals: int, seed: int, tricks: tuple[int, ...],
             ) -> list[tuple[PlayView, Position]]:
    """One view a deal of this game's own bidding, with the real position."""
    rng = random.Random(seed)
    found = []
    while len(found) < deals:
        seats = [recorder(rng.randrange(2**32), tricks) for _ in range(players)]
        result = play_deal(seats, rng.randrange(players), Rules(), rng)
        picked = None if result.score is None else _pick(result.record, seats, rng)
        if picked is not None:
            found.append(picked)
    return found


def colver_recorded(deals: int, seed: int, tricks: tuple[int, ...],
                    ) -> list[tuple[PlayView, Position, bool]]:
    """One view a Belote deal bid by colver's rule bidder, with the real position and
    whether another seat named a suit before the declarer's (``pip install colver``)."""
    import colver
    from colver_compare import BELOTE, FROM_COLVER
    from vs_colver_bots import BIDDING, colver_auction

    from deberts.variants.deberts.model.deal import Deal

    rng = random.Random(seed)
    found = []
    number = 0
    while len(found) < deals:
        env = colver.Env.deal(dealer=number % 4, seed=seed * 100_003 + number)
        number += 1
        while env.phase() == BIDDING:
            env.step(env.bid_improved())
        calls = colver_auction(env)
        if all(call.call == "pass" for call in calls):
            continue
        deal = Deal([sum(1 << FROM_COLVER[c] for c in hand) for hand in env.get_hands()])
        record = GameRecord(deal, env.get_dealer(), BELOTE, auction=calls)
        seats = [recorder(rng.randrange(2**32), tricks) for _ in range(4)]
        position = record.start()
        while not position.is_over():
            view = view_of(position, None, record.dealer, auction=calls)
            card = seats[position.to_move].play(view)
            announce = not (position.bella_pending() and card.mask & bella_mask(position.trump)
                            and not seats[position.to_move].declare(view))
            position.push(card, bella=announce)
        picked = _pick(record, seats, rng)
        if picked is not None:
            first = next(call.seat for call in calls if len(call.call) == 1)
            found.append((*picked, first != record.declarer))
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


def policy_weights(view: PlayView, positions: list[Position], runs: int) -> list[int]:
    """Each sample's weight under the policy that played the recorded deals (the
    ``policy`` reference of the module's docstring)."""
    first = view.tricks[0].leader if view.tricks else view.leader
    logs = []
    for world in positions:
        position = Position(world.deal, view.trump, view.declarer, first, view.rules)
        total = bidding_log_likelihood(view, world) + bella_log_likelihood(view, world)
        for play in view.plays():
            if play.seat != view.seat:
                seen = view_of(position, view.face_up, view.dealer, view.exchanger, view.scores,
                               auction=view.auction)
                if len(seen.legal) > 1:
                    chosen = [PimcPlayer(samples=20, seed=1000 * run + 7).play(seen)
                              for run in range(runs)]
                    total += math.log((chosen.count(play.card) + 0.5)
                                      / (runs + 0.5 * len(seen.legal)))
            position.push(play.card, bella=play.bella)
        logs.append(total)
    return integer_weights(logs)


def measure(table: str, views: list[tuple[PlayView, Position]], samples: int,
            models: list[tuple[str, int, float]], tricks: str, subsets: dict[str, list[bool]],
            ) -> None:
    """Print a row a model (and a row a subset of the views)."""
    samplers = [PimcPlayer(samples=samples, seed=index) for index in range(len(views))]
    drawn = [list(sampler._drawn(view, sampler._search_seconds))
             for sampler, (view, _) in zip(samplers, views)]
    for model, last, trust in models:
        inference = None if model == "policy" else Inference(model, last=last, trust=trust)
        solver = Solver()
        started = time.process_time()
        weighed = [policy_weights(view, positions, last) if inference is None
                   else inference.weights(view, positions, solver)
                   for (view, _), positions in zip(views, drawn)]
        spent = (time.process_time() - started) / len(views)
        shares = np.array([truth_share(view, real, positions, weights)
                           for (view, real), positions, weights in zip(views, drawn, weighed)])
        effective = np.array([sum(w) ** 2 / max(sum(x * x for x in w), 1) for w in weighed])
        label = model if trust == 1 else f"{model}, trust {trust:g}"
        for name, keep in {"": [True] * len(views), **subsets}.items():
            chosen = shares[np.array(keep, dtype=bool)]
            print(f"| {table}{name} | {tricks} | {label} | {last} | {len(chosen)} "
                  f"| {chosen.mean():.4f} | {spent:.3f} "
                  f"| {effective[np.array(keep, dtype=bool)].mean():.1f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="views a table")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--tricks", type=int, nargs="*", metavar="T",
                        help="views after exactly T tricks, each T its own rows "
                             "(default: one view of tricks 2 to 5 a deal)")
    parser.add_argument("--models", nargs="*", metavar="MODEL:LAST[:TRUST]",
                        help="the models to weigh with (default: "
                             + " ".join(f"{m}:{last}" for m, last in MODELS) + ")")
    parser.add_argument("--colver", action="store_true",
                        help="also Belote deals bid by colver's rule bidder")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, nargs="+", choices=(2, 4), default=[2, 4],
                        help="the tables of Deberts to measure (default: both)")
    args = parser.parse_args()
    models = [(model, last, 1.0) for model, last in MODELS] if not args.models else [
        (parts[0], int(parts[1]) if len(parts) > 1 and parts[1] else 4,
         float(parts[2]) if len(parts) > 2 else 1.0)
        for parts in (text.split(":") for text in args.models)]
    groups = [(str(t), (t,)) for t in args.tricks] if args.tricks else [("1-4", TRICKS)]
    print("| table | tricks played | model | last | views | share on the real hand "
          "| weighing CPU s a view | effective samples |")
    print("|---|---|---|---|---|---|---|---|")
    for name, tricks in groups:
        for players in args.players:
            views = recorded(players, args.deals, args.seed + players, tricks)
            measure(f"Deberts, {players} players", views, args.samples, models, name, {})
        if args.colver:
            found: list[Any] = colver_recorded(args.deals, args.seed, tricks)
            measure("Belote, colver's auctions", [(v, p) for v, p, _ in found], args.samples,
                    models, name, {", another seat bid first": [first for *_, first in found]})


if __name__ == "__main__":
    main()
