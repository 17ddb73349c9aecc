"""``analyze_play``: every card's margins and cost, checked by solving each position
afresh and by the bookkeeping identity between the start, the end and the losses."""

from __future__ import annotations

import random
import zlib

import pytest
from positions import RULE_VARIANTS, random_position

from deberts import Card, Deal, IllegalMoveError, Position, Rules, score, solve
from deberts.variants.deberts.analysis.review import analyze_play
from deberts.variants.deberts.model.bidding import Bid
from deberts.variants.deberts.model.record import GameRecord


def played_out(position: Position, rng: random.Random, optimal: float) -> list[Card]:
    """A play to the end: each card optimal with probability ``optimal``, else random."""
    copy = position.copy()
    cards = []
    while not copy.is_over():
        if rng.random() < optimal:
            card = solve(copy).moves[0].card
        else:
            card = rng.choice(copy.legal_moves())
        copy.push(card)
        cards.append(card)
    return cards


def check_against_fresh_solves(position: Position, cards: list[Card], bella_declined: bool = False) -> None:
    """Every figure of the analysis, recomputed with a new solver per position."""
    analysis = analyze_play(position, cards, bella_declined=bella_declined)
    current = position.copy()
    assert analysis.dd_margin == solve(current).margin
    for index, (entry, card) in enumerate(zip(analysis.cards, cards, strict=True)):
        before = solve(current)
        mover = current.to_move
        assert (entry.index, entry.seat, entry.card) == (index, mover, card)
        assert entry.margin_before == before.margin
        assert entry.values == {m.card: m.margin for m in before.moves}
        assert set(entry.best) == {m.card for m in before.moves if m.margin == before.margin}
        current.push(card, bella=not bella_declined)
        after = score(current).margin if current.is_over() else solve(current).margin
        assert entry.margin_after == after
        sign = 1 if current.is_declarer_side(mover) else -1
        assert entry.cost == sign * (before.margin - after) >= 0
        chosen = next(m for m in before.moves if m.card == card)
        if current.stack[-1].bella == chosen.bella:
            # The card played with its better bella choice: it costs nothing exactly
            # when it is a best card. (Announcing or declining bella against that
            # choice can cost points with a best card, under any bella rule.)
            assert (entry.cost == 0) == (card in entry.best)
    losses = analysis.lost()
    side = position.declarer_side
    declarer_lost = sum(p for seat, p in losses.items() if seat in side)
    defenders_lost = sum(p for seat, p in losses.items() if seat not in side)
    assert analysis.dd_margin - analysis.final_margin == declarer_lost - defenders_lost
    if current.is_over():
        assert analysis.complete and analysis.actual_margin == score(current).margin
        assert analysis.final_margin == analysis.actual_margin
    else:
        assert not analysis.complete and analysis.actual_margin is None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_full_deal_costs_match_fresh_solves(players: int, seed: int) -> None:
    rng = random.Random(seed * 10 + players)
    deal = Deal.random(players, seed=rng)
    position = Position(deal, rng.choice("SHDC"), rng.randrange(players), rng.randrange(players))
    check_against_fresh_solves(position, played_out(position, rng, optimal=0.5))


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: str(r.to_dict()))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_rule_variant_from_mid_deal(players: int, rules: Rules) -> None:
    seed = zlib.crc32(f"{players} {rules.to_dict()}".encode()) % 1000  # the same every run
    position = random_position(seed, players, cards_left=4, full=True, rules=rules)
    check_against_fresh_solves(position, played_out(position, random.Random(seed), optimal=0.3))


def test_declined_bella_is_priced_as_played() -> None:
    # Seat 0 holds the king and queen of trumps (hearts) in a full deal; under the
    # owner rule, declining bella changes nothing but the 20 bella points.
    deal = Deal.parse("AKQ.KQ.AK.AK JT9.JT9.QJ.Q")
    position = Position(deal, "H", 0, 1)
    cards = played_out(position, random.Random(2), optimal=0.5)
    check_against_fresh_solves(position, cards, bella_declined=True)
    declined = analyze_play(position, cards, bella_declined=True)
    announced = analyze_play(position, cards)
    assert declined.actual_margin == announced.actual_margin - 20


def test_optimal_play_costs_nothing() -> None:
    rng = random.Random(7)
    position = Position(Deal.random(3, seed=7), "D", 2, 0)
    analysis = analyze_play(position, played_out(position, rng, optimal=1.0))
    assert all(card.cost == 0 for card in analysis.cards)
    assert analysis.actual_margin == analysis.dd_margin


def test_unfinished_play_reports_the_margin_with_optimal_play_of_the_rest() -> None:
    rng = random.Random(3)
    position = Position(Deal.random(2, seed=3), "S", 0, 1)
    cards = played_out(position, rng, optimal=0.0)[:7]
    check_against_fresh_solves(position, cards)
    analysis = analyze_play(position, " ".join(str(c) for c in cards))
    assert analysis.to_dict()["complete"] is False
    assert analysis.to_dict()["actual_margin"] is None


def test_illegal_card_is_reported_by_its_place_in_the_play() -> None:
    position = Position(Deal.parse("A7... 8T..."), "H", 0, 0)
    with pytest.raises(IllegalMoveError, match=r"played card 2 \(seat 1\): card AS: seat 1 does not hold it"):
        analyze_play(position, "7S AS")


def test_record_analysis_is_the_analysis_of_its_play() -> None:
    rng = random.Random(11)
    deck = list(range(32))
    rng.shuffle(deck)
    deal = Deal(sum(1 << c for c in deck[9 * i:9 * (i + 1)]) for i in range(2))
    face_up = Card(deck[18])
    bids = (Bid(1, "pass"), Bid(0, "play"))
    start = GameRecord(deal, 0, face_up=face_up, bidding=bids).start()
    record = GameRecord(deal, 0, face_up=face_up, bidding=bids,
                        play=tuple(played_out(start, rng, optimal=0.5)))
    from_record = analyze_play(record)
    direct = analyze_play(record.start(), record.play)
    assert from_record.to_dict() == direct.to_dict()
    assert from_record.actual_margin == record.score().margin


def test_json_contract() -> None:
    position = Position(Deal.random(2, cards_per_hand=3, seed=5), "C", 1, 0)
    cards = played_out(position, random.Random(5), optimal=0.0)
    data = analyze_play(position, cards).to_dict()
    assert {"cards", "lost", "dd_margin", "actual_margin"} <= set(data)
    assert set(data["lost"]) == {"0", "1"}
    first = data["cards"][0]
    assert {"index", "seat", "card", "margin_before", "margin_after", "cost", "best"} <= set(first)
    assert first["index"] == 0 and first["card"] == str(cards[0])
    assert all(isinstance(c, str) for c in first["best"])
