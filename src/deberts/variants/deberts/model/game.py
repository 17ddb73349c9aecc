"""Deberts as a registered game (:mod:`deberts.model.registry`): the first game, whose
modules are the layers' top-level ones, and the default of every input that names
no game."""

from __future__ import annotations

from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.record import FORMAT, GameRecord
from deberts.model.registry import Game
from deberts.variants.deberts.model.rules import Rules

DEBERTS = Game(
    name="deberts",
    title="Deberts",
    aliases=("klabor",),
    position=Position,
    deal=Deal,
    rules=Rules,
    record=GameRecord,
    record_format=FORMAT,
    parts={
        "solver": "deberts.variants.deberts.engine.solver:Solver",
        "read_line": "deberts.variants.deberts.formats.line:position_from_object",
        "write_line": "deberts.variants.deberts.formats.line:position_to_object",
        "review": "deberts.variants.deberts.analysis.review:analyze_play",
        "render_solution": "deberts.variants.deberts.text.render:render_solution",
        "render_analysis": "deberts.variants.deberts.text.review:render_analysis",
        "svg": "deberts.variants.deberts.text.svg:position_svg",
        "sampler": "deberts.variants.deberts.analysis.sampling:sample_deals",
        "session": "deberts.variants.deberts.play.session:deberts_session",
        "web": "deberts.variants.deberts.web.views",
        "players": "deberts.variants.deberts.play.arena:TYPES",
        "arena": "deberts.variants.deberts.play.arena:arena",
        "render_arena": "deberts.variants.deberts.text.arena:arena_lines",
        "terminal": "deberts.variants.deberts.cli.terminal",
    },
    arena_options=("players", "target", "preset"),
)
