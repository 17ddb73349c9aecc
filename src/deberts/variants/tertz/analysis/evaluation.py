"""A learned estimate of a Tertz position's value (docs/rules.md 4.5) where the exact
search is too dear: the margin still to come, from the position's features.

The position is a sampled world, every card known (both hands, the stock in draw
order). :func:`features` describes it from one seat's side: each seat's card points,
trumps, top trumps, aces and tens, voids, the declarations that score as things
stand and the runs and fours still in hand, the marriage, the stock's points and
trumps which of its cards the next draws give and the runs and fours the stock's cards
would make in each hand, who leads, how far the deal is.
The model (trained by ``tools/tertz_train.py`` on exact labels, shipped as
``tertz_evaluation.json`` beside this module) maps the features to the margin still
to come for that seat; :meth:`Evaluation.margin` averages the two seats' estimates,
so that swapping the seats negates the result, and adds the margin already settled.
Evaluated with numpy alone: no training library at run time.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from deberts.errors import DebertsError, excerpt
from deberts.model.cards import Rank
from deberts.model.weights import finite_weights, model_field, model_object
from deberts.variants.tertz.engine.solver import settled_margin
from deberts.variants.tertz.model import Position
from deberts.variants.tertz.model.deal import STOCK_SIZE
from deberts.variants.tertz.model.declarations import combination_points, declaration_points
from deberts.variants.tertz.model.tricks import PLAIN_POINTS, TRUMP_POINTS

#: The shipped model's file, beside this module.
MODEL_FILE = "tertz_evaluation.json"
#: The model as its errors name it.
WHAT = "evaluation model"
#: The model file's format tag.
FORMAT = "tertz-evaluation/1"
#: Tricks in a deal.
TRICKS = 16

#: Each seat's features, in order (``my_`` then ``their_`` in :data:`FEATURES`).
SEAT_FEATURES = (
    "points", "trumps", "trump_jack", "trump_nine", "trump_ace", "trump_ten",
    "aces", "tens", "voids", "declared", "combinations", "marriage", "marriage_half",
    "combinations_first_draws", "combinations_second_draws", "combinations_stock",
)
#: Features shared by both seats, signed for the seat described where they favour one.
SHARED_FEATURES = (
    "lead", "stock", "stock_points", "stock_trumps", "face_up_points",
    "next_points", "next_trumps", "tricks_left", "last_trick_lead",
) + tuple(f"stage_{size}" for size in range(0, STOCK_SIZE + 1, 2))
#: The model's inputs, in order.
FEATURES = (tuple(f"my_{name}" for name in SEAT_FEATURES)
            + tuple(f"their_{name}" for name in SEAT_FEATURES) + SHARED_FEATURES)

_RANKS = ("JACK", "NINE", "ACE", "TEN")


@lru_cache(maxsize=None)
def _byte_points(trump: bool) -> tuple[int, ...]:
    """Card points of each 8-bit suit holding, as trumps or as a plain suit."""
    table = TRUMP_POINTS if trump else PLAIN_POINTS
    return tuple(sum(table[r] for r in range(8) if byte >> r & 1) for byte in range(256))


def mask_points(mask: int, trump: int) -> int:
    """The card points of the cards in ``mask`` with ``trump`` (a suit index)."""
    plain, trumps = _byte_points(False), _byte_points(True)
    return sum((trumps if suit == trump else plain)[mask >> (8 * suit) & 0xFF]
               for suit in range(4))


def _seat(position: Position, seat: int, declared: int,
          draws: tuple[int, int, int]) -> list[float]:
    """One seat's features (:data:`SEAT_FEATURES`); ``draws``: the stock's cards
    drawn first after each trick (by its winner), second, and all of them."""
    trump = int(position.trump)
    hand = position.hands[seat]
    trumps = hand >> (8 * trump) & 0xFF
    plain = hand & ~(0xFF << (8 * trump))
    voids = sum(1 for suit in range(4) if suit != trump and not hand >> (8 * suit) & 0xFF)
    married = marriage = 0
    if not any(position.marriage):
        king, queen = trumps >> Rank.KING & 1, trumps >> Rank.QUEEN & 1
        marriage, married = king & queen, king ^ queen
    return [
        mask_points(hand, trump), trumps.bit_count(),
        *(trumps >> getattr(Rank, rank) & 1 for rank in _RANKS),
        (plain & 0x80808080).bit_count(), (plain & 0x08080808).bit_count(), voids,
        declared, combination_points(hand), marriage, married,
        *(combination_points(hand | cards) for cards in draws),
    ]


def features(position: Position, seat: int) -> list[float]:
    """The features of ``position`` (a trick start or any position) from ``seat``'s
    side, in the order of :data:`FEATURES`."""
    trump = int(position.trump)
    scored = declaration_points(position.declarations, position.trump)
    stock = position.stock
    stock_mask = sum(card.mask for card in stock)
    firsts = sum(card.mask for card in stock[0::2])
    draws = (firsts, stock_mask ^ firsts, stock_mask)
    lead = 1 if position.leader == seat else -1
    # The next draw: the next trick's winner takes stock[0], its loser stock[1].
    first, second = (stock[0], stock[1]) if len(stock) >= 2 else (None, None)
    next_points = next_trumps = 0
    if first is not None and second is not None:
        next_points = mask_points(first.mask, trump) - mask_points(second.mask, trump)
        next_trumps = (first.suit == trump) - (second.suit == trump)
    tricks_left = TRICKS - len(position.tricks)
    stage = [1.0 if len(stock) == size else 0.0 for size in range(0, STOCK_SIZE + 1, 2)]
    return [
        *_seat(position, seat, scored[seat], draws),
        *_seat(position, 1 - seat, scored[1 - seat], draws),
        lead, len(stock), mask_points(stock_mask, trump),
        (stock_mask >> (8 * trump) & 0xFF).bit_count(),
        mask_points(stock[-1].mask, trump) if stock else 0,
        lead * next_points, lead * next_trumps, tricks_left,
        lead * (tricks_left % 2 * 2 - 1), *stage,
    ]


class Evaluation:
    """A trained model of the margin still to come for the seat described: dense
    layers over standardised features (``layers``: ReLU between them; one layer is a
    linear model), or regression trees summed (``trees``: each node's feature, or -1
    at a leaf, its threshold, going left when the feature is at most the threshold,
    its two children and its leaf value)."""

    def __init__(self, data: dict[str, Any]) -> None:
        """The model of a model file's object, checked (:mod:`deberts.model.weights`):
        a :class:`~deberts.errors.DebertsError` naming what is wrong."""
        if not isinstance(data, dict):
            raise DebertsError(f"bad {WHAT}: expected an object, got {excerpt(data)}")
        if data.get("format") != FORMAT:
            raise DebertsError(f"bad evaluation model: format {data.get('format')!r}, "
                               f"expected {FORMAT!r}")
        if tuple(data.get("features", ())) != FEATURES:
            raise DebertsError("bad evaluation model: its features are not this "
                               "version's (retrain with tools/tertz_train.py)")
        self.family = str(model_field(data, "family", WHAT))
        width = len(FEATURES)
        self.mean = finite_weights(data.get("mean", np.zeros(width)), (width,), WHAT, "mean")
        self.scale = finite_weights(data.get("scale", np.ones(width)), (width,), WHAT, "scale")
        if not (self.scale != 0).all():
            raise DebertsError(f"bad {WHAT}: field 'scale' holds a scale of 0")
        layers = data.get("layers", ())
        if not isinstance(layers, (list, tuple)):
            raise DebertsError(f"bad {WHAT}: field 'layers' is not a list of layers")
        self.layers = []
        inputs = width
        for index, layer in enumerate(layers):
            weights = finite_weights(model_field(layer, "w", WHAT), (inputs, None), WHAT,
                                     f"layers.{index}.w")
            outputs = weights.shape[1]
            bias = finite_weights(model_field(layer, "b", WHAT), (outputs,), WHAT,
                                  f"layers.{index}.b")
            self.layers.append((weights, bias))
            inputs = outputs
        trees = data.get("trees")
        self.trees = None if trees is None else _Trees(trees)
        if self.trees is None and (not self.layers or inputs != 1):
            raise DebertsError(f"bad {WHAT}: neither trees nor layers ending in one output")
        mae = data.get("mae", {})
        self.mae = dict(mae) if isinstance(mae, dict) else {}

    @classmethod
    def load(cls, path: str | Path | None = None) -> Evaluation:
        """The model in ``path``, or the one shipped with the package."""
        if path is None:
            text = resources.files(__package__).joinpath(MODEL_FILE).read_text()
        else:
            text = Path(path).read_text()
        return cls(model_object(text, WHAT))

    def predict(self, rows: np.ndarray | Sequence[Sequence[float]]) -> np.ndarray:
        """The margin still to come for the seat each row of features describes."""
        out: np.ndarray = (np.asarray(rows, dtype=float) - self.mean) / self.scale
        if self.trees is not None:
            return self.trees.predict(out)
        for index, (weights, bias) in enumerate(self.layers):
            out = out @ weights + bias
            if index < len(self.layers) - 1:
                out = np.maximum(out, 0.0)
        column: np.ndarray = out[:, 0]
        return column

    def margins(self, positions: Sequence[Position]) -> np.ndarray:
        """Each position's estimated value: seat 0's total minus seat 1's over the
        whole deal, the margin settled so far included."""
        if not positions:
            return np.zeros(0)
        rows = [features(p, seat) for p in positions for seat in (0, 1)]
        still = self.predict(rows).reshape(-1, 2)
        settled = np.array([settled_margin(p) for p in positions], dtype=float)
        estimate: np.ndarray = settled + (still[:, 0] - still[:, 1]) / 2
        return estimate

    def margin(self, position: Position) -> float:
        """One position's estimated value (see :meth:`margins`)."""
        return float(self.margins([position])[0])


