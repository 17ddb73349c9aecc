"""``deberts play``: a scripted person against the computer."""

from __future__ import annotations

import re

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
    assert "Deal over:" in out and "Double-dummy margin" in out and "Match: you 0" in out
    # A costly card is named by its trick (the hand's numbers change as it is played).
    costly = [line for line in out.splitlines() if " cost " in line]
    assert costly and all(re.fullmatch(r"  trick [1-9]: \S+ cost \d+, best was .+", line)
                          for line in costly), costly


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


def test_help_quit_and_the_record_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "games.jsonl"
    answers = "\n".join(["?", "play", *numbers(), "help", "q"]) + "\n"
    result = CliRunner().invoke(
        main, ["play", "--players", "3", "--seed", "3", "--ai", "heuristic", "--ascii",
               "--no-confirm", "--record", str(path)], input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Commands, at any question:") >= 2 and "q, quit: leave the match" in out
    assert "the --records file" in out and "--record file" not in out
    assert "You left the match after 1 deal. Score: you 0, seat 1 84.5, seat 2 84.5." in out
    # After the deal, every hand as dealt, with who holds it.
    assert "The deal as dealt:" in out and "you, dealer" in out
    from deberts import read_records

    (record,) = read_records(path)
    assert record.seats == ("you", "heuristic", "heuristic") and record.is_complete()


def test_four_players_name_the_partner_and_score_by_team() -> None:
    answers = "\n".join(["pass", "pass", *numbers(60)]) + "\n"
    result = CliRunner().invoke(
        main, ["play", "--players", "4", "--deals", "1", "--seed", "5", "--ai", "heuristic",
               "--ascii", "--no-confirm"], input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Dealer: you. Your partner: seat 2." in out
    assert "your partner (seat 2)" in out
    assert "Match: you + seat 2 " in out and ", seat 1 + seat 3 " in out


def test_deberts_refuses_tertz_only_options() -> None:
    refused = CliRunner().invoke(main, ["play", "--review-stock", "2"])
    assert refused.exit_code == 2, refused.output
    assert "--game deberts takes no --review-stock" in refused.output


def test_the_person_is_asked_before_a_redeal() -> None:
    from types import SimpleNamespace

    from deberts import CardSet
    from deberts.cli.deberts.terminal import HumanPlayer
    from deberts.text.notation import Notation

    player = HumanPlayer(Notation(ascii=True, colour=False))
    view = SimpleNamespace(hand=CardSet.parse("7.7.7.7AK"))
    for answer, claimed in (("n", False), ("", True), ("?\nyes", True)):
        with CliRunner().isolation(input=answer + "\n") as streams:
            assert player.redeal(view) is claimed  # type: ignore[arg-type]
        assert b"a redeal with this hand: claim it? [Y/n]" in streams[0].getvalue()
