"""The bidding (RULES.md 2.2): turn order, the calls of each round, the contract."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deberts import DebertsError, Rules, Suit
from deberts.bidding import PASS, PLAY, Bid, Contract, auction, bidding_order, legal_calls, parse_call


@pytest.mark.parametrize("dealer, players, order", [
    (0, 2, (1, 0)), (1, 2, (0, 1)), (0, 3, (1, 2, 0)), (2, 3, (0, 1, 2)), (3, 4, (0, 1, 2, 3)),
])
def test_order_eldest_first_dealer_last(dealer: int, players: int, order: tuple) -> None:
    assert bidding_order(dealer, players) == order


def test_calls_of_each_round() -> None:
    rules = Rules()
    assert legal_calls(1, 1, 0, Suit.H, rules) == (PLAY, PASS)
    assert legal_calls(2, 1, 0, Suit.H, rules) == ("S", "D", "C", PASS)
    assert legal_calls(2, 0, 0, Suit.H, rules) == ("S", "D", "C", PASS)
    mandated = Rules(dealer_must_choose=True)
    assert legal_calls(2, 0, 0, Suit.H, mandated) == ("S", "D", "C")
    assert legal_calls(2, 1, 0, Suit.H, mandated) == ("S", "D", "C", PASS)
    assert legal_calls(1, 0, 0, Suit.H, mandated) == (PLAY, PASS)


def test_parse_call() -> None:
    assert parse_call("PLAY") == PLAY and parse_call(" pass ") == PASS
    assert parse_call("h") == "H" and parse_call("♠") == "S"
    with pytest.raises(DebertsError, match=r"bad bid 'double': expected play, pass or a suit"):
        parse_call("double")
    with pytest.raises(DebertsError, match="bad bid"):
        Bid(0, "X")


def bids(*calls: tuple[int, str]) -> tuple[Bid, ...]:
    return tuple(Bid(seat, call) for seat, call in calls)


def test_contracts() -> None:
    rules = Rules()
    assert auction(bids((1, "pass"), (2, "play")), 0, 3, Suit.D, rules) == Contract(Suit.D, 2, 1)
    assert auction(bids((1, "play")), 0, 2, Suit.D, rules) == Contract(Suit.D, 1, 1)
    two = bids((1, "pass"), (0, "pass"), (1, "pass"), (0, "c"))
    assert auction(two, 0, 2, Suit.D, rules) == Contract(Suit.C, 0, 2)
    thrown = bids(*[(s, "pass") for s in (1, 2, 3, 0) * 2])
    assert auction(thrown, 0, 4, Suit.S, rules) is None


@pytest.mark.parametrize("calls, rules, pattern", [
    (((0, "pass"),), Rules(), r"bid 1: seat 0 calls out of turn, seat 1 was to call"),
    (((1, "H"),), Rules(), r"bid 1 \(seat 1\): 'H' is not a round-1 call, expected one of play pass"),
    (((1, "pass"), (0, "pass"), (1, "play")), Rules(),
     r"bid 3 \(seat 1\): 'play' is not a round-2 call"),
    (((1, "pass"), (0, "pass"), (1, "D")), Rules(), r"'D' is not a round-2 call, expected one of S H C pass"),
    (((1, "pass"), (0, "pass"), (1, "pass"), (0, "pass")), Rules(dealer_must_choose=True),
     r"bid 4 \(seat 0\): 'pass' is not a round-2 call, expected one of S H C$"),
    (((1, "play"), (0, "pass")), Rules(), r"bid 2: the bidding ended at bid 1"),
    (((1, "pass"),), Rules(), r"the bidding is not finished: seat 0 is to call in round 1"),
    (((1, "pass"), (0, "pass"), (1, "pass")), Rules(),
     r"not finished: seat 0 is to call in round 2"),
    ((), Rules(), r"not finished: seat 1 is to call in round 1"),
    (((1, "pass"), (0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")), Rules(),
     r"bid 5: the cards were thrown in"),
])
def test_bad_biddings(calls: tuple, rules: Rules, pattern: str) -> None:
    with pytest.raises(DebertsError, match=pattern):
        auction(bids(*calls), 0, 2, Suit.D, rules)


@given(
    players=st.integers(2, 4),
    dealer=st.integers(0, 3),
    face_up=st.sampled_from(list(Suit)),
    passes=st.integers(0, 8),
    final=st.sampled_from(["play", "S", "H", "D", "C", None]),
)
def test_auction_agrees_with_a_plain_model(
    players: int, dealer: int, face_up: Suit, passes: int, final: str | None
) -> None:
    dealer %= players
    passes = min(passes, 2 * players)
    order = [(dealer + 1 + i) % players for i in range(2 * players + 1)]
    calls = [Bid(order[i], "pass") for i in range(passes)]
    if final is not None:
        calls.append(Bid(order[passes], final))
    round_ = 1 + passes // players
    # The model: a play in round 1, another suit in round 2, two rounds of passes.
    if final is None:
        expected = None if passes == 2 * players else "unfinished"
    elif round_ == 1:
        expected = Contract(face_up, order[passes], 1) if final == "play" else "illegal"
    elif round_ == 2:
        ok = final not in ("play", face_up.name)
        expected = Contract(Suit[final], order[passes], 2) if ok else "illegal"
    else:
        expected = "illegal"
    if isinstance(expected, str):
        with pytest.raises(DebertsError):
            auction(calls, dealer, players, face_up, Rules())
    else:
        assert auction(calls, dealer, players, face_up, Rules()) == expected
