"""The PIMC choice with comparisons picks exactly the card that solving every card
in every sample picks, ties included; the comparisons it rests on hold."""

from __future__ import annotations

import random

import pytest
from consistency import samples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import oracle_moves
from positions import random_position
from recorded_views import Recorder

import deberts.variants.deberts.play.sample_choice as sample_choice
from deberts import Card, Rules, Solver
from deberts.errors import SearchInterrupted
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer
from deberts.variants.deberts.play.sample_choice import best_on_average, best_weighted


def views(players: int, deals: int, seed: int, rules: Rules | None = None) -> list[PlayView]:
    rng = random.Random(seed)
    found: list[PlayView] = []
    for _ in range(deals):
        seats = [Recorder(HeuristicPlayer(), lambda view: len(view.legal) > 1)
                 for _ in range(players)]
        play_deal(seats, rng.randrange(players), rules, rng)
        found += [view for seat in seats for view in seat.views]
    return found


def full_choice(solver: Solver, view: PlayView, positions: list) -> object:
    """The definition: every card solved exactly in every sample."""
    sign = 1 if view.seat in view.declarer_side else -1
    totals = dict.fromkeys(view.legal, 0)
    for position in positions:
        for card, margin in solver.values(position).items():
            totals[card] += sign * margin
    return max(view.legal, key=lambda card: (totals[card], -int(card)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_comparisons_choose_what_full_solving_chooses(players: int, monkeypatch) -> None:
    # Compare on every decision, even the small ones, and choose the candidate
    # early, so that refinement, ties and a wrong candidate all occur.
    monkeypatch.setattr(sample_choice, "FEWEST_TO_COMPARE", 2)
    monkeypatch.setattr(sample_choice, "SMALLEST_TO_COMPARE", 0)
    monkeypatch.setattr(sample_choice, "EXACT_SAMPLES", 1)
    solver = Solver(table_bits=14)
    rng = random.Random(players)
    chosen = 0
    for index, view in enumerate(views(players, 10, 70 + players)):
        if rng.random() > 0.5:
            continue
        positions = samples(PimcPlayer(samples=10, seed=index), view)
        sign = 1 if view.seat in view.declarer_side else -1
        expected = full_choice(solver, view, positions)
        assert best_on_average(solver, view.legal, positions, sign) == expected
        chosen += 1
    assert chosen > 20


def test_comparisons_on_full_deals_with_the_default_settings() -> None:
    solver = Solver()
    checked = 0
    for index, view in enumerate(views(4, 4, 5, Rules().with_options(bella="trick_winner"))):
        if len(view.tricks) > 1 or len(view.legal) < sample_choice.FEWEST_TO_COMPARE:
            continue
        positions = samples(PimcPlayer(samples=12, seed=index), view)
        sign = 1 if view.seat in view.declarer_side else -1
        assert best_on_average(solver, view.legal, positions, sign) == full_choice(
            solver, view, positions
        )
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bounds_hold_and_settle_the_comparison(players: int) -> None:
    solver = Solver(table_bits=12)
    for seed in range(30):
        position = random_position(61_000 + 100 * players + seed, players, 3 + seed % 2,
                                   full=seed % 3 != 0)
        expected = oracle_moves(position)
        for threshold in sorted(set(expected.values()))[:3]:
            for shift in (-1, 0):
                bounds = solver.bounds(position, threshold + shift)
                assert bounds.keys() == expected.keys()
                for card, (low, high) in bounds.items():
                    assert low <= expected[card] <= high
                    assert high <= threshold + shift or low > threshold + shift
        some = list(expected)[: 1 + seed % 2]
        assert solver.values(position, some) == {card: expected[card] for card in some}
        assert solver.bounds(position, 0, some).keys() == set(some)


@pytest.mark.parametrize("players", [3, 4])
def test_a_guess_only_changes_where_the_search_starts(players: int) -> None:
    # Above 24 cards in play, where the engine closes in on a value by null-window
    # searches from the guess (smaller trees get one full-window search and no
    # guess); the values without a guess are the oracle-checked ones.
    solver = Solver(table_bits=14)
    for seed in range(6):
        position = random_position(62_000 + 100 * players + seed, players, 8 if players == 4 else 9)
        expected = Solver(table_bits=14).values(position)
        first = next(iter(expected.values()))
        for guess in (first, first + 2, first - 2, first + 41, first - 300, 10**6, -10**12):
            assert solver.values(position, guess=guess) == expected
        some = list(expected)[-1:]
        assert solver.values(position, some, first) == {card: expected[card] for card in some}


class Sample:
    """A stand-in for a sampled position: its index in the score table."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.hands = [(1 << 32) - 1]
        self.trick: list = []


SLACK = (0, 0, 1, 500)  # how far a bound's open side lies from the margin


class TableSolver:
    """A solver whose margins are a given table (sample x card): exact values as
    asked, and bounds that hold and settle the comparison but are as loose as the
    seeded generator likes, so the choice is tested on every shape of interval."""

    def __init__(self, cards: list, margins: list[list[int]], seed: int) -> None:
        self.cards = cards
        self.margins = margins
        self.rng = random.Random(seed)

    def values(self, position: Sample, cards=None, guess=None) -> dict:
        return {card: self.margins[position.index][j] for j, card in enumerate(self.cards)
                if cards is None or card in cards}

    def bounds(self, position: Sample, threshold: int, cards=None) -> dict:
        out = {}
        for card, margin in self.values(position, cards).items():
            if margin > threshold:
                out[card] = (self.rng.randint(threshold + 1, margin), margin + self.rng.choice(SLACK))
            else:
                out[card] = (margin - self.rng.choice(SLACK), self.rng.randint(margin, threshold))
        return out


@settings(max_examples=1500, deadline=None)
@given(
    st.integers(2, 6).flatmap(lambda width: st.lists(
        st.lists(st.integers(-3, 3), min_size=width, max_size=width), min_size=1, max_size=8
    )),
    st.sampled_from([1, -1]),
    st.integers(1, 3),
    st.integers(0, 10**6),
    st.data(),
)
def test_the_choice_is_the_best_total_for_any_scores(
    margins: list[list[int]], sign: int, exact_samples: int, seed: int, data: st.DataObject
) -> None:
    """Few distinct margins, so totals tie often and the lowest card must win them;
    unweighted, or with integer weights (0 included: a sample never solved), the
    choice is the card with the best (weighted) total."""
    weighted = data.draw(st.booleans())
    weights = [1] * len(margins)
    if weighted:
        weights = data.draw(st.lists(st.integers(0, 5), min_size=len(margins),
                                     max_size=len(margins)).filter(any))
    cards = [Card(index) for index in random.Random(seed).sample(range(32), len(margins[0]))]
    totals = [sum(w * sign * row[j] for w, row in zip(weights, margins))
              for j in range(len(cards))]
    expected = max(range(len(cards)), key=lambda j: (totals[j], -int(cards[j])))
    solver = CountingSolver(cards, margins, seed)
    samples = [Sample(i) for i in range(len(margins))]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sample_choice, "FEWEST_TO_COMPARE", 2)
        patch.setattr(sample_choice, "EXACT_SAMPLES", exact_samples)
        if weighted:
            chosen = best_weighted(solver, cards, list(zip(samples, weights)), sign)
        else:
            chosen = best_on_average(solver, cards, samples, sign)
    assert chosen == cards[expected]
    assert not solver.asked & {i for i, w in enumerate(weights) if not w}


class CountingSolver(TableSolver):
    """A table solver that keeps the samples it was asked about and, given a
    ``budget`` of calls, raises :class:`SearchInterrupted` past it, as a solver
    under :meth:`Solver.limit` does."""

    def __init__(self, cards: list, margins: list[list[int]], seed: int,
                 budget: int | None = None) -> None:
        super().__init__(cards, margins, seed)
        self.asked: set[int] = set()
        self.budget = budget

    def _spend(self, position: Sample) -> None:
        if self.budget is not None:
            if self.budget == 0:
                raise SearchInterrupted("out of time")
            self.budget -= 1
        self.asked.add(position.index)

    def values(self, position: Sample, cards=None, guess=None) -> dict:
        self._spend(position)
        return super().values(position, cards, guess)

    def bounds(self, position: Sample, threshold: int, cards=None) -> dict:
        self._spend(position)
        return super().bounds(position, threshold, cards)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(st.integers(-3, 3), min_size=5, max_size=5), min_size=1, max_size=8),
    st.integers(0, 12),
    st.integers(0, 10**6),
)
def test_an_interrupted_choice_uses_the_samples_completed(
    margins: list[list[int]], budget: int, seed: int
) -> None:
    """Interrupted in the first sample, the interruption goes on to the caller;
    later, the choice is the best lowest total over the samples completed, which
    with every sample exact is the best total over those samples."""
    cards = [Card(index) for index in random.Random(seed).sample(range(32), 5)]
    solver = CountingSolver(cards, margins, seed, budget)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sample_choice, "EXACT_SAMPLES", len(margins))  # every sample exact
        try:
            chosen = best_on_average(solver, cards, [Sample(i) for i in range(len(margins))], 1)
        except SearchInterrupted:
            assert budget == 0
            return
    completed = margins[:budget]  # one values() call a sample
    totals = [sum(row[j] for row in completed) for j in range(len(cards))]
    assert chosen == cards[max(range(len(cards)), key=lambda j: (totals[j], -int(cards[j])))]


def best_over(margins: list[list[int]], cards: list, sign: int) -> object:
    totals = [sum(sign * row[j] for row in margins) for j in range(len(cards))]
    return cards[max(range(len(cards)), key=lambda j: (totals[j], -int(cards[j])))]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.lists(st.integers(-3, 3), min_size=5, max_size=5), min_size=1, max_size=20),
    st.sampled_from([1, -1]),
    st.one_of(st.none(), st.integers(0, 60)),
    st.integers(0, 10**6),
)
def test_an_anytime_choice_is_exact_over_the_samples_settled_last(
    margins: list[list[int]], sign: int, budget: int | None, seed: int
) -> None:
    """Compared after the first sample and settled at 2, 4, 8 and 16 samples: with
    no interruption the choice is full solving's; interrupted, it is full solving's
    over the samples of the last settling that finished, whatever the rivals' bounds
    over the later samples say."""
    cards = [Card(index) for index in random.Random(seed).sample(range(32), 5)]
    solver = CountingSolver(cards, margins, seed, budget)
    finished: list[tuple[int, object]] = []
    real_settled = sample_choice._settled

    def recorded(solver, cards, positions, *args):  # type: ignore[no-untyped-def]
        choice = real_settled(solver, cards, positions, *args)
        finished.append((len(positions), choice))
        return choice

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sample_choice, "FEWEST_TO_COMPARE", 2)
        patch.setattr(sample_choice, "EXACT_SAMPLES", 1)
        patch.setattr(sample_choice, "FIRST_SETTLE", 2)
        patch.setattr(sample_choice, "_settled", recorded)
        try:
            chosen = best_weighted(solver, cards, [(Sample(i), 1) for i in range(len(margins))],
                                   sign, anytime=True)
        except SearchInterrupted:
            assert budget == 0
            return
    if budget is None:
        assert chosen == best_over(margins, cards, sign) == finished[-1][1]
        assert finished[-1][0] == len(margins)
        assert [count for count, _ in finished[:-1]] == [2, 4, 8, 16][: len(finished) - 1]
    elif finished:
        count, choice = finished[-1]
        assert chosen == choice == best_over(margins[:count], cards, sign)


def test_a_budgeted_player_settles_its_samples(monkeypatch) -> None:
    """Under a budget PimcPlayer asks for the anytime choice, without one it does not."""
    asked: list[bool] = []
    real = sample_choice.best_weighted

    def spy(*args, anytime=False):  # type: ignore[no-untyped-def]
        asked.append(anytime)
        return real(*args, anytime=anytime)

    monkeypatch.setattr("deberts.variants.deberts.play.pimc.best_weighted", spy)
    view = views(2, 4, 3)[0]
    PimcPlayer(samples=6, seed=1).play(view)
    PimcPlayer(samples=6, seed=1, seconds=5.0).play(view)
    assert asked == [False, True]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("first_batch", [1, 8])
def test_samples_solved_in_batches_choose_as_one_by_one(
    players: int, first_batch: int, monkeypatch
) -> None:
    # Where every card is solved in every sample, the samples go to the solver in
    # batches (Solver.values_of_worlds): the same card as solving them one by one.
    monkeypatch.setattr(sample_choice, "FIRST_BATCH", first_batch)
    solver = Solver(table_bits=16)
    rng = random.Random(players)
    batched = 0
    for index, view in enumerate(views(players, 8, 90 + players)):
        if not view.tricks:
            continue
        positions = samples(PimcPlayer(samples=24, seed=index), view)
        weights = [rng.randrange(3) for _ in positions]
        if not any(weights):
            continue
        sign = 1 if view.seat in view.declarer_side else -1
        totals = dict.fromkeys(view.legal, 0)
        for position, weight in zip(positions, weights):
            for card, margin in solver.values(position).items():
                totals[card] += weight * sign * margin
        expected = max(view.legal, key=lambda card: (totals[card], -int(card)))
        chosen = best_weighted(solver, list(view.legal), zip(positions, weights), sign)
        assert chosen == expected
        batched += (len(view.legal) < sample_choice.FEWEST_TO_COMPARE
                    or sample_choice._cards_in_play(positions[0])
                    < sample_choice.SMALLEST_TO_COMPARE)
    assert batched > 20
