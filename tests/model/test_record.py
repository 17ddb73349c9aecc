"""Game records (deberts-record/1): building and checking them, what they derive,
the JSON round trip, files, and every error with its message.

Records are built by dealing and bidding as the rules do (RULES.md 2.1-2.3) and
playing random legal cards; expectations come from the rules, not from the code.
"""

from __future__ import annotations

import codecs
import io
import json
import random
import re
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts import (
    Bid,
    Card,
    CardSet,
    Deal,
    DebertsError,
    GameRecord,
    IllegalMoveError,
    RecordError,
    Rules,
    read_records,
    score,
    write_records,
)
from deberts.formats.records import dumps, loads
from deberts.model.cards import Rank, Suit
from deberts.variants.deberts.model.record import FORMAT

#: seat 0: QS AH KH QH TH AD AC JC 7C; seat 1: JS 8H TD 9D 8D 7D QC TC 8C.
#: With hearts trump seat 0 has a tertz Q-K-A and bella, seat 1 a fifty 7-8-9-10 of
#: diamonds. Not in a hand: AS KS TS 9S 8S 7S JH 9H 7H KD QD JD KC 9C.
FULL = Deal.parse("Q.AKQT.A.AJ7 J.8.T987.QT8")
#: Dealer 0, so seat 1 calls first: seat 1 passes, seat 0 plays the face-up suit.
ROUND_ONE = (Bid(1, "pass"), Bid(0, "play"))
PASSES_2P = tuple(Bid(s, "pass") for s in (1, 0, 1, 0))
#: seat 0: 9S 8S 7S AH KH AD KD AC KC (a tertz 7-8-9 of spades); seat 1: KS QS
#: (bella in spades) QH JH QD JD QC JC 9C (no run of three).
SEVENS = Deal.parse("987.AK.AK.AK KQ.QJ.QJ.QJ9")


PLAIN_POINTS = dict(zip("789TJQKA", (0, 0, 0, 10, 2, 3, 4, 11)))
TRUMP_POINTS = dict(zip("789TJQKA", (0, 0, 14, 10, 20, 3, 4, 11)))


def cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


def fill(players: int, fixed: dict[int, str], out: str = "", seed: int = 0) -> Deal:
    """A full deal where seat s holds the cards ``fixed[s]`` and no hand holds the
    cards ``out``; the other cards at random."""
    rng = random.Random(seed)
    size = 8 if players == 4 else 9
    hands = {s: sorted(cards(fixed.get(s, ""))) for s in range(players)}
    used = set().union(*hands.values()) | cards(out)
    rest = [Card(i) for i in range(32) if Card(i) not in used]
    rng.shuffle(rest)
    for s in range(players):
        while len(hands[s]) < size:
            hands[s].append(rest.pop())
    return Deal(CardSet(hands[s]) for s in range(players))


def play_randomly(
    base: dict[str, Any], rng: random.Random, count: int | None = None
) -> tuple[Card, ...]:
    """``count`` random legal cards (all of them by default) from the record's start;
    bella is announced unless the record declines it."""
    position = GameRecord(**base).start()
    total = position.players * position.tricks_total
    played: list[Card] = []
    while len(played) < (total if count is None else count):
        played.append(rng.choice(position.legal_moves()))
        position.push(played[-1], bella=not base.get("bella_declined", False))
    return tuple(played)


def random_game(
    seed: int, players: int, rules: Rules | None = None, complete: bool = True,
    exchange: bool | None = None, declined: bool | None = None,
) -> GameRecord:
    """A deal dealt, bid and played at random as the rules allow.

    The bidding is some passes then the first call that is not one (or two rounds of
    passes); with 4 players the face-up card is in the dealer's hand (or the
    declarer's under ``face_up_to=declarer``). ``complete=False``: play stops anywhere
    short of the end. ``exchange``, ``declined``: forced when possible, else at random.
    """
    rng = random.Random(seed)
    rules = rules or Rules()
    size = 8 if players == 4 else 9
    dealer = rng.randrange(players)
    order = [(dealer + 1 + i) % players for i in range(2 * players)]
    passes = rng.randint(0, 2 * players - 1 if rules.dealer_must_choose else 2 * players)
    declarer = order[passes] if passes < 2 * players else None
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    freza = None
    if players == 4:
        owner = declarer if rules.face_up_to == "declarer" and declarer is not None else dealer
        face_up = Card(rng.choice(hands[owner]))
    else:
        stock = deck[players * size:]
        face_up = Card(stock[0])
        if rng.random() < 0.5:
            freza = Card(rng.choice(stock[1:]))
    calls = [Bid(seat, "pass") for seat in order[:passes]]
    if passes < players:
        calls.append(Bid(order[passes], "play"))
    elif passes < 2 * players:
        calls.append(Bid(order[passes], rng.choice([s for s in "SHDC" if s != face_up.suit.name])))
    base: dict[str, Any] = dict(
        deal=Deal(sum(1 << c for c in hand) for hand in hands), dealer=dealer, rules=rules,
        face_up=face_up, freza=freza, bidding=tuple(calls),
    )
    if declarer is None:
        return GameRecord(**base)
    seven = Card.of(face_up.suit, Rank.SEVEN)
    may_swap = passes < players and players < 4 and any(seven in h for h in base["deal"].hands)
    base["exchange"] = may_swap and (rng.random() < 0.5 if exchange is None else exchange)
    holds_bella = GameRecord(**base).start().declarations.bella_seat is not None
    base["bella_declined"] = holds_bella and (rng.random() < 0.3 if declined is None else declined)
    total = players * size
    count = total if complete else rng.randrange(total)
    base["play"] = play_randomly(base, rng, count)
    return GameRecord(**base)


