"""Tertz between players: what each seat sees, legal play by every player type, the
game to 501 and the duplicate arena."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from deberts import DebertsError, IllegalMoveError
from deberts.model.cards import Card, CardSet
from deberts.variants.tertz.engine.solver import Solver as TertzSolver
from deberts.variants.tertz.model import SWAP, Break, random_deals
from deberts.variants.tertz.model import Deal as TertzDeal
from deberts.variants.tertz.model import Declaration as TertzDeclaration
from deberts.variants.tertz.model import Position as TertzPosition
from deberts.variants.tertz.model import Rules as TertzRules
from deberts.variants.tertz.model import Trick as TertzTrick
from deberts.variants.tertz.model.declarations import marriage_mask
from deberts.variants.tertz.play.arena import arena as tertz_arena
from deberts.variants.tertz.play.arena import factory_of as tertz_player_factory
from deberts.variants.tertz.play.arena import play_seating as play_tertz_seating
from deberts.variants.tertz.play.costs import move_costs
from deberts.variants.tertz.play.match import Match as TertzGame
from deberts.variants.tertz.play.match import PlayView as TertzView
from deberts.variants.tertz.play.match import drawn_cards
from deberts.variants.tertz.play.match import play_deal as play_tertz_deal
from deberts.variants.tertz.play.match import view_of as tertz_view
from deberts.variants.tertz.play.pimc import PimcPlayer as TertzPimcPlayer
from deberts.variants.tertz.play.players import HeuristicPlayer as TertzHeuristicPlayer
from deberts.variants.tertz.play.players import RandomPlayer as TertzRandomPlayer

RULES = [
    TertzRules(),
    TertzRules(stock_play="follow"),
    TertzRules(stock_play="free", declare_when="opening"),
]


class Recorder(TertzRandomPlayer):
    """Plays at random and keeps every view it was given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.views: list[TertzView] = []

    def move(self, view: TertzView):  # type: ignore[no-untyped-def]
        self.views.append(view)
        return super().move(view)


def random_positions(count: int, seed: int, rules: TertzRules = TertzRules()):
    """Every position of ``count`` randomly played deals (not the final ones)."""
    rng = random.Random(seed)
    for deal in random_deals(count, seed=seed):
        position = TertzPosition(deal, rules)
        while not position.is_over():
            yield position
            position.push(rng.choice(position.legal_moves()))


def cards_in(value: object) -> int:
    """The cards a view's field names (as a mask): cards, card sets, tricks and
    declarations, inside tuples too; numbers (points, sizes) name none."""
    if isinstance(value, Card):
        return value.mask
    if isinstance(value, CardSet):
        return value.mask
    if isinstance(value, TertzTrick):
        return sum(c.mask for c in value.cards)
    if isinstance(value, TertzDeclaration):
        return value.cards
    mask = 0
    for item in value if isinstance(value, tuple) else ():
        mask |= cards_in(item)
    return mask


def seen_by(position: TertzPosition, seat: int) -> int:
    """Every card ``seat`` has legitimately seen: its own cards (dealt, drawn, held),
    the cards played, the face-up cards, the cards shown in declarations and the
    marriage."""
    seen = position.deal.hands[seat].mask | position.hands[seat]
    seen |= sum(c.mask for c in drawn_cards(position, seat))
    seen |= sum(c.mask for t in position.tricks for c in t.cards)
    seen |= sum(c.mask for c in position.trick)
    seen |= position.deal.trump_card.mask | position.seven.mask
    for declaration in position.declarations:
        seen |= declaration.cards
    if any(position.marriage):
        seen |= marriage_mask(position.trump)
    return seen


@pytest.mark.parametrize("rules", RULES, ids=["default", "follow", "free-opening"])
def test_a_view_names_only_cards_its_seat_has_seen(rules: TertzRules) -> None:
    checked = 0
    for position in random_positions(12, 3, rules):
        view = tertz_view(position)
        allowed = seen_by(position, view.seat)
        for field in fields(view):
            value = getattr(view, field.name)
            assert not isinstance(value, (TertzPosition, TertzDeal)), field.name
            leaked = cards_in(value) & ~allowed
            assert not leaked, f"{field.name} shows {CardSet(leaked)}"
        assert view.hand.mask == position.hands[view.seat]
        assert view.stock_size == len(position.stock)
        checked += 1
    assert checked > 300


