"""A learned model of the card a player chooses, from what that player knew: the
``learned`` play model of :mod:`deberts.variants.deberts.play.inference`.

Each legal card of the seat to move gets a few features of the card in its
situation, computed from the seat's own hand and what is public (the contract,
the trick, the cards played): its points, whether it is a trump, wins the trick,
gives points to a partner's winning trick or throws them away under an opponent's,
is the master of its suit, its place in the hand's holding of the suit, and what a
lead of it says. The probability of a card is a softmax over the legal cards of a
weighted sum of its features (a conditional logit), the weights learned by
maximum likelihood from self-play records (``tools/train_card_model.py``, which
writes ``card_model.json`` with the command that made it). Evaluated in numpy; no
training library is needed at run time.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import numpy as np

from deberts.errors import DebertsError
from deberts.model.cards import Card, CardSet, Rank
from deberts.model.trick_order import trick_power
from deberts.model.weights import finite_number, model_field, model_object
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.tricks import card_points

#: The features' names, in the order of their columns.
FEATURES = (
    "points", "trump", "wins", "wins_points", "wins_last", "partner_points",
    "lost_points", "power", "master", "highest_of_suit", "lowest_of_suit",
    "suit_length", "singleton", "ruff", "discard", "discard_points", "overtrump_partner",
    "lead_trump_declarer", "lead_trump_defender", "lead_master",
    "lead_points", "lead_length", "lead_singleton",
)
#: Each feature's column.
COLUMNS = {name: column for column, name in enumerate(FEATURES)}
#: The highest trick power and the most points a card has (docs/rules.md 1).
TOP_POWER, TOP_POINTS = 15.0, 20.0


def features(position: Position) -> tuple[list[Card], np.ndarray]:
    """The legal cards of the seat to move in ``position`` (a deal in play) and their
    features, one row a card in :data:`FEATURES` order; only the seat's own hand and
    the public cards are read."""
    seat = position.to_move
    trump = position.trump
    hand = CardSet(position.hands[seat])
    gone = CardSet(p.card for p in position.stack)
    mask = position.legal_mask()
    legal = [Card(c) for c in range(32) if mask >> c & 1]
    trick = position.trick
    lead = not trick
    declarer_side = seat in position.declarer_side
    rows = np.zeros((len(legal), len(FEATURES)))
    if not lead:
        led = trick[0].card.suit
        powers = [trick_power(p.card, led, trump) for p in trick]
        top = max(range(len(powers)), key=powers.__getitem__)
        partner_winning = (trick[top].seat in position.declarer_side) == declarer_side
        last = len(trick) == position.players - 1
        trump_on_top = trick[top].card.suit == trump
    for row, card in enumerate(legal):
        points = card_points(card, trump) / TOP_POINTS
        is_trump = card.suit == trump
        holding = [c for c in hand if c.suit == card.suit]
        own_power = trick_power(card, card.suit, trump)
        above = [Card.of(card.suit, Rank(r)) for r in range(8)
                 if trick_power(Card.of(card.suit, Rank(r)), card.suit, trump) > own_power]
        master = all(c in gone or c in hand for c in above)
        highest = all(trick_power(c, card.suit, trump) <= own_power for c in holding)
        lowest = all(trick_power(c, card.suit, trump) >= own_power for c in holding)
        values = {
            "points": points, "trump": is_trump, "power": own_power / TOP_POWER,
            "master": master, "highest_of_suit": highest, "lowest_of_suit": lowest,
            "suit_length": len(holding) / 8, "singleton": len(holding) == 1,
        }
        if lead:
            values.update({
                "lead_trump_declarer": is_trump and declarer_side,
                "lead_trump_defender": is_trump and not declarer_side,
                "lead_master": master, "lead_points": points,
                "lead_length": len(holding) / 8, "lead_singleton": len(holding) == 1,
            })
        else:
            wins = trick_power(card, led, trump) > powers[top]
            off_suit = card.suit != led
            values.update({
                "wins": wins and not partner_winning, "wins_points": wins and not partner_winning and points,
                "wins_last": wins and last and not partner_winning,
                "partner_points": partner_winning and points,
                "lost_points": not wins and not partner_winning and points,
                "ruff": off_suit and is_trump, "discard": off_suit and not is_trump,
                "discard_points": off_suit and not is_trump and points,
                "overtrump_partner": partner_winning and trump_on_top and is_trump and wins,
            })
        for name, value in values.items():
            rows[row, COLUMNS[name]] = float(value)
    return legal, rows


@cache
def weights() -> np.ndarray:
    """The learned weights, one a feature, from the package's ``card_model.json``."""
    text = resources.files(__package__).joinpath("card_model.json").read_text(encoding="utf-8")
    return read_weights(text)


def read_weights(text: str) -> np.ndarray:
    """The weights of a ``card_model.json`` file's text, one a feature, each a finite
    number (:mod:`deberts.model.weights`)."""
    what = "card model"
    data = model_field(model_object(text, what), "weights", what)
    if not isinstance(data, dict):
        raise DebertsError(f"bad {what}: field 'weights' is not an object of weights")
    return np.array([finite_number(model_field(data, name, what), what, f"weights.{name}")
                     for name in FEATURES])


def log_probabilities(rows: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """The log-probability of each legal card (a row of features) under ``theta``."""
    logits = rows @ theta
    shifted: np.ndarray = logits - np.logaddexp.reduce(logits)
    return shifted


def log_probability(position: Position, card: Card) -> float:
    """The log-probability that the seat to move in ``position`` plays ``card``."""
    legal, rows = features(position)
    return float(log_probabilities(rows, weights())[legal.index(card)])
