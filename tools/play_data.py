"""Self-play card decisions to Parquet, the training data of the learned play model
(:mod:`deberts.variants.deberts.play.decisions`):
``python tools/play_data.py --players 4 --deals 2000 --out play4.parquet
[--jobs N | --scheduler tcp://HOST:PORT | --cluster local:N]``.

Seeded deals are played by the player ``--spec`` at every seat (an arena spec,
``pimc:samples=20,bid_samples=20`` by default: a few-sample PIMC player is strong
and cheap), ``--players`` players under the ``--rules`` preset (the default rules
when not given). Deals are played in chunks of ``--chunk``, each chunk from its own
seed, in ``--jobs`` worker processes or on a Dask cluster: a run's rows do not depend
on where it ran.
"""

from __future__ import annotations

import sys

from deberts.cli import script
from deberts.formats import parquet
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play.decisions import DEFAULT_CHUNK, SCHEMA, decision_batches


def main() -> None:
    parser = script.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--deals", type=script.at_least(1), default=100)
    parser.add_argument("--spec", default="pimc:samples=20,bid_samples=20",
                        help="the player at every seat (an arena spec)")
    parser.add_argument("--rules", help="a rules preset (default: the default rules)")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--chunk", type=script.at_least(1), default=DEFAULT_CHUNK,
                        help="deals a task")
    parser.add_argument("--jobs", type=script.at_least(1), default=1,
                        help="worker processes on this machine")
    script.add_cluster_options(parser)
    parser.add_argument("--out", required=True, metavar="FILE.parquet")
    args = parser.parse_args()
    rules = Rules() if args.rules is None else Rules.preset_rules(args.rules)
    metadata = {"command": "python tools/play_data.py " + " ".join(sys.argv[1:]),
                "spec": args.spec, "rules": args.rules or "default"}
    with script.cluster_of(args) as client:
        batches = decision_batches(args.spec, args.players, args.deals, args.seed, rules,
                                   args.chunk, args.jobs, client)
        rows = parquet.write(args.out, script.counted_deals(batches, args.chunk, args.deals),
                             SCHEMA, metadata)
    print(f"{args.deals} deals, {rows} decisions written to {args.out}")


if __name__ == "__main__":
    script.run(main)
