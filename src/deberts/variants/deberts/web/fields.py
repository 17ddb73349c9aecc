"""Deberts' fields of a position in the web API (the web face's ``Fields``): a batch line's
fields, with their meanings and examples for the API's schema."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import ConfigDict

from deberts.web.requests import Cards, LineFields, RulesField

EXAMPLE: dict[str, Any] = {"hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "trump": "H", "declarer": 0, "leader": 1}


class Fields(LineFields):
    """A Deberts position: the hands, the trump, the declarer and the leader, and the
    cards played since the deal."""

    model_config = ConfigDict(json_schema_extra={"examples": [EXAMPLE]})
    review_examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {**EXAMPLE, "played": "JS QS QH 8H AC 8C"},)

    hands: Cards | None = None
    """The hands in seat order, S.H.D.C each: one string or a list."""
    trump: str | None = None
    """The trump suit, S, H, D or C."""
    declarer: int | None = None
    """The declarer's seat."""
    leader: int | None = None
    """The seat leading the first trick."""
    played: Cards | None = None
    """The cards played since the deal, in order."""
    rules: RulesField = None
    """Rule options by name, with an optional preset (docs/rules.md)."""
