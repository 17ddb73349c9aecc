"""The double-dummy statistics of the game: for many seeded random deals, every
trump × declarer cell of the table (:func:`deberts.dd_table`, with the trump-seven
exchange in the face-up suit), one row a deal; then P(made) and the mean margin by
features of the declarer's hand, with 95% intervals.

Deal ``i`` of a run is made from the seed, the player count and ``i`` alone
(:func:`random_deal`), so a worker makes its own deals (nothing is shipped) and the
rows are the same however the run is cut into tasks or spread over workers. A task
returns its rows as an Arrow record batch, built on the worker, so the one process
that writes the file only re-cuts batches into row groups (:func:`row_groups`).

With 2 or 3 players the face-up card is a random card outside the hands; with 4 it is
a random card of the dealer's hand. The dealer is seat 0, so seat 1 leads (the eldest
hand, docs/rules.md 2.5) unless the rules have ``first_lead = declarer``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence

import numpy as np
import pyarrow as pa

from deberts.analysis.stats import mean_ci95, rounded, wilson_ci95
from deberts.engine.mapping import map_ordered
from deberts.errors import ArgumentError, RecordError, excerpt
from deberts.model.arguments import integer
from deberts.model.cards import SUIT_CHARS, Card, Rank, Suit
from deberts.variants.deberts.analysis.table import TableCell, dd_table
from deberts.variants.deberts.engine.solver import DEFAULT_TABLE_BITS, Solver
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.generate import generate_deals
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.scoring import MADE
from deberts.variants.deberts.model.sides import declarer_leads, face_up_turned

if TYPE_CHECKING:
    from distributed import Client

#: Deals a task: enough that the scheduler's share of the work stays under 5% even
#: for 2 players (benchmarks/README.md, "Dask"); the rows do not depend on it.
DEFAULT_BLOCK = 64
#: Rows a record batch of the file: fixed, so the file does not depend on the tasks.
ROWS_A_BATCH = 4096
#: The dealer's seat; the eldest hand, seat 1, leads.
DEALER = 0
SEATS = 4

#: Features of a cell the summary can group by.
FEATURES = ("players", "round", "trumps", "honours", "bella", "leads")
#: The default grouping: the declarer's trump count × trump honours × player count.
DEFAULT_BY = ("players", "trumps", "honours")


def _schema() -> pa.Schema:
    fields = [
        pa.field("deal", pa.int64(), nullable=False),
        pa.field("players", pa.int8(), nullable=False),
        pa.field("hands", pa.list_(pa.uint32()), nullable=False),
        pa.field("face_up", pa.int8(), nullable=False),
        pa.field("leader", pa.int8()),
        pa.field("holder", pa.int8()),
    ]
    for suit in SUIT_CHARS:
        for seat in range(SEATS):
            fields.append(pa.field(f"margin_{suit}{seat}", pa.int16()))
            fields.append(pa.field(f"result_{suit}{seat}", pa.string()))
    fields += [pa.field(f"exchange_{seat}", pa.bool_()) for seat in range(SEATS)]
    return pa.schema(fields)


#: One row a deal. ``hands``: the hand masks in seat order (bit ``8 * suit + rank``,
#: as :class:`deberts.CardSet`); ``face_up``: the face-up card's bit; ``leader``: the
#: first leader (null when each declarer leads); ``holder``: the seat that may swap
#: the seven of trumps in the face-up suit (null: nobody). ``margin_H1`` and
#: ``result_H1``: the cell of trump ♥ and declarer seat 1 (null for seats beyond the
#: player count); ``exchange_1``: whether the holder swaps when seat 1 declares in
#: the face-up suit (null when nobody may).
SCHEMA = _schema()


@dataclass(frozen=True)
class _Row:
    """One deal and its table, as a row of the file."""

    deal: int
    players: int
    hands: tuple[int, ...]
    face_up: int
    leader: int | None
    holder: int | None
    cells: tuple[TableCell, ...]


@dataclass(frozen=True)
class _Block:
    """Deals ``start`` to ``stop`` (excluded) of a run: what a task is given."""

    players: int
    seed: int
    start: int
    stop: int
    rules: Rules


def random_deal(players: int, seed: int, index: int) -> tuple[Deal, Card]:
    """Deal ``index`` of the run ``seed`` with ``players`` players and its face-up
    card, made from these three numbers alone."""
    rng = random.Random(f"deberts stats {seed} {players} {index}")
    deal = next(generate_deals(players, 1, rng))
    if players == 4:
        cards = sorted(deal.hands[DEALER])
    else:
        cards = [Card(i) for i in range(32) if not sum(deal.masks()) >> i & 1]
    return deal, rng.choice(cards)


def deal_batches(
    players: Sequence[int],
    count: int,
    seed: int,
    rules: Rules | None = None,
    client: Client | None = None,
    threads: int = 1,
    block: int = DEFAULT_BLOCK,
    table_bits: int = DEFAULT_TABLE_BITS,
) -> Iterator[pa.RecordBatch]:
    """``count`` deals for each player count in ``players``, solved for every trump
    and declarer, as rows of :data:`SCHEMA` in order (player count, then deal), a
    record batch of ``block`` rows a task: on the workers of ``client`` (Dask), else
    on ``threads`` local threads. The rows depend on the seed, the counts and the
    rules only."""
    rules = rules if rules is not None else Rules()
    if not face_up_turned(rules):
        raise ArgumentError("bad rules: the statistics sort contracts by the face-up card's "
                            "suit (round 1 or 2), and face_up_to=none turns none up")
    count = integer("count", count, 0)
    seed = integer("seed", seed)
    block = integer("block", block, 1)
    if isinstance(players, (str, bytes)) or not all(p in (2, 3, 4) for p in players):
        raise ArgumentError(f"bad players {players!r}: expected player counts 2, 3 or 4")
    blocks = (  # made as the tasks go out: a run of any length streams
        _Block(p, seed, start, min(start + block, count), rules)
        for p in tuple(players)
        for start in range(0, count, block)
    )
    return map_ordered(_solve_block, blocks, client, threads, table_bits, chunk=1,
                       make_solver=Solver)


def _solve_block(solver: Solver, block: _Block) -> pa.RecordBatch:
    """On a worker: make the block's deals, solve their tables, and give the rows."""
    leader = None if declarer_leads(block.rules) else (DEALER + 1) % block.players
    rows = []
    for index in range(block.start, block.stop):
        deal, face_up = random_deal(block.players, block.seed, index)
        table = dd_table(deal, leader, block.rules, face_up, solver=solver)
        holder = next((c.holder for c in table.cells if c.holder is not None), None)
        rows.append(_Row(index, block.players, deal.masks(), int(face_up), leader, holder,
                            table.cells))
    return _batch(rows)


