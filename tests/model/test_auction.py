"""Auctions under another system (Belote bid with coinche, docs/rules.md 2.2): their
contract, their errors, and their round trip through game records, where a record
without one (every record written before) still loads."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts import Bid, Deal, DebertsError, GameRecord, RecordError, Rules
from deberts.formats.records import dumps, loads
from deberts.model.cards import Suit
from deberts.variants.deberts.model.bidding import (
    COINCHE,
    PASS,
    SURCOINCHE,
    outside_contract,
    parse_call,
)

BELOTE = Rules.preset_rules("belote")


def _calls(dealer: int, calls: list[str]) -> tuple[Bid, ...]:
    return tuple(Bid((dealer + 1 + i) % 4, call) for i, call in enumerate(calls))


def test_the_last_suit_named_is_the_contract() -> None:
    calls = _calls(0, ["H", "pass", "S", "coinche", "pass", "pass", "pass"])
    contract = outside_contract(calls, 0, 4)
    assert contract is not None and (contract.trump, contract.declarer) == (Suit.parse("S"), 3)
    assert outside_contract(_calls(2, ["pass"] * 4), 2, 4) is None


@pytest.mark.parametrize(("calls", "message"), [
    ([Bid(2, "H")], r"bid 1: seat 2 calls out of turn, seat 1 was to call"),
    ([Bid(1, "play")], r"bid 1 \(seat 1\): 'play' accepts a face-up card"),
    ([Bid(1, "pass"), Bid(2, "coinche")], r"bid 2 \(seat 2\): coinche before any suit was named"),
])
def test_a_bad_auction_names_its_call(calls: list[Bid], message: str) -> None:
    with pytest.raises(DebertsError, match=message):
        outside_contract(calls, 0, 4)


def test_calls_parse_their_names() -> None:
    assert [parse_call(t) for t in ("Coinche", "SURCOINCHE", "♥")] == [COINCHE, SURCOINCHE, "H"]
    with pytest.raises(DebertsError, match=r"bad bid 'double': expected play, pass or a suit"):
        parse_call("double")


@st.composite
def auctions(draw: st.DrawFn) -> tuple[int, tuple[Bid, ...]]:
    """A dealer and an auction under another system that names a suit: suits and
    passes in turn, a coinche or surcoinche only after a suit."""
    dealer = draw(st.integers(0, 3))
    calls: list[str] = []
    for _ in range(draw(st.integers(1, 12))):
        choices = [PASS, "S", "H", "D", "C"] + ([COINCHE, SURCOINCHE] if any(
            len(c) == 1 for c in calls) else [])
        calls.append(draw(st.sampled_from(choices)))
    if not any(len(c) == 1 for c in calls):
        calls.append(draw(st.sampled_from(["S", "H", "D", "C"])))
    return dealer, _calls(dealer, calls)


@settings(max_examples=60, deadline=None)
@given(auctions(), st.integers(0, 2**32 - 1))
def test_an_auction_round_trips_through_a_record(
    drawn: tuple[int, tuple[Bid, ...]], seed: int
) -> None:
    dealer, calls = drawn
    record = GameRecord(Deal.random(4, seed=seed), dealer, BELOTE, auction=calls)
    contract = outside_contract(calls, dealer, 4)
    assert contract is not None
    assert (record.trump, record.declarer, record.calls) == (contract.trump, contract.declarer, calls)
    again = GameRecord.from_dict(record.to_dict())
    assert again == record and again.auction == calls
    assert loads(dumps([record])) == [record]


def test_a_record_without_an_auction_writes_none_and_loads() -> None:
    record = GameRecord(Deal.random(4, seed=1), 0, BELOTE, trump="H", declarer=2)
    data = record.to_dict()
    assert "auction" not in data and record.calls == ()
    assert GameRecord.from_dict(data) == record


def test_an_auction_must_give_the_contract_recorded() -> None:
    calls = _calls(0, ["H", "pass", "pass", "pass"])
    deal = Deal.random(4, seed=2)
    with pytest.raises(RecordError, match=r"bad field 'declarer': recorded 2, the auction gives 1"):
        GameRecord(deal, 0, BELOTE, auction=calls, declarer=2)
    with pytest.raises(RecordError, match=r"bad field 'auction': bid 1: seat 2 calls out of turn"):
        GameRecord(deal, 0, BELOTE, auction=(Bid(2, "H"),))
    with pytest.raises(RecordError, match=r"a bidding and an auction"):
        GameRecord(deal, 0, BELOTE, auction=calls, bidding=(Bid(1, "H"),))
    data = GameRecord(deal, 0, BELOTE, auction=calls).to_dict()
    with pytest.raises(RecordError, match=r"bad field 'auction': expected a list"):
        GameRecord.from_dict({**data, "auction": {"seat": 1}})


def test_an_auction_of_passes_throws_the_cards_in() -> None:
    record = GameRecord(Deal.random(4, seed=3), 1, BELOTE, auction=_calls(1, ["pass"] * 4))
    assert record.thrown_in and record.calls == _calls(1, ["pass"] * 4)
    assert GameRecord.from_dict(record.to_dict()) == record


def test_a_deberts_bidding_is_the_records_calls() -> None:
    rng = random.Random(4)
    deck = list(range(32))
    rng.shuffle(deck)
    record = GameRecord(Deal([deck[8 * s:8 * s + 8] for s in range(4)]), 0, BELOTE,
                        bidding=(Bid(1, "pass"), Bid(2, "D")))
    assert record.calls == record.bidding and record.auction == ()
    assert "auction" not in record.to_dict()
