"""A model of callers that reads any auction: how likely a hand makes the calls its
seat really made, whatever bidding system (and bidder) produced them.

Each call is a decision between the suits the seat could have named at that point
and a pass. The model: a caller names a suit when his hand's worth in it (the rule
of thumb :func:`~deberts.variants.deberts.play.players.hand_worth`) passes the threshold of the
call's context; the probability is a logistic, ``1 / (1 + exp(-(worth - threshold)
/ spread))``. A pass means the reverse for every suit he could have named; a suit
named means it passed, and among the suits that passed the caller names each in
proportion to its probability. A caller also errs: with probability ``tremble`` his
call is any open to him, alike, so no call makes a hand impossible. The contexts:

- this game's bidding after a card turned up (docs/rules.md 2.2): ``face_up`` (round
  1, ``play`` on the face-up suit) and ``second_round`` (naming another suit), the
  worth that of the six cards seen then (the face-up card included in round 1);
- this game's one round naming any suit (``face_up_to = none``): ``one_round``;
- an auction under another system (:func:`~deberts.variants.deberts.model.bidding.outside_contract`,
  Belote bid as colver bids it, where another seat may have named a suit first):
  ``open`` (no suit named yet), ``partner`` (the partner's suit is the last named)
  and ``overcall`` (an opponent's is), any suit open to the caller, the worth that
  of the whole hand. Coinches are not read.

The thresholds, spreads and trembles are calibrated by simulation, by maximum likelihood over
the decisions of a bidder (``benchmarks/calibrate_callers.py``, which writes
``callers.json`` with the command that made it): our PIMC bidder for this game's
contexts, colver's rule bidder for the others. A forced call (the dealer under
``dealer_must_choose``) tells nothing and is not read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Sequence

import numpy as np

from deberts.errors import DebertsError, excerpt
from deberts.model.cards import Card, CardSet, Suit
from deberts.model.weights import finite_number, model_field, model_object
from deberts.variants.deberts.model.bidding import (
    PASS,
    PLAY,
    Bid,
    bidding_order,
    calls_contract,
    names_suit,
)
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.sides import partner_of
from deberts.variants.deberts.play.players import SIDE_WORTH, TRUMP_WORTH, hand_worth

#: The contexts of a call (see the module's docstring).
CONTEXTS = ("face_up", "second_round", "one_round", "open", "partner", "overcall")
#: Cards each seat holds at the bidding after a card turned up (docs/rules.md 2.2).
BIDDING_CARDS = 6


@dataclass(frozen=True)
class CallDecision:
    """One call read by the model: ``seat`` chose between naming one of ``options``
    and passing, in ``context``, and named ``named`` (``None``: passed)."""

    seat: int
    context: str
    options: tuple[Suit, ...]
    named: Suit | None


@dataclass(frozen=True)
class Caller:
    """A context's calibrated caller: the worth at which naming a suit is as likely
    as not, the worth that multiplies the odds by e, and the probability of a call
    the model does not expect."""

    threshold: float
    spread: float
    tremble: float


@cache
def callers() -> dict[str, Caller]:
    """The calibrated callers by context, read from the package's ``callers.json``."""
    text = resources.files(__package__).joinpath("callers.json").read_text(encoding="utf-8")
    return read_callers(text)


def read_callers(text: str) -> dict[str, Caller]:
    """The callers of a ``callers.json`` file's text by context, each parameter a
    finite number, the spread above 0 and the tremble a probability
    (:mod:`deberts.model.weights`)."""
    what = "callers"
    data = model_field(model_object(text, what), "contexts", what)
    if not isinstance(data, dict) or not data:
        raise DebertsError(f"bad {what}: field 'contexts' is not an object of callers")
    found = {}
    for name, entry in data.items():
        threshold, spread, tremble = (
            finite_number(model_field(entry, field, what), what, f"{name}.{field}")
            for field in ("threshold", "spread", "tremble"))
        if not spread > 0 or not 0 <= tremble <= 1:
            raise DebertsError(f"bad {what}: context {excerpt(name)}: spread {spread} and "
                               f"tremble {tremble}, expected a spread above 0 and a "
                               "tremble from 0 to 1")
        found[name] = Caller(threshold, spread, tremble)
    return found


