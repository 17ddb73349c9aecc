"""Many worlds of one decision solved in one call (:meth:`deberts.Solver.values_of_worlds`):
each world's values and the search's nodes are exactly those of :meth:`Solver.values`
world by world; bad worlds are named; a batch stopped at its limit gives the worlds
solved before the stop and leaves a sound table."""

from __future__ import annotations

import pickle
import random

import pytest
from consistency import samples
from positions import RULE_VARIANTS
from recorded_views import Recorder

from deberts import ArgumentError, Card, IllegalMoveError, Position, Solver
from deberts.engine.owner import Progress
from deberts.errors import DebertsError, SearchInterrupted, WorldsInterrupted
from deberts.variants.deberts.play.match import PlayView, play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.deberts.play.players import HeuristicPlayer


def late_views(players: int, deals: int, seed: int) -> list[PlayView]:
    """Play views with a choice, from seeded deals under every rule variant that
    fits the table, after the first trick (cheap to solve in numbers)."""
    rng = random.Random(seed)
    found: list[PlayView] = []
    variants = [rules for rules in RULE_VARIANTS if _fits(rules, players)]
    for index in range(deals):
        seats = [Recorder(HeuristicPlayer(), lambda v: len(v.legal) > 1 and len(v.tricks) >= 1)
                 for _ in range(players)]
        play_deal(seats, rng.randrange(players), variants[index % len(variants)], rng)
        found += [view for seat in seats for view in seat.views]
    return found


def _fits(rules, players: int) -> bool:
    try:
        rules.check_table(players)
    except DebertsError:
        return False
    return True


def worlds_of(view: PlayView, seed: int, count: int = 12) -> list[Position]:
    return samples(PimcPlayer(samples=count, seed=seed), view)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_worlds_get_the_values_and_nodes_of_one_call_each(players: int) -> None:
    one, many = Solver(table_bits=16), Solver(table_bits=16)
    checked = 0
    for index, view in enumerate(late_views(players, 14, 40 + players)):
        worlds = worlds_of(view, index)
        cards = None if index % 2 else list(view.legal)[: 1 + index % len(view.legal)]
        expected, nodes = [], 0
        for world in worlds:
            expected.append(dict(one.values(world, cards)))
            nodes += one.nodes
        assert [dict(values) for values in many.values_of_worlds(worlds, cards)] == expected
        assert many.nodes == nodes
        checked += len(worlds)
    assert checked > 600


def test_bad_worlds_are_named() -> None:
    view = late_views(4, 1, 1)[0]
    worlds = worlds_of(view, 0, 4)
    solver = Solver(table_bits=12)
    assert solver.values_of_worlds([]) == [] and solver.nodes == 0
    with pytest.raises(ArgumentError, match="world 1"):
        later = worlds[1].copy()
        later.push(later.legal_moves()[0])
        solver.values_of_worlds([worlds[0], later])
    with pytest.raises(ArgumentError, match=r"worlds\[1\]"):
        solver.values_of_worlds([worlds[0], "AS"])  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match="bad worlds"):
        solver.values_of_worlds(worlds[0])  # type: ignore[arg-type]
    illegal = next(Card(c) for c in range(32) if Card(c) not in view.legal)
    with pytest.raises(IllegalMoveError):
        solver.values_of_worlds(worlds, [illegal])


def test_worlds_of_another_seats_decision_may_differ_in_its_hand() -> None:
    # The decision of a seat whose hand is hidden (what the others' earlier cards
    # say of the worlds): every card of each world, its own hand's.
    view = late_views(4, 1, 3)[0]
    worlds = worlds_of(view, 0, 20)
    for world in worlds:
        world.pop()
    hands = {world.hands[world.to_move] for world in worlds}
    assert len(hands) > 1
    solver, one = Solver(table_bits=14), Solver(table_bits=14)
    expected = [dict(one.values(world)) for world in worlds]
    assert [dict(values) for values in solver.values_of_worlds(worlds)] == expected
    with pytest.raises(ArgumentError, match="hand to move"):
        solver.values_of_worlds(worlds, [next(iter(expected[0]))])


def test_a_stopped_batch_gives_the_worlds_solved_before_the_stop() -> None:
    views = [v for v in late_views(4, 3, 7) if len(v.tricks) == 1]
    worlds = worlds_of(views[0], 0, 40)
    expected = [dict(values) for values in Solver().values_of_worlds(worlds)]
    solver = Solver()
    total = Solver()
    total.values_of_worlds(worlds)
    seen: list[Progress] = []
    with solver.limit(nodes=total.nodes // 2), solver.progress(seen.append):
        with pytest.raises(WorldsInterrupted) as stopped:
            solver.values_of_worlds(worlds)
    assert isinstance(stopped.value, SearchInterrupted)
    solved = [dict(values) for values in stopped.value.values]
    assert 0 < len(solved) < len(worlds) and solved == expected[: len(solved)]
    assert seen and seen[-1].lower is None and seen[-1].nodes >= total.nodes // 2
    copy = pickle.loads(pickle.dumps(stopped.value))
    assert str(copy) == str(stopped.value) and copy.values == stopped.value.values
    assert [dict(values) for values in solver.values_of_worlds(worlds)] == expected
