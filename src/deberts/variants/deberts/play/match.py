"""Playing whole deals and matches (RULES.md section 2) between :class:`Player` objects.

The game deals, runs the bidding (two rounds after a card turned up, one naming a
suit under ``face_up_to = none``), offers the trump-seven exchange, plays the
cards and scores the deal, carrying a hanging bait's points to the next deal's top
scorer, rotating the dealer, until a side reaches the target. Each player sees only
what his seat may see, through a view built afresh for every decision: his own
cards, the face-up card, the calls, the contract, the declarations (announced and
shown), the cards played so far and the score; never another hand.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Protocol, Sequence

from deberts.errors import DebertsError
from deberts.model.cards import Card, CardSet, Suit
from deberts.variants.deberts.model.bidding import (
    PASS,
    Bid,
    Contract,
    auction,
    bidding_order,
    bidding_rounds,
    calls_contract,
    legal_calls,
)
from deberts.variants.deberts.model.deal import Deal, full_hand_size
from deberts.variants.deberts.model.declarations import Declaration, bella_mask
from deberts.variants.deberts.model.exchange import seven_holder
from deberts.variants.deberts.model.game_rules import (
    has_four_sevens,
    has_low_points,
    is_deberts,
    is_klabor_six,
)
from deberts.variants.deberts.model.position import Play, Position, Trick
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.scoring import BAIT, HANGING, DealScore
from deberts.variants.deberts.model.sides import face_up_taker, face_up_turned, teams, with_partner

#: Cards each seat gets before the bidding.
FIRST_CARDS = 6
#: Under ``third_bait_penalty``: the bait from which on each costs a side 100 more.
THIRD_BAIT = 3
BAIT_PENALTY = 100


@dataclass(frozen=True)
class BidView:
    """What a seat knows when it calls: its first six cards, the face-up card and
    the calls so far; with no face-up card (``face_up_to = none``, docs/rules.md
    2.1) its whole hand, and ``face_up`` is ``None``."""

    seat: int
    players: int
    dealer: int
    rules: Rules
    hand: CardSet
    face_up: Card | None
    round: int
    calls: tuple[Bid, ...]
    legal: tuple[str, ...]
    scores: tuple[Fraction, ...]


@dataclass(frozen=True)
class PlayView:
    """What a seat knows when it plays a card: its hand, the contract, the face-up
    card (and who took it in an exchange; ``None`` in a game that has none, such as a
    Belote deal from outside, docs/rules.md 2.8), the declarations shown (those that
    score), the tricks and the current trick, the legal cards, and ``auction``, the
    calls that made the contract as they happened: this game's bidding (docs/rules.md
    2.2), an auction under another system (:func:`~deberts.variants.deberts.model.bidding.outside_contract`),
    or empty when the view's maker did not give it."""

    seat: int
    players: int
    dealer: int
    rules: Rules
    hand: CardSet
    trump: Suit
    declarer: int
    declarer_side: frozenset[int]
    face_up: Card | None
    exchanger: int | None
    declarations: tuple[Declaration, ...]
    bella_seat_known: int | None
    tricks: tuple[Trick, ...]
    trick: tuple[Play, ...]
    leader: int
    legal: CardSet
    scores: tuple[Fraction, ...]
    auction: tuple[Bid, ...] = ()

    def plays(self) -> list[Play]:
        """Every card played so far in order, the current trick included."""
        return [p for t in self.tricks for p in t.plays] + list(self.trick)

    def played(self) -> CardSet:
        """Every card played so far, the current trick included."""
        return CardSet(p.card for p in self.plays())


class Player(Protocol):
    """A seat at the table. Each method gets a view of what the seat may see."""

    def bid(self, view: BidView) -> str:
        """A call from ``view.legal``: ``play``, ``pass`` or a suit letter."""

    def exchange(self, view: PlayView) -> bool:
        """Whether to swap the seven of trumps for the face-up card."""

    def play(self, view: PlayView) -> Card:
        """A card from ``view.legal``."""

    def declare(self, view: PlayView) -> bool:
        """Whether to announce bella with the first of its cards (just chosen)."""

    def redeal(self, view: PlayView) -> bool:
        """Whether to claim a redeal the rules allow this hand (four sevens, low
        points), before the first card."""


