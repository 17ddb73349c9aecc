"""Inference from what the others did: how likely a sampled deal makes the cards they
played, the calls they made and the bella they kept quiet about.

A sampled deal is consistent with everything the seat saw (:mod:`deberts.play.pimc`),
but not every consistent deal is as likely: a player who passed the face-up suit
seldom holds its jack and nine, a declarer holds trumps, and a card played is
usually a good card for the hand that played it. Each sample gets a likelihood, the
product of:

- **the play** of the other seats (partner included) at their latest ``last``
  decisions with a choice, under a model of their play: ``dd``, a softmax over the
  double-dummy values of their legal cards in the sample (``temperature`` points:
  a card ``temperature`` points worse is ``e`` times less likely), or
  ``heuristic``, the card :class:`~deberts.play.players.HeuristicPlayer` would play
  with probability ``1 - error``, any legal card with the rest;
- **the bidding** (docs/rules.md 2.2), read off the contract: round 1 if the trump
  is the face-up suit, every seat before the declarer in bidding order passed, and
  the declarer called. A call's probability is a logistic in the hand's worth for
  the suit (the rule of thumb :func:`~deberts.play.players.hand_worth`), the
  sample's whole hand standing for the six cards seen at the bidding (their
  expected worth: the hand's times ``6 / size``, the face-up card whole in round 1).
  With no face-up card under ``face_up_to = none`` the bidding was one round
  naming any suit on the whole hand: the seats before the declarer passed every
  suit; with none in a view from outside (a Belote deal bid otherwise) only the
  declarer's trumps are read;
- **the bella kept quiet** (docs/rules.md 2.4): a king or queen of trumps played
  without announcing, while the sample puts the other one in the same hand, is a
  declined bella: unlikely under the ``owner`` rule, where declining only costs.

The likelihoods become integer weights (the best sample ``WEIGHT_SCALE``, those under
half a unit 0, never solved), which :func:`deberts.play.sample_choice.best_on_average`
sums exactly. The ``none`` model weighs every sample 1; ``bidding`` reads only the
bidding and bella.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from deberts.engine.solver import Solver
from deberts.errors import ArgumentError, SearchInterrupted, excerpt
from deberts.model.arguments import integer, positive
from deberts.model.bidding import bidding_order
from deberts.model.cards import Card, CardSet, Suit
from deberts.model.declarations import bella_mask
from deberts.model.position import Position
from deberts.model.sides import face_up_turned
from deberts.play.match import PlayView, view_of
from deberts.play.players import HeuristicPlayer, hand_worth

#: The play models by name.
MODELS = ("none", "bidding", "heuristic", "dd")
#: The best sample's weight; a sample under half a unit of it is dropped.
WEIGHT_SCALE = 1000
#: Cards each seat holds at the bidding (docs/rules.md 2.2).
BIDDING_CARDS = 6
#: The worth at which a call is as likely as a pass, and the worth that multiplies
#: their odds by e: the heuristic player's threshold, and a spread about a king of
#: trumps' worth, since the model sees the whole hand and not the six cards.
BID_WORTH = 60.0
BID_SPREAD = 12.0
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
        self, view: PlayView, positions: Sequence[Position], solver: Solver,
    ) -> list[int]:
        """The integer weight of each sampled position (a whole deal in play, the
        play so far replayed), from its log-likelihood. Under a solver limit that
        runs out (``dd``), the weights of the samples reached so far: the list may
        be shorter than ``positions`` (and empty)."""
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
    """The log-probability of the calls the contract implies (see the module's
    docstring), the view's own seat's left out."""
    hands = [CardSet(hand) for hand in position.deal.hands]
    face_up = view.face_up
    order = bidding_order(view.dealer, view.players)
    before = order[:order.index(view.declarer)]
    forced = view.rules.dealer_must_choose and view.declarer == view.dealer
    total = 0.0
    if face_up is None:
        # One round naming any suit on the whole hand (face_up_to = none, docs/rules.md
        # 2.2); a Belote deal from outside, bid otherwise: the declarer's trumps only.
        one_round = not face_up_turned(view.rules)
        for seat in order:
            if seat == view.seat:
                continue
            if one_round and seat in before:
                total += _log_call(False, max(_worth(hands[seat], None, s) for s in Suit))
            elif seat == view.declarer and not (one_round and forced):
                total += _log_call(True, _worth(hands[seat], None, view.trump))
        return total
    others = [suit for suit in Suit if suit != face_up.suit]
    first_round = view.trump == face_up.suit
    for seat in order:
        if seat == view.seat:
            continue
        hand = hands[seat]
        if first_round:
            if seat in before or seat == view.declarer:
                total += _log_call(seat == view.declarer, _worth(hand, face_up, face_up.suit))
            continue
        total += _log_call(False, _worth(hand, face_up, face_up.suit))
        if seat in before:
            total += _log_call(False, max(_worth(hand, face_up, suit) for suit in others))
        elif seat == view.declarer and not forced:
            total += _log_call(True, _worth(hand, face_up, view.trump))
    return total


def _worth(hand: CardSet, face_up: Card | None, suit: Suit) -> float:
    """The worth for ``suit`` of the cards ``hand``'s seat called on: with a face-up
    card, the expected worth of six cards of the hand (the face-up card aside) plus
    the face-up card's when it is of ``suit`` (round 1 bids on it); without one,
    the whole hand's (docs/rules.md 2.1)."""
    if face_up is None:
        return float(hand_worth(hand, suit))
    dealt = hand - CardSet(face_up.mask)
    worth = hand_worth(dealt, suit) * BIDDING_CARDS / max(len(dealt), 1)
    if face_up.suit == suit:
        worth += hand_worth(CardSet(face_up.mask), suit)
    return worth


def _log_call(called: bool, worth: float) -> float:
    """The log-probability of calling (or passing) with a hand of ``worth``."""
    odds = (worth - BID_WORTH) / BID_SPREAD
    return -math.log1p(math.exp(-odds if called else odds))


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
