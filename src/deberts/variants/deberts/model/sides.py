"""Seats and sides: who plays with whom (docs/rules.md sections 2.1 and 3).

Seats are numbered 0..n-1 in play order. The declarer's side is the declarer, plus
his partner opposite in a 4-player pairs game; everyone else is a defender, and the
solver treats the defenders as one coalition.
"""

from __future__ import annotations

from typing import overload

from deberts.variants.deberts.model.rules import Rules


def plays_in_pairs(players: int, rules: Rules) -> bool:
    """True in a 4-player pairs game: the ``teams`` option (docs/rules.md 2.1), read
    here only."""
    return players == 4 and rules.teams == "pairs"


def partner_of(seat: int, players: int, rules: Rules) -> int | None:
    """The partner's seat in a 4-player pairs game, else ``None``."""
    if plays_in_pairs(players, rules):
        return (seat + 2) % 4
    return None


def with_partner(seat: int, players: int, rules: Rules) -> frozenset[int]:
    """The seat and, in a 4-player pairs game, his partner: a player's own team."""
    partner = partner_of(seat, players, rules)
    return frozenset({seat} if partner is None else {seat, partner})


def declarer_side(declarer: int, players: int, rules: Rules) -> frozenset[int]:
    """The seats of the declarer's side."""
    return with_partner(declarer, players, rules)


def eldest(dealer: int, players: int) -> int:
    """The player left of the dealer: first to bid and, by default, to lead."""
    return (dealer + 1) % players


def declarer_leads(rules: Rules) -> bool:
    """True when the declarer leads the first trick: the ``first_lead`` option
    (docs/rules.md 2.5), read here only."""
    return rules.first_lead == "declarer"


def first_leader(dealer: int, declarer: int, players: int, rules: Rules) -> int:
    """Who leads the first trick: the eldest hand, or the declarer (``first_lead``)."""
    return declarer if declarer_leads(rules) else eldest(dealer, players)


def face_up_turned(rules: Rules) -> bool:
    """True when a card is turned up for the bidding: not under ``face_up_to =
    none`` (docs/rules.md 2.1, Belote), where the whole hand is dealt at once and
    the bidding is one round naming a suit (2.2). The ``face_up_to`` option is read
    here and in the two functions below only."""
    return rules.face_up_to != "none"


def face_up_to_dealer(rules: Rules) -> bool:
    """True when, with 4 players, the face-up card goes to the dealer whoever
    declares: the ``face_up_to`` option (docs/rules.md 2.1)."""
    return rules.face_up_to == "dealer"


def deal_waits_for_declarer(players: int, rules: Rules) -> bool:
    """True when the hands dealt depend on who declares: 4 players under
    ``face_up_to = declarer``, where the face-up card joins the declarer's eight."""
    return players == 4 and rules.face_up_to == "declarer"


@overload
def face_up_taker(dealer: int, declarer: int, rules: Rules) -> int: ...
@overload
def face_up_taker(dealer: int, declarer: None, rules: Rules) -> int | None: ...
def face_up_taker(dealer: int, declarer: int | None, rules: Rules) -> int | None:
    """The seat the face-up card goes to with 4 players: the dealer, or the declarer
    (``None`` while nobody has declared) under ``face_up_to = declarer``. Only for
    a game that turns one up (:func:`face_up_turned`)."""
    return dealer if face_up_to_dealer(rules) else declarer


def teams(players: int, rules: Rules) -> list[frozenset[int]]:
    """The sides that keep a score, lowest seat first: the pairs of a 4-player pairs
    game, else each seat alone."""
    return sorted({with_partner(seat, players, rules) for seat in range(players)}, key=min)
