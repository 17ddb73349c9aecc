"""The sources pass ruff's checks as pyproject.toml selects them (the imports sorted
among them), so the test run is also the lint: an unsorted import block, an undefined
name or a syntax error fails here, not in a reviewer's eye."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ruff")

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("src", "cli", "tests", "benchmarks", "tools", "setup.py", "conftest.py")


def test_ruff_finds_nothing() -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
         *FOLDERS],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
