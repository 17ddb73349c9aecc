"""``deberts deal``: notation lines, batch-ready JSON lines, seeds and errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner, Result

from deberts import CardSet, Deal
from deberts.cli.deberts.inputs import build_rules
from deberts.cli.main import main
from deberts.variants.deberts.formats.line import from_object


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def test_plain_lines_are_deals() -> None:
    result = run("deal", "--players", "3", "--count", "4", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 4
    for line in lines:
        deal = Deal.parse(line)
        assert deal.players == 3 and deal.is_full


def test_seed_reproduces_and_json_lists_the_same_deals() -> None:
    plain = run("deal", "--players", "4", "--count", "3", "--seed", "5").stdout
    assert plain == run("deal", "--players", "4", "--count", "3", "--seed", "5").stdout
    assert plain != run("deal", "--players", "4", "--count", "3", "--seed", "6").stdout
    lines = run("deal", "--players", "4", "--count", "3", "--seed", "5", "--json").stdout
    hands = [" ".join(json.loads(line)["hands"]) for line in lines.splitlines()]
    assert hands == plain.splitlines()


def test_fixed_hands() -> None:
    result = run("deal", "--players", "2", "--count", "10", "--seed", "2",
                 "--hand", "0=AKQ...", "--hand", "1=.A.A.")
    for line in result.stdout.splitlines():
        deal = Deal.parse(line)
        assert CardSet.parse("AKQ...").mask & ~deal.hands[0].mask == 0
        assert CardSet.parse(".A.A.").mask & ~deal.hands[1].mask == 0


def test_json_lines_are_batch_input_and_batch_solves_them() -> None:
    lines = run("deal", "--players", "2", "--count", "5", "--seed", "3", "--cards", "4",
                "--json", "--set", "bella=trick_winner").stdout
    records = [json.loads(line) for line in lines.splitlines()]
    for record in records:
        assert set(record) == {"hands", "trump", "declarer", "leader", "rules"}
        assert record["declarer"] == 0 and record["leader"] == 1
        assert record["rules"] == {"preset": "moscow", "bella": "trick_winner"}
        position = from_object(record)
        assert position.rules.bella == "trick_winner" and position.deal.hand_size == 4
    solved = run("batch", "-", input=lines)
    assert solved.exit_code == 0, solved.output
    outputs = [json.loads(line) for line in solved.stdout.splitlines()]
    assert [o["line"] for o in outputs] == [1, 2, 3, 4, 5]
    assert all("error" not in o and "margin" in o for o in outputs)


def test_json_setting_options() -> None:
    lines = run("deal", "--players", "3", "--count", "20", "--seed", "4", "--json",
                "--trump", "d", "--declarer", "2").stdout.splitlines()
    records = [json.loads(line) for line in lines]
    assert {r["trump"] for r in records} == {"D"}
    assert {(r["declarer"], r["leader"]) for r in records} == {(2, 1)}
    assert all("rules" not in r for r in records)
    random_trumps = run("deal", "--players", "3", "--count", "40", "--seed", "4", "--json")
    assert {json.loads(line)["trump"] for line in random_trumps.stdout.splitlines()} == set("SHDC")
    by_declarer = run("deal", "--players", "4", "--json", "--declarer", "3",
                      "--set", "first_lead=declarer").stdout
    assert json.loads(by_declarer)["leader"] == 3


@pytest.mark.parametrize("preset, settings, written", [
    ("moscow", (), None),
    ("moscow", ("bella=owner",), None),
    ("moscow", ("trump_tiebreak=false",), {"preset": "moscow", "trump_tiebreak": False}),
    ("kharkov", (), {"preset": "kharkov"}),
    # trump_tiebreak=true is Moscow's default but not Kharkov's: it must be written.
    ("kharkov", ("trump_tiebreak=true",), {"preset": "kharkov", "trump_tiebreak": True}),
    ("kharkov", ("partner_exempt=true", "bella=trick_winner"),
     {"preset": "kharkov", "partner_exempt": True, "bella": "trick_winner"}),
])
def test_json_rules_read_back_as_the_rules_asked_for(
    preset: str, settings: tuple[str, ...], written: dict | None
) -> None:
    args = ["deal", "--players", "4", "--seed", "1", "--json", "--rules", preset]
    for setting in settings:
        args += ["--set", setting]
    record = json.loads(run(*args).stdout)
    assert record.get("rules") == written
    assert from_object(record).rules == build_rules(preset, settings)


def test_output_streams_one_line_a_deal() -> None:
    # A count far too large to build: the first line arrives at once.
    process = subprocess.Popen(
        [sys.executable, "-c", "from deberts.cli.main import main; main()",
         "deal", "--players", "2", "--count", str(10**15), "--seed", "1"],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        first = process.stdout.readline()
    finally:
        process.kill()
        process.communicate()
    expected = run("deal", "--players", "2", "--seed", "1").stdout
    assert first == expected


def test_count_zero_prints_nothing() -> None:
    result = run("deal", "--players", "2", "--count", "0")
    assert result.exit_code == 0 and result.stdout == ""


@pytest.mark.parametrize("args, pattern", [
    (["--players", "5"], r"--players"),
    (["--players", "2", "--hand", "5=A..."], r"bad seat 5: seat must be 0..1"),
    (["--players", "2", "--hand", "X"], r"bad --hand 'X': expected SEAT=HAND"),
    (["--players", "2", "--hand", "\u00b2=A..."], r"expected SEAT=HAND"),
    (["--players", "2", "--hand", "0=A...", "--hand", "0=K..."],
     r"bad --hand '0=K...': seat 0 already has a --hand"),
    (["--players", "2", "--hand", "0=ZZ..."], r"bad hand for seat 0"),
    (["--players", "2", "--hand", "0=A...", "--hand", "1=A..."], r"fixed for two seats"),
    (["--players", "2", "--cards", "10"], r"bad hand size 10"),
    (["--players", "2", "--json", "--trump", "Q"], r"bad suit 'Q'"),
    (["--players", "2", "--trump", "Q"], r"bad suit 'Q'"),
    (["--players", "2", "--json", "--declarer", "2"], r"bad --declarer 2"),
    (["--players", "3", "--declarer", "-1"], r"bad --declarer -1: seat must be 0..2"),
    (["--players", "4", "--json", "--leader", "4"], r"bad --leader 4: seat must be 0..3"),
    (["--players", "2", "--set", "nonsense=1"], r"unknown rule option 'nonsense'"),
])
def test_errors_are_one_line_and_status_2(args: list[str], pattern: str) -> None:
    result = run("deal", *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("deberts: error: ")
    assert re.search(pattern, lines[0]), lines[0]


def test_diagram_shows_every_hand() -> None:
    result = run("deal", "--players", "3", "--count", "2", "--seed", "1", "--diagram", "--ascii")
    assert result.exit_code == 0, result.output
    plain = run("deal", "--players", "3", "--count", "2", "--seed", "1").stdout.splitlines()
    out = result.stdout
    assert [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith("Deal ")] == plain
    assert sum(line.startswith("seat ") for line in out.splitlines()) == 6
    assert not set("♠♥♦♣") & set(out) and "\x1b[" not in out
    symbols = run("deal", "--players", "2", "--seed", "1", "--diagram").stdout
    assert "♠" in symbols


def test_diagram_and_json_exclude_each_other() -> None:
    result = run("deal", "--players", "2", "--diagram", "--json")
    assert result.exit_code == 2
    assert result.stderr.strip() == "deberts: error: --diagram and --json exclude each other"
