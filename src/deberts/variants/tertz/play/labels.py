"""Exact labels of Tertz positions (docs/rules.md 4.5): seeded deals played by the
heuristic player (a share of its moves replaced by random legal ones, so that the
positions also cover weaker play), stopped at chosen points of the deal, each
position labelled with every legal move's exact value and so its own.

The points are trick starts, by the tricks already played: 0 the first lead (a whole
deal to solve), 1 right after the break, ... 7 the stock exit (the stock just gone);
and ``break``, the break itself (its 13 cuts). The first tricks are the engine's
largest trees, so each position's search is bounded by a node budget: a position
that runs out of it is a row without values (``value`` null), never a guess.

Deal ``i`` of a run, its walk and its labels are made from the seed and ``i`` alone
(every search starts from a cleared table, so the node counts repeat too): the rows
are the same however the run is cut into tasks or spread over workers, local threads
or a Dask cluster (:func:`deberts.engine.mapping.map_ordered`), and the Parquet file
of a run is the same bytes for the same ``block``.

Public API (listed on the reference site's Python API page): the pipeline of
``tools/tertz_labels.py``, and of anyone's own labelled sets (``tools/tertz_train.py``
reads them back with :func:`position_of`). It lives in the package, not beside the
tool, because the workers of a Dask cluster import its functions by name, and they
have the package installed, not ``tools/``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Sequence

import pyarrow as pa

from deberts.engine.limit import Limit
from deberts.engine.mapping import map_ordered
from deberts.errors import ArgumentError, SearchInterrupted
from deberts.model.arguments import integer
from deberts.variants.tertz.engine.solver import Solver, settled_margin
from deberts.variants.tertz.model import Deal, Move, Position, Rules
from deberts.variants.tertz.play.match import DRAWS, view_of
from deberts.variants.tertz.play.players import HeuristicPlayer

if TYPE_CHECKING:
    from distributed import Client

#: The names of the pipeline's API.
__all__ = [
    "BREAK", "DEFAULT_BLOCK", "DEFAULT_NODES", "DEFAULT_POINTS", "DEFAULT_RANDOM",
    "SCHEMA", "TRICK_POINTS", "Label", "label_batches", "parse_points", "position_of"
]

#: The break itself as a label point (the other points are trick starts).
BREAK = "break"
#: The trick starts that can be labelled, by tricks played: the first lead to the
#: stock exit.
TRICK_POINTS = tuple(range(DRAWS + 1))
#: The default points: right after the break to the stock exit (the first lead is a
#: whole deal, seconds to minutes a position).
DEFAULT_POINTS: tuple[int | str, ...] = tuple(range(1, DRAWS + 1))
#: Nodes a position's search may take by default (about 10 s of one core).
DEFAULT_NODES = 10_000_000
#: Deals a task by default; the rows do not depend on it, the file's row groups do.
DEFAULT_BLOCK = 4
#: The table of each worker's solver: positions of different deals share nothing.
TABLE_BITS = 18
#: The share of the walk's moves made at random by default.
DEFAULT_RANDOM = 0.2

#: One row a labelled position. ``deal``: the deal's number in the run; ``point``:
#: tricks played, or -1 for the break; ``dealt``: the hands as dealt (card masks,
#: seat 0 first) and ``dealt_stock`` the stock as dealt (card bits in drawing order),
#: with ``moves`` (the moves made so far, space-separated) the whole position;
#: ``stock_size`` the cards left to draw; ``to_move`` the seat to move; ``value``
#: the exact margin of the whole deal (seat 0's total minus seat 1's) and
#: ``settled`` the part already fixed; ``move_names``/``move_values`` every legal
#: move's exact value; ``nodes`` the search's nodes (null values: the budget ran
#: out after that many).
SCHEMA = pa.schema([
    pa.field("deal", pa.int64(), nullable=False),
    pa.field("point", pa.int8(), nullable=False),
    pa.field("dealt", pa.list_(pa.uint32()), nullable=False),
    pa.field("dealt_stock", pa.list_(pa.int8()), nullable=False),
    pa.field("moves", pa.string(), nullable=False),
    pa.field("stock_size", pa.int8(), nullable=False),
    pa.field("to_move", pa.int8(), nullable=False),
    pa.field("value", pa.int32()),
    pa.field("settled", pa.int32(), nullable=False),
    pa.field("move_names", pa.list_(pa.string())),
    pa.field("move_values", pa.list_(pa.int32())),
    pa.field("nodes", pa.int64(), nullable=False),
])


@dataclass(frozen=True)
class LabelRun:
    """What a run labels: deals ``start`` to ``stop`` (excluded) of ``seed``, at
    ``points``, each search within ``nodes``, the walk random with ``share``."""

    seed: int
    start: int
    stop: int
    points: tuple[int | str, ...]
    nodes: int
    share: float
    rules: Rules


@dataclass(frozen=True)
class Label:
    """A labelled position and its exact values (``None`` past the node budget)."""

    deal: int
    point: int
    position: Position
    values: dict[Move, int] | None
    nodes: int

    @property
    def value(self) -> int | None:
        """The position's exact value: the best move's, for the seat to move."""
        if self.values is None:
            return None
        pick = max if self.position.to_move == 0 else min
        return pick(self.values.values())


def parse_points(text: str) -> tuple[int | str, ...]:
    """Label points from ``1,2,7`` or ``1-7`` or ``break``, comma-separated."""
    points: list[int | str] = []
    for token in text.split(","):
        token = token.strip()
        if token == BREAK:
            points.append(BREAK)
            continue
        low, _, high = token.partition("-")
        try:
            span = range(int(low), int(high or low) + 1)
        except ValueError:
            raise ArgumentError(f"bad label point {token!r}: expected tricks played "
                                f"0 to {DRAWS}, a range like 1-7, or {BREAK}") from None
        if not span or span[0] < 0 or span[-1] > DRAWS:
            raise ArgumentError(f"bad label point {token!r}: expected tricks played "
                                f"0 to {DRAWS}, a range like 1-7, or {BREAK}")
        points.extend(span)
    return tuple(dict.fromkeys(points))


def label_deal(number: int, run: LabelRun, solver: Solver) -> list[Label]:
    """Deal ``number`` of ``run`` walked and labelled at the run's points."""
    rng = random.Random(f"tertz labels {run.seed} {number}")
    position = Position(Deal.random(rng), run.rules)
    player = HeuristicPlayer()
    labels = []
    done: set[int | str] = set()  # a point once: the swap leaves a trick start one
    while not position.is_over():
        point = _point(position)
        if point is not None and point in run.points and point not in done:
            done.add(point)
            labels.append(_label(number, point, position.copy(), run.nodes, solver))
        view = view_of(position)
        move = rng.choice(view.legal) if rng.random() < run.share else player.move(view)
        position.push(move)
    return labels


