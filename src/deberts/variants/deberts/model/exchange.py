"""The face-up card and the trump-seven exchange (docs/rules.md sections 2.1 and 2.3).

With 2 or 3 players the face-up card lies on the table and names the first trump; if
the game is ordered on it (round 1), whoever holds the seven of trumps may swap the
seven for it before his first card. With 4 players the face-up card is dealt, so there
is no exchange. Swapping is a real choice (it can break a tertz 7-8-9), so analysis
solves both deals and lets the holder pick.
"""

from __future__ import annotations

from deberts.errors import InvalidDealError
from deberts.model.cards import Card, Rank
from deberts.variants.deberts.model.deal import Deal


def check_face_up(deal: Deal, face_up: Card) -> None:
    """Raise unless ``face_up`` can be the face-up card of ``deal``: on the table with
    2 or 3 players, in a hand (it was dealt) with 4."""
    holder = holder_of(deal, face_up)
    if deal.players < 4 and holder is not None:
        raise InvalidDealError(
            f"bad face-up card {face_up}: it is in seat {holder}'s hand, but with "
            f"{deal.players} players it lies face up on the table"
        )
    if deal.players == 4 and holder is None:
        raise InvalidDealError(
            f"bad face-up card {face_up}: with 4 players it is dealt, but no hand holds it"
        )


def holder_of(deal: Deal, card: Card) -> int | None:
    """The seat holding ``card``, or ``None`` when it is in no hand."""
    return next((seat for seat, hand in enumerate(deal.hands) if card in hand), None)


def seven_holder(deal: Deal, face_up: Card) -> int | None:
    """The seat that may exchange the seven of trumps for the face-up card in a game
    ordered on it, or ``None``: nobody holds that seven, the face-up card is the seven
    itself, or there are 4 players (no exchange)."""
    if deal.players == 4 or face_up.rank == Rank.SEVEN:
        return None
    return holder_of(deal, Card.of(face_up.suit, Rank.SEVEN))


def exchanged(deal: Deal, face_up: Card) -> Deal:
    """The deal after the seven holder swaps the seven of trumps for ``face_up``."""
    seat = seven_holder(deal, face_up)
    if seat is None:
        raise InvalidDealError(f"no exchange for face-up card {face_up}: nobody may swap a seven")
    seven = Card.of(face_up.suit, Rank.SEVEN)
    hands = list(deal.hands)
    hands[seat] = (hands[seat] - seven.mask) | face_up.mask
    return Deal(hands)


def holder_swaps(as_dealt: int, swapped: int, holder_declares: bool) -> bool:
    """Whether the seven's holder swaps: only when that gives his side a strictly
    better margin (``holder_declares``: he is on the declarer's side)."""
    return swapped > as_dealt if holder_declares else swapped < as_dealt
