"""Self-play card decisions as Parquet rows: the training data of the learned play
model (:mod:`deberts.variants.deberts.play.play_model`).

Seeded deals are played by one player spec at every seat; thrown-in deals are dealt
again. Every card played with a choice is a row: the deal's number, the number of
players, the seat, what the player knew (the public context of
:class:`~deberts.variants.deberts.play.play_model.Contexts` and the hand, as masks),
the legal cards, the card chosen, and that card's log-probability under the card
model of :mod:`deberts.variants.deberts.play.card_model` with whether that model
ranks it first (the baseline a trained model is measured against).

Deals are played in chunks, each from its own seed, so a run's rows are the same
however the chunks are spread: one process, a pool of worker processes, or the
workers of a Dask cluster (:mod:`deberts.play.chunks`).

Public API (listed on the reference site's Python API page): the pipeline of
``tools/play_data.py``, and of anyone's own training runs. It lives in the package, not beside
the tool, because the workers of a Dask cluster import its functions by name, and
they have the package installed, not ``tools/``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa

from deberts.model.arguments import integer
from deberts.play.chunks import played_chunks
from deberts.play.specs import player_factory
from deberts.play.tables import check_table
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play import card_model
from deberts.variants.deberts.play.arena import TYPES
from deberts.variants.deberts.play.match import play_deal
from deberts.variants.deberts.play.play_model import context_of

if TYPE_CHECKING:
    from distributed import Client

#: The names of the pipeline's API.
__all__ = [
    "DEFAULT_CHUNK", "SCHEMA", "decision_batches", "record_decisions"
]

#: The columns, each a decision's.
SCHEMA = pa.schema([
    ("deal", pa.int32()), ("players", pa.int8()), ("seat", pa.int8()), ("trump", pa.int8()),
    ("gone", pa.int64()), ("led", pa.int8()), ("top", pa.int8()), ("side_winning", pa.bool_()),
    ("order", pa.int8()), ("last", pa.bool_()), ("declarer_side", pa.bool_()),
    ("trick_number", pa.int8()), ("hand", pa.int64()), ("legal", pa.int64()),
    ("card", pa.int8()), ("card_model_log", pa.float32()), ("card_model_first", pa.bool_()),
])
#: Deals a task by default: a task of a few-sample PIMC player's deals takes seconds.
DEFAULT_CHUNK = 50


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


def decision_batches(
    spec: str, players: int, deals: int, seed: int = 45, rules: Rules | None = None,
    chunk: int = DEFAULT_CHUNK, jobs: int = 1, client: Client | None = None,
) -> Iterator[pa.RecordBatch]:
    """The decisions of ``deals`` self-play deals of ``spec`` at every seat, a batch a
    chunk of ``chunk`` deals, in deal order: in this process, on ``jobs`` worker
    processes, or on ``client``'s Dask cluster. The rows depend on the spec, the
    table, the rules, the seed, the deal count and the chunk only. A bad setting
    raises here, before any deal is played."""
    rules = Rules() if rules is None else rules
    players = integer("players", players, 2, 4)
    deals = integer("deals", deals, 1)
    chunk = integer("chunk", chunk, 1)
    player_factory(spec, TYPES)  # a bad spec fails before any deal
    chunks = [
        (spec, players, rules, seed * 1_000_003 + start, min(chunk, deals - start), start)
        for start in range(0, deals, chunk)
    ]
    return played_chunks(play_chunk, chunks, jobs, client)


def table_columns(table: pa.Table) -> dict[str, np.ndarray]:
    """The columns of a table of :data:`SCHEMA` rows as arrays, by name; a table
    without those columns is a :class:`~deberts.errors.RecordError`
    (:func:`deberts.play.tables.check_table`)."""
    check_table(table, SCHEMA, "card decisions (tools/play_data.py)")
    return {name: table.column(name).to_numpy() for name in SCHEMA.names}
