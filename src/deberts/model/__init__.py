"""The model layer's generic part: cards, and the game registry (every game's model
is in its own folder, ``deberts.variants.<game>.model``; users import it from the
package root and its games' namespaces).

Its public names are here (``deberts.model.Card``), each loaded at its first use so
that importing one module does not import the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.model.cards import Card, CardMap, CardSet, Rank, Suit, parse_cards
    from deberts.model.registry import Game, find_game, game_of, games, register

#: The layer's public names, by module, loaded at their first use.
_NAMES: dict[str, str | tuple[str, str]] = {
    **dict.fromkeys(("Suit", "Rank", "Card", "CardMap", "CardSet", "parse_cards"),
                    "deberts.model.cards"),
    **dict.fromkeys(("Game", "find_game", "game_of", "games", "register"),
                    "deberts.model.registry"),
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = sorted(_NAMES)
