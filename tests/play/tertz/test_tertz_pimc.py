"""The Tertz PIMC player: its samples always agree with what its seat saw of the real
deal, it plays legally, and after the stock is gone it plays the exact best move."""

from __future__ import annotations

import random

import pytest

from deberts import DebertsError
from deberts.variants.tertz.engine.solver import Solver
from deberts.variants.tertz.model import Deal, Position, Rules, random_deals
from deberts.variants.tertz.model.deal import HAND_SIZE
from deberts.variants.tertz.play.match import draw_slots, play_deal, view_of
from deberts.variants.tertz.play.pimc import PimcPlayer
from deberts.variants.tertz.play.players import HeuristicPlayer
from deberts.variants.tertz.play.sampling import (
    distinct_samples,
    hidden_of,
    replayed,
    sample_deal,
    sample_positions,
)

RULES = [
    Rules(),
    Rules(stock_play="follow"),
    Rules(stock_play="free", declare_when="opening"),
]


def played_positions(count: int, seed: int, rules: Rules):
    """A copy of every position of ``count`` deals played at random."""
    rng = random.Random(seed)
    for deal in random_deals(count, seed=seed):
        position = Position(deal, rules)
        while not position.is_over():
            yield position.copy()
            position.push(rng.choice(position.legal_moves()))


def opponent_places(deal: Deal, position: Position, seat: int) -> list[int]:
    """The opponent's places in ``deal`` played as ``position`` was (its break and
    tricks), as the sampler numbers them: his nine dealt cards (any order), then the
    face-down stock slots he drew, in order."""
    opponent = 1 - seat
    face_down = deal.stock[:-1]
    cut = len(face_down) - (position.broken or 0)
    order = face_down[cut:] + face_down[:cut]
    drawn = [order[slot] for who, slot in draw_slots(position.tricks, position.broken is not None)
             if who == opponent and slot < len(face_down)]
    return [int(c) for c in deal.hands[opponent]] + [int(c) for c in drawn]


@pytest.mark.parametrize("rules", RULES, ids=["default", "follow", "free-opening"])
def test_samples_agree_with_everything_the_seat_saw(rules: Rules) -> None:
    """On many random plays: the real deal is among the possible ones (it replays
    to the same view, and every card the sampler requires of the opponent is among
    his places by its deadline), and every sample gives the seat the same view as
    the real deal, the same legal moves, the same stock size and face-up card; once
    the stock is gone every sample is the real position."""
    rng = random.Random(7)
    checked = 0
    for position in played_positions(12, 2, rules):
        view = view_of(position)
        assert replayed(view, position.deal) is not None
        hidden = hidden_of(view)
        places = opponent_places(position.deal, position, view.seat)
        for card, deadline in hidden.required:
            assert places.index(int(card)) < deadline, (position, card)
        for sample in sample_positions(view, rng, 6):
            assert view_of(sample) == view
            assert sample.stock[-1:] == position.stock[-1:]
            if not position.stock:
                assert sample.hands == position.hands
            checked += 1
    assert checked > 400


def test_every_draw_is_a_deal_that_respects_the_required_places() -> None:
    """Before the replay check: each drawn deal has the seat's own cards where they
    were, and the required cards among the opponent's first places."""
    rng = random.Random(3)
    for position in list(played_positions(6, 4, Rules()))[::7]:
        view = view_of(position)
        hidden = hidden_of(view)
        for _ in range(5):
            deal = sample_deal(view, hidden, rng)
            assert deal.hands[view.seat] == position.deal.hands[view.seat]
            assert deal.trump_card == position.deal.trump_card
            places = opponent_places(deal, position, view.seat)
            for card, deadline in hidden.required:
                assert places.index(int(card)) < deadline


def test_pimc_plays_the_exact_best_move_once_the_stock_is_gone() -> None:
    solver = Solver(16)
    compared = 0
    for position in played_positions(6, 9, Rules()):
        if position.stock or len(position.legal_moves()) < 2:
            continue
        player = PimcPlayer(samples=5, seed=1)
        view = view_of(position)
        assert len(distinct_samples(view, player.rng, 5)) == 1  # the opponent's hand is known
        values = solver.values(position)
        sign = 1 if position.to_move == 0 else -1
        best = max(sign * v for v in values.values())
        assert sign * values[player.choose(position)] == best
        compared += 1
    assert compared > 20


def test_choose_from_a_position_is_the_move_from_its_view() -> None:
    for position in list(played_positions(2, 5, Rules()))[::5]:
        if len(position.stock) > 2:
            continue
        move = PimcPlayer(samples=3, seed=2, stock_limit=2).choose(position)
        view = view_of(position)
        assert move == PimcPlayer(samples=3, seed=2, stock_limit=2).move(view)
        assert move in view.legal


def test_above_the_stock_limit_pimc_plays_as_the_heuristic() -> None:
    position = next(played_positions(1, 6, Rules()))
    view = view_of(position)
    player = PimcPlayer(samples=2, stock_limit=4)
    assert player.move(view) == player.fallback.move(view)


def test_pimc_games_reproduce_with_seeds() -> None:
    deal = next(random_deals(1, seed=13))

    def moves() -> tuple[object, ...]:
        players = [PimcPlayer(samples=3, seed=4, stock_limit=2), HeuristicPlayer()]
        return play_deal(players, deal).position.moves

    assert moves() == moves()


@pytest.mark.parametrize("settings, message", [
    ({"samples": 0}, "samples"),
    ({"seconds": 0}, "seconds"),
    ({"seconds": float("nan")}, "seconds"),
    ({"stock_limit": -1}, "stock_limit"),
    ({"stock_limit": 15}, "stock_limit"),
])
def test_bad_settings_are_refused(settings: dict[str, float], message: str) -> None:
    with pytest.raises(DebertsError, match=message):
        PimcPlayer(**settings)  # type: ignore[arg-type]


def test_hand_size_is_the_opponents_first_places() -> None:
    # The deadline of a card the opponent played in the first trick is his nine cards.
    position = Position(next(random_deals(1, seed=1)))
    position.push(position.legal_moves()[0])
    view = view_of(position)
    assert [deadline for _, deadline in hidden_of(view).required] == [HAND_SIZE]


def test_a_tiny_time_budget_still_solves_one_sample() -> None:
    """However short ``seconds`` is, the first sample is solved: the move is then
    that sample's best (a legal move, never the fallback's guess)."""
    solver = Solver(16)
    checked = 0
    for position in played_positions(4, 14, Rules()):
        if len(position.stock) != 2 or len(position.legal_moves()) < 2:
            continue
        checked += 1
        player = PimcPlayer(samples=10, seconds=1e-9, seed=3)
        view = view_of(position)
        first = distinct_samples(view, player.rng, player.samples)[0][0]
        player.rng.seed(3)
        values = solver.values(first)
        sign = 1 if position.to_move == 0 else -1
        best = max(sign * v for v in values.values())
        assert sign * values[player.move(view)] == best
    assert checked >= 3
