"""Deberts in the formats layer.

The package is the game's formats face (:class:`deberts.formats.face.FormatsFace`): its
names, the same in every game, each loaded from its module at its first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.deberts.formats.line import position_from_object as read_line
    from deberts.variants.deberts.formats.line import position_to_object as write_line

_NAMES: dict[str, str | tuple[str, str]] = {
    "read_line": ("deberts.variants.deberts.formats.line", "position_from_object"),
    "write_line": ("deberts.variants.deberts.formats.line", "position_to_object"),
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = ["read_line", "write_line"]
