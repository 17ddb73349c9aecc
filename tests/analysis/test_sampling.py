"""The sampler: every sample consistent, uniform over consistent deals, seeded."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest
from consistency import check_consistent
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts import CardSet, InvalidDealError, Knowledge, Suit, sample_deals
from deberts.variants.deberts.analysis.sampling import deals_of


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bidding_samples_are_consistent(players: int) -> None:
    knowledge = Knowledge.for_bidder(players, 1, "AK9..QJ.7", "JH", dealer=0)
    masks = sample_deals(knowledge, 3000, seed=players)
    assert masks.shape == (3000, players) and masks.dtype == np.uint32
    for row in masks:
        check_consistent(knowledge, row)
    deals = deals_of(masks[:50])
    assert all(d.is_full for d in deals)
    if players == 4:  # the face-up card goes to the dealer
        assert all(CardSet.parse(".J..") .mask & d.hands[0].mask for d in deals)
    else:
        assert not any(CardSet.parse(".J..").mask & int(m) for m in masks.ravel())


def test_counts_match_the_closed_form() -> None:
    two = Knowledge.for_bidder(2, 0, "AK9..QJ.7", "JH", dealer=1)
    assert two.count() == comb(25, 3) * comb(22, 9)
    four = Knowledge.for_bidder(4, 0, "AK9..QJ.7", "JH", dealer=1)
    assert four.count() == comb(25, 2) * comb(23, 7) * comb(16, 8) * comb(8, 8)


def test_seeds_reproduce_and_differ() -> None:
    knowledge = Knowledge.for_bidder(3, 2, "AK9..QJ.7", "JH", dealer=1)
    a = sample_deals(knowledge, 100, seed=5)
    assert np.array_equal(a, sample_deals(knowledge, 100, seed=5))
    assert not np.array_equal(a, sample_deals(knowledge, 100, seed=6))


def small_knowledge() -> Knowledge:
    """Two hands of 3 with seat 0 holding AS, 8 cards in play (the rest out), seat 1
    void in hearts: several class tables, few enough deals to list."""
    free = CardSet.parse("AK.AK.AK.AK")
    out = CardSet((1 << 32) - 1) - free
    base = Knowledge((3, 3), (CardSet(), CardSet()), (CardSet(), CardSet()), out)
    return base.with_held(0, "A...").with_void(1, "H")


def all_deals(knowledge: Knowledge) -> list[tuple[int, ...]]:
    """Every consistent deal, by brute force."""
    free = [c for c in range(32) if not (knowledge.out.mask | knowledge.held[0].mask) >> c & 1]
    deals = []
    for first in itertools.combinations(free, knowledge.sizes[0] - len(knowledge.held[0])):
        rest = [c for c in free if c not in first]
        for second in itertools.combinations(rest, knowledge.sizes[1] - len(knowledge.held[1])):
            hands = (knowledge.held[0].mask | sum(1 << c for c in first), sum(1 << c for c in second))
            try:
                check_consistent(knowledge, hands)
            except InvalidDealError:
                continue
            deals.append(hands)
    return deals


def test_uniform_over_every_consistent_deal() -> None:
    knowledge = small_knowledge()
    deals = all_deals(knowledge)
    assert knowledge.count() == len(deals) and len(deals) > 10
    draws = 400 * len(deals)
    counts = Counter(tuple(int(m) for m in row) for row in sample_deals(knowledge, draws, seed=99))
    assert set(counts) == set(deals)
    expected = draws / len(deals)
    chi_square = sum((counts[d] - expected) ** 2 / expected for d in deals)
    # The 0.001 critical value for len(deals) - 1 degrees of freedom, by the
    # Wilson-Hilferty approximation.
    k = len(deals) - 1
    critical = k * (1 - 2 / (9 * k) + 3.09 * (2 / (9 * k)) ** 0.5) ** 3
    assert chi_square < critical


@pytest.mark.parametrize("build, pattern", [
    (lambda: Knowledge.for_bidder(2, 0, "AK9..QJ.7", "9S"), r"face-up card 9S: it is in the bidder's hand"),
    (lambda: Knowledge.for_bidder(5, 0, "AK9..QJ.7", "JH"), r"bad player count 5"),
    (lambda: Knowledge.for_bidder(2, 2, "AK9..QJ.7", "JH"), r"bad seat 2"),
    (lambda: Knowledge.for_bidder(2, 0, "AK9..QJ.7", "JH").with_held(1, "A..."),
     r"card AS of seat 1 is placed twice"),
    (lambda: Knowledge.for_bidder(2, 0, "AK9..QJ.7", "JH").with_held(1, "K...").with_void(1, "S"),
     r"placed twice or also excluded"),
])
def test_bad_knowledge(build, pattern: str) -> None:
    with pytest.raises(InvalidDealError, match=pattern):
        build()


def test_impossible_knowledge_is_named_when_sampled() -> None:
    knowledge = Knowledge.for_bidder(4, 0, "AK9..QJ.7", "JH")
    for seat in (1, 2, 3):
        knowledge = knowledge.with_void(seat, "C")
    # Clubs left: 24 cards, seat 0 may take only 2 more: nobody can hold the rest.
    with pytest.raises(InvalidDealError, match="no deal is consistent"):
        sample_deals(knowledge, 1)
    with pytest.raises(InvalidDealError, match="bad sample count"):
        sample_deals(Knowledge.for_bidder(2, 0, "A...", "JH"), -1)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_random_knowledge_gives_consistent_samples(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 4), label="players")
    deck = data.draw(st.permutations(range(32)), label="deck")
    seat = data.draw(st.integers(0, players - 1), label="seat")
    own = CardSet(deck[:6])
    knowledge = Knowledge.for_bidder(players, seat, own, next(iter(CardSet(deck[6:7]))), dealer=0)
    for other in range(players):
        if other != seat and data.draw(st.booleans(), label=f"void {other}"):
            suit = data.draw(st.sampled_from(list(Suit)))
            if knowledge.held[other].mask & suit.mask:
                with pytest.raises(InvalidDealError, match="placed twice or also excluded"):
                    knowledge.with_void(other, suit)
            else:
                knowledge = knowledge.with_void(other, suit)
    try:
        masks = sample_deals(knowledge, 50, seed=data.draw(st.integers(0, 1000)))
    except InvalidDealError as error:
        assert "no deal is consistent" in str(error) or "can be in no hand" in str(error)
        return
    assert knowledge.count() > 0
    for row in masks:
        check_consistent(knowledge, row)


def test_warm_up_compiles_the_kernel_before_any_sample() -> None:
    from deberts.variants.deberts.analysis._sampling_kernel import deal_hands
    from deberts.variants.deberts.analysis.sampling import warm_up

    warm_up()
    assert deal_hands.signatures  # compiled (or loaded from numba's cache) for the masks
