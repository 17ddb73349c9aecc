"""The solver API: ``solve(position)`` gives the exact double-dummy answer.

The position is reduced to plain integers once, here (the only module that talks to
the compiled engine); the engine returns every legal card's remaining margin and an
optimal line after it. Each line is replayed on the Python model and scored by
:mod:`deberts.variants.deberts.model.scoring`, so the points reported are the rules' own count of that line,
and the engine's margins are checked against it on every call.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from deberts.engine.owner import SearchOwner, relative_margin
from deberts.engine.partial import Proof
from deberts.errors import ArgumentError, DebertsError, SearchInterrupted, WorldsInterrupted
from deberts.model.arguments import describe, instance
from deberts.model.cards import Card, CardMap, CardSet, Suit
from deberts.model.display import Drawn
from deberts.variants.deberts.engine import _engine
from deberts.variants.deberts.engine.boundary import (
    engine_input,
    line_plays,
    move_card,
    settled_margin,
    worlds_input,
)
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.position import Play, Position, play_out
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.scoring import DealScore, result_of, score

#: log2 of the transposition table's entries when none is given.
DEFAULT_TABLE_BITS: int = _engine.DEFAULT_TABLE_BITS


@dataclass(frozen=True)
class MoveValue:
    """One legal card of the player to move and the deal's outcome after it: the
    margin and points, whether it announces bella, the optimal line from it (the
    card first) and that line's score."""

    card: Card
    margin: int
    declarer_points: int
    defender_points: int
    bella: bool
    line: tuple[Play, ...]
    score: DealScore

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": str(self.card),
            "margin": self.margin,
            "declarer_points": self.declarer_points,
            "defender_points": self.defender_points,
        }

    def __repr__(self) -> str:
        return f"<MoveValue {self.card} margin={self.margin:+d}>"


@dataclass(frozen=True)
class Solution(Drawn):
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
        """The ``--json`` object (README "Solving a deal"), with the line's bella plays."""
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

    def move_margins(self) -> CardMap[int]:
        """Each legal card's margin, best first (looked up by card or by name)."""
        return CardMap({m.card: m.margin for m in self.moves})

    def __repr__(self) -> str:
        best = ",".join(str(m.card) for m in self.moves if m.margin == self.margin)
        return (f"<Solution margin={self.margin:+d} {self.result} to_move={self.to_move} "
                f"best={best} moves={len(self.moves)} pv={len(self.pv)} nodes={self.nodes}>")


def solve(
    position: Position | Deal | str,
    trump: Suit | str | None = None,
    declarer: int | None = None,
    leader: int | None = None,
    rules: Rules | None = None,
    played: Iterable[Card | str] | str = (),
    table_bits: int = DEFAULT_TABLE_BITS,
) -> Solution:
    """Solve a position double-dummy: a :class:`Position`, or a deal and its setting.

    >>> solve("AT.K.. K7.A..", trump="S", declarer=0, leader=0).margin
    20
    """
    if not isinstance(position, Position):
        if not isinstance(position, (Deal, str)):
            raise ArgumentError(
                f"bad position: expected a Position, a Deal or a deal string, got "
                f"{describe(position)}"
            )
        deal = position if isinstance(position, Deal) else Deal.parse(position)
        if trump is None or declarer is None or leader is None:
            raise ArgumentError("bad position: solve() needs trump, declarer and leader with a deal")
        position = Position(deal, trump, declarer, leader, rules, played)
    return Solver(table_bits).solve(position)


