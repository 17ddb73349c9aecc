"""Play: legal cards (docs/rules.md 2.5), trick winner, card points, Position push/pop."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts.errors import DebertsError, IllegalMoveError
from deberts.model.cards import Card, CardSet, Suit
from deberts.model.trick_order import trick_power, trick_winner
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.points import LAST_TRICK
from deberts.variants.deberts.model.position import Position, replay
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.tricks import card_points, legal_cards

ALL_CARDS = [Card(i) for i in range(32)]


def cs(text: str) -> CardSet:
    return CardSet(text.split())


EXEMPT = Rules(partner_exempt=True)


def legal(hand: str, trick: str, trump: str = "H", exempt: bool = False) -> set[str]:
    """The legal cards; ``exempt``: the partner's card wins under ``partner_exempt``."""
    mask = legal_cards(
        int(cs(hand)), [Card.parse(t) for t in trick.split()], Suit.parse(trump),
        partner_wins=exempt, rules=EXEMPT,
    )
    return {str(c) for c in CardSet(mask)}


def position(*hands: str, trump="H", declarer=0, leader=0, rules=None, played=()):
    deal = Deal([cs(h) for h in hands])
    return Position(deal, trump, declarer, leader, rules, played)


def moves(p: Position) -> set[str]:
    return {str(c) for c in p.legal_moves()}


# -- card order and points ----------------------------------------------------


def test_card_points_tables():
    assert [card_points(Card.parse(r + "S"), Suit.H) for r in "789TJQKA"] == [0, 0, 0, 10, 2, 3, 4, 11]
    assert [card_points(Card.parse(r + "H"), Suit.H) for r in "789TJQKA"] == [0, 0, 14, 10, 20, 3, 4, 11]


@pytest.mark.parametrize("trump", list(Suit))
def test_deck_holds_152_card_points_162_with_last_trick(trump):
    assert sum(card_points(c, trump) for c in ALL_CARDS) == 152
    assert sum(card_points(c, trump) for c in ALL_CARDS) + LAST_TRICK == 162
    assert sum(card_points(c, trump) for c in ALL_CARDS if c.suit == trump) == 62
    for suit in Suit:
        if suit != trump:
            assert sum(card_points(c, trump) for c in ALL_CARDS if c.suit == suit) == 30


def test_trick_power_orders():
    # plain high to low: A 10 K Q J 9 8 7; trump: J 9 A 10 K Q 8 7
    plain = sorted((c for c in ALL_CARDS if c.suit == Suit.S),
                   key=lambda c: -trick_power(c, Suit.S, Suit.H))
    assert [c.rank.char for c in plain] == list("ATKQJ987")
    trumps = sorted((c for c in ALL_CARDS if c.suit == Suit.H),
                    key=lambda c: -trick_power(c, Suit.S, Suit.H))
    assert [c.rank.char for c in trumps] == list("J9ATKQ87")
    # every trump beats every card of the led suit; off-suit cards have no power
    assert min(trick_power(c, Suit.S, Suit.H) for c in trumps) > max(
        trick_power(c, Suit.S, Suit.H) for c in plain
    )
    assert all(trick_power(c, Suit.S, Suit.H) == 0 for c in ALL_CARDS if c.suit in (Suit.D, Suit.C))


@pytest.mark.parametrize(
    "trick, winner",
    [
        ("TS AS", 1),
        ("AS TS", 0),
        ("TS KS", 0),       # ten above king in a plain suit
        ("9S JS", 1),       # plain jack above plain nine
        ("7S AD", 0),       # off-suit ace does not win
        ("AS 7H", 1),       # the smallest trump wins over a plain ace
        ("9H JH", 1),
        ("JH 9H", 0),
        ("AH 9H", 1),
        ("TH AH", 1),
        ("KH TH", 1),
        ("QH KH", 1),
        ("8H QH", 1),
        ("AS 7H 8H", 2),
        ("7D AS TD", 2),
        ("7D AS 7H KD", 2),
        ("QC KC AC JH", 3),
        ("JC 9C 7C 8C", 0),
        ("9C JC 7C 8C", 1),
    ],
)
def test_trick_winner(trick, winner):
    assert trick_winner([Card.parse(t) for t in trick.split()], Suit.H) == winner


