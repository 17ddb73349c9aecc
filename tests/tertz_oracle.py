"""The Tertz oracle: a plain pure-Python minimax over :class:`TertzPosition`.

It knows nothing of the engine. It tries every legal move (cards, ``swap``, each
``break:K``) of the player to move, seat 0 maximising and seat 1 minimising the
final margin (seat 0's total minus seat 1's over the whole deal, unrounded,
docs/rules.md 4.5). Which moves are legal, what a card is worth and the last trick
it reads from the rule text itself (:func:`rule_text_moves`,
:func:`rule_text_margin`), apart from the model's code: at every node the model's
``legal_moves()`` must be the same set, and ``push`` refuses what the model finds
illegal. Declarations and the marriage are taken from the model.

Trick starts are memoised on everything the rest of the deal can depend on: the
hands, the stock in order, the leader, whether the marriage is still to come, and
the declarations (all of them while more can come, else only their end value); the
value stored is the margin still to be won, so points already won stay out of the
key.
"""

from __future__ import annotations

from typing import Hashable

from deberts import Card
from deberts.model.cards import iter_bits
from deberts.variants.tertz.model import SWAP, Break, Move
from deberts.variants.tertz.model import Position as TertzPosition
from deberts.variants.tertz.model import Trick as TertzTrick
from deberts.variants.tertz.model.declarations import declaration_points

