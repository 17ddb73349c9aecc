"""Computer players: ``RandomPlayer`` (any legal move) and ``HeuristicPlayer`` (the
rules of thumb of a sensible club player), the baselines stronger players are
measured against.
"""

from __future__ import annotations

import random

from deberts.model.cards import Card, CardSet, Rank, Suit
from deberts.model.trick_order import trick_power
from deberts.variants.deberts.model.bidding import PASS, PLAY
from deberts.variants.deberts.model.tricks import card_points
from deberts.variants.deberts.play.match import BidView, Chooser, PlayView

#: A suit's worth as trump for the bidding rule of thumb, per rank index 7..A.
TRUMP_WORTH = (5, 5, 19, 15, 25, 8, 9, 16)
#: A side card's worth: aces and tens take tricks.
SIDE_WORTH = (0, 0, 0, 4, 0, 0, 1, 11)


class RandomPlayer(Chooser):
    """Passes or plays at random and plays a random legal card."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def bid(self, view: BidView) -> str:
        return self.rng.choice(view.legal)

    def exchange(self, view: PlayView) -> bool:
        return self.rng.random() < 0.5

    def play(self, view: PlayView) -> Card:
        return self.rng.choice(list(view.legal))

    def declare(self, view: PlayView) -> bool:
        return self.rng.random() < 0.5

    def redeal(self, view: PlayView) -> bool:
        return self.rng.random() < 0.5


def hand_worth(hand: CardSet, trump: Suit) -> int:
    """A quick strength of a hand with ``trump``: trumps count by rank, side aces
    and tens by their trick-taking."""
    return sum(
        TRUMP_WORTH[card.rank] if card.suit == trump else SIDE_WORTH[card.rank]
        for card in hand
    )


class HeuristicPlayer(Chooser):
    """Bids a suit whose worth in its first six cards (its whole hand when no card
    is turned up) reaches ``threshold``; plays
    high trumps to draw the others as declarer, wins tricks with the cheapest card
    that wins, gives points to a partner's winning trick and the least to a lost one."""

    def __init__(self, threshold: int = 60) -> None:
        self.threshold = threshold

    def bid(self, view: BidView) -> str:
        if PLAY in view.legal:
            assert view.face_up is not None  # ``play`` is a call on a face-up card
            worth = hand_worth(view.hand | view.face_up.mask, view.face_up.suit)
            return PLAY if worth >= self.threshold else PASS
        suits = [s for s in view.legal if s != PASS]
        best = max(suits, key=lambda s: hand_worth(view.hand, Suit.parse(s)))
        if PASS not in view.legal or hand_worth(view.hand, Suit.parse(best)) >= self.threshold:
            return best
        return PASS

    def declare(self, view: PlayView) -> bool:
        """Always announce bella."""
        return True

    def redeal(self, view: PlayView) -> bool:
        """Claim a redeal unless on the declarer's side, who chose this trump."""
        return view.seat not in view.declarer_side

    def exchange(self, view: PlayView) -> bool:
        """Swap unless the seven is part of a declaration that scores."""
        seven = Card.of(view.trump, Rank.SEVEN)
        return not any(seven in d.cards for d in view.declarations)

    def play(self, view: PlayView) -> Card:
        legal = sorted(view.legal, key=lambda c: (card_points(c, view.trump), int(c)))
        if not view.trick:
            return self._lead(view, legal)
        led = view.trick[0].card.suit
        powers = [trick_power(p.card, led, view.trump) for p in view.trick]
        top = max(range(len(powers)), key=powers.__getitem__)
        winner_seat = view.trick[top].seat
        ours = (winner_seat in view.declarer_side) == (view.seat in view.declarer_side)
        last = len(view.trick) == view.players - 1
        if ours and (last or powers[top] > 8):
            return max(legal, key=lambda c: (card_points(c, view.trump), -int(c)))
        winners = [c for c in legal if trick_power(c, led, view.trump) > powers[top]]
        if winners:
            return min(winners, key=lambda c: (card_points(c, view.trump),
                                               trick_power(c, led, view.trump)))
        return legal[0]

    def _lead(self, view: PlayView, legal: list[Card]) -> Card:
        trumps = [c for c in legal if c.suit == view.trump]
        if view.seat in view.declarer_side and trumps:
            top = max(trumps, key=lambda c: trick_power(c, view.trump, view.trump))
            if _is_master(top, view):
                return top
        aces = [c for c in legal if c.suit != view.trump and _is_master(c, view)]
        if aces:
            return max(aces, key=lambda c: card_points(c, view.trump))
        return legal[0]


def _is_master(card: Card, view: PlayView) -> bool:
    """True when no unplayed card of its suit outranks it."""
    gone = view.played() | view.hand
    power = trick_power(card, card.suit, view.trump)
    return all(
        Card.of(card.suit, Rank(r)) in gone
        for r in range(8)
        if trick_power(Card.of(card.suit, Rank(r)), card.suit, view.trump) > power
    )