def row_groups(batches: Iterable[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """The rows of ``batches`` again, as contiguous batches of :data:`ROWS_A_BATCH`
    rows (the last one shorter): a file's row groups that do not depend on how the
    work was cut into tasks."""
    pending: list[pa.RecordBatch] = []
    rows = 0
    for batch in batches:
        pending.append(batch)
        rows += batch.num_rows
        while rows >= ROWS_A_BATCH:
            table = pa.Table.from_batches(pending, schema=SCHEMA)
            yield _contiguous(table.slice(0, ROWS_A_BATCH))
            rest = table.slice(ROWS_A_BATCH)
            pending, rows = rest.to_batches(), rest.num_rows
    if rows:
        yield _contiguous(pa.Table.from_batches(pending, schema=SCHEMA))


def _contiguous(table: pa.Table) -> pa.RecordBatch:
    return table.combine_chunks().to_batches()[0]


def _batch(rows: list[_Row]) -> pa.RecordBatch:
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    for row in rows:
        columns["deal"].append(row.deal)
        columns["players"].append(row.players)
        columns["hands"].append(list(row.hands))
        columns["face_up"].append(row.face_up)
        columns["leader"].append(row.leader)
        columns["holder"].append(row.holder)
        cells = {(c.trump.name, c.declarer): c for c in row.cells}
        for suit in SUIT_CHARS:
            for seat in range(SEATS):
                cell = cells.get((suit, seat))
                columns[f"margin_{suit}{seat}"].append(None if cell is None else cell.margin)
                columns[f"result_{suit}{seat}"].append(None if cell is None else cell.result)
        for seat in range(SEATS):
            cell = cells.get((Card(row.face_up).suit.name, seat))
            columns[f"exchange_{seat}"].append(None if cell is None else cell.exchange)
    return pa.RecordBatch.from_pydict(columns, schema=SCHEMA)


@dataclass(frozen=True)
class GroupStats:
    """The cells sharing the values ``key`` of the features ``by``: how many, how
    often made, the mean margin (declarer side minus defenders), with 95% intervals
    (Wilson for the proportion, normal for the mean)."""

    by: tuple[str, ...]
    key: tuple[Any, ...]
    cells: int
    p_made: float
    p_made_ci95: list[float]
    mean_margin: float
    margin_ci95: list[float]

    def to_dict(self) -> dict[str, Any]:
        return {
            **dict(zip(self.by, self.key)), "cells": self.cells,
            "p_made": self.p_made, "p_made_ci95": self.p_made_ci95,
            "mean_margin": self.mean_margin, "margin_ci95": self.margin_ci95,
        }


def cell_features(table: pa.Table) -> dict[str, np.ndarray]:
    """One entry a solved cell (deal × trump × declarer) of a file's table: its
    margin, whether made, and each of :data:`FEATURES` of the declarer's hand as
    dealt: ``round`` 1 in the face-up suit, else 2; ``trumps`` the count;
    ``honours`` which of the two top trumps, J and 9, it holds (``J9``, ``J``,
    ``9`` or ``-``); ``bella`` the trump king and queen; ``leads`` whether the
    declarer leads the first trick."""
    players = table.column("players").to_numpy().astype(np.int64)
    hands = np.zeros((len(table), SEATS), dtype=np.int64)
    for i, hand in enumerate(table.column("hands").to_pylist()):
        hands[i, :len(hand)] = hand
    face_up = table.column("face_up").to_numpy().astype(np.int64)
    leader = table.column("leader").fill_null(-1).to_numpy().astype(np.int64)  # -1: each leads
    parts: dict[str, list[np.ndarray]] = {name: [] for name in ("margin", "made", *FEATURES)}
    for suit in Suit:
        for seat in range(SEATS):
            margins = table.column(f"margin_{suit.name}{seat}")
            valid = margins.is_valid().to_numpy(zero_copy_only=False)
            holding = (hands[valid, seat] >> (8 * suit)) & 0xFF
            jack = holding >> Rank.JACK & 1
            nine = holding >> Rank.NINE & 1
            parts["margin"].append(margins.drop_null().to_numpy().astype(np.int64))
            parts["made"].append(
                table.column(f"result_{suit.name}{seat}").drop_null().to_numpy(
                    zero_copy_only=False) == MADE)
            parts["players"].append(players[valid])
            parts["round"].append(np.where(face_up[valid] >> 3 == suit, 1, 2))
            parts["trumps"].append(_POPCOUNT[holding])
            parts["honours"].append(_HONOURS[2 * jack + nine])
            parts["bella"].append((holding >> Rank.KING & holding >> Rank.QUEEN & 1) == 1)
            parts["leads"].append((leader[valid] == -1) | (leader[valid] == seat))
    return {name: np.concatenate(values) for name, values in parts.items()}


_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
_HONOURS = np.array(["-", "9", "J", "J9"])


def check_run(about: Mapping[str, Any], table: pa.Table) -> None:
    """Refuse the run a stats file says it holds (``about``: its seed, deals a player
    count, player counts and rules) unless it is one ``deberts stats`` writes and the
    rows agree with it, every player count's deals numbered 0 up, once each: a
    :class:`~deberts.errors.RecordError` naming the field."""
    def bad(name: str, expected: str) -> RecordError:
        shown = excerpt(about.get(name)) if name in about else "nothing"
        return RecordError(f"bad field {name!r}: expected {expected}, got {shown}")

    if type(about.get("seed")) is not int:
        raise bad("seed", "an integer")
    deals = about.get("deals")
    if type(deals) is not int or deals < 1:
        raise bad("deals", "a number of deals from 1")
    counts = about.get("players")
    if (not isinstance(counts, list) or not counts or len(set(counts)) != len(counts)
            or not all(type(count) is int and 2 <= count <= 4 for count in counts)):
        raise bad("players", "a list of distinct player counts 2..4")
    rules = about.get("rules")
    if not isinstance(rules, dict) or not isinstance(rules.get("preset"), str):
        raise bad("rules", "an object of rules with a preset")
    players = table.column("players").to_numpy().astype(np.int64)
    numbers = table.column("deal").to_numpy().astype(np.int64)
    for count in counts:
        own = np.sort(numbers[players == count])
        if len(own) != deals or not (own == np.arange(deals)).all():
            raise RecordError(f"bad field 'deals': {deals:,} a player count, but the rows "
                              f"hold {len(own):,} deals of {count} players"
                              + ("" if len(own) != deals else ", not numbered 0 up"))
    others = sorted(set(players.tolist()) - set(counts))
    if others:
        raise RecordError(f"bad field 'players': {counts}, but the rows hold deals of "
                          f"{others[0]} players")


def check_features(by: Sequence[str]) -> tuple[str, ...]:
    """``by`` as a tuple, checked to name some of :data:`FEATURES`, each once."""
    by = tuple(by)
    if not by or any(name not in FEATURES for name in by) or len(set(by)) < len(by):
        raise ArgumentError(
            f"bad features {','.join(map(str, by))!r}: expected some of {', '.join(FEATURES)}, "
            "each once"
        )
    return by


def summarise(table: pa.Table, by: Sequence[str] = DEFAULT_BY) -> list[GroupStats]:
    """P(made) and the mean margin of the cells of a file's table, grouped by the
    features ``by`` (from :data:`FEATURES`), groups in sorted order."""
    by = check_features(by)
    cells = cell_features(table)
    keys = list(zip(*(cells[name].tolist() for name in by)))
    groups: dict[tuple[Any, ...], list[int]] = {}
    for i, key in enumerate(keys):
        groups.setdefault(key, []).append(i)
    result = []
    for key in sorted(groups, key=_sort_key):
        index = np.array(groups[key])
        made = cells["made"][index]
        p = float(made.mean())
        result.append(GroupStats(
            by, key, len(index), rounded(p, 4), wilson_ci95(p, len(index)),
            rounded(cells["margin"][index].mean()), mean_ci95(cells["margin"][index]),
        ))
    return result


def _sort_key(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """Honours sort from none up (``-``, ``9``, ``J``, ``J9``), the rest as they are."""
    return tuple(_HONOURS.tolist().index(v) if isinstance(v, str) else v for v in key)
