"""The position as the engine reads it: the one place that knows its integer layout.

The engine searches the margin still to be won from the start of the current trick;
:func:`settled_margin` is the part of the final margin already fixed before that,
so that final margin = settled + engine value.
"""

from __future__ import annotations

from typing import Any, Iterable

from deberts.declarations import BELLA_POINTS, bella_mask
from deberts.position import Play, Position
from deberts.scoring import bella_points
from deberts.sides import partner_of, with_partner

#: Added to a card's index: the first bella card played without announcing it.
DECLINES_BELLA = 32


def settled_margin(position: Position) -> int:
    """The margin already fixed at the start of the current trick: completed tricks'
    card points, and the bonuses no longer (or never) depending on play."""
    sign = [1 if position.is_declarer_side(s) else -1 for s in range(position.players)]
    margin = sum(s * p for s, p in zip(sign, position.points_won()))
    outcome, rules = position.declarations, position.rules
    if outcome.points and not _declarations_pending(position):
        margin += (1 if outcome.team & position.declarer_side else -1) * outcome.points
    owner = outcome.bella_seat
    if owner is None:
        return margin
    if rules.bella != "owner":
        return margin + sum(s * b for s, b in zip(sign, bella_points(position)))
    if not any(_declined(position, p) for p in position.stack):
        margin += sign[owner] * BELLA_POINTS
    return margin


def _declarations_pending(position: Position) -> bool:
    """The scoring team's declarations still wait for its first trick."""
    outcome = position.declarations
    won = position.tricks_won()
    return (
        position.rules.declarations_need_trick
        and outcome.points > 0
        and not any(won[s] for s in outcome.team)
    )


def engine_input(position: Position) -> tuple[dict[str, Any], list[int]]:
    """The position as the engine reads it: the state at the start of the current
    trick, and the moves made in that trick since."""
    players, rules = position.players, position.rules
    hands = list(position.hands)
    for play in position.trick:
        hands[play.seat] |= play.card.mask
    sides = [1 if position.is_declarer_side(s) else -1 for s in range(players)]
    mates = [partner_of(s, players, rules) for s in range(players)]
    partners = [mate if rules.partner_exempt else None for mate in mates]
    outcome = position.declarations
    team_sign = 1 if outcome.team & position.declarer_side else -1
    spec = {
        "players": players,
        "trump": int(position.trump),
        "hands": hands,
        "sides": sides,
        "partners": [-1 if p is None else p for p in partners],
        "leader": position.trick_leader,
        "decl_team": _seat_mask(outcome.team),
        "decl_value": team_sign * outcome.points,
        "decl_pending": int(_declarations_pending(position)),
        **_bella_input(position),
        "mates": [-1 if p is None else p for p in mates],
        "exempt_trump_lead": int(not rules.trump_lead_overtrump_partner),
        "partner_free": int(rules.partner_winning_free),
        "discard_free": int(rules.discard_over_opponent_trump),
        "capot": int(rules.capot),
        "sides_won": position.sides_with_tricks(),
    }
    trick = [
        int(p.card) | (DECLINES_BELLA if _declined(position, p) else 0)
        for p in position.trick
    ]
    return spec, trick


def _bella_input(position: Position) -> dict[str, Any]:
    """The bella rule as engine flags, at the start of the current trick."""
    owner = position.declarations.bella_seat
    mask = bella_mask(position.trump)
    fixed = {"bella_mode": "fixed", "bella_owner": 0, "bella_cards": 0,
             "bella_team": 0, "bella_state": 0}
    if owner is None or position.rules.bella == "owner":
        return fixed
    done = [t for t in position.tricks if any(p.card.mask & mask for p in t.plays)]
    team = with_partner(owner, position.players, position.rules)
    if not done:
        state = 1
    elif position.rules.bella == "both_tricks" and len(done) == 1:
        announced = any(p.bella for p in done[0].plays)
        state = 2 if announced and done[0].winner in team else 0
    else:
        state = 0
    return {
        "bella_mode": position.rules.bella,
        "bella_owner": owner,
        "bella_cards": mask,
        "bella_team": _seat_mask(team),
        "bella_state": state,
    }


def _declined(position: Position, play: Play) -> bool:
    """True for the first bella card played without announcing it."""
    mask = bella_mask(position.trump)
    if position.declarations.bella_seat != play.seat or not play.card.mask & mask:
        return False
    earlier = [p for p in position.stack[: position.stack.index(play)] if p.card.mask & mask]
    return not earlier and not play.bella


def _seat_mask(seats: Iterable[int]) -> int:
    return sum(1 << s for s in seats)
