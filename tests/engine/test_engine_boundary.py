"""The typed boundary of the compiled engine: the move encoding, the spec's checks,
the bella constants tied to the ``bella`` option, and the engine's one import of
the model (the point tables)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deberts import Position, Rules
from deberts.model.cards import Card
from deberts.variants.deberts.engine import _engine
from deberts.variants.deberts.engine.boundary import (
    _rule_input,
    engine_input,
    move_card,
    push_move,
    value_class,
)
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.rules import CHOICES, OPTION_NAMES

SOLVER = Path(__file__).resolve().parents[2] / "solver"


def test_moves_round_trip():
    for card in range(32):
        for declines in (False, True):
            move = _engine.encode_move(card, declines)
            assert _engine.decode_move(move) == (card, declines)
            assert move_card(move) == Card(card)
    with pytest.raises(ValueError):
        _engine.encode_move(32)


def test_push_move_declines_bella():
    # seat 0 holds the king and queen of trumps and leads the king without bella
    deal = Deal.parse("KQ7.A.A. 98T.K.K.")
    position = Position(deal, "S", 0, 0)
    push_move(position, _engine.encode_move(int(Card.parse("KS")), True))
    assert position.stack[-1].bella is False


def test_bella_rules_are_the_option_values():
    assert set(_engine.BELLA_RULES) == set(CHOICES["bella"])
    assert list(_engine.BellaState) == sorted(_engine.BellaState)


def test_spec_refuses_a_bad_description():
    spec, _ = engine_input(Position(Deal.parse("A... K..."), "S", 0, 0))
    good = dict(players=2, trump=0, hands=[1, 2], sides=[1, -1], partners=[-1, -1],
                leader=0, decl_team=0, decl_value=0, decl_pending=False, bella="owner",
                bella_owner=0, bella_cards=0, bella_team=0, bella_state=0, sides_won=0,
                partner_exempt=False, trump_lead_overtrump_partner=False,
                partner_winning_free=False, discard_over_opponent_trump=False, capot=False)
    assert _engine.Spec(**good).leader == spec.leader == 0
    for bad in ({"players": 5}, {"trump": 4}, {"leader": 2}, {"hands": [1]},
                {"bella": "fixed"}):
        with pytest.raises(ValueError):
            _engine.Spec(**{**good, **bad})


def test_the_engine_imports_only_the_point_tables_and_errors():
    boundary = (SOLVER / "_engine.pyx").read_text()
    parts = re.findall(r'^include "([\w/]+\.pxi)"', boundary, re.M)
    assert parts == ["common/bits.pxi", "common/limit.pxi", "deberts/types.pxi",
                     "deberts/cards.pxi", "deberts/state.pxi", "deberts/bounds.pxi",
                     "deberts/table.pxi", "common/structure.pxi", "deberts/ordering.pxi",
                     "deberts/search.pxi",
                     "common/mtdf.pxi", "deberts/root.pxi", "common/shell.pxi"]  # the reading order
    imports = set()
    for text in [boundary, *((SOLVER / part).read_text() for part in parts)]:
        imports |= set(re.findall(r"^\s*(?:from|import)\s+(deberts[\w.]*)", text, re.M))
    # from deberts.variants.deberts.model import points; the error a stopped search raises
    assert imports == {"deberts.model", "deberts.variants.deberts.model", "deberts.errors"}
    assert "from deberts.variants.deberts.model import points" in (SOLVER / "deberts" / "cards.pxi").read_text()


def test_rule_options_reach_the_engine_by_name():
    options = set(_rule_input(4, Rules())) - {"players", "partners"}
    assert options <= set(OPTION_NAMES)
    assert {"partner_exempt", "trump_lead_overtrump_partner", "partner_winning_free",
            "discard_over_opponent_trump", "capot", "bella"} <= options


def test_search_refuses_a_missing_spec():
    with pytest.raises(TypeError):
        _engine.Search(10).value(None, [])  # type: ignore[arg-type]


def test_move_order_lists_the_legal_cards_in_search_order():
    # seat 0 leads: the ace of hearts is the top card of its suit (cashed first);
    # the 7 and 8 of clubs are interchangeable, so only one of them is listed
    position = Position(Deal.parse("K.A.78. Q.K.AT."), "S", 0, 0)
    spec, trick = engine_input(position)
    order = [move_card(m) for m in _engine.Search(10).move_order(spec, trick)]
    assert order[0] == Card.parse("AH")
    assert set(order) < set(position.legal_moves())
    assert len(order) == len(position.legal_moves()) - 1
    # mid-trick: the follower must follow hearts with its only heart
    position.push(Card.parse("AH"))
    spec, trick = engine_input(position)
    assert [move_card(m) for m in _engine.Search(10).move_order(spec, trick)] == [
        Card.parse("KH")]


def test_value_classes_join_partners_and_turn_the_sign_for_opponents() -> None:
    deal = Deal.random(4, seed=3)
    classes = [value_class(Position(deal, "H", declarer, 1)) for declarer in range(4)]
    assert Position(deal, "H", 0, 1).declarations.points == 70
    assert len({key for key, _ in classes}) == 1
    assert [sign for _, sign in classes] == [1, -1, 1, -1]
    assert value_class(Position(deal, "S", 0, 1))[0] != classes[0][0]