# -- legal cards (docs/rules.md 2.5) ----------------------------------------------


def test_lead_is_free():
    assert legal("AS 7H KD", "") == {"AS", "7H", "KD"}


def test_must_follow_suit():
    assert legal("AS 8S JH 7D", "7S") == {"AS", "8S"}
    assert legal("8S JH 7D", "AS") == {"8S"}


def test_plain_card_never_has_to_be_beaten():
    assert legal("7S KS JH", "AS") == {"7S", "KS"}
    assert legal("7S AS JH", "TS") == {"7S", "AS"}


def test_follow_plain_suit_even_if_trick_is_trumped():
    assert legal("AS 8S JH", "7S 7H") == {"AS", "8S"}


def test_trump_led_must_be_overtrumped_when_possible():
    # above the queen: K 10 A 9 J
    assert legal("7H KH JH AS", "QH") == {"KH", "JH"}
    assert legal("7H 8H 9H", "AH") == {"9H"}


def test_trump_led_cannot_be_beaten_then_any_trump():
    assert legal("7H 9H AS", "JH") == {"7H", "9H"}


def test_trump_led_beat_the_highest_trump_in_the_trick():
    assert legal("KH AH 9H", "7H TH") == {"AH", "9H"}
    assert legal("KH AH 9H", "JH 7H") == {"KH", "AH", "9H"}


def test_void_must_trump():
    assert legal("7H JH KD", "AS") == {"7H", "JH"}


def test_void_must_beat_trump_already_in_trick():
    assert legal("QH JH KD", "7S 9H") == {"JH"}
    assert legal("QH AH 8H KD", "7S TH") == {"AH"}


def test_void_cannot_beat_trump_then_any_trump():
    assert legal("QH 7H KD", "7S JH") == {"QH", "7H"}


def test_holding_neither_any_card():
    assert legal("KD 7C AD", "7S") == {"KD", "7C", "AD"}
    assert legal("KD 7C", "7S JH") == {"KD", "7C"}


def test_partner_exempt_flag_in_legal_cards():
    # void, partner's trump on top: any trump, but still a trump
    assert legal("KH 7H AD", "7S QH 8S", exempt=True) == {"KH", "7H"}
    assert legal("KH 7H AD", "7S QH 8S", exempt=False) == {"KH"}
    # trump led by the partner: follow suit without beating
    assert legal("KH 7H AD", "QH 8S", exempt=True) == {"KH", "7H"}
    # still must follow suit
    assert legal("KH 7H AS", "7S QH 8S", exempt=True) == {"AS"}


def _literal_legal(hand: list[Card], trick: list[Card], trump: Suit, exempt: bool) -> set[Card]:
    """docs/rules.md 2.5 read literally, written independently of tricks.py."""
    if not trick:
        return set(hand)
    trump_rank = "78QKTA9J"  # low to high
    led = trick[0].suit

    def height(card: Card) -> int:
        return trump_rank.index(card.rank.char)

    top = max((height(c) for c in trick if c.suit == trump), default=-1)
    follow = [c for c in hand if c.suit == led]
    if follow:
        if led == trump and not exempt:
            higher = [c for c in follow if height(c) > top]
            return set(higher or follow)
        return set(follow)
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        if top >= 0 and not exempt:
            higher = [c for c in trumps if height(c) > top]
            return set(higher or trumps)
        return set(trumps)
    return set(hand)


