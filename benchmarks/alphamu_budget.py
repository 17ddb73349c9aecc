"""Whether αμ keeps its time budget in long endgames:
``python benchmarks/alphamu_budget.py --views 12 --seconds 0.25 1.0``.

Seeded views with five tricks or more left and a choice, recorded from heuristic play
(4 players under the ``belote`` preset, and 2 players under the default rules), each
decided by a fresh ``AlphaMuPlayer`` with 100 samples searching up to 8 of its own
moves in the last 8 tricks (the most the player allows for Belote's 8 cards, an
adversarial setting: the fronts grow with every move). Reported per budget: the
median and the largest wall time of a decision as a share of its budget (the
sampling included, the sampling kernel compiled before), and how many decisions went
more than 10% over.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from recording import Recorder, seeded_views

from deberts.variants.deberts.analysis.sampling import warm_up
from deberts.variants.deberts.model.deal import full_hand_size
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play.alphamu import AlphaMuPlayer
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.players import HeuristicPlayer

#: The least tricks left in a recorded view.
TRICKS_LEFT = 5
TABLES = ((4, Rules.preset_rules("belote")), (2, Rules()))


def long_endgame(view: PlayView) -> bool:
    """A view with a choice and at least :data:`TRICKS_LEFT` tricks left."""
    return len(view.legal) > 1 and full_hand_size(view.players) - len(view.tricks) >= TRICKS_LEFT


def endgame_views(players: int, rules: Rules, count: int) -> list[PlayView]:
    """``count`` views of heuristic play, a deal's two latest first, deal ``n`` of
    seed ``n``."""
    def play(seed: int) -> list[Recorder]:
        seats = [Recorder(HeuristicPlayer(), long_endgame) for _ in range(players)]
        play_deal(seats, seed % players, rules, rng=random.Random(seed))  # type: ignore[arg-type]
        return seats

    return seeded_views(count, play, lambda views: sorted(views, key=lambda v: -len(v.tricks))[:2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=12, help="views a table (12)")
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.25, 1.0])
    args = parser.parse_args()
    warm_up()  # numba's kernel, not the search's time
    for players, rules in TABLES:
        views = endgame_views(players, rules, args.views)
        for budget in args.seconds:
            shares = []
            for index, view in enumerate(views):
                player = AlphaMuPlayer(samples=100, seconds=budget, seed=index, depth=8, tricks=8)
                started = time.perf_counter()
                player.play(view)
                shares.append((time.perf_counter() - started) / budget)
            over = sum(share > 1.1 for share in shares)
            print(f"{players} players, {rules.preset}, budget {budget:g} s: {len(views)} "
                  f"decisions, wall / budget median {statistics.median(shares):.2f}, "
                  f"largest {max(shares):.2f}; over by more than 10%: {over}", flush=True)


if __name__ == "__main__":
    main()
