"""Evaluating a bid: play on the face-up suit, pass, or name another suit?

The bidder sees his first cards and the face-up card; with no face-up card
(``face_up_to = none``, docs/rules.md 2.1) he sees his whole hand and names any
suit or passes, in the one round there is. Each option is judged on the
same sampled deals (:mod:`deberts.variants.deberts.analysis.sampling`), every one solved double-dummy: the
contract the option leads to is played out exactly, with the trump-seven exchange
decided by its holder, declarations from the full hands and the first lead per the
rules. Scores are from the bidder's side: the margin (his side minus the others),
whether the contract played is made, a bait or hanging, and the bidder's recorded
score under the bait rule.

What follows a pass needs a model of the other callers. Here each later caller
takes the contract that is best for him double-dummy if he makes it (margin above
0), and passes otherwise; the dealer under ``dealer_must_choose`` names his best
suit. After a pass in round 1 this runs through round 2 too, the bidder's own
round-2 call included; two rounds of passes throw the cards in (all score 0), as
does one with no face-up card. It
is an optimistic model of the others' bidding, and says so in the report.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from deberts.analysis.stats import mean_ci95, rounded, wilson_ci95
from deberts.engine.parallel import map_ordered
from deberts.errors import DebertsError
from deberts.model.arguments import integer
from deberts.model.cards import Card, CardSet, Suit
from deberts.model.display import Drawn
from deberts.variants.deberts.analysis.sampling import (
    MAX_SAMPLES,
    Knowledge,
    deals_of,
    sample_deals,
)
from deberts.variants.deberts.engine.solver import DEFAULT_TABLE_BITS, Solver
from deberts.variants.deberts.model.bidding import (
    PASS,
    PLAY,
    bidding_order,
    bidding_rounds,
    legal_calls,
)
from deberts.variants.deberts.model.deal import Deal, full_hand_size
from deberts.variants.deberts.model.exchange import exchanged, holder_swaps, seven_holder
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.scoring import BAIT, HANGING, MADE
from deberts.variants.deberts.model.sides import (
    deal_waits_for_declarer,
    declarer_side,
    face_up_turned,
    first_leader,
    with_partner,
)

THROWN_IN = "thrown_in"


@dataclass(frozen=True)
class Outcome:
    """One option on one sampled deal, from the bidder's side."""

    margin: int
    result: str
    score: float
    lead: float
    declarer: int | None


@dataclass(frozen=True)
class OptionStats:
    """One option over all samples, with 95% confidence intervals.

    ``p_made``/``p_bait``/``p_hanging`` are of the contract played (after a pass,
    whoever declared it), ``expected_score`` the bidder's recorded score and
    ``expected_lead`` that score minus the opponents' (their mean in a 3-player
    game): the figure the recommendation ranks by.
    """

    option: str
    outcomes: tuple[Outcome, ...]

    @property
    def samples(self) -> int:
        return len(self.outcomes)

    def margins(self) -> np.ndarray:
        return np.array([o.margin for o in self.outcomes], dtype=float)

    def leads(self) -> np.ndarray:
        return np.array([o.lead for o in self.outcomes], dtype=float)

    def probability(self, result: str) -> float:
        return sum(o.result == result for o in self.outcomes) / max(self.samples, 1)

    def to_dict(self) -> dict[str, Any]:
        margins = self.margins()
        scores = np.array([o.score for o in self.outcomes], dtype=float)
        leads = self.leads()
        data: dict[str, Any] = {
            "option": self.option,
            "samples": self.samples,
            "mean_margin": rounded(margins.mean()),
            "margin_ci95": mean_ci95(margins),
        }
        for name, result in (("made", MADE), ("bait", BAIT), ("hanging", HANGING),
                             ("thrown_in", THROWN_IN)):
            p = self.probability(result)
            data[f"p_{name}"] = rounded(p, 4)
            data[f"p_{name}_ci95"] = wilson_ci95(p, self.samples)
        data.update(
            expected_score=rounded(scores.mean()),
            score_ci95=mean_ci95(scores),
            expected_lead=rounded(leads.mean()),
            lead_ci95=mean_ci95(leads),
            declarers=_declarers(self.outcomes),
        )
        return data


