"""The Tertz model (docs/rules.md 4.1, 4.2, 4.5 and section 5): options, deals, move
notation, legal play, the break, drawing, the seven swap, push/pop."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tertz_positions import PHASES, RULE_VARIANTS, random_positions

from deberts import Card, CardSet, Rank, Suit, parse_cards, tertz
from deberts.errors import (
    ArgumentError,
    DebertsError,
    IllegalMoveError,
    InvalidDealError,
    NotationError,
    RulesError,
)
from deberts.variants.tertz.model import (
    SWAP,
    Break,
    Deal,
    Position,
    Rules,
    parse_move,
    parse_moves,
    random_deals,
)
from deberts.variants.tertz.model.tricks import STRICT, card_points, legal_cards

#: Hearts trump (K♥ face up). Seat 0 holds the trump seven and runs A-K-Q♠, 9-8-7♥;
#: seat 1 runs J-10-9♠ and K-Q-J♦.
DEAL = Deal.parse(
    "AKQ.987.A.A7 JT9.AT.KQJ.K / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH"
)


def cards(text: str) -> int:
    return CardSet(parse_cards(text)).mask


# -- options -------------------------------------------------------------------


def test_rules_defaults_and_mapping() -> None:
    assert Rules() == Rules("suit_or_trump", "stock", 501)
    rules = Rules.from_mapping({"stock_play": "follow", "declare_when": "opening"})
    assert (rules.stock_play, rules.declare_when) == ("follow", "opening")
    assert Rules.from_mapping(rules.to_dict()) == rules


@pytest.mark.parametrize("mapping,named", [
    ({"stock_play": "loose"}, "'stock_play'"),
    ({"declare_when": "never"}, "'declare_when'"),
    ({"stok_play": "free"}, "'stok_play'"),
    ({"target": 0}, "'target'"),
    ({"target": True}, "'target'"),
])
def test_rules_refuse_unknown_names_and_values(mapping: dict[str, object], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        Rules.from_mapping(mapping)


# -- deals -----------------------------------------------------------------------


def test_deal_parse_str_and_trump() -> None:
    assert Deal.parse(str(DEAL)) == DEAL
    assert eval(repr(DEAL), vars(tertz)) == DEAL  # the repr names the public name
    assert DEAL.trump == Suit.H and DEAL.trump_card == Card.parse("KH")
    assert DEAL.stock[0] == Card.parse("8S") and len(DEAL.stock) == 14
    assert Deal(DEAL.masks(), [str(c) for c in DEAL.stock]) == DEAL


@pytest.mark.parametrize("text,error,named", [
    ("AKQ.987.A.A JT9.AT.KQJ.K7 / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH",
     InvalidDealError, "hand 0"),
    ("AKQ.987.A.A7 JT9.AT.KQJ.K / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C KH",
     InvalidDealError, "13 cards"),
    ("AKQ.987.A.A7 AT9.AT.KQJ.K / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH",
     InvalidDealError, "AS is in both hands"),
    ("AKQ.987.A.A7 JT9.AT.KQJ.K / AS 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH",
     InvalidDealError, "AS is in the stock and in hand 0"),
    ("AKQ.987.A.A7 JT9.AT.KQJ.K / 7S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH",
     InvalidDealError, "7S is twice in the stock"),
    ("AKQ.987.A.A7 JT9.AT.KQJ.K / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KX",
     NotationError, "'KX'"),
    ("AKQ.987.A.A7 JT9.AT.KQJ.K 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH",
     NotationError, "'/'"),
    ("AKQ.987.A.A7 / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH",
     InvalidDealError, "1 hand before '/', expected 2"),
])
def test_deal_errors_name_the_problem(text: str, error: type[Exception], named: str) -> None:
    with pytest.raises(error, match=named):
        Deal.parse(text)


def test_random_deals_are_seeded_and_complete() -> None:
    assert Deal.random(5) == Deal.random(5) != Deal.random(6)
    deals = list(random_deals(3, seed=1))
    assert deals == list(random_deals(3, seed=1)) and len(set(deals)) == 3
    for deal in deals:
        everything = deal.hands[0] | deal.hands[1] | CardSet(deal.stock)
        assert len(everything) == 32


@given(st.integers(0, 2**32))
def test_deal_text_round_trips(seed: int) -> None:
    deal = Deal.random(seed)
    assert Deal.parse(str(deal)) == deal


@settings(max_examples=300)
@given(st.integers(0, 1000), st.integers(0, 200), st.text(max_size=3))
def test_damaged_deal_text_raises_library_errors_only(seed: int, at: int, junk: str) -> None:
    text = str(Deal.random(seed))
    at %= len(text)
    try:
        Deal.parse(text[:at] + junk + text[at + 1:])
    except (NotationError, InvalidDealError):
        pass


@given(st.text(max_size=60))
def test_junk_deal_text_raises_library_errors_only(text: str) -> None:
    with pytest.raises((NotationError, InvalidDealError)):
        Deal.parse(text)


# -- move notation ---------------------------------------------------------------


def test_move_notation() -> None:
    assert parse_move("AS") == Card.parse("AS")
    assert parse_move("10♥") == Card.parse("TH")
    assert parse_move("swap") is SWAP and parse_move(" SWAP ") is SWAP
    assert parse_move("break:3") == Break(3) and str(Break(12)) == "break:12"
    assert parse_moves("AS 9S break:0 swap") == [Card.parse("AS"), Card.parse("9S"), Break(0), SWAP]


@pytest.mark.parametrize("text", ["break:15", "break:-1", "break:", "break", "brake:3",
                                  "break:3x", "swop", "1S", "", "A", "break:٣"])
def test_bad_move_notation_names_the_token(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text).replace("\\", "\\\\")):
        parse_move(text)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ArgumentError, match="break K 13"):
        Break(13)
    with pytest.raises(ArgumentError, match="move"):
        parse_move(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="deal"):
        Position("AKQ.987.A.A7")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="rules"):
        Position(DEAL, {"stock_play": "free"})  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="move"):
        Position(DEAL).push(1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="count"):
        list(random_deals(-1))
    with pytest.raises(ArgumentError, match="rules"):
        Rules.from_mapping(["stock_play"])  # type: ignore[arg-type]
    position = Position(DEAL)
    position.push(Card.parse("AS").real)  # a card index is a card
    assert position.trick == (Card.parse("AS"),)


MOVES = st.one_of(
    st.integers(0, 31).map(Card),
    st.just(SWAP),
    st.integers(0, 12).map(Break),
)


@given(MOVES)
def test_move_notation_round_trips(move: object) -> None:
    assert parse_move(str(move)) == move


@settings(max_examples=300)
@given(st.one_of(
    st.text(max_size=12),
    st.from_regex(r"(?i)(break|swap|[0-9AKQJT]{1,2})[:♥♠SHDC0-9 ]{0,4}"),
))
def test_junk_moves_raise_notation_errors_only(text: str) -> None:
    try:
        move = parse_move(text)
    except NotationError:
        return
    assert parse_move(str(move)) == move


# -- legal play (docs/rules.md 4.2) ----------------------------------------------


H = Suit.H


@pytest.mark.parametrize("hand,led,play,legal", [
    # the rule text's examples, stock empty, hearts trump
    ("JH 7H 8C", "AH", STRICT, "7H JH"),
    ("JH 8C 9S", "7D", STRICT, "JH 8C 9S"),
    # stock empty: beat in the led suit when possible, else follow
    ("KD 8D AH", "QD", STRICT, "KD"),
    ("8D 7D AH", "QD", STRICT, "8D 7D"),
    ("9H 7H AS", "AH", STRICT, "9H"),
    ("QH 7H AS", "AH", STRICT, "QH 7H"),
    # void: any trump on a plain card, else anything
    ("QH 7H AS", "AD", STRICT, "QH 7H"),
    ("AS KC", "AD", STRICT, "AS KC"),
    # the jack is never forced, in every phase
    ("JH 9H 8C", "7H", STRICT, "9H JH"),
    ("JH AS", "7H", "follow", "JH AS"),
    ("JH AS", "7D", "suit_or_trump", "JH AS"),
    # suit_or_trump: the led suit or a trump, no duty to beat; neither: anything
    ("8D QH AS", "AD", "suit_or_trump", "8D QH"),
    ("QH AS", "AD", "suit_or_trump", "QH"),
    ("KS AC", "AD", "suit_or_trump", "KS AC"),
    # follow: follow suit, else trump, else anything; no duty to beat
    ("8D QH AS", "AD", "follow", "8D"),
    ("QH 7H AS", "AD", "follow", "QH 7H"),
    ("7H AS", "AH", "follow", "7H"),
    # free: anything
    ("8D QH AS", "AD", "free", "8D QH AS"),
])
def test_legal_answers(hand: str, led: str, play: str, legal: str) -> None:
    assert legal_cards(cards(hand), [Card.parse(led)], H, play) == cards(legal)


def test_a_lead_is_any_card() -> None:
    assert legal_cards(cards("JH 7H 8C"), [], H, STRICT) == cards("JH 7H 8C")


def test_card_points_total_140() -> None:
    for trump in Suit:
        assert sum(card_points(c, trump) for c in range(32)) == 140
    assert card_points(Card.parse("JH"), H) == 20 and card_points(Card.parse("9H"), H) == 13
    assert card_points(Card.parse("JS"), H) == 1 and card_points(Card.parse("KS"), H) == 3


# -- the first trick, the break, drawing -----------------------------------------


def after_first_trick() -> Position:
    return Position.from_moves(DEAL, ["AS", "9S"])


def test_first_trick_loser_breaks_before_anyone_draws() -> None:
    position = after_first_trick()
    assert position.breaker == 1 and position.to_move == 1 and position.leader == 0
    assert position.break_due and position.broken is None
    assert position.points == (11, 0) and len(position.stock) == 14
    assert position.legal_moves() == [Break(k) for k in range(13)]
    with pytest.raises(IllegalMoveError, match="must first break"):
        position.push("JS")


@pytest.mark.parametrize("k", [0, 1, 3, 12])
def test_break_rotates_the_face_down_cards(k: int) -> None:
    position = after_first_trick()
    face_down = list(DEAL.stock[:13])
    broken = face_down[13 - k:] + face_down[:13 - k] + [DEAL.trump_card]
    position.push(Break(k))
    assert position.broken == k and position.breaker is None
    # the winner (seat 0) draws first, then the loser, then the winner leads
    assert position.hands[0] & broken[0].mask and position.hands[1] & broken[1].mask
    assert list(position.stock) == broken[2:]
    assert position.stock[-1] == DEAL.trump_card
    assert position.to_move == 0 and position.leader == 0


def test_break_only_when_due() -> None:
    position = Position(DEAL)
    with pytest.raises(IllegalMoveError, match="break:4: no break is due"):
        position.push("break:4")
    position = Position.from_moves(DEAL, ["AS", "9S", "break:0"])
    with pytest.raises(IllegalMoveError, match="no break is due"):
        position.push(Break(0))


def test_later_tricks_draw_winner_first() -> None:
    position = Position.from_moves(DEAL, ["AS", "9S", "break:0", "AC", "KC"])
    # after break:0 seat 0 drew 8S, seat 1 7S; seat 0 won the second trick: QH, then JH
    assert position.tricks[-1].winner == 0
    assert position.hands[0] & cards("8S QH") == cards("8S QH")
    assert position.hands[1] & cards("7S JH") == cards("7S JH")
    assert len(position.stock) == 10 and position.to_move == 0


def test_trick_won_by_the_loser_of_the_lead() -> None:
    position = Position.from_moves(DEAL, ["AS", "AH"])
    assert position.tricks[0].winner == 1 and position.breaker == 0
    assert position.points == (0, 22)
    position.push("break:5")
    assert position.to_move == 1 and position.hands[1].bit_count() == 9


def test_the_face_up_card_is_drawn_last_by_the_loser() -> None:
    for position in random_positions(40, "last_draws", seed=5):
        face_up, face_down = position.stock[-1], position.stock[0]
        while position.stock:
            position.push(next(m for m in position.legal_moves() if m != SWAP))
        winner = position.tricks[-1].winner
        assert position.hands[1 - winner] & face_up.mask
        assert position.hands[winner] & face_down.mask
        assert position.to_move == position.leader == winner
        assert position.phase == "end"


# -- the trump seven --------------------------------------------------------------


def test_swap_takes_the_face_up_card_and_moves_again() -> None:
    position = Position(DEAL)
    assert SWAP in position.legal_moves() and position.can_swap()
    position.push(SWAP)
    assert position.to_move == 0
    assert position.hands[0] & cards("KH 7H") == cards("KH")
    assert position.stock[-1] == Card.parse("7H") and len(position.stock) == 14
    assert SWAP not in position.legal_moves()
    with pytest.raises(IllegalMoveError, match="does not hold the seven"):
        position.push("swap")


def test_swap_before_the_break() -> None:
    deal = Deal.parse(
        "JT9.AT.KQJ.K AKQ.987.A.A7 / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH"
    )
    position = Position.from_moves(deal, ["KC", "7C"])
    assert position.breaker == 1 and SWAP in position.legal_moves()
    position.push("swap")
    assert position.breaker == 1 and position.to_move == 1
    position.push("break:2")
    assert position.stock[-1] == Card.parse("7H")


def test_swap_needs_two_cards_in_the_stock() -> None:
    checked = set()
    for position in random_positions(400, "last_draws", seed=11):
        holder = position.to_move
        seven = Card.of(position.trump, Rank.SEVEN)
        if not position.hands[holder] & seven.mask:
            continue
        assert len(position.stock) == 2
        assert (SWAP in position.legal_moves()) == position.rules.swap_last
        if not position.rules.swap_last:
            with pytest.raises(IllegalMoveError, match="swap_last = false"):
                position.push(SWAP)
            checked.add("not last")
            continue
        checked.add("two")
        while position.stock:  # play on to the last draw, never swapping
            position.push(next(m for m in position.legal_moves() if m != SWAP))
        for seat in (0, 1):
            if position.hands[seat] & seven.mask and position.to_move == seat:
                assert SWAP not in position.legal_moves()
                with pytest.raises(IllegalMoveError, match="fewer than two"):
                    position.push(SWAP)
                checked.add("none")
    assert checked == {"two", "none", "not last"}


def test_no_swap_when_the_seven_is_face_up() -> None:
    deal = Deal.parse(
        "AKQ.K98.A.A7 JT9.AT.KQJ.K / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C 7H"
    )
    assert SWAP not in Position(deal).legal_moves()


# -- push, pop, replay, errors ----------------------------------------------------


def state(position: Position) -> tuple[object, ...]:
    return (position.hands, position.stock, position.to_move, position.leader,
            position.trick, position.tricks, position.points, position.breaker,
            position.broken, position.declarations, position.marriage, position.moves)


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=str)
def test_random_deals_play_out_and_pop_back(rules: Rules) -> None:
    rng = random.Random(3)
    for deal in random_deals(25, seed=rng):
        position = Position(deal, rules)
        states = []
        while not position.is_over():
            states.append(state(position))
            position.push(rng.choice(position.legal_moves()))
        assert len(position.tricks) == 16 and not position.stock
        assert sum(position.points) == 150 and position.legal_moves() == []
        replayed = Position.from_moves(deal, [str(m) for m in position.moves], rules)
        assert state(eval(repr(position), vars(tertz))) == state(position)
        assert state(replayed) == state(position)
        copy = position.copy()
        while states:
            position.pop()
            assert state(position) == states.pop()
        assert state(copy) == state(replayed)


def test_illegal_moves_say_why() -> None:
    position = Position.from_moves(DEAL, ["AS"])
    with pytest.raises(IllegalMoveError, match="card AS: seat 1 does not hold it"):
        position.push("AS")
    with pytest.raises(IllegalMoveError, match=r"card KD: illegal for seat 1 .*legal are 9S"):
        position.push("KD")
    with pytest.raises(IllegalMoveError, match=r"move 2 \(seat 1\): card KD"):
        Position.from_moves(DEAL, ["AS", "KD"])
    with pytest.raises(NotationError, match="break:15"):
        Position.from_moves(DEAL, ["AS", "9S", "break:15"])
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        Position(DEAL).pop()
    with pytest.raises(DebertsError, match="not over"):
        position.score()


def test_phases() -> None:
    for phase in PHASES:
        for position in random_positions(5, phase, seed=2):
            assert position.phase == ("end" if phase == "end" else "stock")
            assert not position.is_over()


def test_package_example() -> None:
    import doctest

    import deberts.variants.tertz.model

    assert doctest.testmod(deberts.variants.tertz.model).failed == 0
