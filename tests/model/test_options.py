"""Each rule option of the play, on its own: a position where turning it over changes
what is legal or what the deal is worth, in the model and in the engine alike.

Legality options: the model's legal cards differ as docs/rules.md 2.5 and 2.8 say,
and the engine offers exactly the model's cards. Score options: the engine's exact
margin differs (every line it reports is replayed and scored by the model, which
``solve`` checks against the engine's value).
"""

from __future__ import annotations

import pytest

from deberts import Deal, Position, Rules, solve
from deberts.variants.deberts.model.rules import OPTION_NAMES
from deberts.variants.deberts.model.sides import plays_in_pairs


def position(hands: str, trump: str, declarer: int, leader: int, rules: Rules,
             played: str = "") -> Position:
    return Position(Deal.parse(hands), trump, declarer, leader, rules, played)


def legal(p: Position) -> set[str]:
    """The legal cards, after checking that the engine offers the same."""
    model = {str(c) for c in p.legal_moves()}
    assert {str(m.card) for m in solve(p).moves} == model
    return model


# 4 players in pairs, hearts trump, seat 0 to play last to the trick.
#: (option, the hands, the leader, the cards played, legal with, legal without)
LEGALITY = [
    # the partner's ace of spades wins: void, seat 0 may discard instead of trumping
    ("partner_winning_free", ".7.A. 7...K A...Q 8...J", 1, "7S AS 8S",
     {"7H", "AD"}, {"7H"}),
    # an opponent's jack of trumps wins: seat 0 cannot beat it, so may discard
    ("discard_over_opponent_trump", ".7.A. 7...K 8...Q .J..J", 1, "7S 8S JH",
     {"7H", "AD"}, {"7H"}),
    # the partner ruffed with the queen: seat 0 need not overtrump it
    ("partner_exempt", ".K7.. 7...K .Q..Q 8...J", 1, "7S QH 8S",
     {"KH", "7H"}, {"KH"}),
]


@pytest.mark.parametrize(("option", "hands", "leader", "played", "on", "off"), LEGALITY,
                         ids=[case[0] for case in LEGALITY])
def test_legality_option(option, hands, leader, played, on, off):
    assert legal(position(hands, "H", 0, leader, Rules(**{option: True}), played)) == on
    assert legal(position(hands, "H", 0, leader, Rules(**{option: False}), played)) == off


def test_trump_lead_overtrump_partner():
    # the partner leads the queen of trumps: under partner_exempt seat 0 may play
    # any trump, unless trump leads are excepted
    hands, played = ".K8.. 8...K .Q..Q 7...J", "QH 7S"
    exempt = Rules(partner_exempt=True)
    on = exempt.with_options(trump_lead_overtrump_partner=True)
    assert legal(position(hands, "H", 0, 2, on, played)) == {"KH"}
    assert legal(position(hands, "H", 0, 2, exempt, played)) == {"KH", "8H"}


def test_teams():
    # seat 2 wins the only trick: the declarer's partner in pairs, a defender solo
    hands = "7... 8... A... 9..."
    assert plays_in_pairs(4, Rules()) and not plays_in_pairs(4, Rules(teams="solo"))
    assert solve(position(hands, "H", 0, 0, Rules())).margin == 21
    assert solve(position(hands, "H", 0, 0, Rules(teams="solo"))).margin == -21


def test_capot():
    hands = "KJ8.QJ9.K.K7 T.A.JT98.QJT"
    with_capot = solve(position(hands, "C", 1, 1, Rules(capot=True)))
    assert with_capot.margin == 255 and with_capot.score.last_trick[1] == 100
    assert solve(position(hands, "C", 1, 1, Rules())).margin == 165


@pytest.mark.parametrize(("value", "margin"), [("owner", 11), ("trick_winner", 31),
                                               ("both_tricks", 31)])
def test_bella(value, margin):
    # seat 0 holds the king and queen of spades, which seat 1 can catch
    assert solve(position("KQ.8.AJ.KT98 AJT7.AT.Q.J7", "S", 1, 1,
                          Rules(bella=value))).margin == margin


def test_declarations_need_trick():
    # three players near the end: the scoring team has taken no trick yet
    hands = "K98.J9.KQ.A7 T.A.JT98.KQT Q7.KQ87.A7.8"
    played = "8D AD KD 8H JH AH 9H TS 7H AC QC 8C KS 9D QS QD JD 7D 9S"
    need = solve(position(hands, "H", 1, 1, Rules(), played))
    always = solve(position(hands, "H", 1, 1, Rules(declarations_need_trick=False), played))
    assert (need.margin, always.margin) == (-157, -107)
    assert sum(need.score.declarations) == 0 < sum(always.score.declarations)


@pytest.mark.parametrize(("option", "hands", "trump", "on", "off"), [
    # seat 1's A K Q of trumps is a run in the natural order only (trump play
    # order: Q K 10 A 9 J)
    ("sequence_order", "AQT7.K9.JT.Q J9..AKQ8.T98", "D", "play", "natural"),
    ("declarations", "AQT7.K9.JT.Q J9..AKQ8.T98", "D", "none", "auto"),
    # a tertz 10 J Q of trumps against one of diamonds: the trump one wins under
    # moscow's tiebreak only
    ("trump_tiebreak", "AQJT.Q9.7.98 97.A7.QJT.J7", "S", False, True),
])
def test_declaration_option(option, hands, trump, on, off):
    with_on = position(hands, trump, 1, 1, Rules(**{option: on}))
    with_off = position(hands, trump, 1, 1, Rules(**{option: off}))
    assert with_on.declarations != with_off.declarations
    assert solve(with_on).margin != solve(with_off).margin


def test_every_play_option_is_tested_here():
    """The options that change what is legal or what a deal is worth, each tested
    above under its name in Rules."""
    tested = {case[0] for case in LEGALITY} | {
        "trump_lead_overtrump_partner", "teams", "capot", "bella",
        "declarations_need_trick", "sequence_order", "declarations", "trump_tiebreak",
    }
    assert tested <= set(OPTION_NAMES)