@settings(max_examples=500)
@given(
    st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=12, unique=True),
    st.integers(0, 3),
    st.integers(1, 8),
    st.sampled_from(list(Suit)),
    st.booleans(),
)
def test_legal_cards_match_literal_rules(cards, trick_len, hand_len, trump, exempt):
    trick = cards[:trick_len]
    hand = cards[trick_len:trick_len + hand_len]
    if not hand:
        return
    top = max(range(len(trick)), key=lambda i: trick_power(trick[i], trick[0].suit, trump),
              default=None)
    # the partner's card wins: only its trump on top lifts a duty
    exempt = exempt and top is not None and trick[top].suit == trump
    mask = legal_cards(sum(c.mask for c in hand), trick, trump, partner_wins=exempt,
                       rules=EXEMPT)
    assert set(CardSet(mask)) == _literal_legal(hand, trick, trump, exempt)


# -- legal moves through Position ------------------------------------------------


def test_position_follow_suit_and_overtrump():
    p = position("7S 8D 7C", "9H 8C 9C", "QH JH KD")
    assert p.to_move == 0
    assert moves(p) == {"7S", "8D", "7C"}
    p.push("7S")
    assert moves(p) == {"9H"}  # void in spades: must trump
    p.push("9H")
    assert moves(p) == {"JH"}  # must beat the nine of trumps
    p.push("JH")
    assert p.tricks[-1].winner == 2
    assert p.to_move == 2
    assert moves(p) == {"QH", "KD"}


def test_position_trump_lead_must_be_beaten():
    p = position("QH 8S", "7H KH", trump="H", played="QH")
    assert moves(p) == {"KH"}
    p = position("JH 8S", "7H KH", trump="H", played="JH")
    assert moves(p) == {"7H", "KH"}


# 4 players, seats 0+2 against 1+3; seat 1 leads a spade, seat 2 trumps with the queen
EXEMPT_HANDS = ("KH 7H AD", "7S 9S 7C", "QH 8D 8C", "8S TD TC")


@pytest.mark.parametrize("exempt, expected", [(False, {"KH"}), (True, {"KH", "7H"})])
def test_partner_exempt_void(exempt, expected):
    rules = Rules(partner_exempt=exempt)
    p = position(*EXEMPT_HANDS, declarer=0, leader=1, rules=rules, played="7S QH 8S")
    assert p.to_move == 0
    assert moves(p) == expected  # never the diamond: still must trump


@pytest.mark.parametrize("exempt, expected", [(False, {"KH"}), (True, {"KH", "7H"})])
def test_partner_exempt_trump_led_by_partner(exempt, expected):
    rules = Rules(partner_exempt=exempt)
    p = position(*EXEMPT_HANDS, declarer=1, leader=2, rules=rules, played="QH 8S")
    assert p.to_move == 0
    assert moves(p) == expected


def test_partner_exempt_still_follows_suit():
    rules = Rules(partner_exempt=True)
    hands = ("KH 7H AS", "7S 9S 7C", "QH 8D 8C", "8S TD TC")
    p = position(*hands, leader=1, rules=rules, played="7S QH 8S")
    assert moves(p) == {"AS"}


def test_partner_exempt_not_when_opponent_overtrumped():
    rules = Rules(partner_exempt=True)
    hands = ("9H 7H AD", "7S 9S 7C", "QH 8D 8C", "AH TD TC")
    p = position(*hands, leader=2, rules=rules, played="QH AH")
    assert p.to_move == 0
    assert moves(p) == {"9H"}


def test_partner_exempt_applies_to_pairs_only():
    rules = Rules(partner_exempt=True, teams="solo")
    p = position(*EXEMPT_HANDS, leader=1, rules=rules, played="7S QH 8S")
    assert moves(p) == {"KH"}
    # 3 players: nobody has a partner
    p = position("KH 7H AD", "7S 9S 7C", "QH 8D 8C", leader=1,
                 rules=Rules(partner_exempt=True), played="7S QH")
    assert moves(p) == {"KH"}