@dataclass(frozen=True)
class DealResult:
    """One deal: its record, its score (``None`` when thrown in, redealt or ended by a
    game-winning hand), what each seat adds to its match score (held-over points and
    penalties included), the points it holds over to the next deal (a hanging bait;
    a throw-in passes on those it got), the seat that claimed a redeal, the seat
    whose hand won the game at once, and each seat's penalties (docs/rules.md 2.7)."""

    record: GameRecord
    score: DealScore | None
    gains: tuple[Fraction, ...]
    held_over: int
    redeal_by: int | None = None
    game_won_by: int | None = None
    penalties: tuple[int, ...] = ()


def deal_cards(
    players: int, rng: random.Random, turn_up: bool = True
) -> tuple[list[list[int]], Card | None, list[int]]:
    """Shuffle and deal: the first six cards of each seat, the face-up card (``None``
    when ``turn_up`` is false), and the rest of the deck in dealing order."""
    deck = list(range(32))
    rng.shuffle(deck)
    first = [deck[s * FIRST_CARDS:(s + 1) * FIRST_CARDS] for s in range(players)]
    if not turn_up:
        return first, None, deck[players * FIRST_CARDS:]
    face_up = Card(deck[players * FIRST_CARDS])
    return first, face_up, deck[players * FIRST_CARDS + 1:]


def play_deal(
    players: Sequence[Player],
    dealer: int,
    rules: Rules | None = None,
    rng: random.Random | None = None,
    scores: Sequence[Fraction] | None = None,
    carried: int = 0,
) -> DealResult:
    """Deal, bid, exchange, play and score one deal. ``carried`` is a hanging bait's
    points from the deal before, which go to this deal's top scorer. The game-level
    options act here: a Klabor six among the first six cards or a deberts after the
    exchange ends the game, a redeal right claimed voids the deal, and a ski costs
    the side that took no trick."""
    rules = rules if rules is not None else Rules()
    rng = rng if rng is not None else random.Random()
    count = len(players)
    scores = tuple(scores) if scores is not None else (Fraction(0),) * count
    nothing = (Fraction(0),) * count
    first, face_up, rest = deal_cards(count, rng, face_up_turned(rules))
    if face_up is None:  # the whole hand before the bidding (docs/rules.md 2.1)
        deal, freza = _dealt(first, None, rest, dealer, None, rules)
        calls = run_bidding(players, dealer, rules, deal.hands, None, scores)
    else:
        calls = run_bidding(players, dealer, rules, [CardSet(f) for f in first], face_up, scores)
    contract = auction(calls, dealer, count, None if face_up is None else face_up.suit, rules)
    if face_up is not None:
        deal, freza = _dealt(first, face_up, rest, dealer, contract, rules)
    dealt = GameRecord(deal=deal, dealer=dealer, rules=rules, face_up=face_up, freza=freza,
                       bidding=calls)
    six = _klabor_six(rules, first, dealer, count)
    if six is not None or contract is None:
        return DealResult(dealt, None, nothing, carried, game_won_by=six)
    start = dealt.start()
    claimant = _redeal_claimed(players, rules, start, dealer, face_up, scores, calls)
    if claimant is not None:
        return DealResult(dealt, None, nothing, carried, redeal_by=claimant)
    exchange = False
    holder = seven_holder(deal, face_up) if face_up is not None and contract.round == 1 else None
    if holder is not None:
        exchange = bool(players[holder].exchange(
            _play_view(start, holder, dealer, None, face_up, scores, calls)))
    record = replace(dealt, exchange=exchange)
    position = record.start()
    exchanger = record.exchanger
    winner = _deberts(rules, position)
    if winner is not None:
        return DealResult(record, None, nothing, carried, game_won_by=winner)
    declined = False
    while not position.is_over():
        seat = position.to_move
        view = _play_view(position, seat, dealer, exchanger, face_up, scores, calls)
        card = players[seat].play(view)
        if not isinstance(card, Card) or card not in view.legal:
            raise DebertsError(f"seat {seat} played {card!r}, not one of its legal cards {view.legal}")
        announce = True
        if position.bella_pending() and card.mask & bella_mask(position.trump):
            announce = bool(players[seat].declare(view))
            declined = not announce
        position.push(card, bella=announce)
    record = replace(record, play=tuple(position.played_cards()), bella_declined=declined)
    final = record.score()
    assert final is not None
    gains = list(final.records)
    held = final.held_over if final.result == HANGING else 0
    if carried:
        top = max(range(count), key=lambda s: (final.totals[s], -s))
        for seat in with_partner(top, count, rules):
            gains[seat] += carried
    penalties = _ski(rules, position)
    gains = [gain + penalty for gain, penalty in zip(gains, penalties)]
    return DealResult(record, final, tuple(gains), held, penalties=penalties)


