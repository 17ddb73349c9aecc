"""The model of callers (deberts.variants.deberts.play.callers): the decisions it reads in each kind
of auction, likelihoods that are proper and never rule a hand out, and inference
that reads an outside auction from the view alone (re-dealing the hidden cards
consistently changes neither the weights nor the choice)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts import (
    Bid,
    Card,
    CardSet,
    Deal,
    DebertsError,
    GameRecord,
    Position,
    Rules,
    Solver,
    parse_cards,
)
from deberts.model.cards import Suit
from deberts.variants.deberts.analysis.sampling import sample_deals
from deberts.variants.deberts.model.bidding import PASS
from deberts.variants.deberts.play.callers import (
    CONTEXTS,
    CallDecision,
    call_decisions,
    callers,
    implied_bidding,
    log_likelihood,
    log_probabilities,
)
from deberts.variants.deberts.play.inference import Inference, bidding_log_likelihood
from deberts.variants.deberts.play.match import PlayView, play_deal, view_of
from deberts.variants.deberts.play.pimc import (
    PimcPlayer,
    _deal_in_play,
    knowledge_of,
    sampled_position,
)
from deberts.variants.deberts.play.players import HeuristicPlayer, hand_worth

BELOTE = Rules.preset_rules("belote")
SPADES, HEARTS = Suit.parse("S"), Suit.parse("H")


def _calls(dealer: int, calls: list[str]) -> tuple[Bid, ...]:
    return tuple(Bid((dealer + 1 + i) % 4, call) for i, call in enumerate(calls))


def test_every_context_is_calibrated() -> None:
    table = callers()
    assert set(table) == set(CONTEXTS)
    for caller in table.values():
        assert caller.spread > 0 and 0 < caller.tremble < 1


def test_an_outside_auction_is_read_by_context() -> None:
    """Dealer 0, pairs 0-2 and 1-3: seat 1 opens hearts, 2 passes over it, 3 names
    spades over his partner's hearts, 0 coinches (not read), and the passes after
    are over the partner's (or one's own) suit or an opponent's."""
    calls = _calls(0, ["H", "pass", "S", "coinche", "pass", "pass", "pass"])
    read = call_decisions(calls, 0, 4, BELOTE, None, SPADES, 3)
    assert [(d.seat, d.context, d.named) for d in read] == [
        (1, "open", HEARTS), (2, "overcall", None), (3, "partner", SPADES),
        (1, "partner", None), (2, "overcall", None), (3, "partner", None)]
    assert all(d.options == tuple(Suit) for d in read)


def test_this_games_bidding_is_read_by_round() -> None:
    face_up = Card.parse("9D")
    calls = implied_bidding(3, 4, face_up, SPADES, 1)
    assert calls == (*_calls(3, ["pass"] * 4), Bid(0, PASS), Bid(1, "S"))
    read = call_decisions(calls, 3, 4, Rules(), face_up, SPADES, 1)
    assert [d.context for d in read] == ["face_up"] * 4 + ["second_round"] * 2
    assert read[0].options == (face_up.suit,) and SPADES in read[-1].options
    assert face_up.suit not in read[-1].options and read[-1].named == SPADES
    # With no calls given the contract implies them; the dealer forced to choose
    # tells nothing.
    assert call_decisions((), 3, 4, Rules(), face_up, SPADES, 1) == read
    forced = call_decisions(implied_bidding(3, 4, face_up, SPADES, 3), 3, 4,
                            Rules(dealer_must_choose=True), face_up, SPADES, 3)
    assert [d.seat for d in forced if d.context == "second_round"] == [0, 1, 2]


def test_without_calls_or_face_up_only_the_declarer_is_read() -> None:
    assert call_decisions((), 0, 4, BELOTE, None, HEARTS, 2) == [
        CallDecision(2, "open", tuple(Suit), HEARTS)]


def test_a_bad_auction_in_a_view_is_refused() -> None:
    position = GameRecord(Deal.random(4, seed=1), 0, BELOTE, trump="H", declarer=1).start()
    with pytest.raises(DebertsError, match=r"bad auction: it gives S by seat 1, the position is H by seat 1"):
        view_of(position, None, 0, auction=_calls(0, ["S", "pass", "pass", "pass"]))
    with pytest.raises(DebertsError, match=r"seat 2 calls out of turn"):
        view_of(position, None, 0, auction=(Bid(2, "H"),))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-50, 200), min_size=4, max_size=4), st.sampled_from(CONTEXTS),
       st.integers(1, 4))
def test_a_decisions_outcomes_are_proper_and_none_impossible(
    worths: list[float], context: str, open_suits: int
) -> None:
    """Over a decision's outcomes (pass, or each suit open named) the probabilities
    sum to 1, and each is at least the tremble's share: no call the rules allow
    makes a hand impossible."""
    caller = callers()[context]
    row = np.array(worths[:open_suits] + [-np.inf] * (4 - open_suits))
    outcomes = np.arange(-1, open_suits)
    logs = log_probabilities(np.repeat(row[None], len(outcomes), axis=0), outcomes,
                             *(np.full(len(outcomes), value)
                               for value in (caller.threshold, caller.spread, caller.tremble)))
    assert math.isclose(float(np.exp(logs).sum()), 1.0, rel_tol=1e-9)
    assert (logs >= math.log(caller.tremble / (open_suits + 1)) - 1e-12).all()


