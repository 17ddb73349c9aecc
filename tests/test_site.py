"""The reference site builds with warnings as errors (``mkdocs build --strict``): every
page, every docstring reference and every link between the pages resolves. It
builds into the test's tmp path; the site is never committed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocstrings")
pytest.importorskip("mkdocs_click")


def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert built.returncode == 0, built.stderr
    cli = (tmp_path / "cli" / "index.html").read_text(encoding="utf-8")
    assert "Solve one position exactly" in cli and "--records" in cli
    api = (tmp_path / "api" / "index.html").read_text(encoding="utf-8")
    assert "PimcPlayer" in api and "Parse rank then suit" in api
    guide = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'src="board.png"' in guide and (tmp_path / "board.png").exists()
    assert not (tmp_path / "hooks.py").exists()
