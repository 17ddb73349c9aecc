"""Tertz's fields of a position in the web API (the web face's ``Fields``): a batch line's
fields, with their meanings and examples for the API's schema."""

from __future__ import annotations

from pydantic import ConfigDict

from deberts.web.requests import Cards, LineFields, RulesField


class Fields(LineFields):
    """A Tertz position: the two hands as dealt, the stock, and the moves made since
    the deal."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"game": "tertz", "hands": ["QT.9.AJT8.KQ", "A8.AK.KQ.T87"],
         "stock": "7H KS JS TH 7D JH QH 8H AC 7S 9S 9C JC 9D",
         "played": "TD QD break:0 8D KD 7C QC 7H AH JS swap QS TS AS JH TH"},
    ]})

    hands: Cards | None = None
    """The two hands as dealt, S.H.D.C each (seat 0 leads first): one string or a list."""
    stock: Cards | None = None
    """The 14 stock cards in draw order, the face-up card last."""
    played: Cards | None = None
    """The moves made since the deal, in order: cards, swap, break:K."""
    rules: RulesField = None
    """Rule options by name (docs/rules.md section 4)."""