class Solver(SearchOwner[_engine.Search, Position, Card]):
    """A reusable solver: one transposition table kept across the positions it is
    given (playing a deal card by card reuses what earlier searches proved).

    Modes, like DDS's: :meth:`value` (the margin only), :meth:`best` (the margin and
    one optimal card), :meth:`reaches` (does the declarer's side get a margin above
    a threshold? one null-window search), :meth:`values` (every legal card's
    margin), :meth:`bounds` (each card's margin compared with a threshold) and
    :meth:`solve` (everything, with lines and points); :meth:`values_of_worlds` is
    :meth:`values` of many worlds of one decision in one call. One Solver shared by several
    threads is safe: a lock lets one search at a time use the table, so threads
    that should search side by side each need their own (:func:`solve_many` does
    that).
    """

    def __init__(self, table_bits: int = DEFAULT_TABLE_BITS) -> None:
        super().__init__(_engine.Search, table_bits)

    def value(self, position: Position) -> int:
        """The deal margin under optimal play from here."""
        spec, trick = _input(position)
        settled = settled_margin(position)
        with self._searching(settled):
            value, self.nodes = self._search.value(spec, trick)
        return settled + value

    def best(self, position: Position) -> tuple[int, Card]:
        """The margin and one optimal card for the player to move."""
        spec, trick = _input(position)
        settled = settled_margin(position)
        with self._searching(settled):
            value, move, self.nodes = self._search.best(spec, trick)
        return settled + value, move_card(move)

    def reaches(self, position: Position, threshold: int) -> bool:
        """True when the declarer's side gets a deal margin above ``threshold``."""
        spec, trick = _input(position)
        settled = settled_margin(position)
        relative = relative_margin("threshold", threshold, settled)
        with self._searching(settled):
            answer, self.nodes = self._search.reaches(spec, trick, relative)
        return answer

    def values(
        self, position: Position, cards: Iterable[Card | str] | None = None,
        guess: int | None = None,
    ) -> CardMap[int]:
        """Every legal card's deal margin (the mover's better bella choice), or
        only those of ``cards`` (each legal for the player to move, else
        :class:`IllegalMoveError` names it), looked up by card or by name
        (``values["7D"]``). A ``guess`` of the margin of the card solved
        first (of the one card, when ``cards`` leaves one), if near, saves the
        search some passes."""
        return self._values(position, cards, guess, _proof(position))

    def values_of_worlds(
        self, worlds: Sequence[Position], cards: Iterable[Card | str] | None = None,
    ) -> list[CardMap[int]]:
        """:meth:`values` of each of ``worlds``, searched in one call to the engine,
        so that a world costs its search and little else: the worlds of one
        decision, positions with the same rules, trump, declarer, first leader and
        cards played (bella announced alike), differing in the hidden cards (else
        :class:`ArgumentError`). Given ``cards``, the hand to move must be the same
        in every world too, and the cards legal there. Each world gets the values,
        and the search the nodes, that :meth:`values` would give it in turn;
        ``nodes`` is the batch's total.

        Under :meth:`limit`, a node limit is the batch's; a batch stopped at the
        limit raises :class:`deberts.errors.WorldsInterrupted`, a
        :class:`SearchInterrupted` whose ``values`` are those of the worlds solved
        before the stop. The progress observer gets the batch's nodes and seconds."""
        positions = _same_decision(worlds, cards is not None)
        if not positions:
            self.nodes = 0
            return []
        mask = _card_mask(positions[0], cards)
        specs, tricks, settled = worlds_input(positions)
        rows: list[list[tuple[int, int]]] = []
        maximising = positions[0].is_declarer_side(positions[0].to_move)
        try:
            with self._searching_worlds():
                self.nodes = self._search.values_of_worlds(specs, tricks, rows, mask)
        except SearchInterrupted as stop:
            solved = [_card_values(maximising, r, s) for r, s in zip(rows, settled)]
            raise WorldsInterrupted(str(stop), solved) from stop
        return [_card_values(maximising, r, s) for r, s in zip(rows, settled)]

    def _values_search(
        self, position: Position
    ) -> tuple[Proof[Card], Callable[[Proof[Card]], object]]:
        _input(position)
        return _proof(position), lambda proof: self._values(position, None, None, proof)

    def _values(self, position: Position, cards: Iterable[Card | str] | None, guess: int | None,
                proof: Proof[Card]) -> CardMap[int]:
        """:meth:`values`, its progress gathered in ``proof``."""
        spec, trick = _input(position)
        settled = settled_margin(position)
        extra = () if guess is None else (relative_margin("guess", guess, settled),)
        mask = _card_mask(position, cards)
        with self._searching(settled, proof):
            raw, self.nodes = self._search.values(spec, trick, mask, *extra)
        return _card_values(position.is_declarer_side(position.to_move), raw, settled)

    def bounds(
        self, position: Position, threshold: int, cards: Iterable[Card | str] | None = None
    ) -> CardMap[tuple[int, int]]:
        """For every legal card (or each of ``cards``, which must be legal), an
        interval ``(low, high)`` holding its deal margin that settles whether the
        margin is above ``threshold``: either ``high <= threshold`` or ``low >
        threshold``. One null-window search a card, so much cheaper than
        :meth:`values` when a comparison is enough."""
        spec, trick = _input(position)
        settled = settled_margin(position)
        relative, mask = relative_margin("threshold", threshold, settled), _card_mask(position, cards)
        with self._searching(settled):
            raw, self.nodes = self._search.bounds(spec, trick, relative, mask)
        return CardMap({card: (settled + low, settled + high)
                        for card, (low, high) in _per_card(
                            position.is_declarer_side(position.to_move), raw).items()})

    def line(self, position: Position) -> tuple[int, tuple[Play, ...], DealScore]:
        """The margin, one optimal line and its score: :meth:`solve` without every
        other card's value (about the cost of :meth:`value`)."""
        spec, trick = _input(position)
        settled = settled_margin(position)
        with self._searching(settled):
            value, line, self.nodes = self._search.line(spec, trick)
        margin = settled + value
        end = _play_out(position, line)
        final = score(end)
        if not end.is_over() or final.margin != margin:
            raise RuntimeError(f"engine line and scoring disagree: {margin} != {final.margin}")
        return margin, tuple(end.stack[len(position.stack):]), final

    def solve(self, position: Position) -> Solution:
        """Everything: each card's margin and points, the optimal line, its score."""
        started = time.perf_counter()
        spec, trick = _input(position)
        settled = settled_margin(position)
        with self._searching(settled, _proof(position)):
            raw, self.nodes = self._search.lines(spec, trick)
        moves = _merge_bella_choices(
            position, [_move_value(position, settled, *r) for r in raw]
        )
        best = moves[0]
        return Solution(
            margin=best.margin,
            declarer_points=best.declarer_points,
            defender_points=best.defender_points,
            result=result_of(best.margin),
            to_move=position.to_move,
            moves=tuple(moves),
            pv=best.line,
            score=best.score,
            nodes=self.nodes,
            seconds=time.perf_counter() - started,
        )


