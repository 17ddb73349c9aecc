"""The Tertz engine against the values it gave before the speed work of issue 30
(tests/data/tertz_full_deals.json, made by tests/make_tertz_fixture.py): every
legal move's value right after the break of 30 seeded deals (the first 10 in the
default run), and at the first lead of all 30 (slow: whole deals)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deberts.variants.tertz.engine.solver import Solver
from deberts.variants.tertz.model import Deal, Position

FIXTURE: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "tertz_full_deals.json").read_text()
)
DEALS: list[dict[str, Any]] = FIXTURE["deals"]


def check(row: dict[str, Any], point: str) -> None:
    position = Position(Deal.parse(row["deal"]),
                             moves=row["played"] if point == "after_break" else ())
    solver = Solver()
    values = {str(move): value for move, value in solver.values(position).items()}
    assert values == row[point]
    best = max(values.values()) if position.to_move == 0 else min(values.values())
    assert solver.value(position) == best


def test_the_fixture_holds_thirty_deals() -> None:
    assert len(DEALS) == 30 and all(row["first_lead"] and row["after_break"] for row in DEALS)


@pytest.mark.parametrize("index", range(10))
def test_after_break_values_are_unchanged(index: int) -> None:
    check(DEALS[index], "after_break")


@pytest.mark.slow
@pytest.mark.parametrize("index", range(10, 30))
def test_after_break_values_of_the_other_deals_are_unchanged(index: int) -> None:
    check(DEALS[index], "after_break")


@pytest.mark.slow
@pytest.mark.parametrize("index", range(30))
def test_first_lead_values_are_unchanged(index: int) -> None:
    check(DEALS[index], "first_lead")
