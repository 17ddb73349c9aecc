"""Tertz declarations, the marriage and scoring (docs/rules.md 4.3 and 4.4)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from deberts import CardSet, Suit, parse_cards
from deberts.variants.tertz.model import Deal, Position, Rules, random_deals
from deberts.variants.tertz.model.declarations import (
    FOUR,
    RUN,
    Declaration,
    declaration_points,
    declare,
    fours,
    marriage_mask,
    run_points,
    runs,
)
from deberts.variants.tertz.model.scoring import deal_score, recorded_points, round_total

H = Suit.H


def cards(text: str) -> int:
    return CardSet(parse_cards(text)).mask


def hand(text: str) -> int:
    return CardSet.parse(text).mask


# -- runs and fours ----------------------------------------------------------------


@pytest.mark.parametrize("holding,found", [
    ("AKQJ...", ["AKQJ..."]),            # maximal: one run of 4, not two of 3
    ("KQJ.987..", ["KQJ...", ".987.."]),
    ("AK9...", []),                       # natural order: A K 9 is no run
    ("AKQJT987...", ["AKQJT987..."]),
    ("AKQ.AT9..QJT987", ["AKQ...", "...QJT987"]),
])
def test_runs_are_maximal_sequences_in_natural_order(holding: str, found: list[str]) -> None:
    assert sorted(runs(hand(holding))) == sorted(hand(h) for h in found)


@pytest.mark.parametrize("length,points", [(3, 20), (4, 50), (5, 100), (6, 100), (8, 100)])
def test_run_values(length: int, points: int) -> None:
    assert run_points(length) == points


def test_fours_of_jacks_aces_kings_queens_only() -> None:
    assert fours(hand("J.J.J.J")) == [hand("J.J.J.J")]
    assert sorted(fours(hand("AKT.AKT.AKT.AKT"))) == sorted([hand("A.A.A.A"), hand("K.K.K.K")])
    assert fours(hand("T98.T98.T98.T7")) == []
    found = declare(hand("QJT.J.J.J9"), 0, ())
    assert {(d.kind, d.points) for d in found} == {(FOUR, 200), (RUN, 20)}  # J♠ in both


# -- the order of declarations ------------------------------------------------------


def decl(seat: int, text: str, order: int, kind: str = RUN) -> Declaration:
    mask = cards(text)
    points = 200 if mask == hand("J.J.J.J") else 100 if kind == FOUR else run_points(
        mask.bit_count())
    return Declaration(seat, kind, mask, points, order)


def test_kinds_highest_first() -> None:
    ranked = [
        decl(0, "JS JH JD JC", 0, FOUR),
        decl(0, "AS AH AD AC", 0, FOUR),
        decl(0, "KS KH KD KC", 0, FOUR),
        decl(0, "QS QH QD QC", 0, FOUR),
        decl(0, "7S 8S 9S TS JS QS KS AS", 0),
        decl(0, "7S 8S 9S TS JS QS KS", 0),
        decl(0, "7S 8S 9S TS JS QS", 0),
        decl(0, "7S 8S 9S TS JS", 0),
        decl(0, "QS KS AS JS", 0),
        decl(0, "QS KS AS", 0),
    ]
    keys = [d.key(H) for d in ranked]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_equal_length_runs_top_card_then_trump_then_declared_first() -> None:
    top = decl(1, "9S TS JS", 5)
    lower = decl(0, "8H 9H TH", 0)              # in trumps but lower
    assert top.key(H) > lower.key(H)
    trump = decl(1, "8H 9H TH", 5)
    plain = decl(0, "8S 9S TS", 0)
    assert trump.key(H) > plain.key(H)
    first = decl(0, "8D 9D TD", 0)
    second = decl(1, "8C 9C TC", 1)
    assert first.key(H) > second.key(H)
    assert declaration_points([second, first], H) == (20, 0)


def test_the_higher_best_scores_all_that_count() -> None:
    seat0 = [decl(0, "7S 8S 9S", 0), decl(0, "7D 8D 9D", 1), decl(0, "QC KC AC", 2)]
    seat1 = [decl(1, "9H TH JH QH", 3)]
    assert declaration_points(seat0 + seat1, H) == (0, 50)  # a fifty beats any tertz
    seat1_replaced = [Declaration(1, RUN, cards("9H TH JH QH"), 50, 3, counting=False)]
    assert declaration_points(seat0 + seat1_replaced, H) == (60, 0)
    assert declaration_points([], H) == (0, 0)


# -- what is new ---------------------------------------------------------------------


def test_nothing_new_twice() -> None:
    first = declare(hand("987.AKQ.J.7"), 0, ())
    assert len(first) == 2 and [d.order for d in first] == [0, 1]
    assert declare(hand("987.AKQ.J.7"), 0, first) == first


def test_a_longer_run_replaces_the_runs_it_contains() -> None:
    first = declare(hand("987.A..J7"), 0, ())
    longer = declare(hand("T987.A..J"), 0, first)
    assert [(d.cards, d.counting, d.order) for d in longer] == [
        (cards("7S 8S 9S"), False, 0), (cards("7S 8S 9S TS"), True, 1)]
    two = declare(hand("KQJ987.A.."), 0, ())
    both = declare(hand("KQJT987..."), 0, two)
    assert [(d.cards, d.counting) for d in both] == [
        (cards("7S 8S 9S"), False), (cards("JS QS KS"), False),
        (cards("7S 8S 9S TS JS QS KS"), True)]


def test_a_run_that_only_overlaps_is_not_new() -> None:
    first = declare(hand("987.A..J7"), 0, ())
    assert declare(hand("JT98.A..J"), 0, first) == first


def test_a_disjoint_run_is_new_and_replaced_runs_block_their_cards() -> None:
    first = declare(hand("987.A..J7"), 0, ())
    second = declare(hand("AKQ987.A..J"), 0, first)
    assert len(second) == 2 and second[1].cards == cards("QS KS AS")
    replaced = declare(hand("T987..A.J"), 0, first)
    assert declare(hand("987..AK.J"), 0, replaced) == replaced  # 789 again: not new


def test_containing_one_run_while_overlapping_another() -> None:
    held = declare(hand("AKQ..JT.7"), 0, declare(hand("987..JT.7"), 0, ()))
    grown = declare(hand("AKQJT98...J"), 0, held)  # contains A-K-Q, overlaps 9-8-7♠
    assert [(d.cards, d.counting) for d in grown] == [
        (cards("7S 8S 9S"), True), (cards("QS KS AS"), False),
        (cards("8S 9S TS JS QS KS AS"), True)]


def test_new_is_per_seat() -> None:
    first = declare(hand("987.A..J7"), 1, ())
    assert len(declare(hand("987.A..J7"), 0, first)) == 2


def test_fours_once_per_rank() -> None:
    first = declare(hand("A.A.A.A987"), 0, ())
    assert declare(hand("A.A.A.A98"), 0, first) == first


# -- declarations and the marriage in play ------------------------------------------

DEAL = Deal.parse(
    "AKQ.987.A.A7 JT9.AT.KQJ.K / 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH"
)


def test_declared_right_before_each_card_with_nine_cards() -> None:
    position = Position(DEAL)
    assert not position.declarations
    position.push("AS")
    assert [(d.seat, d.cards) for d in position.declarations] == [
        (0, cards("AS KS QS")), (0, cards("9H 8H 7H"))]
    position.push("9S")
    assert [(d.seat, d.cards, d.order) for d in position.declarations[2:]] == [
        (1, cards("9S TS JS"), 2), (1, cards("KD QD JD"), 3)]


def test_a_swap_before_the_card_counts() -> None:
    position = Position.from_moves(DEAL, ["swap", "AS"])
    assert [d.cards for d in position.declarations] == [cards("AS KS QS")]


def test_opening_declares_the_cards_dealt_seat_0_first() -> None:
    rules = Rules(declare_when="opening")
    position = Position(DEAL, rules)
    assert [(d.seat, d.order) for d in position.declarations] == [(0, 0), (0, 1), (1, 2), (1, 3)]
    assert position.copy().declarations == Position.from_moves(
        DEAL, ["swap", "AS"], rules).declarations


@pytest.mark.parametrize("declare_when", ["stock", "opening"])
def test_declarations_and_marriage_come_right_before_cards(declare_when: str) -> None:
    """In random deals: under ``stock`` a card played from 9 cards declares what is
    new in that hand; nothing else ever declares; the marriage comes with the first
    card played from a hand holding K and Q of trumps, once."""
    rng = random.Random(4)
    rules = Rules(declare_when=declare_when)
    for deal in random_deals(30, seed=rng):
        position = Position(deal, rules)
        married = marriage_mask(deal.trump)
        while not position.is_over():
            move = rng.choice(position.legal_moves())
            seat, hand = position.to_move, position.hands[position.to_move]
            before, marriage = position.declarations, position.marriage
            position.push(move)
            is_card = isinstance(move, int)
            if is_card and hand.bit_count() == 9 and declare_when == "stock":
                assert position.declarations == declare(hand, seat, before)
            else:
                assert position.declarations == before
            if is_card and hand & married == married and not any(marriage):
                assert position.marriage[seat] and not position.marriage[1 - seat]
            else:
                assert position.marriage == marriage
        assert [d.order for d in position.declarations] == list(range(len(position.declarations)))


MARRIED = Deal.parse(
    "AKQ.Q87.A.A7 JT9.AT.KQJ.K / 8S 7S 9H JH TD 9D 8D 7D QC JC TC 9C 8C KH"
)


def test_marriage_from_a_swap_once_a_deal() -> None:
    assert Position.from_moves(MARRIED, ["AS"]).marriage == (False, False)
    position = Position.from_moves(MARRIED, ["swap", "AS", "9S", "break:0", "KS"])
    assert position.marriage == (True, False)
    assert Position.from_moves(MARRIED, ["swap"]).marriage == (False, False)


@pytest.mark.parametrize("declare_when", ["stock", "opening"])
def test_marriage_is_automatic_under_both_options(declare_when: str) -> None:
    deal = Deal.parse(
        "AKQ.KQ7.A.A7 JT9.AT.KQJ.K / 8S 7S 9H JH TD 9D 8D 7D QC JC TC 9C 8C 8H"
    )
    position = Position.from_moves(deal, ["AS"], Rules(declare_when=declare_when))
    assert position.marriage == (True, False)


# -- scoring ------------------------------------------------------------------------


@pytest.mark.parametrize("total,recorded", [
    (135, 130), (136, 140), (134, 130), (130, 130), (145, 140), (5, 0), (0, 0), (271, 270)])
def test_rounding_to_tens_a_final_five_down(total: int, recorded: int) -> None:
    assert round_total(total) == recorded


def test_deal_score_adds_declarations_and_marriage() -> None:
    declared = (decl(0, "QS KS AS", 0), decl(1, "7D 8D 9D", 1))
    final = deal_score((95, 55), declared, (False, True), H, (10, 6), 0)
    assert final.declarations == (20, 0) and final.marriage == (0, 20)
    # seat 1, with fewer tricks, rounds its 55 down to 50; seat 0 records 100
    assert final.raw == (115, 75) and final.recorded == (120, 70) and final.margin == 40


@pytest.mark.parametrize("points, tricks, last, recorded", [
    ((85, 65), (9, 7), 0, (90, 60)),     # seat 1 has fewer tricks: 65 -> 60
    ((85, 65), (7, 9), 1, (80, 70)),     # seat 0 has fewer: 85 -> 80, seat 1 the rest
    ((86, 64), (8, 8), 0, (90, 60)),     # as many: seat 1 did not take the last trick
    ((86, 64), (8, 8), 1, (90, 60)),     # seat 0 did not: 86 -> 90, seat 1 the rest
    ((150, 0), (16, 0), 0, (150, 0)),
    ((0, 150), (0, 16), 1, (0, 150)),
    ((75, 75), (8, 8), 1, (70, 80)),     # a final 5 rounds down: seat 0's 75 -> 70
    ((104, 46), (12, 4), 1, (100, 50)),  # 46 rounds up to 50, seat 0 records 100
])
def test_recorded_card_points_follow_the_seeds(
    points: tuple[int, int], tricks: tuple[int, int], last: int, recorded: tuple[int, int]
) -> None:
    assert recorded_points(points, tricks, last) == recorded


def test_finished_deals_score_150_in_cards() -> None:
    rng = random.Random(9)
    for deal in random_deals(20, seed=rng):
        position = Position(deal)
        while not position.is_over():
            position.push(rng.choice(position.legal_moves()))
        final = position.score()
        assert sum(final.points) == 150
        assert final.raw == tuple(
            final.points[s] + final.declarations[s] + final.marriage[s] for s in (0, 1))
        cards = [r - final.declarations[s] - final.marriage[s]
                 for s, r in enumerate(final.recorded)]
        assert sum(cards) == 150 and all(c % 10 == 0 for c in cards)
        assert all(abs(c - p) <= 5 for c, p in zip(cards, final.points))
        assert 0 in final.declarations


# -- the model against the rule text, in random deals ---------------------------------

NATURAL = "789TJQKA"
FOUR_VALUES = {"J": 200, "A": 100, "K": 100, "Q": 100}
#: Kinds, highest first (docs/rules.md 4.3).
KINDS = ["four J", "four A", "four K", "four Q", "run 8", "run 7", "run 6", "run 5",
         "run 4", "run 3"]


def text_runs(hand: set[str]) -> list[frozenset[str]]:
    """Maximal sequences of 3 or more in one suit, natural order."""
    found = []
    for suit in "SHDC":
        current: list[str] = []
        for rank in NATURAL + " ":
            if rank + suit in hand:
                current.append(rank + suit)
                continue
            if len(current) >= 3:
                found.append(frozenset(current))
            current = []
    return found


@dataclass
class TextDeclaration:
    seat: int
    kind: str
    cards: frozenset[str]
    points: int
    counting: bool = True


class TextDeclarer:
    """Declarations by the words of docs/rules.md 4.3, cards as strings."""

    def __init__(self) -> None:
        self.made: list[TextDeclaration] = []

    def declare(self, seat: int, hand: set[str]) -> None:
        mine = [d for d in self.made if d.seat == seat]
        my_runs = [d for d in mine if d.kind.startswith("run")]
        new = []
        for rank, points in FOUR_VALUES.items():
            cards = frozenset(rank + suit for suit in "SHDC")
            if cards <= hand and all(d.cards != cards for d in mine):
                new.append(TextDeclaration(seat, "four " + rank, cards, points))
        for run in text_runs(hand):
            shares = any(run & d.cards for d in my_runs)
            inside = [d for d in my_runs if d.counting and d.cards < run]
            if inside or not shares:
                for d in inside:
                    d.counting = False
                points = {3: 20, 4: 50}.get(len(run), 100)
                new.append(TextDeclaration(seat, f"run {len(run)}", run, points))
        self.made += new

    def points(self, trump: str) -> tuple[int, int]:
        """The end of deal: the higher best declaration scores all its side's."""

        def key(order: int) -> tuple[int, int, bool, int]:
            d = self.made[order]
            top = max(d.cards, key=lambda card: NATURAL.index(card[0]))
            kind = KINDS.index(d.kind)
            in_trumps = d.kind.startswith("run") and top[1] == trump
            return -kind, NATURAL.index(top[0]), in_trumps, -order

        best: dict[int, int] = {}
        for order, d in enumerate(self.made):
            if d.counting and (d.seat not in best or key(order) > key(best[d.seat])):
                best[d.seat] = order
        if not best:
            return 0, 0
        winner = max(best, key=lambda seat: key(best[seat]))
        total = sum(d.points for d in self.made if d.seat == winner and d.counting)
        return (total, 0) if winner == 0 else (0, total)


@pytest.mark.parametrize("declare_when", ["stock", "opening"])
def test_declarations_follow_the_rule_text(declare_when: str) -> None:
    rng = random.Random(8)
    rules = Rules(declare_when=declare_when)
    for deal in random_deals(60, seed=rng):
        position = Position(deal, rules)
        text = TextDeclarer()
        if declare_when == "opening":
            for seat in (0, 1):
                text.declare(seat, {str(c) for c in deal.hands[seat]})
        while not position.is_over():
            move = rng.choice(position.legal_moves())
            seat, hand = position.to_move, CardSet(position.hands[position.to_move])
            if isinstance(move, int) and len(hand) == 9 and declare_when == "stock":
                text.declare(seat, {str(c) for c in hand})
            position.push(move)
        model = [(d.seat, str(CardSet(d.cards)), d.points, d.counting)
                 for d in position.declarations]
        assert model == [(d.seat, str(CardSet(d.cards)), d.points, d.counting)
                         for d in text.made]
        assert position.score().declarations == text.points(str(deal.trump))
