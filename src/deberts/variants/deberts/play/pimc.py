"""The perfect-information Monte Carlo player: sample the hidden cards consistently
with everything seen, solve every sample double-dummy, take the best average.

What the play reveals is turned into a :class:`deberts.variants.deberts.analysis.sampling.Knowledge`: cards
played are out; the face-up card is out, or in the hand that took it (a game with no
face-up card, such as a Belote deal from outside, docs/rules.md 2.8, places none);
shown declarations are in their owner's hand until played; a bella announced with
one of its cards puts the other in the announcer's hand until played (docs/rules.md
2.4); and every card played rules
out the cards that would have made it illegal (a void shown by not following suit,
no trump shown by not ruffing, no higher trump shown by not overtrumping). Samples
whose declarations would differ from those shown are dropped before their play is
replayed.

That much is certain. What is only likely (the calls, a bella kept quiet, the cards
the others chose) weighs the samples instead, under the ``infer`` setting
(:mod:`deberts.variants.deberts.play.inference`), and the best weighted total is played
(:func:`deberts.variants.deberts.play.sample_choice.best_weighted`).
"""

from __future__ import annotations

import threading
import time
from typing import ContextManager, Iterator, Sequence

import numpy as np

from deberts.engine.limit import Limit
from deberts.errors import ArgumentError, SearchInterrupted
from deberts.model.arguments import integer, positive
from deberts.model.cards import Card, CardSet, Rank
from deberts.variants.deberts.analysis.bid_evaluation import evaluate_bid
from deberts.variants.deberts.analysis.sampling import Knowledge, sample_deals
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.deal import Deal, full_hand_size
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.exchange import exchanged
from deberts.variants.deberts.model.position import Position, legal_in_trick
from deberts.variants.deberts.model.sides import deal_waits_for_declarer, face_up_taker
from deberts.variants.deberts.play.inference import Inference
from deberts.variants.deberts.play.match import BidView, Chooser, PlayView
from deberts.variants.deberts.play.players import HeuristicPlayer
from deberts.variants.deberts.play.sample_choice import best_weighted

#: The part of a decision's time budget that drawing and weighing the samples may
#: take when they are weighed (the choice has the rest).
WEIGHING_SHARE = 0.5
#: How long before the end of a decision's time budget its searches must stop: the
#: engine notices its deadline only at trick starts, at most about 10 ms late on the
#: first tricks of 4-player deals (benchmarks/pimc_decisions.py --budget); a fifth
#: of the budget when that is less.
STOP_RESERVE = 0.012
#: Rounds of ``2 * samples`` sampled deals tried before settling for fewer (a deal
#: whose declarations differ from those shown is dropped).
SAMPLING_ROUNDS = 4


#: The least budget a decision gets under ``deal_seconds``, the deal's budget spent
#: or not: under it the heuristic's card is the answer.
LEAST_SHARE = 0.005


def deal_share(left: float, cards: int) -> float:
    """A card decision's seconds under a deal's budget: of the ``left`` seconds, the
    share of a decision with ``cards`` cards in hand when each decision still to
    come weighs the cube of its cards in hand (``cards``, ``cards - 1``, ..., 1):
    ``4 * cards / (cards + 1) ** 2`` of it, 40% for the first card of a 4-player
    deal's 8, all of it for the last card. The early decisions are the costly ones
    (each sample a whole deal to solve) and the ones where more samples change the
    card most; a late one reaches its sample count in a fraction of its share, which
    then goes to the decisions after it. At least :data:`LEAST_SHARE`.

    >>> deal_share(81.0, 8), deal_share(1.0, 1), deal_share(-1.0, 3)
    (32.0, 1.0, 0.005)
    """
    return max(left * 4 * cards / (cards + 1) ** 2, LEAST_SHARE)


