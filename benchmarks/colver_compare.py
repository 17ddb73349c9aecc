"""Side by side with colver (French Belote, ``pip install colver``): every legal card's
value, and the time of both solvers in the same run.

``python benchmarks/colver_compare.py [--count N]`` prints the markdown table of
``benchmarks/README.md``. On seeded 4-player deals under the ``belote`` preset, from
the first card and in mid-deal (random legal play, sometimes mid-trick), it checks

- that both programs allow the same cards, at the position and at every card of the
  random play leading to it;
- that every legal card's value from ``Solver.values`` (the deal margin), turned
  into North-South card points, equals colver's ``solve_scores`` value exactly.

colver's ``scores`` are North-South's card points at the end of the deal, 0-252:
152 in the cards plus 10 for the last trick, or 252 for a side taking every trick,
and no belote (colver counts it apart, for whoever holds the king and queen of
trumps). Seats are the same (0 leads, 0 and 2 are North-South); colver numbers the
cards of a suit 7 8 9 J Q K 10 A.

Timing: each position is solved cold by both (a cleared table for ``deberts``, a
fresh ``Env`` for colver), single thread, in CPU seconds of the solving thread
(``time.thread_time``: both solve in the calling thread), the two alternating which
goes first; the ``deberts`` time includes its Python boundary, colver's its own.
The figure is the ratio of medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import dataclass, field
from functools import partial

from measure import cpu_timed

from deberts import Card, Deal, Position, Rules, Solver, Suit, score
from deberts.variants.deberts.model.points import BELLA_POINTS

#: colver's rank order within a suit, as our rank indices (7 8 9 T J Q K A).
COLVER_RANKS = (0, 1, 2, 4, 5, 6, 3, 7)
TO_COLVER = {8 * suit + rank: 8 * suit + place
             for suit in range(4) for place, rank in enumerate(COLVER_RANKS)}
FROM_COLVER = {theirs: ours for ours, theirs in TO_COLVER.items()}
BELOTE = Rules.preset_rules("belote")
SET_SIZE = 200
CAPOT = 252
DEAL_POINTS = 162


def full_deals(count: int = SET_SIZE, seed: int = 2027) -> list[Position]:
    """``count`` random 4-player deals from the first card, random trump, declarer
    and first leader, under the ``belote`` preset."""
    rng = random.Random(seed)
    return [
        Position(Deal.random(4, seed=rng), Suit(rng.randrange(4)), rng.randrange(4),
                 rng.randrange(4), BELOTE)
        for _ in range(count)
    ]


def mid_deals(count: int = SET_SIZE, seed: int = 2028, cards_left: int = 5) -> list[Position]:
    """Full deals played at random down to about ``cards_left`` cards a hand, a
    random number of cards into the next trick."""
    rng = random.Random(seed)
    positions = []
    for position in full_deals(count, seed + 1):
        for _ in range((8 - cards_left) * 4 + rng.randrange(4)):
            position.push(rng.choice(position.legal_moves()))
        positions.append(position)
    return positions


def colver_env(position: Position):
    """colver's ``Env`` at the same position: the deal, the trump, the first leader
    and every card played so far (before each, both programs' legal cards are
    checked to be the same)."""
    from colver import Env

    hands = [[TO_COLVER[c] for c in range(32) if mask >> c & 1]
             for mask in position.deal.masks()]
    env = Env.deal_with_hands((position.leader - 1) % 4, hands)
    team = 0 if position.declarer % 2 == 0 else 1
    env.set_contract(int(position.trump), 80, team, 0)
    env.set_phase_playing()
    replay = Position(position.deal, position.trump, position.declarer, position.leader,
                      position.rules)
    for play in position.stack:
        check_legal(replay, env)
        env.step(TO_COLVER[int(play.card)])
        replay.push(play.card, bella=play.bella)
    return env


class RulesDiffer(AssertionError):
    """The two programs allow different cards somewhere."""


def check_legal(position: Position, env) -> None:
    """Both programs allow the same cards for the player to move."""
    ours = sorted(int(c) for c in position.legal_moves())
    theirs = sorted(FROM_COLVER[a] for a in env.legal_actions())
    if env.current_player() != position.to_move or ours != theirs:
        raise RulesDiffer(
            f"{describe(position)}: seat {position.to_move} may play "
            f"{' '.join(str(Card(c)) for c in ours)}; colver (player "
            f"{env.current_player()}): {' '.join(str(Card(c)) for c in theirs)}"
        )


def card_margin(position: Position, margin: int) -> int:
    """A deal margin (declarer side minus defenders, bella included) as North-South's
    card points minus East-West's: the bella (announced when its first card is
    played, as in these sets) taken out."""
    sign = 1 if position.declarer % 2 == 0 else -1
    owner = position.declarations.bella_seat
    bella = 0 if owner is None else BELLA_POINTS if owner % 2 == 0 else -BELLA_POINTS
    return sign * margin - bella


def north_south_points(position: Position, margin: int) -> int:
    """A deal margin as North-South's card points, colver's scale; a card margin of
    252 either way is a capot."""
    difference = card_margin(position, margin)
    if abs(difference) == CAPOT:
        return CAPOT if difference > 0 else 0
    if (difference + DEAL_POINTS) % 2:
        raise ValueError(f"margin {margin} is not a deal's card margin")
    return (DEAL_POINTS + difference) // 2


def describe(position: Position) -> str:
    played = " ".join(str(c) for c in position.played_cards())
    return (f"deal {position.deal} trump {position.trump} declarer {position.declarer} "
            f"leader {position.leader} played [{played}]")


@dataclass
class Comparison:
    """What one set gave: positions, cards compared, every disagreement, times."""

    name: str
    positions: int = 0
    cards: int = 0
    capots: int = 0           # card values where one side takes every trick
    legal_checks: int = 0     # plies where both programs' legal cards were compared
    mismatches: list[str] = field(default_factory=list)
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)

    def row(self) -> str:
        ours, theirs = statistics.median(self.ours), statistics.median(self.theirs)
        return (f"| {self.name} | {self.positions} | {self.legal_checks} | {self.cards} "
                f"| {self.capots} | {len(self.mismatches)} "
                f"| {ours * 1e3:.2f} | {theirs * 1e3:.2f} | {theirs / ours:.2f} |")


def compare(name: str, positions: list[Position]) -> Comparison:
    """Every legal card's value from both programs, and their times."""
    result = Comparison(name)
    solver = Solver()
    for position in positions:
        env = colver_env(position)
        check_legal(position, env)
        result.legal_checks += len(position.stack) + 1
        solver.clear()
        solve_ours = partial(solver.values, position)
        # the two alternate which goes first, position by position
        if result.positions % 2:
            (answer, theirs_seconds), (values, ours_seconds) = (
                cpu_timed(env.solve_scores), cpu_timed(solve_ours))
        else:
            (values, ours_seconds), (answer, theirs_seconds) = (
                cpu_timed(solve_ours), cpu_timed(env.solve_scores))
        result.ours.append(ours_seconds)
        result.theirs.append(theirs_seconds)
        theirs = {FROM_COLVER[card]: points for card, points in answer["scores"]}
        result.positions += 1
        for card, margin in values.items():
            result.cards += 1
            ours = north_south_points(position, margin)
            result.capots += abs(card_margin(position, margin)) == CAPOT
            if theirs.get(int(card)) != ours:
                result.mismatches.append(
                    f"{describe(position)} card {card}: deberts {ours} "
                    f"(margin {margin}), colver {theirs.get(int(card))}"
                )
    return result


