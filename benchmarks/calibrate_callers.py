"""Calibrate the model of callers (:mod:`deberts.variants.deberts.play.callers`) by simulation:
``python benchmarks/calibrate_callers.py --deals 300 --write``.

Seeded deals are bid, and each auction's calls are read by
:func:`deberts.variants.deberts.play.callers.call_decisions` on the hands really dealt:

- this game's contexts (``face_up``, ``second_round``; ``one_round``): deals of the
  default rules at 2 and at 4 players, and of the ``belote`` preset (no card turned
  up), bid by ``--bidder`` (a player spec; by default the PIMC bidder with 20
  samples, as the players of ``benchmarks/inference_accuracy.py`` bid), the cards
  then played by :class:`~deberts.variants.deberts.play.players.HeuristicPlayer` (only the bidding
  is read);
- another system's (``open``, ``partner``, ``overcall``): deals of colver's
  ``Env.deal`` bid by its rule bidder (``Env.bid_improved``, the bidder of
  ``benchmarks/vs_colver_bots.py``), when colver is installed.

Each context's threshold, spread and tremble are those of the greatest likelihood
(:func:`deberts.variants.deberts.play.callers.log_probabilities`), on a grid (thresholds 0 to 150 by
1, spreads 1 to 60 on a log scale, trembles 0.005 to 0.2). Printed: each context's
decisions, suits named, the parameters, and the log-likelihood a decision against
the caller before calibration (the former bidding inference's threshold 60 and
spread 12, tremble 0.005). ``--write`` stores them in ``src/deberts/variants/deberts/play/callers.json``
with this command.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from deberts.model.cards import CardSet
from deberts.play.specs import player_factory
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play.callers import (
    CONTEXTS,
    CallDecision,
    call_decisions,
    decision_worths,
    log_probabilities,
)
from deberts.variants.deberts.play.match import BidView, play_deal
from deberts.variants.deberts.play.players import HeuristicPlayer

OUT = Path(__file__).resolve().parents[1] / "src" / "deberts" / "variants" / "deberts" / "play" / "callers.json"
THRESHOLDS = np.arange(0.0, 151.0, 1.0)
SPREADS = np.geomspace(1.0, 60.0, 40)
TREMBLES = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2)
#: The caller before calibration, for comparison.
UNCALIBRATED = (60.0, 12.0, 0.005)
#: The tables of this game's contexts.
TABLES = ((2, Rules()), (4, Rules()), (4, Rules.preset_rules("belote")))

#: Per context, the decisions' ``worths`` and ``named`` rows.
Rows = dict[str, list[tuple[np.ndarray, int]]]


class _Bidder(HeuristicPlayer):
    """Bids as ``bidder`` does and plays as the heuristic (only the bidding is read)."""

    def __init__(self, bidder: Any) -> None:
        super().__init__()
        self.bidder = bidder

    def bid(self, view: BidView) -> str:
        return str(self.bidder.bid(view))


def _add(rows: Rows, decisions: list[CallDecision], hands: list[CardSet], face_up: Any) -> None:
    worths, named = decision_worths(decisions, hands, face_up)
    for decision, row, index in zip(decisions, worths, named):
        rows[decision.context].append((row, int(index)))


def own_rows(bidder: str, deals: int, seed: int) -> Rows:
    """The decisions of ``deals`` deals a table of this game's bidding."""
    make = player_factory(bidder)
    rows: Rows = defaultdict(list)
    for players, rules in TABLES:
        rng = random.Random(seed + players)
        for number in range(deals):
            seats = [_Bidder(make(number * 8 + s)) for s in range(players)]
            record = play_deal(seats, number % players, rules, rng).record
            if record.thrown_in:
                continue
            assert record.trump is not None and record.declarer is not None
            decisions = call_decisions(record.calls, record.dealer, players, rules,
                                       record.face_up, record.trump, record.declarer)
            _add(rows, decisions, [CardSet(h) for h in record.deal.hands], record.face_up)
    return rows


