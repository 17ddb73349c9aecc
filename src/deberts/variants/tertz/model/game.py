"""Tertz as a registered game (:mod:`deberts.model.registry`): its parts sit in a
``tertz`` subpackage of each layer."""

from __future__ import annotations

from deberts.model.registry import Game
from deberts.variants.tertz.model.deal import TertzDeal
from deberts.variants.tertz.model.position import TertzPosition
from deberts.variants.tertz.model.record import FORMAT, TertzRecord
from deberts.variants.tertz.model.rules import TertzRules

TERTZ = Game(
    name="tertz",
    title="Tertz",
    position=TertzPosition,
    deal=TertzDeal,
    rules=TertzRules,
    record=TertzRecord,
    record_format=FORMAT,
    parts={
        "solver": "deberts.variants.tertz.engine.solver:TertzSolver",
        "read_line": "deberts.variants.tertz.formats.line:position_from_object",
        "write_line": "deberts.variants.tertz.formats.line:position_to_object",
        "review": "deberts.variants.tertz.analysis.review:analyze_tertz",
        "render_solution": "deberts.variants.tertz.text.render:render_tertz_solution",
        "render_analysis": "deberts.variants.tertz.text.render:render_tertz_analysis",
        "svg": "deberts.variants.tertz.text.svg:position_svg",
        "sampler": "deberts.variants.tertz.play.sampling:sample_positions",
        "session": "deberts.variants.tertz.play.session:tertz_session",
        "web": "deberts.variants.tertz.web.views",
        "players": "deberts.variants.tertz.play.arena:TERTZ_TYPES",
        "arena": "deberts.variants.tertz.play.arena:tertz_arena",
        "render_arena": "deberts.variants.tertz.text.arena:arena_lines",
        "terminal": "deberts.variants.tertz.cli.terminal",
    },
)
