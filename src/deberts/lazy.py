"""Names of a flat namespace loaded at their first use (PEP 562's module
``__getattr__``), so that ``import deberts`` does not import the analysis and play
layers (numpy's samplers, the players) until a name of theirs is asked for."""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping


def lazy_names(module: str, names: Mapping[str, str | tuple[str, str]]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``module`` for ``names`` (each name's module, or its
    module and its own name there when the namespace renames it): the first use
    imports the name's module and keeps the name in ``module``'s globals."""

    def __getattr__(name: str) -> Any:
        where = names.get(name)
        if where is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        where, own = (where, name) if isinstance(where, str) else where
        value = getattr(importlib.import_module(where), own)
        setattr(importlib.import_module(module), name, value)
        return value

    return __getattr__
