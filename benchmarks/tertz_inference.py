"""Where a Tertz player's hidden cards are, uniform against inferred:
``python benchmarks/tertz_inference.py RECORDS.jsonl [--skip N] [--deals N]
[--tricks 1,3,5] [--worlds W] [--seed S]``.

For each recorded deal (after the first ``--skip``, which trained the model: the
held-out ones) and each trick count in ``--tricks``, the trick start after that many
tricks, from the view of the seat to lead and of the other seat (the position after
the lead). ``--worlds`` worlds are drawn uniformly among those consistent with the
view; each unseen card's probability of being in the opponent's hand is its share of
the worlds, uniform, or weighted by the likelihood of the opponent's moves under the
shipped model of play. Figures a phase, over every view: *hand* is the share of the
opponent's hand (the cards he holds that the seat has not seen) found among the cards
most likely his, as many as he holds; *log p* the mean log-probability given to each
unseen card's true place (his hand or the stock), probabilities clipped at 0.01.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

import numpy as np

from deberts.variants.tertz.model import Position
from deberts.variants.tertz.model.record import GameRecord
from deberts.variants.tertz.play.match import PlayView, view_of
from deberts.variants.tertz.play.opponent import shipped_play_model, world_log_likelihood
from deberts.variants.tertz.play.sampling import hidden_of, sample_positions

FLOOR = 0.01


def views_of(record: GameRecord, tricks: list[int]) -> list[tuple[int, Position]]:
    """The positions measured in one deal: at each trick start of ``tricks`` (the
    stock lasting) and right after that trick's lead."""
    found: list[tuple[int, Position]] = []
    position = record.start()
    for move in record.moves:
        done = len(position.tricks)
        if done in tricks and position.stock and not position.break_due \
                and len(position.trick) < 2 and not position.is_over():
            if not any(d == done and len(p.trick) == len(position.trick) for d, p in found):
                found.append((done, position.copy()))
        position.push(move)
    return found


def placement(view: PlayView, truth: Position, worlds: int,
              rng: random.Random) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """(hand share, mean log p) uniform and weighted, for one view."""
    model = shipped_play_model()
    pool = list(sample_positions(view, rng, 40 * worlds))[:worlds]
    if not pool:
        return None
    played = {int(m) for m in view.moves if isinstance(m, int)}
    unseen = [int(c) for c in hidden_of(view).unseen if int(c) not in played]
    opponent = 1 - view.seat
    held = np.array([[w.hands[opponent] >> c & 1 for c in unseen] for w in pool], dtype=float)
    logs = np.array([world_log_likelihood(view, w, model) for w in pool])
    weights = np.exp(logs - logs.max())
    true = np.array([truth.hands[opponent] >> c & 1 for c in unseen], dtype=float)
    his = int(true.sum())
    results = []
    for w in (np.ones(len(pool)), weights):
        p = (w[:, None] * held).sum(axis=0) / w.sum()
        top = np.argsort(-p, kind="stable")[:his]
        share = float(true[top].sum() / his) if his else 1.0
        p_true = np.clip(np.where(true == 1, p, 1 - p), FLOOR, 1.0)
        results.append((share, float(np.log(p_true).mean())))
    return results[0], results[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records")
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--tricks", default="1,3,5")
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    tricks = [int(t) for t in args.tricks.split(",")]
    lines = [line for line in Path(args.records).read_text("utf-8").splitlines() if line]
    records = [GameRecord.from_dict(json.loads(line))
               for line in lines[args.skip:args.skip + args.deals]]
    rng = random.Random(args.seed)
    rows: dict[int, list[tuple[tuple[float, float], tuple[float, float]]]] = {}
    for record in records:
        for done, position in views_of(record, tricks):
            result = placement(view_of(position), position, args.worlds, rng)
            if result is not None:
                rows.setdefault(done, []).append(result)
    print(f"{len(records)} deals, {args.worlds} worlds a view")
    print("| tricks played | views | hand, uniform | hand, inferred | log p, uniform "
          "| log p, inferred |")
    print("|---|---|---|---|---|---|")
    for done in sorted(rows):
        a = np.array([[u[0], w[0], u[1], w[1]] for u, w in rows[done]])
        m = a.mean(axis=0)
        print(f"| {done} | {len(a)} | {m[0]:.3f} | {m[1]:.3f} | {m[2]:.3f} | {m[3]:.3f} |")
    every = np.array([[u[0], w[0], u[1], w[1]] for r in rows.values() for u, w in r])
    m = every.mean(axis=0)
    print(f"| all | {len(every)} | {m[0]:.3f} | {m[1]:.3f} | {m[2]:.3f} | {m[3]:.3f} |")
    assert not math.isnan(m[0])


if __name__ == "__main__":
    main()
