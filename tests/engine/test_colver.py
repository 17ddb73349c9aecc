"""A few positions side by side with colver (skipped without it); the full check of
200 + 200 positions and the timing are ``benchmarks/colver_compare.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("colver")
# Appended, not put first: benchmarks/distributed.py must not hide the Dask package
# from the tests collected after this one.
sys.path.append(str(Path(__file__).resolve().parents[2] / "benchmarks"))

from colver_compare import (  # noqa: E402
    FROM_COLVER,
    TO_COLVER,
    check_playouts,
    compare,
    full_deals,
    mid_deals,
    north_south_points,
)


def test_card_numbering_round_trips() -> None:
    assert sorted(TO_COLVER) == list(range(32)) == sorted(FROM_COLVER)
    assert TO_COLVER[3] == 6 and TO_COLVER[4] == 3  # our ten of spades, jack of spades


def test_capot_and_bella_conversion() -> None:
    position = full_deals(1)[0]
    owner = position.declarations.bella_seat
    bella = 0 if owner is None else (20 if owner % 2 == position.declarer % 2 else -20)
    sign = 1 if position.declarer % 2 == 0 else -1
    assert north_south_points(position, sign * 252 + bella) == 252
    assert north_south_points(position, -sign * 252 + bella) == 0
    assert north_south_points(position, sign * 2 + bella) == 82


@pytest.mark.parametrize("name, positions", [("full", full_deals(6, seed=7)),
                                             ("mid", mid_deals(30, seed=8))])
def test_values_equal_colver(name: str, positions: list) -> None:
    result = compare(name, positions)
    assert result.cards >= len(positions)
    assert not result.mismatches, "\n".join(result.mismatches)


def test_random_playouts_agree_with_colver() -> None:
    assert check_playouts(full_deals(20, seed=9)) == 20 * 32
