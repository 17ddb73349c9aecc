"""What the layers above read of a game's play: its player types and its arena (the
``TYPES`` and ``run_arena`` of the game's play package,
``deberts.variants.<game>.play``), and, for a game played against the computer on the
web board, its session (``start_session``)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, cast

from deberts.analysis.face import Report
from deberts.model.registry import Game
from deberts.play.duplicate import MatchOutcome
from deberts.play.session import Session

#: A player type: its maker (settings as keywords) and its settings' types.
PlayerType = tuple[Callable[..., Any], Mapping[str, type]]


class PlayFace(Protocol):
    """A game's play package: the player types by name, and two player types over
    ``deals`` duplicate deals on ``jobs`` processes, each match's outcome to
    ``progress``; ``options`` are the game's own options of the arena command."""

    @property
    def TYPES(self) -> Mapping[str, PlayerType]: ...  # noqa: N802 - a constant

    def run_arena(self, specs: tuple[str, str], deals: int, seed: int, rules: Any, jobs: int,
                  progress: Callable[[MatchOutcome], None] | None = None,
                  options: Mapping[str, object] | None = None) -> Report: ...


class SessionFace(Protocol):
    """A game's play package, for a game played against the computer: a match, one
    decision at a time, with the person at seat 0 (``target`` the game's default
    when ``None``; ``samples`` and ``seconds`` the computer's budget a decision)."""

    def start_session(self, players: int, rules: Any, target: int | None, seed: int | None,
                      samples: int, seconds: float) -> Session: ...


def play_of(game: Game) -> PlayFace:
    """``game``'s play face."""
    return cast(PlayFace, game.face("play", PlayFace))


def session_of(game: Game) -> SessionFace:
    """``game``'s session face (a :class:`DebertsError` for a game that has none)."""
    return cast(SessionFace, game.face("play", SessionFace))
