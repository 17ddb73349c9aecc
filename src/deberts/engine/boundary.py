"""The position as the engine reads it: the one place that knows its integer layout.

The engine searches the margin still to be won from the start of the current trick;
:func:`settled_margin` is the part of the final margin already fixed before that,
so that final margin = settled + engine value.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from deberts.model.declarations import BELLA_POINTS, bella_mask
from deberts.model.position import Play, Position
from deberts.model.rules import Rules
from deberts.model.scoring import bella_points
from deberts.model.sides import partner_of, with_partner

#: Added to a card's index: the first bella card played without announcing it.
DECLINES_BELLA = 32


def settled_margin(position: Position) -> int:
    """The margin already fixed at the start of the current trick: completed tricks'
    card points, and the bonuses no longer (or never) depending on play."""
    side = position.declarer_side
    won = position.points_won()
    margin = sum(p if s in side else -p for s, p in enumerate(won))
    outcome, rules = position.declarations, position.rules
    if outcome.points and not _declarations_pending(position):
        margin += (1 if outcome.team & side else -1) * outcome.points
    owner = outcome.bella_seat
    if owner is None:
        return margin
    if rules.bella != "owner":
        return margin + sum(b if s in side else -b
                            for s, b in enumerate(bella_points(position)))
    if _declined_play(position) is None:
        margin += (1 if owner in side else -1) * BELLA_POINTS
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
    players, side = position.players, position.declarer_side
    hands = list(position.hands)
    for play in position.trick:
        hands[play.seat] |= play.card.mask
    outcome = position.declarations
    spec = {
        **_table_input(players, position.rules),
        "trump": int(position.trump),
        "hands": hands,
        "sides": [1 if s in side else -1 for s in range(players)],
        "leader": position.trick_leader,
        "decl_team": _seat_mask(outcome.team),
        "decl_value": (1 if outcome.team & side else -1) * outcome.points,
        "decl_pending": int(_declarations_pending(position)),
        **_bella_input(position),
        "sides_won": position.sides_with_tricks(),
    }
    declined = _declined_play(position)
    trick = [
        int(p.card) | (DECLINES_BELLA if p == declined else 0) for p in position.trick
    ]
    return spec, trick


@lru_cache(maxsize=64)
def _table_input(players: int, rules: Rules) -> dict[str, Any]:
    """The engine fields fixed by the number of players and the rules, made once
    for each pair (the engine only reads them)."""
    mates = [partner_of(s, players, rules) for s in range(players)]
    return {
        "players": players,
        "partners": [-1 if m is None or not rules.partner_exempt else m for m in mates],
        "mates": [-1 if m is None else m for m in mates],
        "exempt_trump_lead": int(not rules.trump_lead_overtrump_partner),
        "partner_free": int(rules.partner_winning_free),
        "discard_free": int(rules.discard_over_opponent_trump),
        "capot": int(rules.capot),
    }


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


def _declined_play(position: Position) -> Play | None:
    """The first bella card played, when its owner played it without announcing
    bella; else ``None``."""
    owner = position.declarations.bella_seat
    if owner is None:
        return None
    mask = bella_mask(position.trump)
    for play in position.stack:
        if play.card.mask & mask:
            return play if play.seat == owner and not play.bella else None
    return None


def _seat_mask(seats: Iterable[int]) -> int:
    return sum(1 << s for s in seats)
