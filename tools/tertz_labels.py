"""Exact labels of Tertz positions, to a Parquet file:
``python tools/tertz_labels.py OUT.parquet [--deals N] [--seed S]
[--points 1-7,break] [--nodes N] [--random SHARE] [--block B]
[--threads T | --scheduler tcp://HOST:PORT | --cluster local:N]``.

Deal ``i`` of seed ``S`` is played by the heuristic player (``--random`` of its
moves random) and labelled at the points (tricks played 0 to 7, ``break`` the break
itself) with every legal move's exact value (:mod:`deberts.variants.tertz.play.labels`); a
search past ``--nodes`` leaves its row without values. The rows depend on the seed,
the deal count, the points, the node budget and the share only; the file on
``--block`` as well (one row group a task): the same on local threads and on Dask.
"""

from __future__ import annotations

import sys
import time

from deberts.cli import script
from deberts.formats import parquet
from deberts.variants.tertz.play.labels import (
    DEFAULT_BLOCK,
    DEFAULT_NODES,
    DEFAULT_RANDOM,
    SCHEMA,
    label_batches,
    parse_points,
)


def main() -> None:
    parser = script.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the Parquet file to write")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--points", default="1-7", help="tricks played (0-7) and/or break")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES,
                        help="node budget of a position's search")
    parser.add_argument("--random", type=float, default=DEFAULT_RANDOM,
                        help="share of the walk's moves made at random")
    parser.add_argument("--block", type=int, default=DEFAULT_BLOCK, help="deals a task")
    parser.add_argument("--threads", type=int, default=1)
    script.add_cluster_options(parser)
    args = parser.parse_args()
    started = time.perf_counter()
    with script.cluster_of(args) as client:
        batches = label_batches(args.deals, args.seed, parse_points(args.points),
                                args.nodes, args.random, client=client,
                                threads=args.threads, block=args.block)
        metadata = {"seed": str(args.seed), "deals": str(args.deals),
                    "points": args.points, "nodes": str(args.nodes),
                    "random": str(args.random)}
        rows = parquet.write(args.out, batches, SCHEMA, metadata)
    print(f"{rows} labels of {args.deals} deals in {time.perf_counter() - started:.1f} s "
          f"to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    script.run(main)
