"""The ``face_up_to = none`` rule option on its own (docs/rules.md 2.1, 2.2, 2.8): no
card is turned up, each seat bids on its whole hand in one round naming a suit, the
play's views have no face-up card, and everything that reads a face-up card copes
with none; the ``belote`` preset deals this way. Each test also shows the same thing
with a card turned up, so the option changes the game."""

from __future__ import annotations

import random

import pytest
from test_game_rules import rig

from deberts import CardSet, DebertsError, Rules, RulesError, Suit
from deberts.errors import ArgumentError, RecordError
from deberts.model.cards import Card
from deberts.variants.deberts.analysis.bid_evaluation import evaluate_bid
from deberts.variants.deberts.analysis.game_stats import deal_batches
from deberts.variants.deberts.analysis.sampling import Knowledge
from deberts.variants.deberts.analysis.table import dd_table
from deberts.variants.deberts.model.bidding import PASS, Bid, Contract, auction, legal_calls
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.model.sides import deal_waits_for_declarer, face_up_turned
from deberts.variants.deberts.play.match import BidView, Match, PlayView, play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer

NONE = Rules(face_up_to="none")
BELOTE = Rules.preset_rules("belote")
SUITS = ("S", "H", "D", "C")


class Watcher(HeuristicPlayer):
    """A heuristic player that keeps every view it gets and counts exchange offers."""

    def __init__(self, threshold: int = 60) -> None:
        super().__init__(threshold)
        self.bids: list[BidView] = []
        self.views: list[PlayView] = []
        self.offers = 0

    def bid(self, view: BidView) -> str:
        self.bids.append(view)
        return super().bid(view)

    def exchange(self, view: PlayView) -> bool:
        self.offers += 1
        return True

    def play(self, view: PlayView) -> Card:
        self.views.append(view)
        return super().play(view)


def test_the_option_and_the_belote_preset() -> None:
    assert BELOTE.face_up_to == "none" and Rules().face_up_to == "dealer"
    assert Rules.preset_rules("belote", face_up_to="dealer").face_up_to == "dealer"
    assert Rules().with_setting("face_up_to=none") == NONE
    assert not face_up_turned(NONE) and not face_up_turned(BELOTE) and face_up_turned(Rules())
    assert deal_waits_for_declarer(4, Rules(face_up_to="declarer"))
    assert not deal_waits_for_declarer(4, BELOTE) and not deal_waits_for_declarer(3, Rules(face_up_to="declarer"))
    with pytest.raises(RulesError, match="expected one of dealer declarer none"):
        Rules(face_up_to="nobody")


