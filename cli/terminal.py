"""What every game's table at the terminal shares: the person's questions
(:func:`ask`, with ``help`` and ``q`` at any of them), the numbered hand, the
confirmation of a card, and the options of ``deberts play`` as one
:class:`Table`.

A game plays at the terminal through the :class:`Terminal` its cli face gives
(:meth:`deberts.cli.faces.GameCli.terminal_game`): a module with ``DEFAULT_AI``
(the computer's type and settings when ``--ai`` is not given) and ``play(table)``;
its own options of ``deberts play`` it declares itself
(:meth:`deberts.cli.faces.GameCli.own_options`).
"""

from __future__ import annotations

import sys
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Protocol

import click

from deberts.errors import DebertsError, excerpt
from deberts.formats.output_file import LineAppender
from deberts.model.cards import Card, CardSet
from deberts.text.notation import Notation, counted

#: The person's seat (or player) number.
YOU = 0

#: The help's line for a card, which every game with cards in hand asks for.
CARD_ANSWER = """  a card: its name (JH, 10S) or its number in your hand; Enter then plays it
          (u takes it back) unless --no-confirm"""
#: The help's line for a yes-or-no question (:func:`yes_or_no`).
YES_OR_NO_ANSWER = "  y / n:  to a yes-or-no question"

#: The answers of the game being played and what it calls a match, while
#: :func:`play_deals` runs: what ``help`` shows.
_answers: ContextVar[tuple[str, str]] = ContextVar("answers", default=(CARD_ANSWER, "match"))


def help_text() -> str:
    """The commands at any question: the game's own answers, then help and quit."""
    answers, match = _answers.get()
    return (f"Commands, at any question:\n{answers}\n  help, ?: this text\n"
            f"  q, quit: leave the {match} (the deals so far stay in the --records file)")


#: Exit status when the input ends before the match does (q leaves with 0).
INPUT_ENDED = 1

@dataclass(frozen=True)
class Table:
    """The options of ``deberts play``: the computer's ``ai_spec``, how many
    ``deals`` at most, the ``seed``, whether a card needs ``confirm``-ation, where
    records go, the ``notation`` of the output, and the game's ``rules`` (built from
    ``--set`` and the game's own options); ``options`` holds the game's own options
    of ``deberts play`` by parameter name."""

    ai_spec: str
    deals: int | None
    seed: int | None
    confirm: bool
    record_file: LineAppender | None
    notation: Notation
    rules: Any
    options: Mapping[str, Any]


class Terminal(Protocol):
    """A game at the terminal (``deberts play``): the computer's default type, and
    the match played at a :class:`Table`."""

    DEFAULT_AI: str

    def play(self, table: Table) -> None: ...


class Quit(Exception):
    """The person typed q or quit, or his input ended (``ended``)."""

    def __init__(self, ended: bool = False) -> None:
        super().__init__()
        self.ended = ended


def left(stop: Quit, summary: str) -> None:
    """The last line when the person leaves, ``summary``; at the end of the input it
    says so, and the exit status is :data:`INPUT_ENDED`."""
    click.echo(f"\n{'End of input. ' if stop.ended else ''}{summary}")
    if stop.ended:
        sys.exit(INPUT_ENDED)


def play_deals(
    table: Table, deal: Callable[[], tuple[str, list[str]]], over: Callable[[], bool],
    score: Callable[[], str], match: str = "match", answers: str = CARD_ANSWER,
) -> bool:
    """Deals until the ``match`` is ``over()`` or ``table.deals`` are played: each
    ``deal()`` plays one and gives its record's line (written to the records file
    at once) and the review shown to the person. ``answers`` are the help's lines
    for the game's own answers. Whether the person stayed to the end; when he
    leaves, the last line gives the ``score()``."""
    played = 0
    shown = _answers.set((answers, match))
    try:
        while not over() and (table.deals is None or played < table.deals):
            line, review = deal()
            played += 1
            if table.record_file is not None:
                table.record_file.write_line(line)
            click.echo("\n".join(review))
    except Quit as stop:
        left(stop, f"You left the {match} after {counted(played, 'deal')}. Score: {score()}.")
        return False
    finally:
        _answers.reset(shown)
    return True


def hand_choice(hand: CardSet, legal: Iterable[object], notation: Notation) -> str:
    """The hand numbered for the answer, ``(x)`` on the cards that may not be played
    now, and what the mark means when a card carries it."""
    playable = set(legal)
    cards = in_order(hand)
    shown = "  ".join(f"{i}:{notation.card(c)}{'' if c in playable else '(x)'}"
                      for i, c in enumerate(cards, 1))
    key = " ((x): may not be played now)" if any(c not in playable for c in cards) else ""
    return f"Your hand{key}: {shown}"


def ask(prompt: str, default: str | None = None) -> str:
    """The person's answer; ``help``/``?`` shows the commands and asks again,
    ``q``/``quit`` leaves the match."""
    while True:
        try:
            answer = str(click.prompt(prompt, default=default, show_default=False)).strip()
        except click.Abort as stop:
            if isinstance(stop.__context__, EOFError):
                raise Quit(ended=True) from None
            if isinstance(stop.__context__, KeyboardInterrupt):
                raise KeyboardInterrupt from None  # the command group's one line, status 130
            raise
        if answer.lower() in ("q", "quit"):
            raise Quit
        if answer.lower() in ("help", "?"):
            click.echo(help_text())
            continue
        return answer


def taken_back(card: Card, notation: Notation) -> bool:
    """Ask the person to confirm a card (Enter) or take it back (u)."""
    return undone(f"  {notation.card(card)}: Enter to play it, u to take it back")


def undone(question: str) -> bool:
    """Whether the person takes a move back (u) when asked ``question``, rather than
    confirming it (Enter)."""
    return ask(question, default="").lower() in ("u", "undo")


def yes_or_no(question: str) -> bool:
    """A yes-or-no question, yes on Enter."""
    while True:
        answer = ask(f"{question} [Y/n]", default="y").lower()
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        click.echo("  answer y or n")


def in_order(hand: CardSet) -> list[Card]:
    """The hand as shown and numbered: by suit S H D C, highest first."""
    return sorted(hand, key=lambda c: (c.suit, -c.rank))


def chosen_card(answer: str, cards: list[Card]) -> Card | None:
    """The card of ``cards`` (the hand in order) that ``answer`` names or numbers,
    else ``None`` (:func:`not_a_card` says why)."""
    if answer.isdigit():
        index = int(answer) - 1
        return cards[index] if 0 <= index < len(cards) else None
    try:
        card = Card.parse(answer)
    except DebertsError:
        return None
    return card if card in cards else None


def not_a_card(answer: str, cards: list[Card], notation: Notation) -> str:
    """Why ``answer`` names no card of the hand ``cards``: a number out of range, a
    card the person does not hold, or text that is no card."""
    if answer.isdigit():
        return f"  {answer} is no card's number: your hand's are 1 to {len(cards)}"
    try:
        card = Card.parse(answer)
    except DebertsError:
        return (f"  {excerpt(answer)} is not a card: type its name (JH, 10S) or its number "
                "in your hand")
    return f"  {notation.card(card)} is not in your hand"


def points(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"

