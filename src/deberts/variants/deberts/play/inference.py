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
bidding and bella; ``model`` reads, besides, every card the others played through the
learned play model of :mod:`deberts.variants.deberts.play.play_model`, all the
samples of a decision at once (``last`` does not apply: a card costs a few array
operations for all the samples).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np

from deberts.errors import ArgumentError, SearchInterrupted, excerpt
from deberts.model.arguments import integer, positive
from deberts.model.cards import Card, CardSet
from deberts.model.trick_order import trick_power
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.position import Play, Position, legal_in_trick
from deberts.variants.deberts.play import card_model, play_model
from deberts.variants.deberts.play.callers import CallDecision, call_decisions, log_likelihood
from deberts.variants.deberts.play.callers import log_likelihoods as callers_log_likelihoods
from deberts.variants.deberts.play.match import PlayView, view_of
from deberts.variants.deberts.play.players import HeuristicPlayer

#: The play models by name.
MODELS = ("none", "bidding", "heuristic", "dd", "learned", "model")
#: The models that weigh their samples in arrays, :data:`MODEL_CHUNK` at a time.
ARRAY_MODELS = ("bidding", "model")
#: Samples weighed at a time by the models in :data:`ARRAY_MODELS`.
MODEL_CHUNK = 128
#: The best sample's weight; a sample under half a unit of it is dropped.
WEIGHT_SCALE = 1000
#: The probability that a bella owner plays its first card without announcing: under
#: ``owner`` it only costs 20 points; under the other rules it may be a fair choice.
DECLINE = {"owner": 0.02}
DECLINE_OTHERWISE = 0.5


@dataclass(frozen=True)
class Inference:
    """How the samples are weighed: ``model`` one of :data:`MODELS`, ``temperature``
    (points, ``dd``), ``error`` (``heuristic``), ``last``, how many of the others'
    latest decisions the play model reads, and ``trust`` (``model``), the power the
    learned play model's likelihood is raised to: under 1 it flattens the weights,
    so that more samples keep a say when the model is surer than it should be."""

    model: str = "none"
    temperature: float = 10.0
    error: float = 0.2
    last: int = 4
    trust: float = 1.0

    def __post_init__(self) -> None:
        if self.model not in MODELS:
            raise ArgumentError(f"bad infer {excerpt(self.model)}: expected one of {' '.join(MODELS)}")
        positive("temperature", self.temperature)
        if not 0 < positive("error", self.error) < 1:
            raise ArgumentError(f"bad error {self.error}: expected a number between 0 and 1")
        integer("last", self.last, 0)
        if not 0 <= self.trust < float("inf"):
            raise ArgumentError(f"bad trust {self.trust}: expected a number from 0 up")

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
        if self.model in ARRAY_MODELS:
            return integer_weights(self._array_log_likelihoods(view, positions))
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
        elif self.model == "model":
            hands = np.array([position.deal.masks()], dtype=np.int64)
            total += self.trust * float(play_log_likelihoods(view, hands)[0])
        return total

    def _array_log_likelihoods(self, view: PlayView, positions: Iterable[Position]) -> list[float]:
        """The log-likelihoods of the models in :data:`ARRAY_MODELS`: the auction (and,
        under ``model``, the play) of :data:`MODEL_CHUNK` samples at a time in arrays,
        so that a sampler's clock counts most of the weighing; bella sample by sample."""
        logs: list[float] = []
        chunk: list[Position] = []

        def weigh() -> None:
            hands = np.array([p.deal.masks() for p in chunk], dtype=np.int64)
            hands = hands.reshape(len(chunk), view.players)
            known = bidding_log_likelihoods(view, hands)
            if self.model == "model":
                known = known + self.trust * play_log_likelihoods(view, hands)
            logs.extend(float(value) + bella_log_likelihood(view, position)
                        for position, value in zip(chunk, known))
            chunk.clear()

        try:
            for position in positions:
                chunk.append(position)
                if len(chunk) == MODEL_CHUNK:
                    weigh()
        except SearchInterrupted:
            pass
        if chunk:
            weigh()
        return logs

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