def test_one_round_naming_any_suit() -> None:
    assert legal_calls(1, 1, 0, None, NONE) == (*SUITS, PASS)
    assert legal_calls(1, 0, 0, None, NONE.with_options(dealer_must_choose=True)) == SUITS
    assert legal_calls(1, 1, 0, Suit.H, Rules()) == ("play", PASS)  # with a card turned up
    calls = [Bid(1, PASS), Bid(2, "D")]
    assert auction(calls, 0, 4, None, NONE) == Contract(Suit.D, 2, 1)
    passes = [Bid(s, PASS) for s in (1, 2, 3, 0)]
    assert auction(passes, 0, 4, None, NONE) is None
    assert auction(passes + [Bid(1, "D")], 0, 4, Suit.H, Rules()) == Contract(Suit.D, 1, 2)
    with pytest.raises(DebertsError, match="thrown in after a round of passes"):
        auction(passes + [Bid(1, "D")], 0, 4, None, NONE)
    with pytest.raises(DebertsError, match="not a round-1 call"):
        auction([Bid(1, "play")], 0, 4, None, NONE)
    with pytest.raises(DebertsError, match="seat 3 is to call in round 1"):
        auction(passes[:2], 0, 4, None, NONE)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_whole_hand_is_dealt_before_one_round_of_bidding(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    first = ["7S 8S 9S TS 7H 8H", "JS QS KS AS 9H TH", "7D 8D 9D TD JD QD", "7C 8C 9C TC JC QC"]
    rig(monkeypatch, first[:players], None)
    seats = [Watcher(threshold=1000) for _ in range(players)]
    result = play_deal(seats, 0, NONE, random.Random(0))
    assert result.record.thrown_in and len(result.record.bidding) == players  # one round
    record = result.record
    assert record.face_up is None and (record.freza is None) == (players == 4)
    for seat, watcher in enumerate(seats):
        (view,) = watcher.bids
        assert view.face_up is None and view.round == 1 and view.legal == (*SUITS, PASS)
        assert view.hand == record.deal.hands[seat] and len(view.hand) == (8 if players == 4 else 9)
        assert all(c in view.hand for c in parse(first[seat]))  # the first six, then the rest
    if record.freza is not None:
        assert all(record.freza not in hand for hand in record.deal.hands)
    rig(monkeypatch, first[:players], "AC")  # a card turned up: two rounds on six cards
    seats = [Watcher(threshold=1000) for _ in range(players)]
    result = play_deal(seats, 0, Rules(), random.Random(0))
    assert len(result.record.bidding) == 2 * players and len(seats[0].bids[0].hand) == 6


def parse(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


@pytest.mark.parametrize("players", [2, 3])
def test_no_seven_to_swap_and_no_face_up_card_in_the_play(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    # Seat 1 holds the seven of clubs and names clubs (threshold 0 names a suit at once).
    first = ["7S 8S 9S TS 7H 8H", "7C 8C 9C TC JC QC", "7D 8D 9D TD JD QD"]
    rig(monkeypatch, first[:players], None)
    seats = [Watcher(threshold=0) for _ in range(players)]
    result = play_deal(seats, 0, NONE, random.Random(0))
    assert result.record.trump is not None and result.record.is_complete()
    assert not result.record.exchange and sum(w.offers for w in seats) == 0
    assert all(v.face_up is None and v.exchanger is None for w in seats for v in w.views)
    rig(monkeypatch, first[:players], "AC")  # the same with the ace of clubs turned up
    seats = [Watcher(threshold=0) for _ in range(players)]
    turned = play_deal(seats, 0, Rules(), random.Random(0))
    assert turned.record.trump == Suit.C and sum(w.offers for w in seats) == 1


def test_records_without_a_face_up_card() -> None:
    deal = Deal.random(4, seed=3)
    calls = (Bid(1, PASS), Bid(2, "H"))
    record = GameRecord(deal, 0, BELOTE, bidding=calls)
    assert (record.trump, record.declarer, record.round) == (Suit.H, 2, None)
    assert GameRecord.from_dict(record.to_dict()) == record
    with pytest.raises(RecordError, match="under face_up_to=none no card is turned up"):
        GameRecord(deal, 0, BELOTE, face_up=next(iter(deal.hands[0])), bidding=calls)
    with pytest.raises(RecordError, match="a bidding needs the face-up card"):
        GameRecord(deal, 0, Rules(), bidding=calls)


@pytest.mark.parametrize(("players", "hand"), [(2, "AKQ.J9.7.A87"), (4, "AKQJ.T9.8.A")])
def test_bid_evaluation_names_a_suit_without_a_face_up_card(players: int, hand: str) -> None:
    evaluation = evaluate_bid(hand, None, 1, 0, players, samples=6, seed=1, rules=NONE)
    assert [o.option for o in evaluation.options] == [*SUITS, PASS]
    assert evaluation.face_up is None and evaluation.to_dict()["face_up"] is None
    assert all(o.samples == 6 for o in evaluation.options)
    spades = evaluation.option("S").outcomes
    assert all(o.declarer == 1 and o.result != "thrown_in" for o in spades)
    with pytest.raises(DebertsError, match="the rules turn one up"):
        evaluate_bid(hand, None, 1, 0, players, samples=2, rules=Rules())
    with pytest.raises(DebertsError, match="under face_up_to=none no card is turned up"):
        evaluate_bid("AKQ.J9..", "7C", 1, 0, players, samples=2, rules=NONE)
    with pytest.raises(DebertsError, match="bad round 2: expected 1$"):
        evaluate_bid(hand, None, 1, 0, players, round_=2, samples=2, rules=NONE)
    with pytest.raises(DebertsError, match="a bidder holds 6"):
        evaluate_bid(hand, "7C", 1, 0, players, samples=2, rules=Rules())


def test_a_bidders_knowledge_without_a_face_up_card() -> None:
    knowledge = Knowledge.for_bidder(4, 1, "AKQJ.T9.8.A", None, 0)
    assert knowledge.held[1] == CardSet.parse("AKQJ.T9.8.A")
    assert not any(knowledge.held[s] for s in (0, 2, 3)) and not knowledge.out
    assert knowledge.sizes == (8, 8, 8, 8)
    turned = Knowledge.for_bidder(4, 1, "AKQ.T9.8.", "7C", 0)
    assert Card.parse("7C") in turned.held[0]


def test_tools_that_need_a_face_up_card_refuse_none() -> None:
    deal = Deal.random(4, seed=2)
    with pytest.raises(DebertsError, match="under face_up_to=none no card is turned up"):
        dd_table(deal, 1, BELOTE, next(iter(deal.hands[0])))
    assert dd_table(deal, 1, BELOTE).face_up is None
    with pytest.raises(ArgumentError, match="face_up_to=none turns none up"):
        deal_batches([4], 1, 0, BELOTE)


@pytest.mark.parametrize("make", [lambda seat: HeuristicPlayer(),
                                  lambda seat: PimcPlayer(samples=3, bid_samples=2, seed=seat)],
                         ids=["heuristic", "pimc"])
def test_whole_belote_matches(make) -> None:
    """A Belote match to 301 played out: every bid and play view has no face-up card."""
    match = Match([make(seat) for seat in range(4)], BELOTE, 301, seed=5)
    winner = match.play()
    played = [r for r in match.results if r.score is not None]
    assert winner in match.teams() and played
    for result in match.results:
        assert result.record.face_up is None and result.record.freza is None
        assert len(result.record.bidding) <= 4
        if result.score is not None:
            assert result.record.is_complete() and not result.record.exchange


@pytest.mark.parametrize("players", [2, 3])
def test_pimc_deals_without_a_face_up_card(players: int) -> None:
    """With 2 or 3 players the PIMC bidder evaluates the named-suit round."""
    seats = [PimcPlayer(samples=3, bid_samples=2, seed=s) for s in range(players)]
    result = play_deal(seats, 0, NONE, random.Random(4))
    assert result.record.face_up is None and len(result.record.bidding) <= players
    assert result.score is None or result.record.is_complete()


def test_the_pimc_bidder_evaluates_a_belote_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    """With 4 players and no face-up card the deal does not wait for the declarer, so
    the PIMC bidder evaluates the named-suit round (it falls back to the heuristic
    only under face_up_to=declarer)."""
    import deberts.variants.deberts.play.pimc as pimc

    asked = []
    real = pimc.evaluate_bid

    def counted(*args, **kwargs):
        asked.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(pimc, "evaluate_bid", counted)
    view = BidView(1, 4, 0, BELOTE, CardSet.parse("AKQJ.T9.8.A"), None, 1, (),
                   (*SUITS, PASS), (0, 0, 0, 0))
    assert PimcPlayer(samples=2, bid_samples=4, seed=1).bid(view) in view.legal
    assert asked == [None]
    waits = Rules(face_up_to="declarer")
    turned = BidView(1, 4, 0, waits, CardSet.parse("AKQ.T9.8."), Card.parse("7C"), 1, (),
                     ("play", PASS), (0, 0, 0, 0))
    assert PimcPlayer(samples=2, bid_samples=4, seed=1).bid(turned) in turned.legal
    assert asked == [None]  # the heuristic's call, no evaluation


def test_the_web_bid_takes_no_face_up_card_under_the_option() -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from deberts.web.app import create_app

    client = TestClient(create_app())
    body = {"hand": "AKQJ.T9.8.A", "seat": 1, "dealer": 0, "players": 4, "samples": 2, "seed": 1}
    answer = client.post("/api/bid", json={**body, "rules": {"preset": "belote"}})
    assert answer.status_code == 200 and answer.json()["face_up"] is None
    assert [o["option"] for o in answer.json()["options"]] == [*SUITS, PASS]
    refused = client.post("/api/bid", json=body)
    assert refused.status_code == 400 and "the rules turn one up" in refused.json()["error"]
