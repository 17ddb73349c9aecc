"""Every move's value at the first lead on N threads sharing one table:
``python benchmarks/tertz_threads.py --deals 1,3,7,9 --threads 1,2,4,8,16``.

For each deal of benchmarks/tertz.py's set and each thread count, a cold
``Solver(threads=N).values``: the busiest thread's CPU seconds (what N free
cores would take), the CPU of all its threads (the work the sharing costs or saves
against one thread) and the nodes of the searches that finished (a helper stopped
because another thread proved its move is not counted). Threads beyond the
machine's cores are time-sliced, so their figures estimate a larger machine:
each thread still finds in the table what the others proved so far. Every answer
must equal one thread's; the script stops otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time

from tertz import positions, thread_seconds  # benchmarks/ is the script's folder

from deberts.variants.tertz.engine.solver import DEFAULT_TABLE_BITS, Solver


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1,3,7,9", help="deal indices (comma-separated)")
    parser.add_argument("--threads", default="1,2,4,8,16", help="thread counts")
    parser.add_argument("--table-bits", type=int, default=DEFAULT_TABLE_BITS)
    args = parser.parse_args(argv)
    deals = [int(d) for d in args.deals.split(",")]
    counts = [int(n) for n in args.threads.split(",")]
    found = positions(max(deals) + 1, "first_lead")
    print("| deal | threads | busiest thread CPU s | all threads CPU s | nodes |")
    print("|---|---|---|---|---|")
    for deal in deals:
        first = None
        for count in counts:
            solver = Solver(args.table_bits, count)
            started = time.thread_time()
            with thread_seconds() as each:
                values = dict(solver.values(found[deal]))
            spent = time.thread_time() - started
            busiest = max(each) if count > 1 else spent
            total = sum(each) if count > 1 else spent
            if first is None:
                first = values
            elif values != first:
                sys.exit(f"deal {deal}: {count} threads gave other values: {values} != {first}")
            print(f"| {deal} | {count} | {busiest:.2f} | {total:.2f} | {solver.nodes:,} |",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
