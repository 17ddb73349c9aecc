"""A stopped ``tertz solve`` names as best so far the move whose proven interval is
best for the player to move, and lists the moves best first by what is proven (the
report: 9D proven -196 was called best beside 7C proven in [+248, +376]). The
search is stopped at a node count, not a time, so the answer is the same on every
machine."""

from __future__ import annotations

import contextlib
import json
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from deberts.cli.main import main
from deberts.cli.search_control import PARTIAL
from deberts.engine.owner import SearchOwner

DEAL = "J9.J9.Q9.JT7 KT.AQ87.T8.Q / QS 8S AS KH 7S AC JD KC 9C KD 8C TH AD 7D"
#: Enough for 9D's value and an interval of 7C (single thread, table 2**18).
NODES = 5_000_000


@pytest.fixture
def node_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--seconds`` becomes a limit of NODES nodes."""
    limit = SearchOwner.limit

    @contextlib.contextmanager
    def by_nodes(self: Any, seconds: float | None = None, nodes: int | None = None,
                 cpu_seconds: float | None = None) -> Iterator[None]:
        with limit(self, nodes=NODES):
            yield

    monkeypatch.setattr(SearchOwner, "limit", by_nodes)


def solve(*options: str) -> Any:
    return CliRunner().invoke(main, ["tertz", "solve", DEAL, "--table-bits", "18",
                                     "--seconds", "100", *options])


@pytest.mark.usefixtures("node_limit")
def test_the_best_so_far_is_the_move_proven_best_so_far() -> None:
    result = solve()
    assert result.exit_code == PARTIAL, result.output
    lines = result.output.splitlines()
    rows = [line.split() for line in lines if line.startswith("  ")]
    assert rows[0][:4] == ["7♣", "in", "[+248,", "+376]"]
    assert rows[1] == ["9♦", "-196"]
    assert "Best: 7♣ in [+248, +376] (best so far, not proven best)." in lines


@pytest.mark.usefixtures("node_limit")
def test_the_json_answer_names_the_same_best() -> None:
    result = solve("--json")
    assert result.exit_code == PARTIAL, result.output
    answer = json.loads(result.output.splitlines()[0])
    assert answer["best"] == "7C" and not answer["best_proven"]
    assert answer["moves"][:2] == [{"move": "7C", "lower": 248, "upper": 376},
                                   {"move": "9D", "margin": -196}]
