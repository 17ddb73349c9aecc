"""Exact labels for the engine's move ordering: how often its first card is optimal.

``python benchmarks/label_positions.py [--deals N] [--seed S] [--random SHARE]
[--groups 2p 3p 4p belote] [--errors K]`` walks seeded full deals (``sets.full_deals``
for 2, 3 and 4 players, ``colver_compare.full_deals`` for the ``belote`` preset) card
by card, each card an optimal one or, with probability ``--random``, a random legal
one, so that the walk also reaches the positions a search visits after weak play.
At every position where the mover has a choice it labels each legal move with its
exact value (``Search.values``, the deal margin still to be won) and asks the engine
which move its ordering tries first (``Search.move_order``, without the table's
advice). The first card is *optimal* when its value is the best for the side to move.

It prints markdown tables of the first-card-optimal rate by player count and seat in
the trick (the leader, 2nd, 3rd, 4th) and by the cards left in the mover's hand,
over the *decisive* positions (where the legal cards' values are not all equal),
with the mean loss of the first card in points. ``--errors K`` also prints the
first K positions whose first card is not optimal, at the seat ``--error-seat``
(0 the leader), for study. The same seed
gives the same positions and labels.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parent)]

from colver_compare import full_deals as belote_deals
from sets import full_deals

from deberts import Position
from deberts.model.cards import CardSet
from deberts.variants.deberts.engine import _engine
from deberts.variants.deberts.engine.boundary import engine_input, move_card, push_move

SEATS = ("leader", "2nd", "3rd", "4th")
GROUPS: dict[str, Callable[[int, int], list[Position]]] = {
    "2p": lambda count, seed: full_deals(2, count, seed),
    "3p": lambda count, seed: full_deals(3, count, seed),
    "4p": lambda count, seed: full_deals(4, count, seed),
    "belote": lambda count, seed: belote_deals(count, seed),
}


@dataclass(frozen=True)
class Label:
    """One position where the mover has a choice: its group, the mover's seat in the
    trick and cards in hand, the exact value of the first tried move and the best
    and worst values (for the side to move: higher is better)."""

    group: str
    seat: int
    depth: int
    first: int
    best: int
    worst: int
    position: str

    @property
    def decisive(self) -> bool:
        return self.best != self.worst

    @property
    def optimal(self) -> bool:
        return self.first == self.best


def labelled_walk(position: Position, group: str, search: _engine.Search,
                  rng: random.Random, share_random: float) -> Iterator[Label]:
    """Play ``position`` out, each card optimal or (with ``share_random``) random,
    labelling every position with more than one legal move."""
    while not position.is_over():
        spec, trick = engine_input(position)
        search.clear()
        raw, _ = search.values(spec, trick)
        sign = 1 if position.is_declarer_side(position.to_move) else -1
        values = {move: sign * value for move, value in raw}
        best = max(values.values())
        if len(values) > 1:
            first = search.move_order(spec, trick)[0]
            yield Label(group, len(position.trick), len(CardSet(position.hands[position.to_move])),
                        values[first], best, min(values.values()),
                        describe(position, values, first))
        if rng.random() < share_random:
            move = rng.choice(sorted(values))
        else:
            move = rng.choice(sorted(m for m, v in values.items() if v == best))
        push_move(position, move)


def describe(position: Position, values: dict[int, int], first: int) -> str:
    """The position in one line: the hands (seat 0 first), trump, declarer, the
    trick's leader and cards so far, and each move's value for the mover (the
    first tried marked by ``*``)."""
    moves = " ".join(f"{'*' if m == first else ''}{move_card(m)}{'-' if m >= 32 else ''}"
                     f"={v:+d}" for m, v in sorted(values.items(), key=lambda mv: -mv[1]))
    return (f"{' | '.join(str(CardSet(h)) for h in position.hands)}; trump {position.trump}, "
            f"declarer {position.declarer}, leader {position.trick_leader}, trick "
            f"{' '.join(str(p.card) for p in position.trick) or '-'}; {moves}")


def rate(labels: list[Label]) -> str:
    """``rate% (loss, n)`` over the decisive labels."""
    decisive = [lab for lab in labels if lab.decisive]
    if not decisive:
        return ""
    hits = sum(lab.optimal for lab in decisive)
    loss = sum(lab.best - lab.first for lab in decisive) / len(decisive)
    return f"{100 * hits / len(decisive):.1f}% ({loss:.1f}, {len(decisive)})"


def table(labels: list[Label], groups: list[str], column: str,
          keys: list[int], names: list[str]) -> str:
    """A markdown table: one row per group, one column per seat or depth, and all."""
    by: dict[tuple[str, int], list[Label]] = defaultdict(list)
    for lab in labels:
        by[lab.group, getattr(lab, column)].append(lab)
    lines = ["| group | " + " | ".join(names) + " | all |",
             "|---" * (len(names) + 2) + "|"]
    for group in groups:
        cells = [rate(by[group, key]) for key in keys]
        cells.append(rate([lab for lab in labels if lab.group == group]))
        lines.append(f"| {group} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals walked a group")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the walk")
    parser.add_argument("--random", type=float, default=0.5,
                        help="share of random (not optimal) cards in the walk")
    parser.add_argument("--groups", nargs="+", choices=list(GROUPS), default=list(GROUPS))
    parser.add_argument("--errors", type=int, default=0,
                        help="print this many positions with a wrong first card")
    parser.add_argument("--error-seat", type=int, default=0, choices=range(4),
                        help="the seat in the trick of those positions (0 the leader)")
    args = parser.parse_args()
    search = _engine.Search()
    labels: list[Label] = []
    for group in args.groups:
        rng = random.Random(args.seed)
        for position in GROUPS[group](args.deals, args.seed):
            labels.extend(labelled_walk(position, group, search, rng, args.random))
    print(f"First card optimal, decisive positions: rate (mean loss in points, count); "
          f"{args.deals} deals a group, seed {args.seed}, random share {args.random}\n")
    print(table(labels, args.groups, "seat", list(range(4)), list(SEATS)) + "\n")
    print(table(labels, args.groups, "depth", list(range(9, 1, -1)),
                [f"{d} cards" for d in range(9, 1, -1)]))
    wrong = [lab for lab in labels
             if lab.seat == args.error_seat and lab.decisive and not lab.optimal]
    for lab in wrong[:args.errors]:
        print(f"\n{lab.group}: first {lab.first:+d}, best {lab.best:+d}: {lab.position}")


if __name__ == "__main__":
    main()
