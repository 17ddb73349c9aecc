"""The position as the engine reads it: the one place that knows its integer layout.

The engine searches the margin still to be won from the start of the current trick;
:func:`settled_margin` is the part of the final margin already fixed before that,
so that final margin = settled + engine value. The rule options reach the engine's
:class:`~deberts.variants.deberts.engine._engine.Spec` under their names in
:class:`~deberts.variants.deberts.model.rules.Rules`; how far the play-dependent bonuses stand comes
from :mod:`deberts.variants.deberts.model.scoring`, which alone reads those options in the model.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Hashable, Iterable, Sequence

from deberts.model.cards import Card
from deberts.variants.deberts.engine import _engine
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.position import Position
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.scoring import (
    bella_declined,
    bella_points,
    bella_tricks,
    declarations_pending,
)
from deberts.variants.deberts.model.sides import partner_of, with_partner

BellaState = _engine.BellaState


def settled_margin(position: Position) -> int:
    """The margin already fixed at the start of the current trick: completed tricks'
    card points, and the bonuses no longer (or never) depending on play."""
    side = position.declarer_side
    won = position.points_won()
    margin = sum(p if s in side else -p for s, p in enumerate(won))
    outcome = position.declarations
    if outcome.points and not declarations_pending(position):
        margin += (1 if outcome.team & side else -1) * outcome.points
    if outcome.bella_seat is None:
        return margin
    return margin + sum(b if s in side else -b for s, b in enumerate(bella_points(position)))


def engine_input(position: Position) -> tuple[_engine.Spec, list[int]]:
    """The position as the engine reads it: the state at the start of the current
    trick, and the moves made in that trick since."""
    fields, trick = _engine_fields(position)
    return _engine.Spec(**fields), trick


def worlds_input(
    worlds: Sequence[Position],
) -> tuple[list[_engine.Spec], list[list[int]], list[int]]:
    """The worlds of one decision (positions with the same setting and the same
    cards played, as :meth:`Solver.values_of_worlds` checks) as the engine reads
    them: each one's spec, current trick and settled margin. Those depend on a
    world's hidden cards only through its hands and its declarations (who
    scores how much, who holds bella), so a world whose declarations come out as
    an earlier one's is that one's spec with its own hands."""
    kinds: dict[tuple[Hashable, ...], tuple[_engine.Spec, list[int], int]] = {}
    specs: list[_engine.Spec] = []
    tricks: list[list[int]] = []
    settled: list[int] = []
    in_trick = [0] * worlds[0].players
    for play in worlds[0].trick:
        in_trick[play.seat] |= play.card.mask
    for world in worlds:
        outcome = world.declarations
        key = (outcome.team, outcome.points, outcome.bella_seat)
        kind = kinds.get(key)
        if kind is None:
            spec, trick = engine_input(world)
            kind = kinds[key] = (spec, trick, settled_margin(world))
        else:
            spec = kind[0].with_hands([hand | cards for hand, cards in zip(world.hands, in_trick)])
        specs.append(spec)
        tricks.append(kind[1])
        settled.append(kind[2])
    return specs, tricks, settled


def value_class(position: Position) -> tuple[Hashable, int]:
    """A key and a sign such that two positions with the same key have the same
    value times their signs (margin = sign x the class's value): the engine's input
    and the settled margin, seen from the side of seat 0. So a pairs deal's two
    partners declaring are one class, and the other pair's declarers the same
    class with the opposite sign, whenever the declarations and bella come out the
    same; a double-dummy table solves each class once."""
    fields, trick = _engine_fields(position)
    sign = fields["sides"][0]
    won = fields["sides_won"]
    oriented = {
        **fields,
        "sides": tuple(sign * side for side in fields["sides"]),
        "decl_value": sign * fields["decl_value"],
        "sides_won": won if sign > 0 else (won & 1) << 1 | won >> 1,
        "hands": tuple(fields["hands"]),
        "partners": tuple(fields["partners"]),
    }
    key = (tuple(sorted(oriented.items())), tuple(trick), sign * settled_margin(position))
    return key, sign


def _engine_fields(position: Position) -> tuple[dict[str, Any], list[int]]:
    """The fields of the position's :class:`~deberts.variants.deberts.engine._engine.Spec`, and the
    moves of the current trick."""
    players, side = position.players, position.declarer_side
    hands = list(position.hands)
    for play in position.trick:
        hands[play.seat] |= play.card.mask
    outcome = position.declarations
    fields = dict(
        **_rule_input(players, position.rules),
        trump=int(position.trump),
        hands=hands,
        sides=[1 if s in side else -1 for s in range(players)],
        leader=position.trick_leader,
        decl_team=_seat_mask(outcome.team),
        decl_value=(1 if outcome.team & side else -1) * outcome.points,
        decl_pending=declarations_pending(position),
        **_bella_input(position),
        sides_won=position.sides_with_tricks(),
    )
    declined = bella_declined(position)
    trick = [_engine.encode_move(int(p.card), p == declined) for p in position.trick]
    return fields, trick


def move_card(move: int) -> Card:
    """The card an engine move plays."""
    return _MOVE_PLAYS[move][0]


def push_move(position: Position, move: int) -> None:
    """Make an engine move on a model position: its card, announcing bella unless
    the move declines it."""
    card, declines = _engine.decode_move(move)
    position.push(Card(card), bella=not declines)


def line_plays(moves: Iterable[int]) -> list[tuple[Card, bool]]:
    """Engine moves as plays for :func:`~deberts.variants.deberts.model.position.play_out`: each
    card, and whether it announces bella (unless the move declines it)."""
    return [_MOVE_PLAYS[move] for move in moves]


#: Each engine move's play, by the move.
_MOVE_PLAYS: dict[int, tuple[Card, bool]] = {
    _engine.encode_move(card, declines): (Card(card), not declines)
    for card in range(32) for declines in (False, True)
}


@lru_cache(maxsize=64)
def _rule_input(players: int, rules: Rules) -> dict[str, Any]:
    """The spec's fields fixed by the number of players and the rules: the rule
    options of the play, under their own names, made once for each pair."""
    partners = [partner_of(s, players, rules) for s in range(players)]
    return {
        "players": players,
        "partners": [-1 if p is None else p for p in partners],
        "partner_exempt": rules.partner_exempt,
        "trump_lead_overtrump_partner": rules.trump_lead_overtrump_partner,
        "partner_winning_free": rules.partner_winning_free,
        "discard_over_opponent_trump": rules.discard_over_opponent_trump,
        "capot": rules.capot,
        "bella": rules.bella,
    }


def _bella_input(position: Position) -> dict[str, Any]:
    """Where bella stands at the start of the current trick, for the engine: under
    the ``owner`` rule (or with no bella) it is settled outside the search
    (:func:`~deberts.variants.deberts.model.scoring.bella_points`); otherwise pending until its
    first trick, and under ``both_tricks`` still open after a first trick that the
    owner's team won with the announcement."""
    owner = position.declarations.bella_seat
    settled = {"bella_owner": 0, "bella_cards": 0, "bella_team": 0,
               "bella_state": BellaState.BELLA_SETTLED}
    rule = position.rules.bella
    if owner is None or rule == "owner":
        return settled
    done = bella_tricks(position)
    team = with_partner(owner, position.players, position.rules)
    if not done:
        state = BellaState.BELLA_PENDING
    elif (rule == "both_tricks" and len(done) == 1
          and any(p.bella for p in done[0].plays) and done[0].winner in team):
        state = BellaState.BELLA_FIRST_WON
    else:
        state = BellaState.BELLA_SETTLED
    return {"bella_owner": owner, "bella_cards": bella_mask(position.trump),
            "bella_team": _seat_mask(team),
            "bella_state": state}


def _seat_mask(seats: Iterable[int]) -> int:
    return sum(1 << s for s in seats)
