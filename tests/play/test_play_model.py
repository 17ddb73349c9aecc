"""The learned play model (deberts.variants.deberts.play.play_model) and the ``model``
inference: its features read only the player's own hand and the public cards, its
probabilities are proper, all the samples at once weigh as each alone, the weights
and the choice do not depend on how the hidden cards really lie, the model loads
with numpy alone, and the data and training commands run end to end."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from deberts import Position, Rules
from deberts.variants.deberts.analysis.sampling import sample_deals
from deberts.variants.deberts.play.inference import (
    Inference,
    bidding_log_likelihood,
    bidding_log_likelihoods,
    legal_of_hands,
    play_log_likelihoods,
    public_decisions,
)
from deberts.variants.deberts.play.match import PlayView, play_deal, view_of
from deberts.variants.deberts.play.pimc import (
    PimcPlayer,
    _deal_in_play,
    knowledge_of,
    sampled_position,
)
from deberts.variants.deberts.play.play_model import (
    FEATURES,
    PlayModel,
    chosen_log_probabilities,
    context_of,
    features,
    model_for,
    models,
    segment_log_softmax,
)
from deberts.variants.deberts.play.players import HeuristicPlayer

ROOT = Path(__file__).resolve().parents[2]
BELOTE = Rules.preset_rules("belote")
TABLES = [(2, Rules()), (3, Rules()), (4, Rules()), (4, BELOTE)]


def _history(players: int, rules: Rules, seed: int) -> tuple[object, list[tuple[Position, int]]]:
    """A heuristic deal's record and every position before a card, with the card."""
    rng = random.Random(seed)
    result = play_deal([HeuristicPlayer() for _ in range(players)], 0, rules, rng)
    while not result.record.is_complete():
        result = play_deal([HeuristicPlayer() for _ in range(players)], 0, rules, rng)
    position = result.record.start()
    found = []
    for card in result.record.play:
        found.append((position.copy(), int(card)))
        position.push(card, bella=not result.record.bella_declined)
    return result.record, found


def _view(players: int, rules: Rules, seed: int, cards: int) -> tuple[PlayView, Position]:
    record, history = _history(players, rules, seed)
    position = history[min(cards, len(history) - 1)][0]
    return view_of(position, record.face_up, record.dealer, None), position  # type: ignore[attr-defined]


def test_models_are_shipped_for_two_and_four_players() -> None:
    assert {2, 4} <= set(models())
    for model in models().values():
        assert model.linear.shape == (len(FEATURES),) and np.isfinite(model.linear).all()
        assert model.hidden_in.shape[0] == len(FEATURES)
    assert model_for(3) is models()[4]


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_features_read_only_the_players_own_hand_and_the_public_cards(
    players: int, rules: Rules
) -> None:
    """Re-dealing the other seats' unplayed cards (any way the mover's view allows)
    leaves the context, the hand, the legal cards and their features unchanged."""
    rng = np.random.default_rng(players)
    checked = 0
    _, history = _history(players, rules, players)
    for position, _ in history[1::5]:
        view = view_of(position, None)
        context, hand, legal = context_of(position)
        rows = features(np.array([hand]), np.array([legal]), context)[3]
        for row in sample_deals(knowledge_of(view), 3, rng):
            redealt = sampled_position(view, _deal_in_play(view, row))
            if redealt is None:
                continue
            again, again_hand, again_legal = context_of(redealt)
            assert (again, again_hand, again_legal) == (context, hand, legal)
            assert np.array_equal(features(np.array([hand]), np.array([legal]), again)[3], rows)
            checked += 1
    assert checked >= 3


