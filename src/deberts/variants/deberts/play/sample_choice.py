"""The PIMC choice: the card with the best total over sampled deals, found with as
little solving as the answer needs.

Each sample may carry a weight, a non-negative integer (how likely the inference of
:mod:`deberts.variants.deberts.play.inference` finds it); the totals are then weighted sums, and a
sample of weight 0 is never solved. Integer weights keep the totals exact, so the
choice is still exactly the one full solving makes for the weighted objective.

Solving every legal card exactly in every sample is what the choice is defined by,
but most of that work only confirms that a poor card is poor. So after the first
samples are solved in full, a *candidate* (the card with the highest lowest
possible total so far) is solved exactly in each further sample and every other
card is only compared with it, by a null-window search or two
(:meth:`Solver.bounds`: as good? and if so, better?). That leaves each card's total
inside an interval. A card whose highest possible total is below the candidate's
total cannot be chosen; the others are solved exactly, sample by sample, until one
card is proven best. The card chosen is always the one full solving would choose,
ties included. Where comparing does not pay (few legal cards, few cards in play),
every card is solved in every sample, the samples handed to the solver many at a
time (:meth:`Solver.values_of_worlds`), which saves most of a call's cost beyond
its search.

Under a time budget (:meth:`Solver.limit` set by the caller) a search may stop with
:class:`deberts.errors.SearchInterrupted`. A rival's score in a sample where it was
only compared is a bound, often a loose one, so the leader by lowest totals is
nearly always the candidate, which the first few samples chose. So an ``anytime``
choice (one under a budget) settles the samples solved so far each time their
count doubles from :data:`FIRST_SETTLE`: interrupted, it answers the card full
solving chooses over the samples settled last. Interrupted before any settling
(or with every sample solved exactly, where the lowest totals are the totals), the
answer is the card with the highest lowest possible weighted total over the samples
completed. With no sample complete, the interruption is raised on to the caller.
"""

from __future__ import annotations

import itertools
import statistics
from typing import Iterable, Iterator, Sequence

import numpy as np

from deberts.errors import SearchInterrupted, WorldsInterrupted
from deberts.model.cards import Card, CardMap
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.position import Position

# The three thresholds below were measured (benchmarks/README.md, "PIMC decisions",
# "The choice's thresholds").
#: Samples solved exactly for every card before the first candidate is chosen; after
#: them the candidate is the leader so far, sample by sample.
EXACT_SAMPLES = 4
#: With fewer legal cards than this, every card is solved exactly in every sample:
#: the comparisons near the candidate's value cost about what exact values do.
FEWEST_TO_COMPARE = 5
#: Nor are positions with fewer cards in play than this compared: the engine solves
#: them in one cheap full-window search.
SMALLEST_TO_COMPARE = 25
#: An anytime choice settles its samples when it has solved this many, then twice
#: as many, and so on (benchmarks/budget_choice.py measures what it gains).
FIRST_SETTLE = 8
#: Samples solved exactly for every card go to the solver together
#: (:meth:`Solver.values_of_worlds`): this many in the first call, twice as many in
#: each next up to :data:`LAST_BATCH`. A call costs about 20 us beyond its searches
#: for one sample and 3 to 5 for each of a batch (benchmarks/worlds.py), more than a
#: late decision's sample takes to solve; the first calls are small so that
#: samples drawn lazily under a time budget are drawn as they are solved.
FIRST_BATCH = 8
LAST_BATCH = 256


def best_on_average(
    solver: Solver, legal: Sequence[Card], positions: Iterable[Position], sign: int
) -> Card:
    """The card of ``legal`` with the highest total of ``sign * margin`` over
    ``positions`` (ties to the lowest card), as if every card were solved exactly in
    every position. ``sign`` is +1 for the declarer's side, -1 for the defenders."""
    return best_weighted(solver, legal, ((position, 1) for position in positions), sign)


