"""Playing Tertz (docs/rules.md section 4) between players: one deal, and a game to 501.

Each player decides from a :class:`PlayView`, built afresh for every move, that holds
only what its seat may see: its own cards (as dealt, as drawn, as held now), the
face-up trump card and where it went after a swap, every move made (cards, swaps and
breaks are all made in the open), the declarations and the marriage (shown when made,
4.3), the stock's size and the card points won. Never the opponent's hand, never the
order of the cards still in the stock.

A game (:class:`Match`) is deals until a player reaches the target (501) at the
end of a deal; what is written down is each deal's total rounded to tens (4.4), and
the winner of a deal's last trick deals the next one, so its loser leads it (4.1).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from deberts.errors import DebertsError, IllegalMoveError
from deberts.model.arguments import instance, integer
from deberts.model.cards import Card, CardSet, Suit
from deberts.model.display import Drawn
from deberts.variants.tertz.model import (
    SWAP,
    Break,
    Deal,
    DealScore,
    Declaration,
    Move,
    Position,
    Rules,
    Trick,
)
from deberts.variants.tertz.model.deal import STOCK_SIZE
from deberts.variants.tertz.model.record import GameRecord

#: The face-down cards of the stock: the break turns these round (4.1).
FACE_DOWN = STOCK_SIZE - 1
#: The draws in a deal: one a seat after each of the first seven tricks.
DRAWS = STOCK_SIZE // 2


@dataclass(frozen=True)
class PlayView:
    """What ``seat`` knows when it is to move.

    ``trump_card`` is the face-up card as dealt; ``face_up`` the card lying face up
    now (the seven after a swap), ``None`` once drawn; ``swapped_by`` the seat that
    swapped, if one did. ``dealt`` is the seat's nine cards as dealt, ``drawn`` the
    cards it drew in order, ``hand`` what it holds now. ``moves`` is every move of
    the deal, ``tricks``/``trick`` the tricks and the card on the table,
    ``declarations``/``marriage`` as shown, ``declared_at`` the index in ``moves`` of
    the card each declaration was made before (0 under ``opening``), ``married_at``
    that of the marriage (``None`` before it), ``points`` the card points won per seat,
    ``stock_size`` the cards left to draw, ``legal`` the seat's legal moves and
    ``scores`` the game's recorded totals per seat before this deal.
    """

    seat: int
    rules: Rules
    trump: Suit
    trump_card: Card
    face_up: Card | None
    swapped_by: int | None
    dealt: CardSet
    drawn: tuple[Card, ...]
    hand: CardSet
    moves: tuple[Move, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[Card, ...]
    leader: int
    stock_size: int
    declarations: tuple[Declaration, ...]
    marriage: tuple[bool, bool]
    declared_at: tuple[int, ...]
    married_at: int | None
    points: tuple[int, int]
    legal: tuple[Move, ...]
    scores: tuple[int, int] = (0, 0)

    @property
    def break_due(self) -> bool:
        """True when this seat must now break the stock (4.1)."""
        return any(isinstance(move, Break) for move in self.legal)


def view_of(position: Position, scores: Sequence[int] = (0, 0)) -> PlayView:
    """The view of the seat to move in ``position`` (a deal in play, not over)."""
    instance("position", position, Position, "a TertzPosition")
    if position.is_over():
        raise DebertsError("the deal is over: no one is to move")
    seat = position.to_move
    timeline = _timeline(position)
    return PlayView(
        seat=seat,
        rules=position.rules,
        trump=position.trump,
        trump_card=position.deal.trump_card,
        face_up=position.stock[-1] if position.stock else None,
        swapped_by=timeline.swapped_by,
        dealt=position.deal.hands[seat],
        drawn=drawn_cards(position, seat),
        hand=CardSet(position.hands[seat]),
        moves=position.moves,
        tricks=position.tricks,
        trick=position.trick,
        leader=position.leader,
        stock_size=len(position.stock),
        declarations=position.declarations,
        marriage=position.marriage,
        declared_at=timeline.declared_at,
        married_at=timeline.married_at,
        points=position.points,
        legal=tuple(position.legal_moves()),
        scores=(int(scores[0]), int(scores[1])),
    )


@dataclass(frozen=True)
class _Timeline:
    """When the public events of a deal happened, as indices in its moves."""

    swapped_by: int | None
    declared_at: tuple[int, ...]
    married_at: int | None


def _timeline(position: Position) -> _Timeline:
    """Replay ``position``'s moves to see who swapped (the seven then lies face up),
    and before which move each declaration and the marriage were made (shown)."""
    replay = Position(position.deal, position.rules)
    swapped_by = married_at = None
    declared_at = [0] * len(replay.declarations)
    for index, move in enumerate(position.moves):
        if move == SWAP:
            swapped_by = replay.to_move
        replay.push(move)
        declared_at += [index] * (len(replay.declarations) - len(declared_at))
        if married_at is None and any(replay.marriage):
            married_at = index
    return _Timeline(swapped_by, tuple(declared_at), married_at)


def draw_slots(tricks: Sequence[Trick], broken: bool) -> list[tuple[int, int]]:
    """The draws made so far as (seat, slot): slot ``i`` is the stock's ``i``-th card
    in draw order after the break (13, the last, is the face-up card). The first
    draw follows the break; then one after each trick, its winner first (4.1)."""
    if not broken:
        return []
    slots = []
    for index, trick in enumerate(tricks[:DRAWS]):
        slots += [(trick.winner, 2 * index), (1 - trick.winner, 2 * index + 1)]
    return slots


def drawn_cards(position: Position, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` drew so far, in order (the face-up card, or the seven after
    a swap, as the last card of the stock)."""
    if position.broken is None:
        return ()
    face_down = position.deal.stock[:FACE_DOWN]
    cut = FACE_DOWN - position.broken
    order = face_down[cut:] + face_down[:cut]
    last = position.seven if SWAP in position.moves else position.deal.trump_card
    stock = (*order, last)
    return tuple(stock[slot] for who, slot in draw_slots(position.tricks, True) if who == seat)


