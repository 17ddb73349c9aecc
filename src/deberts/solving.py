"""The solver API: ``solve(position)`` gives the exact double-dummy answer.

The position is reduced to plain integers once, here (the only module that talks to
the compiled engine); the engine returns every legal card's remaining margin and an
optimal line after it. Each line is replayed on the Python model and scored by
:mod:`deberts.scoring`, so the points reported are the rules' own count of that line,
and the engine's margins are checked against it on every call.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable

from deberts import _engine
from deberts.cards import Card, Suit
from deberts.deal import Deal
from deberts.errors import DebertsError
from deberts.declarations import bella_mask
from deberts.position import Play, Position
from deberts.rules import Rules
from deberts.scoring import DealScore, result_of, score
from deberts.sides import partner_of

DECLINES_BELLA = 32


@dataclass(frozen=True)
class MoveValue:
    """One legal card of the player to move and the deal's outcome after it."""

    card: Card
    margin: int
    declarer_points: int
    defender_points: int
    bella: bool
    line: tuple[Play, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": str(self.card),
            "margin": self.margin,
            "declarer_points": self.declarer_points,
            "defender_points": self.defender_points,
        }


@dataclass(frozen=True)
class Solution:
    """The exact value of a position and of each legal card, best first.

    ``margin`` is the declarer side's total minus the defenders' for the whole deal
    under optimal play from here; ``pv`` the optimal line; ``score`` its breakdown.
    """

    margin: int
    declarer_points: int
    defender_points: int
    result: str
    to_move: int
    moves: tuple[MoveValue, ...]
    pv: tuple[Play, ...]
    score: DealScore
    nodes: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` record of RULES/issue contract, plus the line's bella plays."""
        return {
            "margin": self.margin,
            "declarer_points": self.declarer_points,
            "defender_points": self.defender_points,
            "result": self.result,
            "to_move": self.to_move,
            "moves": [m.to_dict() for m in self.moves],
            "pv": [str(p.card) for p in self.pv],
            "bella": [str(p.card) for p in self.pv if p.bella],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


def solve(
    position: Position | Deal | str,
    trump: Suit | str | None = None,
    declarer: int | None = None,
    leader: int | None = None,
    rules: Rules | None = None,
    played: Iterable[Card | str] | str = (),
    table_bits: int = _engine.DEFAULT_TABLE_BITS,
) -> Solution:
    """Solve a position double-dummy: a :class:`Position`, or a deal and its setting.

    >>> solve("AT.K.. K7.A..", trump="S", declarer=0, leader=0).margin
    20
    """
    if not isinstance(position, Position):
        deal = position if isinstance(position, Deal) else Deal.parse(position)
        if trump is None or declarer is None or leader is None:
            raise TypeError("solve() needs trump, declarer and leader with a deal")
        position = Position(deal, trump, declarer, leader, rules, played)
    if position.is_over():
        raise DebertsError("the deal is over: nothing left to solve")
    started = time.perf_counter()
    spec, trick = engine_input(position)
    raw, nodes = _engine.analyse(spec, trick, table_bits)
    moves = _merge_bella_choices(position, [_move_value(position, *r) for r in raw])
    seconds = time.perf_counter() - started
    best = moves[0]
    return Solution(
        margin=best.margin,
        declarer_points=best.declarer_points,
        defender_points=best.defender_points,
        result=result_of(best.margin),
        to_move=position.to_move,
        moves=tuple(moves),
        pv=best.line,
        score=score(replay_line(position, best.line)),
        nodes=nodes,
        seconds=seconds,
    )


def _move_value(
    position: Position, move: int, remaining: int, line: list[int]
) -> tuple[MoveValue, int]:
    plays = _plays(position, [move, *line])
    final = score(replay_line(position, plays))
    value = MoveValue(
        Card(move & 31),
        final.margin,
        final.declarer_points,
        final.defender_points,
        plays[0].bella,
        tuple(plays),
    )
    return value, final.margin - remaining


def _merge_bella_choices(
    position: Position, values: list[tuple[MoveValue, int]]
) -> list[MoveValue]:
    """One entry per card (the mover's better bella choice), best first for the mover.

    Also checks that the engine's remaining margins and the replayed lines' scores
    differ by one constant, the points already settled."""
    offsets = {offset for _, offset in values}
    if len(offsets) != 1:
        raise RuntimeError(f"engine and scoring disagree: offsets {sorted(offsets)}")
    sign = 1 if position.is_declarer_side(position.to_move) else -1
    by_card: dict[Card, MoveValue] = {}
    for value, _ in values:
        known = by_card.get(value.card)
        if known is None or sign * value.margin > sign * known.margin:
            by_card[value.card] = value
    return sorted(by_card.values(), key=lambda m: (-sign * m.margin, m.card))


def _plays(position: Position, moves: list[int]) -> list[Play]:
    """Engine moves as plays: the seat and whether bella is announced."""
    copy = position.copy()
    plays = []
    for move in moves:
        card = Card(move & 31)
        seat = copy.to_move
        copy.push(card, bella=not move & DECLINES_BELLA)
        plays.append(Play(seat, card, copy.stack[-1].bella))
    return plays


def replay_line(position: Position, plays: Iterable[Play]) -> Position:
    """A copy of the position with a line of plays made."""
    copy = position.copy()
    for play in plays:
        copy.push(play.card, bella=play.bella)
    return copy


def engine_input(position: Position) -> tuple[dict[str, Any], list[int]]:
    """The position as the engine reads it: the state at the start of the current
    trick, and the moves made in that trick since."""
    players, rules = position.players, position.rules
    hands = list(position.hands)
    for play in position.trick:
        hands[play.seat] |= play.card.mask
    sides = [1 if position.is_declarer_side(s) else -1 for s in range(players)]
    partners = [
        partner_of(s, players, rules) if rules.partner_exempt else None
        for s in range(players)
    ]
    outcome = position.declarations
    won = position.tricks_won()
    team_sign = 1 if outcome.team & position.declarer_side else -1
    spec = {
        "players": players,
        "trump": int(position.trump),
        "hands": hands,
        "sides": sides,
        "partners": [-1 if p is None else p for p in partners],
        "leader": position.trick_leader,
        "decl_team": _seat_mask(outcome.team),
        "decl_value": team_sign * outcome.points,
        "decl_pending": int(
            rules.declarations_need_trick
            and outcome.points > 0
            and not any(won[s] for s in outcome.team)
        ),
        **_bella_input(position),
    }
    trick = [
        int(p.card) | (DECLINES_BELLA if _declined(position, p) else 0)
        for p in position.trick
    ]
    return spec, trick


def _bella_input(position: Position) -> dict[str, Any]:
    """The bella rule as engine flags, at the start of the current trick."""
    owner = position.declarations.bella_seat
    mask = bella_mask(position.trump)
    fixed = {"bella_mode": "fixed", "bella_owner": 0, "bella_cards": 0,
             "bella_team": 0, "bella_state": 0}
    if owner is None or position.rules.bella == "owner":
        return fixed
    partner = partner_of(owner, position.players, position.rules)
    done = [t for t in position.tricks if any(p.card.mask & mask for p in t.plays)]
    team = {owner} if partner is None else {owner, partner}
    if not done:
        state = 1
    elif position.rules.bella == "both_tricks" and len(done) == 1:
        announced = any(p.bella for p in done[0].plays)
        state = 2 if announced and done[0].winner in team else 0
    else:
        state = 0
    return {
        "bella_mode": position.rules.bella,
        "bella_owner": owner,
        "bella_cards": mask,
        "bella_team": _seat_mask(team),
        "bella_state": state,
    }


def _declined(position: Position, play: Play) -> bool:
    """True for the first bella card played without announcing it."""
    mask = bella_mask(position.trump)
    if position.declarations.bella_seat != play.seat or not play.card.mask & mask:
        return False
    earlier = [p for p in position.stack[: position.stack.index(play)] if p.card.mask & mask]
    return not earlier and not play.bella


def _seat_mask(seats: Iterable[int]) -> int:
    return sum(1 << s for s in seats)
