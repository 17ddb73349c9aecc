"""A model of how a Tertz player chooses his move while the stock lasts, and the
likelihood under it of what the opponent did in a sampled world.

The model is a conditional logit: each legal move gets a score, a weighted sum of
features of the move and of what the mover knew (his hand then, the card on the
table, the trump, the stock's size), and the move is chosen with probability
proportional to the exponential of its score. It is fitted to the decisions of
self-play deals (``tools/tertz_play_model.py``) and evaluated with numpy only.

Inference uses it on the opponent: in a world drawn uniformly among those consistent
with a player's view (:mod:`~deberts.variants.tertz.play.sampling`), the opponent's
hand at each of his past decisions is known, so the probability of the move he made
(a card, the swap or not, the break) is too; the product over his decisions weighs
the world. A world where he kept an ace he would have played, or did not swap a
seven he held, weighs less. Only decisions made while the stock lasted count: once
it is gone, the opponent's hand is known exactly.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from deberts.errors import DebertsError
from deberts.model.cards import Card, Rank, Suit, iter_bits
from deberts.model.trick_order import trick_power
from deberts.model.weights import finite_weights, model_field, model_object
from deberts.variants.tertz.model import SWAP, Move, Position
from deberts.variants.tertz.model.declarations import combination_points
from deberts.variants.tertz.model.record import GameRecord
from deberts.variants.tertz.model.tricks import card_points, suit_mask
from deberts.variants.tertz.play.match import PlayView
from deberts.variants.tertz.play.sampling import (
    MIN_TRIES,
    TRIES_PER_SAMPLE,
    distinct_samples,
    hidden_of,
    replayed,
    sample_deal,
)

FORMAT = "tertz-play-model/1"
#: The shipped model's file, beside this module.
SHIPPED = Path(__file__).with_name("tertz_play_model.json")

#: The features of a move, in the order of the weights. Features constant within
#: a decision (the stock's size alone, say) would cancel in the softmax, so each
#: is a property of the move, or of the move and its context.
FEATURES = (
    "lead_points", "lead_trump", "lead_trump_power", "lead_ace_or_ten",
    "lead_lowest_in_suit", "lead_highest_in_suit", "lead_suit_length",
    "lead_least_keep",
    "answer_points", "answer_trump", "answer_wins", "answer_wins_x_table",
    "answer_trumps_plain", "answer_follows", "answer_lowest", "answer_cheapest_winner",
    "answer_ace_or_ten",
    "trump_jack", "trump_x_stock", "breaks_combination", "marriage_card",
    "swap", "swap_gain",
)
WIDTH = len(FEATURES)
_INDEX = {name: i for i, name in enumerate(FEATURES)}
#: While the stock lasts a trump or an ace or ten in hand is worth keeping (the rules
#: of thumb's values), used for the cheapest card to lead or win with.
_TRUMP_KEEP, _HIGH_KEEP = 20, 8


def _keep(card: int, trump: int) -> int:
    worth = card_points(card, trump) + trick_power(card, card // 8, trump)
    if card // 8 == trump:
        worth += _TRUMP_KEEP
    elif card % 8 in (Rank.ACE, Rank.TEN):
        worth += _HIGH_KEEP
    return worth


def move_features(position: Position, moves: Sequence[Move]) -> np.ndarray:
    """A row of :data:`FEATURES` for each of ``moves`` (legal in ``position``), from
    what the player to move knows: his hand, the table, the trump, the stock."""
    rows = np.zeros((len(moves), WIDTH))
    hand = position.hands[position.to_move]
    trump = int(position.trump)
    stock = len(position.stock)
    combos = combination_points(hand)
    cards = [int(m) for m in moves if isinstance(m, Card)]
    led = int(position.trick[0]) if position.trick else None
    if led is None:
        least = min(cards, key=lambda c: _keep(c, trump), default=-1)
        cheapest = lowest = -1
        beat = table = 0
    else:
        beat = trick_power(led, led // 8, trump)
        table = card_points(led, trump)
        winners = [c for c in cards if trick_power(c, led // 8, trump) > beat]
        cheapest = min(winners, key=lambda c: _keep(c, trump), default=-1)
        lowest = min(cards, key=lambda c: (card_points(c, trump),
                                           trick_power(c, c // 8, trump), c))
        least = -1
    married = Card.of(Suit(trump), Rank.KING).mask | Card.of(Suit(trump), Rank.QUEEN).mask
    has_marriage = hand & married == married and not any(position.marriage)
    for row, move in zip(rows, moves):
        if move == SWAP:
            seven = Card.of(Suit(trump), Rank.SEVEN).mask
            face_up = position.stock[-1].mask
            row[_INDEX["swap"]] = 1.0
            row[_INDEX["swap_gain"]] = (combination_points(hand ^ seven ^ face_up) - combos) / 100
            continue
        if not isinstance(move, Card):
            continue  # a break: every cut alike
        c = int(move)
        suit = c // 8
        points = card_points(c, trump) / 10
        is_trump = suit == trump
        ace_or_ten = not is_trump and c % 8 in (Rank.ACE, Rank.TEN)
        in_suit = [x for x in iter_bits(hand & suit_mask(suit))]
        powers = [trick_power(x, suit, trump) for x in in_suit]
        power = trick_power(c, suit, trump)
        if led is None:
            row[_INDEX["lead_points"]] = points
            row[_INDEX["lead_trump"]] = is_trump
            row[_INDEX["lead_trump_power"]] = power / 8 if is_trump else 0.0
            row[_INDEX["lead_ace_or_ten"]] = ace_or_ten
            row[_INDEX["lead_lowest_in_suit"]] = power == min(powers)
            row[_INDEX["lead_highest_in_suit"]] = power == max(powers)
            row[_INDEX["lead_suit_length"]] = len(in_suit) / 9
            row[_INDEX["lead_least_keep"]] = c == least
        else:
            wins = trick_power(c, led // 8, trump) > beat
            row[_INDEX["answer_points"]] = points
            row[_INDEX["answer_trump"]] = is_trump
            row[_INDEX["answer_wins"]] = wins
            row[_INDEX["answer_wins_x_table"]] = wins * table / 10
            row[_INDEX["answer_trumps_plain"]] = is_trump and led // 8 != trump
            row[_INDEX["answer_follows"]] = suit == led // 8
            row[_INDEX["answer_lowest"]] = c == lowest
            row[_INDEX["answer_cheapest_winner"]] = c == cheapest
            row[_INDEX["answer_ace_or_ten"]] = ace_or_ten
        row[_INDEX["trump_jack"]] = is_trump and c % 8 == Rank.JACK
        row[_INDEX["trump_x_stock"]] = is_trump * stock / 14
        row[_INDEX["breaks_combination"]] = (combos - combination_points(hand & ~(1 << c))) / 100
        row[_INDEX["marriage_card"]] = has_marriage and bool(married >> c & 1)
    return rows


@dataclass(frozen=True)
class Decision:
    """One choice of a player among two legal moves or more: the features of each
    legal move and the index of the one chosen."""

    features: np.ndarray
    chosen: int


def informative(position: Position) -> bool:
    """Whether the choice of the player to move says something the model can use:
    the stock lasts, and the moves are not all alike (the breaks alone are)."""
    if not position.stock or position.is_over():
        return False
    return not position.break_due or position.can_swap()


def record_decisions(record: GameRecord) -> list[Decision]:
    """Every informative decision of both players in ``record`` (training data)."""
    position = record.start()
    decisions = []
    for move in record.moves:
        if informative(position):
            moves = position.legal_moves()
            if len(moves) > 1:
                decisions.append(Decision(move_features(position, moves), moves.index(move)))
        position.push(move)
    return decisions


class PlayModel:
    """The conditional logit's weights: :meth:`probabilities` of a decision's legal
    moves, :meth:`log_likelihood` of a move made."""

    def __init__(self, weights: Sequence[float] | np.ndarray,
                 meta: dict[str, Any] | None = None) -> None:
        self.weights = finite_weights(weights, (WIDTH,), "play model", "weights")
        self.meta = dict(meta or {})

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """The probability of each row's move (rows from :func:`move_features`)."""
        logits = features @ self.weights
        e = np.exp(logits - logits.max())
        result: np.ndarray = e / e.sum()
        return result

    def log_likelihood(self, position: Position, move: Move) -> float:
        """The log-probability that the player to move in ``position`` makes
        ``move`` (0 for a decision that says nothing: see :func:`informative`)."""
        if not informative(position):
            return 0.0
        moves = position.legal_moves()
        if len(moves) < 2:
            return 0.0
        logits = move_features(position, moves) @ self.weights
        top = float(logits.max())
        total = top + math.log(float(np.exp(logits - top).sum()))
        return float(logits[moves.index(move)]) - total

    def text(self, meta: dict[str, Any] | None = None) -> str:
        """The model as the JSON text of its file, which :meth:`load` reads."""
        data = {"format": FORMAT, "features": list(FEATURES),
                "weights": [round(float(w), 6) for w in self.weights],
                "meta": meta if meta is not None else self.meta}
        return json.dumps(data, indent=1) + "\n"

    @classmethod
    def load(cls, path: str | Path | None = None) -> PlayModel:
        """A model from its JSON file (the shipped one by default), checked
        (:mod:`deberts.model.weights`)."""
        what = f"play model {path}" if path is not None else "play model"
        data = model_object(Path(path if path is not None else SHIPPED).read_text("utf-8"), what)
        if data.get("format") != FORMAT or data.get("features") != list(FEATURES):
            raise DebertsError(f"bad {what}: not {FORMAT} with these features")
        meta = data.get("meta")
        return cls(finite_weights(model_field(data, "weights", what), (WIDTH,), what, "weights"),
                   meta if isinstance(meta, dict) else None)


