"""High card's web face: its page, no endpoints of its own, and the fields of its
positions (no Play page views: it has no session)."""

from __future__ import annotations

from deberts.web.face import Page
from deberts.web.requests import Cards, LineFields
from toy_game import PAGE_BODY, PAGE_SCRIPT

PAGES = (Page("/highcard", "High card", "highcard", PAGE_BODY, PAGE_SCRIPT),)
ROUTERS = ()


class Fields(LineFields):
    """A high-card position: two hands and the cards played."""

    hands: Cards | None = None
    """The two hands, S.H.D.C each: one string or a list."""


__all__ = ["Fields", "PAGES", "ROUTERS"]
