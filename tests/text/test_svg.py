"""The SVG drawings, checked by structure: which cards are drawn, which values are
placed under which cards, which are marked best (never compared byte for byte)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import deberts
from deberts.text import drawing
from deberts.variants.deberts.text import svg

NS = {"s": "http://www.w3.org/2000/svg"}
EXAMPLE = "Q.AKQT.A.AJ7 J.8.T987.QT8"


def parsed(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def cards(root: ET.Element, kind: str = "card") -> dict[str, set[str]]:
    """Each drawn card's name and its classes."""
    return {
        g.get("data-card", ""): set(g.get("class", "").split())
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if kind in g.get("class", "").split()
    }


def values(root: ET.Element) -> dict[str, int]:
    return {
        t.get("data-card", ""): int(t.text or "")
        for t in root.iter("{http://www.w3.org/2000/svg}text")
        if "value" in t.get("class", "").split()
    }


def test_a_position_with_values_draws_every_card_and_each_legal_value() -> None:
    position = deberts.Position(deberts.Deal.parse(EXAMPLE), "H", 0, 1)
    solution = deberts.solve(position)
    margins = {m.card: m.margin for m in solution.moves}
    root = parsed(svg.position_svg(position, margins, deberts.Card.parse("9H")))
    drawn = cards(root)
    held = {str(c) for hand in position.deal.hands for c in hand}
    assert set(drawn) == held | {"9H"}
    assert "face-up" in drawn["9H"]
    assert values(root) == {str(m.card): m.margin for m in solution.moves}
    best = {name for name, classes in drawn.items() if "best" in classes}
    assert best == {str(m.card) for m in solution.moves if m.margin == solution.margin}
    legal = {name for name, classes in drawn.items() if "legal" in classes}
    assert legal == {str(c) for c in position.legal_moves()}


def test_the_best_card_of_a_declarer_is_the_highest_margin() -> None:
    position = deberts.Position(deberts.Deal.parse(EXAMPLE), "H", 0, 0)
    solution = deberts.solve(position)
    root = parsed(svg.position_svg(position, {m.card: m.margin for m in solution.moves}))
    best = {name for name, classes in cards(root).items() if "best" in classes}
    top = max(m.margin for m in solution.moves)
    assert best == {str(m.card) for m in solution.moves if m.margin == top}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_table_size_draws_each_seat_and_the_trick(players: int) -> None:
    deal = deberts.Deal.random(players, seed=players)
    position = deberts.Position(deal, "S", 0, 1)
    for _ in range(players - 1):
        position.push(position.legal_moves()[0])
    root = parsed(svg.position_svg(position))
    labels = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("data-seat")]
    assert sorted(int(t.get("data-seat", "")) for t in labels) == list(range(players))
    assert any("declarer" in t.get("class", "") and t.get("data-seat") == "0" for t in labels)
    drawn = cards(root)
    assert {name for name, classes in drawn.items() if "played" in classes} == {
        str(p.card) for p in position.trick
    }
    assert len(drawn) == 32 if players == 4 else len(drawn) == players * deal.hand_size
    assert values(root) == {}


def test_hidden_hands_draw_backs_and_no_faces() -> None:
    scene = svg.Scene((svg.Seat(deberts.CardSet.parse("A.K.Q.J"), label="you"),
                       svg.Seat(hidden=3, label="seat 1")))
    root = parsed(svg.scene_svg(scene))
    assert set(cards(root)) == {"AS", "KH", "QD", "JC"}
    backs = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "back"]
    assert len(backs) == 3


def test_a_trick_marks_its_winner() -> None:
    position = deberts.Position(deberts.Deal.parse(EXAMPLE), "H", 0, 1, played="7D AD")
    trick = position.tricks[0]
    drawn = cards(parsed(svg.trick_svg(trick)))
    assert drawn == {"7D": {"card"}, "AD": {"card", "best"}}


def test_a_solution_draws_its_moves_with_their_margins() -> None:
    solution = deberts.solve(EXAMPLE, "H", 0, 1)
    root = parsed(svg.solution_svg(solution))
    assert values(root) == {str(m.card): m.margin for m in solution.moves}


