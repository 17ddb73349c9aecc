"""The game's model: cards, deals, rules, positions, declarations, bidding,
scoring and the seven exchange. Pure Python; it imports no other layer.

Its public names are here (``deberts.model.Position``), each loaded at its first use
so that importing one module does not import the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deberts.lazy import lazy_names

if TYPE_CHECKING:
    from deberts.model.cards import Card, CardMap, CardSet, Rank, Suit, parse_cards
    from deberts.variants.deberts.model.deal import Deal, full_hand_size
    from deberts.variants.deberts.model.position import Play, Position, Trick
    from deberts.variants.deberts.model.rules import OPTION_NAMES, PRESETS, Rules
    from deberts.variants.deberts.model.scoring import BAIT, DealScore, HANGING, MADE, score
    from deberts.variants.deberts.model.record import GameRecord
    from deberts.variants.deberts.model.bidding import Bid, Contract
    from deberts.variants.deberts.model.declarations import Declaration, DeclarationOutcome, resolve_declarations
    from deberts.variants.deberts.model.generate import generate_deals
    from deberts.model.registry import Game, find_game, game_of, games, register

#: The layer's public names, by module, loaded at their first use.
_NAMES = {
    **dict.fromkeys(("Suit", "Rank", "Card", "CardMap", "CardSet", "parse_cards"),
                    "deberts.model.cards"),
    **dict.fromkeys(("Deal", "full_hand_size"), "deberts.variants.deberts.model.deal"),
    **dict.fromkeys(("Play", "Trick", "Position"), "deberts.variants.deberts.model.position"),
    **dict.fromkeys(("Rules", "PRESETS", "OPTION_NAMES"), "deberts.variants.deberts.model.rules"),
    **dict.fromkeys(("DealScore", "score", "MADE", "BAIT", "HANGING"), "deberts.variants.deberts.model.scoring"),
    "GameRecord": "deberts.variants.deberts.model.record",
    **dict.fromkeys(("Bid", "Contract"), "deberts.variants.deberts.model.bidding"),
    **dict.fromkeys(("Declaration", "DeclarationOutcome", "resolve_declarations"),
                    "deberts.variants.deberts.model.declarations"),
    "generate_deals": "deberts.variants.deberts.model.generate",
    **dict.fromkeys(("Game", "find_game", "game_of", "games", "register"),
                    "deberts.model.registry"),
}
__getattr__ = lazy_names(__name__, _NAMES)
__all__ = sorted(_NAMES)
