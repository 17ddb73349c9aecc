"""The doctests of the package's docstrings run under pytest (``--doctest-modules``
over ``src/``, pyproject.toml); a module that needs an extra that is not installed
(web, dask) is left out rather than failing to import."""

from __future__ import annotations

import importlib.util

#: The extras' packages, and the package modules that import them.
NEEDS = {
    "fastapi": ["deberts/web/*.py"],
    "distributed": ["deberts/engine/distributed.py", "deberts/distributed.py"],
    "pyarrow": ["deberts/formats/parquet.py", "deberts/analysis/game_stats.py"],
}

collect_ignore_glob = [
    pattern for package, patterns in NEEDS.items()
    if importlib.util.find_spec(package) is None for pattern in patterns
]
