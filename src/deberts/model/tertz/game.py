"""Tertz as a registered game (:mod:`deberts.model.registry`): its parts sit in a
``tertz`` subpackage of each layer."""

from __future__ import annotations

from deberts.model.registry import Game
from deberts.model.tertz.deal import TertzDeal
from deberts.model.tertz.position import TertzPosition
from deberts.model.tertz.record import FORMAT, TertzRecord
from deberts.model.tertz.rules import TertzRules

TERTZ = Game(
    name="tertz",
    title="Tertz",
    position=TertzPosition,
    deal=TertzDeal,
    rules=TertzRules,
    record=TertzRecord,
    record_format=FORMAT,
    parts={
        "solver": "deberts.engine.tertz.solver:TertzSolver",
        "read_line": "deberts.formats.tertz.line:position_from_object",
        "write_line": "deberts.formats.tertz.line:position_to_object",
        "review": "deberts.analysis.tertz.review:analyze_tertz",
        "render_solution": "deberts.text.tertz.render:render_tertz_solution",
        "render_analysis": "deberts.text.tertz.render:render_tertz_analysis",
        "svg": "deberts.text.tertz.svg:position_svg",
        "sampler": "deberts.play.tertz.sampling:sample_positions",
        "session": "deberts.play.tertz.session:tertz_session",
        "web": "deberts.web.tertz.views",
        "players": "deberts.play.tertz.arena:TERTZ_TYPES",
        "arena": "deberts.play.tertz.arena:tertz_arena",
        "render_arena": "deberts.text.tertz.arena:arena_lines",
        "terminal": "deberts.cli.tertz_terminal",
    },
)
