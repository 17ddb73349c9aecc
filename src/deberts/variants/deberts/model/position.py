"""The play of one deal as a state with history: push a card, pop it, ask what is legal.

A :class:`Position` is a deal, its trump, declarer and first leader, the rules, and
the cards played so far; like python-chess's ``Board`` it carries its own move stack,
so analysis never rebuilds positions by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from deberts.errors import IllegalMoveError, RulesError
from deberts.model.arguments import check_seat, instance
from deberts.model.cards import Card, CardSet, Suit, parse_cards
from deberts.model.display import Drawn
from deberts.model.trick_order import trick_winner
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.declarations import (
    DeclarationOutcome,
    bella_mask,
    resolve_declarations,
)
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.sides import declarer_leads, declarer_side, partner_of
from deberts.variants.deberts.model.tricks import legal_cards, trick_points


@dataclass(frozen=True)
class Play:
    """One card played: by whom, and whether it announced bella."""

    seat: int
    card: Card
    bella: bool = False


@dataclass(frozen=True)
class Trick:
    """A completed trick: its leader, the plays in order and the winning seat."""

    leader: int
    plays: tuple[Play, ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays)


class Position(Drawn):
    """A deal in play. ``played`` replays cards (each checked for legality); the
    first bella card announces bella unless ``bella_declined``."""

    def __init__(
        self,
        deal: Deal,
        trump: Suit | str,
        declarer: int,
        leader: int,
        rules: Rules | None = None,
        played: Iterable[Card | str] | str = (),
        bella_declined: bool = False,
    ) -> None:
        self.deal: Deal = instance("deal", deal, Deal, "a Deal")
        self.trump = trump if isinstance(trump, Suit) else Suit.parse(trump)
        self.rules: Rules = Rules() if rules is None else instance("rules", rules, Rules, "Rules")
        players = deal.players
        self.declarer = check_seat("declarer", declarer, players)
        self.leader = check_seat("leader", leader, players)
        self.rules.check_table(players)
        if declarer_leads(self.rules) and self.leader != self.declarer:
            raise RulesError(
                f"bad leader {self.leader}: under first_lead=declarer the declarer "
                f"(seat {self.declarer}) leads the first trick"
            )
        self.declarer_side = declarer_side(self.declarer, players, self.rules)
        self.declarations: DeclarationOutcome = resolve_declarations(
            deal, self.trump, self.declarer, self.leader, self.rules
        )
        self.hands = list(deal.masks())
        #: The tricks of the whole deal: the dealt hands' size.
        self.tricks_total: int = deal.hand_size
        self._bella_cards = bella_mask(self.trump)
        self.stack: list[Play] = []
        self.tricks: list[Trick] = []
        self.trick_leader = leader
        self.trick: list[Play] = []
        self._won_points = [0] * deal.players
        self._won_tricks = [0] * deal.players
        for index, card in enumerate(parse_cards(played)):
            push_numbered(self, index, card, False if bella_declined else None)

    def __repr__(self) -> str:
        """``Position(...)``, which evaluates back to this position."""
        parts = [repr(self.deal), repr(self.trump.name), f"declarer={self.declarer}",
                 f"leader={self.leader}"]
        if self.rules != Rules():
            parts.append(f"rules={self.rules!r}")
        played = [play.card for play in self.stack]
        if played:
            parts.append(f"played={' '.join(map(str, played))!r}")
        replayed = Position(self.deal, self.trump, self.declarer, self.leader, self.rules, played)
        if replayed.stack != self.stack:
            parts.append("bella_declined=True")
        return f"Position({', '.join(parts)})"

    def _key(self) -> tuple[object, ...]:
        return (self.deal, self.trump, self.declarer, self.leader, self.rules,
                tuple(self.stack))

    def __eq__(self, other: object) -> bool:
        """The same deal, contract, first leader, rules and cards played (with the
        same bella announcements): ``eval(repr(position)) == position``."""
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        """The hash of what :meth:`__eq__` compares: a position pushed or popped
        after it went into a set or a dict is no longer found there."""
        return hash(self._key())

    # -- state -------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.deal.players

    @property
    def to_move(self) -> int:
        return (self.trick_leader + len(self.trick)) % len(self.hands)

    def is_over(self) -> bool:
        return len(self.tricks) == self.tricks_total

    def is_declarer_side(self, seat: int) -> bool:
        return seat in self.declarer_side

    def trick_cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.trick)

    def bella_pending(self) -> bool:
        """True while the bella owner still holds both the king and queen of trumps."""
        seat = self.declarations.bella_seat
        mask = bella_mask(self.trump)
        return seat is not None and self.hands[seat] & mask == mask

    def legal_mask(self) -> int:
        """The mask of the cards the player to move may play."""
        if self.is_over():
            return 0
        seat = self.to_move
        return legal_in_trick(
            self.hands[seat], seat, self.trick, self.trump, self.players, self.rules
        )

    def legal_moves(self) -> list[Card]:
        return list(CardSet(self.legal_mask()))

    # -- moves -------------------------------------------------------------

    def push(self, card: Card | str, bella: bool | None = None) -> None:
        """Play a card for the player to move.

        ``bella`` says whether the first of the bella cards announces it; by
        default it does. Raises :class:`IllegalMoveError` naming the card.
        """
        card = card if isinstance(card, Card) else Card.parse(card)
        self.check_legal(card)
        self._play(card, bella)

    def check_legal(self, card: Card) -> None:
        """Raise :class:`IllegalMoveError` naming ``card`` unless the player to move
        may play it: the deal is over, the seat does not hold it, or the trick's
        duties forbid it (the message lists the legal cards)."""
        if self.is_over():
            raise IllegalMoveError(f"card {card}: the deal is over")
        seat = self.to_move
        if not self.hands[seat] >> card & 1:
            raise IllegalMoveError(f"card {card}: seat {seat} does not hold it")
        if not self.legal_mask() >> card & 1:
            legal = " ".join(str(c) for c in self.legal_moves())
            raise IllegalMoveError(
                f"card {card}: illegal for seat {seat} here, legal are {legal}"
            )

    def _play(self, card: Card, bella: bool | None) -> None:
        """Play a card known to be legal for the player to move."""
        trick, hands = self.trick, self.hands
        players, played = len(hands), len(trick)
        seat = (self.trick_leader + played) % players
        # the card first: that settles it for all but the two bella cards
        announces = (self._bella_cards >> card & 1 == 1 and (bella is None or bool(bella))
                     and self.declarations.bella_seat is not None and self.bella_pending())
        hands[seat] &= ~(1 << card)
        play = _PLAYS[seat][card][announces]
        self.stack.append(play)
        trick.append(play)
        if played + 1 == players:
            cards = [p.card for p in trick]
            winner = trick[trick_winner(cards, self.trump)].seat
            self.tricks.append(Trick(self.trick_leader, tuple(trick), winner))
            self._won_points[winner] += trick_points(cards, self.trump)
            self._won_tricks[winner] += 1
            self.trick = []
            self.trick_leader = winner

    def pop(self) -> Play:
        """Take back the last card played."""
        if not self.stack:
            raise IllegalMoveError("no card to take back")
        if not self.trick:
            last = self.tricks.pop()
            self.trick = list(last.plays)
            self.trick_leader = last.leader
            self._won_points[last.winner] -= trick_points(last.cards, self.trump)
            self._won_tricks[last.winner] -= 1
        play = self.trick.pop()
        self.stack.pop()
        self.hands[play.seat] |= play.card.mask
        return play

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.stack = list(self.stack)
        other.tricks = list(self.tricks)
        other.trick = list(self.trick)
        other._won_points = list(self._won_points)
        other._won_tricks = list(self._won_tricks)
        return other

    # -- points so far -----------------------------------------------------

    def points_won(self) -> list[int]:
        """Card points won in completed tricks, per seat (no bonuses)."""
        return list(self._won_points)

    def tricks_won(self) -> list[int]:
        """Completed tricks won, per seat."""
        return list(self._won_tricks)

    def sides_with_tricks(self) -> int:
        """Which sides have taken a completed trick: bit 0 the declarer's, bit 1 the
        defenders'. A capot is still possible (or, at the end, made) while not 3."""
        won = 0
        for trick in self.tricks:
            won |= 1 if self.is_declarer_side(trick.winner) else 2
        return won

    def played_cards(self) -> list[Card]:
        return [p.card for p in self.stack]