def colver_rows(deals: int, seed: int) -> Rows:
    """The decisions of ``deals`` auctions of colver's rule bidder."""
    import colver
    from colver_compare import BELOTE, FROM_COLVER
    from vs_colver_bots import BIDDING, colver_auction

    from deberts.variants.deberts.model.bidding import outside_contract

    rows: Rows = defaultdict(list)
    for number in range(deals):
        env = colver.Env.deal(dealer=number % 4, seed=seed * 100_003 + number)
        while env.phase() == BIDDING:
            env.step(env.bid_improved())
        calls = colver_auction(env)
        contract = outside_contract(calls, env.get_dealer(), 4)
        if contract is None:
            continue
        hands = [CardSet(sum(1 << FROM_COLVER[c] for c in hand)) for hand in env.get_hands()]
        decisions = call_decisions(calls, env.get_dealer(), 4, BELOTE, None,
                                   contract.trump, contract.declarer)
        _add(rows, decisions, hands, None)
    return rows


def log_likelihood(rows: list[tuple[np.ndarray, int]], threshold: np.ndarray,
                   spread: float, tremble: float) -> np.ndarray:
    """The decisions' log-likelihood for each of the ``threshold`` values."""
    worths = np.array([row for row, _ in rows])
    named = np.array([index for _, index in rows])
    n = len(rows)
    return log_probabilities(worths, named, np.repeat(threshold[:, None], n, axis=1),
                             np.full(n, spread), np.full(n, tremble)).sum(axis=-1)


def fit(rows: list[tuple[np.ndarray, int]]) -> tuple[float, float, float, float]:
    """The threshold, spread and tremble of the greatest likelihood, and the
    log-likelihood there."""
    best = (-np.inf, 0.0, 0.0, 0.0)
    for tremble in TREMBLES:
        for spread in SPREADS:
            table = log_likelihood(rows, THRESHOLDS, float(spread), tremble)
            index = int(np.argmax(table))
            if table[index] > best[0]:
                best = (float(table[index]), float(THRESHOLDS[index]), float(spread), tremble)
    return best[1], best[2], best[3], best[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals a table and of colver's")
    parser.add_argument("--bidder", default="pimc:bid_samples=20", help="this game's bidder")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true", help=f"store the figures in {OUT.name}")
    args = parser.parse_args()
    rows = own_rows(args.bidder, args.deals, args.seed)
    try:
        rows.update(colver_rows(args.deals, args.seed))
    except ImportError:
        print("colver is not installed: another system's contexts are not calibrated",
              file=sys.stderr)
    contexts: dict[str, Any] = {}
    print("| context | decisions | suits named | threshold | spread | tremble "
          "| log-likelihood a decision, calibrated / before |")
    print("|---|---|---|---|---|---|---|")
    for context in CONTEXTS:
        found = rows.get(context, [])
        if not found:
            continue
        threshold, spread, tremble, best = fit(found)
        before = float(log_likelihood(found, np.array([UNCALIBRATED[0]]), UNCALIBRATED[1],
                                      UNCALIBRATED[2])[0])
        named = sum(index >= 0 for _, index in found)
        contexts[context] = {"threshold": threshold, "spread": round(spread, 3),
                             "tremble": tremble, "decisions": len(found), "named": named}
        print(f"| {context} | {len(found)} | {named} | {threshold:.0f} | {spread:.2f} "
              f"| {tremble} | {best / len(found):.4f} / {before / len(found):.4f} |")
    missing = [c for c in CONTEXTS if c not in contexts]
    if args.write:
        if missing:
            sys.exit(f"not written: no decisions in {' '.join(missing)}")
        command = "python benchmarks/calibrate_callers.py " + " ".join(sys.argv[1:])
        OUT.write_text(json.dumps({"command": command, "bidder": args.bidder,
                                   "deals": args.deals, "seed": args.seed,
                                   "contexts": contexts}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
