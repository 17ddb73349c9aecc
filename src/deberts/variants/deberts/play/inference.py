"""Inference from what the others did: how likely a sampled deal makes the cards they
played, the calls they made and the bella they kept quiet about.

A sampled deal is consistent with everything the seat saw (:mod:`deberts.variants.deberts.play.pimc`),
but not every consistent deal is as likely: a player who passed the face-up suit
seldom holds its jack and nine, a declarer holds trumps, and a card played is
usually a good card for the hand that played it. Each sample gets a likelihood, the
product of:

- **the play** of the other seats (partner included) at their latest ``last``
  decisions with a choice, under a model of their play: ``dd``, a softmax over the
  double-dummy values of their legal cards in the sample (``temperature`` points:
  a card ``temperature`` points worse is ``e`` times less likely), or
  ``heuristic``, the card :class:`~deberts.variants.deberts.play.players.HeuristicPlayer` would play
  with probability ``1 - error``, any legal card with the rest; or ``learned``, a
  model of the card chosen from what that player knew, learned from self-play
  records (:mod:`deberts.variants.deberts.play.card_model`);
- **the auction** as the view carries it (:attr:`~deberts.variants.deberts.play.match.PlayView.auction`:
  this game's bidding, docs/rules.md 2.2, or another system's, such as Belote bid
  by colver's bidder, where another seat may have named a suit first), read through
  a model of callers calibrated by simulation (:mod:`deberts.variants.deberts.play.callers`): a suit
  is named when the hand's worth in it passes a threshold, a pass says no suit the
  seat could name did. With no auction in the view, the calls the contract implies
  after a card turned up, else only the declarer's naming of the trump;
- **the bella kept quiet** (docs/rules.md 2.4): a king or queen of trumps played
  without announcing, while the sample puts the other one in the same hand, is a
  declined bella: unlikely under the ``owner`` rule, where declining only costs.

The likelihoods become integer weights (the best sample ``WEIGHT_SCALE``, those under
half a unit 0, never solved), which :func:`deberts.variants.deberts.play.sample_choice.best_on_average`
sums exactly. The ``none`` model weighs every sample 1; ``bidding`` reads only the
bidding and bella.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from deberts.variants.deberts.engine.solver import Solver
from deberts.errors import ArgumentError, SearchInterrupted, excerpt
from deberts.model.arguments import integer, positive
from deberts.model.cards import Card, CardSet
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.play import card_model
from deberts.variants.deberts.play.callers import CallDecision, call_decisions, log_likelihood
from deberts.variants.deberts.play.match import PlayView, view_of
from deberts.variants.deberts.play.players import HeuristicPlayer

#: The play models by name.
MODELS = ("none", "bidding", "heuristic", "dd", "learned")
#: The best sample's weight; a sample under half a unit of it is dropped.
WEIGHT_SCALE = 1000
#: The probability that a bella owner plays its first card without announcing: under
#: ``owner`` it only costs 20 points; under the other rules it may be a fair choice.
DECLINE = {"owner": 0.02}
DECLINE_OTHERWISE = 0.5


@dataclass(frozen=True)
class Inference:
    """How the samples are weighed: ``model`` one of :data:`MODELS`, ``temperature``
    (points, ``dd``), ``error`` (``heuristic``) and ``last``, how many of the
    others' latest decisions the play model reads."""

    model: str = "none"
    temperature: float = 10.0
    error: float = 0.2
    last: int = 4

    def __post_init__(self) -> None:
        if self.model not in MODELS:
            raise ArgumentError(f"bad infer {excerpt(self.model)}: expected one of {' '.join(MODELS)}")
        positive("temperature", self.temperature)
        if not 0 < positive("error", self.error) < 1:
            raise ArgumentError(f"bad error {self.error}: expected a number between 0 and 1")
        integer("last", self.last, 0)

    @property
    def active(self) -> bool:
        return self.model != "none"

    def weights(
        self, view: PlayView, positions: Iterable[Position], solver: Solver,
    ) -> list[int]:
        """The integer weight of each sampled position (a whole deal in play, the
        play so far replayed), from its log-likelihood, each weighed as it is taken
        from ``positions`` (a generator may stop on time, weighing included). Under a
        solver limit that runs out (``dd``), the weights of the samples reached so
        far: the list may be shorter than ``positions`` (and empty)."""
        logs = []
        try:
            for position in positions:
                logs.append(self.log_likelihood(view, position, solver))
        except SearchInterrupted:
            pass
        return integer_weights(logs)

    def log_likelihood(self, view: PlayView, position: Position, solver: Solver) -> float:
        """The log-likelihood of the others' calls, bella and (by the play model)
        cards under the sampled ``position``."""
        if not self.active:
            return 0.0
        total = bidding_log_likelihood(view, position) + bella_log_likelihood(view, position)
        if self.model == "dd":
            total += self._dd_log_likelihood(view, position, solver)
        elif self.model == "heuristic":
            total += self._heuristic_log_likelihood(view, position)
        elif self.model == "learned":
            total += sum(card_model.log_probability(before, card)
                         for before, card in decisions(view, position, self.last))
        return total

    def _dd_log_likelihood(self, view: PlayView, position: Position, solver: Solver) -> float:
        total = 0.0
        for before, card in decisions(view, position, self.last):
            margins = solver.values(before)
            sign = 1 if before.to_move in before.declarer_side else -1
            logits = {c: sign * margin / self.temperature for c, margin in margins.items()}
            top = max(logits.values())
            total += logits[card] - top - math.log(
                sum(math.exp(value - top) for value in logits.values()))
        return total

    def _heuristic_log_likelihood(self, view: PlayView, position: Position) -> float:
        total = 0.0
        for before, card in decisions(view, position, self.last):
            seen = view_of(before, view.face_up, view.dealer, view.exchanger)
            chosen = HeuristicPlayer().play(seen)
            spread = self.error / len(seen.legal)
            total += math.log(spread + (1 - self.error) * (card == chosen))
        return total