def full_play(record: GameRecord, seed: int = 0) -> GameRecord:
    """``record`` with a complete random play."""
    base = dict(deal=record.deal, dealer=record.dealer, rules=record.rules,
                face_up=record.face_up, freza=record.freza, bidding=record.bidding,
                trump=record.trump, declarer=record.declarer, exchange=record.exchange,
                bella_declined=record.bella_declined)
    return GameRecord(**base, play=play_randomly(base, random.Random(seed)))


def assert_round_trips(record: GameRecord) -> None:
    data = record.to_dict()
    assert json.loads(json.dumps(data)) == data  # plain JSON values only
    assert GameRecord.from_dict(data) == record
    assert GameRecord.from_dict(json.loads(json.dumps(data))) == record
    text = dumps([record])
    assert text.endswith("}\n") and json.loads(text) == data
    assert read_records(io.BytesIO(text.encode())) == loads(text) == [record]


# -- building records by playing ---------------------------------------------------


RULE_VARIANTS = [
    Rules(), Rules(first_lead="declarer"), Rules(dealer_must_choose=True),
    Rules(face_up_to="declarer"), Rules.preset_rules("kharkov", bella="trick_winner"),
    Rules(teams="solo", bella="both_tricks", declarations_need_trick=False),
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_complete_games(players: int, seed: int) -> None:
    rules = RULE_VARIANTS[seed % len(RULE_VARIANTS)]
    record = random_game(seed, players, rules)
    assert_round_trips(record)
    if record.thrown_in:
        assert record.to_dict()["result"] is None and record.score() is None
        return
    assert record.is_complete() and len(record.play) == players * (8 if players == 4 else 9)
    assert record.position().is_over()
    if players == 4:
        owner = record.declarer if rules.face_up_to == "declarer" else record.dealer
        assert record.face_up in record.deal.hands[owner]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_cover_both_rounds_and_thrown_in(players: int) -> None:
    """The generator (and so the round-trip tests) meets every kind of bidding."""
    rounds = {random_game(seed, players, complete=False).round for seed in range(60)}
    assert rounds == {1, 2, None}


def test_round_one_and_round_two_contracts() -> None:
    one = GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE)
    assert (one.trump, one.declarer, one.round) == (Suit.H, 0, 1)
    two = GameRecord(FULL, 0, face_up="9H", bidding=(*PASSES_2P[:3], Bid(0, "c")))
    assert (two.trump, two.declarer, two.round) == (Suit.C, 0, 2)
    for record in (one, two):
        complete = full_play(record, 3)
        assert complete.is_complete() and complete.to_dict()["result"] is not None
        assert_round_trips(complete)


def test_trump_and_declarer_given_with_the_bidding_agree() -> None:
    from_bidding = GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE)
    assert GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE, trump="H", declarer=0) == from_bidding
    given = GameRecord(FULL, 1, trump="D", declarer=1)
    assert (given.trump, given.declarer, given.leader, given.bidding) == (Suit.D, 1, 0, ())
    assert_round_trips(full_play(given))


# -- the trump-seven exchange ----------------------------------------------------------


def test_exchange_two_players() -> None:
    # Face-up KC, seat 0 holds 7C; seat 1 plays clubs in round 1.
    base = dict(deal=FULL, dealer=0, face_up="KC", bidding=(Bid(1, "play"),))
    record = GameRecord(**base, exchange=True)
    assert (record.trump, record.declarer, record.round, record.exchanger) == (Suit.C, 1, 1, 0)
    assert record.deal == FULL  # the hands as dealt
    hands = record.position().deal.hands
    assert Card.parse("KC") in hands[0] and all(Card.parse("7C") not in h for h in hands)
    assert hands[0] == FULL.hands[0] - Card.parse("7C").mask | Card.parse("KC").mask
    assert hands[1] == FULL.hands[1]
    data = record.to_dict()
    assert data["exchange"] == {"seat": 0, "seven": "7C", "face_up": "KC"}
    assert data["hands"] == ["Q.AKQT.A.AJ7", "J.8.T987.QT8"]
    assert_round_trips(full_play(record, 5))
    # Without the exchange the seven stays where it was dealt.
    kept = GameRecord(**base)
    assert kept.exchanger is None and kept.to_dict()["exchange"] is None
    assert kept.position().deal == FULL
    assert_round_trips(full_play(kept, 5))


def test_exchange_three_players_can_make_bella() -> None:
    # Seat 2 holds 7D and QD; the face-up KD makes it K-Q of trumps after the swap.
    deal = fill(3, {2: "7D QD"}, out="KD 9S", seed=4)
    base = dict(deal=deal, dealer=1, face_up="KD", freza="9S",
                bidding=(Bid(2, "pass"), Bid(0, "play")))
    record = GameRecord(**base, exchange=True)
    assert (record.declarer, record.exchanger, record.leader) == (0, 2, 2)
    start = record.start()
    assert Card.parse("KD") in start.deal.hands[2] and all(Card.parse("7D") not in h for h in start.deal.hands)
    assert start.declarations.bella_seat == 2
    assert record.to_dict()["bella"] == {"seat": 2, "declined": False}
    assert record.to_dict()["exchange"] == {"seat": 2, "seven": "7D", "face_up": "KD"}
    assert GameRecord(**base).to_dict()["bella"] is None  # no bella as dealt
    assert_round_trips(full_play(record, 1))
    # Declining the bella the swap made is allowed, refused without the swap.
    declined = GameRecord(**base, exchange=True, bella_declined=True)
    assert_round_trips(full_play(declined, 2))
    with pytest.raises(RecordError, match="^bad record: bella is declined, but nobody holds it$"):
        GameRecord(**base, bella_declined=True)


