"""The αμ search (Cazenave and Ventos, "The αμ Search Algorithm for the Game of
Bridge"): a card chosen knowing that the searching player will not see the hidden
cards later either.

PIMC solves every sampled world double-dummy, as if the player would know the
world at each later turn and could play differently in each (strategy fusion).
αμ searches the player's next ``depth`` moves over all the worlds at once: at his
own turn one card is played in every world (he cannot tell them apart), while the
other seats, his partner included, are taken to know the world and to choose in
each for their side, against the player's later choices. After his ``depth``-th
card each world is solved double-dummy. A node's value is the Pareto front of the
world vectors his strategies from there can reach (:mod:`deberts.variants.deberts.play.pareto`),
and a root card scores the highest weighted total among its front's vectors. With
``depth`` 1 that is PIMC's choice; each further move can only lower a card's
score, towards the value of the player's best strategy over the sampled worlds.

Two cuts leave the choice unchanged: a defending (opponents') node below one of the
player's turns stops when everything it has is already dominated at that turn
(the early cut), and at the root a card is not searched at a depth when its score
at the depth before (which bounds it) cannot beat the best card found so far (the
root cut); iterative deepening provides those bounds.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from deberts.errors import SearchInterrupted
from deberts.model.arguments import integer
from deberts.model.cards import Card, CardSet
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.deal import full_hand_size
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.scoring import score
from deberts.variants.deberts.play.match import PlayView
from deberts.variants.deberts.play.pareto import combined, dominated, reduced, unreached
from deberts.variants.deberts.play.pimc import PimcPlayer

#: A test on a node's front so far: True when nothing below can change the choice.
Cut = Callable[[np.ndarray], bool]


class AlphaMuSearch:
    """αμ over a fixed set of worlds: positions that differ only in the hidden cards,
    the searching seat to move in each, each world counted ``weights`` times.

    Past ``deadline`` (on ``clock``, ``time.perf_counter`` unless given), or when
    ``stopped()`` raises, a search
    deeper than the first stops with :class:`deberts.SearchInterrupted`: the check
    is made at every node and inside every front operation (:mod:`deberts.variants.deberts.play.pareto`),
    so no step runs long past it."""

    def __init__(
        self, solver: Solver, worlds: Sequence[Position], weights: Sequence[int],
        deadline: float | None = None, stopped: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.solver = solver
        self.clock = clock
        self.worlds = list(worlds)
        self.weights = np.array(weights, dtype=np.int64)
        self.deadline = deadline
        self.stopped = stopped
        root = self.worlds[0]
        self.seat = root.to_move
        self.ours = root.declarer_side if root.is_declarer_side(self.seat) else frozenset(
            range(root.players)) - root.declarer_side
        self.sign = 1 if root.is_declarer_side(self.seat) else -1

    def choice(self, depth: int) -> Card:
        """The card of the deepest search finished in time (the deadline, or the
        solver's limit), up to ``depth`` of the seat's moves. The first, PIMC's,
        is not checked against the deadline; an engine limit it meets raises
        :class:`deberts.SearchInterrupted`."""
        totals = self.totals(1)
        for level in range(2, depth + 1):
            try:
                totals = self.totals(level, totals)
            except SearchInterrupted:
                break
        return best(totals)

    def totals(self, depth: int, bounds: dict[Card, int] | None = None) -> dict[Card, int]:
        """Each legal card's weighted total over the worlds when the seat's next
        ``depth`` moves are searched: exact for the best card (ties to the lowest);
        for a card cut off, a bound above its total and below the best's.
        ``bounds`` are the totals of a shallower search (each at least the total
        here), which order the cards and cut them at the root."""
        integer("depth", depth, 1)
        legal = self.worlds[0].legal_moves()
        everywhere = np.arange(len(self.worlds))
        if depth == 1:
            vectors = self._card_vectors(everywhere, legal)
            return {card: int(row @ self.weights) for card, row in zip(legal, vectors)}
        if bounds is not None:
            legal.sort(key=lambda card: (-bounds[card], card))
        totals: dict[Card, int] = {}
        leader: tuple[int, int] | None = None
        for card in legal:
            if leader is not None and bounds is not None and (bounds[card], -card) < leader:
                totals[card] = bounds[card]
                continue

            def cut(front: np.ndarray, card: Card = card, leader: tuple[int, int] | None = leader) -> bool:
                return leader is not None and (self._highest(front), -card) < leader

            front = self._after(everywhere, card, depth - 1, cut)
            totals[card] = self._highest(front)
            if leader is None or (totals[card], -card) > leader:
                leader = (totals[card], -card)
        return totals

    def check(self) -> None:
        """Raise :class:`deberts.SearchInterrupted` past the deadline or once stopped."""
        if self.deadline is not None and self.clock() > self.deadline:
            raise SearchInterrupted("the αμ search passed its deadline")
        if self.stopped is not None:
            self.stopped()

    def _highest(self, front: np.ndarray) -> int:
        return int((front @ self.weights).max())

    def _after(self, rows: np.ndarray, card: Card, remaining: int, cut: Cut | None) -> np.ndarray:
        """The front once ``card`` is played in the worlds ``rows``."""
        for row in rows:
            self.worlds[row].push(card)
        try:
            return self._front(rows, remaining, cut)
        finally:
            for row in rows:
                self.worlds[row].pop()

    def _front(self, rows: np.ndarray, remaining: int, cut: Cut | None) -> np.ndarray:
        """The front of the node reached in the worlds ``rows`` (one column each),
        with ``remaining`` of the seat's moves still to search."""
        self.check()
        first = self.worlds[rows[0]]
        if first.to_move == self.seat and not first.is_over():
            return self._turn(rows, remaining)
        if first.is_over() or not first.hands[self.seat]:
            return self._settled(rows)
        return self._others(rows, remaining, cut, lowest=first.to_move not in self.ours)

    def _turn(self, rows: np.ndarray, remaining: int) -> np.ndarray:
        """The seat's own turn: one card for every world."""
        legal = self.worlds[rows[0]].legal_moves()
        if remaining == 1:
            return reduced(self._card_vectors(rows, legal), self.check)
        front = np.empty((0, len(rows)), dtype=np.int64)
        for card in legal:
            def cut(below: np.ndarray, known: np.ndarray = front) -> bool:
                return dominated(below, known, self.check)

            front = reduced(np.vstack([front, self._after(rows, card, remaining - 1, cut)]),
                            self.check)
        return front

    def _others(self, rows: np.ndarray, remaining: int, cut: Cut | None, lowest: bool) -> np.ndarray:
        """Another seat's turn: in each world the card best for its side (the lowest
        total for an opponent, the highest for a partner), whatever the seat does
        later. ``cut`` may stop an opponent's node early."""
        columns: dict[Card, list[int]] = {}
        for column, row in enumerate(rows):
            for card in CardSet(self.worlds[row].legal_mask()):
                columns.setdefault(card, []).append(column)
        front = unreached(len(rows), lowest)
        for card, where in sorted(columns.items()):
            where_array = np.array(where)
            below = self._after(rows[where_array], card, remaining, None)
            front = combined(front, below, where_array, lowest, self.check)
            if lowest and cut is not None and cut(front):
                break
        return front

    def _settled(self, rows: np.ndarray) -> np.ndarray:
        """The double-dummy value of each world, the seat having no more choices."""
        values = [
            score(p).margin if p.is_over() else self.solver.value(p)
            for p in (self.worlds[row] for row in rows)
        ]
        return self.sign * np.array([values], dtype=np.int64)

    def _card_vectors(self, rows: np.ndarray, legal: list[Card]) -> np.ndarray:
        """Each legal card's double-dummy score in each world, one card a row."""
        vectors = np.empty((len(legal), len(rows)), dtype=np.int64)
        for column, row in enumerate(rows):
            margins = self.solver.values(self.worlds[row], legal)
            vectors[:, column] = [self.sign * margins[card] for card in legal]
        return vectors


def best(totals: dict[Card, int]) -> Card:
    """The card with the highest total, ties to the lowest card (as PIMC breaks them)."""
    return max(totals, key=lambda card: (totals[card], -card))


def merged_worlds(weighed: Sequence[tuple[Position, int]]) -> tuple[list[Position], list[int]]:
    """The different deals among the weighed samples (the same play replayed on
    each), each with the total weight of its copies: one world searched once."""
    totals: Counter[tuple[int, ...]] = Counter()
    first: dict[tuple[int, ...], Position] = {}
    for position, weight in weighed:
        key = position.deal.masks()
        totals[key] += weight
        first.setdefault(key, position)
    return list(first.values()), [totals[key] for key in first]


#: The most tricks a deal has, which bounds ``tricks`` and ``depth``.
MOST_TRICKS = full_hand_size(2)


class AlphaMuPlayer(PimcPlayer):
    """Plays the last ``tricks`` tricks by αμ searching up to ``depth`` of its own
    moves over the sampled worlds (the same deals merged, their weights added),
    deepening while the ``seconds`` budget lasts; bids, exchanges, announces and
    plays the earlier tricks as :class:`PimcPlayer` with the same settings. When
    not even the first depth (PIMC's) finishes in time, the heuristic's card, as
    :class:`PimcPlayer` answers then."""

    def __init__(
        self, samples: int = 100, bid_samples: int = 60, seconds: float | None = None,
        seed: int | None = None, infer: str = "none", temperature: float = 10.0,
        error: float = 0.2, last: int = 4, depth: int = 3, tricks: int = 3,
        deal_seconds: float | None = None,
    ) -> None:
        super().__init__(samples, bid_samples, seconds, seed, infer, temperature, error, last,
                         deal_seconds)
        self.depth = integer("depth", depth, 1, MOST_TRICKS)
        self.tricks = integer("tricks", tricks, 1, MOST_TRICKS)

    def _chosen(self, view: PlayView, legal: list[Card], drawn: list[tuple[Position, int]]) -> Card:
        tricks_left = full_hand_size(view.players) - len(view.tricks)
        if len(legal) == 1 or tricks_left > self.tricks or self.depth == 1:
            return super()._chosen(view, legal, drawn)
        started = self._clock()
        try:
            worlds, weights = merged_worlds(list(self._weighed_samples(view, drawn)))
            deadline = None if self._search_seconds is None else started + self._search_seconds
            search = AlphaMuSearch(self.solver, worlds, weights, deadline, self._check_stopped,
                                   self._clock)
            return search.choice(min(self.depth, len(view.hand)))
        except SearchInterrupted:
            return self.fallback.play(view)
