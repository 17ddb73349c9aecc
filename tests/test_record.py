"""Game records: building and checking them, the JSON round trip, files, errors."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deberts import (
    Bid, Card, DebertsError, Deal, GameRecord, IllegalMoveError, RecordError, Rules,
    read_records, score, write_records,
)
from deberts.cards import Rank
from deberts.record import FORMAT, dumps

#: A full 2-player deal: seat 0 holds 7C, bella in hearts, and tertz A-K-Q of hearts.
FULL = Deal.parse("Q.AKQT.A.AJ7 J.8.T987.QT8")
ROUND_ONE = (Bid(1, "pass"), Bid(0, "play"))


def random_setting(rng: random.Random, players: int) -> dict:
    """A random full deal with its dealer and face-up card, as the rules deal them."""
    deck = list(range(32))
    rng.shuffle(deck)
    size = 8 if players == 4 else 9
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    dealer = rng.randrange(players)
    if players == 4:
        face_up = Card(rng.choice(hands[dealer]))
    else:
        face_up = Card(deck[players * size])
    deal = Deal(sum(1 << c for c in hand) for hand in hands)
    return dict(deal=deal, dealer=dealer, face_up=face_up)


def random_bidding(rng: random.Random, players: int, dealer: int, face_up: Card) -> tuple[Bid, ...]:
    """Passes, then play (round 1) or another suit (round 2), or two rounds of passes."""
    order = [(dealer + 1 + i) % players for i in range(2 * players)]
    passes = rng.randrange(2 * players + 1)
    calls = [Bid(order[i], "pass") for i in range(passes)]
    if passes < players:
        calls.append(Bid(order[passes], "play"))
    elif passes < 2 * players:
        calls.append(Bid(order[passes], rng.choice([s for s in "SHDC" if s != face_up.suit.name])))
    return tuple(calls)


def random_record(seed: int, players: int, complete: bool = True) -> GameRecord:
    rng = random.Random(seed)
    setting = random_setting(rng, players)
    setting["bidding"] = random_bidding(rng, players, setting["dealer"], setting["face_up"])
    record = GameRecord(**setting)
    if record.thrown_in:
        return record
    if record.round == 1 and players < 4 and record.exchanger is None:
        holder = [h for h in record.deal.hands if Card.of(record.trump, Rank.SEVEN) in h]
        setting["exchange"] = bool(holder) and rng.random() < 0.5
    start = GameRecord(**setting).start()
    cards = []
    total = players * record.deal.hand_size
    stop = total if complete else rng.randrange(total)
    while len(cards) < stop:
        cards.append(rng.choice(start.legal_moves()))
        start.push(cards[-1])
    return GameRecord(**setting, play=tuple(cards))


def played(record: GameRecord, rng: random.Random) -> tuple[Card, ...]:
    position, cards = record.start(), []
    while not position.is_over():
        cards.append(rng.choice(position.legal_moves()))
        position.push(cards[-1])
    return tuple(cards)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_round_trip_through_json(players: int, seed: int) -> None:
    record = random_record(seed, players, complete=seed % 2 == 0)
    data = record.to_dict()
    assert GameRecord.from_dict(json.loads(json.dumps(data))) == record
    assert read_records(io.BytesIO(dumps(record).encode())) == [record]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), complete=st.booleans())
def test_any_record_round_trips(seed: int, players: int, complete: bool) -> None:
    record = random_record(seed, players, complete)
    assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record


def test_files_one_record_or_json_lines(tmp_path: Path) -> None:
    records = [random_record(s, 2 + s % 3) for s in range(5)]
    path = tmp_path / "deals.jsonl"
    write_records(records, path)
    assert len(path.read_text().splitlines()) == 5
    assert read_records(path) == records
    single = tmp_path / "deal.json"
    write_records(records[:1], single)
    assert single.read_text().startswith("{\n") and read_records(single) == records[:1]
    out = io.StringIO()
    write_records(records[1:3], out)
    assert read_records(io.BytesIO(out.getvalue().encode())) == records[1:3]


def test_derived_fields() -> None:
    record = GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE)
    record = GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE,
                        play=played(record, random.Random(1)))
    data = record.to_dict()
    assert (data["format"], data["players"], data["trump"], data["declarer"]) == (FORMAT, 2, "H", 0)
    assert data["leader"] == 1 and data["exchange"] is None
    assert data["bella"] == {"seat": 0, "declined": False}
    assert [(d["seat"], d["kind"], d["scores"]) for d in data["declarations"]] == [
        (0, "tertz", False), (1, "fifty", True)]
    final = score(record.position())
    assert data["result"] == {
        "declarer_points": final.declarer_points, "defender_points": final.defender_points,
        "margin": final.margin, "result": final.result, "totals": list(final.totals),
        "held_over": final.held_over,
    }
    unfinished = GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE, play=record.play[:5])
    assert unfinished.to_dict()["result"] is None and not unfinished.is_complete()
    assert unfinished.score() is None


def test_leader_follows_first_lead() -> None:
    by_declarer = GameRecord(FULL, 1, face_up="9H", bidding=(Bid(0, "play"),),
                             rules=Rules(first_lead="declarer"))
    assert by_declarer.leader == 0 == by_declarer.start().leader
    eldest = GameRecord(FULL, 1, face_up="9H", bidding=(Bid(0, "pass"), Bid(1, "play")))
    assert (eldest.declarer, eldest.leader) == (1, 0)


def test_exchange_swaps_the_seven_for_the_face_up_card() -> None:
    record = GameRecord(FULL, 0, face_up="KC", bidding=(Bid(1, "play"),), exchange=True)
    assert record.exchanger == 0
    hand = record.start().deal.hands[0]
    assert Card.parse("KC") in hand and Card.parse("7C") not in hand
    assert record.deal == FULL  # the record keeps the hands as dealt
    assert record.to_dict()["exchange"] == {"seat": 0, "seven": "7C", "face_up": "KC"}
    assert GameRecord.from_dict(record.to_dict()) == record


def test_round_two_and_thrown_in() -> None:
    two = GameRecord(FULL, 0, face_up="9H",
                     bidding=(Bid(1, "pass"), Bid(0, "pass"), Bid(1, "d")))
    assert (two.trump.name, two.declarer, two.round) == ("D", 1, 2)
    thrown = GameRecord(FULL, 0, face_up="9H", bidding=tuple(Bid(s, "pass") for s in (1, 0, 1, 0)))
    assert thrown.thrown_in and thrown.leader is None and not thrown.is_complete()
    data = thrown.to_dict()
    assert (data["trump"], data["declarer"], data["result"], data["play"]) == (None, None, None, [])
    assert GameRecord.from_dict(data) == thrown
    with pytest.raises(DebertsError, match="thrown in"):
        thrown.start()


def test_four_players_face_up_goes_to_the_dealer_or_declarer() -> None:
    deal = Deal.random(4, seed=3)
    card = next(iter(deal.hands[2]))
    GameRecord(deal, 2, face_up=card, bidding=(Bid(3, "play"),))
    with pytest.raises(RecordError, match=r"goes to the dealer \(seat 1\).*seat 2 holds it"):
        GameRecord(deal, 1, face_up=card, bidding=(Bid(2, "play"),))
    rules = Rules(face_up_to="declarer")
    GameRecord(deal, 1, face_up=card, bidding=(Bid(2, "play"),), rules=rules)
    with pytest.raises(RecordError, match=r"goes to the declarer \(seat 3\)"):
        GameRecord(deal, 2, face_up=card, bidding=(Bid(3, "play"),), rules=rules)


def test_bella_declined() -> None:
    record = GameRecord(FULL, 0, trump="H", declarer=0, bella_declined=True)
    position = record.start()
    for card in ("9D", "AD", "KH", "8H"):
        position.push(card, bella=False)
    replayed = GameRecord(FULL, 0, trump="H", declarer=0, bella_declined=True,
                          play=tuple(position.played_cards()))
    assert not any(p.bella for p in replayed.position().stack)
    assert replayed.to_dict()["bella"] == {"seat": 0, "declined": True}
    assert GameRecord.from_dict(replayed.to_dict()) == replayed
    with pytest.raises(RecordError, match="bella is declined, but nobody holds it"):
        GameRecord(FULL, 0, trump="S", declarer=0, bella_declined=True)


@pytest.mark.parametrize("kwargs, error, pattern", [
    (dict(deal=Deal.parse("A... K..."), dealer=0, trump="H", declarer=0),
     RecordError, r"a record holds a whole deal, 1 cards a hand is an endgame"),
    (dict(dealer=2, trump="H", declarer=0), RecordError, r"bad dealer 2: seat must be 0..1"),
    (dict(dealer=0, face_up="AH", trump="H", declarer=0), DebertsError, r"it is in seat 0's hand"),
    (dict(dealer=0, face_up="9H", freza="AH", trump="H", declarer=0), RecordError,
     r"bad freza AH: it is seat 0's hand"),
    (dict(dealer=0, face_up="9H", freza="9H", trump="H", declarer=0), RecordError,
     r"bad freza 9H: it is the face-up card"),
    (dict(dealer=0, bidding=ROUND_ONE), RecordError, r"a bidding needs the face-up card"),
    (dict(dealer=0, face_up="9H", bidding=ROUND_ONE, trump="S"), RecordError,
     r"bad field 'trump': recorded S, the bidding gives H"),
    (dict(dealer=0, face_up="9H", bidding=ROUND_ONE, declarer=1), RecordError,
     r"bad field 'declarer': recorded 1, the bidding gives 0"),
    (dict(dealer=0, trump="H"), RecordError, r"without a bidding, trump and declarer are needed"),
    (dict(dealer=0, trump="H", declarer=3), RecordError, r"bad declarer 3"),
    (dict(dealer=0, face_up="9H", bidding=tuple(Bid(s, "pass") for s in (1, 0, 1, 0)),
          play=("JS",)), RecordError, r"no play or exchange"),
    (dict(dealer=0, face_up="KC", bidding=(Bid(1, "pass"), Bid(0, "pass"), Bid(1, "C"))),
     DebertsError, r"'C' is not a round-2 call"),
    (dict(dealer=0, face_up="KC", bidding=(Bid(1, "pass"), Bid(0, "pass"), Bid(1, "S")),
          exchange=True), RecordError, r"bad exchange: .*round 1"),
    (dict(dealer=0, face_up="9H", bidding=ROUND_ONE, exchange=True), RecordError,
     r"bad exchange: nobody holds 7H to swap for 9H"),
    (dict(dealer=0, trump="H", declarer=0, play=("JS", "AS")), IllegalMoveError,
     r"played card 2 \(seat 0\): card AS: seat 0 does not hold it"),
])
def test_inconsistent_records(kwargs: dict, error: type, pattern: str) -> None:
    kwargs.setdefault("deal", FULL)
    with pytest.raises(error, match=pattern):
        GameRecord(**kwargs)


def test_four_players_have_no_freza_and_no_exchange() -> None:
    deal = Deal.random(4, seed=9)
    card = next(iter(deal.hands[0]))
    missing = Card.of(card.suit, Rank.SEVEN)
    with pytest.raises(RecordError, match="whole deck is dealt"):
        GameRecord(deal, 0, face_up=card, freza=missing, bidding=(Bid(1, "play"),))
    with pytest.raises(RecordError, match="bad exchange"):
        GameRecord(deal, 0, face_up=card, bidding=(Bid(1, "play"),), exchange=True)


def good_dict() -> dict:
    record = GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE)
    return GameRecord(FULL, 0, face_up="9H", bidding=ROUND_ONE,
                      play=played(record, random.Random(4))).to_dict()


@pytest.mark.parametrize("change, pattern", [
    (lambda d: d.update(format="deberts-record/0"), r"bad field 'format'"),
    (lambda d: d.update(colour="red"), r"unknown field 'colour'"),
    (lambda d: d.pop("hands"), r"missing field 'hands'"),
    (lambda d: d.update(hands="Q.AKQT.A.AJ7 J.8.T987.QT8"), r"bad field 'hands': expected a list"),
    (lambda d: d.update(dealer="0"), r"bad field 'dealer': expected a seat number, got string"),
    (lambda d: d.update(players=3), r"bad field 'players': 3, but there are 2 hands"),
    (lambda d: d.update(bidding=[{"seat": 1}]), r"missing field 'bid'"),
    (lambda d: d.update(bidding="pass play"), r"bad field 'bidding'"),
    (lambda d: d.update(play=[1, 2]), r"bad field 'play'"),
    (lambda d: d["result"].update(margin=99), r"bad field 'result': recorded"),
    (lambda d: d.update(leader=0), r"bad field 'leader': recorded 0, the deal gives 1"),
    (lambda d: d["declarations"].pop(), r"bad field 'declarations'"),
    (lambda d: d.update(bella={"seat": 1, "declined": False}), r"bad field 'bella'"),
    (lambda d: d.update(bella={"seat": 0, "declined": "no"}), r"'declined' must be true or false"),
    (lambda d: d.update(rules={"bella": "never"}), r"bad value 'never' for rule option 'bella'"),
])
def test_bad_record_objects(change, pattern: str) -> None:
    data = good_dict()
    change(data)
    with pytest.raises(DebertsError, match=pattern):
        GameRecord.from_dict(data)


def test_readers_may_leave_out_derived_fields() -> None:
    data = good_dict()
    for name in ("players", "leader", "declarations", "bella", "result", "exchange", "trump",
                 "declarer", "freza", "rules"):
        data.pop(name)
    data["play"] = " ".join(data["play"])
    assert GameRecord.from_dict(data).to_dict() == good_dict()


def test_bad_files() -> None:
    lines = json.dumps(good_dict()) + "\n" + '{"format": "deberts-record/1"}\n'
    with pytest.raises(RecordError, match=r"^line 2: missing field 'dealer'"):
        read_records(io.BytesIO(lines.encode()))
    with pytest.raises(RecordError, match=r"blank file"):
        read_records(io.BytesIO(b"  \n"))
    with pytest.raises(RecordError, match=r"not UTF-8"):
        read_records(io.BytesIO(b"\xff\xfe{"))
    with pytest.raises(RecordError, match=r"bad JSON"):
        read_records(io.BytesIO(b"{\n  oops\n"))
    with pytest.raises(RecordError, match=r"bad game record: expected a JSON object, got array"):
        read_records(io.BytesIO(b"[]"))
