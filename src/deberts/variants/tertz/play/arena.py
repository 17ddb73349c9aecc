"""The Tertz arena: two player types over many deals, with duplicate seating.

Every deal (both hands and the stock's order, from the run's seed and the deal's
number) is played twice, the first type at seat 0 and then at seat 1, so the luck of
the cards cancels in the pair. A deal's margin is the first type's recorded total
minus the other's (docs/rules.md 4.4, rounded to tens); the interval is over the
pairs' means, the pair being the unit that is independent of the others. The loop
over deals and seatings, on worker processes, is the Deberts arena's
(:func:`deberts.variants.deberts.play.arena.duplicate`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Mapping

import numpy as np

from deberts.analysis.stats import mean_ci95, rounded, wilson_ci95
from deberts.errors import DebertsError
from deberts.model.arguments import instance
from deberts.play.duplicate import MatchOutcome, duplicate
from deberts.play.specs import player_factory
from deberts.variants.tertz.model import Deal, Rules
from deberts.variants.tertz.play.match import play_deal
from deberts.variants.tertz.play.pimc import PimcPlayer
from deberts.variants.tertz.play.players import HeuristicPlayer, RandomPlayer
from deberts.variants.tertz.play.search import SearchPlayer

#: Tertz player types by name, and the settings each takes (``pimc:samples=20``,
#: ``search:seconds=0.5``).
TYPES: dict[str, tuple[Callable[..., Any], dict[str, type]]] = {
    "random": (RandomPlayer, {"seed": int}),
    "heuristic": (HeuristicPlayer, {}),
    "pimc": (PimcPlayer, {"samples": int, "seconds": float, "seed": int,
                               "stock_limit": int}),
    "search": (SearchPlayer, {"samples": int, "seconds": float, "seed": int,
                                   "exact_stock": int, "nodes": int, "infer": str,
                                   "proposals": int}),
}
#: The two seatings: the seat of the first type.
SEATINGS = 2


def factory_of(spec: str) -> Callable[[int], Any]:
    """A maker of Tertz players from ``name`` or ``name:key=value,...``."""
    return player_factory(spec, TYPES)


def play_seating(
    specs: tuple[str, str], seed: int, rules: Rules, number: int, seat: int,
) -> MatchOutcome:
    """Deal number ``number`` of the run, the first type at ``seat``: its margin for
    the first type, whether that type won the deal, and the deal's record."""
    deal = Deal.random(random.Random(seed * 1_000_003 + number))
    first, second = (factory_of(spec) for spec in specs)
    salt = 4 * number + 2 * seat
    players = [first(salt), second(salt + 1)]
    if seat == 1:
        players.reverse()
    result = play_deal(players, deal, rules)
    recorded = result.score.recorded
    margin = recorded[seat] - recorded[1 - seat]
    names = (specs[0], specs[1]) if seat == 0 else (specs[1], specs[0])
    record = result.record(names, number).to_dict()
    return MatchOutcome((float(margin),), margin > 0, (record,))


@dataclass(frozen=True)
class ArenaResult:
    """The arena's figures, from the first type's side: ``outcomes`` alternate
    seat 0, seat 1 for each deal."""

    specs: tuple[str, str]
    outcomes: tuple[MatchOutcome, ...]

    def margins(self) -> np.ndarray:
        """Recorded margins, deal by deal, in play order."""
        return np.array([o.margins[0] for o in self.outcomes], dtype=float)

    def raw_margins(self) -> np.ndarray:
        """Unrounded margins (the totals before rounding), deal by deal."""
        rows = []
        for index, outcome in enumerate(self.outcomes):
            seat, raw = index % SEATINGS, outcome.records[0]["raw"]
            rows.append(raw[seat] - raw[1 - seat])
        return np.array(rows, dtype=float)

    def to_dict(self) -> dict[str, Any]:
        pairs = self.margins().reshape(-1, SEATINGS).mean(axis=1)
        raw_pairs = self.raw_margins().reshape(-1, SEATINGS).mean(axis=1)
        won = sum(o.won for o in self.outcomes)
        lost = sum(o.margins[0] < 0 for o in self.outcomes)
        decided = won + lost
        share = won / decided if decided else 0.5
        return {
            "game": "tertz",
            "players": list(self.specs),
            "deals": len(self.outcomes),
            "pairs": len(pairs),
            "mean_margin": rounded(pairs.mean()),
            "margin_ci95": mean_ci95(pairs),
            "mean_raw_margin": rounded(raw_pairs.mean()),
            "raw_margin_ci95": mean_ci95(raw_pairs),
            "deal_win_rate": rounded(share, 4),
            "deal_win_ci95": wilson_ci95(share, decided),
        }


def arena(
    specs: tuple[str, str],
    deals: int = 2000,
    seed: int = 0,
    rules: Rules | None = None,
    jobs: int = 1,
    progress: Callable[[MatchOutcome], None] | None = None,
) -> ArenaResult:
    """Play ``specs[0]`` against ``specs[1]`` over at least ``deals`` deals, each
    deal twice with the seats swapped, on ``jobs`` worker processes."""
    rules = rules if rules is not None else Rules()
    for spec in specs:
        factory_of(spec)  # bad names fail here, before any worker starts
    if deals < 1:
        raise DebertsError(f"bad deal count {deals}: expected at least 1")
    job = partial(play_seating, specs, seed, rules)
    return ArenaResult(specs, duplicate(job, SEATINGS, deals, jobs, progress))


def run_arena(specs: tuple[str, str], deals: int, seed: int, rules: Rules, jobs: int,
              progress: Callable[[MatchOutcome], None] | None = None,
              options: Mapping[str, object] | None = None) -> ArenaResult:
    """The play face's arena (``deberts arena``): :func:`arena`; Tertz's arena has no
    options of its own."""
    return arena(specs, deals=deals, seed=seed,
                 rules=instance("rules", rules, Rules, "a TertzRules"), jobs=jobs,
                 progress=progress)