def test_more_worth_makes_a_call_likelier_and_a_pass_less() -> None:
    weak = CardSet(parse_cards("7S 8S 7H 8H 7D 8D 7C 8C"))
    strong = CardSet(parse_cards("JS 9S AS TS 7H 8H 7D 8D"))
    others = [CardSet(parse_cards("9H TH JH QH KH AH 9D TD"))] * 4
    for context in ("open", "overcall", "one_round"):
        called = [CallDecision(0, context, tuple(Suit), SPADES)]
        passed = [CallDecision(0, context, tuple(Suit), None)]
        assert (log_likelihood(called, [strong, *others[1:]], None)
                > log_likelihood(called, [weak, *others[1:]], None))
        assert (log_likelihood(passed, [strong, *others[1:]], None)
                < log_likelihood(passed, [weak, *others[1:]], None))
        assert log_likelihood(called, [weak, *others[1:]], None, skip=0) == 0.0


def _outside_view(seed: int) -> tuple[PlayView, GameRecord]:
    """A Belote deal bid in another system (seat 1 opens hearts, his partner seat 3
    takes it in spades), played by the heuristic for two tricks or more, up to a
    card of seat 0 (a defender, who sees neither 1's nor 2's hand): his view, and
    the record."""
    calls = _calls(0, ["H", "pass", "S", "pass", "pass", "pass"])
    record = GameRecord(Deal.random(4, seed=seed), 0, BELOTE, auction=calls)
    position = record.start()
    while len(position.stack) < 8 or position.to_move != 0:
        position.push(HeuristicPlayer().play(view_of(position, None, 0, auction=calls)))
    return view_of(position, None, 0, auction=calls), record


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("model", ["bidding", "dd"])
def test_an_outside_auction_is_read_from_the_view_alone(seed: int, model: str) -> None:
    view, _ = _outside_view(seed)
    inference = Inference(model, last=2)
    settings_ = {"samples": 8, "seed": 3, "infer": model, "last": 2}
    chosen = PimcPlayer(**settings_).play(view)
    probe = [sampled_position(view, _deal_in_play(view, row))
             for row in sample_deals(knowledge_of(view), 6, np.random.default_rng(seed))]
    probe = [p for p in probe if p is not None]
    solver = Solver(table_bits=16)
    weights = inference.weights(view, probe, solver)
    assert len(set(weights)) > 1  # the auction (and the play) tell the samples apart
    for redealt in probe[:3]:
        seen = view_of(redealt, None, view.dealer, auction=view.auction)
        assert seen == view
        assert inference.weights(seen, probe, solver) == weights
        assert PimcPlayer(**settings_).play(seen) == chosen


@pytest.mark.parametrize("seed", [3, 4])
def test_the_auction_is_weighed_not_just_the_contract(seed: int) -> None:
    """Seat 1 opened hearts, seat 2 passed over it: samples that give seat 1 more
    of the hearts' worth than seat 2 are likelier than the others; without the
    auction in the view (only the declarer's spades read) much less is told apart."""
    view, record = _outside_view(seed)
    bare = view_of(_replay(record, view), None, view.dealer)
    more: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    for row in sample_deals(knowledge_of(view), 300, np.random.default_rng(seed)):
        sample = sampled_position(view, _deal_in_play(view, row))
        if sample is None:
            continue
        ahead = hand_worth(CardSet(sample.deal.hands[1]), HEARTS) > hand_worth(
            CardSet(sample.deal.hands[2]), HEARTS)
        more[ahead].append((bidding_log_likelihood(view, sample),
                            bidding_log_likelihood(bare, sample)))
    read, blind = (np.mean([pair[k] for pair in more[True]]) - np.mean(
        [pair[k] for pair in more[False]]) for k in (0, 1))
    assert read > 1 and abs(blind) < read / 2


def _replay(record: GameRecord, view: PlayView) -> Position:
    position = record.start()
    for play in view.plays():
        position.push(play.card, bella=play.bella)
    return position


@pytest.mark.parametrize("players", [2, 4])
def test_match_views_carry_the_bidding(players: int) -> None:
    seen: list[PlayView] = []

    class Watcher(HeuristicPlayer):
        def play(self, view: PlayView) -> Card:
            seen.append(view)
            return super().play(view)

    rng = random.Random(players)
    result = play_deal([Watcher() for _ in range(players)], 0, Rules(), rng)
    while result.score is None:
        result = play_deal([Watcher() for _ in range(players)], 0, Rules(), rng)
    assert seen and all(view.auction == result.record.calls for view in seen[-players * 2:])
    assert result.record.calls == result.record.bidding
