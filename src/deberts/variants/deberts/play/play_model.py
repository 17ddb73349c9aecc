"""A learned model of the card a player chooses from what that player knew, evaluated
for many hands at once: the ``model`` play model of
:mod:`deberts.variants.deberts.play.inference`.

A card decision is read as its public context (the contract's trump, the cards
gone, the trick so far: the suit led, the power on top and whether the player's
side holds it, the player's place in the trick, whether the player is on the
declarer's side, the trick's number) and the player's hand. Every card of the deck
gets a row of features (:data:`FEATURES`): what the card is (its rank's place in
its suit, trump or not, its points), where it stands in the hand (the highest or
lowest held of its suit, the suit's length, the master of its suit), and what
playing it does in this trick (wins it, gives points to the side's trick or to the
opponents', ruffs, discards, is the cheapest card that wins). The probability of a
legal card is a softmax over the legal cards of a score: a linear score of the
features plus a small neural network's (one hidden layer of rectified units).

Everything is numpy arrays over many rows at once, so that the weights of a
thousand sampled worlds (each its own hand for the same public context) cost a few
array operations a decision. The weights are trained by ``tools/train_play_model.py``
from self-play decisions (``tools/play_data.py``) and stored in ``play_model.json``
beside this module; no training library is needed to evaluate them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Mapping

import numpy as np

from deberts.errors import DebertsError, excerpt
from deberts.model.trick_order import trick_power
from deberts.model.weights import finite_number, finite_weights, model_field, model_object
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.tricks import card_points

#: The features of a card in its context, in the order of their columns.
_BASE = (
    "points", "trump", "master", "highest_held", "lowest_held", "suit_length", "singleton",
    "cheapest", "dearest", "higher_held", "lower_held",
    "lead_trump", "lead_trump_declarer", "lead_trump_early", "lead_trump_length",
    "lead_master", "lead_master_trump", "lead_points", "lead_length", "lead_singleton",
    "lead_highest", "lead_lowest", "lead_under_master", "lead_unguarded_points",
    "wins_opponent", "overtakes_side", "wins_last", "cheapest_winner", "win_points",
    "side_points", "side_points_last", "lost_points", "ruff", "ruff_side", "discard",
    "discard_points", "discard_singleton", "discard_master", "follow_master",
    "follow_cheapest", "follow_dearest", "follow_highest",
)
#: The rank's place in its suit (0 the highest of the suit), trump or plain, to a
#: lead or in a trick.
_RANKS = tuple(f"{kind}_{where}_rank{place}" for where in ("lead", "follow")
               for kind in ("trump", "plain") for place in range(8))
FEATURES: tuple[str, ...] = _BASE + _RANKS
COLUMNS = {name: column for column, name in enumerate(FEATURES)}
#: The model as its errors name it.
WHAT = "play model"

_CARDS = np.arange(32)
_SUIT = _CARDS >> 3
#: Per trump suit: each card's points (a fraction of the most, 20), whether it is a
#: trump, its power in its own suit, its power in a trick by led suit.
_POINTS = np.array([[card_points(c, t) / 20.0 for c in range(32)] for t in range(4)])
_IS_TRUMP = np.array([[float(c >> 3 == t) for c in range(32)] for t in range(4)])
_OWN = np.array([[trick_power(c, c >> 3, t) for c in range(32)] for t in range(4)])
_POWER = np.array([[[trick_power(c, led, t) for c in range(32)] for led in range(4)]
                   for t in range(4)])
#: ``_HIGHER[t][k, c]``: card ``k`` is of ``c``'s suit and above it, trump ``t``.
_HIGHER = np.array([[[float(k >> 3 == c >> 3 and _OWN[t][k] > _OWN[t][c]) for c in range(32)]
                     for k in range(32)] for t in range(4)])
#: Each card's place in its suit (0 the highest), trump ``t``.
_PLACE = _HIGHER.sum(axis=1).astype(int)
#: A card's order for cheapest and dearest: its points first, then its power.
_COST = _POINTS * 1000 + _OWN


@dataclass(frozen=True)
class Contexts:
    """The public context of ``n`` card decisions, one entry a decision (numpy arrays
    of length ``n``; a scalar is taken for all): the trump suit, the mask of the
    cards gone (played, the trick's included), the suit led (-1: a lead), the power
    on top of the trick (:func:`deberts.model.trick_order.trick_power`), whether the
    player's side holds the trick, the player's place in the trick (0 leads), whether
    the player is the trick's last, whether the player is on the declarer's side,
    and the number of tricks played before."""

    trump: Any
    gone: Any
    led: Any
    top: Any
    side_winning: Any
    order: Any
    last: Any
    declarer_side: Any
    trick_number: Any

    def broadcast(self, n: int) -> Contexts:
        """The same contexts as arrays of length ``n``."""
        return Contexts(*(np.broadcast_to(np.asarray(value), (n,))
                          for value in self.__dict__.values()))


def context_of(position: Position) -> tuple[Contexts, int, int]:
    """The public context of the decision of the seat to move in ``position`` (a
    deal in play), that seat's hand and the legal cards' mask."""
    seat = position.to_move
    trump = int(position.trump)
    gone = 0
    for play in position.stack:
        gone |= 1 << int(play.card)
    trick = position.trick
    declarer = seat in position.declarer_side
    led, top, side, = -1, 0, False
    if trick:
        led = int(trick[0].card) >> 3
        powers = [trick_power(p.card, led, trump) for p in trick]
        best = max(range(len(powers)), key=powers.__getitem__)
        top = powers[best]
        side = (trick[best].seat in position.declarer_side) == declarer
    number = (len(position.stack) - len(trick)) // position.players
    context = Contexts(trump, gone, led, top, side, len(trick),
                       len(trick) == position.players - 1, declarer, number)
    return context, position.hands[seat], position.legal_mask()


#: Set bits of every 16-bit number (numpy 1.x has no ``bitwise_count``).
_POPCOUNT16 = np.array([bin(value).count("1") for value in range(1 << 16)], dtype=np.int64)
#: ``_HIGHER_MASK[t][c]``, ``_LOWER_MASK[t][c]``: the cards of ``c``'s suit above and
#: below it, trump ``t``; ``_SUIT_MASK[c]``: its suit's cards.
_HIGHER_MASK = np.array([[sum(1 << k for k in range(32) if _HIGHER[t][k, c]) for c in range(32)]
                         for t in range(4)], dtype=np.int64)
_LOWER_MASK = np.array([[sum(1 << k for k in range(32) if _HIGHER[t][c, k]) for c in range(32)]
                        for t in range(4)], dtype=np.int64)
_SUIT_MASK = np.array([0xFF << (8 * (c >> 3)) for c in range(32)], dtype=np.int64)
#: ``_TOP[t][c][pattern]``: the highest card of ``c``'s suit among ``pattern`` (its
#: eight cards as bits, rank order), trump ``t``; -1 when none.
def _top(trump: int, card: int, pattern: int) -> int:
    base = card & ~7
    held = [base + k for k in range(8) if pattern >> k & 1]
    return max(held, key=lambda k: _OWN[trump][k]) if held else -1


_TOP = np.array([[[_top(t, c, pattern) for pattern in range(256)] for c in range(32)]
                 for t in range(4)], dtype=np.int64)


def _popcount(masks: np.ndarray) -> np.ndarray:
    """The number of cards of each mask."""
    counts: np.ndarray = _POPCOUNT16[masks & 0xFFFF] + _POPCOUNT16[(masks >> 16) & 0xFFFF]
    return counts


def legal_pairs(legal: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each legal card of ``n`` decisions (masks) as a pair: the decision's index and
    the card, in order of decision then card; and each decision's first pair."""
    legal = np.asarray(legal, dtype=np.int64)
    bits = (legal[:, None] >> _CARDS) & 1 > 0
    decision, card = np.nonzero(bits)
    return decision, card, np.searchsorted(decision, np.arange(len(legal)))


def features(hands: np.ndarray, legal: np.ndarray, contexts: Contexts,
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The features of every legal card of ``n`` decisions: ``hands`` and ``legal``
    the player's hand and legal cards (masks), ``contexts`` the decisions' public
    contexts. The pairs of :func:`legal_pairs` (decision, card, each decision's
    first pair) and their ``(pairs, len(FEATURES))`` rows. Only the legal cards are
    built, so that a thousand hands cost a few thousand rows."""
    hands = np.asarray(hands, dtype=np.int64)
    n = len(hands)
    ctx = contexts.broadcast(n)
    decision, card, starts = legal_pairs(legal)
    trump = ctx.trump.astype(np.int64)[decision]
    hand = hands[decision]
    gone = ctx.gone.astype(np.int64)[decision]
    unseen = ~hand & ~gone & 0xFFFFFFFF
    higher_held = _popcount(hand & _HIGHER_MASK[trump, card])
    higher_unseen = _popcount(unseen & _HIGHER_MASK[trump, card])
    lower_held = _popcount(hand & _LOWER_MASK[trump, card])
    length = _popcount(hand & _SUIT_MASK[card])
    points = _POINTS[trump, card]
    is_trump = _IS_TRUMP[trump, card]
    master = (higher_unseen == 0).astype(float)
    highest = (higher_held == 0).astype(float)
    lowest = (lower_held == 0).astype(float)
    cost = _COST[trump, card]
    sizes = np.diff(np.append(starts, len(card)))
    cheapest = (cost == np.repeat(np.minimum.reduceat(cost, starts), sizes)).astype(float)
    dearest = (points == np.repeat(np.maximum.reduceat(points, starts), sizes)).astype(float)
    led_suit = ctx.led.astype(np.int64)[decision]
    lead = (led_suit < 0).astype(float)
    follow = 1.0 - lead
    power = _POWER[trump, np.maximum(led_suit, 0), card]
    wins = (power > ctx.top.astype(np.int64)[decision]) * follow
    side = ctx.side_winning.astype(float)[decision]
    last = ctx.last.astype(float)[decision]
    declarer = ctx.declarer_side.astype(float)[decision]
    off_suit = (card >> 3 != led_suit) * follow
    big = 1e9
    winner_cost = np.where(wins > 0, cost, big)
    cheapest_winner = wins * (winner_cost == np.repeat(np.minimum.reduceat(winner_cost, starts), sizes))
    remaining = (~gone >> (card & ~7)) & 0xFF
    top_card = _TOP[trump, card, remaining]
    under_master = ((hand >> np.maximum(top_card, 0)) & 1) * (top_card >= 0) * (top_card != card)
    trumps_held = _popcount(hand & (0xFF << (8 * trump))) / 8
    early = (ctx.trick_number.astype(np.int64)[decision] < 2).astype(float)
    plain = 1 - is_trump
    columns = {
        "points": points, "trump": is_trump, "master": master, "highest_held": highest,
        "lowest_held": lowest, "suit_length": length / 8, "singleton": length == 1,
        "cheapest": cheapest, "dearest": dearest, "higher_held": higher_held / 8,
        "lower_held": lower_held / 8,
        "lead_trump": lead * is_trump, "lead_trump_declarer": lead * is_trump * declarer,
        "lead_trump_early": lead * is_trump * early,
        "lead_trump_length": lead * is_trump * trumps_held,
        "lead_master": lead * master, "lead_master_trump": lead * master * is_trump,
        "lead_points": lead * points, "lead_length": lead * length / 8,
        "lead_singleton": lead * (length == 1), "lead_highest": lead * highest,
        "lead_lowest": lead * lowest, "lead_under_master": lead * under_master,
        "lead_unguarded_points": lead * (points >= 0.5) * (1 - master) * plain,
        "wins_opponent": wins * (1 - side), "overtakes_side": wins * side,
        "wins_last": wins * (1 - side) * last, "cheapest_winner": cheapest_winner * (1 - side),
        "win_points": wins * (1 - side) * points, "side_points": follow * side * points,
        "side_points_last": follow * side * points * last,
        "lost_points": follow * (1 - wins) * (1 - side) * points,
        "ruff": off_suit * is_trump, "ruff_side": off_suit * is_trump * side,
        "discard": off_suit * plain, "discard_points": off_suit * plain * points,
        "discard_singleton": off_suit * plain * (length == 1),
        "discard_master": off_suit * plain * master,
        "follow_master": follow * master, "follow_cheapest": follow * cheapest,
        "follow_dearest": follow * dearest, "follow_highest": follow * highest,
    }
    rows = np.zeros((len(card), len(FEATURES)))
    for name, value in columns.items():
        rows[:, COLUMNS[name]] = value
    place = _PLACE[trump, card]
    rank = len(_BASE) + np.where(lead > 0, 0, 16) + np.where(is_trump > 0, 0, 8) + place
    rows[np.arange(len(card)), rank] = 1.0
    return decision, card, starts, rows


@dataclass(frozen=True)
class PlayModel:
    """The weights of a play model: ``linear`` one a feature; ``hidden_in``
    (features by hidden units), ``hidden_bias`` and ``hidden_out`` the network's
    (``hidden_in`` with no columns: a linear model); ``mean`` and ``scale`` the
    features' standardisation for the network."""

    linear: np.ndarray
    hidden_in: np.ndarray
    hidden_bias: np.ndarray
    hidden_out: np.ndarray
    mean: np.ndarray
    scale: np.ndarray

    def __post_init__(self) -> None:
        """Every weight a finite number, of the shapes the features give (a model
        trained to NaN is refused before it is written, a bad file when it is read):
        a :class:`~deberts.errors.DebertsError` naming the field."""
        size = len(FEATURES)
        hidden_in = finite_weights(self.hidden_in, (size, None), WHAT, "hidden_in")
        hidden = hidden_in.shape[1]
        shapes = {"linear": (size,), "hidden_in": (size, hidden), "hidden_bias": (hidden,),
                  "hidden_out": (hidden,), "mean": (size,), "scale": (size,)}
        for name, shape in shapes.items():
            object.__setattr__(self, name, finite_weights(getattr(self, name), shape, WHAT, name))
        if not (self.scale > 0).all():
            raise DebertsError(f"bad {WHAT}: field 'scale' holds a scale that is not above 0")

    @classmethod
    def linear_only(cls, linear: np.ndarray) -> PlayModel:
        """A linear model of these weights."""
        size = len(FEATURES)
        return cls(np.asarray(linear, dtype=float), np.zeros((size, 0)), np.zeros(0),
                   np.zeros(0), np.zeros(size), np.ones(size))

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """The score of each row of features (any leading shape)."""
        score: np.ndarray = rows @ self.linear
        if self.hidden_in.shape[1]:
            standard = (rows - self.mean) / self.scale
            hidden = np.maximum(standard @ self.hidden_in + self.hidden_bias, 0.0)
            score = score + hidden @ self.hidden_out
        return score

    def to_dict(self) -> dict[str, Any]:
        return {
            "linear": {name: round(float(w), 5) for name, w in zip(FEATURES, self.linear)},
            "hidden_in": np.round(self.hidden_in, 5).tolist(),
            "hidden_bias": np.round(self.hidden_bias, 5).tolist(),
            "hidden_out": np.round(self.hidden_out, 5).tolist(),
            "mean": np.round(self.mean, 5).tolist(), "scale": np.round(self.scale, 5).tolist(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayModel:
        """A model from its fields in ``play_model.json`` (:meth:`to_dict`), checked."""
        linear = model_field(data, "linear", WHAT)
        if not isinstance(linear, Mapping):
            raise DebertsError(f"bad {WHAT}: field 'linear' is not an object of weights")
        weights = [finite_number(linear.get(name, 0.0), WHAT, f"linear.{name}")
                   for name in FEATURES]
        hidden_in = finite_weights(model_field(data, "hidden_in", WHAT), (None,) * 2, WHAT,
                                   "hidden_in") if model_field(data, "hidden_in", WHAT) else \
            np.zeros((len(FEATURES), 0))  # a linear model's: no hidden units
        return cls(np.array(weights), hidden_in, *(
            finite_weights(model_field(data, name, WHAT), (None,), WHAT, name)
            for name in ("hidden_bias", "hidden_out", "mean", "scale")))


def segment_log_softmax(scores: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Each score's log-probability within its segment (segments begin at ``starts``,
    each non-empty)."""
    sizes = np.diff(np.append(starts, len(scores)))
    top = np.repeat(np.maximum.reduceat(scores, starts), sizes)
    shifted = scores - top
    total = np.repeat(np.log(np.add.reduceat(np.exp(shifted), starts)), sizes)
    result: np.ndarray = shifted - total
    return result


@cache
def models() -> dict[int, PlayModel]:
    """The package's play models by number of players (``play_model.json``)."""
    text = resources.files(__package__).joinpath("play_model.json").read_text(encoding="utf-8")
    return read_models(text)


def read_models(text: str) -> dict[int, PlayModel]:
    """The play models of a ``play_model.json`` file's text by number of players,
    each checked (:mod:`deberts.model.weights`)."""
    found = model_field(model_object(text, WHAT), "models", WHAT)
    if not isinstance(found, Mapping) or not found:
        raise DebertsError(f"bad {WHAT}: field 'models' is not an object of models")
    models = {}
    for players, data in found.items():
        if players not in ("2", "3", "4"):
            raise DebertsError(f"bad {WHAT}: a model for {excerpt(players)} players, "
                               "expected 2, 3 or 4")
        models[int(players)] = PlayModel.from_dict(data)
    return models


def model_for(players: int) -> PlayModel:
    """The package's model for a game of ``players`` (the nearest trained count)."""
    known = models()
    return known[min(known, key=lambda count: (abs(count - players), -count))]


#: The log-probability given a card the model's sample makes illegal (it cannot
#: happen when the samples respect what the play showed).
IMPOSSIBLE = -30.0


def chosen_log_probabilities(
    model: PlayModel, hands: np.ndarray, legal: np.ndarray, contexts: Contexts,
    cards: int | np.ndarray,
) -> np.ndarray:
    """The log-probability of each of ``n`` decisions' chosen card (``cards``, one or
    one a decision) under ``model``; a decision with one legal card gets 0."""
    hands = np.asarray(hands, dtype=np.int64)
    n = len(hands)
    decision, card, starts, rows = features(hands, legal, contexts)
    logs = segment_log_softmax(model.scores(rows), starts) if len(card) else np.zeros(0)
    chosen = np.broadcast_to(np.asarray(cards, dtype=np.int64), (n,))
    hit = card == chosen[decision]
    result = np.full(n, IMPOSSIBLE)
    result[decision[hit]] = logs[hit]
    return result