def test_exchange_can_break_a_tertz() -> None:
    # Seat 0 holds 7S 8S 9S; swapping 7S for the face-up AS leaves 8S 9S AS.
    base = dict(deal=SEVENS, dealer=1, face_up="AS", bidding=(Bid(0, "play"),))
    kept, swapped = GameRecord(**base), GameRecord(**base, exchange=True)
    (tertz,) = kept.to_dict()["declarations"]
    assert (tertz["seat"], tertz["kind"], set(tertz["cards"]), tertz["points"]) == (
        0, "tertz", {"7S", "8S", "9S"}, 20)
    assert tertz["scores"] is True
    assert swapped.to_dict()["declarations"] == []
    assert swapped.start().declarations.declarations == ()


# -- bella ------------------------------------------------------------------------------


def bella_plays(record: GameRecord) -> list[Card]:
    return [p.card for p in record.position().stack if p.bella]


@pytest.mark.parametrize("seed", range(4))
def test_bella_declined(seed: int) -> None:
    # Seat 1 (a defender) holds KS QS with spades trump; bella scores for its owner.
    base = dict(deal=SEVENS, dealer=1, face_up="AS", bidding=(Bid(0, "play"),))
    announced = full_play(GameRecord(**base), seed)
    declined = GameRecord(**base, bella_declined=True, play=announced.play)
    # Announced when the first of K and Q is played, once; never when declined.
    first = next(c for c in announced.play if c in cards("KS QS"))
    assert bella_plays(announced) == [first] and bella_plays(declined) == []
    assert announced.to_dict()["bella"] == {"seat": 1, "declined": False}
    assert declined.to_dict()["bella"] == {"seat": 1, "declined": True}
    a, d = announced.to_dict()["result"], declined.to_dict()["result"]
    assert a["defender_points"] - d["defender_points"] == 20
    assert a["declarer_points"] == d["declarer_points"]
    assert a["totals"][1] - d["totals"][1] == 20
    assert_round_trips(declined)


def test_bella_declined_needs_a_bella() -> None:
    # With spades trump nobody in FULL holds K and Q of trumps.
    with pytest.raises(RecordError, match="^bad record: bella is declined, but nobody holds it$"):
        GameRecord(FULL, 0, trump="S", declarer=0, bella_declined=True)
    assert GameRecord(FULL, 0, trump="S", declarer=0).to_dict()["bella"] is None


# -- thrown in -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thrown_in(players: int) -> None:
    deal = Deal.random(players, seed=players)
    dealer = players - 1
    face_up = next(iter(deal.hands[dealer])) if players == 4 else next(
        Card(i) for i in range(32) if all(Card(i) not in h for h in deal.hands))
    calls = tuple(Bid((dealer + 1 + i) % players, "pass") for i in range(2 * players))
    record = GameRecord(deal, dealer, face_up=face_up, bidding=calls)
    assert record.thrown_in and record.trump is None and record.declarer is None
    assert record.leader is None and record.round is None and record.exchanger is None
    assert not record.is_complete() and record.score() is None
    data = record.to_dict()
    for name in ("trump", "declarer", "leader", "exchange", "bella", "result"):
        assert data[name] is None, name
    assert data["play"] == [] and data["declarations"] == []
    with pytest.raises(DebertsError, match="^the cards were thrown in: there is no play$"):
        record.start()
    assert_round_trips(record)
    data["play"] = None  # the README writes a thrown-in play as null
    assert GameRecord.from_dict(data) == record


def test_thrown_in_four_players_face_up_still_goes_to_the_dealer() -> None:
    deal = Deal.random(4, seed=8)
    card = next(iter(deal.hands[2]))
    calls = tuple(Bid(s, "pass") for s in (1, 2, 3, 0) * 2)
    with pytest.raises(RecordError, match=r"goes to the dealer \(seat 0\) .* but seat 2 holds it$"):
        GameRecord(deal, 0, face_up=card, bidding=calls)
    # Under face_up_to=declarer there is no declarer to receive it: nothing to check.
    GameRecord(deal, 0, face_up=card, bidding=calls, rules=Rules(face_up_to="declarer"))


# -- four players ------------------------------------------------------------------------


def test_four_players_face_up_goes_to_the_dealer_or_declarer() -> None:
    deal = Deal.random(4, seed=3)
    card = next(iter(deal.hands[2]))
    # Dealer 2: seat 3 calls first and plays; the face-up card is in the dealer's hand.
    record = GameRecord(deal, 2, face_up=card, bidding=(Bid(3, "play"),))
    assert (record.trump, record.declarer, record.leader, record.round) == (card.suit, 3, 3, 1)
    assert record.exchanger is None
    assert_round_trips(full_play(record))
    with pytest.raises(RecordError, match=(
            r"^bad face-up card {0}: it goes to the dealer \(seat 1\) under "
            r"face_up_to=dealer, but seat 2 holds it$").format(card)):
        GameRecord(deal, 1, face_up=card, bidding=(Bid(2, "pass"), Bid(3, "play")))
    rules = Rules(face_up_to="declarer")
    to_declarer = GameRecord(deal, 1, face_up=card, bidding=(Bid(2, "play"),), rules=rules)
    assert to_declarer.declarer == 2 and to_declarer.leader == 2
    assert_round_trips(full_play(to_declarer))
    with pytest.raises(RecordError, match=(
            r"^bad face-up card {0}: it goes to the declarer \(seat 3\) under "
            r"face_up_to=declarer, but seat 2 holds it$").format(card)):
        GameRecord(deal, 2, face_up=card, bidding=(Bid(3, "play"),), rules=rules)


# -- derived fields --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_leader_is_the_eldest_or_the_declarer(players: int) -> None:
    deal = Deal.random(players, seed=11)
    for dealer in range(players):
        for declarer in range(players):
            eldest = GameRecord(deal, dealer, trump="S", declarer=declarer)
            assert eldest.leader == (dealer + 1) % players == eldest.start().leader
            assert eldest.to_dict()["leader"] == (dealer + 1) % players
            by_declarer = GameRecord(deal, dealer, trump="S", declarer=declarer,
                                     rules=Rules(first_lead="declarer"))
            assert by_declarer.leader == declarer == by_declarer.start().leader
            assert by_declarer.to_dict()["leader"] == declarer


