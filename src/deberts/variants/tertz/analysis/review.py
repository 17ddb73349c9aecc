"""Tertz play analysis: what each move of a played deal cost, double-dummy
(docs/rules.md 4.5).

Before every move (a card, ``swap`` or ``break:K``) the solver gives each legal
move's exact value, the deal's margin (seat 0's total minus seat 1's) under optimal
play after it; the move played is compared with the best one for its player. A
move's *cost* is the points it gave away from its player's point of view (0 for an
optimal move, never negative), so the margin under optimal play at the start minus
the margin at the end is seat 0's losses minus seat 1's. The shape is that of
:mod:`deberts.variants.deberts.analysis.review` for Deberts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from deberts.engine.owner import given_or_new
from deberts.errors import ArgumentError, DebertsError
from deberts.model.arguments import instance, integer
from deberts.model.display import Drawn
from deberts.variants.tertz.engine.solver import Solver
from deberts.variants.tertz.model import DealScore, Move, MoveMap, Position
from deberts.variants.tertz.model.moves import as_move
from deberts.variants.tertz.model.record import GameRecord


@dataclass(frozen=True)
class MoveAnalysis:
    """One move played: the margin before it (optimal play from there), after it,
    its cost to its player, the optimal moves and every legal move's margin."""

    index: int
    seat: int
    move: Move
    margin_before: int
    margin_after: int
    cost: int
    best: tuple[Move, ...]
    values: MoveMap[int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "move": str(self.move),
            "margin_before": self.margin_before,
            "margin_after": self.margin_after,
            "cost": self.cost,
            "best": [str(m) for m in self.best],
            "values": {str(m): v for m, v in self.values.items()},
        }

    def __repr__(self) -> str:
        return (f"<TertzMoveAnalysis {self.index}: seat {self.seat} {self.move} "
                f"cost={self.cost} best={','.join(map(str, self.best))}>")


@dataclass(frozen=True)
class PlayAnalysis(Drawn):
    """A played Tertz deal move by move against double-dummy play.

    ``dd_margin`` is the margin under optimal play from ``start``; ``final_margin``
    the double-dummy margin after the last move given (with optimal play of the
    rest when the play is unfinished); ``score`` the actual score once complete.
    """

    start: Position
    moves: tuple[MoveAnalysis, ...]
    dd_margin: int
    final_margin: int
    score: DealScore | None

    @property
    def complete(self) -> bool:
        return self.score is not None

    def lost(self) -> dict[int, int]:
        """The points each seat's moves gave away."""
        lost = {0: 0, 1: 0}
        for move in self.moves:
            lost[move.seat] += move.cost
        return lost

    def to_dict(self) -> dict[str, Any]:
        """The ``tertz analyze --json`` record."""
        return {
            "moves": [m.to_dict() for m in self.moves],
            "lost": {str(seat): points for seat, points in self.lost().items()},
            "dd_margin": self.dd_margin,
            "final_margin": self.final_margin,
            "complete": self.complete,
            "score": None if self.score is None else {
                "raw": list(self.score.raw), "recorded": list(self.score.recorded),
            },
        }

    def __repr__(self) -> str:
        return (f"<TertzPlayAnalysis moves={len(self.moves)} dd_margin={self.dd_margin:+d} "
                f"final_margin={self.final_margin:+d} lost={self.lost()}>")


def analyze_play(
    position: Position | GameRecord,
    moves: Iterable[Move | str] | str | None = None,
    table_bits: int | None = None,
    solver: Solver | None = None,
    start: int = 0,
) -> PlayAnalysis:
    """Analyse ``moves`` (notation or moves) played from ``position``, or a game
    record's whole play, the first ``start`` moves taken as given (the first moves of
    a whole deal are long searches).

    One solver is used throughout (``solver``, else a new one with a table of
    ``table_bits``), so each search reuses what the earlier ones proved; its limit
    and progress observer apply. A bad or illegal move raises :class:`deberts.NotationError` or
    :class:`deberts.IllegalMoveError` naming its place: ``played move 3 (seat 1):
    swap: seat 1 does not hold the seven of trumps``.
    """
    if isinstance(position, GameRecord):
        if moves is not None:
            raise ArgumentError("bad moves: analyze_play() takes the moves from the record")
        position, moves = position.start(), position.moves
    instance("position", position, Position, "a TertzPosition or a TertzRecord")
    moves = () if moves is None else moves
    instance("moves", moves, Iterable, "a string or a list of moves")
    played = moves.split() if isinstance(moves, str) else list(moves)
    given = position.copy()
    for index, item in enumerate(played[:integer("start", start, 0, len(played))]):
        _push(given, index, item)
    position, played = given, played[start:]
    solver = given_or_new(Solver, solver, table_bits)
    current = position.copy()
    values = _values(solver, current)
    dd_margin = _margin(current, values)
    analysed = []
    for index, item in enumerate(played):
        seat = current.to_move
        before = _margin(current, values)
        move = _push(current, start + index, item)
        values_before, values = values, _values(solver, current, values[move])
        after = _margin(current, values)
        sign = 1 if seat == 0 else -1
        best = tuple(m for m, v in values_before.items() if v == before)
        analysed.append(MoveAnalysis(
            index, seat, move, before, after, sign * (before - after), best, values_before
        ))
    return PlayAnalysis(
        position.copy(), tuple(analysed), dd_margin, _margin(current, values),
        current.score() if current.is_over() else None,
    )


def _push(position: Position, index: int, item: Move | str) -> Move:
    """Make played move number ``index`` (from 0); a bad or illegal one is named by
    its place in the play and its player."""
    seat = position.to_move
    try:
        move = as_move(item)
        position.push(move)
    except DebertsError as error:
        raise type(error)(f"played move {index + 1} (seat {seat}): {error}") from None
    return move


def _values(solver: Solver, position: Position,
            guess: int | None = None) -> MoveMap[int]:
    """Every legal move's margin in the model's order of moves, by move or name;
    none once over. ``guess``: the position's value, when known (the value of the
    move that reached it), from which the first search starts."""
    if position.is_over():
        return MoveMap()
    values = solver.values(position, guess)
    return MoveMap({move: values[move] for move in position.legal_moves()})


def _margin(position: Position, values: dict[Move, int]) -> int:
    """The margin under optimal play: the mover's best move, or the final score."""
    if position.is_over():
        return position.score().margin
    better = max if position.to_move == 0 else min
    return better(values.values())
