"""The Tertz renderings (deberts.variants.tertz.text.render) against the model: a played line shows
every trick with its winner and points, the break, every swap, every draw and every
declaration (with the runs it replaces) and marriage where it happened; the score
table is the model's score."""

from __future__ import annotations

import random
import re

import pytest

from deberts.model.cards import CardSet
from deberts.tertz import SWAP, Break, TertzDeal, TertzPosition, TertzRules
from deberts.text.notation import Notation
from deberts.variants.tertz.model import Move
from deberts.variants.tertz.text.render import deal_lines, line_lines, position_lines, score_lines

ASCII = Notation(ascii=True)


def played_deal(seed: int, rules: TertzRules | None = None) -> tuple[TertzPosition, list[Move]]:
    """A deal played to the end by random legal moves (the swap whenever legal)."""
    rng = random.Random(seed)
    start = TertzPosition(TertzDeal.random(rng), rules)
    end = start.copy()
    while not end.is_over():
        legal = end.legal_moves()
        end.push(SWAP if SWAP in legal else rng.choice(legal))
    return start, list(end.moves)


def cards(mask: int) -> str:
    return ASCII.cards(CardSet(mask))


@pytest.mark.parametrize("seed", [2, 17, 44, 60, 61])
def test_a_played_deal_shows_every_event(seed: int) -> None:
    start, moves = played_deal(seed)
    end = TertzPosition(start.deal, start.rules, moves)
    lines = line_lines(start, moves, ASCII)
    text = "\n".join(lines)
    rows = [line for line in lines if line.startswith("  trick")]
    assert len(rows) == 16
    for number, (row, trick) in enumerate(zip(rows, end.tricks, strict=True), 1):
        first, second = trick.cards
        seats = (trick.leader, 1 - trick.leader)
        assert re.match(rf"  trick {number} +{seats[0]}:{ASCII.card(first)} +"
                        rf"{seats[1]}:{ASCII.card(second)} +seat {trick.winner} wins +"
                        rf"{trick.points} points", row), row
    assert rows[-1].endswith("+ 10 last trick")
    assert text.count(f"breaks the stock by {end.broken}; draws") == 1
    assert text.count("draws ") == 7
    assert text.count(" swaps ") == moves.count(SWAP)
    for d in end.declarations:
        assert f"{d.seat} declares {d.kind} {cards(d.cards)} {d.points}" in text
    for d in (d for d in end.declarations if not d.counting):
        assert re.search(rf"declares run .* replacing (.*, )?{cards(d.cards)}", text), d
    if any(end.marriage):
        assert text.count(" marriage ") == 1


def test_the_seeds_cover_replacements_swaps_and_the_marriage() -> None:
    ends = [TertzPosition(start.deal, start.rules, moves)
            for start, moves in map(played_deal, [2, 17, 44, 60, 61])]
    assert any(not d.counting for end in ends for d in end.declarations)
    assert any(SWAP in end.moves for end in ends)
    assert any(any(end.marriage) for end in ends)


def test_a_line_from_mid_trick_brackets_the_card_on_the_table() -> None:
    start, moves = played_deal(3)
    middle = TertzPosition(start.deal, start.rules, moves[:30])
    assert middle.trick
    (first, *_) = line_lines(middle, moves[30:], ASCII)
    leader = middle.leader
    assert f"[{leader}:{ASCII.card(middle.trick[0])}]" in first


def test_a_line_starting_with_the_break_has_a_row_of_its_own() -> None:
    start, moves = played_deal(5)
    index, k = next((i, m.k) for i, m in enumerate(moves) if isinstance(m, Break))
    before = TertzPosition(start.deal, start.rules, moves[:index])
    (first, notes, *_) = line_lines(before, moves[index:], ASCII)
    assert first == "  break" and f"breaks the stock by {k}" in notes


def test_score_lines_are_the_model_score() -> None:
    start, moves = played_deal(8)
    end = TertzPosition(start.deal, start.rules, moves)
    score = end.score()
    rows = [line.split() for line in score_lines(end)[1:-1]]
    table = {" ".join(row[:-2]): row[-2:] for row in rows}
    assert table["total"] == [str(t) for t in score.raw]
    assert table["recorded"] == [str(t) for t in score.recorded]
    assert table["declarations"] == [str(t) for t in score.declarations]
    parts = [sum(int(table[name][seat]) for name in ("cards", "last trick", "declarations",
                                                      "marriage")) for seat in (0, 1)]
    assert parts == list(score.raw)


def test_the_position_and_deal_diagrams_show_the_stock_in_draw_order() -> None:
    start, moves = played_deal(9)
    stock = " ".join(ASCII.card(c) for c in start.deal.stock)
    assert deal_lines(start.deal, ASCII)[-1].endswith(stock)
    assert position_lines(start, ASCII)[-1].endswith(stock)
    middle = TertzPosition(start.deal, TertzRules(stock_play="free"), moves[:3])
    title, *_, last = position_lines(middle, ASCII)
    assert "rules stock_play=free; the hands after 3 moves" in title
    assert last.endswith(" ".join(ASCII.card(c) for c in middle.stock))
