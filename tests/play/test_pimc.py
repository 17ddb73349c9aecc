"""The PIMC player: what it infers is always true of the real deal, and it plays legally."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Iterator

import numpy as np
import pytest
from consistency import check_consistent
from recorded_views import Recorder as ViewRecorder

from deberts import Card, CardSet, Deal, DebertsError, Position, Rules
from deberts.model.cards import Rank, Suit
from deberts.variants.deberts.analysis.sampling import sample_deals
from deberts.variants.deberts.play.match import PlayView, play_deal, view_of
from deberts.variants.deberts.play.pimc import (
    PimcPlayer,
    _deal_in_play,
    knowledge_of,
    sampled_position,
)
from deberts.variants.deberts.play.players import HeuristicPlayer, RandomPlayer


class Recorder(RandomPlayer):
    """Plays at random, announces bella three times in four, and keeps every play
    view."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.views: list[PlayView] = []

    def play(self, view: PlayView):
        self.views.append(view)
        return super().play(view)

    def declare(self, view: PlayView) -> bool:
        return self.rng.random() < 0.75


BELOTE = Rules.preset_rules("belote")
TABLES = [
    (2, Rules()), (3, Rules()), (4, Rules()), (4, Rules(partner_exempt=True)), (4, BELOTE),
]


def _recorded_views(players: int, rules: Rules, seeds: range) -> Iterator[tuple[PlayView, Position]]:
    """Every play view of random whole deals, with the real position it was taken in.
    A Belote view has no face-up card (docs/rules.md 2.8): Belote deals none, so the
    match's is taken out of the view, as a Belote deal from outside would come."""
    for seed in seeds:
        seats = [Recorder(seed * 5 + s) for s in range(players)]
        result = play_deal(seats, seed % players, rules, random.Random(seed))
        if result.score is None:
            continue
        record = result.record
        for seat in seats:
            for view in seat.views:
                position = record.start()
                for play in view.plays():
                    position.push(play.card, bella=play.bella)
                yield (replace(view, face_up=None) if rules is BELOTE else view), position


@pytest.mark.parametrize(("players", "rules"), TABLES, ids=["2", "3", "4", "4-exempt", "belote"])
def test_inferences_hold_for_the_real_deal(players: int, rules: Rules) -> None:
    """What the sampler knows is true of the real deal, and every sample the player
    keeps (those whose declarations are the view's) shows the seat exactly its view:
    the same hand, legal cards, declarations and bella announcements (an announced
    bella's other card in the announcer's hand; in Belote no face-up card placed
    anywhere)."""
    rng = np.random.default_rng(players)
    checked = kept = bellas = 0
    for view, position in _recorded_views(players, rules, range(30)):
        bellas += any(p.bella and p.seat != view.seat for p in view.plays())
        knowledge = knowledge_of(view)
        check_consistent(knowledge, position.hands)
        assert sampled_position(view, position.deal) is not None
        for row in sample_deals(knowledge, 3, rng):
            sampled = sampled_position(view, _deal_in_play(view, row))
            if sampled is not None:
                assert view_of(sampled, view.face_up, view.dealer, view.exchanger, auction=view.auction) == view
                kept += 1
        checked += 1
    assert checked > 100 and kept > checked and bellas >= 5


def _bella_view(announce: bool) -> tuple[PlayView, int, Card]:
    """The view of the seat after one that led a bella card of a random deal,
    announcing bella or not; the leader and the other bella card."""
    rng = random.Random(3)
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        deal = Deal(CardSet(deck[8 * s:8 * s + 8]) for s in range(4))
        trump = Suit(rng.randrange(4))
        king, queen = Card.of(trump, Rank.KING), Card.of(trump, Rank.QUEEN)
        owner = next((s for s in range(4) if {king, queen} <= set(deal.hands[s])), None)
        if owner is not None:
            position = Position(deal, trump, owner, owner, BELOTE)
            position.push(king, bella=announce)
            return view_of(position, None), owner, queen


@pytest.mark.parametrize("announce", [True, False], ids=["announced", "declined"])
def test_bella_puts_the_other_card_in_the_announcers_hand(announce: bool) -> None:
    view, owner, queen = _bella_view(announce)
    knowledge = knowledge_of(view)
    assert (queen in knowledge.held[owner]) == announce
    assert all(queen not in knowledge.held[s] for s in range(4) if s != owner)


def test_pimc_plays_belote_without_leaking() -> None:
    """Four PIMC players play a whole Belote deal; with no face-up card in the view
    (docs/rules.md 2.8), a decision is the same when the hidden cards are re-dealt in
    any way the view allows: the view and the seeded choice do not change."""
    seats = [ViewRecorder(PimcPlayer(samples=8, bid_samples=8, seed=seed)) for seed in range(4)]
    result = play_deal(seats, 1, BELOTE, random.Random(2))
    assert result.score is not None and result.record.is_complete()
    rng = np.random.default_rng(0)
    views = [replace(v, face_up=None) for seat in seats for v in seat.views if len(v.legal) > 1]
    for view in views[::4]:
        chosen = PimcPlayer(samples=8, seed=7).play(view)
        for row in sample_deals(knowledge_of(view), 2, rng):
            redealt = sampled_position(view, _deal_in_play(view, row))
            assert redealt is not None
            seen = view_of(redealt, None, view.dealer, view.exchanger, auction=view.auction)
            assert seen == view
            assert PimcPlayer(samples=8, seed=7).play(seen) == chosen


def test_pimc_plays_legal_whole_deals() -> None:
    for seed in range(3):
        seats = [PimcPlayer(samples=8, bid_samples=8, seed=seed), HeuristicPlayer()]
        result = play_deal(seats, seed % 2, rng=random.Random(seed))
        if result.score is not None:
            assert result.record.is_complete()


def test_pimc_games_reproduce_with_seeds() -> None:
    def deal() -> dict:
        seats = [PimcPlayer(samples=6, bid_samples=6, seed=4), HeuristicPlayer()]
        return play_deal(seats, 1, rng=random.Random(9)).record.to_dict()

    assert deal() == deal()


@pytest.mark.parametrize("players", [2, 4])
def test_choose_from_a_position_sees_only_its_own_seat(players: int) -> None:
    """``PimcPlayer.choose`` takes a Position: the view it builds is the match's view
    of the seat to move, so the choice equals ``play`` on the match's own view."""
    recorders = [Recorder(s) for s in range(players)]
    result = play_deal(recorders, 0, Rules(), random.Random(11))
    if result.score is None:
        pytest.skip("thrown in")
    record = result.record
    views = [v for r in recorders for v in r.views]
    for view in views[:: max(1, len(views) // 6)]:
        position = record.start()
        for play in view.plays():
            position.push(play.card, bella=play.bella)
        built = view_of(position, record.face_up, dealer=record.dealer,
                        exchanger=record.exchanger, auction=record.calls)
        assert built == view
        assert built.hand == CardSet(position.hands[position.to_move])
        card = PimcPlayer(samples=8, seed=5).choose(position, record.face_up, record.dealer,
                                                    record.exchanger, record.calls)
        assert card == PimcPlayer(samples=8, seed=5).play(view) and card in view.legal


def test_view_of_refuses_an_endgame() -> None:
    position = Position(Deal.parse("A... K... Q... J..."), "S", 0, 1)
    with pytest.raises(DebertsError, match="whole deal"):
        view_of(position, Card.parse("7H"))
