"""``benchmarks/worlds_curve.py``: a decision's loss in the real deal against
double-dummy play, nothing for a player that plays the real deal's best card."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# Appended, not put first: benchmarks/distributed.py must not hide the Dask package.
sys.path.append(str(Path(__file__).resolve().parents[2] / "benchmarks"))

from inference_accuracy import recorded  # noqa: E402
from worlds_curve import losses, truth  # noqa: E402

from deberts.play.specs import player_factory  # noqa: E402
from deberts.variants.deberts.engine.solver import Solver  # noqa: E402


def test_the_loss_is_what_the_card_gives_away_in_the_real_deal() -> None:
    views = recorded(2, 3, seed=5, tricks=(1, 2))
    solver = Solver()
    values = [truth(view, real, solver) for view, real in views]
    for (view, real), value in zip(views, values):
        assert set(value) == set(view.legal)
        sign = 1 if view.seat in view.declarer_side else -1
        assert max(value.values()) == sign * solver.value(real)  # the best card: the value

    class Seer:
        """Plays the real deal's best card: gives nothing away."""

        def __init__(self, number: int) -> None:
            self.value = values[number - 100]

        def play(self, view: Any) -> Any:
            return max(self.value, key=self.value.__getitem__)

    lost, seconds = losses(Seer, views, values, seed=100)
    assert lost.tolist() == [0.0] * 3 and len(seconds) == 3
    heuristic, _ = losses(player_factory("heuristic"), views, values, seed=100)
    assert (heuristic >= 0).all() and heuristic.tolist() == [
        max(v.values()) - v[player_factory("heuristic")(100 + i).play(view)]
        for i, ((view, _), v) in enumerate(zip(views, values))]
