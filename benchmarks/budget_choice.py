"""What a PIMC choice cut short by its budget gives away:
``python benchmarks/budget_choice.py --players 4 --views 30 --samples 200 --nodes 2e5 1e6``.

The early views of ``pimc_decisions.py`` (first two tricks, heuristic play, seeded).
For each, ``--samples`` deals are sampled once and every legal card is solved in
every one: the reference totals, whose best card is the PIMC choice with all of
them. Then the choice is made again on the same samples in the same order under a
budget of nodes for the whole decision (:class:`NodeBudget`: the search that spends
the last of it ends, the next is interrupted; deterministic where a time budget is
not), with and without the anytime settling (:func:`deberts.variants.deberts.play.sample_choice.best_weighted`,
``anytime=``). Reported for each limit: how often each finds the reference card,
and the mean points a decision its card gives away against it, the reference
totals' difference divided by the samples (a tie is no loss).
"""

from __future__ import annotations

import argparse
import statistics

from pimc_decisions import early_views

from deberts.errors import SearchInterrupted, WorldsInterrupted
from deberts.model.cards import Card
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.play.match import PlayView
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer
from deberts.variants.deberts.play.sample_choice import best_weighted


def reference(view: PlayView, positions: list[Position]) -> dict[Card, int]:
    """Each legal card's total, for the seat to move, over every sample."""
    solver = Solver()
    sign = 1 if view.seat in view.declarer_side else -1
    totals = dict.fromkeys(view.legal, 0)
    for position in positions:
        for card, margin in solver.values(position).items():
            totals[card] += sign * margin
    return totals


class NodeBudget:
    """A solver for :func:`best_weighted` that stops once a decision's searches
    have visited ``nodes`` nodes in all, as a time budget stops them."""

    def __init__(self, nodes: int) -> None:
        self.solver = Solver()
        self.left = nodes

    def _spent(self) -> None:
        if self.left <= 0:
            raise SearchInterrupted("the decision's nodes are spent")

    def values(self, position: Position, cards: object = None, guess: object = None) -> object:
        self._spent()
        answer = self.solver.values(position, cards, guess)  # type: ignore[arg-type]
        self.left -= self.solver.nodes
        return answer

    def values_of_worlds(self, worlds: list[Position], cards: object = None) -> list[object]:
        """Each world's values in turn, as :meth:`values` gives them: a batch cut
        short by the budget gives the worlds solved before it, as the solver's does."""
        solved: list[object] = []
        for world in worlds:
            try:
                solved.append(self.values(world, cards))
            except SearchInterrupted as stop:
                raise WorldsInterrupted(str(stop), solved) from stop
        return solved

    def bounds(self, position: Position, threshold: int, cards: object = None) -> object:
        self._spent()
        answer = self.solver.bounds(position, threshold, cards)  # type: ignore[arg-type]
        self.left -= self.solver.nodes
        return answer


def limited_choice(view: PlayView, positions: list[Position], nodes: int, anytime: bool) -> Card:
    """The choice on ``positions`` within ``nodes`` nodes (the heuristic's card when
    not one sample was solved)."""
    sign = 1 if view.seat in view.declarer_side else -1
    samples = ((position, 1) for position in positions)
    try:
        return best_weighted(NodeBudget(nodes), list(view.legal), samples, sign,  # type: ignore[arg-type]
                             anytime=anytime)
    except SearchInterrupted:
        return HeuristicPlayer().play(view)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--views", type=int, default=30)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--nodes", type=float, nargs="+", default=[2e5, 1e6])
    args = parser.parse_args()
    views = early_views(args.players, args.views)
    rows: dict[tuple[int, bool], list[tuple[bool, float]]] = {}
    for index, view in enumerate(views):
        player = PimcPlayer(samples=args.samples, seed=index)
        positions = list(player._drawn(view, None))
        totals = reference(view, positions)
        best = max(totals.values())
        for nodes in map(int, args.nodes):
            for anytime in (False, True):
                card = limited_choice(view, positions, nodes, anytime)
                loss = (best - totals[card]) / len(positions)
                rows.setdefault((nodes, anytime), []).append((totals[card] == best, loss))
    print(f"{args.players} players, {len(views)} views, {args.samples} samples")
    print("| nodes a decision | anytime settling | reference card found | points given away a decision |")
    print("|---|---|---|---|")
    for (nodes, anytime), found in rows.items():
        share = sum(hit for hit, _ in found) / len(found)
        print(f"| {nodes:,} | {'yes' if anytime else 'no'} | {share:.1%} "
              f"| {statistics.mean(loss for _, loss in found):.2f} |")


if __name__ == "__main__":
    main()
