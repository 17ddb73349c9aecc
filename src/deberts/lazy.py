"""Names of a flat namespace loaded at their first use (PEP 562's module
``__getattr__``), so that ``import deberts`` does not import the analysis and play
layers (numpy's samplers, the players) until a name of theirs is asked for."""

from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy_names(module: str, names: dict[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``module`` for ``names`` (each name's module): the
    first use imports the name's module and keeps the name in ``module``'s globals."""

    def __getattr__(name: str) -> Any:
        where = names.get(name)
        if where is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where), name)
        setattr(importlib.import_module(module), name, value)
        return value

    return __getattr__
