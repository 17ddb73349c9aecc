"""A Tertz deal in play (docs/rules.md section 4): push a move, pop it, ask what is legal.

Like python-chess's ``Board``, a :class:`Position` carries its history
(``moves``) and is changed only by :meth:`~Position.push` and
:meth:`~Position.pop`. Moves are cards, :data:`SWAP` and :class:`Break`
(docs/rules.md 4.5). Drawing is automatic: after every trick while the stock lasts
(after the first one, once the loser has broken the stock), the winner first.

The engine contract: the double-dummy engine reads a position only through these
public attributes, all cheap plain values (ints, tuples, no copies made on reading):

- ``rules`` (:class:`Rules`), ``trump`` (:class:`Suit`), ``deal``;
- ``hands``: the two current hands as 32-bit masks (section 5 bit layout);
- ``stock``: the cards still to draw, in draw order, the face-up card last;
- ``to_move``, ``leader`` (the seat that led or leads the current trick);
- ``trick``: the card on the table (empty at a trick start), the leader's first;
- ``tricks``: the completed tricks (:class:`Trick`: leader, cards, winner,
  points); ``points``: card points won per seat, the last trick's 10 included once
  the deal is over;
- ``breaker``: the seat that must break the stock now, ``None`` when no break is due;
  ``broken``: the K the stock was broken by, ``None`` before;
- ``declarations``: every declaration so far (:class:`Declaration`: seat,
  kind, cards mask, points, order, counting); ``marriage``: per seat, whether it
  scored the marriage;
- ``moves``: the history; ``is_over()``, ``phase``, ``legal_mask()``,
  ``can_swap()``, ``legal_moves()`` and ``score()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Iterable

from deberts.errors import DebertsError, IllegalMoveError
from deberts.model.arguments import instance
from deberts.model.cards import Card, Rank, iter_bits
from deberts.model.display import Drawn
from deberts.model.trick_order import trick_winner
from deberts.variants.tertz.model.deal import HAND_SIZE, STOCK_SIZE, Deal
from deberts.variants.tertz.model.declarations import (
    Declaration,
    declare,
    marriage_mask,
    opening_declarations,
)
from deberts.variants.tertz.model.moves import MAX_BREAK, SWAP, Break, Move, Swap, as_move
from deberts.variants.tertz.model.rules import Rules
from deberts.variants.tertz.model.scoring import DealScore, deal_score
from deberts.variants.tertz.model.tricks import LAST_TRICK, STRICT, card_points, legal_cards

#: Tricks in a deal: 9 cards each and 7 draws of two.
TRICKS = HAND_SIZE + STOCK_SIZE // 2
#: The state that a move changes; saved before each push, restored by pop.
_STATE = (
    "hands", "stock", "to_move", "leader", "trick", "tricks", "points",
    "breaker", "broken", "declarations", "marriage", "moves",
)
_saved_state = attrgetter(*_STATE)


@dataclass(frozen=True)
class Trick:
    """A completed trick: its leader, the two cards (leader's first), the winning
    seat and the card points it holds (without the last trick's 10)."""

    leader: int
    cards: tuple[Card, Card]
    winner: int
    points: int


class Position(Drawn):
    """A Tertz deal and the moves made so far; ``moves`` replays moves (each checked).

    Attributes (plain values, replaced by each move, never changed in place):

    - ``deal``, ``rules``; ``trump``: the trump suit; ``seven``: the seven of trumps.
    - ``hands``: (seat 0, seat 1) current hands as masks.
    - ``stock``: the cards still to draw in draw order, the face-up card last (the
      seven once swapped); empty in the end phase.
    - ``to_move``: the seat to make the next move (a card, the swap or the break).
    - ``leader``: the seat that led the trick on the table, or leads the next one
      (while a break is due: the first trick's winner).
    - ``trick``: the card on the table, () at a trick start.
    - ``tricks``: the completed tricks, in order.
    - ``points``: card points won per seat, plus the last trick's 10 once over.
    - ``breaker``: the first trick's loser while his break is due, else ``None``.
    - ``broken``: the K of the break once made, else ``None``.
    - ``declarations``: every declaration in the order made (``order`` is the
      index); under ``declare_when = opening`` all of them from the start, from
      the hands as dealt (a swap before the first card does not change them).
    - ``marriage``: (seat 0, seat 1), True for the one who scored the marriage.
    - ``moves``: the moves made, in order.
    """

    hands: tuple[int, int]
    stock: tuple[Card, ...]
    to_move: int
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, int]
    breaker: int | None
    broken: int | None
    declarations: tuple[Declaration, ...]
    marriage: tuple[bool, bool]
    moves: tuple[Move, ...]

    def __init__(
        self,
        deal: Deal,
        rules: Rules | None = None,
        moves: Iterable[Move | str | int] | str = (),
    ) -> None:
        self.deal = instance("deal", deal, Deal, "a TertzDeal")
        self.rules = instance(
            "rules", rules if rules is not None else Rules(), Rules, "TertzRules"
        )
        self.trump = deal.trump
        self.seven = Card.of(self.trump, Rank.SEVEN)
        self._married = marriage_mask(self.trump)
        self.hands = deal.masks()
        self.stock = deal.stock
        self.to_move = 0
        self.leader = 0
        self.trick = ()
        self.tricks = ()
        self.points = (0, 0)
        self.breaker = None
        self.broken = None
        opening = self.rules.declare_when == "opening"
        self.declarations = opening_declarations(self.hands) if opening else ()
        self.marriage = (False, False)
        self.moves = ()
        self._undo: list[tuple[object, ...]] = []
        instance("moves", moves, Iterable, "a string or a list of moves")
        for index, move in enumerate(moves.split() if isinstance(moves, str) else moves):
            seat = self.to_move
            try:
                self.push(move)
            except DebertsError as error:
                raise type(error)(f"move {index + 1} (seat {seat}): {error}") from None

    @classmethod
    def from_moves(
        cls, deal: Deal, moves: Iterable[Move | str | int] | str,
        rules: Rules | None = None,
    ) -> Position:
        """The position after replaying ``moves`` (notation or moves) from the deal."""
        return cls(deal, rules, moves)

    # -- state -------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``stock`` while cards remain to draw (loose play), then ``end`` (strict play)."""
        return "stock" if self.stock else "end"

    @property
    def break_due(self) -> bool:
        """True between the first trick and its loser's break."""
        return self.breaker is not None

    def is_over(self) -> bool:
        """True once all 16 tricks are played."""
        return len(self.tricks) == TRICKS

    def can_swap(self) -> bool:
        """True when the player to move may swap the seven of trumps (docs/rules.md
        4.2): he holds it and the stock holds at least two cards (under ``swap_last
        = false``, more than two: not in the last trick with a stock)."""
        return (
            len(self.stock) > (1 if self.rules.swap_last else 2)
            and bool(self.hands[self.to_move] & self.seven.mask)
            and not self.is_over()
        )

    def legal_mask(self) -> int:
        """The mask of the cards the player to move may play (0 while a break is due)."""
        if self.is_over() or self.breaker is not None:
            return 0
        play = self.rules.stock_play if self.stock else STRICT
        return legal_cards(self.hands[self.to_move], self.trick, self.trump, play)

    def legal_moves(self) -> list[Move]:
        """Every legal move: the cards (or each break when one is due), then the swap."""
        if self.is_over():
            return []
        moves: list[Move]
        if self.breaker is not None:
            moves = [Break(k) for k in range(MAX_BREAK + 1)]
        else:
            moves = [Card(index) for index in iter_bits(self.legal_mask())]
        if self.can_swap():
            moves.append(SWAP)
        return moves

    def score(self) -> DealScore:
        """The score of the finished deal (docs/rules.md 4.4)."""
        if not self.is_over():
            raise DebertsError(
                f"the deal is not over ({len(self.tricks)} of {TRICKS} tricks): "
                "cannot score it yet"
            )
        won = sum(trick.winner for trick in self.tricks)
        return deal_score(self.points, self.declarations, self.marriage, self.trump,
                          (TRICKS - won, won), self.tricks[-1].winner)

    # -- moves -------------------------------------------------------------

    def push(self, move: Move | str | int) -> None:
        """Make a move for the player to move; :class:`IllegalMoveError` says why not."""
        move = as_move(move)
        if self.is_over():
            raise IllegalMoveError(f"move {move}: the deal is over")
        self._check(move)
        self._undo.append(_saved_state(self))
        if isinstance(move, Swap):
            self._swap()
        elif isinstance(move, Break):
            self._break(move.k)
        else:
            self._play(move)
        self.moves = self.moves + (move,)

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self._undo:
            raise IllegalMoveError("no move to take back")
        move = self.moves[-1]
        self.__dict__.update(zip(_STATE, self._undo.pop()))
        return move

    def copy(self) -> Position:
        """An independent copy, history included: either may push and pop."""
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        other._undo = list(self._undo)
        return other

    def _check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` naming ``move`` and why it is not legal."""
        seat = self.to_move
        if isinstance(move, Swap):
            if not self.hands[seat] & self.seven.mask:
                raise IllegalMoveError(f"swap: seat {seat} does not hold the seven of trumps")
            if len(self.stock) < 2:
                raise IllegalMoveError("swap: the stock holds fewer than two cards")
            if not self.can_swap():
                raise IllegalMoveError(
                    "swap: only two stock cards remain (rule option swap_last = false)"
                )
        elif isinstance(move, Break):
            if self.breaker is None:
                raise IllegalMoveError(
                    f"{move}: no break is due (the first trick's loser breaks, right after it)"
                )
        elif self.breaker is not None:
            raise IllegalMoveError(
                f"card {move}: seat {seat} must first break the stock (break:0..{MAX_BREAK})"
            )
        elif not self.hands[seat] & move.mask:
            raise IllegalMoveError(f"card {move}: seat {seat} does not hold it")
        elif not self.legal_mask() & move.mask:
            legal = " ".join(str(m) for m in self.legal_moves())
            raise IllegalMoveError(
                f"card {move}: illegal for seat {seat} here ({self._duty_text()}), "
                f"legal are {legal}"
            )

    def _duty_text(self) -> str:
        """The duty that applies to the player to move, in words, for error messages."""
        if not self.stock:
            return "stock empty: follow suit and beat, else trump, else any card"
        return {
            "suit_or_trump": "stock play: the led suit or a trump, else any card",
            "follow": "stock play: follow suit, else trump, else any card",
        }[self.rules.stock_play]

    def _swap(self) -> None:
        seat = self.to_move
        face_up = self.stock[-1]
        self.hands = _with_seat(self.hands, seat, self.hands[seat] ^ self.seven.mask ^ face_up.mask)
        self.stock = self.stock[:-1] + (self.seven,)

    def _break(self, k: int) -> None:
        face_down = self.stock[:-1]
        cut = len(face_down) - k
        self.stock = face_down[cut:] + face_down[:cut] + self.stock[-1:]
        self.broken = k
        self.breaker = None
        self._draw()

    def _play(self, card: Card) -> None:
        seat = self.to_move
        hand = self.hands[seat]
        self._declare(seat, hand)
        self.hands = _with_seat(self.hands, seat, hand & ~card.mask)
        self.trick = self.trick + (card,)
        if len(self.trick) == 1:
            self.to_move = 1 - seat
            return
        winner = self.leader if trick_winner(self.trick, self.trump) == 0 else 1 - self.leader
        won = sum(card_points(c, self.trump) for c in self.trick)
        self.tricks = self.tricks + (Trick(self.leader, (self.trick[0], card), winner, won),)
        self.trick = ()
        self.leader = winner
        last = LAST_TRICK if self.is_over() else 0
        self.points = _with_seat(self.points, winner, self.points[winner] + won + last)
        if len(self.tricks) == 1:
            self.breaker = self.to_move = 1 - winner
        else:
            self.to_move = winner
            if self.stock:
                self._draw()

    def _declare(self, seat: int, hand: int) -> None:
        """The automatic declarations and marriage right before ``seat`` plays a card."""
        if self.rules.declare_when == "stock" and hand.bit_count() == HAND_SIZE:
            self.declarations = declare(hand, seat, self.declarations)
        married = self._married
        if hand & married == married and not any(self.marriage):
            self.marriage = (seat == 0, seat == 1)

    def _draw(self) -> None:
        """Both draw one card from the stock, the leader (last trick's winner) first."""
        first, second = self.stock[0], self.stock[1]
        leader = self.leader
        drawn = [0, 0]
        drawn[leader], drawn[1 - leader] = first.mask, second.mask
        self.hands = (self.hands[0] | drawn[0], self.hands[1] | drawn[1])
        self.stock = self.stock[2:]
        self.to_move = leader

    def _key(self) -> tuple[object, ...]:
        return (self.deal, self.rules, self.moves)

    def __eq__(self, other: object) -> bool:
        """The same deal, rules and moves: ``eval(repr(position)) == position``."""
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        """The hash of what :meth:`__eq__` compares: a position pushed or popped
        after it went into a set or a dict is no longer found there."""
        return hash(self._key())

    def __repr__(self) -> str:
        moves = " ".join(str(m) for m in self.moves)
        rules = "" if self.rules == Rules() else f", {self.rules!r}"
        return f"TertzPosition.from_moves({self.deal!r}, {moves!r}{rules})"


def _with_seat(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    """A per-seat pair (hands, points) with the item of ``seat`` replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)

