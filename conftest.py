"""The doctests of the package's docstrings run under pytest (``--doctest-modules``
over ``src/``, pyproject.toml); a package module that needs an extra that is not installed
(web, dask) is left out rather than failing to import."""

from __future__ import annotations

import importlib.util

#: The extras' packages, and the package modules that import them.
NEEDS = {
    "fastapi": ["src/deberts/web/*.py"],
    "distributed": ["src/deberts/variants/deberts/engine/distributed.py", "src/deberts/distributed.py"],
    "pyarrow": ["src/deberts/formats/parquet.py", "src/deberts/variants/deberts/analysis/game_stats.py"],
}

collect_ignore_glob = [
    pattern for package, patterns in NEEDS.items()
    if importlib.util.find_spec(package) is None for pattern in patterns
]
