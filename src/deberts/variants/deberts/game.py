"""Deberts as a registered game (:mod:`deberts.model.registry`): the default of every
input that names no game. Its parts in the higher layers are its layer packages,
``deberts.variants.deberts.<layer>``, each the game's face in that layer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from deberts.model.registry import Game
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.record import FORMAT, GameRecord
from deberts.variants.deberts.model.rules import Rules

if TYPE_CHECKING:  # mypy checks each of the game's faces against its layer's Protocol
    from deberts.analysis.face import AnalysisFace
    from deberts.engine.face import EngineFace
    from deberts.formats.face import FormatsFace
    from deberts.play.face import PlayFace, SessionFace
    from deberts.text.face import TextFace
    from deberts.variants.deberts import analysis, engine, formats, play, text, web
    from deberts.web.face import BoardFace, WebFace

    _ENGINE: EngineFace = engine
    _FORMATS: FormatsFace = formats
    _ANALYSIS: AnalysisFace = analysis
    _PLAY: PlayFace = play
    _SESSION: SessionFace = play
    _TEXT: TextFace = text
    _WEB: WebFace = web
    _BOARD: BoardFace = web


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

    def rules_from(self, settings: Sequence[str], options: Mapping[str, Any]) -> Rules:
        return Rules.from_settings(settings, options.get("preset"))


DEBERTS = Deberts()
