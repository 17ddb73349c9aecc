"""Tertz's drawings (deberts.variants.tertz.text.svg) and the notebook hooks of every Tertz
result type, Card and CardSet: each draws itself as one SVG document."""

from __future__ import annotations

import re

import pytest

from deberts import Card, CardSet
from deberts.cli.tertz.commands import EXAMPLE
from deberts.tertz import (
    TertzDeal,
    TertzPosition,
    TertzRecord,
    TertzSolver,
    analyze_tertz,
)
from deberts.variants.deberts.text.render import signed
from deberts.variants.tertz.play.match import play_deal as play_tertz_deal
from deberts.variants.tertz.play.players import RandomPlayer as TertzRandomPlayer
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


def test_the_trick_just_finished_lies_on_the_table_until_the_next_card() -> None:
    drawing = position_svg(POSITION)  # trick 4 was 0:7H 1:AH
    gathered = re.findall(r'class="card played gathered" data-card="(\w\w)"', drawing)
    assert sorted(gathered) == ["7H", "AH"]
    assert "last trick: seat 1 won it" in drawing


def test_the_values_of_the_breaks_wrap_under_the_table() -> None:
    due = TertzPosition(DEAL, moves="TD QD")  # seat 1 lost the first trick: it breaks
    breaks = {move: -index for index, move in enumerate(due.legal_moves())}
    assert len(breaks) > 10
    drawing = position_svg(due, breaks)
    notes = re.findall(r'<text class="label note"[^>]*>([^<]*)</text>', drawing)
    assert len(notes) > 1 and all(len(line) <= 60 for line in notes)
    assert " ".join(notes) == ", ".join(f"{move} {signed(value)}" for move, value in breaks.items())
    height = float(re.search(r'height="(\d+)"', drawing).group(1))  # type: ignore[union-attr]
    lines = re.findall(r'class="label note" x="\d+" y="([\d.]+)"', drawing)
    assert all(float(y) < height for y in lines)


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