def test_probabilities_are_proper() -> None:
    _, history = _history(4, Rules(), 9)
    model = model_for(4)
    for position, card in history[::3]:
        context, hand, legal = context_of(position)
        decision, cards, starts, rows = features(np.array([hand]), np.array([legal]), context)
        assert sorted(cards.tolist()) == [c for c in range(32) if legal >> c & 1]
        logs = segment_log_softmax(model.scores(rows), starts)
        assert math.isclose(float(np.exp(logs).sum()), 1.0, rel_tol=1e-9)
        chosen = chosen_log_probabilities(model, np.array([hand]), np.array([legal]), context, card)
        assert chosen[0] == pytest.approx(logs[cards.tolist().index(card)] if legal & (legal - 1) else 0)


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_samples_together_weigh_as_each_alone(players: int, rules: Rules) -> None:
    """The public decisions are those of the real play (each context as the seat saw
    it, each hand and legal cards as in the deal), and weighing many sampled deals
    in one call gives each the sum of its decisions' log-probabilities."""
    view, position = _view(players, rules, 3, 11)
    record, history = _history(players, rules, 3)
    model = model_for(players)
    others = [(p, c) for p, c in history[:len(position.stack)] if p.to_move != view.seat]
    decisions = public_decisions(view)
    assert len(decisions) == len(others)
    dealt = np.array([position.deal.masks()], dtype=np.int64)
    total = 0.0
    for decision, (before, card) in zip(decisions, others):
        context, hand, legal = context_of(before)
        assert decision.context == context and decision.card == card
        held = dealt[:, decision.seat] & ~decision.played_before
        assert held[0] == hand
        assert legal_of_hands(held, decision.seat, decision.trick, view)[0] == legal
        total += float(chosen_log_probabilities(
            model, np.array([hand]), np.array([legal]), context, card)[0])
    rng = np.random.default_rng(1)
    rows = sample_deals(knowledge_of(view), 20, rng)
    deals = [_deal_in_play(view, row).masks() for row in rows]
    together = play_log_likelihoods(view, np.array([position.deal.masks(), *deals]))
    assert together[0] == pytest.approx(total)
    for index, deal in enumerate(deals, 1):
        assert together[index] == pytest.approx(play_log_likelihoods(view, np.array([deal]))[0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_auction_weighs_many_samples_as_each_alone(players: int) -> None:
    """The callers' model over many sampled deals in arrays gives each deal's own
    log-likelihood (PIMC self-play auctions, with their face-up card)."""
    rng = random.Random(players)
    checked = 0
    while checked < 3:
        seats = [PimcPlayer(samples=4, bid_samples=4, seed=rng.randrange(99)) for _ in range(players)]
        views: list[PlayView] = []
        for seat in seats:
            seat.play = lambda view, play=seat.play: views.append(view) or play(view)  # type: ignore[method-assign]
        result = play_deal(seats, rng.randrange(players), Rules(), rng)
        if not views or not result.record.is_complete():
            continue
        view = views[len(views) // 2]
        drawn = [p for p in (sampled_position(view, _deal_in_play(view, row)) for row in
                             sample_deals(knowledge_of(view), 12, np.random.default_rng(0)))
                 if p is not None]
        together = bidding_log_likelihoods(view, np.array([p.deal.masks() for p in drawn]))
        assert together == pytest.approx([bidding_log_likelihood(view, p) for p in drawn])
        checked += 1


@pytest.mark.parametrize(("players", "rules"), [(2, Rules()), (4, Rules()), (4, BELOTE)])
def test_no_information_leak(players: int, rules: Rules) -> None:
    """A view rebuilt from the hidden cards re-dealt any way it allows is the same
    view; the samples' weights under it, and the seeded ``infer=model`` choice, are
    the same as under the real deal's view."""
    view, _ = _view(players, rules, 5, 9)
    rng = np.random.default_rng(2)
    drawn = [p for p in (sampled_position(view, _deal_in_play(view, row))
                         for row in sample_deals(knowledge_of(view), 30, rng)) if p is not None]
    inference = Inference("model")
    weights = inference.weights(view, drawn, None)  # type: ignore[arg-type]
    assert len(weights) == len(drawn) and max(weights) > 0
    chosen = PimcPlayer(samples=12, seed=7, infer="model").play(view)
    checked = 0
    for row in sample_deals(knowledge_of(view), 12, rng):
        redealt = sampled_position(view, _deal_in_play(view, row))
        if redealt is None or checked == 3:
            continue
        seen = view_of(redealt, view.face_up, view.dealer, view.exchanger, auction=view.auction)
        assert seen == view
        public_decisions.cache_clear()
        assert inference.weights(seen, drawn, None) == weights  # type: ignore[arg-type]
        assert PimcPlayer(samples=12, seed=7, infer="model").play(seen) == chosen
        checked += 1
    assert checked >= 2


def test_the_model_loads_and_weighs_with_numpy_alone() -> None:
    """No training or data library is imported to load and evaluate the model."""
    code = """
import sys
for name in ("pyarrow", "pandas", "torch", "sklearn", "scipy", "dask"):
    sys.modules[name] = None
import numpy as np
from deberts.variants.deberts.play.play_model import Contexts, chosen_log_probabilities, model_for
print(float(chosen_log_probabilities(model_for(4), np.array([0xFF00FF]), np.array([0xFF]),
                                     Contexts(1, 0, -1, 0, False, 0, False, True, 0), 3)[0]))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert float(done.stdout) < 0


def test_data_and_training_commands_run_end_to_end(tmp_path: Path) -> None:
    """Self-play decisions to Parquet, then a model trained on them, its held-out
    figures beside the card model's, written where asked."""
    data = tmp_path / "play.parquet"
    subprocess.run([sys.executable, str(ROOT / "tools" / "play_data.py"), "--players", "2",
                    "--deals", "6", "--chunk", "3", "--spec", "heuristic", "--out", str(data)],
                   check=True, capture_output=True)
    table = pq.read_table(data)
    assert table.num_rows > 20 and set(table.column("players").to_pylist()) == {2}
    assert "play_data.py" in table.schema.metadata[b"command"].decode()
    out = tmp_path / "model.json"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "train_play_model.py"), str(data),
                           "--hidden", "4", "--steps", "5", "--out", str(out)],
                          check=True, capture_output=True, text=True)
    assert "card model held out" in done.stdout
    stored = json.loads(out.read_text())
    model = PlayModel.from_dict(stored["models"]["2"])
    assert model.hidden_in.shape == (len(FEATURES), 4)
    figures = stored["models"]["2"]["report"]["held_out"]
    assert -10 < figures["log_likelihood"] < 0 and 0 <= figures["ranked_first"] <= 1
