"""Every legal move's value as far as a search has proven it, the same for every
game: the moves whose exact value is proven, and for each other move the interval
proven to hold its value (a side not proven yet is None, never an engine's bound).

A values search tells :class:`Proof` its root moves and each value as it is
proven (solver/common/limit.pxi), and its progress the interval of the move under
way; :meth:`Proof.values` turns that into a :class:`PartialValues` in the game's
own moves and margins, at any moment: while the search runs, and where it stopped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Hashable, Sequence, TypeVar

M = TypeVar("M", bound=Hashable)

#: A proven interval: (lower, upper), None for a side not proven yet.
Interval = tuple[int | None, int | None]

#: Why a search ended before every value was proven: at the caller's limit (time,
#: nodes, CPU), or by an interrupt (Ctrl-C).
STOPPED_AT_LIMIT = "limit"
STOPPED_BY_INTERRUPT = "interrupted"


@dataclass(frozen=True)
class PartialValues(Generic[M]):
    """Every legal move's value as far as it is proven: ``exact`` the moves whose
    margin is proven (in the order searched), ``bounds`` the proven interval of each
    other move (``(lower, upper)``, None a side not proven yet), ``searching`` the
    move whose search was under way (None when none was), ``maximising`` whether
    the player to move wants the margin high, ``stopped`` why the search ended
    before the end (:data:`STOPPED_AT_LIMIT` or :data:`STOPPED_BY_INTERRUPT`; None
    while it runs or when it finished), and the nodes and seconds it took.
    ``partial`` is True while some move's value is not proven."""

    exact: dict[M, int]
    bounds: dict[M, Interval]
    searching: M | None
    maximising: bool
    nodes: int = 0
    seconds: float = 0.0
    stopped: str | None = None

    @property
    def partial(self) -> bool:
        """True while some legal move's value is not proven."""
        return bool(self.bounds)

    def best(self) -> tuple[M, Interval] | None:
        """The best move so far for the player to move and its proven interval (an
        exact value as ``(v, v)``): the move whose proven interval is best for him
        (:meth:`ordered`'s first), so that no other move's interval lies strictly
        above it (below, for the player who wants the margin low); None while no
        move has the side the player is sure of proven (its lower bound for the
        player who wants the margin high, its upper bound for the other)."""
        ordered = self.ordered()
        if not ordered or ordered[0][1][0 if self.maximising else 1] is None:
            return None
        return ordered[0]

    def best_proven(self) -> bool:
        """True when :meth:`best` is proven best: every other move's interval is
        proven to lie at or below its lower bound (at or above its upper bound, for
        the player who wants the margin low)."""
        best = self.best()
        if best is None:
            return False
        move, (lower, upper) = best
        for other, (other_lower, other_upper) in self.ordered():
            if other == move:
                continue
            if self.maximising and (lower is None or other_upper is None or other_upper > lower):
                return False
            if not self.maximising and (upper is None or other_lower is None
                                        or other_lower < upper):
                return False
        return True

    def ordered(self) -> list[tuple[M, Interval]]:
        """Every move and its proven interval (an exact value as ``(v, v)``), best
        first for the player to move by what is proven: by the side he is sure of
        (the lower bound for the player who wants the margin high, the upper bound
        for the other; an unproven side is the worst), then by the other side
        (an unproven one the best, as it may still be), then the exact before the
        unproven, then in the order searched. A move comes after every move whose
        interval lies strictly above its own (below, for the other player)."""
        rows = [(m, (v, v)) for m, v in self.exact.items()] + list(self.bounds.items())
        sign = 1 if self.maximising else -1
        worst, open_side = -sign * (1 << 62), sign * (1 << 62)

        def rank(item: tuple[int, tuple[M, Interval]]) -> tuple[int, int, bool, int]:
            index, (move, (lower, upper)) = item
            sure, hope = (lower, upper) if self.maximising else (upper, lower)
            return (-sign * (worst if sure is None else sure),
                    -sign * (open_side if hope is None else hope),
                    move not in self.exact, index)

        order = sorted(enumerate(rows), key=rank)
        return [row for _, row in order]

    def to_dict(self) -> dict[str, Any]:
        """The wire format: ``partial``, ``stopped``, ``moves`` (each move's
        ``margin`` when proven, else its ``lower`` and ``upper``, null where not
        proven; best first by what is proven, as :meth:`ordered`), ``best`` (the
        best move so far, :meth:`best`, or null) and ``best_proven``, ``searching``, ``nodes`` and ``seconds``."""
        rows: list[dict[str, Any]] = []
        for move, (lower, upper) in self.ordered():
            if move in self.exact:
                rows.append({"move": str(move), "margin": lower})
            else:
                rows.append({"move": str(move), "lower": lower, "upper": upper})
        best = self.best()
        return {
            "partial": self.partial,
            "stopped": self.stopped,
            "moves": rows,
            "best": None if best is None else str(best[0]),
            "best_proven": self.best_proven(),
            "searching": None if self.searching is None else str(self.searching),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


def better(intervals: Sequence[Interval], maximising: bool) -> Interval:
    """The interval of the better of several moves' values for the player to move
    (a card whose engine moves differ by a choice the mover makes: the best of
    them); None sides are unbounded."""
    lowers = [lower for lower, _ in intervals]
    uppers = [upper for _, upper in intervals]
    if maximising:  # max: a lower bound from any move, an upper bound from all
        known = [b for b in lowers if b is not None]
        return (max(known) if known else None,
                None if None in uppers else max(b for b in uppers if b is not None))
    known = [b for b in uppers if b is not None]
    return (None if None in lowers else min(b for b in lowers if b is not None),
            min(known) if known else None)


@dataclass
class Proof(Generic[M]):
    """What a values search has proven so far: its root moves (in solving order,
    as the engine names them), the values proven (by index in that order), and the
    interval of the one under way. ``move_of`` names an engine move in the game
    (several engine moves may be one move of the game, valued as the mover's
    better one); ``settled`` is added to every margin the engine gives."""

    move_of: Callable[[Any], M]
    maximising: bool
    settled: int
    moves: list[Any] = field(default_factory=list)
    proven: dict[int, int] = field(default_factory=dict)
    interval: Interval = (None, None)
    rank: int = 0       # the root move under way (from 1; 0 for none)

    def found(self, moves: list[Any], values: list[int]) -> None:
        """The engine's report: its root moves, and the values of the first."""
        self.moves, self.proven = moves, dict(enumerate(values))
        self.interval = (None, None)

    def prove(self, index: int, value: int) -> None:
        """Root move ``index``'s value, found apart from the engine's order (by
        another thread, say)."""
        self.proven[index] = value

    def searching(self, lower: int | None, upper: int | None, rank: int) -> None:
        """The engine's progress: the interval of root move ``rank`` (from 1)."""
        self.interval, self.rank = (lower, upper), rank

    def partial_values(self, nodes: int, seconds: float,
                       stopped: str | None = None) -> PartialValues[M]:
        """Every move's value as far as proven, in the game's moves and margins."""
        by_move: dict[M, list[Interval]] = {}
        for index, code in enumerate(self.moves):
            by_move.setdefault(self.move_of(code), []).append(self._interval(index))
        exact: dict[M, int] = {}
        bounds: dict[M, Interval] = {}
        for move in by_move:
            lower, upper = better(by_move[move], self.maximising)
            if lower is not None and lower == upper:
                exact[move] = lower
            else:
                bounds[move] = (lower, upper)
        rank = self.rank
        under_way = (self.move_of(self.moves[rank - 1])
                     if 0 < rank <= len(self.moves) and rank - 1 not in self.proven else None)
        return PartialValues(exact, bounds, under_way, self.maximising, nodes, seconds,
                             stopped)

    def _interval(self, index: int) -> Interval:
        """Root move ``index``'s interval, margins settled added."""
        if index in self.proven:
            value = self.settled + self.proven[index]
            return value, value
        if index == self.rank - 1:
            lower, upper = self.interval
            return (None if lower is None else self.settled + lower,
                    None if upper is None else self.settled + upper)
        return None, None
