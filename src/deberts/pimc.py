"""The perfect-information Monte Carlo player: sample the hidden cards consistently
with everything seen, solve every sample double-dummy, take the best average.

What the play reveals is turned into a :class:`deberts.sampling.Knowledge`: cards
played are out; the face-up card is out, or in the hand that took it; shown
declarations are in their owner's hand until played; and every card played rules
out the cards that would have made it illegal (a void shown by not following suit,
no trump shown by not ruffing, no higher trump shown by not overtrumping). Samples
whose declarations would differ from those shown are dropped.
"""

from __future__ import annotations

import time
from typing import Iterator, Sequence

import numpy as np

from deberts.bid_evaluation import evaluate_bid
from deberts.bidding import PASS
from deberts.cards import Card, CardSet, Rank
from deberts.deal import Deal, full_hand_size
from deberts.declarations import resolve_declarations
from deberts.errors import DebertsError
from deberts.exchange import exchanged
from deberts.game import BidView, PlayView
from deberts.players import HeuristicPlayer
from deberts.position import Play, Position, partner_exempt
from deberts.sampling import Knowledge, sample_deals
from deberts.solving import Solver
from deberts.tricks import legal_cards


class PimcPlayer:
    """Bids with :func:`deberts.evaluate_bid` and plays by sampling ``samples`` deals
    per decision (fewer when ``seconds``, a time budget per decision, runs out)."""

    def __init__(
        self, samples: int = 100, bid_samples: int = 60, seconds: float | None = None,
        seed: int | None = None,
    ) -> None:
        self.samples = samples
        self.bid_samples = bid_samples
        self.seconds = seconds
        self.rng = np.random.default_rng(seed)
        self.solver = Solver(16)
        self.fallback = HeuristicPlayer()

    def bid(self, view: BidView) -> str:
        if len(view.legal) == 1:
            return view.legal[0]
        try:
            evaluation = evaluate_bid(
                view.hand, view.face_up, view.seat, view.dealer, view.players, view.round,
                self.bid_samples, int(self.rng.integers(2**32)), view.rules,
            )
        except DebertsError:  # a setting the evaluator does not model
            return self.fallback.bid(view)
        return evaluation.best if evaluation.best in view.legal else PASS

    def exchange(self, view: PlayView) -> bool:
        """Swap when the sampled deals say it is better for this seat's side."""
        sign = 1 if view.seat in view.declarer_side else -1
        gain = 0
        for deal in self._within_budget(self._deals(view)):
            as_dealt = self.solver.value(_position(view, deal))
            swapped = self.solver.value(_position(view, exchanged(deal, view.face_up)))
            gain += sign * (swapped - as_dealt)
        return gain > 0

    def play(self, view: PlayView) -> Card:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        sign = 1 if view.seat in view.declarer_side else -1
        totals = dict.fromkeys(legal, 0)
        for deal in self._within_budget(self._deals(view)):
            for card, margin in self.solver.values(_position(view, deal)).items():
                totals[card] += sign * margin
        return max(legal, key=lambda card: (totals[card], -int(card)))

    def declare(self, view: PlayView) -> bool:
        """Announce bella (the engine's values already assume the better choice, and
        under the default owner rule announcing never costs)."""
        return True

    def _within_budget(self, deals: list[Deal]) -> Iterator[Deal]:
        """The deals to solve: all, or as many as the time budget allows (one at least)."""
        started = time.perf_counter()
        for index, deal in enumerate(deals):
            if index and self.seconds is not None and time.perf_counter() - started > self.seconds:
                return
            yield deal

    def _deals(self, view: PlayView) -> list[Deal]:
        """Sampled deals in play (the hands at the first card), consistent with the
        view, within the time budget."""
        started = time.perf_counter()
        knowledge = knowledge_of(view)
        wanted = self.samples
        shown = tuple(view.declarations)
        kept: list[Deal] = []
        for _ in range(4):
            for row in sample_deals(knowledge, 2 * wanted, self.rng):
                deal = _deal_in_play(view, row)
                if declarations_agree(view, deal, shown):
                    kept.append(deal)
                    if len(kept) == wanted:
                        return kept
            if self.seconds is not None and time.perf_counter() - started > self.seconds / 4:
                break
        return kept or [_deal_in_play(view, sample_deals(knowledge, 1, self.rng)[0])]


