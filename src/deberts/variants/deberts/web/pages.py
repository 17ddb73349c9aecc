"""Deberts' pages of the web board, in the nav bar's order (the web face's ``PAGES``)."""

from __future__ import annotations

from importlib import resources

from deberts.web.face import Page

_FOLDER = resources.files("deberts.variants.deberts.web") / "static"

PAGES = tuple(Page.read(path, title, _FOLDER, stem) for path, title, stem in (
    ("/", "Analyse", "analyse"), ("/replay", "Replay", "replay"),
    ("/play", "Play", "play"), ("/bid", "Bid", "bid")))
