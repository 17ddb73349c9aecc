"""The bidding (docs/rules.md section 2.2): the calls that fix trump and declarer.

Round 1, from the eldest hand round to the dealer: ``play`` (the face-up suit is
trump) or ``pass``. If all pass, round 2 in the same order: name another suit, or
pass (the dealer may not, under ``dealer_must_choose``). The first call that is not
a pass ends the bidding; if everyone passes twice the cards are thrown in.

With no face-up card (``face_up_to = none``, Belote) there is one round, in the same
order: name any suit, or pass (the dealer may not, under ``dealer_must_choose``); if
everyone passes the cards are thrown in. The face-up suit is then ``None``.

A deal bid under another system (Belote with contract values and coinche, as colver
bids it) keeps its auction as it happened: calls naming a suit, passes and coinches,
in turn from the eldest hand, where a later suit named overrides an earlier one
(:func:`outside_contract`); the values are not kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from deberts.errors import DebertsError, excerpt
from deberts.model.cards import Suit
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.sides import eldest

PLAY, PASS = "play", "pass"
#: The doubles of an auction under another system (Belote's coinche and its answer).
COINCHE, SURCOINCHE = "coinche", "surcoinche"


@dataclass(frozen=True)
class Bid:
    """One call: ``play``, ``pass``, a suit letter, or (in an auction under another
    system) ``coinche`` or ``surcoinche``, by ``seat``."""

    seat: int
    call: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "call", parse_call(self.call))


@dataclass(frozen=True)
class Contract:
    """What the bidding decided: the trump, the declarer and the round (1: the
    face-up suit, the round with the trump-seven exchange; with no face-up card,
    the only round)."""

    trump: Suit
    declarer: int
    round: int


#: What a bad call is told it should have been.
EXPECTED_CALL = "expected play, pass or a suit S H D C (or coinche, surcoinche from another system)"


def parse_call(text: str) -> str:
    """``play``, ``pass``, ``coinche``, ``surcoinche`` (any case) or a suit as its letter."""
    if not isinstance(text, str):
        raise DebertsError(f"bad bid {excerpt(text)}: {EXPECTED_CALL}")
    lowered = text.strip().lower()
    if lowered in (PLAY, PASS, COINCHE, SURCOINCHE):
        return lowered
    try:
        return Suit.parse(text).name
    except DebertsError:
        raise DebertsError(f"bad bid {excerpt(text)}: {EXPECTED_CALL}") from None


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order they call: the eldest hand first, the dealer last."""
    first = eldest(dealer, players)
    return tuple((first + i) % players for i in range(players))


def bidding_rounds(face_up_suit: Suit | None) -> int:
    """How many rounds of calls there are: two after a card turned up, else one."""
    return 1 if face_up_suit is None else 2


def legal_calls(
    round_: int, seat: int, dealer: int, face_up_suit: Suit | None, rules: Rules
) -> tuple[str, ...]:
    """The calls ``seat`` may make in bidding round 1 or 2 (``face_up_suit`` is
    ``None`` when no card is turned up: one round naming any suit)."""
    if round_ == 1 and face_up_suit is not None:
        return (PLAY, PASS)
    others = tuple(s.name for s in Suit if s != face_up_suit)
    if rules.dealer_must_choose and seat == dealer:
        return others
    return (*others, PASS)


def auction(
    bids: Sequence[Bid], dealer: int, players: int, face_up_suit: Suit | None, rules: Rules
) -> Contract | None:
    """The contract of a complete bidding, or ``None`` when the cards are thrown in.

    Raises :class:`DebertsError` naming the first bid out of turn, an illegal call,
    a bid after the bidding ended, or a bidding that stops before it is decided.
    """
    order = bidding_order(dealer, players)
    rounds = bidding_rounds(face_up_suit)
    for index, bid in enumerate(bids):
        round_, turn = divmod(index, players)
        round_ += 1
        where = f"bid {index + 1}"
        if round_ > rounds:
            passes = "two rounds of passes" if rounds == 2 else "a round of passes"
            raise DebertsError(f"{where}: the cards were thrown in after {passes}")
        if bid.seat != order[turn]:
            raise DebertsError(
                f"{where}: seat {bid.seat} calls out of turn, seat {order[turn]} was to call"
            )
        calls = legal_calls(round_, bid.seat, dealer, face_up_suit, rules)
        if bid.call not in calls:
            raise DebertsError(
                f"{where} (seat {bid.seat}): {excerpt(bid.call)} is not a round-{round_} call, "
                f"expected one of {' '.join(calls)}"
            )
        if bid.call == PASS:
            continue
        if index + 1 < len(bids):
            raise DebertsError(f"bid {index + 2}: the bidding ended at bid {index + 1}")
        if bid.call == PLAY:
            assert face_up_suit is not None  # a call only after a card turned up
            trump = face_up_suit
        else:
            trump = Suit.parse(bid.call)
        return Contract(trump, bid.seat, round_)
    if len(bids) < rounds * players:
        round_, turn = divmod(len(bids), players)
        raise DebertsError(
            f"the bidding is not finished: seat {order[turn]} is to call in round {round_ + 1}"
        )
    return None


def names_suit(call: str) -> bool:
    """Whether ``call`` (as :func:`parse_call` gives it) names a suit: not ``play``,
    ``pass`` or a double."""
    return call not in (PLAY, PASS, COINCHE, SURCOINCHE)


def calls_contract(
    calls: Sequence[Bid], dealer: int, players: int, face_up_suit: Suit | None, rules: Rules,
) -> tuple[Contract | None, bool]:
    """The contract of ``calls`` and whether they are this game's bidding: read as
    that (:func:`auction`) when they are one, else as an auction under another
    system (:func:`outside_contract`, which raises on a malformed one)."""
    try:
        return auction(calls, dealer, players, face_up_suit, rules), True
    except DebertsError:
        return outside_contract(calls, dealer, players), False


def outside_contract(bids: Sequence[Bid], dealer: int, players: int) -> Contract | None:
    """The contract of an auction under another system (see the module's docstring):
    the last suit named and the seat that named it, ``None`` when nobody named one.

    Raises :class:`DebertsError` naming the first call out of turn (the calls go
    round from the eldest hand), a ``play`` (a call on a face-up card, which such an
    auction has not) or a double before any suit was named.
    """
    order = bidding_order(dealer, players)
    contract = None
    for index, bid in enumerate(bids):
        where = f"bid {index + 1}"
        expected = order[index % players]
        if bid.seat != expected:
            raise DebertsError(f"{where}: seat {bid.seat} calls out of turn, seat {expected} was to call")
        if bid.call == PLAY:
            raise DebertsError(f"{where} (seat {bid.seat}): 'play' accepts a face-up card, "
                               "expected pass, a suit S H D C, coinche or surcoinche")
        if bid.call in (COINCHE, SURCOINCHE) and contract is None:
            raise DebertsError(f"{where} (seat {bid.seat}): {bid.call} before any suit was named")
        if names_suit(bid.call):
            contract = Contract(Suit.parse(bid.call), bid.seat, 1)
    return contract
