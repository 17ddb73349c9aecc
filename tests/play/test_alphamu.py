"""The αμ search and player: exactly the best strategy of the searching seat over
the given worlds (checked against every strategy written out,
tests/strategy_oracle.py), PIMC at depth 1, right where PIMC's strategy fusion is
wrong, and a player that decides from its own view only."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from recorded_views import Recorder
from strategy_oracle import strategy_values

from deberts import ArgumentError, Card, CardSet, Deal, DebertsError, Position, Rules, Suit
from deberts.play.specs import player_factory
from deberts.variants.deberts.analysis.sampling import sample_deals
from deberts.variants.deberts.engine.solver import Solver
from deberts.variants.deberts.model.deal import full_hand_size
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.play.alphamu import AlphaMuPlayer, AlphaMuSearch, best, merged_worlds
from deberts.variants.deberts.play.match import play_deal, view_of
from deberts.variants.deberts.play.pimc import _deal_in_play, knowledge_of, sampled_position

BELOTE = Rules.preset_rules("belote")


def tiny_worlds(seed: int, players: int, cards: int, count: int) -> list[Position]:
    """A random position of ``cards`` cards a hand, a few cards into its first trick,
    and up to ``count`` - 1 others that deal the other seats' unplayed cards and
    three cards dealt to nobody differently (each legal with the cards already
    played); no hand holds both bella cards, so every card has one way to be
    played."""
    rng = random.Random(seed)
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        trump = Suit(rng.randrange(4))
        hands = [CardSet(deck[cards * s:cards * s + cards]) for s in range(players)]
        if any(h.mask & bella_mask(trump) == bella_mask(trump) for h in hands):
            continue
        position = Position(Deal(hands), trump, rng.randrange(players), rng.randrange(players))
        for _ in range(rng.randrange(players)):
            position.push(rng.choice(position.legal_moves()))
        spare = [Card(c) for c in deck[cards * players:cards * players + 3]]
        worlds = [position]
        for _ in range(40):
            world = _redealt(position, spare, rng)
            if world is not None and all(world.hands != w.hands for w in worlds):
                worlds.append(world)
            if len(worlds) == count:
                break
        if len(worlds) >= 2:
            return worlds


def _redealt(position: Position, spare: list[Card], rng: random.Random) -> Position | None:
    seat = position.to_move
    others = [s for s in range(position.players) if s != seat]
    hidden = [card for s in others for card in CardSet(position.hands[s])] + spare
    rng.shuffle(hidden)
    masks = list(position.deal.masks())
    for s in others:
        size = position.hands[s].bit_count()
        masks[s] = masks[s] & ~position.hands[s] | CardSet(hidden[:size]).mask
        hidden = hidden[size:]
    if any(m & bella_mask(position.trump) == bella_mask(position.trump) for m in masks):
        return None
    try:
        return Position(Deal([CardSet(m) for m in masks]), position.trump, position.declarer,
                        position.leader, played=[p.card for p in position.stack])
    except DebertsError:
        return None  # a card already played would have been illegal from that hand


CASES = [(seed, players, cards) for players, cards in ((2, 3), (3, 2), (4, 2))
         for seed in range(5)]


@pytest.mark.parametrize(("seed", "players", "cards"), CASES)
def test_each_depth_is_the_best_strategy_over_the_worlds(seed: int, players: int, cards: int) -> None:
    """At every depth the best card and its total are those of the best strategy
    searching that many of the seat's moves; a card cut off has a bound above its
    own best total and below the chosen card's."""
    worlds = tiny_worlds(seed, players, cards, 3)
    weights = [random.Random(seed).randint(1, 3) for _ in worlds]
    solver = Solver()
    mine = worlds[0].hands[worlds[0].to_move].bit_count()
    for depth in range(1, mine + 1):
        want = strategy_values(worlds, weights, depth)
        got = AlphaMuSearch(solver, [w.copy() for w in worlds], weights).totals(depth)
        chosen = best(got)
        assert chosen == best(want) and got[chosen] == want[chosen]
        assert set(got) == set(want) and all(want[c] <= got[c] for c in got)
        if depth == 1:
            assert got == want  # PIMC: every card exact


@pytest.mark.parametrize(("seed", "players", "cards"), CASES[::3])
def test_deepening_with_root_cuts_chooses_the_deepest_best(seed: int, players: int, cards: int) -> None:
    worlds = tiny_worlds(seed, players, cards, 4)
    weights = [1 + i % 2 for i in range(len(worlds))]
    mine = worlds[0].hands[worlds[0].to_move].bit_count()
    search = AlphaMuSearch(Solver(), worlds, weights)
    assert search.choice(mine) == best(strategy_values(worlds, weights, mine))
    assert all(w.stack == worlds[0].stack for w in worlds)  # every world left as it was


