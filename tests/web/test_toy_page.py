"""A game registered from outside the package gets its own page on the board, in
the nav bar of every page, with nothing written for it outside its own file
(``tests/toy_game/``)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from browser import needs_chromium
from toy_game import TOY, ToyDeal, ToyPosition, ToySolver

from deberts.model.registry import register, unregister

pytestmark = needs_chromium


@pytest.fixture(scope="module", autouse=True)
def toy() -> Iterator[None]:
    """The toy game registered before the module's server builds its app."""
    register(TOY)
    yield
    unregister(TOY.name)


def test_the_toy_games_page_is_in_the_nav_bar_and_solves(page: Any, server: str) -> None:
    page.goto(server + "/")
    links = page.eval_on_selector_all("header a", "links => links.map(a => a.textContent)")
    assert links.index("High card") < links.index("API") and "Tertz" in links
    page.click("header a:text('High card')")
    page.wait_for_url(server + "/highcard")
    assert page.inner_text("header a.here") == "High card"
    page.click("#solve")
    page.wait_for_function("() => document.getElementById('margin').textContent !== ''")
    margin = ToySolver().value(ToyPosition(ToyDeal.parse("AK.7.. QJ.8..")))
    assert page.inner_text("#margin") == f"Margin {margin}"
    assert page.locator("#board svg text[data-card]").count() == 3
