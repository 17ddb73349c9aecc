"""``generate_deals``: sizes, fixed cards, reproducibility, uniformity and errors."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts import ArgumentError, CardSet, Deal, InvalidDealError, NotationError, generate_deals
from deberts.model.cards import Card


@pytest.mark.parametrize("players, size", [(2, 9), (3, 9), (4, 8)])
def test_full_deals_by_default(players: int, size: int) -> None:
    deals = list(generate_deals(players, count=20, seed=1))
    assert len(deals) == 20
    for deal in deals:
        assert deal.players == players and deal.hand_size == size and deal.is_full
    assert len({str(d) for d in deals}) == 20


def test_fixed_cards_are_held_by_their_seat() -> None:
    fixed = {0: "AKQ.J..7", 2: CardSet.parse(".A.A.")}
    for deal in generate_deals(3, count=50, seed=2, fixed=fixed):
        assert CardSet.parse("AKQ.J..7").mask & ~deal.hands[0].mask == 0
        assert CardSet.parse(".A.A.").mask & ~deal.hands[2].mask == 0


def test_a_whole_hand_can_be_fixed() -> None:
    hand = "AKQJT.987.7."
    for deal in generate_deals(2, count=5, seed=3, fixed={1: hand}):
        assert deal.hands[1] == CardSet.parse(hand)


def test_seeds_reproduce_and_differ() -> None:
    first = [str(d) for d in generate_deals(4, count=5, seed=9)]
    assert first == [str(d) for d in generate_deals(4, count=5, seed=9)]
    assert first != [str(d) for d in generate_deals(4, count=5, seed=10)]


def test_endless_and_empty() -> None:
    endless = generate_deals(2, count=None, seed=0, cards_per_hand=2)
    assert len(list(itertools.islice(endless, 1000))) == 1000
    assert list(generate_deals(2, count=0)) == []


def test_endgame_sizes() -> None:
    deal = next(generate_deals(4, seed=4, cards_per_hand=3))
    assert deal.hand_size == 3 and not deal.is_full


@pytest.mark.parametrize("kwargs, error, pattern", [
    (dict(players=5), InvalidDealError, r"bad player count 5: expected 2, 3 or 4"),
    (dict(players=2.0), ArgumentError, r"bad players: expected an integer, got float 2.0"),
    (dict(players=2, cards_per_hand=10), InvalidDealError, r"bad hand size 10: expected 1..9"),
    (dict(players=4, cards_per_hand=0), InvalidDealError, r"bad hand size 0: expected 1..8"),
    (dict(players=2, count=-1), InvalidDealError, r"bad count -1"),
    (dict(players=2, fixed={2: "A..."}), InvalidDealError, r"bad seat 2: seat must be 0..1"),
    (dict(players=3, fixed={0: "A...", 1: "A..."}), InvalidDealError,
     r"bad hand for seat 1: card AS is fixed for two seats, 0 and 1"),
    (dict(players=4, fixed={3: ".K..", 0: "A.K.."}), InvalidDealError,
     r"bad hand for seat 3: card KH is fixed for two seats, 0 and 3"),
    (dict(players=2, cards_per_hand=2, fixed={0: "AKQ..."}), InvalidDealError,
     r"bad hand for seat 0: 3 cards fixed, a hand has 2"),
    (dict(players=2, fixed={1: "AX..."}), NotationError, r"bad hand for seat 1: bad hand 'AX...'"),
])
def test_bad_arguments_are_named(kwargs: dict, error: type, pattern: str) -> None:
    with pytest.raises(error, match=pattern):
        generate_deals(**kwargs)


def test_errors_come_before_the_first_deal() -> None:
    # The generator is lazy, but its arguments are checked when it is made.
    with pytest.raises(InvalidDealError):
        generate_deals(2, count=None, fixed={0: "A...", 1: "A..."})


def test_a_huge_count_is_not_built_up_front() -> None:
    deals = generate_deals(4, count=10**18, seed=1)
    assert len(list(itertools.islice(deals, 3))) == 3


def _chi_square(counts: Counter, expected: dict) -> float:
    return sum((counts[key] - e) ** 2 / e for key, e in expected.items())


# Two players, one card each, seat 0 holds AS: seat 1's card is uniform over the
# other 31 cards. Chi-square with 30 degrees of freedom: 59.70 is the p = 0.001
# critical value.
OTHER_CARDS = [card for card in range(32) if card != int(Card.parse("AS"))]
DRAWS = 31 * 200
CRITICAL_30 = 59.70


def test_uniform_given_the_fixed_cards() -> None:
    counts = Counter(
        int(next(iter(deal.hands[1])))
        for deal in generate_deals(2, count=DRAWS, seed=12345, fixed={0: "A..."},
                                   cards_per_hand=1)
    )
    assert set(counts) == set(OTHER_CARDS)
    assert _chi_square(counts, {c: DRAWS / 31 for c in OTHER_CARDS}) < CRITICAL_30


def test_the_uniformity_check_catches_a_biased_generator() -> None:
    # The same check on a generator that deals 15 of the cards 20% more often than
    # the other 16 fails (statistic 90 here; about 9 seeds in 10 fail): the test
    # above has the power to see a bias of that size.
    rng = random.Random(12345)
    weights = [1.2 if i < 15 else 1.0 for i in range(31)]
    counts = Counter(rng.choices(OTHER_CARDS, weights, k=DRAWS))
    assert _chi_square(counts, {c: DRAWS / 31 for c in OTHER_CARDS}) > CRITICAL_30


def test_uniform_over_which_seat_gets_a_free_card() -> None:
    # Three players, two cards a hand, seat 0 fixed with AS: the free card KS is
    # in seat 0 with probability 1/31 (one free place among 31 cards per place), in
    # seats 1 and 2 with 2/31 each, undealt otherwise.
    draws = 31000
    seats = Counter(
        next((s for s, h in enumerate(d.hands) if Card.parse("KS") in h), None)
        for d in generate_deals(3, count=draws, seed=7, fixed={0: "A..."}, cards_per_hand=2)
    )
    expected = {0: draws / 31, 1: 2 * draws / 31, 2: 2 * draws / 31, None: 26 * draws / 31}
    assert _chi_square(seats, expected) < 16.27  # 3 degrees of freedom, p = 0.001


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    data=st.data(),
)
def test_any_consistent_fixing_is_respected(players: int, data: st.DataObject) -> None:
    full = 8 if players == 4 else 9
    size = data.draw(st.integers(1, full), label="size")
    cards = data.draw(st.permutations(range(32)), label="deck")
    as_text = data.draw(st.booleans(), label="as text")
    fixed: dict[int, CardSet | str] = {}
    start = 0
    for seat in range(players):
        take = data.draw(st.integers(0, size), label=f"fixed {seat}")
        if take:
            hand = CardSet(cards[start:start + take])
            fixed[seat] = str(hand) if as_text else hand
        start += take
    seed = data.draw(st.integers(0, 2**32), label="seed")
    deals = list(generate_deals(players, count=3, seed=seed, fixed=fixed, cards_per_hand=size))
    assert [str(d) for d in deals] == [
        str(d) for d in generate_deals(players, count=3, seed=seed, fixed=fixed,
                                       cards_per_hand=size)
    ]
    for deal in deals:
        assert isinstance(deal, Deal) and deal.players == players
        assert all(len(hand) == size for hand in deal.hands)
        held = [card for hand in deal.hands for card in hand]
        assert len(held) == len(set(held)) == players * size
        for seat, hand in fixed.items():
            wanted = CardSet.parse(hand) if isinstance(hand, str) else hand
            assert wanted.mask & ~deal.hands[seat].mask == 0


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    data=st.data(),
)
def test_too_many_fixed_cards_or_a_card_twice_is_refused(
    players: int, data: st.DataObject
) -> None:
    full = 8 if players == 4 else 9
    size = data.draw(st.integers(1, full), label="size")
    seat = data.draw(st.integers(0, players - 1), label="seat")
    cards = data.draw(st.permutations(range(32)), label="deck")
    with pytest.raises(InvalidDealError, match=rf"seat {seat}: {size + 1} cards fixed"):
        generate_deals(players, fixed={seat: CardSet(cards[:size + 1])}, cards_per_hand=size)
    other = (seat + 1) % players
    first, second = sorted((seat, other))
    with pytest.raises(InvalidDealError, match=rf"fixed for two seats, {first} and {second}"):
        generate_deals(players, fixed={seat: CardSet(cards[:1]), other: CardSet(cards[:1])},
                       cards_per_hand=size)