def test_a_view_is_the_same_whatever_the_unseen_cards() -> None:
    """Exchanging an unseen card of the opponent with one still face down in the
    stock (the same moves staying legal) leaves the seat's view unchanged."""
    compared = 0
    for position in random_positions(15, 8):
        if position.broken is None or len(position.stock) < 3:
            continue
        other = 1 - position.to_move
        unplayed = position.deal.hands[other].mask & position.hands[other]
        if not unplayed:
            continue
        mine, theirs = Card(unplayed.bit_length() - 1), position.stock[0]
        hands = list(position.deal.masks())
        hands[other] ^= mine.mask | theirs.mask
        stock = [mine if c == theirs else c for c in position.deal.stock]
        try:
            twin = TertzPosition(TertzDeal(hands, stock), position.rules, position.moves)
        except IllegalMoveError:
            continue
        if twin.declarations != position.declarations or twin.marriage != position.marriage:
            continue
        assert twin.hands[other] != position.hands[other]
        assert tertz_view(twin) == tertz_view(position)
        compared += 1
    assert compared > 20


def test_drawn_cards_and_the_swapper_follow_the_deal() -> None:
    for position in random_positions(8, 5):
        for seat in (0, 1):
            drawn = drawn_cards(position, seat)
            dealt = position.deal.hands[seat].mask
            held_or_gone = position.hands[seat] | sum(
                c.mask for t in position.tricks for c in t.cards) | sum(
                c.mask for c in position.trick) | position.seven.mask
            # a seat that swapped away a dealt seven may draw it back as the last card
            assert all(c.mask & held_or_gone and (not c.mask & dealt or c == position.seven)
                       for c in drawn)
        if not position.is_over():
            who = tertz_view(position).swapped_by
            assert (who is None) == (SWAP not in position.moves)
            if who is not None:  # the swapper held the seven: dealt or drawn
                assert position.seven in position.deal.hands[who] or \
                    position.seven in drawn_cards(position, who)


