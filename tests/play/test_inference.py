"""Inference from the others' play, calls and bella: the weights are proper, a sample
the observed play makes unlikely weighs less, and the player still sees only its own
seat (re-dealing the hidden cards consistently leaves its choices unchanged)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest
from recorded_views import Recorder

from deberts import Card, CardSet, Deal, DebertsError, Position, Rules, Solver
from deberts.model.cards import Rank, Suit
from deberts.play.specs import player_factory
from deberts.variants.deberts.analysis.sampling import sample_deals
from deberts.variants.deberts.play import match as match_module
from deberts.variants.deberts.play.inference import (
    WEIGHT_SCALE,
    Inference,
    bella_log_likelihood,
    bidding_log_likelihood,
    decisions,
    integer_weights,
)
from deberts.variants.deberts.play.match import PlayView, play_deal, view_of
from deberts.variants.deberts.play.pimc import (
    PimcPlayer,
    _deal_in_play,
    knowledge_of,
    sampled_position,
)
from deberts.variants.deberts.play.players import HeuristicPlayer

BELOTE = Rules.preset_rules("belote")
TABLES = [(2, Rules()), (3, Rules()), (4, Rules()), (4, BELOTE)]
IDS = ["2", "3", "4", "belote"]


def has_choice(view: PlayView) -> bool:
    return len(view.legal) > 1


class DoubleDummy(HeuristicPlayer):
    """Plays a double-dummy best card of the real deal (it is told the position)."""

    def __init__(self, table: dict[str, Position]) -> None:
        super().__init__()
        self.table = table
        self.solver = Solver(table_bits=16)

    def play(self, view: PlayView) -> Card:
        position = self.table["position"]
        return self.solver.best(position)[1]


def _views(
    players: int, rules: Rules, seed: int, deals: int = 2
) -> list[tuple[PlayView, Position]]:
    """Heuristic deals' views with a choice, with the real position of each; Belote
    views lose the face-up card, as a Belote deal from outside has none."""
    found = []
    rng = random.Random(seed)
    while deals:
        seats = [Recorder(HeuristicPlayer(), has_choice) for _ in range(players)]
        result = play_deal(seats, rng.randrange(players), rules, rng)  # type: ignore[arg-type]
        if result.score is None:
            continue
        deals -= 1
        for seat in seats:
            for view in seat.views:
                position = result.record.start()
                for play in view.plays():
                    position.push(play.card, bella=play.bella)
                found.append((replace(view, face_up=None) if rules is BELOTE else view, position))
    return found


def _samples(view: PlayView, count: int, seed: int) -> list[Position]:
    rng = np.random.default_rng(seed)
    found = []
    for row in sample_deals(knowledge_of(view), 3 * count, rng):
        position = sampled_position(view, _deal_in_play(view, row))
        if position is not None:
            found.append(position)
    return found[:count]


def test_integer_weights_are_proportional() -> None:
    logs = [0.0, -math.log(2), -math.log(4), -20.0, 3.0]
    weights = integer_weights(logs)
    assert weights == [round(WEIGHT_SCALE * math.exp(x - 3.0)) for x in logs]
    assert max(weights) == WEIGHT_SCALE and weights[3] == 0
    assert integer_weights([]) == []


@pytest.mark.parametrize(("players", "rules"), TABLES, ids=IDS)
@pytest.mark.parametrize("model", ["bidding", "heuristic", "dd", "learned"])
def test_weights_are_proper(players: int, rules: Rules, model: str) -> None:
    """One integer weight a sample, none negative, the likeliest sample's the
    scale; each in proportion to exp(log-likelihood), rounded."""
    inference = Inference(model, temperature=15.0, last=3)
    solver = Solver(table_bits=16)
    for view, _ in _views(players, rules, 10 + players)[::7]:
        positions = _samples(view, 6, players)
        logs = [inference.log_likelihood(view, p, solver) for p in positions]
        weights = inference.weights(view, positions, solver)
        assert len(weights) == len(positions) and all(isinstance(w, int) for w in weights)
        assert min(weights) >= 0 and max(weights) == WEIGHT_SCALE
        assert all(logs[i] <= 0 or model != "dd" for i in range(len(logs)))
        assert weights == integer_weights(logs)


def test_no_inference_weighs_every_sample_alike() -> None:
    view, _ = _views(4, Rules(), 3)[5]
    positions = _samples(view, 5, 1)
    assert Inference("none").weights(view, positions, Solver(table_bits=12)) == [WEIGHT_SCALE] * 5


@pytest.mark.parametrize(("players", "rules"), TABLES, ids=IDS)
def test_heuristic_model_prefers_deals_where_the_heuristic_plays_as_seen(
    players: int, rules: Rules
) -> None:
    """The others played by the heuristic: under the real deal every considered card
    is the heuristic's, the highest likelihood there is; a sample in which the
    heuristic would have played another card is less likely."""
    inference = Inference("heuristic", error=0.2, last=3)
    solver = Solver(table_bits=12)
    lower = 0
    for view, real in _views(players, rules, 20 + players)[::3]:
        play_part = inference.log_likelihood(view, real, solver) - _rest(view, real)
        best = sum(math.log(0.8 + 0.2 / before.legal_mask().bit_count())
                   for before, _ in decisions(view, real, 3))
        assert play_part == pytest.approx(best)
        for sample in _samples(view, 8, players):
            mismatch = any(
                HeuristicPlayer().play(view_of(before, view.face_up, view.dealer, view.exchanger))
                != card for before, card in decisions(view, sample, 3))
            sample_part = inference.log_likelihood(view, sample, solver) - _rest(view, sample)
            if mismatch:
                assert sample_part < best - 1
                lower += 1
    assert lower > 5


def _rest(view: PlayView, position: Position) -> float:
    return bidding_log_likelihood(view, position) + bella_log_likelihood(view, position)


@pytest.mark.parametrize(("players", "rules"), TABLES, ids=IDS)
def test_dd_model_prefers_deals_where_the_cards_played_were_best(
    players: int, rules: Rules
) -> None:
    """The others played a double-dummy best card of the real deal. With a small
    temperature, a sample in which one of the considered cards is worse than
    another legal card there is far less likely than the real deal."""
    table: dict[str, Position] = {}
    rng = random.Random(players)
    original = match_module._play_view

    def spying(position: Position, *args: object) -> PlayView:
        table["position"] = position
        return original(position, *args)  # type: ignore[arg-type]

    result = None
    while result is None or result.score is None:
        seats = [Recorder(DoubleDummy(table), has_choice) for _ in range(players)]
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(match_module, "_play_view", spying)
            result = play_deal(seats, 0, rules, rng)  # type: ignore[arg-type]
    inference = Inference("dd", temperature=0.05, last=2)
    solver = Solver(table_bits=16)
    worse = 0
    for seat in seats:
        for view in seat.views[2::2]:
            view = replace(view, face_up=None) if rules is BELOTE else view
            real = result.record.start()
            for play in view.plays():
                real.push(play.card, bella=play.bella)
            real_log = inference.log_likelihood(view, real, solver) - _rest(view, real)
            assert real_log >= -2 * math.log(8) - 1e-9  # best cards: ties share at most
            for sample in _samples(view, 4, players):
                bad = any(solver.values(before)[card] * _sign(before)
                          < max(m * _sign(before) for m in solver.values(before).values())
                          for before, card in decisions(view, sample, 2))
                if bad:
                    assert inference.log_likelihood(view, sample, solver) - _rest(
                        view, sample) < real_log - 10
                    worse += 1
    assert worse > 3


def _sign(position: Position) -> int:
    return 1 if position.to_move in position.declarer_side else -1


@pytest.mark.parametrize(("rules", "face_up"), [(Rules(), "QS"), (BELOTE, None)],
                         ids=["round-1", "belote"])
def test_bidding_prefers_the_declarer_with_trumps(rules: Rules, face_up: str | None) -> None:
    """Seat 0 passed, seat 1 declared spades: in round 1 on the face-up suit, or
    (Belote, face_up_to = none) in the one round naming any suit on the whole hand.
    The seat that passed is unlikely to hold the trump jack, nine and ace, the
    declarer likely to."""
    rng = random.Random(0)
    card = None if face_up is None else Card.parse(face_up)
    trumps = [int(Card.parse(c)) for c in ("JS", "9S", "AS")]
    likely = unlikely = None
    while likely is None or unlikely is None:
        deck = [c for c in range(32) if card is None or c != int(card)]
        rng.shuffle(deck)
        hands = [CardSet(deck[8 * s:8 * s + 8]) for s in range(4)]
        if card is not None:  # the dealer's eighth card is the face-up one
            hands[3] = CardSet(deck[24:31]) | card.mask
        position = Position(Deal(hands), Suit.parse("S"), 1, 0, rules)
        holder = {s for t in trumps for s in range(4) if hands[s].mask >> t & 1}
        view = replace(view_of(position, card, dealer=3), seat=2, hand=hands[2])
        if holder == {1}:
            likely = bidding_log_likelihood(view, position)
        elif holder == {0}:
            unlikely = bidding_log_likelihood(view, position)
    assert likely > unlikely + 1  # e: the calibrated face-up caller is a wide logistic


def _bella_view(players: int, rules: Rules) -> PlayView:
    """The view of the seat after one that led the king of trumps without announcing
    bella, while holding the queen (not in a declaration it shows)."""
    rng = random.Random(3)
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        size = 8 if players == 4 else 9
        deal = Deal(CardSet(deck[size * s:size * s + size]) for s in range(players))
        trump = Suit(rng.randrange(4))
        king, queen = Card.of(trump, Rank.KING), Card.of(trump, Rank.QUEEN)
        owner = next((s for s in range(players) if {king, queen} <= set(deal.hands[s])), None)
        if owner is not None:
            position = Position(deal, trump, owner, owner, rules)
            position.push(king, bella=False)
            view = view_of(position, None)
            if not any(queen in shown.cards for shown in view.declarations):
                return view


@pytest.mark.parametrize(("players", "rules"), TABLES, ids=IDS)
def test_a_bella_kept_quiet_makes_the_other_card_unlikely_there(
    players: int, rules: Rules
) -> None:
    view = _bella_view(players, rules)
    owner = view.plays()[0].seat
    queen = Card.of(view.trump, Rank.QUEEN)
    with_queen = without = 0
    for sample in _samples(view, 40, players):
        value = bella_log_likelihood(view, sample)
        if queen in sample.deal.hands[owner]:
            assert value == pytest.approx(math.log(0.02))
            with_queen += 1
        else:
            assert value == 0
            without += 1
    assert with_queen and without


def test_inference_settings_are_checked() -> None:
    with pytest.raises(DebertsError, match="bad infer 'psychic'"):
        PimcPlayer(infer="psychic")
    with pytest.raises(DebertsError, match="bad temperature"):
        PimcPlayer(temperature=0)
    with pytest.raises(DebertsError, match="bad error 1.5"):
        PimcPlayer(error=1.5)
    with pytest.raises(DebertsError, match="bad last"):
        PimcPlayer(last=-1)
    player = player_factory("pimc:infer=dd,temperature=5,last=2,error=0.1,samples=4")(0)
    assert player.inference == Inference("dd", 5.0, 0.1, 2)
    with pytest.raises(DebertsError, match="bad settings for pimc: bad infer"):
        player_factory("pimc:infer=bogus")


@pytest.mark.parametrize(("players", "rules"), TABLES, ids=IDS)
@pytest.mark.parametrize("model", ["bidding", "heuristic", "dd", "learned"])
def test_weighed_choices_see_only_the_seats_view(players: int, rules: Rules, model: str) -> None:
    """Re-dealing the hidden cards in any way the view allows leaves the view and the
    seeded weighed choice unchanged."""
    checked = 0
    for view, _ in _views(players, rules, 40 + players, deals=1)[1::6]:
        settings = {"samples": 6, "seed": 7, "infer": model, "last": 2}
        chosen = PimcPlayer(**settings).play(view)
        for redealt in _samples(view, 2, checked):
            seen = view_of(redealt, view.face_up, view.dealer, view.exchanger, auction=view.auction)
            assert seen == view
            assert PimcPlayer(**settings).play(seen) == chosen
            checked += 1
    assert checked >= 4
