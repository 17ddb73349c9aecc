"""Every value type's repr evaluates back to an equal value (python-chess style:
``Move.from_uci(m.uci()) == m``), in the names ``import deberts`` and
``deberts.tertz`` give."""

from __future__ import annotations

from typing import Any

import pytest

import deberts
from deberts import tertz

NAMESPACE = {**vars(deberts), **vars(tertz)}
DEAL = deberts.Deal.parse("Q.AKQT.A.AJ7 J.8.T987.QT8")
TERTZ_DEAL = tertz.TertzDeal.parse(
    "QT.9.AJT8.KQ A8.AK.KQ.T87 / 7H KS JS TH 7D JH QH 8H AC 7S 9S 9C JC 9D")


def evaluated(value: object) -> Any:
    return eval(repr(value), NAMESPACE)  # noqa: S307 - our own reprs


@pytest.mark.parametrize("value", [
    deberts.Card.parse("AH"), deberts.CardSet.parse("AK..Q.7"), deberts.Suit.H,
    deberts.Rank.ACE, DEAL, deberts.Rules(), deberts.Rules.preset_rules("belote"),
    deberts.Bid(1, "pass"), deberts.Play(0, deberts.Card.parse("KH"), True),
    deberts.GameRecord(DEAL, dealer=0, face_up="9H",
                       bidding=[deberts.Bid(1, "pass"), deberts.Bid(0, "play")]),
    tertz.SWAP, tertz.Break(3), tertz.TertzRules(stock_play="follow"), TERTZ_DEAL,
    tertz.TertzRecord(TERTZ_DEAL, "TD QD break:0", seats=("a", "b"), number=2),
], ids=lambda value: type(value).__name__)
def test_a_value_repr_evaluates_back(value: object) -> None:
    assert evaluated(value) == value


@pytest.mark.parametrize("position", [
    deberts.Position(DEAL, "H", 0, 1, played="7D AD AH 8H"),
    deberts.Position(DEAL, "H", 0, 1, played="7D AD KH", bella_declined=True),
    deberts.Position(DEAL, "S", 1, 1, deberts.Rules.preset_rules("kharkov")),
    tertz.TertzPosition(TERTZ_DEAL, tertz.TertzRules(declare_when="opening"), "TD QD break:0"),
], ids=["played", "bella declined", "rules", "tertz"])
def test_a_position_repr_evaluates_back(position: Any) -> None:
    again = evaluated(position)
    assert repr(again) == repr(position)
    assert getattr(again, "stack", None) == getattr(position, "stack", None)
    assert again.legal_moves() == position.legal_moves()