@dataclass(frozen=True)
class BidEvaluation(Drawn):
    """Every option of one bidding decision, the recommended one and how sure it is.

    ``confidence`` is the probability, from the paired samples, that the best
    option's expected lead is really above the runner-up's (``runner_up``).
    """

    players: int
    seat: int
    dealer: int
    round: int
    hand: CardSet
    face_up: Card | None
    rules: Rules
    options: tuple[OptionStats, ...]
    best: str
    runner_up: str | None
    confidence: float
    seconds: float

    def __repr__(self) -> str:
        return (f"<BidEvaluation seat={self.seat} round={self.round} best={self.best} "
                f"confidence={self.confidence:.2f} samples={self.options[0].samples}>")

    def option(self, name: str) -> OptionStats:
        return next(o for o in self.options if o.option == name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seat": self.seat,
            "dealer": self.dealer,
            "round": self.round,
            "hand": str(self.hand),
            "face_up": None if self.face_up is None else str(self.face_up),
            "options": [o.to_dict() for o in self.options],
            "best": self.best,
            "runner_up": self.runner_up,
            "confidence": rounded(self.confidence, 4),
            "seconds": rounded(self.seconds, 3),
        }


def evaluate_bid(
    hand: CardSet | str,
    face_up: Card | str | None,
    seat: int,
    dealer: int,
    players: int,
    round_: int = 1,
    samples: int = 500,
    seed: int | None = None,
    rules: Rules | None = None,
    knowledge: Knowledge | None = None,
    threads: int = 1,
    table_bits: int = DEFAULT_TABLE_BITS,
    progress: Callable[[int], None] | None = None,
) -> BidEvaluation:
    """Evaluate ``seat``'s call in bidding round ``round_`` (1: play or pass on the
    face-up suit; 2: each other suit or pass) over ``samples`` sampled deals (at most
    :data:`~deberts.variants.deberts.analysis.sampling.MAX_SAMPLES`). With
    ``face_up`` ``None`` (rules with ``face_up_to = none``) the hand is the whole
    hand and the one round names any suit or passes.

    ``knowledge`` replaces the default (the bidder's hand and the face-up card)
    when more is known. ``progress(n)`` is called as each sample is done.
    """
    started = time.perf_counter()
    rules = rules if rules is not None else Rules()
    card = face_up if face_up is None or isinstance(face_up, Card) else Card.parse(face_up)
    own = hand if isinstance(hand, CardSet) else CardSet.parse(hand)
    if (card is None) == face_up_turned(rules):
        raise DebertsError(
            "bad face-up card: the rules turn one up (give it)" if card is None else
            f"bad face-up card {card}: under face_up_to=none no card is turned up"
        )
    rounds = range(1, bidding_rounds(None if card is None else card.suit) + 1)
    if round_ not in rounds:
        raise DebertsError(f"bad round {round_}: expected {' or '.join(map(str, rounds))}")
    if deal_waits_for_declarer(players, rules):
        raise DebertsError(
            "bid evaluation with 4 players needs face_up_to=dealer or none: with "
            "face_up_to=declarer the deal depends on who declares"
        )
    size = 6 if card is not None else full_hand_size(players)
    if len(own) != size and knowledge is None:
        raise DebertsError(f"bad hand {own}: {len(own)} cards, a bidder holds {size}")
    integer("samples", samples, 1, MAX_SAMPLES)
    if knowledge is None:
        knowledge = Knowledge.for_bidder(players, seat, own, card, dealer)
    elif knowledge.players != players or own.mask & ~knowledge.held[seat].mask:
        raise DebertsError("bad knowledge: it must be for these players and hold the bidder's hand")
    calls = legal_calls(round_, seat, dealer, None if card is None else card.suit, rules)
    context = _Context(players, seat, dealer, card, rules, round_, calls)
    deals = deals_of(sample_deals(knowledge, samples, seed))
    results = []
    for index, outcomes in enumerate(map_ordered(
        context.outcomes, deals, threads=threads, table_bits=table_bits, chunk=1,
        make_solver=Solver,
    )):
        results.append(outcomes)
        if progress is not None:
            progress(index + 1)
    options = tuple(
        OptionStats(call, tuple(r[i] for r in results)) for i, call in enumerate(calls)
    )
    best, runner_up, confidence = _recommend(options)
    return BidEvaluation(
        players, seat, dealer, round_, own, card, rules, options, best, runner_up,
        confidence, time.perf_counter() - started,
    )