class Player(Protocol):
    """A seat at a Tertz table: picks a move from ``view.legal``."""

    def move(self, view: PlayView) -> Move:
        """A legal move for ``view.seat``: a card, the swap or a break."""



class Chooser(ABC):
    """What every Tertz player type of this package has beside :class:`Player`'s
    :meth:`move`: :meth:`choose`, a move for the seat to move in a position."""

    @abstractmethod
    def move(self, view: PlayView) -> Move:
        """The decision for ``view.seat``, from the view alone."""

    def choose(self, position: Position, scores: tuple[int, int] = (0, 0)) -> Move:
        """The move for the seat to move in ``position``, decided from that seat's
        view only (:func:`view_of`)."""
        return self.move(view_of(position, scores))

@dataclass(frozen=True)
class DealResult(Drawn):
    """A deal played out: the final position (its deal and moves are the record)
    and its score."""

    position: Position
    score: DealScore

    def record(self, seats: Sequence[str] = (), number: int | None = None) -> GameRecord:
        """The deal's game record (``tertz-record/1``), with who sat where."""
        position = self.position
        return GameRecord(position.deal, position.moves, position.rules, seats, number)

    def to_dict(self) -> dict[str, Any]:
        """The record's JSON object: the deal, the moves, the raw and recorded totals."""
        return self.record().to_dict()


def play_deal(
    players: Sequence[Player], deal: Deal, rules: Rules | None = None,
    scores: Sequence[int] = (0, 0),
) -> DealResult:
    """Play ``deal`` out, ``players[s]`` at seat ``s`` (seat 0 leads first); a move
    that is not legal raises :class:`IllegalMoveError` naming the seat."""
    if len(players) != 2:
        raise DebertsError(f"bad player count {len(players)}: Tertz is for 2 players")
    position = Position(deal, rules)
    while not position.is_over():
        view = view_of(position, scores)
        move = players[view.seat].move(view)
        if move not in view.legal:
            raise IllegalMoveError(
                f"seat {view.seat} chose {move!r}, not one of its legal moves "
                f"{' '.join(str(m) for m in view.legal)}"
            )
        position.push(move)
    return DealResult(position, position.score())


@dataclass
class Match:
    """A game to ``rules.target`` (501) between ``players[0]`` and ``players[1]``:
    deals until a player's recorded total reaches the target at the end of a deal,
    the higher total winning (a tie plays on). ``first`` leads the first deal; after
    that the loser of a deal's last trick leads the next (its winner deals)."""

    players: Sequence[Player]
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None
    first: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])
    results: list[DealResult] = field(default_factory=list)
    seating: list[tuple[int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.players) != 2:
            raise DebertsError(f"bad player count {len(self.players)}: Tertz is for 2 players")
        instance("rules", self.rules, Rules, "TertzRules")
        self.leader = integer("first", self.first, 0, 1)
        self._rng = random.Random(self.seed)

    def winner(self) -> int | None:
        """The winning player once the game is over, else ``None``."""
        high = max(self.scores)
        if high < self.rules.target or self.scores[0] == self.scores[1]:
            return None
        return self.scores.index(high)

    def play_deal(self) -> DealResult:
        """Deal at random, play the deal with the leading player at seat 0, and add
        each player's recorded total."""
        order = (self.leader, 1 - self.leader)  # the player at seat 0, at seat 1
        seats = [self.players[p] for p in order]
        deal = Deal.random(self._rng)
        result = play_deal(seats, deal, self.rules, [self.scores[p] for p in order])
        for seat, player in enumerate(order):
            self.scores[player] += result.score.recorded[seat]
        self.results.append(result)
        self.seating.append(order)
        last_winner = order[result.position.tricks[-1].winner]
        self.leader = 1 - last_winner
        return result

    def play(self, max_deals: int = 1000) -> int:
        """Play deals until the game is won; the winning player."""
        for _ in range(integer("max_deals", max_deals, 1)):
            self.play_deal()
            won = self.winner()
            if won is not None:
                return won
        raise DebertsError(f"no winner after {max_deals} deals")
