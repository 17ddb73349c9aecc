"""One API for both games: a move is looked up by its name in every map of values
either solver returns, a card is made from its name, positions are values (equal when
their repr is, hashable), a card the seat cannot play is refused by name, and every
player type of either game chooses from a position."""

from __future__ import annotations

from typing import Any

import pytest

import deberts
from deberts import tertz
from deberts.model.cards import NamedMap

DEAL = deberts.Deal.parse("Q.AKQT.A.AJ7 J.8.T987.QT8")
TERTZ_DEAL = tertz.TertzDeal.parse(
    "QT.9.AJT8.KQ A8.AK.KQ.T87 / 7H KS JS TH 7D JH QH 8H AC 7S 9S 9C JC 9D")
#: The Tertz example after nine moves, where both hands hold nine cards.
TERTZ_MOVES = "TD QD break:0 8D KD 7C QC 7H AH"
NAMESPACE = {**vars(deberts), **vars(tertz)}


def test_tertz_values_take_move_names() -> None:
    position = tertz.TertzPosition(TERTZ_DEAL, moves=TERTZ_MOVES)
    solver = tertz.TertzSolver(table_bits=16)
    for values in (solver.values(position), solver.solve(position).move_margins()):
        assert isinstance(values, NamedMap)
        assert values["JS"] == values["js"] == values[deberts.Card.parse("JS")] == 32
        assert "8S" in values and "swap" not in values and values.get("break:0") is None
        with pytest.raises(deberts.NotationError, match="'1Z'"):
            values["1Z"]


def test_tertz_values_name_the_swap() -> None:
    position = tertz.TertzPosition(TERTZ_DEAL, moves=f"{TERTZ_MOVES} AS")
    values = tertz.TertzSolver(table_bits=16).values(position)
    assert values["swap"] == values["SWAP"] == values[tertz.SWAP]


def test_reviews_take_move_names() -> None:
    position = deberts.Position(DEAL, "H", 0, 1)
    first = deberts.analyze_play(position, "JS QS").cards[0]
    assert first.values["7D"] == first.values[deberts.Card.parse("7D")] == 30
    tertz_position = tertz.TertzPosition(TERTZ_DEAL, moves=TERTZ_MOVES)
    move = tertz.analyze_tertz(tertz_position, "AS swap").moves[1]
    assert move.values["swap"] == move.values[tertz.SWAP]


def test_deberts_bounds_take_card_names() -> None:
    position = deberts.Position(DEAL, "H", 0, 1)
    bounds = deberts.Solver(table_bits=14).bounds(position, 30)
    assert bounds["7D"] == bounds[deberts.Card.parse("7D")]


def test_a_card_is_made_from_its_name() -> None:
    assert deberts.Card("7D") == deberts.Card.parse("7D") == deberts.Card(16)
    with pytest.raises(deberts.NotationError, match="'7X'"):
        deberts.Card("7X")


@pytest.mark.parametrize("position", [
    deberts.Position(DEAL, "H", 0, 1),
    deberts.Position(DEAL, "H", 0, 1, played="7D AD AH 8H"),
    deberts.Position(DEAL, "H", 0, 1, played="7D AD KH", bella_declined=True),
    deberts.Position(DEAL, "S", 1, 1, deberts.Rules.preset_rules("kharkov")),
    tertz.TertzPosition(TERTZ_DEAL, moves=TERTZ_MOVES),
    tertz.TertzPosition(TERTZ_DEAL, tertz.TertzRules(declare_when="opening"), "TD QD break:0"),
], ids=["start", "played", "bella declined", "rules", "tertz", "tertz rules"])
def test_positions_are_values(position: Any) -> None:
    again = eval(repr(position), NAMESPACE)  # noqa: S307 - our own repr
    assert again == position and hash(again) == hash(position)
    assert len({position, again, position.copy()}) == 1
    other = position.copy()
    other.push(other.legal_moves()[0])
    assert other != position
    other.pop()
    assert other == position


@pytest.mark.parametrize("deal", [DEAL, TERTZ_DEAL], ids=["deberts", "tertz"])
def test_deals_are_values(deal: Any) -> None:
    again = eval(repr(deal), NAMESPACE)  # noqa: S307 - our own repr
    assert again == deal and hash(again) == hash(deal) and len({deal, again}) == 1


def test_positions_differ_by_their_bella_announcements_and_type() -> None:
    announced = deberts.Position(DEAL, "H", 0, 1, played="7D AD KH")
    declined = deberts.Position(DEAL, "H", 0, 1, played="7D AD KH", bella_declined=True)
    assert announced != declined
    assert deberts.Position(DEAL, "H", 0, 1) != "Position"


@pytest.mark.parametrize(("played", "cards", "message"), [
    ("", ["7D", "AD"], r"^card AD: seat 1 does not hold it$"),
    ("7D", ["AD", "QS"], r"^card QS: illegal for seat 0 here, legal are AD$"),
])
def test_values_of_a_card_the_seat_cannot_play_is_an_error(
        played: str, cards: list[str], message: str) -> None:
    position = deberts.Position(DEAL, "H", 0, 1, played=played)
    solver = deberts.Solver(table_bits=14)
    with pytest.raises(deberts.IllegalMoveError, match=message):
        solver.values(position, cards)
    with pytest.raises(deberts.IllegalMoveError, match=message):
        solver.bounds(position, 0, cards)
    legal = [str(card) for card in position.legal_moves()][:1]
    assert list(map(str, solver.values(position, legal))) == legal


@pytest.mark.parametrize("spec", ["random", "heuristic", "pimc:samples=4,bid_samples=4",
                                  "alphamu:samples=4,bid_samples=4"])
def test_every_deberts_player_chooses_from_a_position(spec: str) -> None:
    position = deberts.Position(DEAL, "H", 0, 1, played="7D AD")
    assert deberts.make_player(spec).choose(position) in position.legal_moves()


@pytest.mark.parametrize("spec", ["random", "heuristic", "pimc:samples=2", "search:samples=2"])
def test_every_tertz_player_chooses_from_a_position(spec: str) -> None:
    position = tertz.TertzPosition(TERTZ_DEAL, moves=TERTZ_MOVES)
    assert deberts.make_player(spec, game="tertz").choose(position) in position.legal_moves()


def test_a_game_refuses_another_games_position_or_rules_by_name() -> None:
    from deberts.errors import ArgumentError
    from deberts.model.registry import find_game
    from deberts.play.face import session_of
    from deberts.text.face import text_of

    tertz = find_game("tertz")
    position = deberts.Position(deberts.Deal.parse("Q.AKQT.A.AJ7 J.8.T987.QT8"), "H", 0, 1)
    with pytest.raises(ArgumentError, match="bad position: a Position is not of Tertz, "
                                            "expected Tertz's Position"):
        tertz.own(position, tertz.position, "position")
    with pytest.raises(ArgumentError, match="bad position: expected a TertzPosition"):
        text_of(tertz).values_svg(position, {})
    with pytest.raises(ArgumentError, match="bad rules: expected a TertzRules"):
        session_of(tertz).start_session(2, deberts.Rules(), None, 1, 1, 0.1)