def _point(position: Position) -> int | str | None:
    """The label point ``position`` is at, if any."""
    if position.break_due:
        return BREAK
    done = len(position.tricks)
    if position.trick or done > DRAWS or (done == DRAWS) != (not position.stock):
        return None
    return done


def _label(number: int, point: int | str, position: Position, nodes: int,
           solver: Solver) -> Label:
    solver.clear()  # every search from an empty table: the node counts repeat
    try:
        with solver.limit(Limit(nodes=nodes)):
            values = solver.values(position)
    except SearchInterrupted:
        return Label(number, -1 if point == BREAK else int(point), position, None, nodes)
    return Label(number, -1 if point == BREAK else int(point), position, values,
                 solver.nodes)


def _label_block(solver: Solver, run: LabelRun) -> pa.RecordBatch:
    """On a worker: the block's deals walked and labelled, as rows of :data:`SCHEMA`."""
    labels = [label for number in range(run.start, run.stop)
              for label in label_deal(number, run, solver)]
    return to_batch(labels)


def to_batch(labels: Sequence[Label]) -> pa.RecordBatch:
    """Labels as rows of :data:`SCHEMA`."""
    columns: dict[str, list[object]] = {name: [] for name in SCHEMA.names}
    for label in labels:
        position = label.position
        columns["deal"].append(label.deal)
        columns["point"].append(label.point)
        columns["dealt"].append(list(position.deal.masks()))
        columns["dealt_stock"].append([int(card) for card in position.deal.stock])
        columns["moves"].append(" ".join(str(move) for move in position.moves))
        columns["stock_size"].append(len(position.stock))
        columns["to_move"].append(position.to_move)
        columns["value"].append(label.value)
        columns["settled"].append(settled_margin(position))
        values = label.values
        columns["move_names"].append(None if values is None else [str(m) for m in values])
        columns["move_values"].append(None if values is None else list(values.values()))
        columns["nodes"].append(label.nodes)
    return pa.RecordBatch.from_pydict(columns, schema=SCHEMA)


def label_batches(
    count: int,
    seed: int = 0,
    points: Sequence[int | str] = DEFAULT_POINTS,
    nodes: int = DEFAULT_NODES,
    share: float = DEFAULT_RANDOM,
    rules: Rules | None = None,
    client: Client | None = None,
    threads: int = 1,
    block: int = DEFAULT_BLOCK,
) -> Iterator[pa.RecordBatch]:
    """The labels of deals 0 to ``count - 1`` of ``seed``, a record batch of ``block``
    deals a task, in order: on the workers of ``client`` (Dask), else on ``threads``
    local threads."""
    count = integer("count", count, 0)
    block = integer("block", block, 1)
    nodes = integer("nodes", nodes, 1)
    if not isinstance(share, (int, float)) or not 0 <= share <= 1:
        raise ArgumentError(f"bad random share {share!r}: expected a number from 0 to 1")
    chosen = tuple(points)
    if not chosen or any(p != BREAK and p not in TRICK_POINTS for p in chosen):
        raise ArgumentError(f"bad label points {chosen!r}: expected tricks played 0 to "
                            f"{DRAWS} or {BREAK!r}")
    rules = rules if rules is not None else Rules()
    runs = (LabelRun(seed, start, min(start + block, count), chosen, nodes, float(share),
                     rules) for start in range(0, count, block))
    return map_ordered(_label_block, runs, client, threads, TABLE_BITS, chunk=1,
                       make_solver=Solver)


def position_of(row: dict[str, object], rules: Rules | None = None) -> Position:
    """The position of a row of :data:`SCHEMA` (as ``Table.to_pylist`` gives it)."""
    dealt = row["dealt"]
    stock = row["dealt_stock"]
    assert isinstance(dealt, list) and isinstance(stock, list)
    deal = Deal(dealt, stock)
    moves = str(row["moves"])
    return Position.from_moves(deal, moves, rules)
