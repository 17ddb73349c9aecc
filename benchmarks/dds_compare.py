"""Our every-card solve against DDS's (``pip install -e '.[dds]'``: endplay, which
bundles DDS, the bridge double-dummy solver), CPU time on the same cards.

``python benchmarks/dds_compare.py [--count N] [--rounds R]`` prints the markdown
row of ``benchmarks/README.md``. The deals are the seeded full 4-player deals of
``sets.full_deals(4)``: each is given to DDS as a bridge deal of the same 32 cards
(8 a hand, the same suits and ranks, seat 0 as North and the seats in our order of
play), the trump suit as the strain and the same first leader. DDS answers every
legal card's number of tricks (``SolveBoard`` with ``solutions=3``, endplay's
``SolveMode.Default``); ours, ``Solver.values``, every legal card's margin. The
games differ (bridge need not ruff or overtrump, and counts tricks, not points), so
only the work is compared, not the answers.

Timing: CPU seconds of the solving thread (``time.thread_time``), each deal cold
for both (a cleared table for ``deberts``; DDS resets its memory for a deal unlike
the last), single thread, both in this process; the two alternate deal by deal (the
first of each pair alternating with the round), and each deal's time is its best
over the rounds. ``deberts`` is timed through its public ``Solver`` (Python boundary
included), DDS through its C entry point with its input built beforehand. The
figures are the median of the per-deal ratios (ours / DDS) and the ratio of the two
medians, with each side's median.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent))

from measure import cpu_timed  # noqa: E402
from sets import full_deals  # noqa: E402

from deberts import Card, Position, Solver  # noqa: E402

#: endplay's PBN hand: the suits in our order (spades, hearts, diamonds, clubs),
#: each from its highest rank down.
PBN_RANKS = "AKQJT987"


def pbn(position: Position) -> str:
    """The deal as a PBN string, seat 0 as North and the seats clockwise in our order
    of play, the cards as they are (7 to ace of each suit)."""
    hands = []
    for mask in position.deal.masks():
        names = {str(Card(c)) for c in range(32) if mask >> c & 1}
        hands.append(".".join("".join(rank for rank in PBN_RANKS if rank + suit in names)
                              for suit in "SHDC"))
    return "N:" + " ".join(hands)


def dds_solve(position: Position) -> Callable[[], int]:
    """DDS's every-card solve of the deal, ready to run: its input built here, the
    call returning DDS's node count."""
    from endplay import _dds
    from endplay.types import Deal, Denom, Player

    if position.deal.players != 4 or position.stack:
        raise ValueError("DDS takes a 4-player deal at its first card")
    deal = Deal(pbn(position), first=Player(position.leader), trump=Denom(int(position.trump)))
    answer = _dds.futureTricks()

    def run() -> int:
        _dds.SolveBoard(deal._data, 0, 3, 1, answer, 0)  # target 0, solutions 3, mode 1
        return int(answer.nodes)

    return run


def measure(count: int, rounds: int) -> dict[str, list[float]]:
    """Each deal's best CPU seconds over ``rounds`` for both solvers, and DDS's
    nodes; the two alternate deal by deal."""
    positions = full_deals(4, count)
    dds = [dds_solve(p) for p in positions]
    solver = Solver()
    ours: list[list[float]] = [[] for _ in positions]
    theirs: list[list[float]] = [[] for _ in positions]
    nodes: list[float] = [0.0] * count
    for round_ in range(rounds):
        for i, position in enumerate(positions):
            for side in ((0, 1) if (round_ + i) % 2 == 0 else (1, 0)):
                if side == 0:
                    solver.clear()
                    ours[i].append(cpu_timed(partial(solver.values, position))[1])
                else:
                    nodes[i], seconds = cpu_timed(dds[i])
                    theirs[i].append(seconds)
    return {"ours": [min(t) for t in ours], "dds": [min(t) for t in theirs],
            "dds_nodes": nodes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200, help="deals (default 200)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    args = parser.parse_args()
    figures = measure(args.count, args.rounds)
    ours, dds = figures["ours"], figures["dds"]
    ratio = statistics.median(a / b for a, b in zip(ours, dds))
    print("| deals | rounds | deberts `values` median ms | DDS every-card median ms "
          "| DDS median nodes | deberts / DDS, median per-deal ratio | ratio of the medians |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {args.count} | {args.rounds} | {1000 * statistics.median(ours):.3f} "
          f"| {1000 * statistics.median(dds):.3f} | {statistics.median(figures['dds_nodes']):,.0f} "
          f"| {ratio:.2f} | {statistics.median(ours) / statistics.median(dds):.2f} |")


if __name__ == "__main__":
    main()
