"""PIMC's bella choice (docs/rules.md 2.4): announced when the weighed samples say
announcing scores more for its side, decided with the card in play()."""

from __future__ import annotations

from dataclasses import replace

from recorded_views import recorded_views

from deberts import Card, Rules, Solver
from deberts.model.cards import Rank
from deberts.variants.deberts.play.match import PlayView
from deberts.variants.deberts.play.pimc import PimcPlayer


def _holds_bella(view: PlayView) -> bool:
    """Both bella cards in hand and one of them playable."""
    both = {Card.of(view.trump, Rank.KING), Card.of(view.trump, Rank.QUEEN)}
    return both <= set(view.hand) and bool(both & set(view.legal))


def _bella_views(players: int, rules: Rules, wanted: int) -> list[PlayView]:
    return recorded_views(players, rules, wanted, _holds_bella)


TABLES = [
    (2, Rules().with_options(bella="trick_winner")),
    (3, Rules().with_options(bella="both_tricks")),
    (4, Rules().with_options(bella="trick_winner")),
    (4, Rules.preset_rules("belote", bella="trick_winner")),
]


def test_bella_is_announced_when_the_samples_say_it_scores_more() -> None:
    """Under ``trick_winner`` and ``both_tricks`` the choice is the sign of the
    weighed gain of announcing over keeping quiet, in the samples the card was
    chosen on; both answers occur."""
    answers = set()
    for players, rules in TABLES:
        for view in _bella_views(players, rules, 6):
            player = PimcPlayer(samples=6, seed=3, infer="bidding")
            card = player.play(view)
            if card not in (Card.of(view.trump, Rank.KING), Card.of(view.trump, Rank.QUEEN)):
                continue
            announce = player.declare(view)
            twin = PimcPlayer(samples=6, seed=3, infer="bidding")
            samples = list(twin._weighed_samples(view, []))
            sign = 1 if view.seat in view.declarer_side else -1
            solver = Solver(table_bits=14)
            gain = 0
            for position, weight in samples:
                for bella, factor in ((True, 1), (False, -1)):
                    after = position.copy()
                    after.push(card, bella=bella)
                    gain += factor * weight * sign * solver.value(after)
            assert announce == (gain > 0)
            answers.add(announce)
    assert answers == {True, False}


def test_under_the_owner_rule_bella_is_always_announced() -> None:
    for view in _bella_views(4, Rules(), 4):
        player = PimcPlayer(samples=4, seed=1)
        card = player.play(view)
        if card in (Card.of(view.trump, Rank.KING), Card.of(view.trump, Rank.QUEEN)):
            assert player.declare(view) is True


def test_declare_answers_for_any_view() -> None:
    """A harness may ask about a view play() never saw (decided then, as play would
    with the same seed), or about an equal view built again (the answer made in
    play(), with no second search)."""
    views = _bella_views(4, Rules().with_options(bella="trick_winner"), 6)
    for view in views:
        asked = PimcPlayer(samples=4, seed=1).declare(view)
        played = PimcPlayer(samples=4, seed=1)
        card = played.play(view)
        bella_card = card in (Card.of(view.trump, Rank.KING), Card.of(view.trump, Rank.QUEEN))
        assert asked == (played.declare(view) if bella_card else True)
        calls = []
        original = played.play
        played.play = lambda v: calls.append(v) or original(v)  # type: ignore[method-assign]
        assert played.declare(replace(view)) == asked and not calls
    assert len(views) == 6