def test_leader_after_a_bidding() -> None:
    eldest = GameRecord(FULL, 1, face_up="9H", bidding=(Bid(0, "pass"), Bid(1, "play")))
    assert (eldest.declarer, eldest.leader) == (1, 0)
    by_declarer = GameRecord(FULL, 1, face_up="9H", bidding=(Bid(0, "pass"), Bid(1, "play")),
                             rules=Rules(first_lead="declarer"))
    assert (by_declarer.declarer, by_declarer.leader) == (1, 1)


def test_derived_fields_of_a_known_deal() -> None:
    record = full_play(GameRecord(FULL, 0, face_up="9H", freza="KS", bidding=ROUND_ONE), 1)
    data = record.to_dict()
    assert list(data) == ["format", "players", "rules", "dealer", "hands", "face_up", "freza",
                          "bidding", "trump", "declarer", "leader", "exchange", "declarations",
                          "bella", "play", "result"]
    assert (data["format"], data["players"], data["dealer"]) == (FORMAT, 2, 0)
    assert (data["face_up"], data["freza"], data["trump"], data["declarer"]) == ("9H", "KS", "H", 0)
    assert data["bidding"] == [{"seat": 1, "bid": "pass"}, {"seat": 0, "bid": "play"}]
    assert data["leader"] == 1 and data["exchange"] is None
    assert data["rules"] == Rules().to_dict()
    assert data["bella"] == {"seat": 0, "declined": False}
    # The fifty beats the tertz: only seat 1's side scores declarations.
    assert [(d["seat"], d["kind"], set(d["cards"]), d["points"], d["scores"])
            for d in data["declarations"]] == [
        (0, "tertz", {"QH", "KH", "AH"}, 20, False), (1, "fifty", {"7D", "8D", "9D", "TD"}, 50, True)]
    assert data["play"] == [str(c) for c in record.play] and len(data["play"]) == 18


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_declarations_match_the_position(players: int, seed: int) -> None:
    record = random_game(seed + 100, players, complete=False)
    if record.thrown_in:
        return
    outcome = record.start().declarations
    assert outcome == record.position().declarations
    assert record.to_dict()["declarations"] == [
        {"seat": d.seat, "kind": {3: "tertz", 4: "fifty"}[len(d.cards)],
         "cards": [str(c) for c in d.cards], "points": {3: 20, 4: 50}[len(d.cards)],
         "scores": d.seat in outcome.team}
        for d in outcome.declarations
    ]
    bella = record.to_dict()["bella"]
    assert (bella is None) == (outcome.bella_seat is None)
    if bella is not None:
        assert bella == {"seat": outcome.bella_seat, "declined": record.bella_declined}
        trump_kq = {Card.of(record.trump, Rank.KING), Card.of(record.trump, Rank.QUEEN)}
        assert trump_kq <= set(record.deal_in_play().hands[bella["seat"]])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_result_present_exactly_when_complete(players: int) -> None:
    seed = next(s for s in range(100) if not random_game(s, players).thrown_in)
    record = random_game(seed, players)
    base = dict(deal=record.deal, dealer=record.dealer, face_up=record.face_up,
                bidding=record.bidding, exchange=record.exchange,
                bella_declined=record.bella_declined)
    total = len(record.play)
    for count in (0, 1, players, total // 2, total - 1, total):
        part = GameRecord(**base, play=record.play[:count])
        result = part.to_dict()["result"]
        assert part.is_complete() == (count == total) == (result is not None)
        assert (part.score() is None) == (result is None)
        assert_round_trips(part)
    final = score(record.position())
    result = record.to_dict()["result"]
    assert result == {
        "declarer_points": final.declarer_points, "defender_points": final.defender_points,
        "margin": final.margin, "result": final.result, "totals": list(final.totals),
        "held_over": final.held_over,
    }
    # The figures agree with each other as RULES.md 2.6 says.
    side = {record.declarer, (record.declarer + 2) % 4} if players == 4 else {record.declarer}
    assert result["declarer_points"] == sum(result["totals"][s] for s in side)
    assert result["defender_points"] == sum(t for s, t in enumerate(result["totals"]) if s not in side)
    assert result["margin"] == result["declarer_points"] - result["defender_points"]
    sign = (result["margin"] > 0) - (result["margin"] < 0)
    assert result["result"] == {1: "made", -1: "bait", 0: "hanging"}[sign]
    assert result["held_over"] == (result["declarer_points"] if sign == 0 else 0)
    # Card points of every card in play (RULES.md section 1) and the last trick, plus
    # whatever declarations and bella scored.
    in_play = [c for hand in record.deal_in_play().hands for c in hand]
    cards_and_last = 10 + sum(
        (TRUMP_POINTS if c.suit == record.trump else PLAIN_POINTS)["789TJQKA"[c.rank]]
        for c in in_play)
    assert sum(result["totals"]) == cards_and_last + sum(final.declarations) + sum(final.bella)
    if players == 4:
        assert cards_and_last == 162


# -- construction errors ----------------------------------------------------------------


DEAL4 = Deal.random(4, seed=9)
CARD4 = next(iter(DEAL4.hands[0]))  # in the dealer's hand when seat 0 deals

BAD_RECORDS: list[tuple[dict[str, Any], type, str]] = [
    (dict(deal=Deal.parse("A... K..."), dealer=0, trump="H", declarer=0), RecordError,
     r"^bad hands: a record holds a whole deal, 1 cards a hand is an endgame$"),
    (dict(deal=Deal.parse("AKQ.AKQ.. JT9.JT9.."), dealer=0, trump="H", declarer=0), RecordError,
     r"^bad hands: a record holds a whole deal, 6 cards a hand is an endgame$"),
    (dict(dealer=2, trump="H", declarer=0), RecordError,
     r"^bad dealer 2: seat must be 0\.\.1 with 2 players$"),
    (dict(dealer=-1, trump="H", declarer=0), RecordError, r"^bad dealer -1: seat must be 0\.\.1"),
    (dict(deal=DEAL4, dealer=4, trump="H", declarer=0), RecordError,
     r"^bad dealer 4: seat must be 0\.\.3 with 4 players$"),
    (dict(dealer=0, face_up="AH", trump="H", declarer=0), DebertsError,
     r"^bad face-up card AH: it is in seat 0's hand, but with 2 players it lies face up on the table$"),
    (dict(deal=fill(3, {1: "AH"}), dealer=0, face_up="AH", trump="H", declarer=0), DebertsError,
     r"^bad face-up card AH: it is in seat 1's hand, but with 3 players it lies face up"),
    (dict(dealer=0, face_up="9H", freza="AH", trump="H", declarer=0), RecordError,
     r"^bad freza AH: it is in seat 0's hand, not in the stock$"),
    (dict(dealer=0, face_up="9H", freza="9H", trump="H", declarer=0), RecordError,
     r"^bad freza 9H: it is the face-up card, not in the stock$"),
    (dict(deal=DEAL4, dealer=0, face_up=CARD4, freza=next(iter(DEAL4.hands[1])),
          bidding=(Bid(1, "play"),)), RecordError,
     r"^bad freza \w\w: with 4 players the whole deck is dealt$"),
    (dict(dealer=0, bidding=ROUND_ONE), RecordError, r"^bad record: a bidding needs the face-up card$"),
    (dict(dealer=0, face_up="9H", bidding=ROUND_ONE, trump="S"), RecordError,
     r"^bad field 'trump': recorded S, the bidding gives H$"),
    (dict(dealer=0, face_up="9H", bidding=ROUND_ONE, declarer=1), RecordError,
     r"^bad field 'declarer': recorded 1, the bidding gives 0$"),
    (dict(dealer=0, trump="H"), RecordError,
     r"^bad record: without a bidding, trump and declarer are needed$"),
    (dict(dealer=0, declarer=0), RecordError,
     r"^bad record: without a bidding, trump and declarer are needed$"),
    (dict(dealer=0, trump="H", declarer=3), RecordError, r"^bad declarer 3: seat must be 0\.\.1"),
    (dict(dealer=0, face_up="9H", bidding=ROUND_ONE[:1]), DebertsError,
     r"^the bidding is not finished: seat 0 is to call in round 1$"),
    (dict(dealer=0, face_up="9H", bidding=(Bid(0, "play"),)), DebertsError,
     r"^bid 1: seat 0 calls out of turn, seat 1 was to call$"),
    (dict(dealer=0, face_up="KC", bidding=(*PASSES_2P[:2], Bid(1, "C"))), DebertsError,
     r"^bid 3 \(seat 1\): 'C' is not a round-2 call"),
    # Thrown in: nothing can follow two rounds of passes.
    (dict(dealer=0, face_up="9H", bidding=PASSES_2P, play=("JS",)), RecordError,
     r"^bad record: everyone passed twice, so there is no play or exchange$"),
    (dict(dealer=0, face_up="9H", bidding=PASSES_2P, trump="H"), RecordError,
     r"^bad record: everyone passed twice, so there is no trump or declarer$"),
    (dict(dealer=0, face_up="9H", bidding=PASSES_2P, declarer=0), RecordError,
     r"^bad record: everyone passed twice, so there is no trump or declarer$"),
    (dict(dealer=0, face_up="KC", bidding=PASSES_2P, exchange=True), RecordError,
     r"^bad record: everyone passed twice, so there is no play or exchange$"),
    (dict(dealer=0, face_up="9H", bidding=PASSES_2P, bella_declined=True), RecordError,
     r"^bad record: everyone passed twice, so no bella is declined$"),
    # The exchange: round 1 only, 2 or 3 players only, and someone must hold the seven.
    (dict(dealer=0, face_up="KC", bidding=(*PASSES_2P[:2], Bid(1, "S")), exchange=True),
     RecordError, r"^bad exchange: the seven of trumps is swapped only for the face-up card, "
     r"in a game ordered on it \(round 1\) with 2 or 3 players$"),
    (dict(dealer=0, face_up="KS", trump="C", declarer=0, exchange=True), RecordError,
     r"^bad exchange: .* \(round 1\) with 2 or 3 players$"),
    (dict(dealer=0, trump="C", declarer=0, exchange=True), RecordError,
     r"^bad exchange: the seven of trumps is swapped only for the face-up card"),
    (dict(deal=DEAL4, dealer=0, face_up=CARD4, bidding=(Bid(1, "play"),), exchange=True),
     RecordError, r"^bad exchange: .* with 2 or 3 players$"),
    (dict(dealer=0, face_up="9H", bidding=ROUND_ONE, exchange=True), RecordError,
     r"^bad exchange: nobody holds 7H to swap for 9H$"),
    # Bella declined without a bella.
    (dict(dealer=0, face_up="KS", bidding=ROUND_ONE, bella_declined=True), RecordError,
     r"^bad record: bella is declined, but nobody holds it$"),
    # Cards that may not be played, named by their place in the play and their player.
    (dict(dealer=0, trump="H", declarer=0, play=("AH",)), IllegalMoveError,
     r"^played card 1 \(seat 1\): card AH: seat 1 does not hold it$"),
    (dict(dealer=0, trump="H", declarer=0, play=("7D", "AH")), IllegalMoveError,
     r"^played card 2 \(seat 0\): card AH: illegal for seat 0 here, legal are AD$"),
    (dict(dealer=0, trump="H", declarer=0, play=("JS", "7C")), IllegalMoveError,
     r"^played card 2 \(seat 0\): card 7C: illegal for seat 0 here, legal are QS$"),
    (dict(dealer=0, trump="H", declarer=0, play=("7D", "AD", "AC", "JS")), IllegalMoveError,
     r"^played card 4 \(seat 1\): card JS: illegal for seat 1 here, legal are"),
    (dict(dealer=0, face_up="KC", bidding=(Bid(1, "play"),), exchange=True, play=("8C", "7C")),
     IllegalMoveError, r"^played card 2 \(seat 0\): card 7C: seat 0 does not hold it$"),
]


@pytest.mark.parametrize("kwargs, error, pattern", BAD_RECORDS)
def test_inconsistent_records(kwargs: dict[str, Any], error: type, pattern: str) -> None:
    kwargs = {"deal": FULL, **kwargs}
    with pytest.raises(error, match=pattern):
        GameRecord(**kwargs)


def test_illegal_card_lists_what_was_legal() -> None:
    # Seat 0 won 7D with AD and leads AC; seat 1 holds QC TC 8C and must follow.
    with pytest.raises(IllegalMoveError) as caught:
        GameRecord(FULL, 0, trump="H", declarer=0, play="7D AD AC JS")
    assert set(str(caught.value).split("legal are ")[1].split()) == {"QC", "TC", "8C"}


def test_a_card_after_the_last_trick() -> None:
    complete = full_play(GameRecord(FULL, 0, trump="H", declarer=0))
    with pytest.raises(IllegalMoveError, match=r"^played card 19 \(seat \d\): card \w\w: the deal is over$"):
        GameRecord(FULL, 0, trump="H", declarer=0, play=(*complete.play, complete.play[0]))


# -- from_dict errors ----------------------------------------------------------------------


def good_dict() -> dict[str, Any]:
    """A complete 2-player record: seat 1's fifty scores, seat 0 has bella."""
    return full_play(GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE), 4).to_dict()


