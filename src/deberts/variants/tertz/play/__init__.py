"""Tertz in the play layer (docs/rules.md section 4).

The package is the game's play face (:class:`deberts.play.face.PlayFace` and
:class:`~deberts.play.face.SessionFace`): its names, the same in every game, each loaded
from its module at its first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.tertz.play.arena import TYPES as TYPES
    from deberts.variants.tertz.play.arena import run_arena as run_arena
    from deberts.variants.tertz.play.session import start_session as start_session

_NAMES: dict[str, str | tuple[str, str]] = {
    "TYPES": "deberts.variants.tertz.play.arena",
    "run_arena": "deberts.variants.tertz.play.arena",
    "start_session": "deberts.variants.tertz.play.session",
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = ["TYPES", "run_arena", "start_session"]
