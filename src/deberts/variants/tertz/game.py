"""Tertz as a registered game (:mod:`deberts.model.registry`): Deberts' two-player
cousin with a stock. Each part is imported from this folder when first asked."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from deberts.model.registry import Game, GamePosition, GameRules, GameSolver, Page, PlayerType
from deberts.model.registry import MoveValues, Report, Web
from deberts.variants.tertz.model.moves import as_move
from deberts.variants.tertz.model.deal import Deal
from deberts.variants.tertz.model.position import Position
from deberts.variants.tertz.model.record import FORMAT, GameRecord
from deberts.variants.tertz.model.rules import Rules

if TYPE_CHECKING:
    from deberts.variants.tertz.play.session import GameSession
    from pydantic import BaseModel


class Tertz(Game):
    """Tertz: two players, nine cards each and a stock (docs/rules.md section 4)."""

    name = "tertz"
    title = "Tertz"
    rank = 1
    position = Position
    deal = Deal
    rules = Rules
    record = GameRecord
    record_format = FORMAT

    def solver_class(self) -> type[GameSolver]:
        from deberts.variants.tertz.engine.solver import Solver

        return Solver

    def read_line(self, data: Mapping[str, Any]) -> Position:
        from deberts.variants.tertz.formats.line import position_from_object

        return position_from_object(dict(data))

    def write_line(self, position: GamePosition) -> dict[str, Any]:
        from deberts.variants.tertz.formats.line import position_to_object

        return position_to_object(self.own(position, Position, "position"))

    def line_fields(self) -> type[BaseModel]:
        from deberts.variants.tertz.web.fields import Fields

        return Fields

    def review(self, played: Any, moves: Any = None, *, solver: GameSolver | None = None,
               start: int = 0) -> Report:
        from deberts.variants.tertz.analysis.review import analyze_play
        from deberts.variants.tertz.engine.solver import Solver

        return analyze_play(played, moves, solver=self.own_solver(solver, Solver), start=start)

    def render_solution(self, position: Any, solution: Any, notation: Any) -> str:
        from deberts.variants.tertz.text.render import render_solution

        return render_solution(position, solution, notation)

    def render_analysis(self, analysis: Any, record: Any, notation: Any) -> str:
        from deberts.variants.tertz.text.render import render_analysis

        return render_analysis(analysis, record, notation)

    def svg(self, position: GamePosition, values: MoveValues,
            options: Mapping[str, Any] | None = None) -> str:
        from deberts.variants.tertz.text.svg import position_svg

        moves = {as_move(str(move)): value for move, value in values.items()}  # by name
        return position_svg(self.own(position, Position, "position"), moves,
                            **dict(options or {}))

    def drawings(self) -> Sequence[tuple[type, Callable[[Any], str]]]:
        from deberts.variants.tertz.text.svg import DRAWINGS

        return DRAWINGS

    def players(self) -> Mapping[str, PlayerType]:
        from deberts.variants.tertz.play.arena import TYPES

        return TYPES

    def arena(self, specs: Sequence[str], deals: int, seed: int, rules: GameRules, jobs: int,
              progress: Callable[[Any], None] | None = None,
              options: Mapping[str, Any] | None = None) -> Report:
        from deberts.variants.tertz.play.arena import arena

        first, second = specs
        return arena((first, second), deals=deals, seed=seed,
                           rules=self.own(rules, Rules, "rules"), jobs=jobs,
                           progress=progress)

    def render_arena(self, data: Mapping[str, Any]) -> list[str]:
        from deberts.variants.tertz.text.arena import arena_lines

        return arena_lines(dict(data))

    def session(self, players: int, rules: GameRules, target: int | None, seed: int | None,
                samples: int, seconds: float) -> GameSession:
        from deberts.variants.tertz.play.session import start_session

        return start_session(players, self.own(rules, Rules, "rules"), target, seed, samples,
                            seconds)

    def web(self) -> Web:
        from deberts.variants.tertz.web import views

        return views

    def pages(self) -> Sequence[Page]:
        folder = resources.files("deberts.variants.tertz.web") / "static"
        return (Page.read("/tertz", "Tertz", folder, "tertz"),
                Page.read("/tertz/play", "Play Tertz", folder, "tertz-play"))


TERTZ = Tertz()