def exchange_dict() -> dict[str, Any]:
    return GameRecord(FULL, 0, face_up="KC", bidding=(Bid(1, "play"),), exchange=True).to_dict()


Change = Callable[[dict[str, Any]], object]

BAD_OBJECTS: list[tuple[Change, str]] = [
    (lambda d: d.update(format="deberts-record/0"),
     r"^bad field 'format': expected 'deberts-record/1', got 'deberts-record/0'$"),
    (lambda d: d.update(format=1), r"^bad field 'format': expected 'deberts-record/1', got 1$"),
    (lambda d: d.pop("format"), r"^missing field 'format'$"),
    (lambda d: d.pop("dealer"), r"^missing field 'dealer'$"),
    (lambda d: d.pop("hands"), r"^missing field 'hands'$"),
    (lambda d: d.update(colour="red"), r"^unknown field 'colour': expected fields format players rules"),
    (lambda d: d.update(hands="Q.AKQT.A.AJ7 J.8.T987.QT8"),
     r"^bad field 'hands': expected a list of hand strings, got string"),
    (lambda d: d.update(hands={"0": "Q.AKQT.A.AJ7"}), r"^bad field 'hands': expected a list of hand strings"),
    (lambda d: d.update(hands=["Q.AKQT.A.AJ7", 5]), r"^bad field 'hands': expected a list of hand strings$"),
    (lambda d: d.update(dealer="0"), r"^bad field 'dealer': expected a seat number, got string \"0\"$"),
    (lambda d: d.update(dealer=True), r"^bad field 'dealer': expected a seat number, got boolean true$"),
    (lambda d: d.update(dealer=0.0), r"^bad field 'dealer': expected a seat number, got number 0\.0$"),
    (lambda d: d.update(dealer=None), r"^bad field 'dealer': expected a seat number, got null"),
    (lambda d: d.update(dealer=5), r"^bad dealer 5: seat must be 0\.\.1 with 2 players$"),
    (lambda d: d.update(players=3), r"^bad field 'players': 3, but there are 2 hands$"),
    (lambda d: d.update(players="2"), r"^bad field 'players': expected 2, 3 or 4, got string"),
    (lambda d: d.update(rules=[]), r"^bad field 'rules': expected an object, got array"),
    (lambda d: d.update(rules={"bella": "never"}), r"^bad value 'never' for rule option 'bella'"),
    (lambda d: d.update(face_up=9), r"^bad field 'face_up': expected a card such as JH, got number 9$"),
    (lambda d: d.update(freza=["KS"]), r"^bad field 'freza': expected a card such as JH, got array"),
    (lambda d: d.update(trump=1), r"^bad field 'trump': expected a suit letter, got number 1$"),
    (lambda d: d.update(declarer="0"), r"^bad field 'declarer': expected a seat number, got string"),
    # The bidding: a list of {"seat", "bid"} objects.
    (lambda d: d.update(bidding="pass play"), r"^bad field 'bidding': expected a list of"),
    (lambda d: d.update(bidding={}), r"^bad field 'bidding': expected a list of"),
    (lambda d: d.update(bidding=0), r"^bad field 'bidding': expected a list of"),
    (lambda d: d.update(bidding=["pass", "play"]), r"^bad bid 1: expected a JSON object, got string \"pass\"$"),
    (lambda d: d.update(bidding=[{"seat": 1, "bid": "pass"}, [0, "play"]]),
     r"^bad bid 2: expected a JSON object, got array"),
    (lambda d: d.update(bidding=[{"seat": 1}]), r"^missing field 'bid'$"),
    (lambda d: d.update(bidding=[{"bid": "play"}]), r"^missing field 'seat'$"),
    (lambda d: d.update(bidding=[{"seat": 1, "bid": "play", "round": 1}]),
     r"^unknown field 'round': expected fields seat bid$"),
    (lambda d: d.update(bidding=[{"seat": "1", "bid": "play"}]),
     r"^bad field 'seat': expected a seat number, got string \"1\"$"),
    (lambda d: d.update(bidding=[{"seat": 1, "bid": 3}]), r"^bad field 'bid': expected a call, got number 3$"),
    (lambda d: d.update(bidding=[{"seat": 1, "bid": "double"}]), r"^bad bid 'double'"),
    (lambda d: d.update(bidding=[{"seat": 1, "bid": "pass"}]),
     r"^the bidding is not finished: seat 0 is to call in round 1$"),
    # The play: a list of card strings (or one string).
    (lambda d: d.update(play=[1, 2]), r"^bad field 'play': expected a list of card strings$"),
    (lambda d: d.update(play=0), r"^bad field 'play': expected a list of card strings$"),
    (lambda d: d.update(play={}), r"^bad field 'play': expected a list of card strings$"),
    (lambda d: d.update(play=d["play"][:1] + ["XX"]), r"^bad card 'XX'"),
    (lambda d: d.update(play=["AH"]), r"^played card 1 \(seat 1\): card AH: seat 1 does not hold it$"),
    # bella: an object with an optional boolean 'declined'.
    (lambda d: d.update(bella=True), r"^bad field 'bella': expected a JSON object, got boolean true$"),
    (lambda d: d.update(bella={"seat": 0, "declined": "no"}), r"^bad field 'bella': 'declined' must be true or false$"),
    (lambda d: d.update(bella={"seat": 0, "who": 1}), r"^unknown field 'who': expected fields seat declined$"),
    # Tampered derived fields, each named.
    (lambda d: d["result"].update(margin=d["result"]["margin"] + 2), r"^bad field 'result': recorded \{"),
    (lambda d: d["result"].update(result="bait" if d["result"]["result"] != "bait" else "made"),
     r"^bad field 'result': recorded"),
    (lambda d: d["result"]["totals"].reverse(), r"^bad field 'result': recorded"),
    (lambda d: d.update(leader=0), r"^bad field 'leader': recorded 0, the deal gives 1$"),
    (lambda d: d["declarations"].pop(), r"^bad field 'declarations': recorded \["),
    (lambda d: d["declarations"][0].update(scores=True), r"^bad field 'declarations'"),
    (lambda d: d["declarations"][1].update(points=20), r"^bad field 'declarations'"),
    (lambda d: d.update(declarations=[]), r"^bad field 'declarations': recorded \[\], the deal gives \["),
    (lambda d: d.update(bella={"seat": 1, "declined": False}), r"^bad field 'bella': recorded"),
    # An exchange object where nobody could swap.
    (lambda d: d.update(exchange={"seat": 1, "seven": "7H", "face_up": "9H"}),
     r"^bad exchange: nobody holds 7H to swap for 9H$"),
]


