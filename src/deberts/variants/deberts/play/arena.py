"""The arena: two player types over many deals, with duplicate seating.

Matches are played to the target, each with its own seed; every match is played once
per seating, the cards the same in each (the seed fixes the shuffles), so luck of
the cards cancels. A deal's margin is the first type's side's recorded points minus
the other side's (their mean with 3 players). Each played deal is also priced card by
card against double-dummy play (:mod:`deberts.variants.deberts.analysis.given_away`): what each type's
seats gave away on the declarer's side and among the defenders. Matches run side by
side in worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Mapping

import numpy as np

from deberts.analysis.stats import mean_ci95, wilson_ci95
from deberts.errors import DebertsError
from deberts.model.arguments import instance
from deberts.play.duplicate import MatchOutcome, duplicate
from deberts.play.specs import player_factory as player_factory  # also the arena's
from deberts.variants.deberts.analysis.given_away import given_away, role_summary
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.sides import teams
from deberts.variants.deberts.play.alphamu import AlphaMuPlayer
from deberts.variants.deberts.play.match import Match, Player
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer, RandomPlayer

#: Player types by name, and the settings each takes (``pimc:samples=50``): the
#: game's ``players`` part, read by :func:`deberts.play.specs.player_factory`.
TYPES: dict[str, tuple[Callable[..., Player], dict[str, type]]] = {
    "random": (RandomPlayer, {"seed": int}),
    "heuristic": (HeuristicPlayer, {"threshold": int}),
    "pimc": (PimcPlayer, {"samples": int, "bid_samples": int, "seconds": float, "seed": int,
                          "infer": str, "temperature": float, "error": float, "last": int,
                          "deal_seconds": float, "trust": float}),
    "alphamu": (AlphaMuPlayer, {"samples": int, "bid_samples": int, "seconds": float,
                                "seed": int, "infer": str, "temperature": float,
                                "error": float, "last": int, "depth": int, "tricks": int,
                                "deal_seconds": float}),
}


def seatings(players: int, rules: Rules) -> list[frozenset[int]]:
    """The seats the first type takes in each seating: each side of a 2- or
    4-player game, each seat of a 3-player one."""
    return teams(players, rules)


def play_match(
    specs: tuple[str, str], players: int, seating: frozenset[int], seed: int,
    rules: Rules, target: int,
) -> MatchOutcome:
    """One match with the first type on ``seating`` and the second elsewhere."""
    first, second = (player_factory(spec, TYPES) for spec in specs)
    seats = [
        first(seed * 8 + s) if s in seating else second(seed * 8 + s) for s in range(players)
    ]
    match = Match(seats, rules, target, seed=seed)
    winner = match.play()
    others = [s for s in range(players) if s not in seating]
    margins = []
    losses = []
    for result in match.results:
        ours = sum(float(result.gains[s]) for s in seating) / len(seating)
        theirs = sum(float(result.gains[s]) for s in others) / len(others)
        margins.append(ours - theirs)
        if result.record.is_complete():
            lost = given_away(result.record)
            losses.append((lost.of(seating), lost.of(others)))
    names = [specs[0] if s in seating else specs[1] for s in range(players)]
    return MatchOutcome(
        tuple(margins), seating <= winner,
        tuple({**r.record.to_dict(), "seats": names} for r in match.results), tuple(losses),
    )


def _deberts_job(
    specs: tuple[str, str], players: int, layouts: list[frozenset[int]], seed: int,
    rules: Rules, target: int, match: int, seating: int,
) -> MatchOutcome:
    """Match number ``match`` in seating number ``seating``: the arguments of
    :func:`play_match`, sent whole to a worker process."""
    return play_match(specs, players, layouts[seating], seed * 1_000_003 + match, rules, target)


@dataclass(frozen=True)
class ArenaResult:
    """The arena's figures, from the first type's side."""

    specs: tuple[str, str]
    players: int
    outcomes: tuple[MatchOutcome, ...]
    target: int = 301

    def margins(self) -> np.ndarray:
        return np.array([m for o in self.outcomes for m in o.margins], dtype=float)

    def to_dict(self) -> dict[str, Any]:
        margins = self.margins()
        wins = sum(o.won for o in self.outcomes) / len(self.outcomes)
        return {
            "players": list(self.specs),
            "seats": self.players,
            "deals": len(margins),
            "matches": len(self.outcomes),
            "target": self.target,
            "mean_margin": round(float(margins.mean()), 2),
            "margin_ci95": mean_ci95(margins),
            "match_win_rate": round(wins, 4),
            "match_win_ci95": wilson_ci95(wins, len(self.outcomes)),
            "given_away": [
                {"player": spec,
                 **role_summary([deal[index] for o in self.outcomes for deal in o.given_away])}
                for index, spec in enumerate(self.specs)
            ],
        }


def arena(
    specs: tuple[str, str],
    players: int = 2,
    deals: int = 2000,
    seed: int = 0,
    rules: Rules | None = None,
    target: int = 301,
    jobs: int = 1,
    progress: Callable[[MatchOutcome], None] | None = None,
) -> ArenaResult:
    """Play duplicate matches between ``specs[0]`` and ``specs[1]`` until at least
    ``deals`` deals are played, on ``jobs`` worker processes."""
    rules = rules if rules is not None else Rules()
    for spec in specs:
        player_factory(spec, TYPES)  # bad names fail here, before any worker starts
    if deals < 1:
        raise DebertsError(f"bad deal count {deals}: expected at least 1")
    if players not in (2, 3, 4):
        raise DebertsError(f"bad player count {players}: expected 2, 3 or 4")
    layouts = seatings(players, rules)
    job = partial(_deberts_job, specs, players, layouts, seed, rules, target)
    outcomes = duplicate(job, len(layouts), deals, jobs, progress)
    return ArenaResult(specs, players, outcomes, target)


def run_arena(specs: tuple[str, str], deals: int, seed: int, rules: Rules, jobs: int,
              progress: Callable[[MatchOutcome], None] | None = None,
              options: Mapping[str, object] | None = None) -> ArenaResult:
    """The play face's arena (``deberts arena``): :func:`arena`, the players and the
    target from the command's own ``options`` of Deberts (its preset is in ``rules``)."""
    table = {name: int(str(value)) for name, value in (options or {}).items()
             if name in ("players", "target") and value is not None}
    return arena(specs, deals=deals, seed=seed, rules=instance("rules", rules, Rules, "a Rules"),
                 jobs=jobs, progress=progress, **table)