@lru_cache(maxsize=1)
def shipped_play_model() -> PlayModel:
    """The model shipped with the package, loaded once."""
    return PlayModel.load()


def world_log_likelihood(view: PlayView, world: Position, model: PlayModel) -> float:
    """The log-probability under ``model`` of every informative move the opponent of
    ``view.seat`` made, in ``world`` (a position consistent with ``view``: the deal
    replayed to it; only its deal and moves are read)."""
    opponent = 1 - view.seat
    position = Position(world.deal, world.rules)
    total = 0.0
    for move in view.moves:
        if position.to_move == opponent:
            total += model.log_likelihood(position, move)
        position.push(move)
    return total


def inferred_samples(
    view: PlayView, rng: random.Random, wanted: int, proposals: int, model: PlayModel,
) -> list[tuple[Position, int]]:
    """Up to ``wanted`` worlds for ``view``, merged where equal, each with how often it
    was drawn (the most frequent first), as :func:`distinct_samples` gives them, but
    drawn in proportion to the likelihood of the opponent's moves in them: up to
    ``proposals`` worlds are drawn uniformly among those consistent with the view,
    each weighed by :func:`world_log_likelihood`, and ``wanted`` are drawn from them,
    with replacement, in proportion to their weights. The weights depend on the view
    and the world only; a world that does not replay to the view is never weighed.
    Once the stock is gone the world is known: one is drawn, unweighed."""
    if not view.stock_size:
        return distinct_samples(view, rng, 1)
    hidden = hidden_of(view)
    pool: list[Position] = []
    logs: list[float] = []
    for _ in range(max(MIN_TRIES, TRIES_PER_SAMPLE * proposals)):
        position = replayed(view, sample_deal(view, hidden, rng))
        if position is None:
            continue
        pool.append(position)
        logs.append(world_log_likelihood(view, position, model))
        if len(pool) == proposals:
            break
    if not pool:
        return []
    weights = np.exp(np.array(logs) - max(logs))
    picks = rng.choices(range(len(pool)), weights=weights.tolist(), k=wanted)
    counts: Counter[int] = Counter()
    first: dict[tuple[object, ...], int] = {}
    for index in picks:
        position = pool[index]
        counts[first.setdefault((position.hands, position.stock), index)] += 1
    return [(pool[index], count) for index, count in counts.most_common()]