def _dealt(
    first: list[list[int]], face_up: Card | None, rest: list[int], dealer: int,
    contract: Contract | None, rules: Rules,
) -> tuple[Deal, Card | None]:
    """The whole deal, and the freza (2 and 3 players): the extra cards in dealing
    order, the face-up card (if one was turned up) to its taker with 4 players."""
    count = len(first)
    extra = full_hand_size(count) - FIRST_CARDS
    hands = [CardSet(first[s]) for s in range(count)]
    if count < 4 or face_up is None:
        for s in range(count):
            hands[s] = hands[s] | CardSet(rest[s * extra:(s + 1) * extra])
        return Deal(hands), Card(rest[-1]) if count < 4 else None
    # A deal thrown in has no declarer: the dealer keeps the face-up card.
    taker = face_up_taker(dealer, None if contract is None else contract.declarer, rules)
    taker = dealer if taker is None else taker
    cards = iter(rest)
    for s in range(count):
        need = extra - (s == taker)
        hands[s] = hands[s] | CardSet(next(cards) for _ in range(need))
    hands[taker] = hands[taker] | face_up.mask
    return Deal(hands), None


def _klabor_six(rules: Rules, first: list[list[int]], dealer: int, count: int) -> int | None:
    """The first seat in bidding order whose first six cards are a Klabor six, when
    ``klabor_six`` is on: announced before the first card, it wins the game, whatever
    the bidding gave."""
    if not rules.klabor_six:
        return None
    return next((s for s in bidding_order(dealer, count) if is_klabor_six(CardSet(first[s]))), None)


def _deberts(rules: Rules, position: Position) -> int | None:
    """The seat holding a deberts (seven trumps in sequence) after the exchange, when
    ``deberts_seven`` is on: it wins the game before the first card."""
    if not rules.deberts_seven:
        return None
    return next((s for s in range(position.players)
                 if is_deberts(CardSet(position.hands[s]), position.trump)), None)


def _redeal_claimed(
    players: Sequence[Player], rules: Rules, start: Position, dealer: int,
    face_up: Card | None, scores: tuple[Fraction, ...], calls: tuple[Bid, ...],
) -> int | None:
    """The first seat from the first leader that has a redeal right in force
    (``four_sevens_redeal``, ``low_points_redeal``) on the cards dealt to it and
    claims it, before the exchange and the first card."""
    count = start.players
    for step in range(count):
        seat = (start.trick_leader + step) % count
        hand = CardSet(start.hands[seat])
        entitled = (rules.four_sevens_redeal and has_four_sevens(hand)
                    or rules.low_points_redeal and has_low_points(hand))
        if entitled and players[seat].redeal(
                _play_view(start, seat, dealer, None, face_up, scores, calls)):
            return seat
    return None


def _ski(rules: Rules, position: Position) -> tuple[int, ...]:
    """Each seat's ski penalty: ``-rules.ski`` for every seat of a side that took no
    trick in the deal."""
    count = position.players
    won = position.tricks_won()
    return tuple(
        -rules.ski if not any(won[m] for m in with_partner(seat, count, rules)) else 0
        for seat in range(count)
    )


