"""Deberts in the engine layer.

The package is the game's engine face (:class:`deberts.engine.face.EngineFace`): its
names, the same in every game, each loaded from its module at its first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.variants.deberts.engine.solver import Solver as Solver

_NAMES: dict[str, str | tuple[str, str]] = {
    "Solver": "deberts.variants.deberts.engine.solver",
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = ["Solver"]