class _Trees:
    """Regression trees in arrays (one row a tree, padded), walked for every row and
    tree at once."""

    def __init__(self, data: dict[str, Any]) -> None:
        arrays = {name: finite_weights(model_field(data, name, WHAT), (None, None), WHAT,
                                       f"trees.{name}")
                  for name in ("feature", "threshold", "left", "right", "value")}
        shape = arrays["feature"].shape
        nodes = shape[1]
        for name, array in arrays.items():
            if array.shape != shape:
                raise DebertsError(f"bad {WHAT}: field 'trees.{name}' of shape {array.shape}, "
                                   f"expected {shape}")
        for name, low, high in (("feature", -1, len(FEATURES) - 1), ("left", 0, nodes - 1),
                                ("right", 0, nodes - 1)):
            array = arrays[name]
            if not ((array == np.round(array)) & (array >= low) & (array <= high)).all():
                raise DebertsError(f"bad {WHAT}: field 'trees.{name}' holds an index "
                                   f"outside {low}..{high}")
        self.feature = arrays["feature"].astype(np.int64)
        self.threshold = arrays["threshold"]
        self.left = arrays["left"].astype(np.int64)
        self.right = arrays["right"].astype(np.int64)
        self.value = arrays["value"]
        depth = model_field(data, "depth", WHAT)
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= nodes:
            raise DebertsError(f"bad {WHAT}: field 'trees.depth' is {excerpt(depth)}, "
                               f"expected 0..{nodes}")
        self.depth = depth

    def predict(self, rows: np.ndarray) -> np.ndarray:
        count, trees = len(rows), len(self.feature)
        tree = np.broadcast_to(np.arange(trees), (count, trees))
        row = np.broadcast_to(np.arange(count)[:, None], (count, trees))
        node = np.zeros((count, trees), dtype=np.int64)
        for _ in range(self.depth):
            feature = self.feature[tree, node]
            at_leaf = feature < 0
            left = rows[row, np.maximum(feature, 0)] <= self.threshold[tree, node]
            step = np.where(left, self.left[tree, node], self.right[tree, node])
            node = np.where(at_leaf, node, step)
        total: np.ndarray = self.value[tree, node].sum(axis=1)
        return total


@lru_cache(maxsize=1)
def shipped() -> Evaluation:
    """The model shipped with the package, loaded once."""
    return Evaluation.load()
