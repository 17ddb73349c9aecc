"""Cards, suits, ranks and card sets (RULES.md sections 1 and 5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts.errors import ArgumentError, DebertsError, NotationError
from deberts.model.cards import FULL_MASK, Card, CardSet, Rank, Suit, parse_cards

ALL_CARDS = [Card(i) for i in range(32)]
RANKS = "789TJQKA"
SUITS = "SHDC"


# -- suits and ranks --------------------------------------------------------


def test_suit_indices_follow_public_layout():
    assert [int(s) for s in (Suit.S, Suit.H, Suit.D, Suit.C)] == [0, 1, 2, 3]
    assert Suit.S.mask == 0x000000FF
    assert Suit.H.mask == 0x0000FF00
    assert Suit.D.mask == 0x00FF0000
    assert Suit.C.mask == 0xFF000000


@pytest.mark.parametrize(
    "text, suit",
    [("S", Suit.S), ("h", Suit.H), ("D", Suit.D), ("c", Suit.C),
     ("♠", Suit.S), ("♥", Suit.H), ("♦", Suit.D), ("♣", Suit.C),
     ("♡", Suit.H), ("♤", Suit.S)],
)
def test_suit_parse(text, suit):
    assert Suit.parse(text) is suit


def test_suit_parse_error_names_token():
    with pytest.raises(NotationError, match=r"bad suit 'X': suit must be one of S H D C"):
        Suit.parse("X")


def test_rank_natural_order_and_parse():
    assert [Rank.parse(c) for c in RANKS] == list(Rank)
    assert [int(r) for r in Rank] == list(range(8))
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("q") is Rank.QUEEN
    with pytest.raises(NotationError, match=r"bad rank '1'"):
        Rank.parse("1")


# -- cards ------------------------------------------------------------------


def test_card_bit_layout():
    # bit 8*s + r, suits S H D C, ranks 7 8 9 T J Q K A (RULES.md 5)
    assert int(Card.parse("7S")) == 0
    assert int(Card.parse("AS")) == 7
    assert int(Card.parse("7H")) == 8
    assert int(Card.parse("JH")) == 12
    assert int(Card.parse("TD")) == 19
    assert int(Card.parse("AC")) == 31
    assert Card.parse("JH").mask == 1 << 12


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips(card):
    text = str(card)
    assert len(text) == 2
    assert Card.parse(text) == card
    assert Card.parse(text.lower()) == card
    assert Card.parse(card.symbol()) == card
    assert Card.of(card.suit, card.rank) == card
    assert text == card.rank.char + card.suit.name
    assert eval(repr(card), {"Card": Card}) == card


def test_all_32_cards_are_distinct_strings():
    assert len({str(c) for c in ALL_CARDS}) == 32
    assert {str(c) for c in ALL_CARDS} == {r + s for r in RANKS for s in SUITS}


@pytest.mark.parametrize(
    "text, expected",
    [("10S", "TS"), ("10h", "TH"), ("J♥", "JH"), ("j♥", "JH"), ("a♣", "AC"),
     ("9♦", "9D"), ("10♠", "TS"), (" qd ", "QD"), ("ts", "TS"), ("7c", "7C")],
)
def test_card_parse_variants(text, expected):
    assert str(Card.parse(text)) == expected


def test_card_identity_is_shared():
    assert Card.parse("JH") is Card(12)
    assert Card(12) is ALL_CARDS[12]


@pytest.mark.parametrize(
    "text, message",
    [
        ("X9", "bad card 'X9': rank must be one of 7 8 9 T J Q K A"),
        ("1S", "bad card '1S': rank must be one of 7 8 9 T J Q K A"),
        ("11S", "bad card '11S': rank must be one of 7 8 9 T J Q K A"),
        ("9X", "bad card '9X': suit must be one of S H D C"),
        ("J", "bad card 'J': expected rank then suit, e.g. JH"),
        ("", "bad card '': expected rank then suit, e.g. JH"),
    ],
)
def test_card_parse_errors_name_the_token(text, message):
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert str(info.value) == message


def test_notation_error_is_a_value_error():
    with pytest.raises(ValueError):
        Card.parse("ZZ")
    assert issubclass(NotationError, DebertsError)


@pytest.mark.parametrize("index", [-1, 32, 100])
def test_card_index_out_of_range(index):
    with pytest.raises(ValueError, match=str(index)):
        Card(index)


def test_card_suit_and_rank():
    card = Card.parse("QD")
    assert card.suit is Suit.D
    assert card.rank is Rank.QUEEN
    assert card.symbol() == "Q♦"


def test_parse_cards():
    assert parse_cards("JH 10S 7c") == [Card.parse("JH"), Card.parse("TS"), Card.parse("7C")]
    assert parse_cards(["AS", "K♦"]) == [Card(7), Card(22)]
    assert parse_cards("") == []
    with pytest.raises(NotationError, match="'QX'"):
        parse_cards("AS QX")


# -- card sets --------------------------------------------------------------


def test_cardset_parse_and_str():
    hand = CardSet.parse("AK7.QJ..T98")
    assert str(hand) == "AK7.QJ..T98"
    assert set(map(str, hand)) == {"AS", "KS", "7S", "QH", "JH", "TC", "9C", "8C"}
    assert len(hand) == 8
    assert str(CardSet()) == "..."
    assert len(CardSet()) == 0
    assert not CardSet()
    assert CardSet.parse("...") == CardSet()


def test_cardset_parse_accepts_10_and_lowercase_and_any_order():
    a = CardSet.parse("a10k.q..")
    assert str(a) == "AKT.Q.."
    assert CardSet.parse("7KA.JQ..89T") == CardSet.parse("AK7.QJ..T98")


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("AK7.QJ.T98", "expected 4 suits separated by '.'"),
        ("A.K.Q.J.T", "expected 4 suits separated by '.'"),
        ("AA...", "card AS twice"),
        ("A.B.C.D", "bad rank 'B'"),
        ("AX...", "bad rank 'X'"),
    ],
)
def test_cardset_parse_errors(text, fragment):
    with pytest.raises(NotationError) as info:
        CardSet.parse(text)
    assert fragment in str(info.value)
    assert repr(text) in str(info.value)


def test_cardset_iteration_is_lowest_bit_first():
    hand = CardSet.parse("A7.J..K")
    assert [int(c) for c in hand] == [0, 7, 12, 30]
    assert all(isinstance(c, Card) for c in hand)


def test_cardset_membership():
    hand = CardSet.parse("AK7.QJ..T98")
    assert Card.parse("AS") in hand
    assert "QH" in hand
    assert "10C" in hand
    assert "KH" not in hand
    assert 7 in hand  # AS
    assert 5 not in hand  # QS
    assert 40 not in hand
    assert None not in hand


def test_cardset_int_and_mask():
    hand = CardSet.parse("A.J..")
    assert int(hand) == (1 << 7) | (1 << 12)
    assert hand.mask == int(hand)
    assert CardSet(int(hand)) == hand
    assert CardSet(["AS", "JH"]) == hand
    assert CardSet([Card(7), 12]) == hand
    assert int(CardSet.parse("AKQJT987.AKQJT987.AKQJT987.AKQJT987")) == FULL_MASK


def test_cardset_operators():
    a = CardSet.parse("AK.Q..")
    b = CardSet.parse("K.QJ..")
    assert a | b == CardSet.parse("AK.QJ..")
    assert a & b == CardSet.parse("K.Q..")
    assert a - b == CardSet.parse("A...")
    assert a ^ b == CardSet.parse("A.J..")
    # ints work as the other operand
    assert a | Card.parse("7C").mask == CardSet.parse("AK.Q..7")
    assert a - int(a) == CardSet()
    # immutable: operators return new sets
    assert str(a) == "AK.Q.."
    assert hash(a) == hash(CardSet.parse("AK.Q.."))
    assert len({a, CardSet.parse("KA.Q..")}) == 1


def test_cardset_suit_and_holding():
    hand = CardSet.parse("AK7.QJ..T98")
    assert hand.suit(Suit.H) == CardSet.parse(".QJ..")
    assert hand.holding(Suit.S) == "AK7"
    assert hand.holding(Suit.D) == ""
    assert hand.holding(Suit.C) == "T98"


@pytest.mark.parametrize("mask", [-1, 1 << 32])
def test_cardset_rejects_masks_beyond_32_bits(mask):
    with pytest.raises(ArgumentError, match=r"^bad card mask -?\d+: expected 0\.\.4294967295$"):
        CardSet(mask)


@pytest.mark.parametrize("cards", [[32], [0, -1], [Card(3), 40]])
def test_cardset_rejects_card_indices_out_of_range(cards):
    with pytest.raises(ArgumentError, match=r"^bad card index -?\d+: expected 0\.\.31$"):
        CardSet(cards)


masks = st.integers(min_value=0, max_value=FULL_MASK)


@settings(max_examples=300)
@given(masks)
def test_any_mask_round_trips_through_str(mask):
    hand = CardSet(mask)
    parsed = CardSet.parse(str(hand))
    assert parsed == hand
    assert int(parsed) == mask
    assert str(parsed) == str(hand)
    assert len(hand) == bin(mask).count("1")
    assert sum(c.mask for c in hand) == mask
    assert eval(repr(hand), {"CardSet": CardSet}) == hand


@settings(max_examples=200)
@given(masks, masks)
def test_set_operators_match_mask_arithmetic(x, y):
    a, b = CardSet(x), CardSet(y)
    assert int(a | b) == x | y
    assert int(a & b) == x & y
    assert int(a - b) == x & ~y
    assert int(a ^ b) == x ^ y
    assert set(a | b) == set(a) | set(b)
    assert set(a - b) == set(a) - set(b)
    for card in ALL_CARDS:
        assert (card in a) == bool(x >> card & 1)
