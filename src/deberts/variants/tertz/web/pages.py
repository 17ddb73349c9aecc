"""Tertz's pages of the web board, in the nav bar's order (the web face's ``PAGES``)."""

from __future__ import annotations

from importlib import resources

from deberts.web.face import Page

_FOLDER = resources.files("deberts.variants.tertz.web") / "static"

PAGES = (Page.read("/tertz", "Tertz", _FOLDER, "tertz"),
         Page.read("/tertz/play", "Play Tertz", _FOLDER, "tertz-play"))