def check_playouts(positions: list[Position], seed: int = 2029) -> int:
    """Play each deal out at random in both programs: the same legal cards at every
    card, and at the end the same card points per pair (colver's ``get_points``,
    the last trick and a capot included). Returns how many plies were compared."""
    rng = random.Random(seed)
    plies = 0
    for start in positions:
        position, env = start.copy(), colver_env(start)
        while not position.is_over():
            check_legal(position, env)
            plies += 1
            card = rng.choice(position.legal_moves())
            env.step(TO_COLVER[int(card)])
            position.push(card)
        final = score(position)
        ours = [sum(final.card_points[s] + final.last_trick[s] for s in (p, p + 2))
                for p in (0, 1)]
        if ours != list(env.get_points()):
            raise RulesDiffer(f"{describe(position)}: card points {ours}, "
                              f"colver {list(env.get_points())}")
    return plies


HEADER = ("| set | positions | legal-card checks | cards compared | of them capots "
          "| mismatches | deberts median ms | colver median ms | colver / deberts |\n"
          "|---|---|---|---|---|---|---|---|---|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=SET_SIZE, help="positions per set")
    count = parser.parse_args().count
    import colver

    results = [compare("full deals", full_deals(count)), compare("mid-deal", mid_deals(count))]
    plies = check_playouts(full_deals(count, seed=2030))
    print(f"colver {colver.__version__}, {count} positions a set; {count} more deals "
          f"played out at random: {plies} plies with the same legal cards, the same "
          "card points at the end\n")
    print(HEADER)
    for result in results:
        print(result.row())
    for result in results:
        for line in result.mismatches:
            print(f"- {result.name}: {line}")


if __name__ == "__main__":
    main()
