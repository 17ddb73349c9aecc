"""Deberts as a registered game (:mod:`deberts.model.registry`): the first game, whose
modules are the layers' top-level ones, and the default of every input that names
no game."""

from __future__ import annotations

from deberts.model.deal import Deal
from deberts.model.position import Position
from deberts.model.record import FORMAT, GameRecord
from deberts.model.registry import Game
from deberts.model.rules import Rules

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
        "solver": "deberts.engine.solver:Solver",
        "read_line": "deberts.formats.line:position_from_object",
        "write_line": "deberts.formats.line:position_to_object",
        "review": "deberts.analysis.review:analyze_play",
        "render_solution": "deberts.text.render:render_solution",
        "render_analysis": "deberts.text.review:render_analysis",
        "svg": "deberts.text.svg:position_svg",
        "sampler": "deberts.analysis.sampling:sample_deals",
        "session": "deberts.play.session:deberts_session",
        "web": "deberts.web.views",
        "players": "deberts.play.arena:TYPES",
        "arena": "deberts.play.arena:arena",
        "render_arena": "deberts.text.arena:arena_lines",
        "terminal": "deberts.cli.deberts_terminal",
    },
    arena_options=("players", "target", "preset"),
)
