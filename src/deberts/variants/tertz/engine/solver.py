"""The Tertz solver (docs/rules.md 4.5): the exact double-dummy value of a
:class:`~deberts.variants.tertz.model.Position`, every legal move's value (cards,
``swap``, each ``break:K``) and an optimal line.

The value is the whole deal's unrounded margin, seat 0's total minus seat 1's, seat 0
maximising. :func:`engine_input` is the one place that turns a position into the
integers the compiled search (``deberts.variants.tertz.engine._tertz``) reads; the engine returns
the margin still to be won, and :func:`settled_margin` is the part already fixed
(card points of finished tricks, a marriage scored), so value = settled + engine's.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from deberts.engine.owner import (
    Progress,
    SearchOwner,
    Watching,
    configure,
    relative_margin,
)
from deberts.engine.partial import Proof
from deberts.errors import DebertsError, SearchInterrupted
from deberts.model.arguments import instance, integer
from deberts.model.cards import Card
from deberts.model.display import Drawn
from deberts.variants.tertz.engine import _tertz
from deberts.variants.tertz.model import (
    SWAP,
    Break,
    DealScore,
    Move,
    MoveMap,
    Position,
)
from deberts.variants.tertz.model.declarations import FOUR, MARRIAGE_POINTS, marriage_mask

#: log2 of the transposition table's entries when none is given.
DEFAULT_TABLE_BITS: int = _tertz.DEFAULT_TABLE_BITS
#: The most threads one solver takes.
MAX_THREADS = 64


@dataclass(frozen=True)
class Solution(Drawn):
    """A position solved: its ``margin`` (seat 0's total minus seat 1's over the
    whole deal), each legal move with its margin (best for the player to move
    first), the principal variation ``pv``, the ``score`` it ends in and the nodes
    searched. The same contract as Deberts' :class:`deberts.Solution`."""

    margin: int
    to_move: int
    moves: tuple[tuple[Move, int], ...]
    pv: tuple[Move, ...]
    score: DealScore
    nodes: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """The wire format (``tertz solve --json``, ``batch``, ``/api/solve``): the
        moves best first, the score raw and rounded to tens as recorded."""
        return {
            "margin": self.margin,
            "to_move": self.to_move,
            "moves": [{"move": str(move), "margin": value} for move, value in self.moves],
            "pv": [str(move) for move in self.pv],
            "score": {"raw": list(self.score.raw), "recorded": list(self.score.recorded)},
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }

    def move_margins(self) -> MoveMap[int]:
        """Each legal move's margin, best first, looked up by move or by name."""
        return MoveMap(self.moves)

    def __repr__(self) -> str:
        best = ",".join(str(move) for move, value in self.moves if value == self.margin)
        return (f"<TertzSolution margin={self.margin:+d} to_move={self.to_move} best={best} "
                f"moves={len(self.moves)} pv={len(self.pv)} nodes={self.nodes}>")


