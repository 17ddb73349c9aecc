"""The PIMC player: what it infers is always true of the real deal, and it plays legally."""

from __future__ import annotations

import random

import pytest

from deberts import Card, CardSet, Deal, DebertsError, Position, Rules
from deberts.analysis.sampling import check_consistent
from deberts.play.match import PlayView, play_deal, view_of
from deberts.play.pimc import PimcPlayer, knowledge_of, sampled_position
from deberts.play.players import HeuristicPlayer, RandomPlayer


class Recorder(RandomPlayer):
    """Plays at random and keeps every play view."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.views: list[PlayView] = []

    def play(self, view: PlayView):
        self.views.append(view)
        return super().play(view)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", [Rules(), Rules(partner_exempt=True)], ids=["moscow", "exempt"])
def test_inferences_hold_for_the_real_deal(players: int, rules: Rules) -> None:
    checked = 0
    for seed in range(15):
        seats = [Recorder(seed * 5 + s) for s in range(players)]
        result = play_deal(seats, seed % players, rules, random.Random(seed))
        if result.score is None:
            continue
        record = result.record
        for seat in seats:
            for view in seat.views:
                position = record.start()
                for card in record.play[:len(view.tricks) * players + len(view.trick)]:
                    position.push(card)
                knowledge = knowledge_of(view)
                check_consistent(knowledge, position.hands)
                assert knowledge.count() >= 1
                assert sampled_position(view, record.deal_in_play()) is not None
                checked += 1
    assert checked > 100


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
                        exchanger=record.exchanger)
        assert built == view
        assert built.hand == CardSet(position.hands[position.to_move])
        card = PimcPlayer(samples=8, seed=5).choose(position, record.face_up, record.dealer,
                                                    record.exchanger)
        assert card == PimcPlayer(samples=8, seed=5).play(view) and card in view.legal


def test_view_of_refuses_an_endgame() -> None:
    position = Position(Deal.parse("A... K... Q... J..."), "S", 0, 1)
    with pytest.raises(DebertsError, match="whole deal"):
        view_of(position, Card.parse("7H"))