def log_probabilities(
    worths: np.ndarray, named: np.ndarray, threshold: np.ndarray, spread: np.ndarray,
    tremble: np.ndarray,
) -> np.ndarray:
    """Each decision's log-probability under the callers: ``worths`` ``(..., n, 4)``
    the worth of each suit in :class:`Suit` order (``-inf`` for a suit the caller
    could not name), ``named`` ``(n,)`` the index of the suit named (-1: a pass); the
    parameters broadcast against ``(..., n)`` (one a decision, or a grid of them).

    The model's pass is ``prod(1 - p)`` over the suits open, ``p`` each suit's
    logistic; a suit named gets the rest in proportion to its ``p``; mixed with a
    uniform call (``tremble``) among the suits open and the pass."""
    odds = (worths - threshold[..., None]) / spread[..., None]
    log_yes = -np.logaddexp(0.0, -odds)
    log_pass = (-np.logaddexp(0.0, odds)).sum(axis=-1)
    index = np.broadcast_to(np.maximum(named, 0)[..., None], log_yes.shape[:-1] + (1,))
    share = np.take_along_axis(log_yes, index, axis=-1)[..., 0] - np.logaddexp.reduce(
        log_yes, axis=-1)
    log_call = np.log(-np.expm1(log_pass)) + share
    model = np.where(named >= 0, log_call, log_pass)
    uniform = 1.0 / (np.isfinite(worths).sum(axis=-1) + 1)
    logs: np.ndarray = np.log(tremble * uniform + (1 - tremble) * np.exp(model))
    return logs


def decision_worths(
    decisions: Sequence[CallDecision], hands: Sequence[CardSet], face_up: Card | None,
) -> tuple[np.ndarray, np.ndarray]:
    """The ``worths`` and ``named`` arrays of :func:`log_probabilities` for
    ``decisions`` when each seat held ``hands[seat]`` (its whole hand as dealt)."""
    worths = np.full((len(decisions), len(Suit)), -np.inf)
    named = np.full(len(decisions), -1)
    for row, decision in enumerate(decisions):
        for suit in decision.options:
            worths[row, suit] = worth(hands[decision.seat], suit, decision.context, face_up)
        if decision.named is not None:
            named[row] = decision.named
    return worths, named


def call_decisions(
    calls: Sequence[Bid], dealer: int, players: int, rules: Rules, face_up: Card | None,
    trump: Suit, declarer: int,
) -> list[CallDecision]:
    """The decisions the model reads in ``calls``: this game's bidding when they are
    one (docs/rules.md 2.2), else an auction under another system. With no calls,
    those the contract (``trump`` by ``declarer``) implies: after a card turned up,
    every seat before the declarer passed in each round up to his; with none turned
    up (the auction unknown, perhaps another system's), only the declarer's naming
    of the trump."""
    suit = None if face_up is None else face_up.suit
    if not calls:
        if face_up is None:
            return [CallDecision(declarer, "open", tuple(Suit), trump)]
        calls = implied_bidding(dealer, players, face_up, trump, declarer)
    contract, own = calls_contract(calls, dealer, players, suit, rules)
    if own and contract is not None:
        return _own_decisions(calls, dealer, players, rules, suit)
    return _outside_decisions(calls, players, rules)  # or this game's, everyone passing


def implied_bidding(
    dealer: int, players: int, face_up: Card, trump: Suit, declarer: int,
) -> tuple[Bid, ...]:
    """This game's bidding that the contract implies after ``face_up`` turned up:
    passes round to the declarer, who played (round 1) or named ``trump``."""
    order = bidding_order(dealer, players)
    first_round = trump == face_up.suit
    calls = [] if first_round else [Bid(seat, PASS) for seat in order]
    calls += [Bid(seat, PASS) for seat in order[:order.index(declarer)]]
    calls.append(Bid(declarer, PLAY if first_round else trump.name))
    return tuple(calls)


def _own_decisions(
    calls: Sequence[Bid], dealer: int, players: int, rules: Rules, suit: Suit | None,
) -> list[CallDecision]:
    found = []
    for index, bid in enumerate(calls):
        round_ = 1 + index // players if suit is not None else 1
        forced = rules.dealer_must_choose and bid.seat == dealer and (suit is None or round_ == 2)
        if forced:
            continue
        if suit is not None and round_ == 1:
            found.append(CallDecision(bid.seat, "face_up", (suit,), suit if bid.call == PLAY else None))
            continue
        context = "one_round" if suit is None else "second_round"
        options = tuple(s for s in Suit if s != suit)
        found.append(CallDecision(bid.seat, context, options,
                                  None if bid.call == PASS else Suit.parse(bid.call)))
    return found