@pytest.mark.parametrize("rules", RULES, ids=["default", "follow", "free-opening"])
def test_every_player_type_plays_legal_whole_deals(rules: TertzRules) -> None:
    """play_tertz_deal refuses an illegal move, so whole deals played out are the
    proof; PIMC with few samples, on a few deals."""
    makers = [lambda s: TertzRandomPlayer(s), lambda s: TertzHeuristicPlayer()]
    for number, deal in enumerate(random_deals(40, seed=11)):
        players = [makers[number % 2](number), makers[number // 2 % 2](number + 1)]
        result = play_tertz_deal(players, deal, rules)
        assert result.position.is_over()
    for number, deal in enumerate(random_deals(2, seed=12)):
        pimc = TertzPimcPlayer(samples=3, seed=number, stock_limit=2)
        players = [pimc, TertzHeuristicPlayer()] if number else [TertzHeuristicPlayer(), pimc]
        assert play_tertz_deal(players, deal, rules).position.is_over()


def test_an_illegal_move_is_refused_by_name() -> None:
    class Stubborn:
        def move(self, view: TertzView) -> Break:
            return Break(3)

    deal = next(random_deals(1, seed=1))
    with pytest.raises(IllegalMoveError, match="seat 0 chose"):
        play_tertz_deal([Stubborn(), TertzRandomPlayer(1)], deal)


def test_the_heuristic_swaps_the_seven_unless_it_breaks_a_run_and_breaks_the_stock() -> None:
    stock = "/ 8S 7S QH JH TD 9D 8D 7D QC JC TC 9C 8C KH"  # K♥ face up
    run = TertzDeal.parse(f"AKQ.987.A.A7 JT9.AT.KQJ.K {stock}")  # 9♥ 8♥ 7♥: a run
    lone = TertzDeal.parse(f"AKQ.97.AQ.A7 JT9.AT8.KJ.K {stock}")
    for deal, swaps in ((run, False), (lone, True)):
        view = tertz_view(TertzPosition(deal))
        assert SWAP in view.legal
        assert (TertzHeuristicPlayer().move(view) == SWAP) == swaps
    position = TertzPosition(run, moves=["AS", "9S"])
    assert TertzHeuristicPlayer().move(tertz_view(position)) == Break(6)


def test_the_game_to_501_ends_with_rounded_scores_and_the_right_leaders() -> None:
    for seed in range(3):
        game = TertzGame([TertzHeuristicPlayer(), TertzRandomPlayer(seed)], seed=seed)
        winner = game.play()
        assert game.scores[winner] >= 501 and game.scores[winner] > game.scores[1 - winner]
        assert all(score % 10 == 0 for score in game.scores)
        totals = [0, 0]
        for index, (result, order) in enumerate(zip(game.results, game.seating)):
            assert all(r % 10 == 0 for r in result.score.recorded)
            for seat, player in enumerate(order):
                totals[player] += result.score.recorded[seat]
            if index:
                before = game.results[index - 1]
                last_winner = game.seating[index - 1][before.position.tricks[-1].winner]
                assert order[0] == 1 - last_winner  # the loser of the last trick leads
        assert totals == game.scores
        assert max(totals[p] for p in (0, 1)) >= 501


def test_a_game_refuses_a_bad_table() -> None:
    with pytest.raises(DebertsError, match="2 players"):
        TertzGame([TertzRandomPlayer(1)])
    with pytest.raises(DebertsError, match="first"):
        TertzGame([TertzRandomPlayer(1), TertzRandomPlayer(2)], first=2)


def test_duplicate_seating_replays_the_same_deal_with_the_seats_swapped() -> None:
    result = tertz_arena(("heuristic", "random"), deals=10, seed=4)
    assert len(result.outcomes) == 10
    for first, second in zip(result.outcomes[::2], result.outcomes[1::2]):
        a, b = first.records[0], second.records[0]
        assert a["deal"] == b["deal"] and a["number"] == b["number"]
        assert a["seats"] == ["heuristic", "random"] and b["seats"] == ["random", "heuristic"]
        assert first.margins[0] == a["recorded"][0] - a["recorded"][1]
        assert second.margins[0] == b["recorded"][1] - b["recorded"][0]
    numbers = [o.records[0]["number"] for o in result.outcomes[::2]]
    assert numbers == list(range(5))
    data = result.to_dict()
    assert data["deals"] == 10 and data["pairs"] == 5
    assert data["margin_ci95"][0] <= data["mean_margin"] <= data["margin_ci95"][1]


def test_the_arena_is_reproducible_and_the_same_on_worker_processes() -> None:
    one = tertz_arena(("heuristic", "random"), deals=6, seed=9)
    again = tertz_arena(("heuristic", "random"), deals=6, seed=9, jobs=2)
    assert one.to_dict() == again.to_dict()
    assert [o.records for o in one.outcomes] == [o.records for o in again.outcomes]
    assert play_tertz_seating(("heuristic", "random"), 9, TertzRules(), 0, 1) == one.outcomes[1]


def test_the_heuristic_beats_random_on_a_small_arena() -> None:
    data = tertz_arena(("heuristic", "random"), deals=100, seed=1).to_dict()
    assert data["margin_ci95"][0] > 0


@pytest.mark.parametrize("spec, message", [
    ("pimc:samples=0", "samples"),
    ("pimc:seconds=-1", "seconds"),
    ("pimc:stock_limit=15", "stock_limit"),
    ("pimc:bid_samples=3", "bad setting"),
    ("heuristic:threshold=4", "bad setting"),
    ("clever", "unknown player type"),
])
def test_bad_player_specs_are_refused_by_name(spec: str, message: str) -> None:
    with pytest.raises(DebertsError, match=message):
        tertz_player_factory(spec)


def test_player_specs_make_tertz_players() -> None:
    pimc = tertz_player_factory("pimc:samples=7,seconds=0.5,stock_limit=3")(2)
    assert isinstance(pimc, TertzPimcPlayer)
    assert (pimc.samples, pimc.seconds, pimc.stock_limit) == (7, 0.5, 3)
    assert isinstance(tertz_player_factory("random")(1), TertzRandomPlayer)


@pytest.mark.parametrize("seat", [0, 1])
def test_move_costs_are_the_engine_values_of_the_moves_made(seat: int) -> None:
    """Each priced move: its value is the engine's value of the position after it,
    the best value the best of all, the cost the difference for the seat (0 exactly
    for a best move); moves made with more cards to draw are not priced."""
    solver = TertzSolver(16)
    deal = next(random_deals(1, seed=20 + seat))
    players = [TertzHeuristicPlayer(), TertzRandomPlayer(3)]
    final = play_tertz_deal(players, deal).position
    costs = move_costs(final, seat, max_stock=2, solver=solver)
    assert costs
    sign = 1 if seat == 0 else -1
    for cost in costs:
        before = TertzPosition(deal, moves=final.moves[:cost.index])
        assert before.to_move == seat and len(before.stock) <= 2
        after = before.copy()
        after.push(cost.move)
        value = after.score().margin if after.is_over() else solver.value(after)
        assert cost.value == value
        assert cost.best_value == solver.value(before)
        assert cost.cost == sign * (cost.best_value - cost.value) >= 0
        assert (cost.cost == 0) == (cost.move in cost.best)
