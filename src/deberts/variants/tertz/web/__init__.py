"""Tertz on the web board.

The package is the game's web face (:class:`deberts.web.face.WebFace` and
:class:`~deberts.web.face.BoardFace`): its names, the same in every game, each loaded from
its module at its first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import APIRouter

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.tertz.web.fields import Fields as Fields
    from deberts.variants.tertz.web.pages import PAGES as PAGES
    from deberts.variants.tertz.web.views import board as board
    from deberts.variants.tertz.web.views import result_json as result_json
    from deberts.variants.tertz.web.views import review as review
    from deberts.variants.tertz.web.views import view_json as view_json

_NAMES: dict[str, str | tuple[str, str]] = {
    "PAGES": "deberts.variants.tertz.web.pages",
    "Fields": "deberts.variants.tertz.web.fields",
    "view_json": "deberts.variants.tertz.web.views",
    "board": "deberts.variants.tertz.web.views",
    "result_json": "deberts.variants.tertz.web.views",
    "review": "deberts.variants.tertz.web.views",
}
__getattr__ = lazy_names(__name__, _NAMES)

#: Tertz has no endpoints of its own: the API every game has serves it.
ROUTERS: tuple[APIRouter, ...] = ()
__all__ = ["Fields", "PAGES", "ROUTERS", "board", "result_json", "review", "view_json"]
