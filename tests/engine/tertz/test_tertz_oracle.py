"""The Tertz oracle (tests/tertz_oracle.py) checked against the model: the rule text's
legal moves against ``legal_moves()`` in every phase, its final margin against
``score()``, and its memoised search against a search without memo."""

from __future__ import annotations

import random
from typing import Hashable

import pytest
from tertz_oracle import oracle_moves, oracle_value, rule_text_margin, rule_text_moves
from tertz_positions import PHASES, RULE_VARIANTS, random_position, random_positions

from deberts.variants.tertz.model import Position, random_deals


@pytest.mark.parametrize("phase", PHASES)
def test_rule_text_moves_match_the_model(phase: str) -> None:
    for position in random_positions(120, phase, seed=100):
        for _ in range(6):  # this position and a few moves on
            if position.is_over():
                break
            model = position.legal_moves()
            assert sorted(map(str, rule_text_moves(position))) == sorted(map(str, model)), (
                repr(position))
            position.push(model[len(position.moves) % len(model)])


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=str)
def test_rule_text_margin_is_the_score(rules: object) -> None:
    rng = random.Random(21)
    for deal in random_deals(40, seed=rng):
        position = Position(deal, rules)  # type: ignore[arg-type]
        while not position.is_over():
            position.push(rng.choice(position.legal_moves()))
        assert rule_text_margin(position) == position.score().margin


def test_last_card_values_are_the_scores() -> None:
    for seed in range(20):
        position = random_position(seed, "end", cards_left=2)
        while len(position.tricks) < 15 or not position.trick:
            position.push(position.legal_moves()[0])
        values = oracle_moves(position)
        for move, value in values.items():
            position.push(move)
            assert value == position.score().margin
            position.pop()


def plain_value(position: Position) -> int:
    """Minimax with no memo, no rule text: the model alone."""
    if position.is_over():
        return position.score().margin
    values = []
    for move in position.legal_moves():
        position.push(move)
        values.append(plain_value(position))
        position.pop()
    return max(values) if position.to_move == 0 else min(values)


@pytest.mark.parametrize("seed", range(24))
def test_memoised_search_matches_a_search_without_memo(seed: int) -> None:
    position = random_position(seed, "end", cards_left=3 + seed % 3)
    values = oracle_moves(position)
    assert set(values) == set(position.legal_moves())
    for move, value in values.items():
        position.push(move)
        assert value == plain_value(position), (repr(position), move)
        position.pop()
    best = max(values.values()) if position.to_move == 0 else min(values.values())
    assert oracle_value(position) == best


@pytest.mark.parametrize("seed", range(10))
def test_end_phase_values_follow_the_best_line(seed: int) -> None:
    """The value of the position is the value after its best move, to the end."""
    position = random_position(seed, "end", cards_left=5)
    value = oracle_value(position)
    while not position.is_over():
        values = oracle_moves(position)
        best = max(values.values()) if position.to_move == 0 else min(values.values())
        assert best == value
        position.push(next(m for m, v in values.items() if v == best))
    assert position.score().margin == value


def test_a_last_draws_position() -> None:
    """A stock-phase position (trick 7 under way, the last two cards to draw): the
    best answer's value is the value, searched afresh, of the position after it,
    where the stock is gone and both hands hold 9 cards again."""
    position = random_position(4, "last_draws")
    while not position.trick:
        position.push(position.legal_moves()[0])
    values = oracle_moves(position)
    best = max(values.values()) if position.to_move == 0 else min(values.values())
    position.push(next(m for m, v in values.items() if v == best))
    assert not position.stock and position.hands[0].bit_count() == 9
    assert oracle_value(position) == best


def full_state_value(position: Position, memo: dict[Hashable, int]) -> int:
    """Minimax on the model alone, memoised at trick starts on the whole state (points
    won, every declaration, the marriage): sound without any reasoning about what
    the rest of the deal depends on, and slower than the oracle's key."""
    if position.is_over():
        return position.score().margin
    key: Hashable = None
    if not position.trick and position.breaker is None:
        key = (position.hands, position.stock, position.leader, position.points,
               position.declarations, position.marriage)
        if key in memo:
            return memo[key]
    values = []
    for move in position.legal_moves():
        position.push(move)
        values.append(full_state_value(position, memo))
        position.pop()
    best = max(values) if position.to_move == 0 else min(values)
    if key is not None:
        memo[key] = best
    return best


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_last_draws_against_a_full_state_memo(seed: int) -> None:
    """Stock-phase positions (the last two cards to draw, trick 7 under way): the
    oracle's key (declarations folded once no more can come, points out of the key)
    against the whole state."""
    position = random_position(seed, "last_draws")
    while not position.trick:
        position.push(position.legal_moves()[0])
    memo: dict[Hashable, int] = {}
    expected = {}
    for move in position.legal_moves():
        position.push(move)
        expected[move] = full_state_value(position, memo)
        position.pop()
    assert oracle_moves(position) == expected


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_longer_endings_against_a_search_without_memo(seed: int) -> None:
    position = random_position(seed, "end", cards_left=6 + seed % 2)
    values = oracle_moves(position)
    for move, value in values.items():
        position.push(move)
        assert value == plain_value(position)
        position.pop()
