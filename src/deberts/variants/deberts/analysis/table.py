"""The double-dummy table of a deal: for every trump suit and every declarer, the
margin under optimal play and whether the deal is made, a bait or a hanging bait.

It answers "what should each seat have bid?" after the game. With the face-up card
known, the face-up suit is the round-1 trump, where whoever holds the seven of trumps
exchanges it or not, whichever is better for his side; the other suits are round-2
choices with no exchange.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Hashable

from deberts.engine.parallel import map_ordered
from deberts.errors import DebertsError
from deberts.model.cards import Card, Suit
from deberts.model.display import Drawn
from deberts.variants.deberts.engine.boundary import value_class
from deberts.variants.deberts.engine.solver import DEFAULT_TABLE_BITS, Solver
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.exchange import (
    check_face_up,
    exchanged,
    holder_swaps,
    seven_holder,
)
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.scoring import result_of
from deberts.variants.deberts.model.sides import declarer_leads, face_up_turned


@dataclass(frozen=True)
class TableCell:
    """One trump and declarer: the margin, the result, and the exchange decision.

    ``holder`` is the seat that may swap the seven of trumps (round 1 with a face-up
    card only, else ``None``) and ``exchange`` whether it does, under optimal play."""

    trump: Suit
    declarer: int
    leader: int
    margin: int
    result: str
    round: int | None
    holder: int | None
    exchange: bool | None

    def to_dict(self) -> dict[str, Any]:
        cell: dict[str, Any] = {
            "trump": self.trump.name, "declarer": self.declarer, "leader": self.leader,
            "margin": self.margin, "result": self.result,
        }
        if self.round is not None:
            cell["round"] = self.round
        if self.holder is not None:
            cell.update(holder=self.holder, exchange=self.exchange)
        return cell

    def __repr__(self) -> str:
        return f"<TableCell {self.trump.name} declarer={self.declarer} margin={self.margin:+d}>"


@dataclass(frozen=True)
class DDTable(Drawn):
    """Every cell of the table, trump-major, and each declarer's best trumps."""

    deal: Deal
    rules: Rules
    face_up: Card | None
    cells: tuple[TableCell, ...]

    def cell(self, trump: Suit | str, declarer: int) -> TableCell:
        suit = trump if isinstance(trump, Suit) else Suit.parse(trump)
        return next(c for c in self.cells if c.trump == suit and c.declarer == declarer)

    def best(self, declarer: int) -> tuple[Suit, ...]:
        """The trumps giving ``declarer`` the highest margin (ties: all of them)."""
        own = [c for c in self.cells if c.declarer == declarer]
        top = max(c.margin for c in own)
        return tuple(c.trump for c in own if c.margin == top)

    def __repr__(self) -> str:
        return f"<DDTable {self.deal.players} players, {len(self.cells)} cells, deal {self.deal}>"

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [str(h) for h in self.deal.hands],
            "face_up": None if self.face_up is None else str(self.face_up),
            "rules": self.rules.to_dict(),
            "cells": [c.to_dict() for c in self.cells],
            "best": {
                str(seat): [s.name for s in self.best(seat)]
                for seat in range(self.deal.players)
            },
        }


def dd_table(
    deal: Deal | str,
    leader: int | None = None,
    rules: Rules | None = None,
    face_up: Card | str | None = None,
    threads: int | None = None,
    table_bits: int = DEFAULT_TABLE_BITS,
    solver: Solver | None = None,
) -> DDTable:
    """Solve every (trump, declarer) cell of ``deal`` on ``threads`` threads (default:
    one a core), or on ``solver`` alone when one is given (a caller that solves many
    tables, one a thread, keeps each thread's solver and its table).

    ``leader`` is the first leader; it is required unless the rules have
    ``first_lead = declarer``, when each declarer leads his own cell.
    ``face_up`` (optional) makes its suit the round-1 trump, with the trump-seven
    exchange decided by the seven's holder.
    """
    deal = deal if isinstance(deal, Deal) else Deal.parse(deal)
    rules = rules if rules is not None else Rules()
    card = None if face_up is None else face_up if isinstance(face_up, Card) else Card.parse(face_up)
    if card is not None:
        if not face_up_turned(rules):
            raise DebertsError(f"bad face-up card {card}: under face_up_to=none no card is "
                               "turned up")
        check_face_up(deal, card)
    plans = [
        _plan(deal, trump, declarer, _leader(leader, declarer, deal, rules), rules, card)
        for trump in Suit
        for declarer in range(deal.players)
    ]
    positions = [position for plan in plans for position in plan.positions]
    # One search a class of positions with the same value up to the sign (in pairs
    # play, a declarer and his partner; the other pair's declarers the other way).
    classes = [value_class(position) for position in positions]
    first: dict[Hashable, tuple[Position, int]] = {}
    for (key, sign), position in zip(classes, positions):
        first.setdefault(key, (position, sign))
    jobs = [position for position, _ in first.values()]
    solved = [solver.value(job) for job in jobs] if solver is not None else list(map_ordered(
        _margin, jobs, threads=(os.cpu_count() or 1) if threads is None else threads,
        table_bits=table_bits, chunk=1, make_solver=Solver,
    ))
    value = {key: margin * sign for (key, (_, sign)), margin in zip(first.items(), solved)}
    margins = iter([value[key] * sign for key, sign in classes])
    cells = tuple(plan.cell([next(margins) for _ in plan.positions]) for plan in plans)
    return DDTable(deal, rules, card, cells)


def _margin(solver: Solver, position: Position) -> int:
    return solver.value(position)


def _leader(leader: int | None, declarer: int, deal: Deal, rules: Rules) -> int:
    if declarer_leads(rules):
        if leader is not None:
            raise DebertsError(
                f"leader {leader} given, but with first_lead=declarer each declarer leads"
            )
        return declarer
    if leader is None:
        raise DebertsError("dd_table needs the leader (or rules with first_lead=declarer)")
    return leader


@dataclass(frozen=True)
class _Plan:
    """The positions one cell solves: the deal as dealt, and after the exchange."""

    trump: Suit
    declarer: int
    leader: int
    round: int | None
    holder: int | None
    positions: tuple[Position, ...]

    def cell(self, margins: list[int]) -> TableCell:
        exchange = None
        margin = margins[0]
        if self.holder is not None:
            holder_declares = self.holder in self.positions[0].declarer_side
            exchange = holder_swaps(margins[0], margins[1], holder_declares)
            margin = margins[1] if exchange else margins[0]
        return TableCell(
            self.trump, self.declarer, self.leader, margin, result_of(margin),
            self.round, self.holder, exchange,
        )


def _plan(
    deal: Deal, trump: Suit, declarer: int, leader: int, rules: Rules, face_up: Card | None
) -> _Plan:
    position = Position(deal, trump, declarer, leader, rules)
    if face_up is None:
        return _Plan(trump, declarer, leader, None, None, (position,))
    if trump != face_up.suit:
        return _Plan(trump, declarer, leader, 2, None, (position,))
    holder = seven_holder(deal, face_up)
    if holder is None:
        return _Plan(trump, declarer, leader, 1, None, (position,))
    swapped = Position(exchanged(deal, face_up), trump, declarer, leader, rules)
    return _Plan(trump, declarer, leader, 1, holder, (position, swapped))
