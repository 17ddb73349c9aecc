"""Computer players for Tertz: ``RandomPlayer`` (any legal move) and
``HeuristicPlayer`` (a sensible club player's rules of thumb), the baselines the
Monte Carlo player is measured against.
"""

from __future__ import annotations

import random

from deberts.model.cards import Card, Rank, Suit
from deberts.model.trick_order import trick_power
from deberts.variants.tertz.model import SWAP, Break, Move
from deberts.variants.tertz.model.declarations import combination_points
from deberts.variants.tertz.model.moves import MAX_BREAK
from deberts.variants.tertz.model.tricks import card_points
from deberts.variants.tertz.play.match import Chooser, PlayView

#: The cut the heuristic makes: the middle of the 13 face-down cards. No cut is
#: better than another for a player who has not seen their order (4.1).
MIDDLE_BREAK = MAX_BREAK // 2
#: While the stock lasts a trump is worth this much more in hand than its points:
#: trumps take the points of the strict play at the end.
TRUMP_KEEP = 20
#: A plain ace or ten is worth this much more in hand than its points while the
#: stock lasts: it takes a trick of its suit later, or is lost cheaply now.
HIGH_KEEP = 8
#: The card points on the table worth spending a trump on while the stock lasts.
TRUMPING_POINTS = 10


class RandomPlayer(Chooser):
    """Makes a random legal move (a card, the swap or a break)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def move(self, view: PlayView) -> Move:
        return self.rng.choice(view.legal)


class HeuristicPlayer(Chooser):
    """Rules of thumb: swap the seven unless it breaks up a run or four; cut the
    stock in the middle; lead the card least worth keeping (while the stock lasts,
    trumps, aces and tens are kept); take a trick with the cheapest card that wins
    it, but spend a trump on a plain card only on 10 points or more while the stock
    lasts; when nothing wins, give the card with the fewest points."""

    def move(self, view: PlayView) -> Move:
        if SWAP in view.legal and self._swap_pays(view):
            return SWAP
        if view.break_due:
            return Break(MIDDLE_BREAK)
        cards = [move for move in view.legal if isinstance(move, Card)]
        stock = view.stock_size > 0
        if not view.trick:
            return min(cards, key=lambda c: _keep(c, view.trump, stock))
        return self._answer(view, cards, stock)

    def _swap_pays(self, view: PlayView) -> bool:
        """The face-up card is a better trump than the seven; swap unless the seven
        is worth more in the hand's runs and fours."""
        assert view.face_up is not None
        seven = Card.of(view.trump, Rank.SEVEN)
        hand = view.hand.mask
        swapped = hand ^ seven.mask ^ view.face_up.mask
        return combination_points(swapped) >= combination_points(hand)

    def _answer(self, view: PlayView, cards: list[Card], stock: bool) -> Card:
        led = view.trick[0]
        on_table = card_points(led, view.trump)
        beat = trick_power(led, led.suit, view.trump)
        winners = [c for c in cards if trick_power(c, led.suit, view.trump) > beat]
        cheap = min(winners, key=lambda c: _keep(c, view.trump, stock), default=None)
        if cheap is not None:
            trumping = cheap.suit == view.trump and led.suit != view.trump
            if not stock or not trumping or on_table >= TRUMPING_POINTS:
                return cheap
        return _lowest(cards, view.trump)


def _keep(card: Card, trump: Suit, stock: bool) -> int:
    """How much ``card`` is worth keeping: its points and rank, and while the stock
    lasts more for trumps, aces and tens (docs/rules.md 4.2: they win the strict
    play at the end)."""
    worth = card_points(card, trump) + trick_power(card, card.suit, trump)
    if stock and card.suit == trump:
        worth += TRUMP_KEEP
    if stock and card.suit != trump and card.rank in (Rank.ACE, Rank.TEN):
        worth += HIGH_KEEP
    return worth


def _lowest(cards: list[Card], trump: Suit) -> Card:
    """The card that gives the least away: fewest points, then the weakest."""
    return min(cards, key=lambda c: (card_points(c, trump), trick_power(c, c.suit, trump),
                                      int(c)))
