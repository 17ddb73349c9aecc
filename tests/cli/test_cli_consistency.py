"""One CLI: an option has one name (its old spelling kept as an alias), one meaning
and one default in every command; HANDS may come from standard input."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner, Result

from deberts.cli.main import main

HANDS = "Q.AKQT.A.AJ7 J.8.T987.QT8"
SETTING = ["--trump", "H", "--declarer", "0", "--leader", "1"]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


REPEATABLE = object()


def top_commands() -> dict[str, click.Command]:
    """The commands at the top level (the games' groups aside), as ``deberts --help``
    lists them."""
    ctx = click.Context(main)
    found = {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}
    return {name: command for name, command in found.items()
            if command is not None and not isinstance(command, click.Group)}


def options(command: str) -> dict[str, object]:
    """Each single-valued option of a command by its first long name, with its
    default and type (a repeatable option, such as ``stats --players 2 --players 3``,
    lists values of the same type and defaults to several)."""
    found = {}
    chosen = top_commands()[command]
    for param in chosen.get_params(click.Context(chosen)):
        names = [n for n in param.opts if n.startswith("--")]
        if names:
            repeatable = getattr(param, "multiple", False)
            found[names[0]] = (REPEATABLE if repeatable else param.default, repr(param.type))
    return found


@pytest.mark.parametrize("name", ["--players", "--jobs", "--seed", "--rules", "--target",
                                  "--table-bits", "--progress"])
def test_a_shared_option_has_one_default(name: str) -> None:
    found = {c: options(c)[name] for c in top_commands() if name in options(c)}
    defaults = {repr(default) for default, _ in found.values() if default is not REPEATABLE}
    types = {kind for _, kind in found.values()}
    assert len(found) >= 2 and len(defaults) == 1 and len(types) == 1, found


def test_played_and_play_are_one_option() -> None:
    for command in ("solve", "analyze"):
        by_name = run(command, HANDS, *SETTING, "--played", "7D AD", "--json")
        by_alias = run(command, HANDS, *SETTING, "--play", "7D AD", "--json")
        assert by_name.exit_code == 0, by_name.output
        drop = ("nodes", "seconds")
        assert ({k: v for k, v in json.loads(by_name.stdout).items() if k not in drop}
                == {k: v for k, v in json.loads(by_alias.stdout).items() if k not in drop})


def test_rules_names_ignore_case_like_suits() -> None:
    assert run("solve", "--example", "--rules", "Moscow").exit_code == 0
    result = run("solve", HANDS, "--trump", "h", "--declarer", "0", "--leader", "1",
                 "--rules", "Kharkov", "--json")
    assert result.exit_code == 0, result.output


def test_deal_refuses_rules_the_table_cannot_play() -> None:
    result = run("deal", "--rules", "belote", "--players", "3")
    assert result.exit_code == 2
    assert result.stderr == ("deberts: error: rules preset 'belote' is for 4 players in pairs, "
                             "not 3 players\n")


def test_players_defaults_to_two_everywhere() -> None:
    assert len(run("deal", "--seed", "1").stdout.split()) == 2
    result = run("bid", "--hand", "AK9..QJ.7", "--face-up", "JH", "--seat", "1", "--dealer",
                 "0", "--samples", "4", "--seed", "1", "-j", "1", "--json")
    assert result.exit_code == 0, result.output


def test_hand_is_seat_equals_hand_in_bid_too() -> None:
    common = ["--face-up", "JH", "--dealer", "0", "--samples", "4", "--seed", "1", "-j", "1",
              "--json"]
    by_seat = run("bid", "--hand", "1=AK9..QJ.7", *common)
    plain = run("bid", "--hand", "AK9..QJ.7", "--seat", "1", *common)
    assert by_seat.exit_code == 0, by_seat.output
    assert json.loads(by_seat.stdout)["best"] == json.loads(plain.stdout)["best"]
    clash = run("bid", "--hand", "0=AK9..QJ.7", "--seat", "1", *common)
    assert clash.stderr == "deberts: error: bad --hand '0=AK9..QJ.7': the seat is 0, --seat is 1\n"
    missing = run("bid", "--hand", "AK9..QJ.7", *common)
    assert missing.stderr.startswith("deberts: error: bad --hand 'AK9..QJ.7': expected SEAT=HAND")


def test_hands_from_standard_input() -> None:
    dealt = run("deal", "--seed", "3").stdout
    piped = run("solve", "-", *SETTING, "--json", input=dealt)
    direct = run("solve", dealt.strip(), *SETTING, "--json")
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.stdout)["margin"] == json.loads(direct.stdout)["margin"]
    assert run("table", "-", "--leader", "1", "-j", "1", input=HANDS + "\n").exit_code == 0
    assert run("analyze", "-", *SETTING, "--played", "7D", input=HANDS).exit_code == 0
    two = run("solve", "-", *SETTING, input=run("deal", "--count", "2", "--seed", "3").stdout)
    assert two.exit_code == 2
    assert two.stderr == ("deberts: error: HANDS from standard input: 2 deal lines, expected "
                          "one (deberts batch solves many)\n")


def test_a_records_file_that_cannot_be_written_is_one_line_and_status_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "no" / "x.jsonl"
    result = run("arena", "random", "random", "--deals", "1", "--records", str(missing))
    assert result.exit_code == 2
    assert result.stderr == f"deberts: error: cannot write {missing}: No such file or directory\n"


def test_arena_seed_is_random_by_default_and_reported() -> None:
    args = ["arena", "heuristic", "random", "--deals", "1", "-j", "1", "--json"]
    first = json.loads(run(*args).stdout)
    again = json.loads(run(*args, "--seed", str(first["seed"])).stdout)
    assert {k: v for k, v in first.items()} == again
    text = run("arena", "heuristic", "random", "--deals", "1", "-j", "1", "--seed", "5").stdout
    assert "duplicate seating, seed 5." in text


# -- one vocabulary ------------------------------------------------------------


def test_solve_takes_the_seats_deal_json_defaults_to() -> None:
    """No --declarer or --leader: the seats ``deal --json`` writes."""
    runner = CliRunner()
    line = json.loads(runner.invoke(main, ["deal", "--json", "--seed", "5", "--trump", "H"]).output)
    hands = " ".join(line["hands"])
    defaulted = runner.invoke(main, ["solve", hands, "--trump", "H", "--json"])
    named = runner.invoke(main, ["solve", hands, "--trump", "H", "--declarer",
                                 str(line["declarer"]), "--leader", str(line["leader"]), "--json"])
    assert defaulted.exit_code == 0, defaulted.output
    assert json.loads(defaulted.output)["moves"] == json.loads(named.output)["moves"]


@pytest.mark.parametrize("trump", ["H", "h", "♥", "hearts", "Heart"])
def test_a_trump_by_letter_symbol_or_name(trump: str) -> None:
    result = CliRunner().invoke(main, ["solve", "Q.AKQT.A.AJ7 J.8.T987.QT8", "--trump", trump,
                                       "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["margin"] == 30


@pytest.mark.parametrize(("new", "old"), [("--deals", "--count")])
def test_counts_are_deals_and_the_old_name_still_works(new: str, old: str) -> None:
    runner = CliRunner()
    shown = runner.invoke(main, ["deal", "--help"]).output
    assert new in shown and old not in shown
    assert (runner.invoke(main, ["deal", new, "3", "--seed", "2"]).output
            == runner.invoke(main, ["deal", old, "3", "--seed", "2"]).output)
    assert len(runner.invoke(main, ["deal", new, "3"]).output.splitlines()) == 3


@pytest.mark.parametrize("command", [["arena"], ["play"], ["analyze"]])
def test_record_files_are_records_everywhere(command: list[str]) -> None:
    shown = CliRunner().invoke(main, [*command, "--help"]).output
    assert "--records" in shown and "--record " not in shown
