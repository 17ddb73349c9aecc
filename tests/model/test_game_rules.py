"""The game-level rule options (docs/rules.md 2.7), each on its own: a Klabor six
and a deberts end the game, the redeal rights, the ski and the third-bait penalty.
Every test also plays the same deal with the option off, so it shows the option
changes the game."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from deberts import Card, CardSet, Rules, RulesError
from deberts.model.cards import Suit, parse_cards
from deberts.variants.deberts.model.game_rules import (
    has_four_sevens,
    has_low_points,
    is_deberts,
    is_klabor_six,
)
from deberts.variants.deberts.play import match as match_module
from deberts.variants.deberts.play.match import Match, play_deal
from deberts.variants.deberts.play.players import HeuristicPlayer, RandomPlayer


class Claimer(HeuristicPlayer):
    """A heuristic player that answers every redeal right with ``claims``, and
    counts how often it was asked."""

    def __init__(self, claims: bool) -> None:
        super().__init__()
        self.claims = claims
        self.asked = 0

    def redeal(self, view: object) -> bool:
        self.asked += 1
        return self.claims


def rig(
    monkeypatch: pytest.MonkeyPatch, first: list[str], face_up: str | None, extra: str = ""
) -> None:
    """Deal ``first`` (each seat's first six cards) and ``face_up`` (``None``: no card
    turned up); the rest of the deck follows, ``extra`` first (the extra cards of seat
    0, then seat 1, ...), the others in a fixed shuffled order."""
    firsts = [[int(c) for c in parse_cards(text)] for text in first]
    up = None if face_up is None else Card.parse(face_up)
    front = [int(c) for c in parse_cards(extra)] if extra else []
    used = {c for cards in firsts for c in cards} | set(front) | ({int(up)} if up else set())
    rest = [c for c in range(32) if c not in used]
    random.Random(7).shuffle(rest)
    rest = front + rest

    def dealt(players: int, rng: random.Random, turn_up: bool = True):
        assert turn_up == (up is not None), "the rules and the rigged face-up card disagree"
        return firsts, up, rest

    monkeypatch.setattr(match_module, "deal_cards", dealt)


def test_hand_facts() -> None:
    assert has_four_sevens(CardSet(parse_cards("7S 7H 7D 7C AS")))
    assert not has_four_sevens(CardSet(parse_cards("7S 7H 7D 8C")))
    assert has_low_points(CardSet(parse_cards("AS JS 7H 8H 9D 7C")))  # 11 + 2 = 13
    assert not has_low_points(CardSet(parse_cards("AS QS 7H 8H 9D 7C")))  # 14
    assert has_low_points(CardSet(parse_cards("JH 9H 8H 7H 9D 7C KS QS")))  # 2 + 7, trumps plain
    assert is_klabor_six(CardSet(parse_cards("AH KH QH JH TH 9H")))
    assert not is_klabor_six(CardSet(parse_cards("KH QH JH TH 9H 8H")))
    assert is_deberts(CardSet(parse_cards("8C 9C TC JC QC KC AC 7S")), Suit.C)
    assert not is_deberts(CardSet(parse_cards("7C 8C 9C TC JC QC AC")), Suit.C)


def test_klabor_six_wins_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["7S 8S 9D TD 7C 8C", "AH KH QH JH TH 9H"], "JS")
    on = Match([HeuristicPlayer(), HeuristicPlayer()], Rules(klabor_six=True), seed=1)
    result = on.play_deal()
    assert result.game_won_by == 1 and result.score is None and result.record.play == ()
    assert on.winner() == frozenset({1})
    off = Match([HeuristicPlayer(), HeuristicPlayer()], Rules(), seed=1)
    assert off.play_deal().game_won_by is None and off.winner() is None


def test_deberts_wins_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 is dealt 8C..KC and draws AC: seven clubs in sequence once clubs are trump.
    rig(monkeypatch, ["7S 8S 9S TS 7H 8H", "8C 9C TC JC QC KC"], "7C", extra="9H TH JH AC")
    players = [HeuristicPlayer(threshold=0), HeuristicPlayer(threshold=0)]
    result = play_deal(players, 0, Rules(deberts_seven=True), random.Random(0))
    assert result.record.trump == Suit.C
    assert result.game_won_by == 1 and result.score is None and result.record.play == ()
    plain = play_deal(players, 0, Rules(), random.Random(0))
    assert plain.game_won_by is None and len(plain.record.play) == 18


@pytest.mark.parametrize("claims", [True, False])
def test_four_sevens_redeal(monkeypatch: pytest.MonkeyPatch, claims: bool) -> None:
    rig(monkeypatch, ["AS KS QS AH KH QH", "7S 7H 7D 7C 8S 8H"], "JS")
    seated = [HeuristicPlayer(threshold=0), Claimer(claims)]
    match = Match(seated, Rules(four_sevens_redeal=True), seed=3)
    result = match.play_deal()
    assert seated[1].asked == 1
    if claims:
        assert result.redeal_by == 1 and result.score is None and result.record.play == ()
        assert match.dealer == 0  # the same dealer deals again
    else:
        assert result.redeal_by is None and result.score is not None and match.dealer == 1
    never = Claimer(True)
    Match([HeuristicPlayer(threshold=0), never], Rules(), seed=3).play_deal()
    assert never.asked == 0


def test_low_points_redeal_only_four_players_solo(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(RulesError, match="low_points_redeal"):
        Match([RandomPlayer(0), RandomPlayer(1)], Rules(low_points_redeal=True))
    with pytest.raises(RulesError, match="low_points_redeal"):
        Match([RandomPlayer(s) for s in range(4)], Rules(low_points_redeal=True))
    rig(monkeypatch, ["AS TS AH TH AD TD", "7S 8S 9S 7H 8H 9H", "KS QS KH QH KD QD",
                      "JS JH JD JC KC QC"], "AC")
    low = Claimer(True)
    seated = [HeuristicPlayer(threshold=0), low, HeuristicPlayer(), HeuristicPlayer()]
    result = Match(seated, Rules(teams="solo", low_points_redeal=True), seed=0).play_deal()
    assert result.redeal_by == 1 and low.asked == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ski_costs_a_side_without_a_trick(players: int) -> None:
    found = 0
    for seed in range(300):
        seated = [RandomPlayer(seed * 7 + s) for s in range(players)]
        plain = play_deal(seated, 0, Rules(), random.Random(seed))
        seated = [RandomPlayer(seed * 7 + s) for s in range(players)]
        ski = play_deal(seated, 0, Rules(ski=50), random.Random(seed))
        if plain.score is None:
            continue
        assert (ski.record.deal, ski.record.play) == (plain.record.deal, plain.record.play)
        won = ski.record.position().tricks_won()
        for seat in range(players):
            team = [m for m in range(players) if m == seat or players == 4 and m % 2 == seat % 2]
            expected = -50 if not any(won[m] for m in team) else 0
            assert ski.penalties[seat] == expected
            assert ski.gains[seat] == plain.gains[seat] + expected
            found += expected != 0
    assert found > 0


def test_third_bait_costs_a_hundred() -> None:
    def baits(rules: Rules) -> Match:
        match = Match([RandomPlayer(1), RandomPlayer(2)], rules, target=1001, seed=5)
        for _ in range(40):
            match.play_deal()
        return match

    on, off = baits(Rules(third_bait_penalty=True)), baits(Rules())
    counted: dict[int, int] = {}
    charged = 0
    for a, b in zip(on.results, off.results):
        assert (a.record.deal, a.record.play) == (b.record.deal, b.record.play)
        extra = [Fraction(x) - Fraction(y) for x, y in zip(a.gains, b.gains)]
        if a.score is not None and a.score.result == "bait":
            declarer = a.record.declarer
            counted[declarer] = counted.get(declarer, 0) + 1
            if counted[declarer] >= 3:
                assert extra[declarer] == -100 and a.penalties[declarer] == -100
                charged += 1
                continue
        assert extra == [0, 0]
    assert charged > 0