def run_bidding(
    players: Sequence[Player], dealer: int, rules: Rules, hands: Sequence[CardSet],
    face_up: Card | None, scores: tuple[Fraction, ...],
) -> tuple[Bid, ...]:
    """The calls, each seat seeing ``hands[seat]`` (its first six cards, or its whole
    hand when no card is turned up)."""
    count = len(players)
    calls: list[Bid] = []
    suit = None if face_up is None else face_up.suit
    for round_ in range(1, bidding_rounds(suit) + 1):
        for seat in bidding_order(dealer, count):
            legal = legal_calls(round_, seat, dealer, suit, rules)
            view = BidView(seat, count, dealer, rules, hands[seat], face_up, round_,
                           tuple(calls), legal, scores)
            call = players[seat].bid(view)
            if call not in legal:
                raise DebertsError(f"seat {seat} called {call!r}, not one of {' '.join(legal)}")
            calls.append(Bid(seat, call))
            if call != PASS:
                return tuple(calls)
    return tuple(calls)


def _play_view(
    position: Position, seat: int, dealer: int, exchanger: int | None, face_up: Card | None,
    scores: tuple[Fraction, ...], calls: tuple[Bid, ...] = (),
) -> PlayView:
    """The seat's view: the declarations shown are those that score (the other side
    only announces that it was beaten); bella is known once announced."""
    outcome = position.declarations
    bella = next((p.seat for p in position.stack if p.bella), None)
    return PlayView(
        seat=seat,
        players=position.players,
        dealer=dealer,
        rules=position.rules,
        hand=CardSet(position.hands[seat]),
        trump=position.trump,
        declarer=position.declarer,
        declarer_side=position.declarer_side,
        face_up=face_up,
        exchanger=exchanger,
        declarations=outcome.scoring,
        bella_seat_known=bella,
        tricks=tuple(position.tricks),
        trick=tuple(position.trick),
        leader=position.trick_leader,
        legal=CardSet(position.legal_mask()),
        scores=scores,
        auction=calls,
    )


def view_of(
    position: Position,
    face_up: Card | None,
    dealer: int | None = None,
    exchanger: int | None = None,
    scores: Sequence[Fraction] | None = None,
    auction: Sequence[Bid] = (),
) -> PlayView:
    """What the player to move in ``position`` (a whole deal in play) may see: the
    view a :class:`Player` gets in a match. ``dealer`` defaults to the seat before the
    first leader (the eldest-hand lead); ``exchanger`` is the seat that swapped the
    seven of trumps for ``face_up``, if one did; ``face_up`` is ``None`` in a game
    without a face-up card (a Belote deal, docs/rules.md 2.8); ``auction`` is the
    calls that made the contract (:attr:`PlayView.auction`), checked against it.

    Raises :class:`DebertsError` when the auction does not give the position's trump
    and declarer."""
    if not position.deal.is_full:
        raise DebertsError(
            f"a player's view needs a whole deal in play, not a {position.deal.hand_size}-card endgame"
        )
    count = position.players
    dealer = (position.leader - 1) % count if dealer is None else dealer
    scores = tuple(scores) if scores is not None else (Fraction(0),) * count
    calls = tuple(auction)
    if calls:
        _check_auction(calls, position, dealer, face_up)
    return _play_view(position, position.to_move, dealer, exchanger, face_up, scores, calls)



class Chooser(ABC):
    """What every player type of this package has beside :class:`Player`'s
    methods: :meth:`choose`, a card for the seat to move in a position."""

    @abstractmethod
    def play(self, view: PlayView) -> Card:
        """The decision for ``view.seat``, from the view alone."""

    def choose(
        self, position: Position, face_up: Card | None = None, dealer: int | None = None,
        exchanger: int | None = None, auction: Sequence[Bid] = (),
    ) -> Card:
        """The card to play for the seat to move in ``position`` (a whole deal in
        play), decided from that seat's view only (:func:`view_of`). By default the
        seat knows what the position shows: its own hand and the cards played, no
        face-up card (give ``face_up`` when one was turned, so a sampling player puts
        it where the bidding sent it) and no auction (give the calls as they happened
        for a player's bidding inference to read them)."""
        return self.play(view_of(position, face_up, dealer, exchanger, auction=auction))

