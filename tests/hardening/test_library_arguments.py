"""The library's own errors for bad arguments: huge, negative, NaN, of the wrong
type, the other game's position (never an OverflowError, a MemoryError or an
internal TypeError)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts import ArgumentError, DebertsError, Solver, evaluate_bid
from deberts.model.cards import Suit
from deberts.tertz import TertzPosition, TertzSolver
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.tertz.model import random_deals


def deberts_position() -> Position:
    return Position(Deal.random(2, seed=3), Suit(1), 0, 1, Rules())


def tertz_position() -> TertzPosition:
    return TertzPosition(next(iter(random_deals(1, seed=3))))


@pytest.mark.parametrize("call", ["value", "values", "line", "solve", "proven_values"])
def test_each_solver_refuses_the_other_games_position(call: str) -> None:
    with pytest.raises(ArgumentError, match="bad position: expected a TertzPosition"):
        getattr(TertzSolver(table_bits=10), call)(deberts_position())
    with pytest.raises(ArgumentError, match="bad position: expected a Position"):
        getattr(Solver(table_bits=10), call)(tertz_position())


@pytest.mark.parametrize("seconds", [10**400, -1, 0, math.nan, math.inf, "1", None],
                         ids=["10**400", "-1", "0", "nan", "inf", "str", "none"])
def test_a_limit_refuses_a_time_no_clock_holds(seconds: object) -> None:
    solver = Solver(table_bits=10)
    if seconds is None:
        with solver.limit(seconds=None):  # no limit
            return
    with pytest.raises(ArgumentError, match="bad seconds"):
        with solver.limit(seconds=seconds):
            pass


def test_a_huge_count_is_refused_by_size_not_by_its_digits() -> None:
    with pytest.raises(ArgumentError, match=r"bad nodes \(an integer of 1,329 bits\)"):
        with Solver(table_bits=10).limit(nodes=10**400):
            pass


@pytest.mark.parametrize("samples", [10**12, 0, -5, 2.5, "9"])
def test_a_bid_evaluation_bounds_its_samples(samples: object) -> None:
    with pytest.raises(DebertsError, match="bad samples"):
        evaluate_bid("AK9..QJ.7", "JH", seat=1, dealer=0, players=2,
                     samples=samples)


@pytest.mark.parametrize("workers", [10**6, 65, 0, -1, 2.0])
def test_a_local_cluster_is_bounded_like_the_clis(workers: object) -> None:
    pytest.importorskip("distributed")
    from deberts.distributed import connect

    with pytest.raises(ArgumentError, match="bad local_workers"):
        with connect(local_workers=workers):
            pass


#: Seeds that are no integer (nor a ``random.Random``): every game's deals refuse
#: them alike.
WRONG_SEEDS = st.one_of(
    st.floats(), st.complex_numbers(), st.text(), st.binary(), st.booleans(),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(),
                                                         max_size=2),
    st.just("\ud800"), st.just(math.nan), st.just(math.inf),
)


@settings(max_examples=60, deadline=None)
@given(WRONG_SEEDS)
def test_every_games_deals_refuse_the_same_seeds(seed: object) -> None:
    from deberts import generate_deals
    from deberts.tertz import TertzDeal

    calls = [lambda: TertzDeal.random(seed), lambda: next(iter(random_deals(1, seed))),
             lambda: next(generate_deals(4, 1, seed)), lambda: Deal.random(4, seed=seed)]
    messages = set()
    for call in calls:
        with pytest.raises(ArgumentError, match="bad seed: expected an integer") as error:
            call()
        messages.add(str(error.value))
    assert len(messages) == 1
