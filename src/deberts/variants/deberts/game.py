"""Deberts as a registered game (:mod:`deberts.model.registry`): the default of every
input that names no game. Each part is imported from this folder when first asked."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from deberts.model.registry import Game, GamePosition, GameRules, GameSolver, Page, PlayerType
from deberts.model.registry import MoveValues, Report, Web
from deberts.model.cards import Card
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.record import FORMAT, GameRecord
from deberts.variants.deberts.model.rules import Rules

if TYPE_CHECKING:
    from deberts.variants.deberts.play.session import GameSession
    from pydantic import BaseModel
    from fastapi import APIRouter


class Deberts(Game):
    """Deberts (Klabor) for 2, 3 or 4 players (docs/rules.md sections 1-3)."""

    name = "deberts"
    title = "Deberts"
    aliases = ("klabor",)
    rank = 0
    position = Position
    deal = Deal
    rules = Rules
    record = GameRecord
    record_format = FORMAT

    def solver_class(self) -> type[GameSolver]:
        from deberts.variants.deberts.engine.solver import Solver

        return Solver

    def read_line(self, data: Mapping[str, Any]) -> Position:
        from deberts.variants.deberts.formats.line import position_from_object

        return position_from_object(dict(data))

    def write_line(self, position: GamePosition) -> dict[str, Any]:
        from deberts.variants.deberts.formats.line import position_to_object

        return position_to_object(self.own(position, Position, "position"))

    def line_fields(self) -> type[BaseModel]:
        from deberts.variants.deberts.web.fields import Fields

        return Fields

    def review(self, played: Any, moves: Any = None, *, solver: GameSolver | None = None,
               start: int = 0) -> Report:
        from deberts.variants.deberts.analysis.review import analyze_play
        from deberts.variants.deberts.engine.solver import Solver

        return analyze_play(played, moves, solver=self.own_solver(solver, Solver), start=start)

    def render_solution(self, position: Any, solution: Any, notation: Any) -> str:
        from deberts.variants.deberts.text.render import render_solution

        return render_solution(position, solution, notation)

    def render_analysis(self, analysis: Any, record: Any, notation: Any) -> str:
        from deberts.variants.deberts.text.review import render_analysis

        return render_analysis(analysis, record, notation)

    def svg(self, position: GamePosition, values: MoveValues,
            options: Mapping[str, Any] | None = None) -> str:
        from deberts.variants.deberts.text.svg import position_svg

        cards = {self.own(card, Card, "card"): value for card, value in values.items()}
        return position_svg(self.own(position, Position, "position"), cards,
                            **dict(options or {}))

    def svg_options(self) -> tuple[str, ...]:
        return ("face_up",)

    def drawings(self) -> Sequence[tuple[type, Callable[[Any], str]]]:
        from deberts.variants.deberts.text.svg import DRAWINGS

        return DRAWINGS

    def players(self) -> Mapping[str, PlayerType]:
        from deberts.variants.deberts.play.arena import TYPES

        return TYPES

    def rules_from(self, settings: Sequence[str], options: Mapping[str, Any]) -> Rules:
        return Rules.from_settings(settings, options.get("preset"))

    def arena(self, specs: Sequence[str], deals: int, seed: int, rules: GameRules, jobs: int,
              progress: Callable[[Any], None] | None = None,
              options: Mapping[str, Any] | None = None) -> Report:
        from deberts.variants.deberts.play.arena import arena

        first, second = specs
        table = {name: int(value) for name, value in (options or {}).items()
                 if name in ("players", "target")}  # the rules' preset is in ``rules``
        return arena((first, second), deals=deals, seed=seed,
                     rules=self.own(rules, Rules, "rules"), jobs=jobs,
                     progress=progress, **table)

    def render_arena(self, data: Mapping[str, Any]) -> list[str]:
        from deberts.variants.deberts.text.arena import arena_lines

        return arena_lines(dict(data))

    def session(self, players: int, rules: GameRules, target: int | None, seed: int | None,
                samples: int, seconds: float) -> GameSession:
        from deberts.variants.deberts.play.session import start_session

        return start_session(players, self.own(rules, Rules, "rules"), target, seed, samples,
                            seconds)

    def web(self) -> Web:
        from deberts.variants.deberts.web import views

        return views

    def pages(self) -> Sequence[Page]:
        folder = resources.files("deberts.variants.deberts.web") / "static"
        return tuple(Page.read(path, title, folder, stem) for path, title, stem in (
            ("/", "Analyse", "analyse"), ("/replay", "Replay", "replay"),
            ("/play", "Play", "play"), ("/bid", "Bid", "bid")))

    def routers(self) -> Sequence[APIRouter]:
        from deberts.variants.deberts.web.api import router

        return (router,)


DEBERTS = Deberts()
