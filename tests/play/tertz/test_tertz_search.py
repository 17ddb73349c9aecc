"""The searched Tertz player and its evaluation: the shipped model loads and
evaluates with numpy alone, the estimate is from both seats' sides, the player
decides from its view only (a world re-dealt consistently with the view gives the
same decision), searches every legal move (the break's 13 cuts and the swap too),
plays the exact best once the stock is gone, and keeps to its budget: an exact
search past its node budget is interrupted and the world scored from the horizon,
and a budget spent on sampling leaves the decision to the rules of thumb (timing
itself is measured by benchmarks/tertz_pimc.py, never asserted)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from isolated import without_training_libraries

from deberts.errors import DebertsError
from deberts.variants.tertz.analysis import evaluation
from deberts.variants.tertz.analysis.evaluation import FEATURES, Evaluation, features, shipped
from deberts.variants.tertz.engine.solver import Solver
from deberts.variants.tertz.model import Break, Deal, Position, Rules
from deberts.variants.tertz.play.arena import factory_of
from deberts.variants.tertz.play.match import PlayView, play_deal, view_of
from deberts.variants.tertz.play.players import HeuristicPlayer
from deberts.variants.tertz.play.sampling import sample_positions
from deberts.variants.tertz.play.search import SearchPlayer


def heuristic_positions(count: int, seed: int) -> list[Position]:
    """Every position with a choice of moves in ``count`` heuristic deals."""
    found = []
    rng = random.Random(seed)
    for _ in range(count):
        position = Position(Deal.random(rng))
        player = HeuristicPlayer()
        while not position.is_over():
            if len(position.legal_moves()) > 1:
                found.append(position.copy())
            position.push(player.move(view_of(position)))
    return found


def test_the_shipped_model_evaluates_without_the_training_library() -> None:
    out = without_training_libraries(
        "from deberts.variants.tertz.analysis.evaluation import shipped\n"
        "from deberts.variants.tertz.model import Deal, Position\n"
        "print(shipped().margin(Position(Deal.random(3))))\n")
    assert abs(float(out)) < 300


def test_the_estimate_averages_both_seats_and_adds_the_settled_margin() -> None:
    model = shipped()
    for position in heuristic_positions(2, 5)[::7]:
        rows = [features(position, 0), features(position, 1)]
        assert len(rows[0]) == len(FEATURES)
        mine, theirs = model.predict(rows)
        settled = position.points[0] - position.points[1] + 20 * (
            position.marriage[0] - position.marriage[1])
        assert model.margin(position) == pytest.approx(settled + (mine - theirs) / 2)


def test_a_model_of_other_features_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    data = json.loads((Path(evaluation.__file__).with_name(evaluation.MODEL_FILE)).read_text())
    data["features"] = data["features"][:-1]
    path.write_text(json.dumps(data))
    with pytest.raises(DebertsError, match="features"):
        Evaluation.load(path)
    path.write_text(json.dumps({"format": "other"}))
    with pytest.raises(DebertsError, match="format"):
        Evaluation.load(path)


def test_a_world_redealt_consistently_with_the_view_gives_the_same_decision() -> None:
    compared = 0
    rng = random.Random(2)
    for position in heuristic_positions(3, 8)[::4]:
        view = view_of(position)
        redealt = next(sample_positions(view, rng, 400), None)
        if redealt is None:
            continue
        assert redealt.deal != position.deal or not position.stock
        other: PlayView = view_of(redealt)
        assert other == view
        decisions = [SearchPlayer(samples=4, seconds=60, seed=5).move(v)
                     for v in (view, other)]
        assert decisions[0] == decisions[1]
        compared += 1
    assert compared >= 5


def test_every_legal_move_is_searched_the_break_and_the_swap_included() -> None:
    player = SearchPlayer(seed=1)
    seen_break = seen_swap = False
    for position in heuristic_positions(4, 11):
        if len(position.stock) <= player.exact_stock:
            continue
        values = player.horizon_values(position)
        assert list(values) == position.legal_moves()
        seen_break |= any(isinstance(move, Break) for move in values)
        seen_swap |= any(str(move) == "swap" for move in values)
        assert all(abs(value) < 1000 for value in values.values())
    assert seen_break and seen_swap


def test_once_the_stock_is_gone_the_exact_best_move_is_played() -> None:
    solver = Solver(16)
    compared = 0
    for position in heuristic_positions(3, 4):
        if position.stock:
            continue
        values = solver.values(position)
        sign = 1 if position.to_move == 0 else -1
        best = max(sign * v for v in values.values())
        assert sign * values[SearchPlayer(seed=1).choose(position)] == best
        compared += 1
    assert compared > 10


def test_an_exact_search_past_its_node_budget_is_scored_from_the_horizon() -> None:
    for position in heuristic_positions(1, 3)[:3]:  # the first trick: whole deals
        view = view_of(position)
        stopped = SearchPlayer(samples=3, seconds=60, seed=2, exact_stock=14,
                                    nodes=2000).move(view)
        horizon = SearchPlayer(samples=3, seconds=60, seed=2, exact_stock=0).move(view)
        assert stopped == horizon


def test_a_budget_spent_on_sampling_leaves_the_rules_of_thumb() -> None:
    position = heuristic_positions(1, 6)[0]
    view = view_of(position)
    player = SearchPlayer(samples=5, seconds=1e-9, seed=1)
    assert player.move(view) == HeuristicPlayer().move(view)


def test_the_player_is_registered_and_plays_whole_deals() -> None:
    make = factory_of("search:samples=3,seconds=0.2")
    result = play_deal([make(0), factory_of("heuristic")(1)],
                             Deal.random(9), Rules())
    assert result.position.is_over()
    with pytest.raises(DebertsError, match="exact_stock"):
        factory_of("search:exact_stock=15")
    with pytest.raises(DebertsError, match="bad setting 'model=x'"):
        factory_of("search:model=x")