@pytest.mark.parametrize("change, pattern", BAD_OBJECTS)
def test_bad_record_objects(change: Change, pattern: str) -> None:
    data = good_dict()
    GameRecord.from_dict(json.loads(json.dumps(data)))  # fine before the change
    change(data)
    with pytest.raises(DebertsError, match=pattern):
        GameRecord.from_dict(data)


def test_tampered_derived_fields_raise_record_error() -> None:
    for change in (lambda d: d["result"].update(margin=0), lambda d: d.update(leader=0),
                   lambda d: d["declarations"].reverse()):
        data = good_dict()
        change(data)
        with pytest.raises(RecordError):
            GameRecord.from_dict(data)


def test_bad_exchange_objects() -> None:
    GameRecord.from_dict(exchange_dict())
    for key, value in (("seat", 1), ("seven", "7S"), ("face_up", "AC")):
        data = exchange_dict()
        data["exchange"][key] = value
        with pytest.raises(RecordError, match=r"^bad field 'exchange': recorded \{"):
            GameRecord.from_dict(data)


def test_not_an_object() -> None:
    for value, shown in (([], r"array \[\]"), ("x", 'string "x"'), (3, "number 3")):
        with pytest.raises(RecordError, match=rf"^bad game record: expected a JSON object, got {shown}$"):
            GameRecord.from_dict(value)


