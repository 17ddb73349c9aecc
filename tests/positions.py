"""Seeded random positions for the oracle tests and benchmarks: deals of every player
count, full or endgame, with random legal play already made (possibly mid-trick)."""

from __future__ import annotations

import random

from deberts import Card, Deal, Position, Rules, Suit
from deberts.model.trick_order import trick_power
from deberts.variants.deberts.model.declarations import bella_mask

#: One reading per rule option that changes play or its value, plus the defaults.
RULE_VARIANTS: tuple[Rules, ...] = (
    Rules(),
    Rules.preset_rules("kharkov"),
    Rules().with_options(declarations_need_trick=False),
    Rules().with_options(bella="trick_winner"),
    Rules().with_options(bella="both_tricks"),
    Rules().with_options(partner_exempt=True),
    Rules().with_options(teams="solo"),
    Rules().with_options(sequence_order="play"),
    Rules.preset_rules("kharkov", bella="trick_winner", partner_exempt=True,
                       declarations_need_trick=False),
    Rules().with_options(partner_winning_free=True),
    Rules().with_options(discard_over_opponent_trump=True),
    Rules().with_options(partner_exempt=True, trump_lead_overtrump_partner=True),
    Rules().with_options(capot=True),
    Rules().with_options(declarations="none"),
)
#: Readings only defined for 4 players in pairs: the belote preset, and with the
#: options it leaves alone changed.
PAIRS_VARIANTS: tuple[Rules, ...] = (
    Rules.preset_rules("belote"),
    Rules.preset_rules("belote", partner_exempt=True, bella="trick_winner"),
    Rules.preset_rules("belote", declarations="auto", trump_lead_overtrump_partner=False,
                       partner_exempt=True),
)


def random_position(
    seed: int,
    players: int,
    cards_left: int,
    full: bool = True,
    rules: Rules | None = None,
    focus: bool = False,
) -> Position:
    """A position with about ``cards_left`` cards per hand still to play.

    ``full`` starts from a full deal (declarations and bella in force) and plays
    random legal cards down to that size, sometimes a few cards into the next
    trick and sometimes declining bella; otherwise the deal is an endgame of that
    size from its first card. Half the time (always with ``focus``) one hand keeps
    bella to the end and the team whose declarations need a trick is kept from
    taking one, so that those rules still matter when the search starts.
    """
    rng = random.Random(seed)
    chosen = rules if rules is not None else RULE_VARIANTS[seed % len(RULE_VARIANTS)]
    trump = Suit(rng.randrange(4))
    deal = Deal.random(players, None if full else cards_left, seed=rng)
    keep_bella = full and (focus or rng.random() < 0.5)
    if keep_bella:
        deal = _with_bella(deal, trump, rng)
    position = Position(deal, trump, rng.randrange(players), rng.randrange(players), chosen)
    plies = (deal.hand_size - cards_left) * players + rng.randrange(players)
    mask = bella_mask(trump)
    starved = position.declarations.team if focus or rng.random() < 0.5 else frozenset()
    for _ in range(plies):
        if position.is_over():
            break
        legal = position.legal_moves()
        plain = [c for c in legal if not c.mask & mask]
        if keep_bella and plain and rng.random() < 0.9:
            legal = plain
        if starved:
            legal = [_weakest(position, legal, position.to_move in starved)]
        card = rng.choice(legal)
        declines = bool(card.mask & mask) and rng.random() < 0.3
        position.push(card, bella=not declines)
    if position.is_over():
        position.pop()
    return position


def _weakest(position: Position, cards: list[Card], weakest: bool) -> Card:
    """The weakest (or strongest) card for the current trick: keeps the team whose
    declarations need a trick from winning one, so that the flag stays in play."""
    led = position.trick[0].card.suit if position.trick else None

    def strength(card: Card) -> int:
        return trick_power(card, card.suit if led is None else led, position.trump)

    return min(cards, key=strength) if weakest else max(cards, key=strength)


def _with_bella(deal: Deal, trump: Suit, rng: random.Random) -> Deal:
    """The deal with the king and queen of trumps moved into one random hand."""
    hands = list(deal.masks())
    owner = rng.randrange(len(hands))
    mask = bella_mask(trump)
    for card_mask in (mask & -mask, mask & (mask - 1)):
        if hands[owner] & card_mask:
            continue
        giveaway = [b for b in range(32) if hands[owner] >> b & 1 and not (1 << b) & mask]
        out = 1 << rng.choice(giveaway)
        hands[owner] ^= out | card_mask
        for seat in range(len(hands)):
            if seat != owner and hands[seat] & card_mask:
                hands[seat] ^= card_mask | out
    return Deal(hands)
