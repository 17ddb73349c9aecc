"""Tertz as a registered game (:mod:`deberts.model.registry`): Deberts' two-player
cousin with a stock. Its parts in the higher layers are its layer packages,
``deberts.variants.tertz.<layer>``, each the game's face in that layer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.model.registry import Game
from deberts.variants.tertz.model.deal import Deal
from deberts.variants.tertz.model.position import Position
from deberts.variants.tertz.model.record import FORMAT, GameRecord
from deberts.variants.tertz.model.rules import Rules

if TYPE_CHECKING:  # mypy checks each of the game's faces against its layer's Protocol
    from deberts.analysis.face import AnalysisFace
    from deberts.engine.face import EngineFace
    from deberts.formats.face import FormatsFace
    from deberts.play.face import PlayFace, SessionFace
    from deberts.text.face import TextFace
    from deberts.variants.tertz import analysis, engine, formats, play, text, web
    from deberts.web.face import BoardFace, WebFace

    _ENGINE: EngineFace = engine
    _FORMATS: FormatsFace = formats
    _ANALYSIS: AnalysisFace = analysis
    _PLAY: PlayFace = play
    _SESSION: SessionFace = play
    _TEXT: TextFace = text
    _WEB: WebFace = web
    _BOARD: BoardFace = web


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


TERTZ = Tertz()