def test_readers_may_leave_out_what_follows() -> None:
    data = good_dict()
    for name in ("players", "leader", "declarations", "bella", "result", "exchange", "trump",
                 "declarer", "freza", "rules"):
        data.pop(name)
    data["play"] = " ".join(data["play"])
    assert GameRecord.from_dict(data).to_dict() == good_dict()
    # A derived object may leave out keys; the ones it has must agree.
    data = good_dict()
    data["result"] = {"margin": data["result"]["margin"]}
    data["bella"] = {"declined": False}
    data["declarations"] = good_dict()["declarations"]
    assert GameRecord.from_dict(data).to_dict() == good_dict()


# -- JSON text and files ---------------------------------------------------------------------


def some_records() -> list[GameRecord]:
    return [random_game(seed, 2 + seed % 3, complete=seed % 2 == 0) for seed in range(7)]


def test_write_several_records_as_json_lines(tmp_path: Path) -> None:
    records = some_records()
    out = io.StringIO()
    write_records(records, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == len(records) and out.getvalue().endswith("\n")
    assert [json.loads(line) for line in lines] == [r.to_dict() for r in records]
    assert read_records(io.BytesIO(out.getvalue().encode())) == records
    for path in (tmp_path / "deals.jsonl", str(tmp_path / "again.jsonl")):
        write_records(iter(records), path)
        assert Path(path).read_text(encoding="utf-8") == out.getvalue()
        assert read_records(path) == records


def test_write_one_record_as_a_document(tmp_path: Path) -> None:
    record = full_play(GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE))
    path = tmp_path / "deal.json"
    write_records([record], path)
    text = path.read_text(encoding="utf-8")
    assert text == dumps([record]) and text.startswith("{\n  \"format\": ")
    assert len(text.splitlines()) > 10 and json.loads(text) == record.to_dict()
    assert read_records(path) == read_records(str(path)) == [record]
    # Lists of cards and short objects stay on one line.
    assert '  "play": ["' in text and '"bidding": [{"seat": 1, "bid": "pass"}, ' in text