def test_an_expired_deadline_leaves_pimcs_choice() -> None:
    worlds = tiny_worlds(2, 2, 3, 3)
    search = AlphaMuSearch(Solver(), worlds, [1] * len(worlds), deadline=0.0)
    assert search.choice(3) == best(strategy_values(worlds, [1] * len(worlds), 1))


def test_alphamu_is_right_where_pimcs_strategy_fusion_is_wrong() -> None:
    """Spades trump, the last three tricks of a 2-player deal: the declarer (seat 1)
    leads from T♠ K♥ J♦, the other hand is one of four. Double-dummy, J♦ first is
    as good as the best card in every world, so PIMC plays it (88 over the four,
    T♠ 68); but after J♦ the declarer must choose between T♠ and K♥ not knowing
    the world, and neither is right in every one: the best strategy after J♦
    makes 56, after T♠ 68. αμ sees that from depth 2 on."""
    hands = [".A.9.7", "K.A.7.", "K..9.7", "K..7.T"]
    worlds = [Position(Deal.parse(f"{hand} T.K.J."), "S", 1, 1) for hand in hands]
    ts, jd = Card.parse("TS"), Card.parse("JD")
    search = AlphaMuSearch(Solver(), worlds, [1] * 4)
    assert best(search.totals(1)) == jd
    assert search.choice(2) == ts and search.choice(3) == ts
    oracle = strategy_values(worlds, [1] * 4, 3)
    assert oracle[ts] == 68 and oracle[jd] == 56


def test_merged_worlds_add_the_weights_of_copies() -> None:
    worlds = tiny_worlds(5, 2, 3, 3)
    weighed = [(worlds[0], 2), (worlds[1], 1), (worlds[0].copy(), 3), (worlds[2], 1)]
    merged, weights = merged_worlds(weighed)
    assert merged == [worlds[0], worlds[1], worlds[2]] and weights == [5, 1, 1]


@pytest.mark.parametrize(("settings", "message"), [
    ({"depth": 0}, "bad depth 0: expected 1..9"),
    ({"tricks": 0}, "bad tricks 0: expected 1..9"),
    ({"tricks": 99}, "bad tricks 99: expected 1..9"),
    ({"depth": 2.0}, "bad depth: expected an integer, got float 2.0"),
    ({"samples": 0}, "bad samples 0: expected 1.."),
])
def test_the_player_checks_its_settings(settings: dict[str, object], message: str) -> None:
    with pytest.raises(ArgumentError, match=f"^{message}$"):
        AlphaMuPlayer(**settings)  # type: ignore[arg-type]


def test_arena_specs_name_the_player() -> None:
    player = player_factory("alphamu:samples=7,depth=2,tricks=4")(3)
    assert isinstance(player, AlphaMuPlayer)
    assert (player.samples, player.depth, player.tricks) == (7, 2, 4)
    with pytest.raises(DebertsError, match="^bad settings for alphamu: bad depth 0: expected 1..9$"):
        player_factory("alphamu:depth=0")


TABLES = [(2, Rules()), (3, Rules()), (4, Rules()), (4, BELOTE)]


@pytest.mark.parametrize(("players", "rules"), TABLES, ids=["2", "3", "4", "belote"])
def test_alphamu_decides_from_its_own_view_only(players: int, rules: Rules) -> None:
    """αμ players play a whole deal legally; in the last three tricks a decision is
    the same when the hidden cards are re-dealt in any way the view allows."""
    for deal_seed in range(players, 100):  # the first deal not thrown in
        seats = [Recorder(AlphaMuPlayer(samples=8, bid_samples=8, seed=seed, depth=3, tricks=3))
                 for seed in range(players)]
        result = play_deal(seats, 1, rules, random.Random(deal_seed))
        if result.score is not None:
            break
    assert result.record.is_complete()
    rng = np.random.default_rng(0)
    last = full_hand_size(players) - 3
    views = [v for seat in seats for v in seat.views if len(v.legal) > 1 and len(v.tricks) >= last]
    if rules is BELOTE:
        views = [replace(v, face_up=None) for v in views]
    checked = 0
    for view in views[::3]:
        chosen = AlphaMuPlayer(samples=8, seed=7).play(view)
        for row in sample_deals(knowledge_of(view), 4, rng):
            redealt = sampled_position(view, _deal_in_play(view, row))
            if redealt is None:
                continue  # declarations other than those shown: not a deal the view allows
            seen = view_of(redealt, view.face_up, view.dealer, view.exchanger, auction=view.auction)
            assert seen == view
            assert AlphaMuPlayer(samples=8, seed=7).play(seen) == chosen
            checked += 1
    assert checked >= 4


def test_a_spent_budget_still_plays_a_legal_card() -> None:
    seats = [AlphaMuPlayer(samples=8, bid_samples=8, seconds=1e-6, seed=s) for s in range(2)]
    result = play_deal(seats, 0, Rules(), random.Random(1))
    assert result.score is not None and result.record.is_complete()