class PimcPlayer(Chooser):
    """Bids with :func:`deberts.evaluate_bid` and plays by sampling ``samples`` deals
    per decision, weighed by what the others' calls, bella and cards reveal
    (``infer``, :mod:`deberts.variants.deberts.play.inference`; ``none`` weighs them all alike;
    ``model`` reads every card the others played through the learned play model, its
    likelihood raised to the power ``trust``).

    ``seconds`` is a time budget per decision that holds: samples are drawn as the
    choice takes them, and every search runs under :meth:`Solver.limit`, ending
    ``STOP_RESERVE`` before the budget does, so a decision ends within it with the
    samples solved by then (:func:`deberts.variants.deberts.play.sample_choice.best_weighted`).
    Weighed samples are drawn and weighed first, within ``WEIGHING_SHARE`` of the
    budget, those not reached left out. When no sample is solved in time, the
    card (or exchange) of :class:`HeuristicPlayer` is the answer.

    Threads may share one player: each decision is sound and :meth:`declare` answers
    for the card :meth:`play` chose in the same thread, but the threads draw their
    samples from one seeded generator and search with one solver, one search at a
    time, so which samples a decision gets depends on how the threads interleave: a
    seeded player's answers are reproducible only when one thread uses it. Give each
    thread its own player (its own seed) for reproducible play side by side.

    ``deal_seconds`` is instead a budget of CPU seconds for the card play of a whole
    deal, so that a match can be played at equal CPU with another program: each card
    decision gets its share of what is left (:func:`deal_share`), more for the early
    cards, where the hidden cards matter most, than for the late ones. Its clock is
    the thread's CPU time throughout (the sampler's, and the engine's through
    ``Solver.limit(cpu_seconds=)``), so a loaded machine slows the decisions but does
    not shorten them. Bids and the exchange keep their own settings (``bid_samples``)
    outside it."""

    def __init__(
        self, samples: int = 100, bid_samples: int = 60, seconds: float | None = None,
        seed: int | None = None, infer: str = "none", temperature: float = 10.0,
        error: float = 0.2, last: int = 4, deal_seconds: float | None = None,
        trust: float = 1.0,
    ) -> None:
        self.samples = integer("samples", samples, 1)
        self.bid_samples = integer("bid_samples", bid_samples, 1)
        self.seconds = None if seconds is None else positive("seconds", seconds)
        self.deal_seconds = None if deal_seconds is None else positive("deal_seconds", deal_seconds)
        if self.seconds is not None and self.deal_seconds is not None:
            raise ArgumentError("bad settings: give seconds (a decision) or deal_seconds "
                                "(a deal's card play), not both")
        #: Per thread: this decision's budget under ``deal_seconds``, and the CPU
        #: seconds the deal's card play has taken so far.
        self._deal = threading.local()
        self.inference = Inference(infer, temperature, error, last, trust)
        self.rng = np.random.default_rng(seed)
        self.solver = Solver()
        self.fallback = HeuristicPlayer()
        #: Per thread, the view of the last card :meth:`play` chose and whether to
        #: announce bella with it (for :meth:`declare`).
        self._announced = threading.local()
        self._stopped = threading.Event()

    def _clock(self) -> float:
        """The clock of this player's budget: the thread's CPU under ``deal_seconds``
        (a budget of CPU, which a loaded machine does not shorten), else the wall's."""
        return time.thread_time() if self.deal_seconds is not None else time.perf_counter()

    def _limit(self, seconds: float | None) -> ContextManager[None]:
        """The solver's limit of ``seconds`` on this player's clock."""
        if self.deal_seconds is not None:
            return self.solver.limit(Limit(cpu_seconds=seconds))
        return self.solver.limit(Limit(seconds=seconds))

    @property
    def _search_seconds(self) -> float | None:
        """How long this decision's searches may run: its budget less the stop
        reserve (``None``: no budget)."""
        seconds = getattr(self._deal, "seconds", self.seconds)
        return None if seconds is None else seconds - min(STOP_RESERVE, seconds / 5)

    def stop(self) -> None:
        """Stop thinking, from any thread: the decision in progress ends at its next
        sample, and every later one at once, with the answer of :class:`HeuristicPlayer`
        (as when no sample is solved within the time budget). For a game that ended
        while this player was thinking (a closed web game)."""
        self._stopped.set()

    def bid(self, view: BidView) -> str:
        if len(view.legal) == 1:
            return view.legal[0]
        if deal_waits_for_declarer(view.players, view.rules):
            return self.fallback.bid(view)  # a deal the evaluator does not model
        try:
            self._check_stopped()
            evaluation = evaluate_bid(
                view.hand, view.face_up, view.seat, view.dealer, view.players, view.round,
                self.bid_samples, int(self.rng.integers(2**32)), view.rules,
                progress=self._check_stopped,
            )
        except SearchInterrupted:
            return self.fallback.bid(view)
        return evaluation.best  # its options are exactly the legal calls

    def _check_stopped(self, done: int = 0) -> None:
        """Raise :class:`SearchInterrupted` once :meth:`stop` was called."""
        if self._stopped.is_set():
            raise SearchInterrupted("the player was stopped")

    def exchange(self, view: PlayView) -> bool:
        """Swap when the sampled deals, weighed, say it is better for this seat's side."""
        if view.face_up is None:
            return False  # no face-up card, nothing to swap for (docs/rules.md 2.3)
        sign = 1 if view.seat in view.declarer_side else -1
        gain = solved = 0
        with self._limit(self._search_seconds):
            try:
                for position, weight in self._weighed_samples(view, []):
                    swapped = _replayed(view, _start(view, exchanged(position.deal, view.face_up)))
                    gain += weight * sign * (
                        self.solver.value(swapped) - self.solver.value(position))
                    solved += 1
            except SearchInterrupted:
                if not solved:
                    return self.fallback.exchange(view)
        return gain > 0

    def play(self, view: PlayView) -> Card:
        if self.deal_seconds is None:
            return self._play(view)
        if not view.tricks:  # this seat's first card of a deal
            self._deal.spent = 0.0
        spent = getattr(self._deal, "spent", 0.0)
        self._deal.seconds = deal_share(self.deal_seconds - spent, len(view.hand))
        started = time.thread_time()
        try:
            return self._play(view)
        finally:
            self._deal.spent = spent + time.thread_time() - started
            del self._deal.seconds

    def _play(self, view: PlayView) -> Card:
        """The card for ``view`` within this decision's budget."""
        legal = list(view.legal)
        with self._limit(self._search_seconds):
            drawn: list[tuple[Position, int]] = []
            card = self._chosen(view, legal, drawn)
            announce = self._announces(view, card, drawn) if _opens_bella(view, card) else None
        self._announced.choice = (view, announce)
        return card

    def _chosen(self, view: PlayView, legal: list[Card], drawn: list[tuple[Position, int]]) -> Card:
        """The card; the weighed samples it was chosen on are added to ``drawn``
        (none when there was no choice and no bella to decide; when none was solved
        in time, the heuristic's card)."""
        if len(legal) == 1:
            if _opens_bella(view, legal[0]) and view.rules.bella != "owner":
                drawn += list(self._weighed_samples(view, []))
            return legal[0]
        sign = 1 if view.seat in view.declarer_side else -1
        try:
            return best_weighted(self.solver, legal, self._weighed_samples(view, drawn), sign,
                                 anytime=self._search_seconds is not None)
        except SearchInterrupted:
            return self.fallback.play(view)

    def declare(self, view: PlayView) -> bool:
        """Whether to announce bella with the card :meth:`play` chooses for ``view``
        (docs/rules.md 2.4), decided with that card from the same samples. For the
        view of this thread's last :meth:`play` (the same object, or an equal one a
        harness built again) the answer is the one made then; for another view the
        decision is made now, as :meth:`play` would. A card this class's :meth:`play`
        did not choose (a subclass's own search) is announced, as the rules expect."""
        choice: tuple[PlayView, bool | None] | None = getattr(self._announced, "choice", None)
        if choice is None or (choice[0] is not view and choice[0] != view):
            self.play(view)
            choice = self._announced.choice
        return True if choice is None or choice[1] is None else choice[1]

    def redeal(self, view: PlayView) -> bool:
        """A redeal right is decided by the rule of thumb of :class:`HeuristicPlayer`."""
        return self.fallback.redeal(view)

    def _announces(self, view: PlayView, card: Card, drawn: list[tuple[Position, int]]) -> bool:
        """Announce bella with ``card`` when the weighed samples ``drawn`` say
        announcing scores more for this seat's side than keeping quiet
        (docs/rules.md 2.4). Under the ``owner`` rule announcing always scores 20
        more, double-dummy, so that needs no search; under the others the owner's
        side may lose the bella trick and give the 20 away (``trick_winner``) or
        gain nothing by it, and keeping quiet reveals less, so it is chosen unless
        announcing gains. With no sample solved within the time budget, announce,
        as the rules expect."""
        if view.rules.bella == "owner":
            return True
        sign = 1 if view.seat in view.declarer_side else -1
        gain = solved = 0
        try:
            for position, weight in drawn:
                values = []
                for announce in (True, False):
                    after = position.copy()
                    after.push(card, bella=announce)
                    values.append(self.solver.value(after))
                gain += weight * sign * (values[0] - values[1])
                solved += 1
        except SearchInterrupted:
            if not solved:
                return True
        return gain > 0

    def _weighed_samples(
        self, view: PlayView, drawn: list[tuple[Position, int]]
    ) -> Iterator[tuple[Position, int]]:
        """The samples with their integer weights (weight 0 left out), each also
        added to ``drawn`` as it is taken. Unweighed, they are drawn lazily, as the
        choice takes them, until the time budget is spent. Weighed, they are drawn
        and weighed first, each as it is drawn, within ``WEIGHING_SHARE`` of the
        budget (the weighing's searches and its time too: weighing 1,000 samples by
        the auction alone takes 0.2 s), and given heaviest first."""
        if not self.inference.active:
            for position in self._drawn(view, self._search_seconds):
                drawn.append((position, 1))
                yield position, 1
            return
        share = None if self._search_seconds is None else self._search_seconds * WEIGHING_SHARE
        positions: list[Position] = []

        def collected() -> Iterator[Position]:
            # Weighed as drawn, so the sampler's clock counts the weighing too.
            for position in self._drawn(view, share):
                positions.append(position)
                yield position

        with self._limit(share):
            weights = self.inference.weights(view, collected(), self.solver)
        if not weights:  # the budget reached no weight: all alike
            weights = [1] * len(positions)
        weighed = sorted(((p, w) for p, w in zip(positions, weights) if w), key=lambda s: -s[1])
        drawn += weighed
        yield from weighed

    def _drawn(self, view: PlayView, seconds: float | None) -> Iterator[Position]:
        """Up to ``samples`` positions consistent with the view, each sampled as it
        is asked for, while another is likely to fit in ``seconds`` (the time each
        took so far, its solving included when drawn lazily; one at least)."""
        started = self._clock()
        knowledge = knowledge_of(view)
        kept = 0
        for _ in range(SAMPLING_ROUNDS):
            for row in sample_deals(knowledge, 2 * self.samples, self.rng):
                self._check_stopped()
                elapsed = self._clock() - started
                if kept and seconds is not None and elapsed * (kept + 1) / kept > seconds:
                    return
                position = sampled_position(view, _deal_in_play(view, row))
                if position is not None:
                    yield position
                    kept += 1
                    if kept == self.samples:
                        return
        if not kept:
            deal = _deal_in_play(view, sample_deals(knowledge, 1, self.rng)[0])
            yield _replayed(view, _start(view, deal))


