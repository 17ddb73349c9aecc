"""Without a browser the browser tests are skipped, never silently: the run's summary
line counts them apart and the run says how to give it one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from browser import NO_BROWSER

HERE = Path(__file__).resolve().parent


def test_a_run_without_a_browser_says_so_on_its_summary_line() -> None:
    env = {key: value for key, value in os.environ.items() if key != "DEBERTS_CHROMIUM"}
    env["PATH"] = str(Path(sys.executable).parent)  # no chromium on it
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
         str(HERE / "tertz" / "test_tertz_browser.py")],
        cwd=HERE.parent.parent, env=env, capture_output=True, text=True, timeout=300)
    lines = run.stdout.splitlines()
    assert run.returncode == 0, run.stdout + run.stderr
    assert NO_BROWSER in lines
    assert "skipped without a browser" in lines[-1], lines[-1]
