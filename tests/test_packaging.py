"""The package list in pyproject.toml names every subpackage, so that ``pip install .``
(not only an editable install) ships all of them."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_is_listed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    source = ROOT / "src"
    found = {".".join(p.parent.relative_to(source).parts) for p in source.rglob("__init__.py")}
    cli = ROOT / "cli"  # deberts.cli, by pyproject's package-dir
    found |= {".".join(("deberts", "cli", *p.parent.relative_to(cli).parts))
              for p in cli.rglob("__init__.py")}
    assert listed == found


def test_the_version_is_written_once() -> None:
    """pyproject.toml takes the version from ``deberts.__version__``, and the installed
    distribution's metadata (what ``pip show`` and ``deberts --version`` report) is it."""
    import importlib.metadata

    import deberts

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert importlib.metadata.version("deberts") == deberts.__version__
