"""``deberts analyze``: a played deal from the options or from a game record."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deberts import Card, Deal, GameRecord, Position, write_records
from deberts.cli.main import main
from deberts.variants.deberts.analysis.review import analyze_play
from deberts.variants.deberts.model.bidding import Bid

HANDS = "Q.AKQT.A.AJ7 J.8.T987.QT8"
SETTING = ["--trump", "H", "--declarer", "0", "--leader", "1"]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["analyze", *args])


def random_play(position: Position, seed: int, count: int | None = None) -> list[Card]:
    rng = random.Random(seed)
    copy, cards = position.copy(), []
    while not copy.is_over() and (count is None or len(cards) < count):
        cards.append(rng.choice(copy.legal_moves()))
        copy.push(cards[-1])
    return cards


def example_play(count: int | None = None) -> str:
    position = Position(Deal.parse(HANDS), "H", 0, 1)
    return " ".join(str(c) for c in random_play(position, 5, count))


def a_record(seed: int, with_play: bool = True) -> GameRecord:
    """A 2-player deal bid in round 1 by the dealer, played at random."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    deal = Deal(sum(1 << c for c in deck[9 * i:9 * (i + 1)]) for i in range(2))
    setting = dict(deal=deal, dealer=0, face_up=Card(deck[18]),
                   bidding=(Bid(1, "pass"), Bid(0, "play")))
    play = random_play(GameRecord(**setting).start(), seed) if with_play else []
    return GameRecord(**setting, play=tuple(play))


def assert_error(result: Result, pattern: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("deberts: error: "), result.stderr
    assert re.search(pattern, lines[0]), lines[0]


def test_human_report_has_a_row_per_card_and_the_summary() -> None:
    play = example_play()
    result = run(HANDS, *SETTING, "--play", play)
    assert result.exit_code == 0, result.output
    out = result.stdout
    rows = [line for line in out.splitlines() if "seat" in line and "(de" in line
            and any(line.split()[0] == str(n) for n in range(1, 10))]
    assert len(rows) == len(play.split())
    analysis = analyze_play(Position(Deal.parse(HANDS), "H", 0, 1), play)
    assert f"Points lost: seat 0 (declarer) {analysis.lost()[0]}, seat 1 (defender) " \
           f"{analysis.lost()[1]}." in out
    assert "Double-dummy: made" in out and "Played:" in out
    assert "\x1b[" not in out  # not a terminal: no colour


def test_ascii_has_no_suit_symbols() -> None:
    result = run(HANDS, *SETTING, "--play", example_play(), "--ascii")
    assert result.exit_code == 0
    assert not set("♠♥♦♣") & set(result.stdout)


def test_json_is_the_api_analysis() -> None:
    play = example_play(7)
    result = run(HANDS, *SETTING, "--play", play, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == analyze_play(Position(Deal.parse(HANDS), "H", 0, 1), play).to_dict()
    assert data["complete"] is False and len(data["cards"]) == 7
    assert "Unfinished after 7 cards" in run(HANDS, *SETTING, "--play", play).stdout


def test_rules_options_reach_the_analysis() -> None:
    play = example_play()
    data = json.loads(run(HANDS, *SETTING, "--play", play, "--json",
                          "--set", "bella=trick_winner").stdout)
    rules = Position(Deal.parse(HANDS), "H", 0, 1).rules.with_options(bella="trick_winner")
    expected = analyze_play(Position(Deal.parse(HANDS), "H", 0, 1, rules), play)
    assert data == expected.to_dict()


def test_record_file(tmp_path: Path) -> None:
    record = a_record(4)
    path = tmp_path / "deal.json"
    write_records([record], path)
    data = json.loads(run("--record", str(path), "--json").stdout)
    assert data == analyze_play(record).to_dict()
    assert data["actual_margin"] == record.score().margin
    human = run("--record", str(path)).stdout
    assert "Dealer: seat 0." in human and "Bidding: seat 1 pass, seat 0 play." in human


def test_record_lines_file_picks_a_deal(tmp_path: Path) -> None:
    records = [a_record(1), a_record(2)]
    path = tmp_path / "deals.jsonl"
    write_records(records, path)
    data = json.loads(run("--record", str(path), "--deal", "2", "--json").stdout)
    assert data == analyze_play(records[1]).to_dict()
    assert_error(run("--record", str(path), "--deal", "3"), r"--deal 3: the file holds 2")


def test_illegal_card_is_named_by_its_place() -> None:
    assert_error(run(HANDS, *SETTING, "--play", "JS AH"),
                 r"played card 2 \(seat 0\): card AH: illegal for seat 0 here, legal are QS")
    assert_error(run(HANDS, *SETTING, "--play", "8H AS"),
                 r"played card 2 \(seat 0\): card AS: seat 0 does not hold it")


@pytest.mark.parametrize("args, pattern", [
    ([HANDS, "--declarer", "0", "--play", "8H"], r"missing --trump \(or use --records FILE\)"),
    (["--play", "8H"], r"missing HANDS and --trump"),
    ([HANDS, *SETTING, "--play", "8X"], r"bad card '8X'"),
    (["AK.. QJ..", *SETTING], r"bad hand"),
    ([HANDS, *SETTING, "--set", "bella=sometimes"], r"bad value 'sometimes'"),
])
def test_bad_input(args: list[str], pattern: str) -> None:
    assert_error(run(*args), pattern)


def test_record_errors(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    write_records([a_record(3)], path)
    assert_error(run("--record", str(path), "--trump", "S"), r"--records takes no --trump")
    assert_error(run("--record", str(path), "--rules", "kharkov"), r"--records takes no --rules")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "deberts-record/1", "dealer": 0}')
    assert_error(run("--record", str(bad)), r"missing field 'hands'")
    bad.write_text("{not json")
    assert_error(run("--record", str(bad)), r"bad JSON")
    assert_error(run("--record", str(tmp_path / "absent.json")), r"absent\.json")
    thrown = GameRecord(a_record(3).deal, 0, face_up=a_record(3).face_up,
                        bidding=tuple(Bid(s, "pass") for s in (1, 0, 1, 0)))
    write_records([thrown], path)
    assert_error(run("--record", str(path)), r"thrown in")