def test_partner_exempt_not_for_an_opponents_trump():
    # the partner (seat 2) followed suit, the opponent (seat 3) trumped: beat it
    rules = Rules(partner_exempt=True)
    hands = ("KH 7H AD", "7S 9S 7C", "8S 8D 8C", "QH TD TC")
    p = position(*hands, leader=1, rules=rules, played="7S 8S QH")
    assert p.to_move == 0
    assert moves(p) == {"KH"}


# -- errors ----------------------------------------------------------------------


def test_card_not_held():
    p = position("7S 8D", "9H 8C")
    with pytest.raises(IllegalMoveError, match=r"card AS: seat 0 does not hold it"):
        p.push("AS")
    assert p.stack == []


def test_card_not_legal_names_card_and_legal_ones():
    p = position("7S 8D", "9H 8S", played="7S")
    with pytest.raises(IllegalMoveError) as info:
        p.push("9H")
    assert str(info.value) == "card 9H: illegal for seat 1 here, legal are 8S"
    assert len(p.stack) == 1
    assert p.hands[1] == int(cs("9H 8S"))


def test_played_argument_reports_index():
    with pytest.raises(IllegalMoveError, match=r"played card 2 \(seat 1\): card 9H: illegal for seat 1"):
        position("7S 8D", "9H 8S", played="7S 9H")
    with pytest.raises(IllegalMoveError, match=r"played card 1 \(seat 0\): card AS: seat 0 does not hold it"):
        position("7S 8D", "9H 8S", played=["AS"])


def test_push_after_the_end_and_pop_on_empty():
    p = position("7S", "8S")
    with pytest.raises(IllegalMoveError, match="no card to take back"):
        p.pop()
    p.push("7S")
    p.push("8S")
    assert p.is_over()
    assert p.legal_moves() == []
    with pytest.raises(IllegalMoveError, match=r"card 7S: the deal is over"):
        p.push("7S")


@pytest.mark.parametrize("name, kwargs", [("declarer", {"declarer": 2}), ("leader", {"leader": -1})])
def test_bad_seats(name, kwargs):
    with pytest.raises(DebertsError, match=rf"bad {name}"):
        position("7S", "8S", **kwargs)


def test_bad_trump():
    with pytest.raises(DebertsError, match="bad suit 'X'"):
        position("7S", "8S", trump="X")


def test_bad_card_text():
    p = position("7S", "8S")
    with pytest.raises(DebertsError, match="bad card 'XS'"):
        p.push("XS")


# -- tricks, points, copy, replay, bella flags ------------------------------------


def test_tricks_and_points_won():
    p = position("AS 7D", "TS AD", trump="H", played="AS TS 7D AD")
    assert p.is_over()
    assert [t.winner for t in p.tricks] == [0, 1]
    assert [t.leader for t in p.tricks] == [0, 0]
    assert p.tricks[0].cards == (Card.parse("AS"), Card.parse("TS"))
    assert p.points_won() == [21, 11]
    assert p.tricks_won() == [1, 1]
    assert [str(c) for c in p.played_cards()] == ["AS", "TS", "7D", "AD"]


def test_trick_winner_leads_next():
    p = position("7S 8D", "AS 9D", played="7S AS")
    assert p.trick_leader == 1
    assert p.to_move == 1
    assert p.trick_cards() == ()


def test_copy_and_replay_are_independent():
    p = position("7S 8D", "AS 9D")
    q = replay(p, [Card.parse("7S"), Card.parse("AS")])
    assert len(q.tricks) == 1
    assert p.stack == [] and p.tricks == [] and p.hands == list(p.deal.masks())
    r = q.copy()
    r.push("9D")
    assert len(q.stack) == 2 and len(r.stack) == 3
    assert q.hands[1] == int(cs("9D"))


FULL_BELLA = ("KH QH 7S 8S 9S 7D 8D 7C 8C", "JH 9H AH AS TS AD TD AC TC")