PLAIN_LOW_TO_HIGH = "789JQKTA"
TRUMP_LOW_TO_HIGH = "78QKTA9J"
#: Card points from the rule text: plain A 11, 10 10, K 3, Q 2, J 1; trump J 20, 9 13.
PLAIN_POINTS = {"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1}
TRUMP_POINTS = {"J": 20, "9": 13, "A": 11, "T": 10, "K": 3, "Q": 2}
LAST_TRICK = 10
MARRIAGE = 20
#: Each card's notation, rank then suit (``JH``), by card index.
NAMES = tuple(str(Card(index)) for index in range(32))


def oracle_moves(position: TertzPosition) -> dict[Move, int]:
    """Each legal move's exact final margin (seat 0 minus seat 1)."""
    memo: dict[Hashable, int] = {}
    won = _won(position)
    values = {}
    for move in _checked_moves(position):
        values[move] = won + _after(position, move, memo)
    return values


def oracle_value(position: TertzPosition) -> int:
    """The exact final margin of the position under optimal play."""
    values = oracle_moves(position).values()
    return max(values) if position.to_move == 0 else min(values)


def rule_text_moves(position: TertzPosition) -> list[Move]:
    """The moves of the player to move from docs/rules.md 4.1-4.2 read literally:
    the first trick's loser breaks by 0..12; a holder of the trump seven may swap it
    while the stock holds two cards or more (``swap_last = false``: until only two
    remain); a lead is any card; an answer while the
    stock lasts follows ``stock_play``, after it follows suit and beats, else trumps,
    else anything; all worked out without the jack of trumps, which may always go."""
    seat, trump = position.to_move, position.trump
    hand = [Card(index) for index in iter_bits(position.hands[seat])]
    swap: list[Move] = (
        [SWAP] if len(position.stock) >= (2 if position.rules.swap_last else 3)
        and "7" + str(trump) in [NAMES[c] for c in hand] else []
    )
    if position.breaker is not None:
        return [Break(k) for k in range(13)] + swap
    cards: list[Move] = list(_answers(position, hand)) if position.trick else list(hand)
    return cards + swap


def _answers(position: TertzPosition, hand: list[Card]) -> list[Card]:
    trump = str(position.trump)
    led_rank, led = NAMES[position.trick[0]][0], NAMES[position.trick[0]][1]
    jack = [c for c in hand if NAMES[c] == "J" + trump]
    rest = [c for c in hand if c not in jack]
    same = [c for c in rest if NAMES[c][1] == led]
    trumps = [c for c in rest if NAMES[c][1] == trump]
    if position.stock:
        rule = position.rules.stock_play
        if rule == "free":
            allowed = rest
        elif rule == "suit_or_trump":
            allowed = same + [c for c in trumps if c not in same] or rest
        else:
            allowed = same or trumps or rest
    elif same:
        order = TRUMP_LOW_TO_HIGH if led == trump else PLAIN_LOW_TO_HIGH
        beating = [c for c in same if order.index(NAMES[c][0]) > order.index(led_rank)]
        allowed = beating or same
    else:
        allowed = trumps or rest
    return sorted(allowed + jack)


def _points(card: Card, trump: str) -> int:
    """A card's points by the rule text."""
    rank, suit = NAMES[card][0], NAMES[card][1]
    return (TRUMP_POINTS if suit == trump else PLAIN_POINTS).get(rank, 0)


def rule_text_margin(position: TertzPosition) -> int:
    """A finished deal's margin: the card points of its tricks by the rule text, 10
    for the last trick, the model's declarations and marriage."""
    return _won(position) + _end_bonus(position)


def _trick_margin(trick: TertzTrick, trump: str) -> int:
    """The points of a trick, for seat 0 (negative when seat 1 won it)."""
    points = sum(_points(c, trump) for c in trick.cards)
    return points if trick.winner == 0 else -points


def _won(position: TertzPosition) -> int:
    """The margin won for good so far: the card points of the tricks and the marriage."""
    trump = str(position.trump)
    return sum(_trick_margin(t, trump) for t in position.tricks) + _marriage(position)


def _marriage(position: TertzPosition) -> int:
    return MARRIAGE * (position.marriage[0] - position.marriage[1])


def _end_bonus(position: TertzPosition) -> int:
    """What a finished deal adds to :func:`_won`: the last trick and the declarations."""
    last = LAST_TRICK if position.tricks[-1].winner == 0 else -LAST_TRICK
    declared = declaration_points(position.declarations, position.trump)
    return last + declared[0] - declared[1]


def _checked_moves(position: TertzPosition) -> list[Move]:
    """The rule text's moves, after checking the model finds the same ones."""
    moves = rule_text_moves(position)
    model = position.legal_moves()
    assert set(moves) == set(model) and len(model) == len(moves), (
        f"rule text {' '.join(map(str, moves))} vs model {' '.join(map(str, model))} "
        f"in {position!r}"
    )
    return moves


def _after(position: TertzPosition, move: Move, memo: dict[Hashable, int]) -> int:
    """The margin ``move`` and the play after it still win (beyond :func:`_won`)."""
    tricks, marriage = len(position.tricks), _marriage(position)
    position.push(move)
    gained = _marriage(position) - marriage
    if len(position.tricks) > tricks:
        gained += _trick_margin(position.tricks[-1], str(position.trump))
    value = gained + _minimax(position, memo)
    position.pop()
    return value


def _minimax(position: TertzPosition, memo: dict[Hashable, int]) -> int:
    """The margin still to be won from here (beyond :func:`_won`)."""
    if position.is_over():
        return _end_bonus(position)
    key = _memo_key(position) if not position.trick and position.breaker is None else None
    if key is not None and key in memo:
        return memo[key]
    values = [_after(position, move, memo) for move in _checked_moves(position)]
    best = max(values) if position.to_move == 0 else min(values)
    if key is not None:
        memo[key] = best
    return best


def _memo_key(position: TertzPosition) -> Hashable:
    """Everything of a trick start that the rest of the deal can depend on."""
    more_declarations = position.rules.declare_when == "stock" and (
        position.stock or max(h.bit_count() for h in position.hands) == 9
    )
    declarations: Hashable = (
        tuple((d.seat, d.kind, d.cards, d.counting) for d in position.declarations)
        if more_declarations
        else declaration_points(position.declarations, position.trump)
    )
    return (
        position.hands,
        position.stock,
        position.leader,
        any(position.marriage),
        declarations,
    )