def _check_auction(
    calls: tuple[Bid, ...], position: Position, dealer: int, face_up: Card | None,
) -> None:
    """Raise :class:`DebertsError` unless ``calls`` (this game's bidding when it is
    one, else an auction under another system) give ``position``'s contract."""
    suit = None if face_up is None else face_up.suit
    contract, _ = calls_contract(calls, dealer, position.players, suit, position.rules)
    if contract is None or (contract.trump, contract.declarer) != (position.trump, position.declarer):
        given = "no contract" if contract is None else f"{contract.trump.name} by seat {contract.declarer}"
        raise DebertsError(f"bad auction: it gives {given}, the position is "
                           f"{position.trump.name} by seat {position.declarer}")


@dataclass
class Match:
    """A match to ``target`` points: deals until a side reaches it at the end of a
    deal (the higher side wins; a tie plays on)."""

    players: Sequence[Player]
    rules: Rules = field(default_factory=Rules)
    target: int = 301
    seed: int | None = None
    dealer: int = 0
    results: list[DealResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.players) not in (2, 3, 4):
            raise DebertsError(f"bad player count {len(self.players)}: expected 2, 3 or 4")
        if self.target not in (301, 501, 1001):
            raise DebertsError(f"bad target {self.target}: expected 301, 501 or 1001")
        self.rules.check_table(len(self.players))
        self.scores = [Fraction(0)] * len(self.players)
        self._rng = random.Random(self.seed)
        self._baits: dict[frozenset[int], int] = {}

    def teams(self) -> list[frozenset[int]]:
        """The sides that keep a score: pairs with 4 players in pairs, else seats."""
        return teams(len(self.players), self.rules)

    def team_score(self, team: frozenset[int]) -> Fraction:
        # In a pairs game both partners record their pair's total: count it once.
        return self.scores[min(team)]

    def winner(self) -> frozenset[int] | None:
        """The side that has won, once the match is over: at once by a Klabor six or
        a deberts, else by reaching the target ahead of the others."""
        if self.results and self.results[-1].game_won_by is not None:
            return self._team_of(self.results[-1].game_won_by)
        standing = sorted(self.teams(), key=self.team_score, reverse=True)
        best = self.team_score(standing[0])
        if best < self.target or len(standing) > 1 and self.team_score(standing[1]) == best:
            return None
        return standing[0]

    def play_deal(self) -> DealResult:
        """Play the next deal and update the scores and the dealer (a redeal is dealt
        again by the same dealer)."""
        carried = self.results[-1].held_over if self.results else 0
        result = self._bait_penalty(play_deal(self.players, self.dealer, self.rules, self._rng,
                                              tuple(self.scores), carried))
        for seat, gain in enumerate(result.gains):
            self.scores[seat] += gain
        self.results.append(result)
        if result.redeal_by is None:
            self.dealer = (self.dealer + 1) % len(self.players)
        return result

    def _team_of(self, seat: int) -> frozenset[int]:
        return next(team for team in self.teams() if seat in team)

    def _bait_penalty(self, result: DealResult) -> DealResult:
        """Under ``third_bait_penalty`` a side's third and every later bait costs it
        100 more (docs/rules.md 2.7)."""
        if not self.rules.third_bait_penalty or result.score is None or result.score.result != BAIT:
            return result
        assert result.record.declarer is not None
        team = self._team_of(result.record.declarer)
        self._baits[team] = self._baits.get(team, 0) + 1
        if self._baits[team] < THIRD_BAIT:
            return result
        extra = [-BAIT_PENALTY if seat in team else 0 for seat in range(len(self.players))]
        penalties = [p + e for p, e in zip(result.penalties or (0,) * len(extra), extra)]
        gains = tuple(g + e for g, e in zip(result.gains, extra))
        return replace(result, gains=gains, penalties=tuple(penalties))

    def play(self, max_deals: int = 1000) -> frozenset[int]:
        """Play deals until the match is won."""
        for _ in range(max_deals):
            self.play_deal()
            won = self.winner()
            if won is not None:
                return won
        raise DebertsError(f"no winner after {max_deals} deals")

