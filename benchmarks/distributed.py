"""Dask figures (issue 25): the solve time of a deal's table, the scheduler's cost of a
task, the chunk size that keeps the scheduler under 5% of the work, what the client
spends on each row, and deals a second on 1 and 2 local workers.

    python -m benchmarks.distributed [--deals N] [--seed S]

(as a module: run as a script, this file would hide the distributed package).

Prints a Markdown section for benchmarks/README.md. Times are wall-clock unless
marked CPU; on a machine shared with other work the CPU figures are the steadier.
"""

from __future__ import annotations

import argparse
import logging
import os
import pickle
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator

from distributed import Client, LocalCluster

from deberts.engine import distributed
from deberts.formats import parquet
from deberts.variants.deberts.analysis import game_stats
from deberts.variants.deberts.engine.solver import Solver

PLAYERS = (2, 3, 4)
#: Empty tasks timed for the scheduler's cost of one.
EMPTY_TASKS = 400
#: The share of the work the scheduler may take.
SCHEDULER_SHARE = 0.05


def _nothing(solver: Solver, item: int) -> int:
    return item


def solve_seconds(players: int, deals: int, seed: int) -> tuple[float, float]:
    """Wall and CPU seconds a deal's table takes on one thread (one Solver), its row
    included."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in game_stats.deal_batches([players], deals, seed, threads=1):
        pass
    return (time.perf_counter() - wall) / deals, (time.process_time() - cpu) / deals


def row_seconds(players: int, seed: int) -> tuple[float, int]:
    """The writing process's seconds a row (unpickling the workers' batches, cutting
    them into row groups, writing Parquet) and the bytes a row crosses the network as."""
    batches = [pickle.dumps(b) for b in game_stats.deal_batches([players], 256, seed)]
    copies = 64  # the same 256 rows again and again: 16,384 rows, four row groups
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        rows = game_stats.row_groups(pickle.loads(b) for _ in range(copies) for b in batches)
        parquet.write(os.path.join(folder, "rows.parquet"), rows, game_stats.SCHEMA)
        seconds = (time.perf_counter() - start) / (copies * 256)
    return seconds, sum(map(len, batches)) // 256


def cpu(client: Client) -> float:
    """CPU seconds so far of this process (the client and the local scheduler) and
    of every worker process."""
    return time.process_time() + float(sum(client.run(time.process_time).values()))


def task_seconds(client: Client) -> tuple[float, float]:
    """Wall and CPU seconds a task costs when tasks do nothing: the scheduler, the
    messages, the workers' and the client's handling, with the usual window of
    tasks in flight."""
    list(distributed.map_ordered(_nothing, range(50), client, chunk=1, make_solver=Solver))  # warm up
    wall, used = time.perf_counter(), cpu(client)
    list(distributed.map_ordered(_nothing, range(EMPTY_TASKS), client, chunk=1,
                                 make_solver=Solver))
    return (time.perf_counter() - wall) / EMPTY_TASKS, (cpu(client) - used) / EMPTY_TASKS


def throughput(client: Client, players: int, deals: int, seed: int, block: int) -> tuple[float, float]:
    """Deals a second (wall) of a stats run on the client's workers, and the CPU
    seconds a deal of the whole cluster (client, scheduler and workers)."""
    list(game_stats.deal_batches([players], block * 2, seed + 1, client=client, block=block))
    wall, used = time.perf_counter(), cpu(client)
    for _ in game_stats.deal_batches([players], deals, seed, client=client, block=block):
        pass
    return deals / (time.perf_counter() - wall), (cpu(client) - used) / deals


@contextmanager
def cluster(workers: int) -> Iterator[Client]:
    """A client of a new local cluster of ``workers`` one-thread processes."""
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=":0", silence_logs=logging.ERROR) as local, \
            Client(local) as client:
        yield client


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals a player count timed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    solve = {p: solve_seconds(p, args.deals // (2 if p == 4 else 1), args.seed) for p in PLAYERS}
    rows = {p: row_seconds(p, args.seed) for p in PLAYERS}
    with cluster(2) as client:
        task_wall, task_cpu = task_seconds(client)
    print(f"An empty task: {task_wall * 1e3:.2f} ms wall, {task_cpu * 1e3:.2f} ms CPU (client, "
          f"scheduler and workers), {EMPTY_TASKS} tasks on 2 workers.\n")
    print("| players | table, CPU ms | client a row, ms | bytes a row | chunk for < 5% "
          "| deals/s, 1 worker | deals/s, 2 workers | cluster CPU ms a deal (2 workers) |")
    print("|---|---|---|---|---|---|---|---|")
    chunks = {p: max(1, round(task_cpu * (1 - SCHEDULER_SHARE) / (SCHEDULER_SHARE * solve[p][1])))
              for p in PLAYERS}
    rates: dict[int, list[tuple[float, float]]] = {p: [] for p in PLAYERS}
    for workers in (1, 2):
        with cluster(workers) as client:
            for p in PLAYERS:
                deals = args.deals // (2 if p == 4 else 1)
                rates[p].append(throughput(client, p, deals, args.seed, chunks[p]))
    for p in PLAYERS:
        print(f"| {p} | {solve[p][1] * 1e3:.1f} | {rows[p][0] * 1e3:.3f} | {rows[p][1]:,} "
              f"| {chunks[p]} | {rates[p][0][0]:.1f} | {rates[p][1][0]:.1f} "
              f"| {rates[p][1][1] * 1e3:.1f} |")


if __name__ == "__main__":
    main()