def decisions(
    view: PlayView, position: Position, last: int
) -> list[tuple[Position, Card]]:
    """The latest ``last`` plays by seats other than ``view.seat``, latest first, each
    with the sampled position before it; those where the sample leaves a single
    legal card (no choice, nothing learned) are left out."""
    found: list[tuple[Position, Card]] = []
    before = position.copy()
    seen = 0
    while before.stack and seen < last:
        play = before.pop()
        if play.seat == view.seat:
            continue
        seen += 1
        if before.legal_mask().bit_count() > 1:
            found.append((before.copy(), play.card))
    return found


def integer_weights(logs: Sequence[float]) -> list[int]:
    """Log-likelihoods as integer weights: the highest :data:`WEIGHT_SCALE`, each
    other in proportion, rounded (so a sample under half a unit weighs 0)."""
    if not logs:
        return []
    top = max(logs)
    return [round(WEIGHT_SCALE * math.exp(value - top)) for value in logs]


def bidding_log_likelihood(view: PlayView, position: Position) -> float:
    """The log-probability of the others' calls in ``view``'s auction (or those its
    contract implies) when they hold ``position``'s hands, under the model of
    callers (:mod:`deberts.variants.deberts.play.callers`); the view's own seat's calls left out."""
    hands = [CardSet(hand) for hand in position.deal.hands]
    return log_likelihood(_call_decisions(view), hands, view.face_up, skip=view.seat)


@lru_cache(maxsize=64)
def _call_decisions(view: PlayView) -> tuple[CallDecision, ...]:
    """The calls of ``view`` the model reads, once a view (every sample shares them)."""
    return tuple(call_decisions(view.auction, view.dealer, view.players, view.rules,
                                view.face_up, view.trump, view.declarer))


def bella_log_likelihood(view: PlayView, position: Position) -> float:
    """The log-probability of each bella the sample says another seat declined: the
    first of the king and queen of trumps played without announcing by a seat the
    sample gives both."""
    both = bella_mask(view.trump)
    owner = next((seat for seat, hand in enumerate(position.deal.hands)
                  if CardSet(hand).mask & both == both), None)
    if owner is None or owner == view.seat:
        return 0.0
    first = next((play for play in view.plays() if play.card.mask & both), None)
    if first is None or first.seat != owner or first.bella:
        return 0.0
    return math.log(DECLINE.get(view.rules.bella, DECLINE_OTHERWISE))
