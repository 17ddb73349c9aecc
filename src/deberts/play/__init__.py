"""The play layer's generic part: the players made from their specs of any game
(:func:`make_player`, :func:`player_factory`), the match against the computer one
decision at a time (:class:`Session`), and what the layer reads of every game (each
game's players, matches and arena are in its own folder,
``deberts.variants.<game>.play``; users import them from the
package root and its games' namespaces).

Its public names are here (``deberts.play.make_player``), loaded at their first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.play.face import PlayFace, SessionFace, play_of, session_of
    from deberts.play.session import Session
    from deberts.play.specs import make_player, player_factory

#: The layer's public names, by module, loaded at their first use.
_NAMES: dict[str, str | tuple[str, str]] = {
    **dict.fromkeys(("PlayFace", "SessionFace", "play_of", "session_of"), "deberts.play.face"),
    "Session": "deberts.play.session",
    **dict.fromkeys(("make_player", "player_factory"), "deberts.play.specs"),
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = sorted(_NAMES)