def _per_card(
    maximising: bool, rows: Sequence[tuple[int, ...]]
) -> dict[Card, tuple[int, ...]]:
    """The engine's rows ``(move, figure...)`` one per card: where a card is two
    moves (announcing bella or not), the better of each figure for the mover (who
    wants the margin high when ``maximising``). A value is the better of the two
    values, and a bound of it the better of the bounds."""
    better = max if maximising else min
    merged: dict[Card, tuple[int, ...]] = {}
    for move, *figures in rows:
        card = move_card(move)
        known = merged.get(card)
        merged[card] = tuple(figures) if known is None else tuple(map(better, known, figures))
    return merged


def _card_values(maximising: bool, rows: Sequence[tuple[int, int]], settled: int) -> CardMap[int]:
    """The engine's ``(move, value)`` rows as each card's deal margin (the mover's
    better bella choice; the mover wants it high when ``maximising``)."""
    return CardMap({card: settled + value
                    for card, (value,) in _per_card(maximising, rows).items()})


def _same_decision(worlds: Sequence[Position], same_hand: bool) -> list[Position]:
    """``worlds`` as a list, each a position that is not over (else
    :class:`ArgumentError`, or :class:`DebertsError` for a deal over), all with
    the first one's rules, trump, declarer, first leader and cards played, and
    with ``same_hand`` its hand to move (else :class:`ArgumentError` naming the
    first that differs)."""
    if isinstance(worlds, (str, bytes)) or not isinstance(worlds, Sequence):
        raise ArgumentError(f"bad worlds: {describe(worlds)}; expected a sequence of Positions")
    positions = list(worlds)
    if not positions:
        return positions
    for index, world in enumerate(positions):
        if not isinstance(world, Position):
            instance(f"worlds[{index}]", world, Position, "a Position")
    first = positions[0]
    _input(first)
    mover, hand, players, stack = first.to_move, first.hands[first.to_move], len(first.hands), first.stack
    setting = (first.rules, first.trump, first.declarer, first.leader)
    for index, world in enumerate(positions):
        if not (world.stack == stack and len(world.hands) == players
                and (not same_hand or world.hands[mover] == hand)
                and (world.rules, world.trump, world.declarer, world.leader) == setting):
            raise ArgumentError(
                f"bad worlds: world {index} is not of the first one's decision (the same "
                f"setting and cards played{', and hand to move' if same_hand else ''})")
    return positions


