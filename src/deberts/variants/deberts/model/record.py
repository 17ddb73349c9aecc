"""Game records: one whole deal as it was played, and its JSON object
(``deberts-record/1``; the text is read and written by :mod:`deberts.formats.records`).

A record holds what happened at the table: the dealer, the hands as dealt, the
face-up card (and freza), the bidding (or an auction under another system), trump
and declarer, the trump-seven exchange,
the cards played and whether bella was declined. Everything that follows from those
(the first leader, the declarations, the result) is written too, for readers, and
checked when a record is read, so a record never tells two stories.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Sequence

from deberts.errors import DebertsError, RecordError, excerpt
from deberts.model.arguments import check_seat
from deberts.model.cards import Card, Rank, Suit, parse_cards
from deberts.model.fields import check_object, json_type, seat_field
from deberts.model.fields import field as json_field
from deberts.variants.deberts.model.bidding import Bid, Contract, auction, outside_contract
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.exchange import (
    check_face_up,
    exchanged,
    holder_of,
    seven_holder,
)
from deberts.variants.deberts.model.position import Position, push_numbered
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.scoring import DealScore, score
from deberts.variants.deberts.model.sides import face_up_taker, face_up_turned, first_leader

FORMAT = "deberts-record/1"

#: Fields a record file may have; the written-for-readers ones are checked.
FIELDS = (
    "format", "players", "rules", "dealer", "hands", "face_up", "freza", "bidding",
    "auction", "trump", "declarer", "leader", "exchange", "declarations", "bella", "play", "result",
    "seats",
)
REQUIRED = ("format", "dealer", "hands")


@dataclass(frozen=True)
class GameRecord:
    """One deal from the deal to the last card (or as far as it went).

    ``deal`` is the hands as dealt, before any exchange (with 4 players the face-up
    card is in the hand it went to). With a ``bidding``, trump and declarer follow
    from it and may be left out; without one they must be given. ``auction`` is,
    instead of a bidding, the calls of an auction under another system as they
    happened (:func:`~deberts.variants.deberts.model.bidding.outside_contract`: Belote bid with values
    and coinche); its last suit named must be the trump and its caller the
    declarer. ``exchange`` says
    the seven of trumps was swapped for the face-up card (round 1, 2 or 3 players).
    ``seats`` optionally names who sat in each seat (a person, a player type such as
    ``pimc:samples=50``); it is for readers and changes nothing else.
    Building a record checks it all; bad cards in the play raise
    :class:`IllegalMoveError` naming the card by its place in the play.
    """

    deal: Deal
    dealer: int
    rules: Rules = field(default_factory=Rules)
    face_up: Card | None = None
    freza: Card | None = None
    bidding: tuple[Bid, ...] = ()
    auction: tuple[Bid, ...] = ()
    trump: Suit | None = None
    declarer: int | None = None
    exchange: bool = False
    play: tuple[Card, ...] = ()
    bella_declined: bool = False
    seats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self._normalise()
        players = self.deal.players
        if self.seats and len(self.seats) != players:
            raise RecordError(f"bad seats: {len(self.seats)} names for {players} seats")
        if not self.deal.is_full:
            raise RecordError(
                f"bad hands: a record holds a whole deal, {self.deal.hand_size} cards a "
                "hand is an endgame"
            )
        check_seat("dealer", self.dealer, players, RecordError)
        if self.face_up is not None:
            if not face_up_turned(self.rules):
                raise RecordError(f"bad face-up card {self.face_up}: under face_up_to=none "
                                  "no card is turned up")
            check_face_up(self.deal, self.face_up)
        self._check_freza()
        contract = self._contract()
        if contract is None:
            self._check_thrown_in()
            self._check_face_up_owner()
            return
        object.__setattr__(self, "trump", contract.trump)
        object.__setattr__(self, "declarer", contract.declarer)
        self._check_face_up_owner()
        self._check_exchange(contract)
        if self.bella_declined and self.start().declarations.bella_seat is None:
            raise RecordError("bad record: bella is declined, but nobody holds it")
        self._played  # replays (and so checks) the play

    def _normalise(self) -> None:
        """Accept notation strings for the deal, cards and suits, and lists for tuples."""
        def card(value: Card | str | None) -> Card | None:
            return value if value is None or isinstance(value, Card) else Card.parse(value)

        if not isinstance(self.deal, Deal):
            object.__setattr__(self, "deal", Deal.parse(str(self.deal)))
        object.__setattr__(self, "face_up", card(self.face_up))
        object.__setattr__(self, "freza", card(self.freza))
        if self.trump is not None and not isinstance(self.trump, Suit):
            object.__setattr__(self, "trump", Suit.parse(str(self.trump)))
        object.__setattr__(self, "bidding", tuple(self.bidding))
        object.__setattr__(self, "auction", tuple(self.auction))
        object.__setattr__(self, "seats", tuple(self.seats))
        play = parse_cards(self.play) if isinstance(self.play, str) else [card(c) for c in self.play]
        object.__setattr__(self, "play", tuple(play))

    # -- derived facts ---------------------------------------------------------

    @property
    def players(self) -> int:
        return self.deal.players

    @property
    def thrown_in(self) -> bool:
        """True when everyone passed twice: no trump, no play."""
        return self.trump is None

    @property
    def calls(self) -> tuple[Bid, ...]:
        """The calls as they happened: the bidding, or the auction under another
        system (empty when the record has neither)."""
        return self.bidding or self.auction

    @property
    def round(self) -> int | None:
        """The bidding round that chose the trump, when the face-up card is known."""
        if self.trump is None or self.face_up is None:
            return None
        return 1 if self.trump == self.face_up.suit else 2

    @property
    def leader(self) -> int | None:
        """The first leader: the eldest hand, or the declarer (``first_lead``)."""
        if self.declarer is None:
            return None
        return first_leader(self.dealer, self.declarer, self.players, self.rules)

    @property
    def exchanger(self) -> int | None:
        """The seat that swapped the seven of trumps, if one did."""
        return seven_holder(self.deal, self.face_up) if self.exchange and self.face_up else None

    def deal_in_play(self) -> Deal:
        """The hands the play starts from: after the exchange, if there was one."""
        if self.exchange and self.face_up is not None:
            return exchanged(self.deal, self.face_up)
        return self.deal

    def start(self) -> Position:
        """The position before the first card."""
        if self.trump is None or self.declarer is None or self.leader is None:
            raise DebertsError("the cards were thrown in: there is no play")
        return Position(self.deal_in_play(), self.trump, self.declarer, self.leader, self.rules)

    @cached_property
    def _played(self) -> Position:
        """The recorded play replayed once; callers get copies or read it."""
        position = self.start()
        for index, card in enumerate(self.play):
            push_numbered(position, index, card, bella=not self.bella_declined)
        return position

    def position(self) -> Position:
        """The position after the recorded play (a fresh copy, free to play on)."""
        return self._played.copy()

    def is_complete(self) -> bool:
        """True when every card has been played."""
        return not self.thrown_in and len(self.play) == self.players * self.deal.hand_size

    def score(self) -> DealScore | None:
        """The deal's score once it is complete, else ``None``."""
        return score(self._played) if self.is_complete() else None

    # -- checks ----------------------------------------------------------------

    def _contract(self) -> Contract | None:
        """Trump and declarer, from the bidding or the auction when there is one
        (checked against any given), else as given."""
        if self.bidding and self.auction:
            raise RecordError("bad record: a bidding and an auction under another system, "
                              "expected one of them")
        if self.bidding:
            if self.face_up is None and face_up_turned(self.rules):
                raise RecordError("bad record: a bidding needs the face-up card")
            suit = None if self.face_up is None else self.face_up.suit
            contract = auction(self.bidding, self.dealer, self.players, suit, self.rules)
        elif self.auction:
            try:
                contract = outside_contract(self.auction, self.dealer, self.players)
            except DebertsError as error:
                raise RecordError(f"bad field 'auction': {error}") from None
            if contract is not None:
                contract = Contract(contract.trump, contract.declarer, self._round_of(contract.trump))
        else:
            if self.trump is None or self.declarer is None:
                raise RecordError("bad record: without a bidding, trump and declarer are needed")
            check_seat("declarer", self.declarer, self.players, RecordError)
            return Contract(self.trump, self.declarer, self._round_of(self.trump))
        if contract is None:
            return None
        source = "bidding" if self.bidding else "auction"
        for name, given, derived in (("trump", self.trump, contract.trump),
                                     ("declarer", self.declarer, contract.declarer)):
            if given is not None and given != derived:
                raise RecordError(
                    f"bad field {excerpt(name)}: recorded {given}, the {source} gives {derived}"
                )
        return contract

    def _round_of(self, trump: Suit) -> int:
        """The round that chose ``trump``: 2 when it is not the face-up suit."""
        return 1 if self.face_up is None or trump == self.face_up.suit else 2

    def _check_thrown_in(self) -> None:
        if self.trump is not None or self.declarer is not None:
            raise RecordError("bad record: everyone passed twice, so there is no trump or declarer")
        if self.play or self.exchange:
            raise RecordError("bad record: everyone passed twice, so there is no play or exchange")
        if self.bella_declined:
            raise RecordError("bad record: everyone passed twice, so no bella is declined")

    def _check_freza(self) -> None:
        if self.freza is None:
            return
        if self.players == 4:
            raise RecordError(f"bad freza {self.freza}: with 4 players the whole deck is dealt")
        holder = holder_of(self.deal, self.freza)
        if holder is not None or self.freza == self.face_up:
            where = f"in seat {holder}'s hand" if holder is not None else "the face-up card"
            raise RecordError(f"bad freza {self.freza}: it is {where}, not in the stock")

    def _check_face_up_owner(self) -> None:
        """With 4 players the face-up card went to the dealer (or the declarer)."""
        if self.players < 4 or self.face_up is None:
            return
        to = self.rules.face_up_to
        owner = face_up_taker(self.dealer, self.declarer, self.rules)
        holder = holder_of(self.deal, self.face_up)
        if owner is not None and holder != owner:
            raise RecordError(
                f"bad face-up card {self.face_up}: it goes to the {to} (seat {owner}) "
                f"under face_up_to={to}, but seat {holder} holds it"
            )

    def _check_exchange(self, contract: Contract) -> None:
        if not self.exchange:
            return
        if self.face_up is None or contract.round != 1 or self.players == 4:
            raise RecordError(
                "bad exchange: the seven of trumps is swapped only for the face-up card, "
                "in a game ordered on it (round 1) with 2 or 3 players"
            )
        if seven_holder(self.deal, self.face_up) is None:
            seven = Card.of(self.face_up.suit, Rank.SEVEN)
            raise RecordError(f"bad exchange: nobody holds {seven} to swap for {self.face_up}")

    # -- JSON ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON object (see the README's game-record section)."""
        outcome = None if self.thrown_in else self._played.declarations
        final = self.score()
        return {
            "format": FORMAT,
            "players": self.players,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "hands": [str(hand) for hand in self.deal.hands],
            "face_up": _card_text(self.face_up),
            "freza": _card_text(self.freza),
            "bidding": _bid_list(self.bidding),
            **({"auction": _bid_list(self.auction)} if self.auction else {}),
            "trump": None if self.trump is None else self.trump.name,
            "declarer": self.declarer,
            "leader": self.leader,
            "exchange": self._exchange_dict(),
            "declarations": [] if outcome is None else [
                {"seat": d.seat, "kind": d.kind, "cards": [str(c) for c in d.cards],
                 "points": d.points, "scores": d in outcome.scoring}
                for d in outcome.declarations
            ],
            "bella": None if outcome is None or outcome.bella_seat is None else {
                "seat": outcome.bella_seat, "declined": self.bella_declined,
            },
            "play": [str(card) for card in self.play],
            "result": None if final is None else {
                "declarer_points": final.declarer_points,
                "defender_points": final.defender_points,
                "margin": final.margin,
                "result": final.result,
                "totals": list(final.totals),
                "held_over": final.held_over,
            },
            **({"seats": list(self.seats)} if self.seats else {}),
        }

    def _exchange_dict(self) -> dict[str, Any] | None:
        seat = self.exchanger
        if seat is None or self.face_up is None:
            return None
        seven = Card.of(self.face_up.suit, Rank.SEVEN)
        return {"seat": seat, "seven": str(seven), "face_up": str(self.face_up)}

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record object; the derived fields, when present, must agree."""
        data = check_object(data, FIELDS, REQUIRED, "game record")
        if data["format"] != FORMAT:
            raise RecordError(f"bad field 'format': expected {FORMAT!r}, got {data['format']!r}")
        hands = json_field(data, "hands", list, "a list of hand strings")
        if not all(isinstance(hand, str) for hand in hands):
            raise RecordError("bad field 'hands': expected a list of hand strings")
        deal = Deal(hands)
        if "players" in data and json_field(data, "players", int, "2, 3 or 4") != deal.players:
            raise RecordError(
                f"bad field 'players': {data['players']}, but there are {deal.players} hands"
            )
        record = cls(
            deal=deal,
            dealer=seat_field(data, "dealer"),
            rules=Rules.from_mapping(_optional(data, "rules", dict, "an object") or {}),
            face_up=_optional_card(data, "face_up"),
            freza=_optional_card(data, "freza"),
            bidding=_bids(_list_or_absent(data, "bidding"), "bidding"),
            auction=_bids(_list_or_absent(data, "auction"), "auction"),
            trump=_optional_suit(data),
            declarer=_optional_seat(data, "declarer"),
            exchange=_exchange_flag(data.get("exchange")),
            play=tuple(_cards(_list_or_absent(data, "play"))),
            bella_declined=_bella_declined(data.get("bella")),
            seats=_seats(data.get("seats")),
        )
        written = record.to_dict()
        for name in ("leader", "exchange", "declarations", "bella", "result"):
            if data.get(name) is not None and not isinstance(data[name], bool) and not _agrees(data[name], written[name]):
                raise RecordError(
                    f"bad field {excerpt(name)}: recorded {json.dumps(data[name])}, the deal "
                    f"gives {json.dumps(written[name])}"
                )
        return record


def _agrees(given: object, written: object) -> bool:
    """A derived field as recorded agrees with the deal: equal, or for an object,
    every key it has is equal (a reader may leave out keys)."""
    if isinstance(given, dict) and isinstance(written, dict):
        return all(key in written and _agrees(value, written[key]) for key, value in given.items())
    return given == written


def _card_text(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _optional(data: dict[str, Any], name: str, kind: type, expected: str) -> Any:
    return None if data.get(name) is None else json_field(data, name, kind, expected)


def _list_or_absent(data: dict[str, Any], name: str) -> object:
    """A list field's value, ``[]`` when absent or null (a wrong type is kept, to be
    reported; ``or []`` would silently read ``{}``, ``0`` or ``false`` as empty)."""
    value = data.get(name)
    return [] if value is None else value


def _exchange_flag(value: object) -> bool:
    """``exchange`` as written (an object, or null) or as a plain true/false."""
    if value is None or isinstance(value, (bool, dict)):
        return bool(value)
    raise RecordError(f"bad field 'exchange': expected an object, true, false or null, "
                      f"got {json_type(value)}")


def _optional_card(data: dict[str, Any], name: str) -> Card | None:
    text = _optional(data, name, str, "a card such as JH")
    return None if text is None else Card.parse(text)


def _optional_suit(data: dict[str, Any]) -> Suit | None:
    text = _optional(data, "trump", str, "a suit letter")
    return None if text is None else Suit.parse(text)


def _optional_seat(data: dict[str, Any], name: str) -> int | None:
    return None if data.get(name) is None else seat_field(data, name)


def _bid_list(bids: Sequence[Bid]) -> list[dict[str, Any]]:
    return [{"seat": b.seat, "bid": b.call} for b in bids]


def _bids(items: object, name: str) -> tuple[Bid, ...]:
    if not isinstance(items, list):
        raise RecordError(f"bad field {excerpt(name)}: expected a list of {{\"seat\", \"bid\"}} objects")
    bids = []
    for index, item in enumerate(items):
        entry = check_object(item, ("seat", "bid"), ("seat", "bid"), f"bid {index + 1}")
        bids.append(Bid(seat_field(entry, "seat"), json_field(entry, "bid", str, "a call")))
    return tuple(bids)


def _cards(items: object) -> Sequence[Card]:
    if isinstance(items, str):
        items = items.split()
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise RecordError("bad field 'play': expected a list of card strings")
    return [Card.parse(item) for item in items]


def _seats(value: object) -> tuple[str, ...]:
    """Who sat where: absent, null, or a list of names, one a seat."""
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise RecordError(f"bad field 'seats': expected a list of names, got {json_type(value)}")
    return tuple(value)


def _bella_declined(bella: object) -> bool:
    if bella is None:
        return False
    entry = check_object(bella, ("seat", "declined"), (), "field 'bella'")
    declined = entry.get("declined", False)
    if not isinstance(declined, bool):
        raise RecordError("bad field 'bella': 'declined' must be true or false")
    return declined