def knowledge_of(view: PlayView) -> Knowledge:
    """What ``view``'s seat knows about the unplayed cards."""
    players = view.players
    played = [CardSet() for _ in range(players)]
    for play in view.plays():
        played[play.seat] = played[play.seat] | play.card.mask
    sizes = tuple(full_hand_size(players) - len(played[s]) for s in range(players))
    everything_played = view.played()
    knowledge = Knowledge(sizes, (CardSet(),) * players, (CardSet(),) * players, everything_played)
    knowledge = knowledge.with_held(view.seat, view.hand)
    for declaration in view.declarations:
        if declaration.seat != view.seat:
            knowledge = knowledge.with_held(declaration.seat, declaration.cards - everything_played)
    for seat, cards in _bella_shown(view).items():
        if seat != view.seat:
            knowledge = knowledge.with_held(seat, cards - everything_played)
    knowledge = _with_face_up(knowledge, view, everything_played)
    for seat, cards in _ruled_out(view).items():
        if seat != view.seat:
            knowledge = knowledge.with_excluded(seat, cards - knowledge.held[seat])
    return knowledge


def _with_face_up(knowledge: Knowledge, view: PlayView, everything_played: CardSet) -> Knowledge:
    """``knowledge`` with where the face-up card went (docs/rules.md 2.1, 2.3): out
    of play with 2 or 3 players, or to whoever swapped the seven for it (the seven
    then out); with 4 players, to its taker (the dealer, or the declarer). A game
    without one (Belote, docs/rules.md 2.8) places no card."""
    card = view.face_up
    if card is None:
        return knowledge
    face_up = CardSet(card.mask)
    if view.players < 4:
        if view.exchanger is None:
            return knowledge.with_out(face_up - everything_played)
        seven = CardSet(Card.of(card.suit, Rank.SEVEN).mask)
        knowledge = knowledge.with_out(seven - everything_played)
        if view.exchanger != view.seat:
            knowledge = knowledge.with_held(view.exchanger, face_up - everything_played)
        return knowledge
    taker = face_up_taker(view.dealer, view.declarer, view.rules)
    if taker != view.seat:
        knowledge = knowledge.with_held(taker, face_up - everything_played)
    return knowledge