@dataclass(frozen=True)
class PublicDecision:
    """A card another seat played, as every sample sees it: the seat, the card, the
    public context (:class:`deberts.variants.deberts.play.play_model.Contexts`), the
    trick before it, and the cards the seat had played before it."""

    seat: int
    card: int
    context: play_model.Contexts
    trick: tuple[Play, ...]
    played_before: int


@lru_cache(maxsize=64)
def public_decisions(view: PlayView) -> tuple[PublicDecision, ...]:
    """Every card played by a seat other than ``view.seat``, in order, with what was
    public before it (once a view: every sample shares them)."""
    found = []
    gone = 0
    played = [0] * view.players
    tricks = [t.plays for t in view.tricks] + [view.trick]
    for number, trick in enumerate(tricks):
        for index, play in enumerate(trick):
            before = tuple(trick[:index])
            if play.seat != view.seat:
                side = play.seat in view.declarer_side
                led, top, side_winning = -1, 0, False
                if before:
                    led = int(before[0].card) >> 3
                    powers = [trick_power(p.card, led, view.trump) for p in before]
                    best = max(range(len(powers)), key=powers.__getitem__)
                    top = powers[best]
                    side_winning = (before[best].seat in view.declarer_side) == side
                context = play_model.Contexts(
                    int(view.trump), gone, led, top, side_winning, index,
                    index == view.players - 1, side, number)
                found.append(PublicDecision(play.seat, int(play.card), context, before,
                                            played[play.seat]))
            gone |= play.card.mask
            played[play.seat] |= play.card.mask
    return tuple(found)


def legal_of_hands(hands: np.ndarray, seat: int, trick: Sequence[Play], view: PlayView,
                   ) -> np.ndarray:
    """The legal cards (masks) of each of ``hands`` for ``seat`` playing to ``trick``:
    the rules read only the cards of the suit led and of trumps, and whether there
    are others, so each such pattern is looked up once."""
    if not trick:
        return hands
    relevant = (0xFF << (8 * (int(trick[0].card) >> 3))) | (0xFF << (8 * int(view.trump)))
    others = hands & ~relevant & 0xFFFFFFFF
    keys = (hands & relevant) | np.where(others != 0, 1 << 32, 0)
    unique, inverse = np.unique(keys, return_inverse=True)
    spare = next(c for c in range(32) if not relevant >> c & 1)
    within = np.empty(len(unique), dtype=np.int64)
    free = np.empty(len(unique), dtype=bool)
    for index, key in enumerate(unique.tolist()):
        hand = (key & relevant) | ((1 << spare) if key >> 32 else 0)
        legal = legal_in_trick(hand, seat, trick, view.trump, view.players, view.rules)
        within[index] = legal & relevant
        free[index] = bool(legal & ~relevant)
    result: np.ndarray = within[inverse] | np.where(free[inverse], others, 0)
    return result


def play_log_likelihoods(view: PlayView, hands: np.ndarray) -> np.ndarray:
    """The log-likelihood under the learned play model
    (:mod:`deberts.variants.deberts.play.play_model`) of every card the other seats
    played in ``view``, for each sampled deal: ``hands`` the ``(samples, players)``
    hands as dealt. Only a seat's own hand in the sample and the public play are
    read, as that seat knew them."""
    hands = np.asarray(hands, dtype=np.int64).reshape(-1, view.players)
    model = play_model.model_for(view.players)
    total = np.zeros(len(hands))
    for decision in public_decisions(view):
        held = hands[:, decision.seat] & ~decision.played_before
        legal = legal_of_hands(held, decision.seat, decision.trick, view)
        total += play_model.chosen_log_probabilities(
            model, held, legal, decision.context, decision.card)
    return total


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


def bidding_log_likelihoods(view: PlayView, hands: np.ndarray) -> np.ndarray:
    """:func:`bidding_log_likelihood` of many sampled deals at once: ``hands`` the
    ``(samples, players)`` hand masks as dealt."""
    return callers_log_likelihoods(_call_decisions(view), hands, view.face_up, skip=view.seat)


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
