"""The Tertz review (deberts.tertz.analyze_tertz): every move's values agree with the solver
(and the pure-Python oracle on small endings), a move's cost is 0 exactly when it is
among the best, and the costs add up to the double-dummy margin's change."""

from __future__ import annotations

import random

import pytest
from tertz_oracle import oracle_moves
from tertz_positions import random_position

from deberts import IllegalMoveError, NotationError
from deberts.tertz import SWAP, TertzPosition, TertzSolver, analyze_tertz
from deberts.variants.tertz.model import Move


def random_play(position: TertzPosition, seed: int, moves: int | None = None) -> list[Move]:
    """Random legal moves from ``position``, to the end or ``moves`` of them; the
    swap whenever it is legal, so that reviews cover it."""
    rng = random.Random(seed)
    end = position.copy()
    played: list[Move] = []
    while not end.is_over() and (moves is None or len(played) < moves):
        legal = end.legal_moves()
        move = SWAP if SWAP in legal else rng.choice(legal)
        end.push(move)
        played.append(move)
    return played


@pytest.mark.parametrize("seed", range(6))
def test_review_of_an_ending_agrees_with_the_oracle(seed: int) -> None:
    position = random_position(seed, "end", cards_left=3)
    play = random_play(position, seed)
    analysis = analyze_tertz(position, play)
    replay = position.copy()
    for reviewed, move in zip(analysis.moves, play, strict=True):
        assert reviewed.move == move and reviewed.seat == replay.to_move
        assert reviewed.values == oracle_moves(replay)
        replay.push(move)
    assert analysis.complete and analysis.score == replay.score()
    assert analysis.final_margin == replay.score().margin


@pytest.mark.parametrize("seed", range(4))
def test_costs_agree_with_the_solver_through_the_last_draws(seed: int) -> None:
    position = random_position(seed, "last_draws")
    play = random_play(position, seed)
    analysis = analyze_tertz(position, play)
    replay = position.copy()
    solver = TertzSolver()
    for reviewed in analysis.moves:
        values = solver.values(replay)
        assert reviewed.values == values
        best_of = max if reviewed.seat == 0 else min
        assert reviewed.margin_before == best_of(values.values())
        replay.push(reviewed.move)
        after = (replay.score().margin if replay.is_over()
                 else solver.value(replay))
        assert reviewed.margin_after == after == values[reviewed.move]
        sign = 1 if reviewed.seat == 0 else -1
        assert reviewed.cost == sign * (reviewed.margin_before - reviewed.margin_after)
        assert reviewed.cost >= 0
        assert (reviewed.cost == 0) == (reviewed.move in reviewed.best)
        assert set(reviewed.best) == {m for m, v in values.items()
                                      if v == reviewed.margin_before}


@pytest.mark.parametrize("seed", range(4))
def test_lost_points_add_up_to_the_change_of_margin(seed: int) -> None:
    position = random_position(seed, "end", cards_left=5)
    analysis = analyze_tertz(position, random_play(position, seed, moves=6))
    lost = analysis.lost()
    assert analysis.dd_margin - analysis.final_margin == lost[0] - lost[1]
    for before, after in zip(analysis.moves, analysis.moves[1:]):
        assert before.margin_after == after.margin_before
    assert not analysis.complete and analysis.score is None
    assert analysis.to_dict()["lost"] == {"0": lost[0], "1": lost[1]}


def test_a_swap_is_reviewed_like_a_card() -> None:
    seed = next(s for s in range(50) if random_position(s, "last_draws").can_swap())
    position = random_position(seed, "last_draws")
    analysis = analyze_tertz(position, random_play(position, seed, moves=3))
    swap = analysis.moves[0]
    assert swap.move == SWAP and SWAP in swap.values
    assert swap.to_dict()["move"] == "swap" and "swap" in swap.to_dict()["values"]
    assert analysis.moves[1].seat == swap.seat  # the same player moves again


def test_an_illegal_move_is_named_by_its_place() -> None:
    position = random_position(0, "end", cards_left=2)
    legal = position.legal_moves()[0]
    after = position.copy()
    after.push(legal)
    illegal = next(c for c in ("AS", "7S", "AH", "7H")
                   if all(str(m) != c for m in after.legal_moves()))
    with pytest.raises(IllegalMoveError, match=rf"played move 2 \(seat \d\): card {illegal}"):
        analyze_tertz(position, [legal, illegal])
    with pytest.raises(NotationError, match=r"played move 2 \(seat \d\): bad move 'break:15'"):
        analyze_tertz(position, [legal, "break:15"])
