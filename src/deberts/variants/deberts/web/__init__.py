"""Deberts in the web layer.

The package is the game's web face (:class:`deberts.web.face.WebFace` and
:class:`~deberts.web.face.BoardFace`): its names, the same in every game, each loaded from
its module at its first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.deberts.web.api import ROUTERS as ROUTERS
    from deberts.variants.deberts.web.fields import Fields as Fields
    from deberts.variants.deberts.web.pages import PAGES as PAGES
    from deberts.variants.deberts.web.views import board as board
    from deberts.variants.deberts.web.views import result_json as result_json
    from deberts.variants.deberts.web.views import review as review
    from deberts.variants.deberts.web.views import view_json as view_json

_NAMES: dict[str, str | tuple[str, str]] = {
    "PAGES": "deberts.variants.deberts.web.pages",
    "ROUTERS": "deberts.variants.deberts.web.api",
    "Fields": "deberts.variants.deberts.web.fields",
    "view_json": "deberts.variants.deberts.web.views",
    "board": "deberts.variants.deberts.web.views",
    "result_json": "deberts.variants.deberts.web.views",
    "review": "deberts.variants.deberts.web.views",
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = ["Fields", "PAGES", "ROUTERS", "board", "result_json", "review", "view_json"]
