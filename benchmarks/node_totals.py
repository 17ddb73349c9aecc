"""Node totals of the seeded position sets: each set's positions solved cold in each
mode, the nodes summed. Node counts are exact and do not depend on the machine, so
two builds are compared by these totals (and by ``--dump``, every answer's repr, whose
files must be equal when a change should leave the values alone). Under callgrind it
is the instruction count's workload:

    python benchmarks/node_totals.py                        # every set, value and values
    python benchmarks/node_totals.py --belote               # and 60 Belote deals (colver's)
    python benchmarks/node_totals.py --dump values.json     # every answer, to compare builds
    valgrind --tool=callgrind python benchmarks/node_totals.py \\
        --sets full-4p full-3p --count 12 --modes values    # instructions
    python benchmarks/node_totals.py --sets --tertz 6      # Tertz: 6 deals after the break
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sets import SETS  # noqa: E402

from deberts import Position, Solver  # noqa: E402


def position_sets(names: list[str], count: int | None, belote: bool) -> dict[str, list[Position]]:
    chosen: dict[str, Callable[[], list[Position]]] = {name: SETS[name] for name in names}
    if belote:
        import colver_compare  # its Belote deals (colver itself is not needed)

        chosen["belote"] = lambda: colver_compare.full_deals()[:60]
    return {name: make()[:count] for name, make in chosen.items()}


def solve_cold(solver: Any, positions: list[Any], mode: str) -> tuple[int, list[str]]:
    """Each position solved in ``mode`` on a cleared table: the nodes summed, and
    every answer's repr."""
    total, shown = 0, []
    for position in positions:
        solver.clear()
        shown.append(repr(getattr(solver, mode)(position)))
        total += solver.nodes
    return total, shown


def tertz_totals(deals: int, modes: list[str], answers: dict[str, list[str]]) -> None:
    """The Tertz engine's node totals on benchmarks/tertz.py's positions right after
    the break of its first ``deals`` deals."""
    from tertz import positions

    from deberts.variants.tertz.engine.solver import Solver as TertzSolver

    solver = TertzSolver()
    found = positions(deals, "after_break")
    for mode in [mode for mode in modes if mode != "solve"]:
        total, answers[f"tertz {mode}"] = solve_cold(solver, found, mode)
        print(f"{'tertz':8} {mode:6} {total:>12,} nodes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=list(SETS))
    parser.add_argument("--modes", nargs="+", default=["value", "values"],
                        choices=["value", "values", "solve"])
    parser.add_argument("--count", type=int, help="the first COUNT positions of each set")
    parser.add_argument("--belote", action="store_true", help="add 60 Belote deals")
    parser.add_argument("--tertz", type=int, default=0, metavar="DEALS",
                        help="add Tertz positions after the break of DEALS deals")
    parser.add_argument("--dump", type=Path, help="write every answer's repr to this JSON file")
    args = parser.parse_args()
    solver = Solver()
    answers: dict[str, list[str]] = {}
    for name, positions in position_sets(args.sets, args.count, args.belote).items():
        for mode in args.modes:
            total, answers[f"{name} {mode}"] = solve_cold(solver, positions, mode)
            print(f"{name:8} {mode:6} {total:>12,} nodes")
    if args.tertz:
        tertz_totals(args.tertz, args.modes, answers)
    if args.dump:
        args.dump.write_text(json.dumps(answers), encoding="utf-8")


if __name__ == "__main__":
    main()