def test_the_table_has_a_cell_per_trump_and_declarer_with_the_best_framed() -> None:
    table = deberts.dd_table(EXAMPLE, leader=1, face_up="KC", threads=1)
    root = parsed(svg.table_svg(table))
    cells = {
        (g.get("data-trump"), int(g.get("data-declarer", ""))): g
        for g in root.iter("{http://www.w3.org/2000/svg}g") if "cell" in g.get("class", "")
    }
    assert len(cells) == 8
    for cell in table.cells:
        g = cells[(cell.trump.name, cell.declarer)]
        assert int(g.get("data-margin", "")) == cell.margin
        assert ("best" in g.get("class", "")) == (cell.trump in table.best(cell.declarer))
    assert any("~" in (t.text or "") for t in root.iter("{http://www.w3.org/2000/svg}text"))


def test_the_bid_histograms_share_bins_and_mark_the_best_option() -> None:
    evaluation = deberts.evaluate_bid("AK9..QJ.7", "JH", 1, 0, 2, 2, samples=40, seed=1)
    root = parsed(svg.bid_svg(evaluation))
    options = {g.get("data-option"): g for g in root.iter("{http://www.w3.org/2000/svg}g")
               if "option" in g.get("class", "").split()}
    assert set(options) == {o.option for o in evaluation.options}
    assert "best" in options[evaluation.best].get("class", "")
    bars = {name: g.findall("s:rect", NS) for name, g in options.items()}
    assert len({len(b) for b in bars.values()}) == 1  # the same bins for all
    for option in evaluation.options:
        heights = [float(r.get("height", "")) for r in bars[option.option]]
        assert sum(h > 0 for h in heights) >= 1


def test_the_bid_histograms_say_whose_contract_each_option_plays() -> None:
    evaluation = deberts.evaluate_bid("AK9..QJ.7", "JH", 1, 0, 2, 2, samples=40, seed=1)
    whose = {o.option: svg.whose_contract(o, 1, 2) for o in evaluation.options}
    assert whose == {"S": "yours", "D": "yours", "C": "yours", "pass": "theirs"}
    root = parsed(svg.bid_svg(evaluation))
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if "option" in g.get("class", "").split():
            lines = [t.text for t in g.findall("s:text", NS)]
            assert f"contract: {whose[g.get('data-option', '')]}" in lines
            assert any((line or "").startswith("your margin ") for line in lines)
    first_round = deberts.evaluate_bid("AK9..QJ.7", "JH", 1, 0, 4, 1, samples=20, seed=1)
    passing = first_round.option("pass")  # seat 2 or seat 3, seat 1's partner, declares
    assert {o.declarer for o in passing.outcomes} == {2, 3}
    assert svg.whose_contract(passing, 1, 4) == "yours or theirs"


def test_every_table_size_lays_each_hand_in_a_row_of_its_own() -> None:
    """No two hands share a row, whatever their lengths: the rows' vertical
    extents never meet, and the seat to move's values lie a card's width apart."""
    for players in (2, 3, 4):
        position = deberts.Position(deberts.Deal.random(players, seed=players), "S", 0, 1)
        solution = deberts.solve(position)
        root = parsed(svg.position_svg(position, {m.card: m.margin for m in solution.moves}))
        spans = []
        for hand in root.iter("{http://www.w3.org/2000/svg}g"):
            if "hand" in hand.get("class", "").split():
                tops = [float(g.get("transform", "")[10:-1].split(",")[1])
                        for g in hand.iter("{http://www.w3.org/2000/svg}g") if g.get("transform")]
                spans.append((min(tops), max(tops) + drawing.CARD_H))
        spans.sort()
        assert len(spans) == players
        assert all(low[1] < high[0] for low, high in zip(spans, spans[1:]))
        xs = sorted(float(t.get("x", "")) for t in root.iter("{http://www.w3.org/2000/svg}text")
                    if "value" in t.get("class", "").split())
        assert all(b - a >= drawing.VALUE_STEP for a, b in zip(xs, xs[1:]))


def test_every_drawable_class_draws_itself_for_notebooks() -> None:
    deal = deberts.Deal.parse(EXAMPLE)
    position = deberts.Position(deal, "H", 0, 1)
    things = [deal, position, deberts.solve(position), deberts.dd_table(deal, leader=1, threads=1),
              deberts.evaluate_bid("AK9..QJ.7", "JH", 1, 0, 2, 1, samples=10, seed=2)]
    for thing in things:
        parsed(thing._repr_svg_())
        page = thing._repr_html_()
        assert page.startswith("<div") and thing._repr_svg_() in page


def test_drawing_something_else_is_the_librarys_error() -> None:
    with pytest.raises(deberts.DebertsError, match="cannot draw a str"):
        drawing.draw("AS")
