"""The board on every screen, in a real browser at a phone's size (390×844) and a
desktop's (1280×900): the Deberts board with 2, 3 and 4 players, the Tertz page and
Play Tertz. On each, nothing scrolls sideways; with the board scrolled to its top,
the trump, the face-up card, the hand of the seat to move and every value under it
are inside the window, and no two values overlap; nothing drawn runs off the
board; and every table fits its box or its box shows the scroll cue. Screenshots go
to the test's tmp path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser import after, needs_chromium, new_game, solved

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

pytestmark = needs_chromium
SCREENS = ((390, 844), (1280, 900))

#: What the checks read from the page, as plain numbers and names: the page's width
#: against the window's, and with the board scrolled to its top, the boxes of the
#: trump, the face-up card, the seat to move's cards and values (a best value's box
#: is its badge), everything drawn and the board itself; each table's width against
#: its box's, and whether that box shows the scroll cue.
MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const board = document.querySelector("#board");
  board.scrollIntoView({ block: "start" });
  const hand = board.querySelector("g.hand.to-move");
  const values = hand ? [...hand.querySelectorAll("rect.badge, text.value:not(.best)")] : [];
  const tables = [...document.querySelectorAll("main table")].map(table => {
    let holder = table.parentElement;
    while (holder !== document.body && getComputedStyle(holder).overflowX === "visible") {
      holder = holder.parentElement;
    }
    return { wide: table.getBoundingClientRect().width, room: holder.clientWidth,
             cue: holder.classList.contains("overflowing") &&
                  getComputedStyle(holder, "::before").content.includes("Scroll") };
  });
  return {
    page: document.documentElement.scrollWidth, window: window.innerWidth,
    height: window.innerHeight, scrolled: window.scrollX,
    trump: [...board.querySelectorAll("text.trump")].map(box),
    faceUp: [...board.querySelectorAll("g.face-up")].map(box),
    seat: hand ? hand.dataset.seat : null,
    hand: hand ? [...hand.querySelectorAll("g.card, g.back, text.label")].map(box) : [],
    values: values.map(box),
    drawn: [...board.querySelectorAll("svg > text, svg > g, g.hand > *")].map(box),
    board: box(board.querySelector("svg")), tables,
  };
}"""


def inside(inner: dict[str, float], outer: dict[str, float], slack: float = 1) -> bool:
    return (inner["left"] >= outer["left"] - slack and inner["right"] <= outer["right"] + slack
            and inner["top"] >= outer["top"] - slack and inner["bottom"] <= outer["bottom"] + slack)


def overlap(one: dict[str, float], two: dict[str, float]) -> bool:
    return (min(one["right"], two["right"]) > max(one["left"], two["left"])
            and min(one["bottom"], two["bottom"]) > max(one["top"], two["top"]))


def check_screen(page: Any, name: str, tmp_path: Path, face_up: bool = False) -> None:
    """Every check of the board on every screen, on the page as it is."""
    seen = page.evaluate(MEASURE)
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    assert seen["page"] <= seen["window"] and seen["scrolled"] == 0, f"{name} scrolls sideways"
    window = {"left": 0, "top": 0, "right": seen["window"], "bottom": seen["height"]}
    assert seen["seat"] is not None, f"{name}: no seat to move"
    assert seen["hand"] and all(inside(b, window) for b in seen["hand"]), \
        f"{name}: seat {seen['seat']}'s hand is not all in the window"
    assert seen["trump"] and all(inside(b, window) for b in seen["trump"]), \
        f"{name}: no trump in view"
    assert not face_up or (seen["faceUp"] and inside(seen["faceUp"][0], window)), \
        f"{name}: the face-up card is not in view"
    for index, value in enumerate(seen["values"]):
        assert inside(value, window), f"{name}: a value is out of the window"
        for other in seen["values"][index + 1:]:
            assert not overlap(value, other), f"{name}: two values overlap"
    assert all(inside(b, seen["board"]) for b in seen["drawn"]), \
        f"{name}: a drawing runs off the board"
    for table in seen["tables"]:
        assert table["wide"] <= table["room"] + 1 or table["cue"], \
            f"{name}: a table {table['wide']:.0f} px wide in {table['room']} px, with no cue"


def undealt(hands: str) -> str:
    """The first card of the deck in none of the hands ("S.H.D.C" each), or "" when
    all are dealt."""
    held = {rank + suit for hand in hands.split() for suit, ranks in zip("SHDC", hand.split("."))
            for rank in ranks}
    return next((rank + suit for suit in "SHDC" for rank in "AKQJT987"
                 if rank + suit not in held), "")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_deberts_board_fits_every_screen(
    page: Any, server: str, tmp_path: Path, screen: tuple[int, int], players: int
) -> None:
    page.set_viewport_size({"width": screen[0], "height": screen[1]})
    page.goto(server + "/")
    page.select_option("#players", str(players))
    solved(page, lambda: page.click("#random"))
    # with a face-up card the grid heads its columns "round 1" and "round 2": wider
    page.fill("#face_up", undealt(page.input_value("#hands")))
    page.click("#table")
    page.wait_for_selector("#grid table")
    assert page.locator("#board g.hand.to-move text.value").count() > 0
    check_screen(page, f"deberts-{players}-{screen[0]}", tmp_path)


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tertz_page_fits_every_screen(
    page: Any, server: str, tmp_path: Path, screen: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": screen[0], "height": screen[1]})
    page.goto(server + "/tertz")
    solved(page, lambda: page.click("#solve"))
    assert page.locator("#board g.hand.to-move text.value").count() == 9
    check_screen(page, f"tertz-{screen[0]}", tmp_path, face_up=True)


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_play_tertz_fits_every_screen(
    page: Any, server: str, tmp_path: Path, screen: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": screen[0], "height": screen[1]})
    page.goto(server + "/tertz/play")
    new_game(page, seed=5, samples=3, seconds=0.2)
    while not page.query_selector("#board g.card.legal"):  # a break first: a button
        after(page, page.query_selector_all("#choices button[data-answer]")[0].click)
    check_screen(page, f"tertz-play-{screen[0]}", tmp_path, face_up=True)
