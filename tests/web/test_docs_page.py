"""The board's /docs page in a real browser: every endpoint from the app's schema with
its fields' meanings, no Markdown left as text, 404 only where a game can have ended,
and an example request that, sent, shows the server's real answer."""

from __future__ import annotations

from typing import Any

from browser import needs_chromium

pytestmark = needs_chromium


def test_the_docs_page_lists_the_endpoints_and_sends_an_example(page: Any, server: str) -> None:
    page.goto(f"{server}/docs")
    page.wait_for_selector("#endpoints h3")
    text = page.inner_text("#endpoints")
    assert "POST /api/solve" in text and "GET /api/games/{game_id}" in text
    assert "`" not in text and "422" not in text
    assert "The hands in seat order" in text  # a field's meaning
    solve = text.split("POST /api/solve")[1].split("POST /api/board")[0]
    assert "404" not in solve
    assert "404" in text.split("GET /api/games/{game_id}")[1]
    page.click("button.try[data-path='/api/solve']")
    answer = page.locator("pre.answer").first
    answer.wait_for(state="visible")
    shown = answer.inner_text()
    assert shown.startswith("status 200") and '"margin": 30' in shown