def legal_in_trick(
    hand: int, seat: int, trick: Sequence[Play], trump: Suit, players: int, rules: Rules
) -> int:
    """The mask of the cards of ``hand`` that ``seat`` may play to ``trick`` (the
    plays so far): :func:`~deberts.variants.deberts.model.tricks.legal_cards`, told whether the
    trick's winning card so far is the partner's (the rule options' exemptions
    depend on it)."""
    if not trick:
        return hand
    partner = partner_of(seat, players, rules)
    cards = [p.card for p in trick]
    partner_wins = partner is not None and trick[trick_winner(cards, trump)].seat == partner
    return legal_cards(hand, cards, trump, partner_wins, rules)


def push_numbered(position: Position, index: int, card: Card, bella: bool | None = None) -> None:
    """Push card number ``index`` (from 0) of a recorded play; an illegal card is
    reported by its place in the play and its player."""
    seat = position.to_move
    try:
        position.push(card, bella)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"played card {index + 1} (seat {seat}): {error}") from None


def replay(position: Position, cards: Sequence[Card]) -> Position:
    """A copy of ``position`` with ``cards`` played on."""
    copy = position.copy()
    for card in cards:
        copy.push(card)
    return copy


def play_out(position: Position, plays: Iterable[tuple[Card, bool]]) -> Position:
    """A copy of ``position`` with ``plays`` (each a card and whether it may
    announce bella) played on without the legality checks of :meth:`Position.push`:
    for lines a search has already played by the same rules (the engine's, checked
    against these by the oracle tests), where the checks would cost most of the
    replay."""
    copy = position.copy()
    for card, bella in plays:
        copy._play(card, bella)
    return copy


#: Every possible play, made once: a replayed line takes its plays from here.
_PLAYS: tuple[tuple[tuple[Play, Play], ...], ...] = tuple(
    tuple((Play(seat, Card(card), False), Play(seat, Card(card), True)) for card in range(32))
    for seat in range(4)
)
