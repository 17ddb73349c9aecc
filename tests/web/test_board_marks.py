"""The board's marks as a person reads them, in a real browser at a desktop's size
(1280×900) and a phone's (390×844): a card under the mouse never wears the best
card's frame; every seat's label stays on the table late in a 4-player deal; a
solve refused says so; on a phone a solve brings its results into view with values
large enough to read; and /docs reads from the left and fits a phone. Screenshots
go to the test's tmp path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser import after, needs_chromium, new_game, solved

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

pytestmark = needs_chromium
DESKTOP, PHONE = (1280, 900), (390, 844)
#: The best card's frame (the drawing's own style).
BEST_FRAME = "rgb(255, 179, 0)"
#: The smallest value under a card a phone shows, in CSS pixels.
READABLE_PX = 11

#: A card's frame as drawn: its stroke's colour, width and dashes.
FRAME = """card => { const s = getComputedStyle(
  document.querySelector(`#board g.card[data-card="${card}"] rect`));
  return [s.stroke, s.strokeWidth, s.strokeDasharray]; }"""


def hover_frames(page: Any) -> tuple[list[str], list[str], list[str]]:
    """The frame of a legal card that is not the best, as drawn and under the mouse,
    and of a best card under the mouse."""
    other = page.evaluate("() => document.querySelector('#board g.card.legal:not(.best)')"
                          ".dataset.card")
    best = page.evaluate("() => document.querySelector('#board g.card.legal.best').dataset.card")
    page.mouse.move(0, 0)
    still = page.evaluate(FRAME, other)
    page.hover(f'#board g.card[data-card="{other}"]')
    hovered = page.evaluate(FRAME, other)
    page.hover(f'#board g.card[data-card="{best}"]')
    return still, hovered, page.evaluate(FRAME, best)


def test_a_hovered_card_on_analyse_is_not_framed_as_the_best(page: Any, server: str,
                                                              tmp_path: Path) -> None:
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(server + "/")
    page.fill("#hands", "Q.AKQT.A.AJ7 J.8.T987.QT8")
    solved(page, lambda: page.click("#solve"))
    still, hovered, best = hover_frames(page)
    page.screenshot(path=str(tmp_path / "analyse-hover.png"))
    assert hovered[0] != BEST_FRAME and hovered != still  # a frame of its own
    assert best[0] == BEST_FRAME  # the best card keeps its frame under the mouse


def play_on(page: Any, until: str, moves: int = 60) -> None:
    """Answer a Play page's decisions (play when offered, else yes, else the first
    option; the first legal card) until ``until`` holds on the page."""
    for _ in range(moves):
        if page.evaluate(until):
            return
        choices = page.locator("#choices button[data-answer]")
        if choices.count():
            preferred = [page.locator(f'#choices button[data-answer="{answer}"]')
                         for answer in ("play", "yes")]
            chosen = next((button for button in preferred if button.count()), choices.first)
            after(page, chosen.click)
        else:
            after(page, page.locator("#board g.card.legal").first.click)
    raise AssertionError(f"never so: {until}")


def test_a_hovered_card_on_play_is_not_framed_as_the_best(page: Any, server: str) -> None:
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(server + "/play")
    page.select_option("#players", "2")
    new_game(page, seed=11, samples=5, seconds=0.1)
    play_on(page, "() => document.querySelector('#board g.card.legal') !== null")
    card = page.evaluate("() => document.querySelector('#board g.card.legal').dataset.card")
    page.hover(f'#board g.card[data-card="{card}"]')
    assert page.evaluate(FRAME, card)[0] != BEST_FRAME


#: Every label of the table against the drawing's box: [text, inside].
LABELS = """() => { const svg = document.querySelector('#board svg').getBoundingClientRect();
  return [...document.querySelectorAll('#board svg text.label')].map(t => {
    const r = t.getBoundingClientRect();
    return [t.textContent, r.left >= svg.left - 1 && r.right <= svg.right + 1]; }); }"""


def test_every_label_stays_on_a_four_player_table(page: Any, server: str,
                                                  tmp_path: Path) -> None:
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(server + "/play")
    page.select_option("#players", "4")
    new_game(page, seed=3, samples=3, seconds=0.05)
    # the last trick: seat 3, on the right, holds one card or none
    play_on(page, "() => { const hand = document.querySelector('#board g.hand[data-seat=\"3\"]');"
                  " return hand !== null && hand.querySelectorAll('g.back').length <= 1"
                  " && /·/.test(hand.textContent); }", moves=120)
    for width, height in (DESKTOP, PHONE):
        page.set_viewport_size({"width": width, "height": height})
        labels = page.evaluate(LABELS)
        page.screenshot(path=str(tmp_path / f"play-4-late-{width}.png"))
        assert labels and all(inside for _, inside in labels), (width, labels)


def test_a_refused_solve_says_it_is_not_solved(page: Any, server: str) -> None:
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(server + "/")
    page.fill("#hands", "xyz")
    page.click("#solve")
    page.wait_for_function("() => document.body.dataset.busy === 'false'"
                           " && document.getElementById('error').textContent !== ''")
    assert page.inner_text("#error").startswith("bad hand 'xyz'")
    assert page.inner_text("#status") == "Not solved: see the error under the Solve button."


#: With the page as the solve left it (not scrolled by the test): whether the seat
#: to move's cards and values are all in the window, and each value's size in CSS px.
RESULTS = """() => {
  const hand = document.querySelector('#board g.hand.to-move');
  const inside = e => { const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
  const values = [...hand.querySelectorAll('text.value')];
  const svg = hand.ownerSVGElement;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return { inView: [...hand.querySelectorAll('g.card, text.value')].every(inside),
           sizes: values.map(t => parseFloat(getComputedStyle(t).fontSize) * scale) };
}"""


@pytest.mark.parametrize("path", ["/", "/tertz"])
def test_on_a_phone_a_solve_shows_its_results_readably(page: Any, server: str,
                                                       tmp_path: Path, path: str) -> None:
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(server + path)
    solved(page, lambda: page.click("#solve"))
    seen = page.evaluate(RESULTS)
    page.screenshot(path=str(tmp_path / f"solved-{path.strip('/') or 'analyse'}-phone.png"))
    assert seen["inView"], "the results are below the fold"
    assert seen["sizes"] and min(seen["sizes"]) >= READABLE_PX, seen["sizes"]


#: The /docs page against the window: its width, and each table of fields' width
#: against its box's and how its meaning column is aligned.
DOCS = """() => ({
  page: document.documentElement.scrollWidth,
  tables: [...document.querySelectorAll('#endpoints table')].map(t => ({
    wide: t.getBoundingClientRect().width, room: t.parentElement.clientWidth,
    align: getComputedStyle(t.querySelector('tr:nth-child(2) td:last-child')).textAlign })),
})"""


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_docs_read_from_the_left_and_fit_the_window(page: Any, server: str,
                                                       screen: tuple[int, int]) -> None:
    page.set_viewport_size({"width": screen[0], "height": screen[1]})
    page.goto(server + "/docs")
    page.wait_for_selector("#endpoints table")
    seen = page.evaluate(DOCS)
    assert seen["page"] <= screen[0]
    assert seen["tables"] and all(t["align"] == "left" for t in seen["tables"])
    assert all(t["wide"] <= t["room"] + 1 for t in seen["tables"]), \
        [t for t in seen["tables"] if t["wide"] > t["room"] + 1]
