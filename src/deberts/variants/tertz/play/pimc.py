"""The perfect-information Monte Carlo player for Tertz: sample the opponent's hand and
the stock's order consistently with the view (:mod:`deberts.variants.tertz.play.sampling`),
solve every sample exactly with the Tertz engine, take the move with the best average
value for its seat (docs/rules.md 4.5: the value is seat 0's total minus seat 1's).

Samples that come out the same (once the stock is gone the opponent's hand is known
and every sample is the real position) are solved once. A whole deal is a large tree
for the engine while much of the stock is left, so above ``stock_limit`` cards still
to draw the player decides by the rules of thumb of :class:`HeuristicPlayer`
(the break always so: no cut is better than another for a player who has not seen
the stock).
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod

from deberts.model.arguments import integer, positive
from deberts.variants.tertz.engine.solver import Solver
from deberts.variants.tertz.model import Move
from deberts.variants.tertz.model.deal import STOCK_SIZE
from deberts.variants.tertz.play.match import Chooser, PlayView
from deberts.variants.tertz.play.players import HeuristicPlayer
from deberts.variants.tertz.play.sampling import distinct_samples

# The figures behind these settings: benchmarks/README.md, "Tertz", "PIMC decisions".
#: The most cards still to draw at which samples are solved by default: a sample
#: earlier than that is a whole deal's search.
DEFAULT_STOCK_LIMIT = 4
#: A small table: each sample of the stock phase has its own stock, which clears
#: the engine's table, and clearing a large one costs more than the search.
TABLE_BITS = 16


class SampledPlayer(Chooser, ABC):
    """What the sampling players share: ``samples`` worlds wanted a decision, drawn
    from a seeded generator, a small-table solver and the rules of thumb to fall back
    on."""

    def __init__(self, samples: int, seed: int | None) -> None:
        self.samples = integer("samples", samples, 1)
        self.rng = random.Random(seed)
        self.solver = Solver(TABLE_BITS)
        self.fallback = HeuristicPlayer()

    @abstractmethod
    def move(self, view: PlayView) -> Move:
        """A legal move for ``view.seat``, decided from the view alone."""


class PimcPlayer(SampledPlayer):
    """Plays by solving ``samples`` sampled deals per decision (fewer when
    ``seconds``, a time budget per decision, runs out; one at least), while at most
    ``stock_limit`` cards are left to draw; above that, as the heuristic player."""

    def __init__(
        self, samples: int = 50, seconds: float | None = None, seed: int | None = None,
        stock_limit: int = DEFAULT_STOCK_LIMIT,
    ) -> None:
        super().__init__(samples, seed)
        self.seconds = None if seconds is None else positive("seconds", seconds)
        self.stock_limit = integer("stock_limit", stock_limit, 0, STOCK_SIZE)

    def move(self, view: PlayView) -> Move:
        if len(view.legal) == 1:
            return view.legal[0]
        if view.stock_size > self.stock_limit:
            return self.fallback.move(view)
        samples = distinct_samples(view, self.rng, self.samples)
        if not samples:  # no consistent sample found: the rules of thumb decide
            return self.fallback.move(view)
        sign = 1 if view.seat == 0 else -1
        totals = dict.fromkeys(view.legal, 0)
        started = time.perf_counter()
        for index, (position, weight) in enumerate(samples):
            if index and self.seconds is not None and time.perf_counter() - started > self.seconds:
                break
            for move, value in self.solver.values(position).items():
                totals[move] += sign * value * weight
        return max(view.legal, key=totals.__getitem__)  # ties: the first legal move
