"""The whole answer against the engine's own time (issue 34): ``solve`` against
``values``, a batch line against its mode's solver time, a double-dummy table
against one ``values`` solve, and ``batch --jobs 2`` against ``--jobs 1``.

Each figure is measured in child processes so that two builds can be compared on
the same machine, interleaved: ``--base SRC`` is the ``src`` directory of another
build (say a worktree of ``main`` with its extension built in place), put first on
``PYTHONPATH`` for its runs; the rounds alternate the builds. Times are CPU seconds
of the solving thread (``time.thread_time``, each position's best over the rounds)
except the batch figures, which are wall time (what a user waits for).

    python benchmarks/throughput.py solve --set full-4p --count 60 --rounds 4 --base /tmp/base34/src
    python benchmarks/throughput.py batch --players 4 --count 200 --rounds 3
    python benchmarks/throughput.py table --players 4 --count 40 --rounds 3 --base /tmp/base34/src
    python benchmarks/throughput.py jobs --players 4 --count 200 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: This build's sources.
OWN = str(HERE.parent / "src")

#: A child run: each position's solve CPU seconds in each mode, JSON on stdout.
SOLVE_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from sets import SETS
from deberts import Solver
positions = SETS[sys.argv[2]]()[:int(sys.argv[3])]
solver = Solver()
out = {}
for mode in sys.argv[4].split(","):
    work = getattr(solver, mode)
    times = []
    for position in positions:
        solver.clear()
        started = time.thread_time()
        work(position)
        times.append(time.thread_time() - started)
    out[mode] = times
print(json.dumps(out))
"""

#: A child run: each deal's table (one solver, as ``deberts stats`` does) and one
#: ``values`` solve of the deal's position, CPU seconds.
TABLE_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from sets import full_deals
from deberts import Solver
from deberts.variants.deberts.analysis.table import dd_table
solver = Solver()
tables, values = [], []
for position in full_deals(int(sys.argv[2]), int(sys.argv[3])):
    solver.clear()
    started = time.thread_time()
    dd_table(position.deal, position.leader, position.rules, solver=solver)
    tables.append(time.thread_time() - started)
    solver.clear()
    started = time.thread_time()
    solver.values(position)
    values.append(time.thread_time() - started)
print(json.dumps({"table": tables, "values": values}))
"""

#: A child run: the solver's seconds a line in each mode over a batch file's
#: positions, one solver kept across the lines as ``batch --jobs 1`` does.
ENGINE_CHILD = r"""
import json, sys, time
from deberts import Solver
from deberts.formats import batch
positions = [batch.loads(line) for line in open(sys.argv[1], "rb") if line.strip()]
solver = Solver()
out = {}
for mode in sys.argv[2].split(","):
    work = getattr(solver, mode)
    started = time.perf_counter()
    for position in positions:
        work(position)
    out[mode] = (time.perf_counter() - started) / len(positions)
print(json.dumps(out))
"""

#: ``deberts batch`` run from a given build.
BATCH = [sys.executable, "-c",
         "import sys; from deberts.cli.main import main; sys.argv[0] = 'deberts'; main()",
         "batch"]


def child(code: list[str], src: str) -> str:
    env = dict(os.environ, PYTHONPATH=src)
    return subprocess.run(code, env=env, capture_output=True, text=True, check=True).stdout


def builds(base: str | None) -> dict[str, str]:
    return {"base": base, "new": OWN} if base else {"new": OWN}


def alternating(names: list[str], round_: int) -> list[str]:
    return names if round_ % 2 == 0 else names[::-1]


def best(runs: list[dict[str, list[float]]], key: str) -> list[float]:
    """Each position's best time over the runs."""
    return [min(times) for times in zip(*(run[key] for run in runs))]


def ratio(after: list[float], before: list[float]) -> float:
    """The median per-position ratio."""
    return statistics.median(a / b for a, b in zip(after, before))


def interleaved(code: list[str], sources: dict[str, str],
                rounds: int) -> dict[str, list[dict[str, list[float]]]]:
    """Each build's runs of a child, the builds alternating round by round."""
    runs: dict[str, list[dict[str, list[float]]]] = {name: [] for name in sources}
    for round_ in range(rounds):
        for name in alternating(list(sources), round_):
            runs[name].append(json.loads(child(code, sources[name])))
    return runs


def solve_figures(args: argparse.Namespace) -> None:
    """``solve`` against ``values`` per build, and each mode new against base."""
    runs = interleaved([sys.executable, "-c", SOLVE_CHILD, str(HERE), args.set,
                        str(args.count), "values,solve"], builds(args.base), args.rounds)
    against_values(runs, args.set, "solve")


