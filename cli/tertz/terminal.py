"""Tertz at the terminal (the ``terminal`` part of the game): the person is
player 0 of a game to 501 against the computer, asked for each move, with a
double-dummy review of his moves after each deal."""

from __future__ import annotations

import json

import click

from deberts.cli.common import reported
from deberts.cli.terminal import (
    CARD_ANSWER,
    YOU,
    Table,
    ask,
    chosen_card,
    hand_choice,
    in_order,
    play_deals,
    taken_back,
    undone,
)
from deberts.errors import DebertsError, excerpt
from deberts.model.cards import Card, CardSet
from deberts.text.notation import Notation
from deberts.variants.tertz.model import SWAP, Move, parse_move
from deberts.variants.tertz.play.arena import factory_of
from deberts.variants.tertz.play.costs import move_costs
from deberts.variants.tertz.play.match import DealResult, Match, PlayView
from deberts.variants.tertz.text.render import deal_lines, move_text, score_lines

#: The computer's type and settings when ``--ai`` is not given.
DEFAULT_AI = "pimc:samples=20,seconds=1.0"

#: The help's lines for Tertz's own answers.
ANSWERS = "\n".join((
    CARD_ANSWER,
    "  swap:   your seven of trumps for the face-up card, when you may; Enter then",
    "          swaps (u takes it back) unless --no-confirm",
    "  0 to 12: the break, after you lost the first trick: the last that many of the",
    "          stock's 13 face-down cards are drawn first",
))

#: ``--review-stock``'s default: the person's moves are reviewed from this many cards
#: left to draw (the engine needs seconds to minutes for a whole deal).
REVIEW_STOCK = 4

#: ``deberts play --game tertz --review-stock N``: Tertz's own option of ``play``.
review_stock_option = click.Option(
    ["--review-stock"], type=click.IntRange(0, 14), default=REVIEW_STOCK, show_default=True,
    help="Tertz: review your moves made with at most this many cards left to draw (14: "
    "all of them, minutes a deal).")


def play(table: Table) -> None:
    """A Tertz game to 501: the person is player 0, the computer player 1; his moves
    made with at most ``table.options["review_stock"]`` cards left to draw are reviewed."""
    notation = table.notation
    with reported():
        computer = factory_of(table.ai_spec)(1)
        game = Match([TertzHumanPlayer(notation, table.confirm), computer], table.rules,
                         seed=table.seed)
    click.echo("Tertz to 501. Type help at any question for the commands, q to quit.")

    def deal() -> tuple[str, list[str]]:
        result = game.play_deal()
        seat = game.seating[-1].index(YOU)
        names = ["you", table.ai_spec] if seat == 0 else [table.ai_spec, "you"]
        return (json.dumps(result.record(names).to_dict()),
                _review(result, seat, game, table.options["review_stock"], notation))

    stayed = play_deals(table, deal, lambda: game.winner() is not None,
                        lambda: f"you {game.scores[YOU]}, computer {game.scores[1 - YOU]}",
                        "game", ANSWERS)
    winner = game.winner()
    if stayed and winner is not None:
        click.echo("\nYou win the game!" if winner == YOU else "\nThe computer wins the game.")


class TertzHumanPlayer:
    """The person's seat at a Tertz table: shows what the seat may see and asks for
    each move (a card by name or number, swap, or the break's K)."""

    def __init__(self, notation: Notation, confirm: bool = True) -> None:
        self.notation = notation
        self.confirm = confirm

    def move(self, view: PlayView) -> Move:
        n = self.notation
        self._show(view)
        if view.break_due:
            while True:
                answer = ask("You lost the first trick: break the stock, a number from 0 "
                             "to 12 (the last that many of its 13 face-down cards are "
                             "drawn first)")
                move = _move(f"break:{answer}" if answer.isdigit() else answer)
                if move is not None and move in view.legal:
                    return move
                click.echo("  answer a number from 0 to 12")
        cards = in_order(view.hand)
        swap = " or swap" if SWAP in view.legal else ""
        while True:
            answer = ask(f"Your card (e.g. JH, or its number){swap}")
            move = chosen_card(answer, cards) if answer.isdigit() else _move(answer)
            if move is None and not answer.isdigit():
                click.echo(f"  {excerpt(answer)} is not a move: type a card (JH, 10S), its "
                           f"number in your hand{swap}")
                continue
            if move is None or move not in view.legal:
                legal = " ".join(move_text(m, n) for m in view.legal)
                named = (f"{answer} ({move_text(move, n)})" if move is not None and answer.isdigit()
                         else f"'{answer}'")
                click.echo(f"  {named} is not a legal move here: legal are {legal}")
                continue
            if self.confirm and isinstance(move, Card) and taken_back(move, n):
                continue
            if self.confirm and move == SWAP and undone(
                    f"  swap: Enter to swap your seven of trumps for "
                    f"{n.card(view.face_up) if view.face_up else 'the face-up card'}, "
                    "u to take it back"):
                continue
            return move

    def _show(self, view: PlayView) -> None:
        n = self.notation
        face_up = "drawn" if view.face_up is None else n.card(view.face_up)
        lead = "you lead" if view.leader == view.seat else "the computer leads"
        lines = [
            "",
            f"Trump {n.suit(view.trump)}, face-up card {face_up}, {view.stock_size} "
            f"cards to draw; you are seat {view.seat}, {lead}. Game: you "
            f"{view.scores[view.seat]}, computer {view.scores[1 - view.seat]}.",
        ]
        if view.swapped_by is not None:
            who = "you" if view.swapped_by == view.seat else "the computer"
            lines.append(f"The seven of trumps was swapped by {who}.")
        for d in view.declarations:
            who = "you" if d.seat == view.seat else "computer"
            lines.append(f"Declared by {who}: {d.kind} {n.cards(CardSet(d.cards))} "
                         f"{d.points}{'' if d.counting else ' (replaced)'}")
        if any(view.marriage):
            who = "you" if view.marriage[view.seat] else "the computer"
            lines.append(f"Marriage: {who}.")
        if view.tricks:
            last = view.tricks[-1]
            won = "you" if last.winner == view.seat else "the computer"
            lines.append(f"Last trick: {' '.join(n.card(c) for c in last.cards)}, {won} won it.")
        table = n.card(view.trick[0]) if view.trick else f"nothing yet, {lead}"
        lines.append(f"On the table: {table}")
        lines.append(hand_choice(view.hand, view.legal, n))
        click.echo("\n".join(lines))


def _move(answer: str) -> Move | None:
    """A move typed as its notation (a card, swap, break:K), or ``None``."""
    try:
        return parse_move(answer)
    except DebertsError:
        return None


def _review(
    result: DealResult, seat: int, game: Match, review_stock: int,
    notation: Notation,
) -> list[str]:
    """The deal as dealt, its score, your moves' double-dummy costs, the game score."""
    final = result.position
    lines = ["", f"The deal as dealt (you were seat {seat}):", *deal_lines(final.deal, notation),
             *score_lines(final)]
    costs = move_costs(final, seat, review_stock)
    lost = sum(c.cost for c in costs)
    lines.append(f"Double-dummy review of your {len(costs)} moves with at most {review_stock} "
                 f"cards left to draw: they gave away {lost} points.")
    for cost in costs:
        if cost.cost:
            best = " ".join(move_text(m, notation) for m in cost.best)
            lines.append(f"  move {cost.index + 1}: {move_text(cost.move, notation)} cost "
                         f"{cost.cost}, best was {best}")
    lines.append(f"Game: you {game.scores[YOU]}, computer {game.scores[1 - YOU]}.")
    return lines