def best_weighted(
    solver: Solver, legal: Sequence[Card], samples: Iterable[tuple[Position, int]], sign: int,
    anytime: bool = False,
) -> Card:
    """:func:`best_on_average` with weights: the card with the highest total of
    ``weight * sign * margin`` over the ``(position, weight)`` ``samples``, each
    weight a non-negative integer (a sample of weight 0 is skipped, unsolved; at
    least one must be positive). ``anytime``: the solver runs under a budget that
    may interrupt it, so settle the samples as their count doubles (the module's
    docstring)."""
    cards = list(legal)
    weighted = ((position, weight) for position, weight in samples if weight)
    first, first_weight = next(weighted)
    compare = (len(cards) >= FEWEST_TO_COMPARE
               and _cards_in_play(first) >= SMALLEST_TO_COMPARE)
    if not compare:
        return _best_exact(solver, cards, itertools.chain([(first, first_weight)], weighted),
                           sign)
    solved: list[Position] = []
    kept: list[int] = []
    lows: list[list[int]] = []
    highs: list[list[int]] = []
    lowest_totals = np.zeros(len(cards), dtype=np.int64)
    candidate: Card | None = None
    settled: Card | None = None  # the choice over the samples settled last
    settle_at = FIRST_SETTLE
    try:
        for position, weight in itertools.chain([(first, first_weight)], weighted):
            if candidate is None:
                scores = _exact_scores(solver, position, cards, sign)
                low = high = [scores[card] for card in cards]
            else:
                guess = _typical_score(lows, highs, cards.index(candidate))
                low, high = _compared(solver, position, cards, candidate, sign, guess)
            solved.append(position)
            kept.append(weight)
            lows.append(low)
            highs.append(high)
            lowest_totals += weight * np.array(low, dtype=np.int64)
            if anytime and candidate is not None and len(solved) >= settle_at:
                settled = _settled_so_far(solver, cards, solved, kept, lows, highs, sign)
                lowest_totals = np.array(kept) @ np.array(lows)
                settle_at *= 2
            if compare and len(solved) >= EXACT_SAMPLES:
                candidate = cards[_leader(lowest_totals, cards)]
    except SearchInterrupted:
        if not solved:
            raise
        return settled if settled is not None else cards[_leader(lowest_totals, cards)]
    low_table, high_table = np.array(lows), np.array(highs)
    try:
        return _settled(solver, cards, solved, np.array(kept), low_table, high_table, sign)
    except SearchInterrupted:
        leader = cards[_leader(np.array(kept) @ low_table, cards)]
        return settled if settled is not None else leader


def _best_exact(
    solver: Solver, cards: list[Card], samples: Iterator[tuple[Position, int]], sign: int,
) -> Card:
    """The card with the highest total of ``weight * sign * margin`` over
    ``samples`` (ties to the lowest card), every card solved exactly in every
    sample, the samples solved in batches (:data:`FIRST_BATCH`). Interrupted, the
    best over the samples solved by then; with none solved, the interruption is
    raised on."""
    totals = np.zeros(len(cards), dtype=np.int64)
    solved, size = 0, FIRST_BATCH
    try:
        while batch := list(itertools.islice(samples, size)):
            try:
                values = solver.values_of_worlds([position for position, _ in batch], cards)
            except WorldsInterrupted as stop:
                solved += _add_scores(totals, batch, stop.values, cards, sign)
                raise
            solved += _add_scores(totals, batch, values, cards, sign)
            size = min(2 * size, LAST_BATCH)
    except SearchInterrupted:
        if not solved:
            raise
    return cards[_leader(totals, cards)]


def _add_scores(
    totals: np.ndarray, batch: list[tuple[Position, int]], values: list[CardMap[int]],
    cards: list[Card], sign: int,
) -> int:
    """Add to ``totals`` each card's weighted score in the samples of ``batch``
    whose ``values`` were solved (the first ones); return how many were."""
    for (_, weight), margins in zip(batch, values):
        totals += weight * sign * np.array([margins[card] for card in cards], dtype=np.int64)
    return len(values)


def _settled_so_far(
    solver: Solver, cards: list[Card], solved: list[Position], kept: list[int],
    lows: list[list[int]], highs: list[list[int]], sign: int,
) -> Card:
    """:func:`_settled` over the samples solved so far, the scores it solves kept in
    ``lows`` and ``highs`` for the settlings after it."""
    low_table, high_table = np.array(lows), np.array(highs)
    try:
        return _settled(solver, cards, solved, np.array(kept), low_table, high_table, sign)
    finally:
        lows[:] = low_table.tolist()
        highs[:] = high_table.tolist()


def _typical_score(lows: list[list[int]], highs: list[list[int]], j: int) -> int:
    """The median of card ``j``'s exact scores so far (those samples where it was
    solved): where the search for its exact score in a new sample should start.
    Solving the candidate exactly, once a sample from a cold table, is most of a
    decision's work, and a start near the value saves null-window passes (the
    slowest 4-player decision: 0.87x the nodes of a start from a play-out)."""
    return round(statistics.median(
        low[j] for low, high in zip(lows, highs) if low[j] == high[j]))