def test_bella_announced_by_first_card_only():
    p = position(*FULL_BELLA, leader=0)
    assert p.declarations.bella_seat == 0
    assert p.bella_pending()
    p.push("QH")
    assert p.stack[-1].bella is True
    assert not p.bella_pending()
    p.push("JH")
    p.push("9H")
    p.push("KH")
    assert p.stack[-1].bella is False


def test_bella_can_be_declined():
    p = position(*FULL_BELLA, leader=0)
    p.push("KH", bella=False)
    assert p.stack[-1].bella is False
    p.push("JH")
    p.push("9H")
    p.push("QH", bella=True)  # too late: the first card was played without it
    assert p.stack[-1].bella is False


def test_no_bella_flag_on_other_cards_or_endgames():
    p = position(*FULL_BELLA, leader=1)
    p.push("AS")
    assert p.stack[-1].bella is False
    p = position("KH QH", "JH 9H", leader=0, played="KH")
    assert p.declarations.bella_seat is None
    assert p.stack[-1].bella is False


# -- push / pop round trip ---------------------------------------------------------


def snapshot(p: Position):
    return (
        list(p.hands),
        list(p.stack),
        list(p.tricks),
        list(p.trick),
        p.trick_leader,
        p.to_move,
        p.legal_mask(),
        p.points_won(),
        p.tricks_won(),
        p.bella_pending(),
        p.is_over(),
    )


games = st.sampled_from([2, 3, 4]).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.integers(1, 8 if n == 4 else 9),
        st.integers(0, 2**32),
        st.sampled_from(list(Suit)),
        st.integers(0, n - 1),
        st.integers(0, n - 1),
        st.booleans(),
        st.sampled_from(["pairs", "solo"]),
    )
)


@settings(max_examples=150, deadline=None)
@given(games)
def test_random_playout_and_full_pop_restore_state(game):
    players, size, seed, trump, declarer, leader, exempt, teams = game
    rng = random.Random(seed)
    deal = Deal.random(players, size, seed=rng)
    rules = Rules(partner_exempt=exempt, teams=teams)
    p = Position(deal, trump, declarer, leader, rules)
    start = snapshot(p)
    history = [start]
    while not p.is_over():
        seat = p.to_move
        legal = p.legal_moves()
        assert legal, "the player to move always has a legal card"
        assert all(p.hands[seat] >> c & 1 for c in legal)
        assert p.legal_mask() == sum(c.mask for c in legal)
        card = rng.choice(legal)
        tricks_before = len(p.tricks)
        p.push(card, bella=rng.random() < 0.8)
        if len(p.tricks) > tricks_before:
            trick = p.tricks[-1]
            assert [pl.seat for pl in trick.plays] == [
                (trick.leader + i) % players for i in range(players)
            ]
            winner = trick.plays[trick_winner(trick.cards, trump)].seat
            assert trick.winner == winner == p.trick_leader
        history.append(snapshot(p))
    assert len(p.tricks) == size
    assert all(h == 0 for h in p.hands)
    assert sum(p.tricks_won()) == size
    dealt = [c for h in deal.hands for c in h]
    assert sum(p.points_won()) == sum(card_points(c, trump) for c in dealt)
    assert sorted(p.played_cards()) == sorted(dealt)
    # pop everything: each step gives back the earlier state
    while p.stack:
        history.pop()
        p.pop()
        assert snapshot(p) == history[-1]
    assert snapshot(p) == start


@settings(max_examples=50, deadline=None)
@given(games)
def test_replay_from_played_matches_push(game):
    players, size, seed, trump, declarer, leader, exempt, teams = game
    rng = random.Random(seed)
    deal = Deal.random(players, size, seed=rng)
    rules = Rules(partner_exempt=exempt, teams=teams)
    p = Position(deal, trump, declarer, leader, rules)
    for _ in range(rng.randrange(players * size + 1)):
        p.push(rng.choice(p.legal_moves()))
    q = Position(deal, trump, declarer, leader, rules, played=[str(c) for c in p.played_cards()])
    assert snapshot(q) == snapshot(p)
