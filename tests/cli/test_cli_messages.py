"""Bad input said right: one line naming what is wrong, exit status 2, and help
texts that name the options and commands as they are."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from deberts.cli.main import main


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input, prog_name="deberts")


@pytest.mark.parametrize("command", ["solve", "analyze"])
@pytest.mark.parametrize("hands", ["", " ", "\t"])
def test_an_empty_deal_without_leader_is_one_line(command: str, hands: str) -> None:
    result = run(command, hands, "--trump", "H")
    assert result.exit_code == 2, result.output
    assert result.stderr == ("deberts: error: bad deal '': expected 2 to 4 hands separated "
                             "by spaces\n")


@pytest.mark.parametrize("command", ["solve", "analyze"])
def test_one_hand_is_one_hand(command: str) -> None:
    result = run(command, "AK.Q..", "--trump", "H")
    assert result.exit_code == 2
    assert result.stderr == "deberts: error: bad deal: 1 hand, expected 2, 3 or 4\n"


def test_analyze_help_names_its_records_option() -> None:
    shown = run("analyze", "--help").output
    assert "--records FILE" in shown
    assert "--record " not in shown and "--record:" not in shown
    refused = run("analyze", "Q.AKQT.A.AJ7 J.8.T987.QT8", "--trump", "H", "--from", "1")
    assert refused.stderr == ("deberts: error: --from takes --records: with HANDS, --played "
                              "is the play\n")


def test_a_suggestion_ends_in_one_mark() -> None:
    result = run("tertz", "solve", "--thread", "2")
    assert result.exit_code == 2
    assert result.stderr == ("deberts: error: No such option '--thread'. Did you mean "
                             "'--threads'? See 'deberts tertz solve --help'.\n")


def test_a_game_s_group_names_the_commands_every_game_shares_too() -> None:
    shown = run("tertz", "--help").output
    assert "Tertz: solve, analyze, deal." in " ".join(shown.split())
    assert ('Tertz is also played by the commands every game shares: deberts batch (a line '
            'with "game": "tertz"), deberts arena --game tertz, deberts play --game tertz, '
            'deberts serve (the web board).') in " ".join(shown.split())


def test_the_terminal_says_why_an_answer_is_no_card_of_the_hand() -> None:
    # Seed 3 with 3 players: the person declares, holding 8S 7S KH 9H 8H JC 9C 8C 7C.
    out = run("play", "--players", "3", "--seed", "3", "--ai", "heuristic", "--ascii",
              input="\n".join(["play", "xyz", "12", "AD", "q"]) + "\n").output
    assert "  'xyz' is not a card: type its name (JH, 10S) or its number in your hand\n" in out
    assert "  12 is no card's number: your hand's are 1 to 9\n" in out
    assert "  AD is not in your hand\n" in out
    assert "is not a card of your hand" not in out


def test_help_at_the_terminal_tells_deberts_answers() -> None:
    out = run("play", "--seed", "3", "--ai", "heuristic", input="help\nq\n").output
    assert "  a call: play, pass or a suit letter, as offered\n" in out
    assert "  y / n:  to a yes-or-no question\n" in out and "swap" not in out
    assert "  q, quit: leave the match (the deals so far stay in the --records file)" in out