def _cards_in_play(position: Position) -> int:
    return sum(hand.bit_count() for hand in position.hands) + len(position.trick)


def _exact_scores(
    solver: Solver, position: Position, cards: Sequence[Card], sign: int,
    guess: int | None = None,
) -> dict[Card, int]:
    """The exact scores, for the player to move, of ``cards`` in ``position`` (the
    first card's search starting from the score ``guess``, if given)."""
    margin_guess = None if guess is None else sign * guess
    return {card: sign * margin
            for card, margin in solver.values(position, cards, margin_guess).items()}


def _compared(
    solver: Solver, position: Position, cards: list[Card], candidate: Card, sign: int,
    guess: int,
) -> tuple[list[int], list[int]]:
    """Each card's score interval in ``position``: the candidate's exact; every other
    card's from comparing it with the candidate (does it score as much? and if so,
    more?), so a card tying with the candidate, as cards often do, comes out exact;
    a card that does better here is solved exactly now, while the table holds this
    sample (it would mostly be solved later anyway: 0.9x the time on the slowest
    decisions)."""
    exact = _exact_scores(solver, position, [candidate], sign, guess)[candidate]
    others = [card for card in cards if card != candidate]
    intervals = _score_bounds(solver, position, others, exact, sign)
    level = [card for card in others if intervals[card][0] >= exact]
    if level:
        for card, (low, high) in _score_bounds(solver, position, level, exact + 1, sign).items():
            intervals[card] = (max(low, intervals[card][0]), min(high, intervals[card][1]))
    better = [card for card in level if intervals[card][0] > exact]
    if better:
        for card, score in _exact_scores(solver, position, better, sign).items():
            intervals[card] = (score, score)
    intervals[candidate] = (exact, exact)
    return [intervals[card][0] for card in cards], [intervals[card][1] for card in cards]


def _score_bounds(
    solver: Solver, position: Position, cards: list[Card], score: int, sign: int
) -> dict[Card, tuple[int, int]]:
    """Score intervals of ``cards`` that settle whether each scores at least
    ``score``: for the declarer's side a margin above score - 1, for the defenders
    a margin not above -score."""
    if sign > 0:
        return solver.bounds(position, score - 1, cards)
    return {card: (-high, -low) for card, (low, high) in
            solver.bounds(position, -score, cards).items()}


def _leader(totals: np.ndarray, cards: Sequence[Card]) -> int:
    """The index of the highest total, ties to the lowest card."""
    return max(range(len(cards)), key=lambda j: (totals[j], -int(cards[j])))


def _settled(
    solver: Solver, cards: list[Card], positions: list[Position], weights: np.ndarray,
    lows: np.ndarray, highs: np.ndarray, sign: int,
) -> Card:
    """Solve exactly until no card's highest weighted total can reach the highest
    lowest weighted total (whose card then wins, exact or not). Each step solves one
    sample: the one where the rivals' weighted scores may most exceed the leading
    card's, since those are what keep them in the running. ``lows`` and ``highs``
    are narrowed in place."""
    while True:
        low = weights @ lows
        high = weights @ highs
        best = _leader(low, cards)
        beaten = (low[best], -int(cards[best]))
        rivals = [
            j for j in range(len(cards))
            if j != best and (high[j], -int(cards[j])) > beaten
        ]
        if not rivals:
            return cards[best]
        open_cards = [*rivals, best]
        width = highs - lows
        excess = np.where(width[:, rivals] > 0,
                          np.maximum(highs[:, rivals] - lows[:, [best]], 0), 0)
        priority = weights * (excess.sum(axis=1) + width[:, best])
        if not priority.any():  # only ties are left open: solve them out
            priority = width[:, open_cards].sum(axis=1)
        index = int(np.argmax(priority))
        wanted = [cards[j] for j in open_cards if width[index, j]
                  and (j == best or highs[index, j] > lows[index, best])]
        if not wanted:
            wanted = [cards[j] for j in open_cards if width[index, j]]
        scores = _exact_scores(solver, positions[index], wanted, sign)
        for j, card in enumerate(cards):
            if card in scores:
                lows[index, j] = highs[index, j] = scores[card]
