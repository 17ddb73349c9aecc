"""The board as a person meets it, in a real browser at a desktop width (1280 px) and a
phone's (390 px): the best move stands out (its value's contrast is WCAG AA), a
legend says what the numbers are, nothing scrolls sideways, the grid of every trump
and declarer belongs to the deal shown, cards are played and the optimal line is
stepped through from the keyboard, and the API docs need no network. Screenshots
go to the test's tmp path."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser import after, boards, needs_chromium, shown_values, solved

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

pytestmark = needs_chromium
HANDS = "Q.AKQT.A.AJ7 J.8.T987.QT8"
WIDTHS = (1280, 390)


def luminance(colour: str) -> float:
    """The WCAG relative luminance of a CSS ``rgb(r, g, b)`` colour."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, two: str) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_the_wcag_ratio() -> None:
    assert contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") == pytest.approx(21)
    assert contrast("rgb(47, 107, 61)", "rgb(47, 107, 61)") == pytest.approx(1)


def analysed(page: Any, server: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server + "/")
    page.fill("#hands", HANDS)
    solved(page, lambda: page.click("#solve"))


@pytest.mark.parametrize("width", WIDTHS)
def test_the_best_move_is_what_the_eye_finds_at_every_width(
    page: Any, server: str, tmp_path: Path, width: int
) -> None:
    analysed(page, server, width)
    page.screenshot(path=str(tmp_path / f"analyse-{width}.png"), full_page=True)
    scroll = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll[0] <= scroll[1], f"the page is {scroll[0]} px wide in a {scroll[1]} px window"
    colours = page.evaluate(
        "() => [...document.querySelectorAll('#board text.value.best')].map(t => ["
        "getComputedStyle(t).fill, getComputedStyle(document.querySelector("
        "`#board rect.badge[data-card=\"${t.dataset.card}\"]`)).fill])"
    )
    assert len(colours) == 3  # 7D 8D 9D, the defender's lowest
    for text, badge in colours:
        assert contrast(text, badge) >= 4.5, (text, badge)
    others = page.evaluate(
        "() => [...document.querySelectorAll('#board text.value:not(.best)')]"
        ".map(t => getComputedStyle(t).fill)"
    )
    felt = page.evaluate("() => getComputedStyle(document.querySelector('#board')).backgroundColor")
    assert others and all(contrast(fill, felt) >= 4.5 for fill in others)
    legend = page.inner_text("#legend")
    assert legend.startswith("Seat 1 to move, a defender: lower is better.")
    assert "declarer side's points minus the defenders'" in legend
    assert page.inner_text("#status").endswith("best 7♦ 8♦ 9♦")
    assert page.locator("#score table tr").count() == 6  # heading and 5 rows of points
    card = page.evaluate("() => document.querySelector('#board g.card rect')"
                         ".getBoundingClientRect().width")
    assert card >= 30, f"a card is {card:.0f} px wide at {width} px"  # readable on a phone


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_the_width(page: Any, server: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    for path in ("/", "/replay", "/play", "/bid", "/tertz", "/docs"):
        page.goto(server + path)
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= width, f"{path} is {wide} px wide at {width} px"


def test_the_grid_belongs_to_the_deal_shown(page: Any, server: str, tmp_path: Path) -> None:
    analysed(page, server, 1280)
    page.click("#table")
    page.wait_for_selector("#grid table")
    assert page.locator("#grid tr").count() == 1 + 2
    assert page.locator("#grid td.framed").count() >= 2
    page.select_option("#players", "4")
    solved(page, lambda: page.click("#random"))
    assert page.locator("#grid table").count() == 0  # the 2-player grid is gone
    hands = page.input_value("#hands")
    assert len(hands.split()) == 4
    page.click("#table")
    page.wait_for_selector("#grid table")
    assert page.locator("#grid tr").count() == 1 + 4
    assert page.get_attribute("#grid", "data-hands") == hands
    page.screenshot(path=str(tmp_path / "grid-4-players.png"), full_page=True)


def test_play_and_step_through_the_line_from_the_keyboard(page: Any, server: str) -> None:
    analysed(page, server, 1280)
    start = shown_values(page)
    page.focus('#board g.card.legal[data-card="7D"]')
    solved(page, lambda: page.keyboard.press("Enter"))
    assert page.inner_text("#played") == "Played: 7♦"
    focused = page.evaluate("() => document.activeElement.closest('g.card.legal') !== null")
    assert focused  # the next card to play has the focus
    outline = page.evaluate(
        "() => getComputedStyle(document.activeElement.querySelector('rect')).strokeWidth")
    assert outline == "5px"  # the focused card is framed
    page.focus("#undo")
    solved(page, lambda: page.keyboard.press("u"))
    assert shown_values(page) == start
    after(page, lambda: page.keyboard.press("ArrowRight"))
    assert page.inner_text("#line-step") == "after card 1 of 18, 7♦"
    assert page.locator("#board g.card.played").count() == 1
    assert page.locator("#line tr.current").count() == 1
    after(page, lambda: page.keyboard.press("ArrowRight"))
    assert page.locator("#board g.card.gathered").count() == 2  # the trick, as it lies
    after(page, lambda: page.keyboard.press("ArrowLeft"))
    after(page, lambda: page.keyboard.press("ArrowLeft"))
    assert shown_values(page) == start
    assert boards(page) > 0


def test_the_api_docs_need_no_network(page: Any, server: str, tmp_path: Path) -> None:
    outside: list[str] = []

    def refuse(route: Any) -> None:
        if not route.request.url.startswith(server):
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", refuse)
    page.goto(server + "/docs")
    page.wait_for_selector("#endpoints h3")
    text = page.inner_text("#endpoints")
    assert "POST /api/solve" in text and "played" in text
    assert outside == []
    page.screenshot(path=str(tmp_path / "docs.png"), full_page=True)


def test_bid_rows_say_whose_contract_and_round_as_the_histogram(page: Any, server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "/bid")
    page.select_option("#round", "2")
    page.fill("#samples", "40")
    page.fill("#seed", "1")
    page.click("#evaluate")
    page.wait_for_selector("#options-table table")
    headings = [cell.inner_text() for cell in page.query_selector_all("#options-table th")]
    assert headings[:5] == ["option", "your margin", "95% interval", "contract", "made"]
    rows = {row.get_attribute("data-option"): [c.inner_text() for c in row.query_selector_all("td")]
            for row in page.query_selector_all("#options-table tr[data-option]")}
    assert {option: cells[3] for option, cells in rows.items()} == {
        "S": "yours", "D": "yours", "C": "yours", "pass": "theirs"}  # after a pass: theirs
    drawn = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#histogram g.option')].map("
        "g => [g.dataset.option, [...g.querySelectorAll('text')].map(t => t.textContent)]))")
    for option, cells in rows.items():
        margin = next(line for line in drawn[option] if line.startswith("your margin "))
        assert float(margin.split()[-1]) == float(cells[1])  # the same rounding, to the digit
        assert f"contract: {cells[3]}" in drawn[option]
    # an exact tie of one decimal rounds as Python's format does, the histogram's
    assert page.evaluate("[-26.25, 26.75, 0.15, 68.75].map(decimal)") == [
        f"{x:.1f}" for x in (-26.25, 26.75, 0.15, 68.75)]
