"""Players from their specs, the one entry point of the arena, the CLI and harnesses:
``name`` or ``name:key=value,key=value`` (``pimc:samples=100,infer=bidding``).

The names and the settings each takes are a game's player types (the registry's
``players`` part: the default game's unless ``game`` names another), or a table of
them given as ``types``. A spec is checked whole before any game: an unknown name,
an unknown or repeated setting, a value that is not of its type and a setting the
player refuses each raise :class:`~deberts.errors.DebertsError` naming it.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from deberts.errors import DebertsError, excerpt
from deberts.model.registry import default_game, find_game
from deberts.play.face import PlayerType, play_of

#: A game's player types: ``{name: (maker, {setting: type})}``.
PlayerTypes = Mapping[str, PlayerType]


def player_factory(
    spec: str, types: PlayerTypes | None = None, game: str | None = None,
) -> Callable[[int], Any]:
    """A maker of players from ``spec``, called with a seat's number (or any salt),
    which seeds the random ones when the spec gives no seed: ``player_factory(
    "pimc:samples=100,infer=bidding")(seat)``. The types are ``types``, else those
    of ``game`` (the default game's when ``None``)."""
    if types is None:
        types = play_of(default_game() if game is None else find_game(game)).TYPES
    name, _, settings = spec.partition(":")
    if name not in types:
        raise DebertsError(f"unknown player type {excerpt(name)}: expected one of {' '.join(types)}")
    make, accepted = types[name]
    options: dict[str, Any] = {}
    for item in filter(None, settings.split(",")):
        key, sep, value = item.partition("=")
        if key in options:
            raise DebertsError(f"bad setting {excerpt(item)} for {name}: {key} is set twice")
        if not sep or key not in accepted:
            raise DebertsError(
                f"bad setting {excerpt(item)} for {name}: expected key=value with key one of "
                f"{' '.join(accepted) or '(none)'}"
            )
        try:
            options[key] = accepted[key](value)
        except ValueError:
            raise DebertsError(f"bad setting {excerpt(item)} for {name}: {excerpt(value)} is not a number") from None
    try:
        make(**options)  # the player's own checks of its settings, before any game
    except DebertsError as error:
        raise DebertsError(f"bad settings for {name}: {error}") from None

    def factory(salt: int) -> Any:
        if "seed" in accepted and "seed" not in options:
            return make(**options, seed=salt)
        return make(**options)

    return factory


def make_player(spec: str, seat: int = 0, game: str | None = None) -> Any:
    """One player from ``spec`` for ``seat`` (:func:`player_factory`)."""
    return player_factory(spec, game=game)(seat)
