"""Self-play card decisions to Parquet, the training data of the learned play model
(:mod:`deberts.variants.deberts.play.play_model`):
``python tools/play_data.py --players 4 --deals 2000 --out play4.parquet``.

Seeded deals are played by the player ``--spec`` at every seat (an arena spec,
``pimc:samples=20,bid_samples=20`` by default: a few-sample PIMC player is strong
and cheap), ``--players`` players under the ``--rules`` preset (the default rules
when not given); thrown-in deals are dealt again. Every card played with a choice is
a row: the deal's number, the number of players, the seat, what the player knew
(the public context of :class:`~deberts.variants.deberts.play.play_model.Contexts`
and the hand, as masks), the legal cards and the card chosen, and the log-probability of that card under the
card model of :mod:`deberts.variants.deberts.play.card_model` and whether that model
ranks it first (the baseline of ``tools/train_play_model.py``). Deals are played in
chunks of ``--chunk``, side by side in ``--jobs`` worker processes (the arena's
pool), each chunk from its own seed, so a run's rows do not depend on the jobs.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Iterator

import numpy as np

import pyarrow as pa

from deberts.cli import script
from deberts.formats import parquet
from deberts.play.specs import player_factory
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play import card_model
from deberts.variants.deberts.play.arena import TYPES
from deberts.variants.deberts.play.match import play_deal
from deberts.variants.deberts.play.play_model import context_of

#: The columns, each a decision's.
SCHEMA = pa.schema([
    ("deal", pa.int32()), ("players", pa.int8()), ("seat", pa.int8()), ("trump", pa.int8()),
    ("gone", pa.int64()), ("led", pa.int8()), ("top", pa.int8()), ("side_winning", pa.bool_()),
    ("order", pa.int8()), ("last", pa.bool_()), ("declarer_side", pa.bool_()),
    ("trick_number", pa.int8()), ("hand", pa.int64()), ("legal", pa.int64()),
    ("card", pa.int8()), ("card_model_log", pa.float32()), ("card_model_first", pa.bool_()),
])


def record_decisions(record: GameRecord, deal: int) -> dict[str, list[Any]]:
    """The record's cards played with a choice, as columns of :data:`SCHEMA`."""
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    position = record.start()
    for card in record.play:
        context, hand, legal = context_of(position)
        if legal.bit_count() > 1:
            cards, rows = card_model.features(position)
            logs = card_model.log_probabilities(rows, card_model.weights())
            row = {**context.__dict__, "deal": deal, "players": position.players,
                   "seat": position.to_move, "hand": hand, "legal": legal, "card": int(card),
                   "card_model_first": cards[int(np.argmax(logs))] == card}
            for name in SCHEMA.names:
                if name != "card_model_log":
                    columns[name].append(int(row[name]))
            columns["card_model_log"].append(float(logs[cards.index(card)]))
        position.push(card, bella=not record.bella_declined)
    return {name: [bool(v) for v in values] if SCHEMA.field(name).type == pa.bool_() else values
            for name, values in columns.items()}


def play_chunk(spec: str, players: int, rules: Rules, seed: int, deals: int,
               first: int) -> pa.RecordBatch:
    """``deals`` complete self-play deals from ``seed``, numbered from ``first``,
    as one batch of decisions."""
    rng = random.Random(seed)
    make = player_factory(spec, TYPES)
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    played = 0
    while played < deals:
        seats = [make(rng.randrange(2**32)) for _ in range(players)]
        result = play_deal(seats, rng.randrange(players), rules, rng)
        if result.record.is_complete():
            for name, values in record_decisions(result.record, first + played).items():
                columns[name].extend(values)
            played += 1
    return pa.RecordBatch.from_pydict(columns, schema=SCHEMA)


def batches(spec: str, players: int, rules: Rules, seed: int, deals: int, chunk: int,
            jobs: int) -> Iterator[pa.RecordBatch]:
    """The decisions of ``deals`` deals, a batch a chunk, in order."""
    starts = list(range(0, deals, chunk))
    arguments = [(spec, players, rules, seed * 1_000_003 + start, min(chunk, deals - start), start)
                 for start in starts]
    if jobs == 1:
        for item in arguments:
            yield play_chunk(*item)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_chunk, *zip(*arguments))


def main() -> None:
    parser = script.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--deals", type=script.at_least(1), default=100)
    parser.add_argument("--spec", default="pimc:samples=20,bid_samples=20",
                        help="the player at every seat (an arena spec)")
    parser.add_argument("--rules", help="a rules preset (default: the default rules)")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--chunk", type=script.at_least(1), default=50, help="deals a task")
    parser.add_argument("--jobs", type=script.at_least(1), default=1)
    parser.add_argument("--out", required=True, metavar="FILE.parquet")
    args = parser.parse_args()
    rules = Rules() if args.rules is None else Rules.preset_rules(args.rules)
    player_factory(args.spec, TYPES)  # a bad spec fails before any deal
    metadata = {"command": "python tools/play_data.py " + " ".join(sys.argv[1:]),
                "spec": args.spec, "rules": args.rules or "default"}
    done = 0

    def counted() -> Iterator[pa.RecordBatch]:
        nonlocal done
        for batch in batches(args.spec, args.players, rules, args.seed, args.deals,
                             args.chunk, args.jobs):
            done += min(args.chunk, args.deals - done)
            print(f"{done} deals", file=sys.stderr, flush=True)
            yield batch

    rows = parquet.write(args.out, counted(), SCHEMA, metadata)
    print(f"{args.deals} deals, {rows} decisions written to {args.out}")


if __name__ == "__main__":
    script.run(main)
