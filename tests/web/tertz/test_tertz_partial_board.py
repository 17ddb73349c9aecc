"""The board of a stopped or running search in a real browser (Playwright driving
Debian's chromium): the frame and the badge go to the best move so far by what is
proven (the job's ``best``), never to the best exact value beside a move proven
better, and every unproven card shows its interval under it. The values are those
of the report's stopped first lead (9D proven -196, 7C proven in [+248, +376]),
given to the page's own drawing code, so the check does not hang on a search's
speed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser import needs_chromium

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from deberts.engine.partial import PartialValues  # noqa: E402
from deberts.tertz import TertzDeal, TertzPosition  # noqa: E402
from deberts.variants.tertz.text.svg import position_svg  # noqa: E402

pytestmark = needs_chromium

DEAL = "J9.J9.Q9.JT7 KT.AQ87.T8.Q / QS 8S AS KH 7S AC JD KC 9C KD 8C TH AD 7D"


def stopped_values(position: TertzPosition) -> PartialValues[Any]:
    values = {str(move): (None, None) for move in position.legal_moves()}
    del values["9D"]
    values["7C"] = (248, 376)
    return PartialValues({"9D": -196}, values, "9S", maximising=True, stopped="limit")


@pytest.mark.parametrize("path", ["/tertz", "/"], ids=["tertz", "analyse"])
def test_the_best_so_far_is_framed_and_every_unproven_card_shows_its_interval(
    page: Any, server: str, path: str
) -> None:
    position = TertzPosition(TertzDeal.parse(DEAL))
    values = stopped_values(position)
    moves = {str(move): move for move in position.legal_moves()}
    # what a job's board draws: the exact values
    svg = position_svg(position, {moves[name]: value for name, value in values.exact.items()})
    page.goto(server + path)
    framed_before = page.evaluate(
        "svg => { const holder = document.getElementById('board'); drawBoard(holder, svg, null);"
        " return [...holder.querySelectorAll('g.card.best')].map(g => g.dataset.card); }", svg)
    assert framed_before == ["9D"]  # the server's board alone frames the one exact value
    shown = page.evaluate(
        "values => { const holder = document.getElementById('board');"
        " markValues(holder, values);"
        " const texts = {};"
        " for (const t of holder.querySelectorAll('text.value')) texts[t.dataset.card] = t.textContent;"
        " return { framed: [...holder.querySelectorAll('g.card.best')].map(g => g.dataset.card),"
        " badges: [...holder.querySelectorAll('rect.badge')].map(r => r.dataset.card),"
        " best: [...holder.querySelectorAll('text.value.best')].map(t => t.dataset.card),"
        " texts }; }", json.loads(json.dumps(values.to_dict())))
    assert shown["framed"] == ["7C"] and shown["badges"] == ["7C"] and shown["best"] == ["7C"]
    cards = {str(move) for move in position.legal_moves()}
    assert set(shown["texts"]) == cards
    assert shown["texts"]["9D"] == "-196" and shown["texts"]["7C"] == "in [+248, +376]"
    assert all(shown["texts"][card] == "?" for card in cards - {"9D", "7C"})