class Solver(SearchOwner[_tertz.Search, Position, Move]):
    """A reusable Tertz solver: one transposition table kept across the positions
    it is given (while they share the trump, the stock and the rules).

    The contract of Deberts' :class:`deberts.Solver`: :meth:`value` an int margin,
    :meth:`best`, :meth:`values`, :meth:`line` and :meth:`solve`, ``nodes`` the last
    search's node count; its ``limit`` and ``progress`` are those of every solver
    (:class:`SearchOwner`). Safe to share between threads (a lock lets one search at a
    time use the table); the search releases the GIL, so one solver a thread runs
    them in parallel.

    With ``threads`` above 1, :meth:`values` shares the root moves out among that
    many searches side by side, all in the one table (its entries are checked
    lock-free, as in Stockfish's shared hash), so each finds what the others have
    proved; the memory does not grow with the threads."""

    def __init__(self, table_bits: int = DEFAULT_TABLE_BITS, threads: int = 1) -> None:
        super().__init__(_tertz.Search, table_bits)
        self.threads = integer("threads", threads, 1, MAX_THREADS)
        self._helpers = [_tertz.Search(share=self._search) for _ in range(threads - 1)]

    @property
    def table_bytes(self) -> int:
        """The memory the table holds, fixed by ``table_bits`` (one table shared by
        the threads)."""
        return self._search.table_bytes

    def value(self, position: Position, guess: int | None = None) -> int:
        """The deal's margin under optimal play from ``position``. A ``guess`` of
        it, if near (the value of a similar position, of the move before), saves
        the search some passes."""
        spec = _input(position)
        settled = settled_margin(position)
        with self._searching(settled):
            value, self.nodes = self._search.value(spec, *_guess(guess, settled))
        return settled + value

    def best(self, position: Position, guess: int | None = None) -> tuple[int, Move]:
        """The margin and one optimal move for the player to move."""
        margin, moves, _ = self.line(position, guess)
        return margin, moves[0]

    def values(self, position: Position, guess: int | None = None) -> MoveMap[int]:
        """Every legal move's value: the deal's margin after it under optimal play
        (the first search from ``guess`` of a move's value, when given), in the
        engine's search order, looked up by move or by name (``values["JS"]``)."""
        return self._values(position, guess, _proof(position))

    def _values_search(
        self, position: Position
    ) -> tuple[Proof[Move], Callable[[Proof[Move]], object]]:
        _input(position)
        return _proof(position), lambda proof: self._values(position, None, proof)

    def _values(self, position: Position, guess: int | None,
                proof: Proof[Move]) -> MoveMap[int]:
        """:meth:`values`, its progress gathered in ``proof``."""
        spec = _input(position)
        settled = settled_margin(position)
        if self.threads > 1:
            with self._lock:
                values, self.nodes = self._shared_out(position, guess, proof)
            return MoveMap(values)
        with self._searching(settled, proof):
            rows, self.nodes = self._search.values(spec, *_guess(guess, settled))
        return MoveMap({to_move(move): settled + value for move, value in rows})

    def _shared_out(self, position: Position, guess: int | None,
                    proof: Proof[Move]) -> tuple[dict[Move, int], int]:
        """Every legal move's value, the searches taking the root's moves in the
        engine's search order, one at a time, side by side in the shared table;
        each value search starts from the last value found (the first from
        ``guess``) and tests the values found so far first. Each value found goes
        to ``proof``, and the calling thread's observer sees it."""
        spec = _input(position)
        settled = settled_margin(position)
        searches = [self._search, *self._helpers]
        watching = shared_watching(self._watching())
        configure(self._search, watching, settled)
        order = self._search.root_moves(spec)  # begins the table under the root's setting
        moves = [to_move(code) for code in order]
        found: list[int | None] = [None] * len(order)
        stopped = threading.Event()
        told = threading.Lock()
        started = time.monotonic()
        proof.found(order, [])
        queue = [0]  # the next move in order not yet taken
        latest: list[int | None] = [guess]  # the last value found

        def tell(index: int, value: int, nodes: int) -> None:
            proof.prove(index, value - proof.settled)
            if watching.observer is not None:
                seconds = time.monotonic() - started
                watching.observer(Progress(nodes, seconds, moves=len(moves),
                                           values=proof.partial_values(nodes, seconds)))

        working: list[list[_tertz.Search]] = [[] for _ in order]  # who searches each move

        def take(search: _tertz.Search) -> tuple[int, int | None, list[int]] | None:
            """The next move to search (with ``told`` held): the next in order, else,
            once every move is taken, the unsolved move fewest threads search (a
            thread with nothing left helps there, in the shared table: whoever
            proves the value first stops the others); None when all are solved."""
            rank = queue[0]
            if rank < len(order):
                queue[0] = rank + 1
            else:
                open_ranks = [r for r in range(len(order)) if found[r] is None]
                if not open_ranks:
                    return None
                rank = min(open_ranks, key=lambda r: len(working[r]))
            working[rank].append(search)
            return rank, latest[0], [v - settled for v in found if v is not None]

        def run(search: _tertz.Search) -> int:
            nodes = 0
            while True:
                with told:
                    taken = take(search)
                if taken is None:
                    return nodes
                rank, last, known = taken
                if stopped.is_set():
                    raise SearchInterrupted("the search stopped: another thread's did")
                configure(search, watching, settled)
                start = _guess(last, settled)
                try:
                    if start:
                        value, used = search.move_value(spec, order[rank], start[0], known=known)
                    else:
                        value, used = search.move_value(spec, order[rank], known=known)
                except SearchInterrupted:
                    with told:
                        working[rank].remove(search)
                        if found[rank] is None or stopped.is_set():
                            raise  # not a helper stopped by the move's proof
                    continue
                nodes += used
                with told:
                    working[rank].remove(search)
                    if found[rank] is None:
                        found[rank] = latest[0] = settled + value
                        for other in working[rank]:
                            other.stop()  # the move is proven: its helpers move on
                        tell(rank, settled + value, nodes)

        pool = ThreadPoolExecutor(max_workers=len(searches))
        try:
            futures = [pool.submit(run, search) for search in searches]
            pending = set(futures)
            while pending:  # a tenth of a second at a time, so that Ctrl-C comes here
                done, pending = wait(pending, timeout=0.1, return_when=FIRST_EXCEPTION)
                for future in done:
                    error = future.exception()
                    if error is not None:
                        raise error
            shares = [future.result() for future in futures]  # each thread's nodes
        except BaseException:  # Ctrl-C here, or one thread's limit: stop the others
            stopped.set()
            for search in searches:
                search.stop()
            raise
        finally:
            pool.shutdown(wait=True)
        values = dict(zip(moves, found))
        return ({move: values[move] for move in position.legal_moves()},  # type: ignore[misc]
                sum(shares))

    def line(
        self, position: Position, guess: int | None = None
    ) -> tuple[int, tuple[Move, ...], DealScore]:
        """The margin, one optimal line to the end of the deal and its score (the
        value search from ``guess`` when given). The line is replayed on the model:
        its score must be the margin, or the engine and the model disagree on the
        rules (a RuntimeError)."""
        spec = _input(position)
        settled = settled_margin(position)
        with self._searching(settled):
            value, line, self.nodes = self._search.line(spec, *_guess(guess, settled))
        value += settled
        moves = tuple(to_move(move) for move in line)
        end = played_out(position, moves)
        if not end.is_over() or end.score().margin != value:
            raise RuntimeError(
                f"engine line and model score disagree: {value} vs "
                f"{end.score().margin if end.is_over() else 'unfinished line'} in {position!r}"
            )
        return value, moves, end.score()

    def solve(self, position: Position) -> Solution:
        """Every legal move's value, best first for the player to move, and the
        principal variation (the best move, then an optimal line after it)."""
        started = time.perf_counter()
        values = self.values(position)
        nodes = self.nodes
        sign = 1 if position.to_move == 0 else -1
        moves = tuple(sorted(values.items(), key=lambda item: -sign * item[1]))
        best, margin = moves[0]
        after = played_out(position, (best,))
        if after.is_over():
            pv: tuple[Move, ...] = (best,)
            end = after
        else:
            _, line, _ = self.line(after, guess=margin)  # the exact value: two passes
            nodes += self.nodes
            pv = (best, *line)
            end = played_out(after, line)
        self.nodes = nodes
        return Solution(margin, position.to_move, moves, pv, end.score(), nodes,
                             time.perf_counter() - started)


