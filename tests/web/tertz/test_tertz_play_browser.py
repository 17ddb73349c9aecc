"""The Tertz Play page in a real browser (Playwright driving Debian's chromium): a
deal against the computer played to its end by clicks, a card on the table or the
swap and break buttons, then the record, the game score and the review of the end
phase, whose values are those of ``analyze_play`` on the deal's record."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser import PATIENCE_MS, after, needs_chromium, new_game

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from deberts.variants.tertz.analysis.review import analyze_play  # noqa: E402
from deberts.variants.tertz.model.record import GameRecord  # noqa: E402
from deberts.variants.tertz.web.views import end_phase_start  # noqa: E402

pytestmark = needs_chromium

def symbols(move: str) -> str:
    """A move as the page writes it: a card's suit as its symbol."""
    return move[:-1] + SYMBOLS[move[-1]] if move[-1] in SYMBOLS and len(move) == 2 else move


SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: The state of the page's game, read from the API as the page sees it.
STATE = "async () => (await fetch('/api/games/' + game.id)).json()"


def test_a_tertz_deal_is_played_against_the_computer_in_the_browser(
    page: Any, server: str, tmp_path: Path
) -> None:
    page.goto(server + "/tertz/play")
    new_game(page, seed=11, samples=3, seconds=0.2)
    kinds = set()
    while not page.query_selector("#next-deal"):
        buttons = page.query_selector_all("#choices button[data-answer]")
        cards = page.query_selector_all("#board g.card.legal")
        assert buttons or cards, page.inner_text("#error") or page.inner_text("#status")
        if cards and (not buttons or len(kinds) % 2):
            kinds.add("card")
            after(page, cards[0].click)
        else:
            kinds.add(buttons[-1].get_attribute("data-answer").split(":")[0])
            after(page, buttons[-1].click)
    assert "break" in kinds and "card" in kinds  # the person led the first deal, so broke
    state = page.evaluate(STATE)
    assert state["phase"] == "deal_over" and state["game"] == "tertz"
    record = GameRecord.from_dict(state["result"]["record"])
    end = record.position()
    assert end.is_over()
    raw, recorded = end.score().raw, end.score().recorded
    assert f"Deal over: {raw[0]} to {raw[1]}, recorded {recorded[0]} to {recorded[1]}" \
        in page.inner_text("#status")
    assert page.inner_text("#scores") == f"Game: you {recorded[0]}, the computer {recorded[1]}"
    start = end_phase_start(end)
    expected = analyze_play(record, start=start)
    rows = page.query_selector_all("#review table tr")[1:]
    assert len(rows) == len(expected.moves) > 0
    for row, move in zip(rows, expected.moves):
        cells = [cell.inner_text() for cell in row.query_selector_all("td")]
        assert cells[:3] == [str(start + move.index + 1), str(move.seat), symbols(str(move.move))]
        assert cells[3] == (str(move.cost) if move.cost else "")
    page.screenshot(path=str(tmp_path / "tertz-play.png"))
    page.click("#next-deal", timeout=PATIENCE_MS)


def test_play_tertz_says_who_played_each_card_and_writes_declarations_in_symbols(
    page: Any, server: str
) -> None:
    page.goto(server + "/tertz/play")
    new_game(page, seed=5, samples=3, seconds=0.2)
    while not re.search(r"Last trick", page.inner_text("#story")):
        buttons = page.query_selector_all("#choices button[data-answer]")
        cards = page.query_selector_all("#board g.card.legal")
        after(page, (cards[0] if cards else buttons[0]).click)
    state = page.evaluate(STATE)
    last = state["decision"]["view"]["tricks"][-1]
    plays = ", ".join(f"seat {(last['leader'] + i) % 2} {symbols(card)}"
                      for i, card in enumerate(last["cards"]))
    assert f"Last trick: {plays}; seat {last['winner']} won it" in page.inner_text("#story")
    assert page.evaluate("holdingCards('..AKQ.')") == "AD KD QD"  # a run, as the view sends it
    assert page.evaluate("holdingCards('Q.K..')") == "QS KH"
