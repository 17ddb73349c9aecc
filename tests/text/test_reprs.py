"""Results have short reprs that say what they are (a notebook or a debugger shows
them): one line, the key figures, never the whole object tree."""

from __future__ import annotations

import random

from deberts import Card, CardSet, Deal, Position, analyze_play, dd_table, evaluate_bid, solve


def two_player_deal(seed: int) -> tuple[Deal, list[int]]:
    deck = list(range(32))
    random.Random(seed).shuffle(deck)
    return Deal([sum(1 << c for c in deck[i * 9:(i + 1) * 9]) for i in range(2)]), deck


def test_reprs_are_one_short_line() -> None:
    deal, deck = two_player_deal(1)
    solution = solve(deal, trump="H", declarer=0, leader=1)
    position = Position(deal, "H", 0, 1, played=[solution.pv[0].card])
    analysis = analyze_play(Position(deal, "H", 0, 1), [p.card for p in solution.pv[:3]])
    bid = evaluate_bid(CardSet(list(deal.hands[0])[:6]), Card(deck[20]), 1, 0, 2, 1, 10, 1)
    shown = {
        "<Solution margin=": solution,
        "<MoveValue ": solution.moves[0],
        "<DDTable 2 players, 8 cells": dd_table(deal, leader=1),
        "<PlayAnalysis cards=3": analysis,
        "<CardAnalysis 0: seat 1": analysis.cards[0],
        "<BidEvaluation seat=1 round=1": bid,
    }
    for start, value in shown.items():
        text = repr(value)
        assert text.startswith(start) and "\n" not in text and len(text) < 200, text
    assert f"margin={solution.margin:+d}" in repr(solution)
    assert repr(position).endswith(f"played='{solution.pv[0].card}')")