def knowledge_of(view: PlayView) -> Knowledge:
    """What ``view``'s seat knows about the unplayed cards."""
    players = view.players
    played = [CardSet() for _ in range(players)]
    for play in _plays(view):
        played[play.seat] = played[play.seat] | play.card.mask
    sizes = tuple(full_hand_size(players) - len(played[s]) for s in range(players))
    everything_played = view.played()
    knowledge = Knowledge(sizes, (CardSet(),) * players, (CardSet(),) * players, everything_played)
    knowledge = knowledge.with_held(view.seat, view.hand)
    for declaration in view.declarations:
        if declaration.seat != view.seat:
            knowledge = knowledge.with_held(declaration.seat, declaration.cards - everything_played)
    face_up = CardSet(view.face_up.mask)
    seven = CardSet(Card.of(view.face_up.suit, Rank.SEVEN).mask)
    if players < 4:
        if view.exchanger is None:
            knowledge = knowledge.with_out(face_up - everything_played)
        else:
            knowledge = knowledge.with_out(seven - everything_played)
            if view.exchanger != view.seat:
                knowledge = knowledge.with_held(view.exchanger, face_up - everything_played)
    else:
        taker = view.dealer if view.rules.face_up_to == "dealer" else view.declarer
        if taker != view.seat:
            knowledge = knowledge.with_held(taker, face_up - everything_played)
    for seat, cards in _ruled_out(view).items():
        if seat != view.seat:
            knowledge = knowledge.with_excluded(seat, cards - knowledge.held[seat])
    return knowledge


def _ruled_out(view: PlayView) -> dict[int, CardSet]:
    """For each seat, the cards it cannot hold: any card that, held with the card it
    played, would have made that card illegal."""
    out: dict[int, int] = {}
    for trick in (*[t.plays for t in view.tricks], view.trick):
        for index, play in enumerate(trick):
            before = trick[:index]
            if not before:
                continue
            cards = [p.card for p in before]
            exempt = partner_exempt(play.seat, before, view.trump, view.players, view.rules)
            for card in range(32):
                if card == play.card:
                    continue
                hand = play.card.mask | 1 << card
                if not legal_cards(hand, cards, view.trump, exempt) >> play.card & 1:
                    out[play.seat] = out.get(play.seat, 0) | 1 << card
    return {seat: CardSet(mask) for seat, mask in out.items()}


def _plays(view: PlayView) -> list[Play]:
    return [p for t in view.tricks for p in t.plays] + list(view.trick)


def _deal_in_play(view: PlayView, row: Sequence[int]) -> Deal:
    """A sampled deal of the unplayed cards, with each seat's played cards back."""
    hands = [int(mask) for mask in row]
    for play in _plays(view):
        hands[play.seat] |= play.card.mask
    return Deal(hands)


def declarations_agree(view: PlayView, deal: Deal, shown: tuple) -> bool:
    """Whether a sampled deal in play shows the declarations the view shows."""
    first = view.tricks[0].leader if view.tricks else view.leader
    outcome = resolve_declarations(deal, view.trump, view.declarer, first, view.rules)
    return outcome.scoring == shown


def _position(view: PlayView, deal: Deal) -> Position:
    """The sampled deal with the play so far, bella announced as it was."""
    first = view.tricks[0].leader if view.tricks else view.leader
    position = Position(deal, view.trump, view.declarer, first, view.rules)
    for play in _plays(view):
        position.push(play.card, bella=play.bella)
    return position