def _proof(position: Position) -> Proof[Card]:
    """Where a values search of ``position`` gathers its values as they are proven
    (a card's two bella choices valued as the mover's better one); the position is
    checked first, as every search's is."""
    instance("position", position, Position, "a Position")
    return Proof(move_card, position.is_declarer_side(position.to_move),
                 settled_margin(position))


def _card_mask(position: Position, cards: Iterable[Card | str] | None) -> int:
    """The engine's filter of root moves: every card, or the mask of ``cards``, each
    of which must be legal here (:class:`IllegalMoveError` names the first that is
    not)."""
    if cards is None:
        return _engine.ALL_CARDS
    mask = CardSet(cards).mask
    illegal = mask & ~position.legal_mask()
    if illegal:
        position.check_legal(Card((illegal & -illegal).bit_length() - 1))
    return mask


def _input(position: Position) -> tuple[_engine.Spec, list[int]]:
    instance("position", position, Position, "a Position")
    if position.is_over():
        raise DebertsError("the deal is over: nothing left to solve")
    return engine_input(position)


def _move_value(
    position: Position, settled: int, move: int, remaining: int, line: list[int]
) -> MoveValue:
    """A move's value, its line played out and scored by the rules; the score must be
    the settled margin plus the engine's value, or the two disagree on the rules."""
    card = move_card(move)
    end = _play_out(position, [move, *line])
    if not end.is_over():
        raise RuntimeError(f"engine line after {card} stops before the end")
    final = score(end)
    if final.margin != settled + remaining:
        raise RuntimeError(
            f"engine and scoring disagree after {card}: "
            f"{settled} + {remaining} != {final.margin}"
        )
    plays = tuple(end.stack[len(position.stack):])
    return MoveValue(
        card, final.margin, final.declarer_points, final.defender_points,
        plays[0].bella, plays, final,
    )


def _merge_bella_choices(position: Position, values: list[MoveValue]) -> list[MoveValue]:
    """One entry per card (the mover's better bella choice), best first for the mover."""
    sign = 1 if position.is_declarer_side(position.to_move) else -1
    by_card: dict[Card, MoveValue] = {}
    for value in values:
        known = by_card.get(value.card)
        if known is None or sign * value.margin > sign * known.margin:
            by_card[value.card] = value
    return sorted(by_card.values(), key=lambda m: (-sign * m.margin, m.card))


def _play_out(position: Position, moves: list[int]) -> Position:
    """A copy of the position with an engine line played on (bella announced unless
    a move declines it); the engine's own rules made the moves legal."""
    return play_out(position, line_plays(moves))
