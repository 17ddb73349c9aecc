"""Turning command-line options into rules and positions.

``deberts solve`` and ``deberts analyze`` end here; every problem is raised as a
:class:`deberts.DebertsError` whose message names the bad token.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from deberts import Deal, DebertsError, Position, Rules
from deberts.variants.deberts.model.sides import first_leader

#: The built-in ``--example`` deal: a full 2-player deal in hearts. The declarer
#: (seat 0) holds the tertz A-K-Q of hearts and bella; the defender's fifty
#: 10-9-8-7 of diamonds outranks the tertz, so only the defender scores a
#: declaration, yet the declarer still makes the deal with bella.
EXAMPLE: dict[str, Any] = {
    "hands": "Q.AKQT.A.AJ7 J.8.T987.QT8",
    "trump": "H",
    "declarer": 0,
    "leader": 1,
}

def default_seats(
    players: int, rules: Rules, declarer: int | None, leader: int | None
) -> tuple[int, int]:
    """The declarer and first leader, as given or by default as every command takes
    them: seat 0 declares, and the eldest hand (seat 1, seat 0 dealing) leads, or the
    declarer under ``first_lead=declarer``."""
    declarer = 0 if declarer is None else declarer
    return declarer, first_leader(0, declarer, players, rules) if leader is None else leader


def build_rules(preset: str, settings: Iterable[str] = ()) -> Rules:
    """The rules of ``preset`` with ``option=value`` settings applied in order."""
    return Rules.from_settings(settings, preset)


def build_position(
    hands: str | Sequence[str],
    trump: str,
    declarer: int,
    leader: int,
    rules: Rules,
    played: str | Sequence[str] = (),
) -> Position:
    """A position ready to solve: the deal, its setting and the cards played so far.

    ``hands`` is the deal in docs/rules.md section 5 notation, one string or one string a hand.
    Raises :class:`deberts.DebertsError` for a bad deal, seat or card, an illegal
    played card, or played cards that finish the deal.
    """
    deal = Deal.parse(hands) if isinstance(hands, str) else Deal(hands)
    position = Position(deal, trump, declarer, leader, rules, played)
    if position.is_over():
        raise DebertsError("the deal is over after the played cards: nothing left to solve")
    return position