def table_figures(args: argparse.Namespace) -> None:
    """A deal's table against one ``values`` solve, per build."""
    runs = interleaved([sys.executable, "-c", TABLE_CHILD, str(HERE), str(args.players),
                        str(args.count)], builds(args.base), args.rounds)
    against_values(runs, f"{args.players}p", "table")


def against_values(runs: dict[str, list[dict[str, list[float]]]], label: str,
                   work: str) -> None:
    """Print ``work`` against ``values`` in each build, and each new against base."""
    for name in runs:
        times, values = best(runs[name], work), best(runs[name], "values")
        print(f"{label} {name}: {work} median {statistics.median(times) * 1e3:.3f} ms, "
              f"values {statistics.median(values) * 1e3:.3f} ms, {work}/values median "
              f"per-position ratio {ratio(times, values):.2f}")
    if "base" in runs:
        for key in (work, "values"):
            print(f"{label} {key} new/base median per-position ratio "
                  f"{ratio(best(runs['new'], key), best(runs['base'], key)):.3f}")


def deal_file(players: int, count: int, folder: str) -> tuple[str, str]:
    """A batch file of seeded full deals and a file of its first line."""
    path, first = os.path.join(folder, "deals.jsonl"), os.path.join(folder, "first.jsonl")
    lines = child(BATCH[:3] + ["deal", "--players", str(players), "--count", str(count),
                               "--seed", "34", "--json"], OWN)
    Path(path).write_text(lines)
    Path(first).write_text(lines.splitlines()[0] + "\n")
    return path, first


def batch_seconds(path: str, first: str, count: int, options: list[str]) -> float:
    """Wall seconds a line of ``batch`` past its start-up: a run of the file less a
    run of its first line."""
    started = time.perf_counter()
    child(BATCH + [first, "-o", os.devnull, "--no-progress", *options], OWN)
    startup = time.perf_counter() - started
    started = time.perf_counter()
    child(BATCH + [path, "-o", os.devnull, "--no-progress", *options], OWN)
    return (time.perf_counter() - started - startup) / (count - 1)


def batch_figures(args: argparse.Namespace) -> None:
    """A batch line's wall time against its mode's solver time, ``--jobs 1``."""
    modes = ["value", "values", "solve"]
    with tempfile.TemporaryDirectory() as folder:
        path, first = deal_file(args.players, args.count, folder)
        lines: dict[str, list[float]] = {mode: [] for mode in modes}
        engine: dict[str, list[float]] = {mode: [] for mode in modes}
        for _ in range(args.rounds):
            figures = json.loads(child([sys.executable, "-c", ENGINE_CHILD, path,
                                        ",".join(modes)], OWN))
            for mode in modes:
                engine[mode].append(figures[mode])
                lines[mode].append(batch_seconds(path, first, args.count,
                                                 ["--mode", mode, "-j", "1"]))
    for mode in modes:
        line, own = statistics.median(lines[mode]), statistics.median(engine[mode])
        print(f"{mode}: batch {line * 1e3:.3f} ms a line, solver {own * 1e3:.3f} ms, "
              f"ratio {line / own:.2f}")


def jobs_figures(args: argparse.Namespace) -> None:
    """``batch --jobs 2`` lines a second against ``--jobs 1``, alternating."""
    with tempfile.TemporaryDirectory() as folder:
        path, first = deal_file(args.players, args.count, folder)
        rates: dict[str, list[float]] = {"1": [], "2": []}
        for round_ in range(args.rounds):
            for jobs in alternating(["1", "2"], round_):
                seconds = batch_seconds(path, first, args.count, ["-j", jobs])
                rates[jobs].append(1 / seconds)
    for jobs, rate in rates.items():
        print(f"--jobs {jobs}: {statistics.median(rate):.1f} lines a second")
    print(f"--jobs 2 / --jobs 1: {ratio(rates['2'], rates['1']):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("figure", choices=["solve", "batch", "table", "jobs"])
    parser.add_argument("--set", default="full-4p", help="solve: a set of sets.py")
    parser.add_argument("--players", type=int, default=4, help="batch, table, jobs")
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", help="the src directory of the build to compare with")
    args = parser.parse_args()
    {"solve": solve_figures, "batch": batch_figures, "table": table_figures,
     "jobs": jobs_figures}[args.figure](args)


if __name__ == "__main__":
    main()
