"""The side-by-side run against DDS (``pip install -e '.[dds]'``; skipped without
endplay): DDS gets the same cards, the same trump and the same leader, and both
solvers are timed in one run."""

from __future__ import annotations

import statistics

import pytest

pytest.importorskip("endplay")

from dds_compare import dds_solve, measure, pbn  # noqa: E402
from endplay.dds import solve_board  # noqa: E402
from endplay.types import Deal, Denom, Player  # noqa: E402
from sets import full_deals  # noqa: E402

from deberts import Card  # noqa: E402


@pytest.mark.parametrize("position", full_deals(4, 5), ids=str)
def test_dds_gets_the_same_cards_and_leader(position) -> None:
    deal = Deal(pbn(position), first=Player(position.leader), trump=Denom(int(position.trump)))
    for seat, mask in enumerate(position.deal.masks()):
        ours = {Card(c) for c in range(32) if mask >> c & 1}
        theirs = {Card.parse(c.rank.abbr + "SHDC"[int(c.suit)]) for c in deal[Player(seat)]}
        assert theirs == ours
    # The first lead is free in both games: DDS answers for every card of the leader.
    leader = position.deal.masks()[position.leader]
    answered = {Card.parse(c.rank.abbr + "SHDC"[int(c.suit)]) for c, _ in solve_board(deal)}
    assert answered == {Card(c) for c in range(32) if leader >> c & 1}


def test_dds_takes_only_a_first_card_4_player_deal() -> None:
    position = full_deals(4, 1)[0]
    position.push(position.legal_moves()[0])
    with pytest.raises(ValueError, match="first card"):
        dds_solve(position)


def test_both_timed_in_one_run(benchmark) -> None:
    figures = benchmark.pedantic(measure, args=(20, 1), rounds=1)
    ours, dds = statistics.median(figures["ours"]), statistics.median(figures["dds"])
    benchmark.extra_info.update(deberts_median_ms=ours * 1e3, dds_median_ms=dds * 1e3,
                                ratio=ours / dds)
    assert len(figures["ours"]) == len(figures["dds"]) == 20
    assert min(figures["dds_nodes"]) > 0
