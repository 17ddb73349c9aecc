"""The model of a Tertz player's choices and the inference from it: the shipped model
loads with numpy alone, its probabilities are a distribution over the legal moves,
the weights of the worlds come from the view alone (a deal re-dealt consistently
with the view gives the same worlds, weights and decision), a world that does not
replay to the view is never weighed. The training data and command:
``test_tertz_decisions.py``."""

from __future__ import annotations

import random

import numpy as np
import pytest
from isolated import without_training_libraries

from deberts.errors import DebertsError
from deberts.variants.tertz.model import Deal, Position
from deberts.variants.tertz.model.record import GameRecord
from deberts.variants.tertz.play.arena import factory_of
from deberts.variants.tertz.play.match import play_deal, view_of
from deberts.variants.tertz.play.opponent import (
    WIDTH,
    inferred_samples,
    informative,
    move_features,
    shipped_play_model,
    world_log_likelihood,
)
from deberts.variants.tertz.play.players import HeuristicPlayer
from deberts.variants.tertz.play.sampling import replayed, sample_positions
from deberts.variants.tertz.play.search import SearchPlayer


def heuristic_records(count: int, seed: int) -> list[GameRecord]:
    """``count`` deals played by the rules of thumb."""
    rng = random.Random(seed)
    players = [HeuristicPlayer(), HeuristicPlayer()]
    return [GameRecord(result.position.deal, result.position.moves)
            for result in (play_deal(players, Deal.random(rng))
                           for _ in range(count))]


def stock_positions(count: int, seed: int) -> list[Position]:
    """Positions with a choice while the stock lasts and some opponent move made."""
    found = []
    for record in heuristic_records(count, seed):
        position = record.start()
        for move in record.moves:
            if position.stock and len(position.moves) >= 3 and len(position.legal_moves()) > 1:
                found.append(position.copy())
            position.push(move)
    return found


def test_the_shipped_model_loads_without_the_training_code() -> None:
    out = without_training_libraries(
        "from deberts.variants.tertz.play.opponent import shipped_play_model\n"
        "print(len(shipped_play_model().weights))\n")
    assert int(out) == WIDTH


def test_probabilities_are_a_distribution_over_the_legal_moves() -> None:
    model = shipped_play_model()
    for position in stock_positions(2, 3)[::3]:
        moves = position.legal_moves()
        p = model.probabilities(move_features(position, moves))
        assert p.shape == (len(moves),) and np.all(p > 0) and abs(p.sum() - 1) < 1e-9
        if informative(position):
            assert model.log_likelihood(position, moves[0]) == pytest.approx(np.log(p[0]))


def test_a_redealt_world_gives_the_same_worlds_weights_and_decision() -> None:
    model = shipped_play_model()
    rng = random.Random(4)
    compared = 0
    for position in stock_positions(3, 9)[::5]:
        view = view_of(position)
        redealt = next(sample_positions(view, rng, 400), None)
        if redealt is None or redealt.deal == position.deal:
            continue
        other = view_of(redealt)
        assert other == view
        worlds = [inferred_samples(v, random.Random(7), 8, 24, model) for v in (view, other)]
        assert [(w.deal, n) for w, n in worlds[0]] == [(w.deal, n) for w, n in worlds[1]]
        logs = [world_log_likelihood(v, worlds[0][0][0], model) for v in (view, other)]
        assert logs[0] == logs[1]
        decisions = [SearchPlayer(samples=4, seconds=60, seed=5, infer="model",
                                       proposals=12).move(v) for v in (view, other)]
        assert decisions[0] == decisions[1]
        compared += 1
    assert compared >= 3


def test_every_weighed_world_replays_to_the_view() -> None:
    model = shipped_play_model()
    for position in stock_positions(2, 12)[::4]:
        view = view_of(position)
        for world, count in inferred_samples(view, random.Random(1), 10, 30, model):
            assert count >= 1
            assert view_of(world) == view
            assert replayed(view, world.deal) is not None


def test_a_world_the_opponent_could_not_have_played_is_refused() -> None:
    position = stock_positions(1, 21)[-1]
    view = view_of(position)
    opponent = 1 - view.seat
    played = next(m for i, m in enumerate(position.moves)
                  if isinstance(m, int) and Position(
                      position.deal, position.rules, position.moves[:i]).to_move == opponent)
    hands = list(position.deal.hands)
    stock = list(position.deal.stock)
    # the card he played moved to the stock's first face-down slot: he never held it
    assert hands[opponent] & played.mask
    if True:
        hands[opponent] = hands[opponent] ^ played.mask ^ stock[0].mask
        stock[0] = played
    assert replayed(view, Deal([h for h in hands], stock)) is None


def test_the_player_refuses_a_bad_inference_setting() -> None:
    with pytest.raises(DebertsError, match="infer"):
        SearchPlayer(infer="magic")
    factory = factory_of("search:infer=model,proposals=5,samples=2,seconds=5")
    player = factory(0)
    assert player.play_model is not None and player.proposals == 5