def _bella_shown(view: PlayView) -> dict[int, CardSet]:
    """The other bella card of each announcement (docs/rules.md 2.4): bella is
    announced as the first of the king and queen of trumps is played, so the other
    is in the same hand until played. A declined bella shows nothing."""
    both = bella_mask(view.trump)
    return {play.seat: CardSet(both & ~play.card.mask) for play in view.plays() if play.bella}


def _ruled_out(view: PlayView) -> dict[int, CardSet]:
    """For each seat, the cards it cannot hold: any card that, held with the card it
    played, would have made that card illegal."""
    out: dict[int, int] = {}
    for trick in (*[t.plays for t in view.tricks], view.trick):
        for index, play in enumerate(trick):
            before = trick[:index]
            if not before:
                continue
            for card in range(32):
                if card == play.card:
                    continue
                hand = play.card.mask | 1 << card
                legal = legal_in_trick(
                    hand, play.seat, before, view.trump, view.players, view.rules
                )
                if not legal >> play.card & 1:
                    out[play.seat] = out.get(play.seat, 0) | 1 << card
    return {seat: CardSet(mask) for seat, mask in out.items()}


def _opens_bella(view: PlayView, card: Card) -> bool:
    """True when ``card`` is the first of the bella cards and ``view``'s seat holds
    both: playing it is when bella is announced or kept quiet (docs/rules.md 2.4)."""
    both = bella_mask(view.trump)
    return bool(card.mask & both) and view.hand.mask & both == both


def _deal_in_play(view: PlayView, row: Sequence[int]) -> Deal:
    """A sampled deal of the unplayed cards, with each seat's played cards back."""
    hands = [int(mask) for mask in row]
    for play in view.plays():
        hands[play.seat] |= play.card.mask
    return Deal(hands)


def sampled_position(view: PlayView, deal: Deal) -> Position | None:
    """A sampled deal in play with the play so far, or ``None`` when its declarations
    are not the ones the view shows (checked before the play is replayed)."""
    position = _start(view, deal)
    if position.declarations.scoring != tuple(view.declarations):
        return None
    return _replayed(view, position)


def _start(view: PlayView, deal: Deal) -> Position:
    first = view.tricks[0].leader if view.tricks else view.leader
    return Position(deal, view.trump, view.declarer, first, view.rules)


def _replayed(view: PlayView, position: Position) -> Position:
    """``position`` with the play so far pushed, bella announced as it was."""
    for play in view.plays():
        position.push(play.card, bella=play.bella)
    return position
