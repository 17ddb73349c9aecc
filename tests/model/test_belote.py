"""French Belote (preset ``belote``) and its options one by one: each legality case
by hand, the capot, no declarations, the pairs-only table; the engine against the
oracle on those positions; the model's legal cards against the oracle's rule-text
reading on random play (hypothesis); the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import oracle_moves, rule_text_legal
from positions import random_position

from deberts import Deal, Position, Rules, RulesError, score, solve
from deberts.cli.main import main
from deberts.model.cards import CardSet

BELOTE = Rules.preset_rules("belote")
MOSCOW = Rules()


def position(*hands: str, trump: str = "H", rules: Rules = BELOTE, played: str = "",
             declarer: int = 0, leader: int = 0) -> Position:
    deal = Deal([CardSet(h.split()) for h in hands])
    return Position(deal, trump, declarer, leader, rules, played)


def moves(p: Position) -> set[str]:
    return {str(c) for c in p.legal_moves()}


def assert_engine_agrees(p: Position) -> None:
    """The engine's cards and values are the oracle's (its own rule-text legality)."""
    assert {m.card: m.margin for m in solve(p).moves} == oracle_moves(p)


# Hearts trumps, seat 0 leads; seats 0 and 2 against 1 and 3.
PARTNER_WINS = ("AS 7D 8D", "7S 9D TD", "JH 7H 7C", "8S KD QD")


def test_partner_winning_void_player_may_play_any_card() -> None:
    p = position(*PARTNER_WINS, played="AS 7S")
    assert moves(p) == {"JH", "7H", "7C"}
    assert moves(position(*PARTNER_WINS, rules=MOSCOW, played="AS 7S")) == {"JH", "7H"}
    alone = MOSCOW.with_options(partner_winning_free=True)
    assert moves(position(*PARTNER_WINS, rules=alone, played="AS 7S")) == {"JH", "7H", "7C"}
    assert_engine_agrees(p)


def test_partner_winning_with_a_ruff_frees_the_next_but_one() -> None:
    # seat 1 ruffs a spade, seat 3 (his partner) is void: any card, no overtrump
    hands = ("7S 7D 8D", "9H 9D TD", "8S KD QD", "JH 7H 7C")
    p = position(*hands, played="7S 9H 8S")
    assert moves(p) == {"JH", "7H", "7C"}
    assert moves(position(*hands, rules=MOSCOW, played="7S 9H 8S")) == {"JH"}
    assert_engine_agrees(p)


OPPONENT_RUFFS = ("7S 7D 8D", "JH 9D TD", "9H 7C 8C", "8S KD QD")


def test_opponent_trump_winning_cannot_overtrump_may_discard() -> None:
    p = position(*OPPONENT_RUFFS, played="7S JH")
    assert moves(p) == {"9H", "7C", "8C"}
    assert moves(position(*OPPONENT_RUFFS, rules=MOSCOW, played="7S JH")) == {"9H"}
    alone = MOSCOW.with_options(discard_over_opponent_trump=True)
    assert moves(position(*OPPONENT_RUFFS, rules=alone, played="7S JH")) == {"9H", "7C", "8C"}
    assert_engine_agrees(p)


def test_opponent_trump_winning_must_overtrump_when_able() -> None:
    hands = ("7S 7D 8D", "9H 9D TD", "JH 7H 7C", "8S KD QD")
    assert moves(position(*hands, played="7S 9H")) == {"JH"}


def test_opponent_winning_with_a_plain_card_void_player_must_trump() -> None:
    hands = ("7S 7D 8D", "AS 9D TD", "JH 7H 7C", "8S KD QD")
    assert moves(position(*hands, played="7S AS")) == {"JH", "7H"}


def test_only_trumps_left_the_player_undertrumps() -> None:
    hands = ("7S 7D 8D", "JH 9D TD", "9H 7H 8H", "8S KD QD")
    p = position(*hands, played="7S JH")
    assert moves(p) == {"9H", "7H", "8H"}
    assert_engine_agrees(p)


TRUMPS_LED = ("9H 7D 8D", "7H 9D TD", "JH 8H 7C", "8S KD QD")


def test_trumps_led_overtrump_even_the_partner() -> None:
    assert moves(position(*TRUMPS_LED, played="9H 7H")) == {"JH"}
    exempt = MOSCOW.with_options(partner_exempt=True)
    assert moves(position(*TRUMPS_LED, rules=exempt, played="9H 7H")) == {"JH", "8H"}
    both = exempt.with_options(trump_lead_overtrump_partner=True)
    assert moves(position(*TRUMPS_LED, rules=both, played="9H 7H")) == {"JH"}
    # on a plain lead the partner_exempt exemption still holds: seat 1 ruffed
    hands = ("7S 7D 8D", "9H 9D TD", "8S QH 7C", "JH KH KD")
    p = position(*hands, rules=both, played="7S 9H 8S")
    assert moves(p) == {"JH", "KH"}
    assert_engine_agrees(position(*TRUMPS_LED, rules=both, played="9H 7H"))


# Seat 0 holds every trump and leads them: seats 0 and 2 take every trick.
CAPOT_DEAL = "JH 9H AH TH KH QH 8H 7H", "AS TS KS QS JS 9S 8S 7S", \
    "AD TD KD QD AC TC KC QC", "JD 9D 8D 7D JC 9C 8C 7C"


def play_out(p: Position) -> Position:
    while not p.is_over():
        p.push(p.legal_moves()[0])
    return p


def test_capot_counts_the_last_trick_100() -> None:
    final = score(play_out(position(*CAPOT_DEAL)))
    assert final.last_trick == (100, 0, 0, 0)
    assert final.declarations == (0, 0, 0, 0)
    assert final.declarer_points == 252 + 20 and final.defender_points == 0
    without = score(play_out(position(*CAPOT_DEAL, rules=BELOTE.with_options(capot=False))))
    assert without.last_trick == (10, 0, 0, 0) and without.declarer_points == 162 + 20


def test_no_capot_when_each_side_took_a_trick() -> None:
    p = position("AS 7D", "KS 8D", "QS 9D", "JS TD", trump="H")
    final = score(play_out(p))
    assert final.declarer_points + final.defender_points == 10 + 11 + 4 + 3 + 2 + 10
    assert max(final.last_trick) == 10


#: A 4-player endgame, diamonds trumps, seat 3 declares, seat 1 leads: his ten of
#: trumps lets the defenders take both tricks, 44 card points and a capot.
ENDGAME = ".A.Q. ..T.9 .Q.9. Q...8"


def test_capot_values_in_the_engine() -> None:
    top_trumps = ("JH 9H AH", "AS TS KS", "AD TD KD", "AC TC KC")
    assert solve(position(*top_trumps)).margin == 45 + 3 * 25 + 100
    assert solve(position(*top_trumps, rules=BELOTE.with_options(capot=False))).margin == 130
    deal = Deal.parse(ENDGAME)
    capot = Position(deal, "D", 3, 1, BELOTE)
    values = {str(c): v for c, v in oracle_moves(capot).items()}
    assert values == {"TD": -144, "9C": 4}
    plain = Position(deal, "D", 3, 1, BELOTE.with_options(capot=False))
    assert {str(c): v for c, v in oracle_moves(plain).items()} == {"TD": -54, "9C": 4}
    assert_engine_agrees(capot)
    assert_engine_agrees(plain)


@pytest.mark.parametrize("seed", range(60))
def test_capot_bounds_hold_while_no_side_has_lost_a_trick(seed: int) -> None:
    """Endgames dealt from their first card, so either side may still take every
    trick: the engine counts a capot's extra points only for a side that has lost no
    trick and holds the top trump left, and must agree with the oracle."""
    p = random_position(seed, 4, 3 + seed % 2, full=False, rules=BELOTE)
    assert_engine_agrees(p)


def test_declarations_none_scores_no_tertz_but_keeps_bella() -> None:
    deal = Deal([CardSet(h.split()) for h in CAPOT_DEAL])
    full = Position(deal, "H", 0, 0, BELOTE)
    assert full.declarations.declarations == ()
    assert full.declarations.bella_seat == 0
    auto = Position(deal, "H", 0, 0, BELOTE.with_options(declarations="auto"))
    assert auto.declarations.declarations


def test_belote_preset_is_for_four_players_in_pairs() -> None:
    with pytest.raises(RulesError, match="'belote' is for 4 players in pairs, not 3 players"):
        Position(Deal.random(3, seed=1), "H", 0, 0, BELOTE)
    with pytest.raises(RulesError, match="not teams=solo"):
        Position(Deal.random(4, seed=1), "H", 0, 0, BELOTE.with_options(teams="solo"))
    # the options alone work at any table
    Position(Deal.random(3, seed=1), "H", 0, 0, MOSCOW.with_options(capot=True))


def test_bad_declarations_value_is_named() -> None:
    with pytest.raises(RulesError, match="bad value 'some' for rule option 'declarations'"):
        Rules().with_setting("declarations=some")
    assert Rules().with_setting("declarations=none").declarations == "none"
    assert Rules(preset="belote") == BELOTE


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from([2, 3, 4]),
    st.booleans(), st.booleans(), st.booleans(), st.booleans(),
)
def test_model_legality_matches_the_rule_text(seed, players, free, discard, exempt, lead):
    """Along a random play, the model's legal cards are the oracle's literal reading."""
    rules = MOSCOW.with_options(partner_winning_free=free, discard_over_opponent_trump=discard,
                                partner_exempt=exempt, trump_lead_overtrump_partner=lead)
    p = random_position(seed, players, cards_left=1 + seed % 3, rules=rules)
    assert len(p.stack) >= 3 * players
    while p.stack:
        assert set(p.legal_moves()) == set(rule_text_legal(p))
        p.pop()


def test_cli_solves_under_the_belote_preset() -> None:
    args = ["solve", ENDGAME, "--trump", "D", "--declarer", "3", "--leader", "1",
            "--played", "TD", "--json"]
    record = json.loads(CliRunner().invoke(main, [*args, "--rules", "belote"]).stdout)
    assert record["margin"] == -144
    plain = CliRunner().invoke(main, [*args, "--rules", "belote", "--set", "capot=false"])
    assert json.loads(plain.stdout)["margin"] == -54
    human = CliRunner().invoke(main, args[:-1] + ["--rules", "belote"]).stdout
    assert "+ 100 last trick" in human and "belote rules" in human
    wrong = CliRunner().invoke(main, ["solve", "A..7. K..8. Q..9.", "--trump", "H",
                                      "--declarer", "0", "--leader", "0", "--rules", "belote"])
    assert wrong.exit_code == 2
    assert "'belote' is for 4 players in pairs, not 3 players" in wrong.output
    bad = CliRunner().invoke(main, [*args, "--set", "declarations=some"])
    assert bad.exit_code == 2 and "'some'" in bad.output and "auto none" in bad.output
