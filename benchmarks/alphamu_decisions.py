"""How often αμ changes PIMC's card in the last tricks, and what each depth costs:
``python benchmarks/alphamu_decisions.py --views 40 [--players 2 3 4]``.

Fixed seeded views of the last three tricks where the seat has a choice, recorded
from heuristic play; for each, 100 samples are drawn as ``PimcPlayer`` draws them
and merged by deal, and :class:`deberts.variants.deberts.play.alphamu.AlphaMuSearch` chooses at
depth 1 (PIMC's card) and at each deeper depth up to the seat's cards left. Reported
per player count: the share of views where the deeper card differs from PIMC's, and
the median and largest process CPU seconds of each depth's search (the sampling
not included).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from recording import Recorder, every, seeded_views

from deberts.variants.deberts.model.deal import full_hand_size
from deberts.variants.deberts.play.alphamu import AlphaMuSearch, best, merged_worlds
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer

LAST_TRICKS = 3


def late(view: PlayView) -> bool:
    """A view with a choice in the last :data:`LAST_TRICKS` tricks."""
    return len(view.legal) > 1 and full_hand_size(view.players) - len(view.tricks) <= LAST_TRICKS


def late_views(players: int, count: int) -> list[PlayView]:
    """``count`` late views of heuristic play, deal ``n`` of seed ``n``."""
    def play(seed: int) -> list[Recorder]:
        seats = [Recorder(HeuristicPlayer(), late) for _ in range(players)]
        play_deal(seats, seed % players, rng=random.Random(seed))  # type: ignore[arg-type]
        return seats

    return seeded_views(count, play, every)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=40)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args()
    for players in args.players:
        changed = 0
        times: dict[int, list[float]] = {}
        for index, view in enumerate(late_views(players, args.views)):
            sampler = PimcPlayer(samples=100, seed=index)
            drawn = sampler._drawn(view, sampler._search_seconds)
            worlds, weights = merged_worlds([(p, 1) for p in drawn])
            search = AlphaMuSearch(sampler.solver, worlds, weights)
            totals = None
            for depth in range(1, len(view.hand) + 1):
                started = time.process_time()
                totals = search.totals(depth, totals)
                times.setdefault(depth, []).append(time.process_time() - started)
            assert totals is not None
            changed += best(totals) != best(search.totals(1))
        cost = ", ".join(f"depth {d} {statistics.median(t):.4f} / {max(t):.3f} s"
                         for d, t in sorted(times.items()))
        print(f"{players} players: {args.views} views, αμ's card differs from PIMC's in "
              f"{changed} ({100 * changed / args.views:.1f}%); median / max CPU: {cost}")


if __name__ == "__main__":
    main()
