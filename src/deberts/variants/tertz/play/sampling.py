"""Sampling what a Tertz player cannot see: the opponent's cards and the order of the
stock, consistently with everything its view holds (docs/rules.md section 4).

A sample is a whole deal (both hands as dealt, the stock in draw order) that, with
the deal's moves replayed, gives exactly what the player saw: its own cards as dealt
and as drawn, every card the opponent played (he held it then), the swap (he held
the seven), the declarations and the marriage shown (4.3), and every answer legal
for the hand the opponent held at the time (a void shown while the stock lasts is a
void only until his next draw; once the stock is gone the opponent's hand is known
exactly, every unseen card being his).

How: the unseen cards go to the opponent's nine dealt cards, the stock slots he drew
from, and the slots still to draw. The cards he must have held (played, shown in a
declaration or the marriage, the seven he swapped) are placed first, each among the
opponent's places he had filled by then (his dealt cards and the slots he had drawn
from), in order of those deadlines: every such placement is equally likely. The other
unseen cards are shuffled into the places left. Then the moves are replayed on the
model, and a deal whose replay differs from what was seen (an illegal answer, a
declaration or marriage not made or not shown) is drawn again. So the samples are
uniform among the deals consistent with the view.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Iterator

from deberts.errors import DebertsError, IllegalMoveError
from deberts.model.cards import Card, Rank
from deberts.variants.tertz.model import SWAP, Break, Deal, Position
from deberts.variants.tertz.model.deal import HAND_SIZE
from deberts.variants.tertz.model.declarations import marriage_mask
from deberts.variants.tertz.play.match import FACE_DOWN, PlayView, draw_slots

ALL_CARDS = (1 << 32) - 1
#: Draws allowed per sample wanted (and at least) before giving up on finding more
#: consistent ones (most draws do not replay to the view).
TRIES_PER_SAMPLE = 40
MIN_TRIES = 400


@dataclass(frozen=True)
class Hidden:
    """What ``seat`` does not see, and the facts that limit it.

    ``unseen``: the cards in neither its hands nor the face-up card as dealt;
    ``required``: (card, deadline) for each unseen card the opponent held at some
    point, the deadline being how many of his places (nine dealt, then the stock
    slots he drew, in order) he had filled by then; ``opponent_slots``: the stock
    slots (after the break, face-down ones) he drew from, in order; ``my_slots``:
    slot -> card for the face-down slots the seat drew from; ``break_k``: the break
    made, or ``None`` before it."""

    seat: int
    unseen: tuple[Card, ...]
    required: tuple[tuple[Card, int], ...]
    opponent_slots: tuple[int, ...]
    my_slots: dict[int, Card]
    break_k: int | None


def hidden_of(view: PlayView) -> Hidden:
    """The hidden part of the deal as ``view``'s seat knows it."""
    seat, opponent = view.seat, 1 - view.seat
    break_k = next((m.k for m in view.moves if isinstance(m, Break)), None)
    slots = [(who, slot) for who, slot in draw_slots(view.tricks, break_k is not None)
             if slot < FACE_DOWN]
    mine = [slot for who, slot in slots if who == seat]
    my_slots = dict(zip(mine, view.drawn))
    opponent_slots = tuple(slot for who, slot in slots if who == opponent)
    seen = view.dealt.mask | view.trump_card.mask | sum(c.mask for c in my_slots.values())
    unseen_mask = ALL_CARDS & ~seen

    def places_by(tricks_done: int) -> int:
        """The opponent's places filled before trick ``tricks_done`` (0-based)."""
        return HAND_SIZE + sum(1 for slot in opponent_slots if slot // 2 < tricks_done)

    deadline: dict[Card, int] = {}

    def must_hold(card: Card, by: int) -> None:
        if unseen_mask >> card & 1:
            deadline[card] = min(by, deadline.get(card, by))

    trick_of: list[int] = []  # the trick (0-based) each move was made in
    player_of: list[int | None] = []  # the seat that made each move
    cards_played = 0
    for move in view.moves:
        trick = cards_played // 2
        trick_of.append(trick)
        if isinstance(move, Card):
            leader = view.tricks[trick].leader if trick < len(view.tricks) else view.leader
            player_of.append(leader if cards_played % 2 == 0 else 1 - leader)
            cards_played += 1
        else:
            player_of.append(view.swapped_by if move == SWAP else 1 - view.tricks[0].winner)
    for index, move in enumerate(view.moves):
        if player_of[index] == opponent and isinstance(move, Card):
            must_hold(move, places_by(trick_of[index]))
        elif player_of[index] == opponent and move == SWAP:
            must_hold(Card.of(view.trump, Rank.SEVEN), places_by(trick_of[index]))
    shown = [(d.cards, view.declared_at[i]) for i, d in enumerate(view.declarations)
             if d.seat == opponent]
    if view.marriage[opponent] and view.married_at is not None:
        shown.append((marriage_mask(view.trump), view.married_at))
    for mask, index in shown:
        by = places_by(trick_of[index]) if index < len(trick_of) else HAND_SIZE
        for card in range(32):
            if mask >> card & 1:
                must_hold(Card(card), by)
    unseen = tuple(Card(i) for i in range(32) if unseen_mask >> i & 1)
    required = tuple(sorted(deadline.items(), key=lambda item: (item[1], int(item[0]))))
    return Hidden(seat, unseen, required, opponent_slots, my_slots, break_k)


def sample_deal(view: PlayView, hidden: Hidden, rng: random.Random) -> Deal:
    """One deal drawn from the places the facts allow (not yet checked by replay)."""
    places: list[Card | None] = [None] * (HAND_SIZE + len(hidden.opponent_slots))
    for card, by in hidden.required:
        free = [i for i in range(by) if places[i] is None]
        if not free:
            raise DebertsError(f"the view is inconsistent: no place for {card} among the "
                               f"opponent's first {by} cards")
        places[rng.choice(free)] = card
    placed = {card for card, _ in hidden.required}
    rest = [card for card in hidden.unseen if card not in placed]
    rng.shuffle(rest)
    fill = iter(rest)
    opponent = [card if card is not None else next(fill) for card in places]
    broken: list[Card] = []
    drawn = dict(zip(hidden.opponent_slots, opponent[HAND_SIZE:]))
    for slot in range(FACE_DOWN):
        known = hidden.my_slots.get(slot, drawn.get(slot))
        broken.append(known if known is not None else next(fill))
    face_down = broken
    if hidden.break_k is not None:
        cut = FACE_DOWN - hidden.break_k
        face_down = [broken[(i - cut) % FACE_DOWN] for i in range(FACE_DOWN)]
    hands = [view.dealt.mask, sum(c.mask for c in opponent[:HAND_SIZE])]
    if hidden.seat == 1:
        hands.reverse()
    return Deal(hands, [*face_down, view.trump_card])


def replayed(view: PlayView, deal: Deal) -> Position | None:
    """``deal`` with the view's moves replayed, or ``None`` as soon as that replay
    is not what the view saw: an illegal move, or declarations or the marriage made
    at other moves or of other cards."""
    position = Position(deal, view.rules)
    times = view.declared_at
    due = 0  # the declarations made by now
    try:
        for index, move in enumerate(view.moves):
            position.push(move)
            while due < len(times) and times[due] <= index:
                due += 1
            married = view.married_at is not None and view.married_at <= index
            if len(position.declarations) != due or any(position.marriage) != married:
                return None
    except IllegalMoveError:
        return None
    if position.declarations != view.declarations or position.marriage != view.marriage:
        return None
    return position


def sample_positions(
    view: PlayView, rng: random.Random, tries: int
) -> Iterator[Position]:
    """Positions consistent with ``view``, drawn independently, at most ``tries``
    draws in all (rejected ones included)."""
    hidden = hidden_of(view)
    for _ in range(tries):
        position = replayed(view, sample_deal(view, hidden, rng))
        if position is not None:
            yield position


def distinct_samples(
    view: PlayView, rng: random.Random, wanted: int
) -> list[tuple[Position, int]]:
    """Up to ``wanted`` sampled positions, merged where equal: each distinct one with
    how often it was drawn, the most frequent first (a player's time budget stops
    there). Once the stock is gone every consistent sample is the real position, so
    one is drawn."""
    counts: Counter[tuple[object, ...]] = Counter()
    first: dict[tuple[object, ...], Position] = {}
    wanted = wanted if view.stock_size else 1
    tries = max(MIN_TRIES, TRIES_PER_SAMPLE * wanted)
    for position in islice(sample_positions(view, rng, tries), wanted):
        key = (position.hands, position.stock)
        counts[key] += 1
        first.setdefault(key, position)
    return [(first[key], weight) for key, weight in counts.most_common()]
