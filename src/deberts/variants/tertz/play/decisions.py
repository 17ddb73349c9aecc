"""Self-play decisions as Parquet rows: the training data of the model of a Tertz
player's choices (:mod:`deberts.variants.tertz.play.opponent`).

Seeded deals (the arena's, :func:`~deberts.variants.tertz.play.arena.play_seating`)
are played by two copies of one player spec, each deal in both seatings. Every
informative choice (:func:`~deberts.variants.tertz.play.opponent.record_decisions`)
becomes one row a legal move: the deal's number, the seating, the choice's number
in that game, the move's index among the legal moves, whether it was the move
made, and the move's :data:`~deberts.variants.tertz.play.opponent.FEATURES`.

A deal's rows depend on the spec, the rules, the seed and the deal's number only,
so a run's rows are the same however its chunks are spread: one process, a pool of
worker processes, or a Dask cluster (:mod:`deberts.play.chunks`).

Public API (listed on the reference site's Python API page): the pipeline of
``tools/tertz_play_model.py``, and of anyone's own training runs. It lives in the package, not beside
the tool, because the workers of a Dask cluster import its functions by name, and
they have the package installed, not ``tools/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa

from deberts.errors import RecordError
from deberts.model.arguments import integer
from deberts.play.chunks import played_chunks
from deberts.play.tables import check_table
from deberts.variants.tertz.model import Rules
from deberts.variants.tertz.model.record import GameRecord
from deberts.variants.tertz.play.arena import SEATINGS, factory_of, play_seating
from deberts.variants.tertz.play.opponent import FEATURES, Decision, record_decisions

if TYPE_CHECKING:
    from distributed import Client

#: The names of the pipeline's API.
__all__ = [
    "DEFAULT_CHUNK", "SCHEMA", "choice_columns", "decision_batches", "table_decisions"
]

#: The columns, each a legal move's at one choice.
SCHEMA = pa.schema(
    [("deal", pa.int32()), ("seating", pa.int8()), ("choice", pa.int16()),
     ("move", pa.int8()), ("chosen", pa.bool_())]
    + [(name, pa.float32()) for name in FEATURES])
#: Deals a task by default: a few seconds of the searched player's self-play.
DEFAULT_CHUNK = 10


def choice_columns(decisions: list[Decision], deal: int, seating: int) -> dict[str, list[Any]]:
    """The rows of one game's ``decisions`` as columns of :data:`SCHEMA`."""
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    for number, decision in enumerate(decisions):
        count = len(decision.features)
        columns["deal"] += [deal] * count
        columns["seating"] += [seating] * count
        columns["choice"] += [number] * count
        columns["move"] += list(range(count))
        columns["chosen"] += [index == decision.chosen for index in range(count)]
        for name, values in zip(FEATURES, decision.features.T):
            columns[name] += values.tolist()
    return columns


def play_chunk(spec: str, rules: Rules, seed: int, first: int, deals: int
               ) -> pa.RecordBatch:
    """Deals ``first`` to ``first + deals - 1`` of the run from ``seed``, each in both
    seatings, as one batch of rows."""
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    for number in range(first, first + deals):
        for seating in range(SEATINGS):
            outcome = play_seating((spec, spec), seed, rules, number, seating)
            record = GameRecord.from_dict(outcome.records[0])
            for name, values in choice_columns(record_decisions(record), number,
                                               seating).items():
                columns[name] += values
    return pa.RecordBatch.from_pydict(columns, schema=SCHEMA)


def decision_batches(
    spec: str, deals: int, seed: int = 0, rules: Rules | None = None,
    chunk: int = DEFAULT_CHUNK, jobs: int = 1, client: Client | None = None,
) -> Iterator[pa.RecordBatch]:
    """The rows of ``deals`` self-play deals of ``spec`` against itself, each in both
    seatings, a batch a chunk of ``chunk`` deals, in deal order: in this process, on
    ``jobs`` worker processes, or on ``client``'s Dask cluster. A bad setting raises
    here, before any deal is played."""
    rules = Rules() if rules is None else rules
    deals = integer("deals", deals, 1)
    chunk = integer("chunk", chunk, 1)
    factory_of(spec)  # a bad spec fails before any deal
    chunks = [(spec, rules, seed, start, min(chunk, deals - start))
              for start in range(0, deals, chunk)]
    return played_chunks(play_chunk, chunks, jobs, client)


def table_decisions(table: pa.Table) -> list[list[Decision]]:
    """The choices of a table of :data:`SCHEMA` rows, deal by deal in deal order
    (both seatings of a deal together, so that a held-out deal's cards are never
    seen in training). A table without those columns, or with a choice not made
    exactly once, is a :class:`~deberts.errors.RecordError`
    (:func:`deberts.play.tables.check_table`)."""
    check_table(table, SCHEMA, "Tertz decisions (tools/tertz_play_model.py play)")
    if table.num_rows == 0:
        return []
    deal = table.column("deal").to_numpy()
    key = np.stack([deal, table.column("seating").to_numpy(),
                    table.column("choice").to_numpy()], axis=1).astype(np.int64)
    rows = np.stack([table.column(name).to_numpy() for name in FEATURES], axis=1)
    rows = rows.astype(float)
    chosen = table.column("chosen").to_numpy(zero_copy_only=False)
    order = np.lexsort((table.column("move").to_numpy(), key[:, 2], key[:, 1], key[:, 0]))
    key, rows, chosen, deal = key[order], rows[order], chosen[order], deal[order]
    starts = np.flatnonzero(np.any(np.diff(key, axis=0) != 0, axis=1)) + 1
    deals: list[list[Decision]] = []
    last = None
    for begin, end in zip(np.r_[0, starts], np.r_[starts, len(key)]):
        if deal[begin] != last:
            deals.append([])
            last = deal[begin]
        picked = np.flatnonzero(chosen[begin:end])
        if len(picked) != 1:
            raise RecordError(f"deal {deal[begin]}: a choice with {len(picked)} moves chosen, "
                             "expected 1")
        deals[-1].append(Decision(rows[begin:end], int(picked[0])))
    return deals