def solve(position: Position, table_bits: int = DEFAULT_TABLE_BITS) -> Solution:
    """Solve a Tertz position double-dummy with a fresh solver (see
    :meth:`Solver.solve`)."""
    return Solver(table_bits).solve(position)


def played_out(position: Position, moves: Iterable[Move]) -> Position:
    """A copy of ``position`` after ``moves`` (an optimal line to score, say)."""
    end = position.copy()
    for move in moves:
        end.push(move)
    return end


def to_move(move: int) -> Move:
    """The model's move for one of the engine's: a card, the swap or a break."""
    if move < _tertz.MOVE_SWAP:
        return Card(move)
    if move == _tertz.MOVE_SWAP:
        return SWAP
    return Break(move - _tertz.MOVE_BREAK)


def settled_margin(position: Position) -> int:
    """The margin already fixed: card points of the finished tricks (the last
    trick's 10 once over) and the marriage if scored."""
    married = [MARRIAGE_POINTS if m else 0 for m in position.marriage]
    return position.points[0] - position.points[1] + married[0] - married[1]


def engine_input(position: Position) -> _tertz.Spec:
    """The position as the engine reads it: plain integers and lists.

    Run declarations carry a stamp (their rank in the deal's order of declarations,
    which breaks ties between equal runs); fours only their rank (bit ``rank - 4``),
    as a four never ties. The marriage is open while nobody has scored it and its
    two cards can still be in one hand before a card: both unplayed, and once the
    stock is gone, held together."""
    runs: tuple[list[tuple[int, int, bool]], list[tuple[int, int, bool]]] = ([], [])
    fours = [0, 0]
    declared = sorted(position.declarations, key=lambda d: d.order)
    for d in declared:
        if d.kind == FOUR:
            fours[d.seat] |= 1 << ((d.cards.bit_length() - 1 & 7) - 4)
        else:
            runs[d.seat].append((d.cards, sum(len(r) for r in runs), d.counting))
    married = marriage_mask(position.trump)
    unplayed = position.hands[0] | position.hands[1] | sum(c.mask for c in position.stock)
    together = bool(position.stock) or any(h & married == married for h in position.hands)
    return _tertz.Spec(
        trump=int(position.trump),
        hands=position.hands,
        stock=[int(card) for card in position.stock],
        trick=int(position.trick[0]) if position.trick else -1,
        leader=position.leader,
        to_move=position.to_move,
        break_due=position.breaker is not None,
        cards_played=2 * len(position.tricks) + len(position.trick),
        marriage_open=(
            not any(position.marriage) and unplayed & married == married and together
        ),
        runs=runs,
        fours=fours,
        stock_play=position.rules.stock_play,
        declare_when=position.rules.declare_when,
        swap_last=position.rules.swap_last,
    )


def _proof(position: Position) -> Proof[Move]:
    """Where a values search of ``position`` gathers its values as they are proven;
    the position is checked first, as every search's is."""
    instance("position", position, Position, "a TertzPosition")
    return Proof(to_move, position.to_move == 0, settled_margin(position))


def _guess(guess: int | None, settled: int) -> tuple[int, ...]:
    """The engine's optional guess argument: none, or the margin from the root."""
    return () if guess is None else (relative_margin("guess", guess, settled),)


def shared_watching(watching: Watching) -> Watching:
    """``watching`` for searches shared out among threads, each with its own CPU
    clock (:meth:`~deberts.engine.limit.Deadlines.on_other_threads`)."""
    return replace(watching, deadlines=watching.deadlines.on_other_threads())


def _input(position: Position) -> _tertz.Spec:
    instance("position", position, Position, "a TertzPosition")
    if position.is_over():
        raise DebertsError("the deal is over: nothing left to solve")
    return engine_input(position)