@dataclass(frozen=True)
class _Context:
    """One decision's setting; :meth:`outcomes` scores every option on one deal."""

    players: int
    seat: int
    dealer: int
    face_up: Card | None
    rules: Rules
    round: int
    calls: tuple[str, ...]

    def outcomes(self, solver: Solver, deal: Deal) -> list[Outcome]:
        return [self._outcome(solver, deal, call) for call in self.calls]

    def _outcome(self, solver: Solver, deal: Deal, call: str) -> Outcome:
        contract: tuple[Suit, int, int] | None
        if call == PLAY:
            assert self.face_up is not None  # a call only on a face-up card
            contract = (self.face_up.suit, self.seat, 1)
        elif call != PASS:
            contract = (Suit.parse(call), self.seat, self._naming_round)
        else:
            contract = self._after_pass(solver, deal)
        if contract is None:
            return Outcome(0, THROWN_IN, 0.0, 0.0, None)
        _, _, final = solver.line(self._contract_position(solver, deal, *contract))
        position_side = declarer_side(contract[1], self.players, self.rules)
        own = with_partner(self.seat, self.players, self.rules)
        margin = final.margin if self.seat in position_side else -final.margin
        score = float(final.records[self.seat])
        others = [s for s in range(self.players) if s not in own]
        lead = score - sum(float(final.records[s]) for s in others) / len(others)
        return Outcome(margin, final.result, score, lead, contract[1])

    def _contract_position(
        self, solver: Solver, deal: Deal, trump: Suit, declarer: int, round_: int
    ) -> Position:
        """The position the contract is played from: with round 1 on a face-up card,
        the seven's holder swaps it for that card when that is better for his side."""
        leader = first_leader(self.dealer, declarer, self.players, self.rules)
        position = Position(deal, trump, declarer, leader, self.rules)
        if self.face_up is None or round_ != 1:
            return position
        holder = seven_holder(deal, self.face_up)
        if holder is None:
            return position
        swapped = Position(exchanged(deal, self.face_up), trump, declarer, leader, self.rules)
        if holder_swaps(solver.value(position), solver.value(swapped),
                        holder in position.declarer_side):
            return swapped
        return position

    def _after_pass(self, solver: Solver, deal: Deal) -> tuple[Suit, int, int] | None:
        """The contract the others' calls lead to (double-dummy callers)."""
        order = bidding_order(self.dealer, self.players)
        later = order[order.index(self.seat) + 1:]
        if self.round == 1 and self.face_up is not None:
            for caller in later:
                position = self._contract_position(solver, deal, self.face_up.suit, caller, 1)
                if solver.reaches(position, 0):
                    return (self.face_up.suit, caller, 1)
            later = order
        for caller in later:
            suit = self._best_suit(solver, deal, caller)
            if suit is not None:
                return (suit, caller, self._naming_round)
        return None

    @property
    def _naming_round(self) -> int:
        """The round in which suits are named: 2, or the only one with no face-up card."""
        return 2 if self.face_up is not None else 1

    def _best_suit(self, solver: Solver, deal: Deal, caller: int) -> Suit | None:
        """The round-2 suit ``caller`` names: his highest margin if it makes (or at
        all, for a dealer who must choose)."""
        must = self.rules.dealer_must_choose and caller == self.dealer
        turned = None if self.face_up is None else self.face_up.suit
        positions = {
            suit: self._contract_position(solver, deal, suit, caller, self._naming_round)
            for suit in Suit if suit != turned
        }
        making = positions if must else {
            suit: p for suit, p in positions.items() if solver.reaches(p, 0)
        }
        if len(making) <= 1:
            return next(iter(making), None)
        margins = {suit: solver.value(p) for suit, p in making.items()}
        return max(margins, key=lambda suit: (margins[suit], -suit))


def _recommend(options: Sequence[OptionStats]) -> tuple[str, str | None, float]:
    """The option with the highest expected lead, its runner-up, and the paired
    probability that the best is really ahead of the runner-up."""
    ranked = sorted(options, key=lambda o: (-o.leads().mean(), o.option))
    best = ranked[0]
    if len(ranked) == 1:
        return best.option, None, 1.0
    runner = ranked[1]
    difference = best.leads() - runner.leads()
    spread = difference.std(ddof=1) if len(difference) > 1 else 0.0
    if spread == 0:
        return best.option, runner.option, 1.0 if difference.mean() > 0 else 0.5
    z = difference.mean() / (spread / math.sqrt(len(difference)))
    return best.option, runner.option, 0.5 * (1 + math.erf(z / math.sqrt(2)))


def _declarers(outcomes: Sequence[Outcome]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for outcome in outcomes:
        key = "none" if outcome.declarer is None else str(outcome.declarer)
        counts[key] = counts.get(key, 0) + 1
    return counts
