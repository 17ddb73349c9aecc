"""End to end in a real browser: Playwright drives Debian's chromium against
``deberts serve``'s app on a local port. The Analyse page shows the values the CLI
gives and updates them after a click; the Play page plays a whole 2-player deal
against the computer to the final score. Screenshots go to the test's tmp path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser import after, needs_chromium, new_game, shown_values, solved
from click.testing import CliRunner

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

import deberts  # noqa: E402
from deberts.cli.main import main  # noqa: E402
from deberts.formats import records  # noqa: E402

pytestmark = needs_chromium
HANDS = "Q.AKQT.A.AJ7 J.8.T987.QT8"


def cli_moves(*arguments: str) -> dict[str, int]:
    """Each legal card's margin as ``deberts solve --json`` gives it."""
    result = CliRunner().invoke(main, ["solve", HANDS, "--trump", "H", "--declarer", "0",
                                       "--leader", "1", "--json", *arguments])
    assert result.exit_code == 0, result.output
    return {m["card"]: m["margin"] for m in json.loads(result.output)["moves"]}


def test_analyse_shows_the_cli_values_and_updates_them_after_a_click(
    page: Any, server: str, tmp_path: Path
) -> None:
    page.goto(server + "/")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(f"{request.method} {request.url}"))
    page.fill("#hands", HANDS)
    page.select_option("#trump", "H")
    page.fill("#declarer", "0")
    page.fill("#leader", "1")
    solved(page, lambda: page.click("#solve"))
    assert f"POST {server}/api/jobs" in asked  # a job the page followed to its end
    assert page.is_hidden("#stop") and page.is_enabled("#solve")
    assert page.inner_text("#status").startswith("Seat 1 to move:")
    expected = cli_moves()
    assert shown_values(page) == expected
    best = [card for card, margin in expected.items() if margin == min(expected.values())]
    marked = page.eval_on_selector_all("#board g.card.best", "gs => gs.map(g => g.dataset.card)")
    assert set(marked) == set(best)  # the defender to move: the lowest margins
    page.screenshot(path=str(tmp_path / "analyse-start.png"))

    solved(page, lambda: page.click(f'#board g.card.legal[data-card="{best[0]}"]'))
    symbol = deberts.Card.parse(best[0])
    assert page.inner_text("#played") == f"Played: {symbol.rank.char}{symbol.suit.symbol}"
    assert shown_values(page) == cli_moves("--played", best[0])
    page.screenshot(path=str(tmp_path / "analyse-after-click.png"))

    solved(page, lambda: page.click("#undo"))
    assert shown_values(page) == expected


def test_a_whole_two_player_deal_against_the_computer(
    page: Any, server: str, tmp_path: Path
) -> None:
    page.goto(server + "/play")
    page.select_option("#players", "2")
    new_game(page, seed=11, samples=10, seconds=0.2)
    cards = 0
    for _ in range(40):  # at most a few calls, an exchange and 9 cards
        if page.locator("#next-deal").count():
            break
        choices = page.locator("#choices button[data-answer]")
        if choices.count():
            call = page.locator('#choices button[data-answer="play"]')
            button = call if call.count() else page.locator('#choices button[data-answer="yes"]')
            chosen = button if button.count() else choices.first
            after(page, chosen.click)
        else:
            card = page.locator("#board g.card.legal").first
            if cards == 4:
                page.screenshot(path=str(tmp_path / "play-mid-deal.png"))
            after(page, card.click)
            cards += 1
    assert page.locator("#next-deal").count() == 1
    assert cards == 9
    status = page.inner_text("#status")
    assert status.startswith("Deal over: ") and "declarer side" in status
    assert page.locator("#review table tr").count() == 1 + 9  # your 9 cards, reviewed
    assert page.inner_text("#scores").startswith("Match: seat 0 ")
    page.screenshot(path=str(tmp_path / "play-deal-over.png"), full_page=True)

    page.click("text=Replay this deal")  # the record goes to the Replay page
    page.wait_for_url("**/replay")
    page.wait_for_function("() => Number(document.body.dataset.boards || 0) > 0")
    assert page.locator("#cards tr[data-step]").count() == 18
    assert page.inner_text("#summary").startswith("Points lost: seat 0 ")


def test_replay_steps_through_a_pasted_record(page: Any, server: str, tmp_path: Path) -> None:
    match = deberts.Match([deberts.RandomPlayer(seed=1), deberts.RandomPlayer(seed=2)], seed=8)
    played = []
    while len(played) < 2:
        result = match.play_deal()
        if result.score is not None:
            played.append(result.record)
    analysis = deberts.analyze_play(played[1])
    page.goto(server + "/replay")
    page.fill("#record", records.dumps(played))
    page.fill("#deal", "2")
    after(page, lambda: page.click("#load"))
    assert page.locator("#cards tr[data-step]").count() == len(analysis.cards)
    first = analysis.cards[0]
    assert shown_values(page) == {str(c): v for c, v in first.values.items()}
    costly = next(c for c in analysis.cards if c.cost)
    for _ in range(costly.index):
        after(page, lambda: page.click("#next"))
    status = page.inner_text("#status")
    symbol = f"{costly.card.rank.char}{costly.card.suit.symbol}"
    assert (f"Before card {costly.index + 1} of {len(analysis.cards)}, seat {costly.seat} to play: "
            f"it played {symbol}, giving away {costly.cost}") in status
    assert page.inner_text("#legend").startswith(f"Seat {costly.seat} to play, ")
    assert shown_values(page) == {str(c): v for c, v in costly.values.items()}
    lost = ", ".join(f"seat {seat} {points}" for seat, points in analysis.lost().items())
    assert page.inner_text("#summary").startswith(f"Points lost: {lost}.")
    page.screenshot(path=str(tmp_path / "replay.png"), full_page=True)
