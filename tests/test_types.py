"""mypy checks the package and the CLI as they are installed (``cli/`` is the
``deberts.cli`` subpackage), strictly, with the compiled engines seen through their
``.pyi`` stubs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_on_the_installed_layout(tmp_path: Path) -> None:
    package = tmp_path / "deberts"
    ignore = shutil.ignore_patterns("*.so", "*.c", "__pycache__")
    shutil.copytree(ROOT / "src" / "deberts", package, ignore=ignore)
    shutil.copytree(ROOT / "cli", package / "cli", ignore=ignore)
    out, err, status = api.run([
        "--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
        "--config-file", str(ROOT / "pyproject.toml"), str(package),
    ])
    assert status == 0, out + err
