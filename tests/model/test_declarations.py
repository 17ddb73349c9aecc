"""Declarations: tertz, fifty, bella and which team scores them (RULES.md 2.4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts.model.cards import Card, CardSet, Suit
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.declarations import (
    bella_mask,
    declaration_team,
    hand_declarations,
    resolve_declarations,
)
from deberts.variants.deberts.model.rules import Rules

MOSCOW = Rules()
KHARKOV = Rules.preset_rules("kharkov")
PLAY_ORDER = Rules(sequence_order="play")


def deal(*hands: str) -> Deal:
    """A deal from space-separated card lists, seat 0 first."""
    return Deal([CardSet(h.split()) for h in hands])


def cards(text: str) -> CardSet:
    return CardSet(text.split())


def decl_summary(hand: str, trump: str = "H", rules: Rules = MOSCOW):
    """(kind, cards) of each declaration of a hand, sorted for comparison."""
    found = hand_declarations(cards(hand), 0, Suit.parse(trump), rules)
    return sorted((d.kind, str(d.cards)) for d in found)


def total(hand: str, trump: str = "H", rules: Rules = MOSCOW) -> int:
    return sum(d.points for d in hand_declarations(cards(hand), 0, Suit.parse(trump), rules))


# -- what one hand declares ---------------------------------------------------


def test_tertz_is_three_in_natural_sequence():
    assert decl_summary("AS KS QS 7H 9H 7D 9D 7C 9C") == [("tertz", "AKQ...")]
    assert total("AS KS QS 7H 9H 7D 9D 7C 9C") == 20
    found = hand_declarations(cards("AS KS QS 7H 9H 7D 9D 7C 9C"), 2, Suit.H, MOSCOW)
    assert found[0].seat == 2
    assert found[0].suit is Suit.S
    assert found[0].points == 20


def test_trump_sequence_uses_natural_order_too():
    # J 9 A is not a tertz (002: "and certainly not J 9 A"); neither is A 10 K
    assert total("JH 9H AH 7S 9S 7D 9D 7C 9C", trump="H") == 0
    assert total("AS TS KS 7H 9H 7D 9D 7C 9C", trump="H") == 0
    assert decl_summary("9H TH JH 7S 9S 7D 9D 7C 9C", trump="H") == [("tertz", ".JT9..")]


def test_two_in_sequence_is_nothing():
    assert total("AS KS 7H 9H JH 7D 9D 7C 9C") == 0
    assert decl_summary("AS KS 7H 9H JH 7D 9D 7C 9C") == []


def test_fifty_is_four_in_sequence():
    assert decl_summary("7S 8S 9S TS KH 7D 9D 7C 9C") == [("fifty", "T987...")]
    assert total("7S 8S 9S TS KH 7D 9D 7C 9C") == 50


@pytest.mark.parametrize(
    "hand, expected",
    [
        # 5 and 6 in sequence count as a fifty (the top four), 50
        ("7S 8S 9S TS JS 7H 9H 7D 9D", [("fifty", "JT98...")]),
        ("7S 8S 9S TS JS QS 7H 9H 7D", [("fifty", "QJT9...")]),
        # 7 in sequence splits into fifty + tertz = 70
        ("7S 8S 9S TS JS QS KS 7H 9H", [("fifty", "KQJT..."), ("tertz", "987...")]),
        # 8 in sequence is two fifties = 100
        ("7S 8S 9S TS JS QS KS AS 7H", [("fifty", "AKQJ..."), ("fifty", "T987...")]),
    ],
)
def test_long_runs_split(hand, expected):
    assert decl_summary(hand) == expected


@pytest.mark.parametrize(
    "hand, points",
    [
        ("7S 8S 9S TS JS 7H 9H 7D 9D", 50),
        ("7S 8S 9S TS JS QS 7H 9H 7D", 50),
        ("7S 8S 9S TS JS QS KS 7H 9H", 70),
        ("7S 8S 9S TS JS QS KS AS 7H", 100),
        ("7C 8C 9C TC JC QC KC AC 7H", 100),  # in trumps too
    ],
)
def test_long_run_points(hand, points):
    assert total(hand, trump="C") == points
    assert total(hand, trump="D") == points


def test_several_runs_in_one_hand():
    hand = "7S 8S 9S JH QH KH AH 9D 7C"
    assert decl_summary(hand) == [("fifty", ".AKQJ.."), ("tertz", "987...")]
    assert total(hand) == 70
    assert total("7S 8S 9S 7H 8H 9H 7D 8D 9D") == 60


def _suit_points(run: int) -> int:
    return {0: 0, 1: 0, 2: 0, 3: 20, 4: 50, 5: 50, 6: 50, 7: 70, 8: 100}[run]


def _expected_points(mask: int) -> int:
    points = 0
    for suit in range(4):
        bits = (mask >> (8 * suit)) & 0xFF
        run = 0
        for rank in range(9):
            if rank < 8 and bits >> rank & 1:
                run += 1
            else:
                points += _suit_points(run)
                run = 0
    return points


nine_card_hands = st.lists(
    st.integers(0, 31), min_size=9, max_size=9, unique=True
).map(lambda cs: sum(1 << c for c in cs))


@settings(max_examples=300)
@given(nine_card_hands, st.sampled_from(list(Suit)))
def test_hand_declarations_property(mask, trump):
    found = hand_declarations(CardSet(mask), 0, trump, MOSCOW)
    used = 0
    for d in found:
        m = int(d.cards)
        assert m & mask == m, "declared cards come from the hand"
        assert used & m == 0, "a card belongs to one declaration only"
        used |= m
        assert len(d.cards) in (3, 4)
        assert d.points == (50 if len(d.cards) == 4 else 20)
        assert all(c.suit == d.suit for c in d.cards)
        ranks = sorted(int(c.rank) for c in d.cards)
        assert ranks == list(range(ranks[0], ranks[0] + len(ranks))), "consecutive"
        assert d.top == ranks[-1]
    assert sum(d.points for d in found) == _expected_points(mask)


# -- which declaration is best --------------------------------------------------


def test_fifty_beats_any_tertz():
    # seat 0: tertz from the ace of trumps; seat 1: a low plain fifty
    d = deal("AH KH QH 7S 8S 7D 9D 7C 9C", "9S TS JS QS 8D TD 8C TC 9H")
    for rules in (MOSCOW, KHARKOV):
        out = resolve_declarations(d, Suit.H, 0, 0, rules)
        assert out.best is not None and out.best.seat == 1
        assert out.best.kind == "fifty"
        assert out.team == frozenset({1})
        assert [str(x.cards) for x in out.scoring] == ["QJT9..."]
        assert out.points == 50
        assert all(x.seat == 1 for x in out.scoring)


def test_longer_run_counts_only_as_four():
    # a five-run from the jack is a fifty from the jack; a four-run from the king beats it
    d = deal("7S 8S 9S TS JS 7H 9H 7D 9D", "TD JD QD KD 8H TH 8C TC JC")
    out = resolve_declarations(d, Suit.C, 0, 0, MOSCOW)
    assert out.best.seat == 1
    assert str(out.best.cards) == "..KQJT."
    assert out.points == 50


def test_higher_top_card_wins_at_equal_length():
    d = deal("9C TC JC 7S 9S 7D 9D 7H 9H", "TD JD QD 8S TS 8C KC 8H TH")
    for rules in (MOSCOW, KHARKOV):
        for leader in (0, 1):
            out = resolve_declarations(d, Suit.S, 0, leader, rules)
            assert out.best.seat == 1
            assert out.team == frozenset({1})
            assert out.points == 20


def test_higher_top_beats_trump_at_equal_length():
    # plain A K Q beats K Q J of trumps: the top card comes before the trump
    d = deal("AS KS QS 7H 9H 7D 9D 7C 9C", "KD QD JD 8S TS 8C TC 8H TH")
    out = resolve_declarations(d, Suit.D, 1, 1, MOSCOW)
    assert out.best.seat == 0
    assert out.team == frozenset({0})


def test_single_higher_tertz_beats_two_lower_ones():
    d = deal("7S 8S 9S 7H 8H 9H AD 7D 7C", "9D TD JD AS KS 8C TC QC QH")
    out = resolve_declarations(d, Suit.C, 0, 0, MOSCOW)
    assert len(out.declarations) == 3
    assert out.best.seat == 1
    assert out.team == frozenset({1})
    assert out.points == 20


AKQ_PLAIN_VS_TRUMP = deal("AS KS QS 7H 9H 7D 9D 7C 9C", "AH KH QH 8D TD 8C TC 8S TS")


@pytest.mark.parametrize("leader", [0, 1])
def test_moscow_trump_tertz_beats_equal_plain_tertz(leader):
    out = resolve_declarations(AKQ_PLAIN_VS_TRUMP, Suit.H, 0, leader, MOSCOW)
    assert out.best.seat == 1
    assert out.best.suit is Suit.H
    assert out.team == frozenset({1})
    assert out.points == 20


@pytest.mark.parametrize("leader", [0, 1])
def test_kharkov_equal_tertzes_go_to_first_in_play_order(leader):
    out = resolve_declarations(AKQ_PLAIN_VS_TRUMP, Suit.H, 0, leader, KHARKOV)
    assert out.best.seat == leader
    assert out.team == frozenset({leader})
    assert out.points == 20


def test_trump_tiebreak_option_overrides_the_preset():
    out = resolve_declarations(AKQ_PLAIN_VS_TRUMP, Suit.H, 0, 0, KHARKOV.with_options(trump_tiebreak=True))
    assert out.best.seat == 1
    out = resolve_declarations(AKQ_PLAIN_VS_TRUMP, Suit.H, 0, 0, MOSCOW.with_options(trump_tiebreak=False))
    assert out.best.seat == 0


@pytest.mark.parametrize("rules", [MOSCOW, KHARKOV], ids=["moscow", "kharkov"])
@pytest.mark.parametrize("leader", [0, 1])
def test_equal_plain_tertzes_go_to_first_in_play_order(rules, leader):
    d = deal("AS KS QS 7H 9H 7D 9D 7C 9C", "AD KD QD 8H TH 8C TC 8S TS")
    out = resolve_declarations(d, Suit.H, 0, leader, rules)
    assert out.best.seat == leader
    assert out.points == 20


def test_play_order_tiebreak_with_three_players():
    # seats 1 and 2 hold equal plain tertzes; seat 0 has none
    d = deal(
        "7S 9S JS 7H 9H JH 7C 9C JC",
        "AD KD QD 8S TS 8H TH 8C TC",
        "AS KS QS 7D 9D QH KH QC KC",
    )
    for leader, first in ((0, 1), (1, 1), (2, 2)):
        out = resolve_declarations(d, Suit.C, 0, leader, KHARKOV)
        assert out.best.seat == first, leader
        # both defenders are one team in a 3-player game: both tertzes score
        assert out.team == frozenset({1, 2})
        assert out.points == 40


# -- which team scores ----------------------------------------------------------

THREE = deal(
    "TD JD QD AS 7C 9C JC KC AH",   # tertz from the queen
    "JS QS KS 7D 8C TC QC TH AD",   # tertz from the king: the best
    "7H 8H 9H 7S 9S 9D KD AC JH",   # tertz from the nine
)


def test_three_players_defenders_are_a_team():
    out = resolve_declarations(THREE, Suit.C, 0, 1, MOSCOW)
    assert len(out.declarations) == 3
    assert out.best.seat == 1
    assert out.team == frozenset({1, 2})
    assert sorted(d.seat for d in out.scoring) == [1, 2]
    assert out.points == 40


def test_three_players_declarer_scores_alone():
    out = resolve_declarations(THREE, Suit.C, 1, 0, MOSCOW)
    assert out.best.seat == 1
    assert out.team == frozenset({1})
    assert [d.seat for d in out.scoring] == [1]
    assert out.points == 20


FOUR = deal(
    "JS QS KS JH AH 7C 9C JC",  # tertz from the king
    "7S 8S 9S TS QH 8C TC QC",  # fifty: the best
    "AS TH KH 7D 9D JD KD KC",  # nothing
    "7H 8H 9H 8D TD QD AD AC",  # tertz from the nine
)


def test_four_players_pairs_partners_add_up():
    out = resolve_declarations(FOUR, Suit.D, 0, 1, MOSCOW)
    assert out.best.seat == 1
    assert out.team == frozenset({1, 3})
    assert sorted(d.seat for d in out.scoring) == [1, 3]
    assert out.points == 70
    # the declarer side of the best declaration scores the same way
    out = resolve_declarations(FOUR, Suit.D, 1, 0, MOSCOW)
    assert out.team == frozenset({1, 3})
    assert out.points == 70


def test_four_players_solo_each_defender_alone():
    solo = Rules(teams="solo")
    out = resolve_declarations(FOUR, Suit.D, 0, 1, solo)
    assert out.best.seat == 1
    assert out.team == frozenset({1})
    assert out.points == 50
    out = resolve_declarations(FOUR, Suit.D, 1, 0, solo)
    assert out.team == frozenset({1})
    assert out.points == 50


def test_declaration_team():
    pairs, solo = Rules(), Rules(teams="solo")
    assert declaration_team(0, 0, 2, pairs) == {0}
    assert declaration_team(1, 0, 2, pairs) == {1}
    assert declaration_team(2, 0, 3, pairs) == {1, 2}
    assert declaration_team(0, 0, 3, pairs) == {0}
    assert declaration_team(2, 0, 4, pairs) == {0, 2}
    assert declaration_team(3, 0, 4, pairs) == {1, 3}
    assert declaration_team(3, 0, 4, solo) == {3}
    assert declaration_team(0, 0, 4, solo) == {0}
    assert declaration_team(2, 0, 4, solo) == {2}


def test_nobody_declares():
    d = deal("7S 9S JS 7H 9H JH 7C 9C JC", "8S TS QS 8H TH QH 8C TC QC")
    out = resolve_declarations(d, Suit.D, 0, 0, MOSCOW)
    assert out.declarations == ()
    assert out.best is None
    assert out.team == frozenset()
    assert out.points == 0


# -- bella ----------------------------------------------------------------------


def test_bella_mask():
    assert bella_mask(Suit.H) == Card.parse("KH").mask | Card.parse("QH").mask
    assert bella_mask(Suit.S) == (1 << 6) | (1 << 5)


def test_bella_found_for_king_and_queen_of_trumps_in_one_hand():
    d = deal("KH QH 7S 9S 7D 9D 7C 9C JC", "AH JH 8S TS 8D TD 8C TC QC")
    assert resolve_declarations(d, Suit.H, 0, 0, MOSCOW).bella_seat == 0
    # K+Q of a plain suit is no bella
    assert resolve_declarations(d, Suit.S, 0, 0, MOSCOW).bella_seat is None


def test_bella_needs_both_cards_in_one_hand():
    d = deal("KH 7S 9S 7D 9D 7C 9C JC AH", "QH JH 8S TS 8D TD 8C TC QC")
    assert resolve_declarations(d, Suit.H, 0, 0, MOSCOW).bella_seat is None


def test_bella_cards_may_be_part_of_a_tertz():
    # A K Q of trumps: a tertz and a bella at once
    out = resolve_declarations(AKQ_PLAIN_VS_TRUMP, Suit.H, 0, 1, MOSCOW)
    assert out.bella_seat == 1
    assert int(out.best.cards) & bella_mask(Suit.H) == bella_mask(Suit.H)
    # bella never beats nor is beaten: the fifty elsewhere still wins, bella stays
    d = deal("AH KH QH 7S 8S 7D 9D 7C 9C", "9S TS JS QS 8D TD 8C TC 9H")
    out = resolve_declarations(d, Suit.H, 0, 0, MOSCOW)
    assert out.bella_seat == 0
    assert out.team == frozenset({1})


def test_bella_alone_is_not_a_declaration():
    d = deal("KH QH 7S 9S 7D 9D 7C 9C JC", "AH JH 8S TS 8D TD 8C TC QC")
    out = resolve_declarations(d, Suit.H, 0, 0, MOSCOW)
    assert out.declarations == ()
    assert out.best is None
    assert out.points == 0


# -- sequence_order = play ------------------------------------------------------


def test_play_order_plain_k_ten_a_is_a_tertz():
    hand = "KS TS AS 7H 9H 7D 9D 7C 9C"
    assert total(hand, "H", MOSCOW) == 0
    assert decl_summary(hand, "H", PLAY_ORDER) == [("tertz", "AKT...")]


def test_play_order_trump_a_nine_j_is_a_tertz():
    hand = "AH 9H JH 7S 9S 7D 9D 7C 9C"
    assert total(hand, "H", MOSCOW) == 0
    assert decl_summary(hand, "H", PLAY_ORDER) == [("tertz", ".AJ9..")]
    # in a plain suit A 9 J is nothing under play order either
    assert total(hand, "S", PLAY_ORDER) == 0


def test_play_order_natural_akq_is_not_a_run():
    # plain play order: 7 8 9 J Q K T A; A K Q lacks the ten
    assert total("AS KS QS 7H 9H 7D 9D 7C 9C", "H", PLAY_ORDER) == 0
    assert total("AS KS QS TS 7H 9H 7D 9D 7C", "H", PLAY_ORDER) == 50


# -- endgame deals ----------------------------------------------------------------


def test_endgame_deals_carry_no_declarations():
    d = deal("AH KH QH JH 7S", "7H 8H 9H TH 8S")
    assert not d.is_full
    out = resolve_declarations(d, Suit.H, 0, 0, MOSCOW)
    assert out.declarations == ()
    assert out.best is None
    assert out.team == frozenset()
    assert out.points == 0
    assert out.bella_seat is None
