"""Seats and sides: who plays with whom (RULES.md sections 2.1 and 3).

Seats are numbered 0..n-1 in play order. The declarer's side is the declarer, plus
his partner opposite in a 4-player pairs game; everyone else is a defender, and the
solver treats the defenders as one coalition.
"""

from __future__ import annotations

from deberts.rules import Rules


def partner_of(seat: int, players: int, rules: Rules) -> int | None:
    """The partner's seat in a 4-player pairs game, else ``None``."""
    if players == 4 and rules.teams == "pairs":
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
