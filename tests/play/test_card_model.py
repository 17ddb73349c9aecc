"""The learned play model (deberts.variants.deberts.play.card_model): its features read only the
player's own hand and the public cards, its probabilities are proper, and it
prefers the card a sensible player chooses."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from deberts import Card, Deal, Position, Rules
from deberts.variants.deberts.analysis.sampling import sample_deals
from deberts.variants.deberts.play.card_model import (
    FEATURES,
    features,
    log_probabilities,
    log_probability,
    weights,
)
from deberts.variants.deberts.play.match import play_deal, view_of
from deberts.variants.deberts.play.pimc import _deal_in_play, knowledge_of, sampled_position
from deberts.variants.deberts.play.players import HeuristicPlayer

BELOTE = Rules.preset_rules("belote")


def _positions(players: int, rules: Rules, seed: int) -> list[Position]:
    """Every position with a choice of a heuristic deal."""
    rng = random.Random(seed)
    result = play_deal([HeuristicPlayer() for _ in range(players)], 0, rules, rng)
    while result.score is None:
        result = play_deal([HeuristicPlayer() for _ in range(players)], 0, rules, rng)
    position = result.record.start()
    found = []
    for card in result.record.play:
        if position.legal_mask().bit_count() > 1:
            found.append(position.copy())
        position.push(card)
    return found


def test_weights_are_shipped_for_every_feature() -> None:
    assert weights().shape == (len(FEATURES),) and np.isfinite(weights()).all()


@pytest.mark.parametrize(("players", "rules"), [(2, Rules()), (4, Rules()), (4, BELOTE)])
def test_features_read_only_the_players_own_hand_and_the_public_cards(
    players: int, rules: Rules
) -> None:
    """Re-dealing the other seats' unplayed cards (any way the mover's view allows)
    leaves the legal cards, their features and their probabilities unchanged."""
    rng = np.random.default_rng(players)
    checked = 0
    for position in _positions(players, rules, players)[::5]:
        view = view_of(position, None)
        legal, rows = features(position)
        assert [str(c) for c in legal] == [str(c) for c in sorted(view.legal)]
        for row in sample_deals(knowledge_of(view), 3, rng):
            redealt = sampled_position(view, _deal_in_play(view, row))
            if redealt is None:
                continue
            again, again_rows = features(redealt)
            assert again == legal and np.array_equal(again_rows, rows)
            checked += 1
    assert checked >= 3


def test_probabilities_are_proper() -> None:
    for position in _positions(4, Rules(), 9)[::3]:
        legal, rows = features(position)
        probabilities = np.exp(log_probabilities(rows, weights()))
        assert math.isclose(float(probabilities.sum()), 1.0, rel_tol=1e-9)
        assert (probabilities > 0).all()
        assert log_probability(position, legal[0]) == pytest.approx(math.log(probabilities[0]))


def test_a_ten_is_kept_rather_than_thrown_under_the_ace() -> None:
    """Seat 1 follows seat 0's ace of spades (hearts trump) with the ten or the
    eight: giving the ten away is the less likely card."""
    position = Position(Deal.parse("A.K.A.7 T8.7.8. K.8.Q.9 Q.9.J.T"), "H", 0, 0, Rules())
    position.push(Card.parse("AS"))
    assert log_probability(position, Card.parse("8S")) > log_probability(position, Card.parse("TS"))
