"""The bidding (RULES.md 2.2): turn order, the calls of each round, the contract.

Expectations come from the rules: round 1 from the eldest hand (left of the dealer)
round to the dealer, ``play`` or ``pass``; round 2 the same order, a suit other than
the face-up one or ``pass`` (not for the dealer under ``dealer_must_choose``); the
first call that is not a pass decides; two rounds of passes throw the cards in.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts import DebertsError, Rules, Suit
from deberts.variants.deberts.model.bidding import (
    PASS,
    PLAY,
    Bid,
    Contract,
    auction,
    bidding_order,
    legal_calls,
    parse_call,
)

SUITS = ("S", "H", "D", "C")


def bids(*calls: tuple[int, str]) -> tuple[Bid, ...]:
    return tuple(Bid(seat, call) for seat, call in calls)


# -- order -----------------------------------------------------------------------


@pytest.mark.parametrize("dealer, players, order", [
    (0, 2, (1, 0)), (1, 2, (0, 1)),
    (0, 3, (1, 2, 0)), (1, 3, (2, 0, 1)), (2, 3, (0, 1, 2)),
    (0, 4, (1, 2, 3, 0)), (1, 4, (2, 3, 0, 1)), (2, 4, (3, 0, 1, 2)), (3, 4, (0, 1, 2, 3)),
])
def test_order_eldest_first_dealer_last(dealer: int, players: int, order: tuple) -> None:
    assert bidding_order(dealer, players) == order


@pytest.mark.parametrize("players", [2, 3, 4])
def test_order_is_clockwise_from_the_dealers_left(players: int) -> None:
    for dealer in range(players):
        order = bidding_order(dealer, players)
        assert sorted(order) == list(range(players))
        assert order[0] == (dealer + 1) % players and order[-1] == dealer
        assert all((b - a) % players == 1 for a, b in zip(order, order[1:]))


# -- the calls of each round -----------------------------------------------------


@pytest.mark.parametrize("face_up", list(Suit))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_calls_of_each_round(face_up: Suit, players: int) -> None:
    others = {s for s in SUITS if s != face_up.name}
    for rules in (Rules(), Rules(dealer_must_choose=True)):
        for dealer in range(players):
            for seat in range(players):
                # Round 1: play or pass, for everyone, the dealer too, mandated or not.
                assert set(legal_calls(1, seat, dealer, face_up, rules)) == {PLAY, PASS}
                round_two = set(legal_calls(2, seat, dealer, face_up, rules))
                mandated = rules.dealer_must_choose and seat == dealer
                assert round_two == (others if mandated else others | {PASS})
                assert PLAY not in round_two and face_up.name not in round_two


def test_dealer_must_choose_only_binds_the_dealer_in_round_two() -> None:
    mandated = Rules(dealer_must_choose=True)
    assert PASS not in legal_calls(2, 0, 0, Suit.H, mandated)
    assert PASS in legal_calls(2, 1, 0, Suit.H, mandated)
    assert PASS in legal_calls(1, 0, 0, Suit.H, mandated)
    assert PASS in legal_calls(2, 0, 0, Suit.H, Rules())


def test_parse_call() -> None:
    assert parse_call("PLAY") == PLAY and parse_call(" pass ") == PASS
    assert parse_call("Pass") == PASS
    assert parse_call("h") == "H" and parse_call("♠") == "S" and parse_call(" c ") == "C"
    assert parse_call("hearts") == "H" and parse_call("Spade") == "S"  # as Suit.parse
    assert Bid(1, "D").call == "D" and Bid(0, "Play").call == PLAY
    for text in ("double", "", "10", "heartz", "X"):
        with pytest.raises(DebertsError, match=r"bad bid .*: expected play, pass or a suit S H D C"):
            parse_call(text)
    with pytest.raises(DebertsError, match=r"^bad bid 'double': expected play, pass or a suit"):
        Bid(0, "double")


# -- contracts -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_play_in_round_one_takes_the_face_up_suit(players: int) -> None:
    for dealer in range(players):
        for face_up in Suit:
            order = [(dealer + 1 + i) % players for i in range(players)]
            for k, seat in enumerate(order):
                calls = [Bid(s, PASS) for s in order[:k]] + [Bid(seat, PLAY)]
                assert auction(calls, dealer, players, face_up, Rules()) == Contract(face_up, seat, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_two_names_another_suit(players: int) -> None:
    for dealer in range(players):
        order = [(dealer + 1 + i) % players for i in range(players)]
        for k, seat in enumerate(order):
            for suit in (Suit.S, Suit.D, Suit.C):
                calls = [Bid(s, PASS) for s in order] + [Bid(s, PASS) for s in order[:k]]
                calls.append(Bid(seat, suit.name.lower()))
                assert auction(calls, dealer, players, Suit.H, Rules()) == Contract(suit, seat, 2)


def test_dealer_must_choose_gives_a_round_two_contract() -> None:
    mandated = Rules(dealer_must_choose=True)
    calls = bids((1, "pass"), (2, "pass"), (0, "pass"), (1, "pass"), (2, "pass"), (0, "S"))
    assert auction(calls, 0, 3, Suit.C, mandated) == Contract(Suit.S, 0, 2)
    # The dealer may still pass in round 1, and someone else may still choose.
    calls = bids((1, "pass"), (0, "pass"), (1, "D"))
    assert auction(calls, 0, 2, Suit.C, mandated) == Contract(Suit.D, 1, 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_rounds_of_passes_throw_the_cards_in(players: int) -> None:
    for dealer in range(players):
        calls = [Bid((dealer + 1 + i) % players, PASS) for i in range(2 * players)]
        assert auction(calls, dealer, players, Suit.D, Rules()) is None


# -- errors ----------------------------------------------------------------------


@pytest.mark.parametrize("calls, rules, pattern", [
    # Out of turn: the dealer (seat 0) first, a seat twice, a seat not at the table.
    (((0, "pass"),), Rules(), r"^bid 1: seat 0 calls out of turn, seat 1 was to call$"),
    (((1, "pass"), (1, "pass")), Rules(), r"^bid 2: seat 1 calls out of turn, seat 0 was to call$"),
    (((1, "pass"), (0, "pass"), (0, "S")), Rules(),
     r"^bid 3: seat 0 calls out of turn, seat 1 was to call$"),
    (((5, "play"),), Rules(), r"^bid 1: seat 5 calls out of turn, seat 1 was to call$"),
    # Illegal calls: a suit in round 1, play in round 2, the face-up suit in round 2.
    (((1, "H"),), Rules(), r"^bid 1 \(seat 1\): 'H' is not a round-1 call, expected one of play pass$"),
    (((1, "pass"), (0, "D")), Rules(), r"^bid 2 \(seat 0\): 'D' is not a round-1 call"),
    (((1, "pass"), (0, "pass"), (1, "play")), Rules(),
     r"^bid 3 \(seat 1\): 'play' is not a round-2 call, expected one of S H C pass$"),
    (((1, "pass"), (0, "pass"), (1, "d")), Rules(),
     r"^bid 3 \(seat 1\): 'D' is not a round-2 call, expected one of S H C pass$"),
    (((1, "pass"), (0, "pass"), (1, "pass"), (0, "pass")), Rules(dealer_must_choose=True),
     r"^bid 4 \(seat 0\): 'pass' is not a round-2 call, expected one of S H C$"),
    # Bids after the deciding call.
    (((1, "play"), (0, "pass")), Rules(), r"^bid 2: the bidding ended at bid 1$"),
    (((1, "pass"), (0, "play"), (1, "pass")), Rules(), r"^bid 3: the bidding ended at bid 2$"),
    (((1, "pass"), (0, "pass"), (1, "S"), (0, "C")), Rules(), r"^bid 4: the bidding ended at bid 3$"),
    (((1, "pass"), (0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")), Rules(),
     r"^bid 5: the cards were thrown in after two rounds of passes$"),
    # Unfinished: who is to call, in which round.
    ((), Rules(), r"^the bidding is not finished: seat 1 is to call in round 1$"),
    (((1, "pass"),), Rules(), r"^the bidding is not finished: seat 0 is to call in round 1$"),
    (((1, "pass"), (0, "pass")), Rules(), r"^the bidding is not finished: seat 1 is to call in round 2$"),
    (((1, "pass"), (0, "pass"), (1, "pass")), Rules(dealer_must_choose=True),
     r"^the bidding is not finished: seat 0 is to call in round 2$"),
])
def test_bad_biddings(calls: tuple, rules: Rules, pattern: str) -> None:
    with pytest.raises(DebertsError, match=pattern):
        auction(bids(*calls), 0, 2, Suit.D, rules)


def test_unfinished_names_the_seat_with_four_players() -> None:
    calls = bids((3, "pass"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    with pytest.raises(DebertsError, match=r"^the bidding is not finished: seat 0 is to call in round 2$"):
        auction(calls, 2, 4, Suit.S, Rules())


# -- against a plain model -------------------------------------------------------


def model(
    calls: list[tuple[int, str]], dealer: int, players: int, face_up: Suit, must_choose: bool
) -> Contract | None | str:
    """The rules of 2.2 read directly: the contract, None (thrown in), or the start of
    the expected error message."""
    for i, (seat, call) in enumerate(calls):
        if i >= 2 * players:
            return f"bid {i + 1}: the cards were thrown in"
        to_call = (dealer + 1 + i) % players
        if seat != to_call:
            return f"bid {i + 1}: seat {seat} calls out of turn, seat {to_call} was to call"
        round_ = 1 if i < players else 2
        if round_ == 1:
            allowed = {"play", "pass"}
        else:
            allowed = set(SUITS) - {face_up.name}
            if not (must_choose and seat == dealer):
                allowed.add("pass")
        if call not in allowed:
            return f"bid {i + 1} (seat {seat}): {call!r} is not a round-{round_} call"
        if call != "pass":
            if i != len(calls) - 1:
                return f"bid {i + 2}: the bidding ended at bid {i + 1}"
            return Contract(face_up if call == "play" else Suit[call], seat, round_)
    if len(calls) < 2 * players:
        n = len(calls)
        return (f"the bidding is not finished: seat {(dealer + 1 + n) % players} "
                f"is to call in round {n // players + 1}")
    return None


@settings(max_examples=300, deadline=None)
@given(
    players=st.integers(2, 4),
    dealer=st.integers(0, 3),
    face_up=st.sampled_from(list(Suit)),
    must_choose=st.booleans(),
    passes=st.integers(0, 9),
    final=st.sampled_from(["play", "pass", "S", "H", "D", "C", None]),
    extra=st.booleans(),
    wrong_seat=st.none() | st.tuples(st.integers(0, 9), st.integers(0, 3)),
)
def test_auction_agrees_with_a_plain_model(
    players: int, dealer: int, face_up: Suit, must_choose: bool, passes: int,
    final: str | None, extra: bool, wrong_seat: tuple[int, int] | None,
) -> None:
    dealer %= players
    passes = min(passes, 2 * players + 1)
    order = [(dealer + 1 + i) % players for i in range(2 * players + 3)]
    calls = [(order[i], "pass") for i in range(passes)]
    if final is not None:
        calls.append((order[passes], final))
    if extra:
        calls.append((order[len(calls)], "pass"))
    if wrong_seat is not None and calls:
        index, seat = wrong_seat
        index %= len(calls)
        calls[index] = (seat, calls[index][1])
    rules = Rules(dealer_must_choose=must_choose)
    expected = model(calls, dealer, players, face_up, must_choose)
    bid_list = [Bid(seat, call) for seat, call in calls]
    if isinstance(expected, str):
        with pytest.raises(DebertsError, match="^" + re.escape(expected)):
            auction(bid_list, dealer, players, face_up, rules)
    else:
        assert auction(bid_list, dealer, players, face_up, rules) == expected
