"""Tertz's drawings (deberts.variants.tertz.text.svg) and the notebook hooks of every Tertz
result type, Card and CardSet: each draws itself as one SVG document."""

from __future__ import annotations

import re

import pytest

from deberts import Card, CardSet
from deberts.variants.tertz.cli.commands import EXAMPLE
from deberts.variants.tertz.play.match import play_tertz_deal
from deberts.variants.tertz.play.players import TertzRandomPlayer
from deberts.tertz import (
    TertzDeal,
    TertzPosition,
    TertzRecord,
    TertzSolver,
    analyze_tertz,
)
from deberts.variants.tertz.text.svg import position_svg

DEAL = TertzDeal.parse(EXAMPLE["deal"])
POSITION = TertzPosition(DEAL, moves=EXAMPLE["played"])


def test_a_position_marks_each_legal_moves_value_and_the_best() -> None:
    values = TertzSolver().values(POSITION)
    drawing = position_svg(POSITION, values)
    for card in ("JS", "JH", "QH", "KS"):  # the best moves, +32
        assert re.search(f'class="value best" data-card="{card}"[^>]*>[+]32<', drawing)
    assert re.search('class="value" data-card="AS"[^>]*>[+]48<', drawing)
    assert 'data-card="9D"' in drawing and "6 cards to draw" in drawing


def test_the_face_up_card_is_the_seven_once_swapped() -> None:
    swapped = TertzPosition(DEAL, moves=EXAMPLE["played"] + " JS swap")
    drawing = position_svg(swapped, TertzSolver().values(swapped))
    assert 'class="card face-up" data-card="7D"' in drawing


@pytest.mark.parametrize("thing", [
    Card.parse("AH"), CardSet.parse("AK.Q..7"), DEAL, POSITION,
    TertzSolver().solve(TertzPosition(DEAL, moves=EXAMPLE["played"] + " JS swap 9D")),
    analyze_tertz(POSITION, "AS swap"),
    play_tertz_deal([TertzRandomPlayer(seed=1), TertzRandomPlayer(seed=2)], DEAL),
    TertzRecord(DEAL, EXAMPLE["played"]),
], ids=lambda thing: type(thing).__name__)
def test_every_tertz_result_and_the_cards_draw_themselves(thing: object) -> None:
    drawing = thing._repr_svg_()  # type: ignore[attr-defined]
    assert drawing.startswith("<svg") and drawing.endswith("</svg>")
    assert thing._repr_html_() == f'<div class="deberts-board">{drawing}</div>'  # type: ignore[attr-defined]
