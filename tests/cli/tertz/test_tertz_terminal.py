"""Tertz at the terminal (``deberts play --game tertz``): the questions offer what is
possible, help tells Tertz's answers, the break asks for a number, and a swap is
confirmed as a card is."""

from __future__ import annotations

from click.testing import CliRunner, Result

from deberts.cli.main import main


def play(seed: int, answers: list[str], *options: str) -> Result:
    return CliRunner().invoke(main, ["play", "--game", "tertz", "--seed", str(seed), "--ai",
                                     "heuristic", "--ascii", *options],
                              input="\n".join(answers) + "\n")


def test_swap_is_offered_only_when_the_person_may_swap() -> None:
    # Seed 3: the person leads without the seven of trumps; seed 2: he holds it.
    without = play(3, ["q"]).output
    assert "Your card (e.g. JH, or its number): " in without and "swap" not in without
    holding = play(2, ["q"]).output
    assert "Your card (e.g. JH, or its number) or swap: " in holding


def test_help_tells_tertz_s_answers_not_deberts() -> None:
    out = play(3, ["help", "q"]).output
    assert "Commands, at any question:" in out
    assert "  swap:   your seven of trumps for the face-up card" in out
    assert "  0 to 12: the break, after you lost the first trick" in out
    assert "a call: play, pass" not in out and "y / n" not in out
    assert "q, quit: leave the game" in out


def test_the_break_asks_for_a_number_not_a_king() -> None:
    # Seed 0: the person loses the first trick with his first card.
    out = play(0, ["1", "K", "3", "q"], "--no-confirm").output
    assert "break the stock by K" not in out
    assert ("You lost the first trick: break the stock, a number from 0 to 12 (the last "
            "that many of its 13 face-down cards are drawn first): K\n  answer a number "
            "from 0 to 12\n") in out
    assert "12 cards to draw" in out.split("drawn first): 3\n")[1]  # the break made


def test_a_swap_is_confirmed_as_a_card_is() -> None:
    asked = play(2, ["swap", "u", "q"]).output
    assert "  swap: Enter to swap your seven of trumps for TS, u to take it back: u" in asked
    assert "The seven of trumps was swapped" not in asked
    swapped = play(2, ["swap", "", "q"]).output
    assert "The seven of trumps was swapped by you." in swapped
    unasked = play(2, ["swap", "q"], "--no-confirm").output
    assert "Enter to swap" not in unasked and "swapped by you" in unasked


def test_text_that_is_no_move_is_said_so() -> None:
    out = play(3, ["xyz", "q"]).output
    assert "  'xyz' is not a move: type a card (JH, 10S), its number in your hand\n" in out
