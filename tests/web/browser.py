"""Helpers of the browser tests: the chromium they drive and how they read a page."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

#: Playwright cannot download its own browser here: it drives this one.
CHROMIUM = os.environ.get("DEBERTS_CHROMIUM") or shutil.which("chromium")
#: Why a browser test is skipped: there is no browser to drive.
NO_BROWSER = ("no browser: apt-get install -y chromium, or set DEBERTS_CHROMIUM "
              "to a chromium binary")
#: The mark of a module of browser tests.
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason=NO_BROWSER)

#: The longest any step may take: a bound for a hung page, not a measure.
PATIENCE_MS = 120_000


def boards(page: Any) -> int:
    """How many boards the page has drawn so far."""
    return int(page.evaluate("() => Number(document.body.dataset.boards || 0)"))


def after(page: Any, action: Any) -> None:
    """Do ``action`` and wait until the page has drawn a new board."""
    before = boards(page)
    action()
    page.wait_for_function(f"() => Number(document.body.dataset.boards || 0) > {before}")


def solved(page: Any, action: Any) -> None:
    """Do ``action`` and wait until the page has solved the new position: drawn a new
    board, and no analysis job is running."""
    before = boards(page)
    action()
    page.wait_for_function(f"() => Number(document.body.dataset.boards || 0) > {before}"
                           " && document.body.dataset.busy !== 'true'")


def shown_values(page: Any) -> dict[str, int]:
    """The value under each legal card of the board on the page."""
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#board text.value')]"
        ".map(t => [t.dataset.card, Number(t.textContent)]))"
    )


def new_game(page: Any, seed: int, samples: int, seconds: float) -> None:
    """Start a game against the computer on a Play page (its own settings already
    chosen) and wait for its first board."""
    page.fill("#seed", str(seed))
    page.fill("#ai_samples", str(samples))
    page.fill("#ai_seconds", str(seconds))
    after(page, lambda: page.click("#new"))
