"""``deberts play``: a scripted person against the computer."""

from __future__ import annotations

from click.testing import CliRunner

from deberts.cli.main import main


def numbers(rounds: int = 40) -> list[str]:
    """Card numbers 1..9 over and over: the first legal one is taken each time."""
    return [str(i) for _ in range(rounds) for i in range(1, 10)]


def test_a_whole_deal_with_review() -> None:
    answers = "\n".join(["play", *numbers()]) + "\n"
    result = CliRunner().invoke(
        main, ["play", "--players", "3", "--deals", "1", "--seed", "3", "--ai", "heuristic",
               "--ascii", "--no-confirm"], input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your hand: 1:" in out and "On the table:" in out
    assert "may not be played now: legal are" in out
    assert "Deal over:" in out and "Double-dummy margin" in out and "Match: seat 0" in out


def test_undo_takes_a_card_back() -> None:
    # Seed 3 with 3 players: the person declares; his first legal cards are 8S 7S.
    answers = "\n".join(["play", "1", "u", "2", "", *[x for n in numbers() for x in (n, "")]]) + "\n"
    result = CliRunner().invoke(
        main, ["play", "--players", "3", "--deals", "1", "--seed", "3", "--ai", "heuristic",
               "--ascii"], input=answers)
    assert result.exit_code == 0, result.output
    assert "8S: Enter to play it, u to take it back: u" in result.output
    assert "Last trick: 1:9S 2:KS 0:7S" in result.output


def test_bad_ai_is_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["play", "--ai", "genius"])
    assert result.exit_code == 2
    assert result.stderr.startswith("deberts: error: unknown player type 'genius'")