def _outside_decisions(calls: Sequence[Bid], players: int, rules: Rules) -> list[CallDecision]:
    found = []
    last: int | None = None  # the seat that named the last suit
    for bid in calls:
        if bid.call != PASS and not names_suit(bid.call):
            continue  # a coinche: not read
        if last is None:
            context = "open"
        elif last == bid.seat or last == partner_of(bid.seat, players, rules):
            context = "partner"
        else:
            context = "overcall"
        named = Suit.parse(bid.call) if names_suit(bid.call) else None
        found.append(CallDecision(bid.seat, context, tuple(Suit), named))
        if named is not None:
            last = bid.seat
    return found


def worth(hand: CardSet, suit: Suit, context: str, face_up: Card | None) -> float:
    """The worth for ``suit`` of what ``hand``'s seat called on: after a card turned
    up (``face_up``, ``second_round``), the expected worth of six cards of the hand
    (the face-up card aside) plus, in round 1, the face-up card's; otherwise the
    whole hand's (docs/rules.md 2.1)."""
    if context not in ("face_up", "second_round") or face_up is None:
        return float(hand_worth(hand, suit))
    dealt = hand - CardSet(face_up.mask)
    value = hand_worth(dealt, suit) * BIDDING_CARDS / max(len(dealt), 1)
    if context == "face_up":
        value += hand_worth(CardSet(face_up.mask), suit)
    return value


def log_likelihood(
    decisions: Sequence[CallDecision], hands: Sequence[CardSet], face_up: Card | None,
    skip: int | None = None,
) -> float:
    """The log-probability of ``decisions`` when each seat held ``hands[seat]`` (its
    whole hand as dealt), ``skip``'s own calls left out (they tell its own seat
    nothing)."""
    read = [decision for decision in decisions if decision.seat != skip]
    if not read:
        return 0.0
    table = callers()
    worths, named = decision_worths(read, hands, face_up)
    chosen = [table[decision.context] for decision in read]
    return float(log_probabilities(
        worths, named, np.array([c.threshold for c in chosen]),
        np.array([c.spread for c in chosen]), np.array([c.tremble for c in chosen]),
    ).sum())


#: ``_CARD_WORTH[suit][card]``: what a card adds to :func:`hand_worth` for ``suit``.
_CARD_WORTH = np.array([[float(TRUMP_WORTH[c & 7] if c >> 3 == suit else SIDE_WORTH[c & 7])
                         for c in range(32)] for suit in range(len(Suit))])


def log_likelihoods(
    decisions: Sequence[CallDecision], hands: np.ndarray, face_up: Card | None,
    skip: int | None = None,
) -> np.ndarray:
    """:func:`log_likelihood` of many deals at once: ``hands`` the ``(deals, seats)``
    hand masks as dealt; one log-probability a deal."""
    hands = np.asarray(hands, dtype=np.int64)
    read = [decision for decision in decisions if decision.seat != skip]
    if not read:
        return np.zeros(len(hands))
    table = callers()
    bits = ((hands[:, :, None] >> np.arange(32)) & 1).astype(float)
    worths = np.full((len(hands), len(read), len(Suit)), -np.inf)
    named = np.array([-1 if d.named is None else int(d.named) for d in read])
    for row, decision in enumerate(read):
        held = bits[:, decision.seat]
        scaled = decision.context in ("face_up", "second_round") and face_up is not None
        if scaled:
            assert face_up is not None
            held = held.copy()
            held[:, int(face_up)] = 0.0
            count = np.maximum(held.sum(axis=1), 1.0)
        for suit in decision.options:
            value = held @ _CARD_WORTH[int(suit)]
            if scaled:
                assert face_up is not None
                value = value * BIDDING_CARDS / count
                if decision.context == "face_up":
                    value = value + _CARD_WORTH[int(suit)][int(face_up)]
            worths[:, row, int(suit)] = value
    chosen = [table[decision.context] for decision in read]
    logs = log_probabilities(
        worths, named, np.array([c.threshold for c in chosen]),
        np.array([c.spread for c in chosen]), np.array([c.tremble for c in chosen]))
    result: np.ndarray = logs.sum(axis=-1)
    return result
