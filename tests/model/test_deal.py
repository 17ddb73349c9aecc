"""Deals: parsing, validation, full vs endgame, random deals (RULES.md 2.1 and 5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts.errors import InvalidDealError, NotationError
from deberts.model.cards import CardSet
from deberts.variants.deberts.model.deal import Deal, full_hand_size

TWO = "AKQ.T98.7.AK JT9.AK.98.QJ"  # 9 cards each
THREE = "AKQ.T98.7.AK JT9.AK.98.QJ 87.QJ7.AK.T9"


def test_full_hand_size():
    assert full_hand_size(2) == 9
    assert full_hand_size(3) == 9
    assert full_hand_size(4) == 8


def test_parse_two_players():
    deal = Deal.parse(TWO)
    assert deal.players == 2
    assert deal.hand_size == 9
    assert deal.is_full
    assert deal.hands == (CardSet.parse("AKQ.T98.7.AK"), CardSet.parse("JT9.AK.98.QJ"))
    assert str(deal) == TWO
    assert Deal.parse("  AKQ.T98.7.AK   jt9.ak.98.qj ") == deal


def test_parse_str_round_trip_and_equality():
    deal = Deal.parse(THREE)
    assert deal.players == 3
    assert Deal.parse(str(deal)) == deal
    assert eval(repr(deal), {"Deal": Deal}) == deal
    assert deal.masks() == tuple(int(h) for h in deal.hands)
    assert Deal(deal.masks()) == deal
    assert Deal(list(deal.hands)) == deal


def test_four_player_full_deal_uses_whole_deck():
    deal = Deal.parse(
        "AKQJ.AKQJ.. T987.T987.. ..AKQJ.AKQJ ..T987.T987"
    )
    assert deal.players == 4
    assert deal.hand_size == 8
    assert deal.is_full
    assert sum(len(h) for h in deal.hands) == 32


def test_endgame_deal_is_not_full():
    deal = Deal.parse("AK... QJ... ..AK.")
    assert deal.hand_size == 2
    assert not deal.is_full
    assert not Deal.parse("AKQJT987... .AKQJT987.. ..AKQJT987.").is_full  # 8 of 9
    assert not Deal.parse("AKQJT98... .AKQJT98.. ..AKQJT98. ...AKQJT98").is_full


def test_duplicate_card_across_hands():
    with pytest.raises(InvalidDealError, match=r"card AS is in two hands"):
        Deal.parse("AK... A7...")
    with pytest.raises(InvalidDealError, match=r"card JH is in two hands"):
        Deal.parse("A.7.. K.8.. Q.J.. .J..A")


def test_unequal_hand_sizes():
    with pytest.raises(InvalidDealError, match=r"hand 1 has 1 cards, hand 0 has 2"):
        Deal.parse("AK... Q...")
    with pytest.raises(InvalidDealError, match=r"hand 2 has 3 cards, hand 0 has 2"):
        Deal.parse("AK... QJ... .AKQ..")


def test_too_many_cards():
    ten = "AKQJT987.AK.. .QJT987.AKQJ."
    with pytest.raises(InvalidDealError, match=r"hand 0 has 10 cards, at most 9 with 2 players"):
        Deal.parse(ten)
    with pytest.raises(InvalidDealError, match=r"at most 9 with 3 players"):
        Deal.parse("AKQJT987.AK.. .QJT987.AKQJ. ..T987.AKQJT9")
    # 4 hands of 9 need 36 cards; the size is reported at the first hand
    with pytest.raises(InvalidDealError, match="hand 0 has 9 cards, at most 8 with 4 players"):
        Deal.parse("AKQJT987.A.. .KQJT987.A. ..KQJT987.A 7...KQJT987")


def test_more_than_eight_with_four_players_via_random():
    with pytest.raises(InvalidDealError, match=r"bad hand size 9: expected 1..8"):
        Deal.random(4, 9, seed=1)
    with pytest.raises(InvalidDealError, match=r"bad hand size 10: expected 1..9"):
        Deal.random(3, 10, seed=1)
    with pytest.raises(InvalidDealError, match=r"bad hand size 0"):
        Deal.random(2, 0, seed=1)


@pytest.mark.parametrize("text, count", [("AK...", "1 hand"), ("A... K... Q... J... T...",
                                                                "5 hands")])
def test_wrong_number_of_hands(text, count):
    with pytest.raises(InvalidDealError, match=rf"bad deal: {count}, expected 2, 3 or 4"):
        Deal.parse(text)


def test_empty_deal_text_and_empty_hands():
    with pytest.raises(NotationError, match="expected 2 to 4 hands"):
        Deal.parse("   ")
    with pytest.raises(InvalidDealError, match="the hands are empty"):
        Deal.parse("... ...")


def test_bad_hand_notation_is_reported():
    with pytest.raises(NotationError, match=r"bad hand 'AX\.\.\.'"):
        Deal.parse("AX... K...")


@pytest.mark.parametrize("players", [1, 5])
def test_random_bad_player_count(players):
    with pytest.raises(InvalidDealError, match=rf"bad player count {players}"):
        Deal.random(players)


def test_random_deals_are_seeded_and_reproducible():
    assert Deal.random(3, seed=42) == Deal.random(3, seed=42)
    assert Deal.random(2, 5, seed=7) == Deal.random(2, 5, seed=7)
    deals = {str(Deal.random(4, seed=s)) for s in range(20)}
    assert len(deals) == 20
    a = Deal.random(2, seed=random.Random(3))
    b = Deal.random(2, seed=random.Random(3))
    assert a == b
    rng = random.Random(5)
    first, second = Deal.random(2, seed=rng), Deal.random(2, seed=rng)
    assert first != second  # a shared Random advances


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_full_deals(players):
    deal = Deal.random(players, seed=players)
    assert deal.players == players
    assert deal.is_full
    assert deal.hand_size == full_hand_size(players)


@settings(max_examples=200)
@given(
    st.sampled_from([2, 3, 4]).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.integers(1, full_hand_size(n)),
            st.integers(0, 2**32),
        )
    )
)
def test_random_deals_are_valid_and_disjoint(args):
    players, size, seed = args
    deal = Deal.random(players, size, seed=seed)
    assert deal.players == players
    assert all(len(h) == size for h in deal.hands)
    union = 0
    for hand in deal.hands:
        assert union & int(hand) == 0
        union |= int(hand)
    assert bin(union).count("1") == players * size
    assert deal.is_full == (size == full_hand_size(players))
    assert Deal.parse(str(deal)) == deal
