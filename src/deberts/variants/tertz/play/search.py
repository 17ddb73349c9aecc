"""The searched Tertz player: every decision from the first lead is searched in
sampled worlds, the early ones to a horizon scored by the learned evaluation.

For each world consistent with what the player saw (:func:`distinct_samples`), each
legal move is valued for the player's seat:

- with at most ``exact_stock`` cards left to draw, exactly (the Tertz engine, as
  :class:`~deberts.variants.tertz.play.pimc.PimcPlayer` does), the search interrupted at
  ``nodes`` nodes or when the time budget runs out (the world is then scored from the
  horizon instead);
- earlier, by a minimax in the world to the next trick start (the trick finished,
  the draws made), the horizon positions scored by
  :class:`~deberts.variants.tertz.analysis.evaluation.Evaluation` in one batch. After the
  first trick the break comes before the horizon: its loser does not see the stock,
  so the 13 cuts are averaged, not chosen in the world's favour. The break itself
  and the seven swap are moves of this search like the cards.

The values are summed over the worlds, each weighted by how often it was drawn, and
the best move for the seat is played. With ``infer="model"`` the worlds are drawn in
proportion to how likely the opponent's moves were in them under the learned model
of play (:func:`~deberts.variants.tertz.play.opponent.inferred_samples`, from
``proposals`` uniform worlds); with ``"none"`` (the default) uniformly. ``seconds`` bounds a decision, sampling
included: worlds are valued while the clock allows, an exact search past the
deadline is interrupted (its world scored from the horizon, a search of a few
milliseconds), and when no world is found or valued in time the rules of thumb of
:class:`~deberts.variants.tertz.play.players.HeuristicPlayer` decide.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from deberts.engine.limit import Limit
from deberts.errors import DebertsError, SearchInterrupted
from deberts.model.arguments import integer, positive
from deberts.variants.tertz.analysis.evaluation import Evaluation, shipped
from deberts.variants.tertz.model import Break, Move, Position
from deberts.variants.tertz.model.deal import STOCK_SIZE
from deberts.variants.tertz.play.match import PlayView
from deberts.variants.tertz.play.opponent import inferred_samples, shipped_play_model
from deberts.variants.tertz.play.pimc import SampledPlayer
from deberts.variants.tertz.play.sampling import distinct_samples

#: Worlds sampled a decision by default.
DEFAULT_SAMPLES = 20
#: A decision's time budget by default, in seconds (the issue's target is 1 s of CPU,
#: sampling included).
DEFAULT_SECONDS = 0.8
#: Uniform worlds drawn a decision by default under ``infer="model"``, the worlds
#: searched being drawn from them in proportion to their likelihood.
DEFAULT_PROPOSALS = 60
#: The ways of drawing worlds: uniformly, or weighed by the model of play.
INFERENCE = ("none", "model")
#: Nodes an exact search of one world may take by default.
DEFAULT_NODES = 2_000_000
#: The most cards left to draw for a world to be solved exactly by default: the
#: most at which a decision's worlds are all solved within the default budget (one
#: world's every-move search, one thread's CPU: 2.3 ms median, 12 ms at most with 4
#: cards to draw; 16 ms median, 94 ms at most with 6; 37 ms median, 199 ms at most
#: with 8, where 20 worlds no longer fit in 0.8 s).
DEFAULT_EXACT_STOCK = 6


@dataclass
class _Tree:
    """A world's search to the horizon: a node chooses (``pick`` ``max`` or ``min``
    of seat 0's margin), averages (``mean``: the break), or is a leaf (``leaf``, the
    index of its position in the batch; ``value``, an exact end of deal)."""

    pick: str
    children: list[_Tree] = field(default_factory=list)
    leaf: int = -1
    value: float = 0.0

    def reduce(self, scores: np.ndarray) -> float:
        if self.leaf >= 0:
            return float(scores[self.leaf])
        if not self.children:
            return self.value
        values = [child.reduce(scores) for child in self.children]
        if self.pick == "mean":
            return sum(values) / len(values)
        return max(values) if self.pick == "max" else min(values)


class SearchPlayer(SampledPlayer):
    """Plays by searching ``samples`` sampled worlds a decision (fewer when
    ``seconds`` runs out): exactly with at most ``exact_stock`` cards left to draw
    (each search within ``nodes`` nodes), else to the next trick start scored by the
    evaluation (``model``: a model file, else the shipped one). ``infer``: how the
    worlds are drawn (:data:`INFERENCE`), ``proposals`` the uniform worlds weighed a
    decision under ``"model"``."""

    def __init__(
        self, samples: int = DEFAULT_SAMPLES, seconds: float = DEFAULT_SECONDS,
        seed: int | None = None, exact_stock: int = DEFAULT_EXACT_STOCK,
        nodes: int = DEFAULT_NODES, model: str | None = None, infer: str = "none",
        proposals: int = DEFAULT_PROPOSALS,
    ) -> None:
        super().__init__(samples, seed)
        if infer not in INFERENCE:
            raise DebertsError(f"bad infer {infer!r}: expected one of {' '.join(INFERENCE)}")
        self.infer = infer
        self.proposals = integer("proposals", proposals, 1)
        self.play_model = shipped_play_model() if infer == "model" else None
        self.seconds = positive("seconds", seconds)
        self.exact_stock = integer("exact_stock", exact_stock, 0, STOCK_SIZE)
        self.nodes = integer("nodes", nodes, 1)
        self.evaluation = shipped() if model is None else Evaluation.load(model)

    def move(self, view: PlayView) -> Move:
        if len(view.legal) == 1:
            return view.legal[0]
        started = time.perf_counter()
        deadline = started + self.seconds
        samples = self.worlds(view)
        if not samples:  # no consistent world found: the rules of thumb decide
            return self.fallback.move(view)
        sign = 1 if view.seat == 0 else -1
        totals = dict.fromkeys(view.legal, 0.0)
        valued = 0
        for position, weight in samples:
            if time.perf_counter() > deadline:
                break
            for move, value in self.world_values(position, deadline).items():
                totals[move] += sign * value * weight
            valued += 1
        if not valued:  # the budget went on sampling: the rules of thumb decide
            return self.fallback.move(view)
        return max(view.legal, key=totals.__getitem__)  # ties: the first legal move

    def worlds(self, view: PlayView) -> list[tuple[Position, int]]:
        """The decision's worlds, each with how often it was drawn (its weight)."""
        if self.play_model is None:
            return distinct_samples(view, self.rng, self.samples)
        return inferred_samples(view, self.rng, self.samples, self.proposals, self.play_model)

    def world_values(self, position: Position, deadline: float) -> dict[Move, float]:
        """Each legal move's value in one world (seat 0's margin): exact when the
        stock is short enough and the search ends within its budget, else from the
        horizon."""
        if len(position.stock) <= self.exact_stock:
            left = max(deadline - time.perf_counter(), 1e-3)
            try:
                with self.solver.limit(Limit(seconds=left, nodes=self.nodes)):
                    return {m: float(v) for m, v in self.solver.values(position).items()}
            except SearchInterrupted:
                pass
        return self.horizon_values(position)

    def horizon_values(self, position: Position) -> dict[Move, float]:
        """Each legal move's value in one world, searched to the next trick start
        and scored there by the evaluation."""
        leaves: list[Position] = []
        # The horizon: the trick start after this trick (after the break, when due).
        tricks = len(position.tricks) - (1 if position.break_due else 0)
        trees = {}
        for move in position.legal_moves():
            after = position.copy()
            after.push(move)
            trees[move] = _expand(after, tricks, leaves)
        scores = self.evaluation.margins(leaves)
        return {move: tree.reduce(scores) for move, tree in trees.items()}


def _expand(position: Position, tricks: int, leaves: list[Position]) -> _Tree:
    """The tree of ``position`` to the first trick start after ``tricks`` tricks
    (the break and the draws made), its leaves appended to ``leaves``."""
    if position.is_over():
        return _Tree("value", value=float(position.score().margin))
    if not position.trick and not position.break_due and len(position.tricks) > tricks:
        leaves.append(position)
        return _Tree("leaf", leaf=len(leaves) - 1)
    pick = "mean" if position.break_due else "max" if position.to_move == 0 else "min"
    node = _Tree(pick)
    for move in position.legal_moves():
        if position.break_due and not isinstance(move, Break):
            continue  # the swap before a break: no more than a choice of cut
        after = position.copy()
        after.push(move)
        node.children.append(_expand(after, tricks, leaves))
    return node
