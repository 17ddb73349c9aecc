"""``evaluate_bid``: options per round, exact cases, reproducibility, intervals."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from deberts import (
    CardSet,
    Deal,
    DebertsError,
    Knowledge,
    Position,
    Rules,
    evaluate_bid,
    solve,
)
from deberts.analysis.stats import mean_ci95, wilson_ci95
from deberts.variants.deberts.model.scoring import MADE


def test_round_one_and_two_options() -> None:
    one = evaluate_bid("AK9..QJ.7", "JH", seat=1, dealer=0, players=2, samples=8, seed=1)
    assert [o.option for o in one.options] == ["play", "pass"]
    two = evaluate_bid("AK9..QJ.7", "JH", seat=1, dealer=0, players=2, round_=2, samples=8, seed=1)
    assert [o.option for o in two.options] == ["S", "D", "C", "pass"]
    mandated = evaluate_bid("AK9..QJ.7", "JH", seat=0, dealer=0, players=2, round_=2, samples=4,
                            seed=1, rules=Rules(dealer_must_choose=True))
    assert [o.option for o in mandated.options] == ["S", "D", "C"]
    assert {two.best, two.runner_up} <= {"S", "D", "C", "pass"} and 0.5 <= two.confidence <= 1


def test_an_unbeatable_hand_is_always_made() -> None:
    # The six top trumps (with bella and a fifty) for the eldest hand, who leads.
    evaluation = evaluate_bid(".AKQJT9..", "8H", seat=1, dealer=0, players=2, samples=40, seed=3)
    play = evaluation.option("play").to_dict()
    assert play["p_made"] == 1.0 and play["p_bait"] == 0.0
    assert play["mean_margin"] > 0 and evaluation.best == "play"


def test_fixed_seeds_reproduce() -> None:
    def run(seed: int) -> dict:
        data = evaluate_bid("AK9..QJ.7", "JH", seat=1, dealer=0, players=3, samples=6,
                            seed=seed).to_dict()
        data.pop("seconds")
        return data

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_threads_give_the_same_answer_and_progress_counts() -> None:
    seen: list[int] = []
    one = evaluate_bid("AK9..QJ.7", "JH", 1, 0, 2, samples=12, seed=2, progress=seen.append)
    two = evaluate_bid("AK9..QJ.7", "JH", 1, 0, 2, samples=12, seed=2, threads=2)
    assert seen == list(range(1, 13))
    strip = lambda d: {k: v for k, v in d.items() if k != "seconds"}  # noqa: E731
    assert strip(one.to_dict()) == strip(two.to_dict())


def test_interval_covers_the_exact_answer_on_an_enumerable_case() -> None:
    # Seat 1 (eldest, leads) bids on the face-up 8H; all but 6 cards are known:
    # seat 1 draws 3 of them, seat 0 one, 2 stay in the stock: 60 equally likely deals.
    hand = CardSet.parse("A9.Q.K.AT")           # seat 1's first 6 cards
    opponent = CardSet.parse("K8.K9.Q8.J9")      # 8 of seat 0's 9
    unknown = CardSet.parse("T.A.AJ.K7")         # the 6 unplaced cards (7H is out)
    out = CardSet((1 << 32) - 1) - hand - opponent - unknown
    knowledge = Knowledge((9, 9), (opponent, hand), (CardSet(), CardSet()), out)
    assert knowledge.count() == 60
    exact_margins, exact_made = [], []
    cards = list(unknown)
    for drawn in itertools.combinations(cards, 3):
        rest = [c for c in cards if c not in drawn]
        for extra in rest:
            deal = Deal([opponent | CardSet([extra]), hand | CardSet(drawn)])
            solution = solve(Position(deal, "H", 1, 1))
            exact_margins.append(solution.margin)
            exact_made.append(solution.result == MADE)
    assert len(exact_margins) == 60
    evaluation = evaluate_bid(hand, "8H", seat=1, dealer=0, players=2, samples=400, seed=11,
                              knowledge=knowledge)
    play = evaluation.option("play").to_dict()
    low, high = play["margin_ci95"]
    assert low <= np.mean(exact_margins) <= high
    low, high = play["p_made_ci95"]
    assert low <= np.mean(exact_made) <= high


def test_interval_helpers() -> None:
    low, high = mean_ci95(np.array([1.0, 2.0, 3.0, 4.0]))
    assert low < 2.5 < high and round(high - 2.5, 6) == round(2.5 - low, 6)
    assert wilson_ci95(1.0, 40)[1] == 1.0 and wilson_ci95(1.0, 40)[0] > 0.9
    assert wilson_ci95(0.0, 10)[0] == 0.0


@pytest.mark.parametrize("kwargs, pattern", [
    (dict(hand="AK9..QJ.", face_up="JH"), r"bad hand AK9..QJ.: 5 cards, a bidder holds 6"),
    (dict(hand="AK9..QJ.7", face_up="9S"), r"it is in the bidder's hand"),
    (dict(hand="AK9..QJ.7", face_up="JH", round_=3), r"bad round 3"),
    (dict(hand="AK9..QJ.7", face_up="JH", samples=0), r"bad samples 0: expected 1..1000000"),
    (dict(hand="AK9..QJ.7", face_up="JH", players=4, rules=Rules(face_up_to="declarer")),
     r"needs face_up_to=dealer"),
    (dict(hand="AK9..QJ.7", face_up="JH", seat=5), r"bad seat 5"),
])
def test_bad_arguments(kwargs: dict, pattern: str) -> None:
    arguments = dict(seat=1, dealer=0, players=2, samples=2)
    arguments.update(kwargs)
    with pytest.raises(DebertsError, match=pattern):
        evaluate_bid(**arguments)


def test_the_seven_holder_exchanges_when_it_helps_his_side() -> None:
    # Every card known: seat 1 holds the seven of hearts, the face-up card is JH.
    deal = Deal.parse("KQ8.T9.AK.QJ A9.AK7.Q7.K7")
    hand = CardSet.parse("A9.7A.Q.7")
    out = CardSet((1 << 32) - 1) - deal.hands[0] - deal.hands[1]
    knowledge = Knowledge((9, 9), (deal.hands[0], deal.hands[1]), (CardSet(),) * 2, out)
    assert knowledge.count() == 1
    evaluation = evaluate_bid(hand, "JH", 1, 0, 2, samples=3, seed=1, knowledge=knowledge)
    as_dealt = solve(Position(deal, "H", 1, 1)).margin
    swapped = solve(Position(Deal.parse("KQ8.T9.AK.QJ A9.AKJ.Q7.K7"), "H", 1, 1)).margin
    assert evaluation.option("play").to_dict()["mean_margin"] == max(as_dealt, swapped)
    assert as_dealt != swapped


def test_four_players_pairs() -> None:
    # Seat 1 bids; with 4 players in pairs the bidder's side is seats 1 and 3.
    evaluation = evaluate_bid("AK9..QJ.7", "JH", seat=1, dealer=0, players=4, samples=3, seed=2)
    play = evaluation.option("play")
    assert play.samples == 3 and all(o.declarer == 1 for o in play.outcomes)
    for outcome in evaluation.option("pass").outcomes:
        assert outcome.declarer in (None, 0, 1, 2, 3)
