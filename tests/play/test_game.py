"""The game flow: information hiding, legality, scoring across deals, seeds."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from deberts import Card, CardSet, DebertsError, GameRecord, Rules
from deberts.variants.deberts.play.match import BidView, Match, PlayView, play_deal
from deberts.variants.deberts.play.players import HeuristicPlayer, RandomPlayer


def cards_in(value: object) -> set[int]:
    """Every card a view carries, however deeply nested."""
    if isinstance(value, Card):
        return {int(value)}
    if isinstance(value, CardSet):
        return {int(c) for c in value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, (tuple, list, frozenset, set)):
        return set().union(set(), *(cards_in(v) for v in value))
    return set()


class Spy:
    """A player that records every view and otherwise plays like ``inner``."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.views: list[object] = []

    def bid(self, view: BidView) -> str:
        self.views.append(view)
        return self.inner.bid(view)

    def exchange(self, view: PlayView) -> bool:
        self.views.append(view)
        return self.inner.exchange(view)

    def play(self, view: PlayView) -> Card:
        self.views.append(view)
        return self.inner.play(view)

    def declare(self, view: PlayView) -> bool:
        self.views.append(view)
        return self.inner.declare(view)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_player_never_sees_another_hand(players: int) -> None:
    for seed in range(15):
        spies = [Spy(HeuristicPlayer() if s % 2 else RandomPlayer(seed + s)) for s in range(players)]
        result = play_deal(spies, seed % players, Rules(), random.Random(seed))
        record = result.record
        if record.thrown_in:
            continue
        position = record.start()
        shown = {int(c) for d in position.declarations.scoring for c in d.cards}
        final = record.position()
        for seat, spy in enumerate(spies):
            for view in spy.views:
                assert view.seat == seat
                own = view.hand.mask
                played = {int(c) for c in final.played_cards()}
                visible = {c for c in range(32) if own >> c & 1} | played | shown
                visible.add(int(record.face_up))
                others = {
                    c for s in range(players) if s != seat
                    for c in range(32) if record.deal_in_play().hands[s].mask >> c & 1
                }
                assert cards_in(view) & others <= visible
                if isinstance(view, PlayView):
                    seen_so_far = cards_in(view.tricks) | cards_in(view.trick)
                    assert seen_so_far <= played


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_are_legal_and_recorded(players: int) -> None:
    for seed in range(40):
        seats = [RandomPlayer(seed * 7 + s) for s in range(players)]
        rules = Rules(dealer_must_choose=seed % 3 == 0, first_lead="declarer" if seed % 2 else "eldest")
        result = play_deal(seats, seed % players, rules, random.Random(seed))
        assert GameRecord.from_dict(result.record.to_dict()) == result.record
        if result.score is not None:
            assert result.record.is_complete()
            assert list(result.gains) == list(result.score.records)


def test_seeds_reproduce_a_match() -> None:
    def match() -> list:
        m = Match([HeuristicPlayer(), RandomPlayer(1), HeuristicPlayer()], seed=4)
        m.play()
        return [r.record.to_dict() for r in m.results] + [m.scores]

    assert match() == match()


def test_match_scores_dealer_rotation_and_hanging_bait_carry() -> None:
    for seed in range(40):
        m = Match([RandomPlayer(seed), RandomPlayer(seed + 1)], seed=seed)
        m.play()
        assert [r.record.dealer for r in m.results] == [i % 2 for i in range(len(m.results))]
        total = [Fraction(0), Fraction(0)]
        for before, result in zip([None, *m.results], m.results):
            held = before.held_over if before is not None else 0
            if result.score is not None:
                extra = sum(result.gains) - sum(result.score.records)
                assert extra == (held if held and result.score is not None else 0)
            for seat in range(2):
                total[seat] += result.gains[seat]
        assert total == m.scores
        winner = m.winner()
        assert winner is not None and m.team_score(winner) >= 301


@pytest.mark.parametrize("players", [2, 3, 4])
def test_held_over_points_go_to_the_next_top_scorer(players: int) -> None:
    for seed in range(10):
        seats = [HeuristicPlayer() for _ in range(players)]
        result = play_deal(seats, 0, rng=random.Random(seed), carried=40)
        if result.score is None:
            assert result.held_over == 40  # a throw-in keeps them waiting
            continue
        totals = result.score.totals
        top = max(range(players), key=lambda s: (totals[s], -s))
        team = {top, (top + 2) % 4} if players == 4 else {top}
        for seat in range(players):
            extra = result.gains[seat] - result.score.records[seat]
            assert extra == (40 if seat in team else 0)


def test_pairs_partners_share_a_score() -> None:
    m = Match([HeuristicPlayer() for _ in range(4)], seed=2)
    m.play()
    assert m.scores[0] == m.scores[2] and m.scores[1] == m.scores[3]
    assert len(m.teams()) == 2


class Cheat(RandomPlayer):
    def play(self, view: PlayView) -> Card:
        return next(Card(c) for c in range(32) if Card(c) not in view.legal)


class BadCaller(RandomPlayer):
    def bid(self, view: BidView) -> str:
        return "double"


def test_illegal_moves_are_refused() -> None:
    with pytest.raises(DebertsError, match=r"seat \d played .* not one of its legal cards"):
        for seed in range(20):
            play_deal([Cheat(seed), Cheat(seed + 1)], 0, rng=random.Random(seed))
    with pytest.raises(DebertsError, match=r"seat 1 called 'double', not one of play pass"):
        play_deal([BadCaller(), BadCaller()], 0, rng=random.Random(1))


def test_bad_match_settings() -> None:
    with pytest.raises(DebertsError, match="bad target 300"):
        Match([RandomPlayer(), RandomPlayer()], target=300)
    with pytest.raises(DebertsError, match="bad player count 1"):
        Match([RandomPlayer()])


def test_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(30):
        m = Match([HeuristicPlayer(), RandomPlayer(seed)], seed=seed)
        wins += m.play() == frozenset({0})
    assert wins >= 20


def test_bella_can_be_declined_and_is_recorded() -> None:
    declined = announced = 0
    for seed in range(300):
        result = play_deal([RandomPlayer(seed), RandomPlayer(seed + 1)], seed % 2,
                           rng=random.Random(seed))
        if result.score is None or result.record.start().declarations.bella_seat is None:
            continue
        bella = [p for p in result.record.position().stack if p.bella]
        if result.record.bella_declined:
            declined += 1
            assert not bella
        elif bella:
            announced += 1
    assert declined and announced
