"""The Tertz page in a real browser (Playwright driving Debian's chromium): it shows
the values ``deberts tertz solve --json`` gives, and plays a move by a click on a
card and the swap by its button, each time with the CLI's values. A first-lead
deal shows a busy state at once and values before the end; Stop ends the server's
job."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser import needs_chromium, shown_values, solved
from click.testing import CliRunner

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from deberts.cli.main import main  # noqa: E402
from deberts.cli.tertz.commands import EXAMPLE  # noqa: E402
from deberts.tertz import TertzDeal  # noqa: E402

pytestmark = needs_chromium


def cli_values(played: str) -> dict[str, int]:
    """Each legal move's margin as ``deberts tertz solve --json`` gives it."""
    result = CliRunner().invoke(main, ["tertz", "solve", EXAMPLE["deal"], "--played", played,
                                       "--json"])
    assert result.exit_code == 0, result.output
    return {m["move"]: m["margin"] for m in json.loads(result.output)["moves"]}


def shown_moves(page: Any) -> dict[str, int]:
    """The values on the page: under each legal card, and on each other move's button."""
    buttons = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#others button')]"
        ".map(b => [b.dataset.move, Number(b.textContent.split(' ')[1])]))"
    )
    return {**shown_values(page), **buttons}


def test_the_tertz_page_shows_the_cli_values_and_plays_moves(
    page: Any, server: str, tmp_path: Path
) -> None:
    page.goto(server + "/tertz")
    solved(page, lambda: page.click("#solve"))
    played = EXAMPLE["played"]
    expected = cli_values(played)
    assert shown_moves(page) == expected
    assert "margin +32" in page.inner_text("#status")
    solved(page, lambda: page.click('#board g.card.legal[data-card="JS"]'))  # a best move
    played += " JS"
    expected = cli_values(played)
    assert "swap" in expected and shown_moves(page) == expected
    solved(page, lambda: page.click('#others button[data-move="swap"]'))
    played += " swap"
    assert shown_moves(page) == cli_values(played)
    assert page.inner_text("#played") == "Played here: J♠ swap"
    assert page.get_attribute("#board g.face-up", "data-card") == "7D"  # swapped in
    page.screenshot(path=str(tmp_path / "tertz.png"))
    solved(page, lambda: page.click("#undo"))
    assert shown_moves(page) == expected


def test_the_tertz_page_shows_the_stock_the_moves_so_far_and_the_trick_just_finished(
    page: Any, server: str
) -> None:
    page.goto(server + "/tertz")
    solved(page, lambda: page.click("#solve"))
    history = page.inner_text("#history")
    assert "Stock in draw order (6, face-up card last): A♣ 7♠ 9♠ 9♣ J♣ 9♦" in history
    rows = [[cell.inner_text() for cell in row.query_selector_all("td")]
            for row in page.query_selector_all("#history tr")]
    tricks = [row[:4] for row in rows if len(row) > 1]
    assert tricks == [["trick 1", "0:T♦", "1:Q♦", "seat 0 wins"],
                      ["trick 2", "0:8♦", "1:K♦", "seat 1 wins"],
                      ["trick 3", "1:7♣", "0:Q♣", "seat 0 wins"],
                      ["trick 4", "0:7♥", "1:A♥", "seat 1 wins"]]
    assert ["1 marriage K♦ Q♦ 20; 1 breaks the stock by 0; draws 0:7♥ 1:K♠"] in rows
    gathered = page.evaluate(  # the trick just finished, as it lies: each card by its seat
        "() => [...document.querySelectorAll('#board g.card.played.gathered')]"
        ".map(g => g.dataset.card)")
    assert sorted(gathered) == ["7H", "AH"]
    assert "last trick: seat 1 won it" in page.inner_text("#board")


def test_a_first_lead_shows_values_as_proven_and_stop_ends_the_job(
    page: Any, server: str, tmp_path: Path
) -> None:
    deal = TertzDeal.random(11)
    page.goto(server + "/tertz")
    page.fill("#deal", f"{deal}")
    page.fill("#moves", "")
    page.click("#solve")
    # at once: busy, with the time, the nodes and a Stop button
    page.wait_for_function("() => document.body.dataset.busy === 'true'")
    assert page.is_visible("#stop") and page.is_disabled("#solve")
    page.wait_for_function("() => /^Solving: \\d+\\.\\d s, [\\d,]+ nodes/"
                           ".test(document.getElementById('status').textContent)")
    # a value on its card before the end (the others' intervals under theirs), the best
    # so far marked
    page.wait_for_function(
        "() => document.querySelectorAll('#board text.value:not(.bound)').length > 0")
    assert page.evaluate("() => document.body.dataset.busy") == "true"
    assert page.locator("#board g.card.best").count() >= 1
    page.screenshot(path=str(tmp_path / "tertz-first-lead.png"))
    job, secret = page.evaluate("() => [analysis.job, analysis.secret]")
    mine = {"X-Job-Secret": secret}
    assert page.request.get(server + f"/api/jobs/{job}", headers=mine).json()["state"] == "running"
    assert page.request.get(server + f"/api/jobs/{job}").status == 400  # no secret: not shown
    assert page.request.get(server + "/api/jobs").json()["running"] == 1
    page.click("#stop")
    page.wait_for_function("() => document.body.dataset.busy === 'false'")
    assert "partial" in page.inner_text("#status") and page.is_hidden("#stop")
    assert page.request.get(server + "/api/jobs").json()["running"] == 0
    assert page.request.get(server + f"/api/jobs/{job}", headers=mine).status == 404
