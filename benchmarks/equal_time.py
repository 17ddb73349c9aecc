"""Two player types in the duplicate arena with each type's card-play CPU measured:
``python benchmarks/equal_time.py FIRST SECOND --players 4 --deals 2000 --seed 1``.

The matches are those of ``deberts arena FIRST SECOND`` with the same ``--players``,
``--deals`` and ``--seed`` (:func:`deberts.variants.deberts.play.arena.arena`, one process). After
every match one JSON line goes to ``--log``: the match's margins, and for each type
the CPU seconds its ``play`` calls took so far, their count and the slowest; so a
run cut short still gives the margin over its whole duplicate pairs (``--summary
LOG`` prints it) and shows whether the two types had equal time per decision.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from deberts.analysis.stats import mean_ci95
from deberts.model.cards import Card
from deberts.play.duplicate import MatchOutcome
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play import arena as arena_module
from deberts.variants.deberts.play.arena import arena, seatings
from deberts.variants.deberts.play.match import PlayView

#: Per type name: CPU seconds of its play calls, their count, the slowest.
CPU: dict[str, list[float]] = {}


def timed(kind: type, name: str) -> type:
    """``kind`` with its ``play`` calls' process CPU time added to ``CPU[name]``, or to
    ``CPU["name:model"]`` for a player that weighs its samples by an inference model
    (so that ``pimc`` against ``pimc:infer=learned`` counts each side apart)."""

    class Timed(kind):  # type: ignore[misc, valid-type]
        def play(self, view: PlayView) -> Card:
            started = time.process_time()
            card: Card = super().play(view)
            spent = time.process_time() - started
            inference = getattr(self, "inference", None)
            key = f"{name}:{inference.model}" if inference is not None and inference.active else name
            figures = CPU.setdefault(key, [0.0, 0, 0.0])
            figures[0] += spent
            figures[1] += 1
            figures[2] = max(figures[2], spent)
            return card

    return Timed


def summary(logs: list[list[dict[str, Any]]], players: int) -> dict[str, Any]:
    """The margin over the whole duplicate pairs (or triples) of the logs (each one
    process's, as of runs with different seeds side by side), and each type's mean
    and slowest CPU a decision at the end of them."""
    per = len(seatings(players, Rules()))
    wholes = [lines[: len(lines) // per * per] for lines in logs]
    margins = np.array([m for whole in wholes for line in whole for m in line["margins"]],
                       dtype=float)
    cpu: dict[str, list[float]] = {}
    for whole in filter(None, wholes):
        for name, (total, count, slowest) in whole[-1]["cpu"].items():
            figures = cpu.setdefault(name, [0.0, 0, 0.0])
            figures[:] = [figures[0] + total, figures[1] + count, max(figures[2], slowest)]
    return {
        "deals": len(margins), "matches": sum(map(len, wholes)),
        "mean_margin": round(float(margins.mean()), 2), "margin_ci95": mean_ci95(margins),
        "cpu_a_decision": {name: round(total / count, 4) for name, (total, count, _) in cpu.items()},
        "slowest_decision": {name: round(slowest, 3) for name, (_, _, slowest) in cpu.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", nargs="?")
    parser.add_argument("second", nargs="?")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", default="equal_time.jsonl")
    parser.add_argument("--summary", nargs="*", metavar="LOG",
                        help="only summarise these logs together (none given: --log)")
    args = parser.parse_args()
    if args.summary is None:
        for name, (kind, accepted) in list(arena_module.TYPES.items()):
            arena_module.TYPES[name] = (timed(kind, name), accepted)  # type: ignore[arg-type]
        with open(args.log, "a", encoding="utf-8") as log:
            def logged(outcome: MatchOutcome) -> None:
                log.write(json.dumps({"margins": outcome.margins, "cpu": CPU}) + "\n")
                log.flush()

            arena((args.first, args.second), args.players, args.deals, args.seed,
                  progress=logged)
    logs = []
    for path in args.summary or [args.log]:
        with open(path, encoding="utf-8") as log:
            logs.append([json.loads(line) for line in log])
    print(json.dumps(summary(logs, args.players)))


if __name__ == "__main__":
    main()