def test_reading_tolerates_bom_crlf_and_blank_lines(tmp_path: Path) -> None:
    records = some_records()[:3]
    lines = [json.dumps(r.to_dict()) for r in records]
    data = codecs.BOM_UTF8 + ("\r\n\r\n".join(lines) + "\r\n\n").encode()
    assert read_records(io.BytesIO(data)) == records
    path = tmp_path / "bom.json"
    path.write_bytes(codecs.BOM_UTF8 + dumps([records[0]]).encode())
    assert read_records(path) == records[:1]


def test_bad_files() -> None:
    good = json.dumps(good_dict())
    lines = good + "\n" + '{"format": "deberts-record/1"}\n'
    with pytest.raises(RecordError, match=r"^line 2: missing field 'dealer'$"):
        read_records(io.BytesIO(lines.encode()))
    with pytest.raises(RecordError, match=r"^line 2: bad JSON: "):
        read_records(io.BytesIO((good + "\n{oops}\n" + good + "\n").encode()))
    with pytest.raises(DebertsError, match=r"^line 2: played card 1 \(seat 1\): card AH"):
        bad = dict(good_dict(), play=["AH"])
        read_records(io.BytesIO((good + "\n" + json.dumps(bad) + "\n").encode()))
    # Line numbers count blank lines too.
    with pytest.raises(RecordError, match=r"^line 3: unknown field 'x'"):
        read_records(io.BytesIO((good + "\n\n" + json.dumps(dict(good_dict(), x=1)) + "\n").encode()))
    # A bad last line with no line break may be a write cut short: the error says so.
    with pytest.raises(RecordError, match=r"^line 3: cut short \(no line break at its end\): "
                                          r"unknown field 'x'"):
        read_records(io.BytesIO((good + "\n\n" + json.dumps(dict(good_dict(), x=1))).encode()))
    with pytest.raises(RecordError, match=r"^line 2: bad text: not UTF-8"):
        read_records(io.BytesIO(good.encode() + b"\n{\xff}\n"))
    with pytest.raises(RecordError, match=r"^blank file: expected a JSON object$"):
        read_records(io.BytesIO(b"  \n\n"))
    with pytest.raises(RecordError, match=r"^blank file: expected a JSON object$"):
        read_records(io.BytesIO(b""))
    with pytest.raises(RecordError, match=r"^bad text: not UTF-8 \(invalid start byte at byte 0\)$"):
        read_records(io.BytesIO(b"\xff\xfe{"))
    with pytest.raises(RecordError, match=r"^bad JSON: "):
        read_records(io.BytesIO(b"{\n  oops\n"))
    with pytest.raises(RecordError, match=r"^bad game record: expected a JSON object, got array"):
        read_records(io.BytesIO(b"[]"))


def test_bad_file_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(good_dict()) + "\n" + json.dumps(dict(good_dict(), leader=0)) + "\n")
    with pytest.raises(RecordError, match=re.escape("line 2: bad field 'leader': recorded 0")):
        read_records(path)


# -- property: any record round-trips --------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(2, 4),
    rules=st.sampled_from(RULE_VARIANTS),
    complete=st.booleans(),
    exchange=st.sampled_from([True, False, None]),
)
def test_any_record_round_trips(
    seed: int, players: int, rules: Rules, complete: bool, exchange: bool | None
) -> None:
    record = random_game(seed, players, rules, complete=complete, exchange=exchange)
    assert_round_trips(record)
    data = record.to_dict()
    assert (data["result"] is not None) == record.is_complete()
    if not record.thrown_in:
        assert data["leader"] == (record.declarer if rules.first_lead == "declarer"
                                  else (record.dealer + 1) % players)
    if record.exchange:
        seat = data["exchange"]["seat"]
        hands = record.position().deal.hands
        assert record.face_up in hands[seat] and record.exchanger == seat
        assert all(Card.of(record.face_up.suit, Rank.SEVEN) not in h for h in hands)


def test_exchange_may_be_written_as_true_or_false() -> None:
    swapped = GameRecord(FULL, 0, face_up="KC", bidding=(Bid(1, "play"),), exchange=True)
    data = swapped.to_dict()
    assert GameRecord.from_dict({**data, "exchange": True}) == swapped
    kept = GameRecord.from_dict({**data, "exchange": False})
    assert not kept.exchange and kept.deal_in_play() == FULL
    with pytest.raises(RecordError, match=r"bad field 'exchange': expected an object, true, false or null, got number 1"):
        GameRecord.from_dict({**data, "exchange": 1})


def test_a_call_must_be_text() -> None:
    with pytest.raises(DebertsError, match=r"bad bid 5: expected play, pass or a suit"):
        Bid(0, 5)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"got null$"):
        GameRecord.from_dict({**good_dict(), "dealer": None, "hands": None})


# -- who sat where ---------------------------------------------------------------------


def test_seats_name_who_sat_where() -> None:
    record = GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE, seats=["you", "pimc"])
    data = record.to_dict()
    assert data["seats"] == ["you", "pimc"] and GameRecord.from_dict(data) == record
    assert "seats" not in GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE).to_dict()
    with pytest.raises(RecordError, match=r"^bad seats: 3 names for 2 seats$"):
        GameRecord.from_dict({**data, "seats": ["a", "b", "c"]})
    with pytest.raises(RecordError, match=r"^bad field 'seats': expected a list of names, got string \"ab\"$"):
        GameRecord.from_dict({**data, "seats": "ab"})


def test_arena_records_say_which_player_type_sat_where() -> None:
    from deberts.variants.deberts.play.arena import play_match

    outcome = play_match(("heuristic", "random"), 3, frozenset({1}), 5, Rules(), 301)
    for data in outcome.records:
        assert data["seats"] == ["random", "heuristic", "random"]
        assert GameRecord.from_dict(data).seats == ("random", "heuristic", "random")
