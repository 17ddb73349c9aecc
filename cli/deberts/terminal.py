"""Deberts at the terminal (the ``terminal`` part of the game): the person is
seat 0 of a match against the computer, asked for each call and card, with a
double-dummy review of his play after each deal."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import click

from deberts.cli.common import reported
from deberts.cli.terminal import (
    CARD_ANSWER,
    YES_OR_NO_ANSWER,
    YOU,
    Table,
    ask,
    chosen_card,
    hand_choice,
    in_order,
    not_a_card,
    play_deals,
    points,
    taken_back,
    yes_or_no,
)
from deberts.formats import records
from deberts.model.cards import Card
from deberts.play.specs import player_factory
from deberts.text.notation import Notation, hand_lines, hand_text, signed
from deberts.variants.deberts.analysis.review import analyze_play
from deberts.variants.deberts.model.bidding import PASS, PLAY
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.sides import partner_of, teams
from deberts.variants.deberts.play.match import BidView, DealResult, Match, PlayView
from deberts.variants.deberts.text.render import RESULT_NAMES

#: The computer's type and settings when ``--ai`` is not given.
DEFAULT_AI = "pimc:samples=50,bid_samples=40,seconds=1.0"
#: The help's lines for Deberts' own answers.
ANSWERS = "\n".join((CARD_ANSWER, "  a call: play, pass or a suit letter, as offered",
                     YES_OR_NO_ANSWER))


def play(table: Table) -> None:
    """A match to the ``--target`` against ``--players`` less one computer seats
    (Deberts' own options of ``deberts play``, in ``table.options``)."""
    players, target = table.options["players"], int(table.options["target"])
    rules, notation = table.rules, table.notation
    with reported():
        factory = player_factory(table.ai_spec)
        seats = [HumanPlayer(notation, table.confirm)] + [factory(s) for s in range(1, players)]
        match = Match(seats, rules, target, seed=table.seed)
    names = ("you", *[table.ai_spec] * (players - 1))
    click.echo("You are seat 0. Type help at any question for the commands, q to quit.")

    def deal() -> tuple[str, list[str]]:
        result = match.play_deal()
        return (records.line(replace(result.record, seats=names)),
                _review(result, match, notation))

    stayed = play_deals(table, deal, lambda: match.winner() is not None,
                        lambda: _scores(match.scores, players, rules), answers=ANSWERS)
    winner = match.winner()
    if stayed and winner is not None:
        click.echo("\nYou win the match!" if YOU in winner else
                   f"\nThe match goes to seat {' + '.join(map(str, sorted(winner)))}.")


class HumanPlayer:
    """Seat 0: asks the person for each decision and shows what the seat may see.

    Cards are typed as ``JH`` or by their number in the hand; with ``confirm`` a
    card is only final after Enter, and ``u`` takes a misclick back before the
    trick goes on."""

    def __init__(self, notation: Notation, confirm: bool = True) -> None:
        self.notation = notation
        self.confirm = confirm

    def bid(self, view: BidView) -> str:
        n = self.notation
        click.echo(f"\n{_table_line(view.players, view.dealer, view.rules)}")
        if view.face_up is None:  # the whole hand, no card turned up (face_up_to=none)
            click.echo(f"Your cards: {hand_text(view.hand, n)}")
        else:
            click.echo(f"Your first cards: {hand_text(view.hand, n)}   face-up card: "
                       f"{n.card(view.face_up)}")
        if view.calls:
            click.echo("Calls so far: " + ", ".join(
                f"{_who(b.seat, view.players, view.rules)} {b.call}" for b in view.calls))
        names = {PLAY: "play", PASS: "pass"}
        choices = [names.get(c, c) for c in view.legal]
        while True:
            answer = ask(f"Round {view.round}, your call ({'/'.join(choices)})")
            call = answer.lower() if answer.lower() in (PLAY, PASS) else answer.upper()
            if call in view.legal:
                return call
            click.echo(f"  '{answer}' is not a call here: choose one of {' '.join(choices)}")

    def exchange(self, view: PlayView) -> bool:
        n = self.notation
        assert view.face_up is not None  # the match offers a swap only for a face-up card
        return yes_or_no(f"You hold the seven of trumps: exchange it for {n.card(view.face_up)}?")

    def declare(self, view: PlayView) -> bool:
        """Ask only where declining can help (``bella`` other than ``owner``)."""
        if view.rules.bella == "owner":
            return True
        return yes_or_no("Announce bella with this card?")

    def redeal(self, view: PlayView) -> bool:
        """Whether to claim a redeal the rules allow this hand (four sevens, low points)."""
        click.echo(f"\nYour hand: {hand_text(view.hand, self.notation)}")
        return yes_or_no("The rules allow you a redeal with this hand: claim it?")

    def play(self, view: PlayView) -> Card:
        n = self.notation
        self._show(view)
        cards = in_order(view.hand)
        while True:
            answer = ask("Your card (e.g. JH, or its number)")
            card = chosen_card(answer, cards)
            if card is None:
                click.echo(not_a_card(answer, cards, n))
                continue
            if card not in view.legal:
                click.echo(f"  {n.card(card)} may not be played now: legal are "
                           f"{n.cards(view.legal)}")
                continue
            if self.confirm and taken_back(card, n):
                continue
            return card

    def _show(self, view: PlayView) -> None:
        n = self.notation
        role = "declarer" if view.seat == view.declarer else (
            "partner" if view.seat in view.declarer_side else "defender")
        declares = "you declare" if view.declarer == YOU else (
            f"{_who(view.declarer, view.players, view.rules)} declares")
        lines = [
            "",
            f"Trump {n.suit(view.trump)}, {declares}; you are the {role}. "
            f"{_table_line(view.players, view.dealer, view.rules)} "
            f"Score: {_scores(view.scores, view.players, view.rules)}.",
        ]
        if view.declarations:
            shown = "; ".join(f"{_who(d.seat, view.players, view.rules)} {d.kind} "
                              f"{n.cards(d.cards)}" for d in view.declarations)
            lines.append(f"Declarations that score: {shown}")
        if view.tricks:
            last = view.tricks[-1]
            plays = " ".join(f"{p.seat}:{n.card(p.card)}" for p in last.plays)
            lines.append(f"Last trick: {plays}, seat {last.winner} won it")
        table = " ".join(f"{p.seat}:{n.card(p.card)}" for p in view.trick)
        lines.append(f"On the table: {table or 'nothing yet, you lead'}")
        lines.append(hand_choice(view.hand, view.legal, n))
        click.echo("\n".join(lines))


def _who(seat: int, players: int, rules: Rules) -> str:
    """A seat as the person sees it: you, your partner (4 players in pairs), seat N."""
    if seat == YOU:
        return "you"
    if seat == partner_of(YOU, players, rules):
        return f"your partner (seat {seat})"
    return f"seat {seat}"


def _table_line(players: int, dealer: int, rules: Rules) -> str:
    """Who deals, and with 4 players in pairs who is your partner."""
    partner = partner_of(YOU, players, rules)
    line = f"Dealer: {_who(dealer, players, rules)}."
    return line if partner is None else f"{line} Your partner: seat {partner}."


def _scores(scores: tuple[Fraction, ...] | list[Fraction], players: int, rules: Rules) -> str:
    """The match score by side: a pair's one score in a pairs game, else each seat's."""
    parts = []
    for team in teams(players, rules):
        seats = sorted(team)
        name = " + ".join("you" if s == YOU else f"seat {s}" for s in seats)
        parts.append(f"{name} {points(scores[seats[0]])}")
    return ", ".join(parts)


def _review(result: DealResult, match: Match, notation: Notation) -> list[str]:
    """The whole deal, its result, your double-dummy losses and the match score."""
    players, rules = len(match.players), match.rules
    score = _scores(match.scores, players, rules)
    record = result.record
    notes = [_who(s, players, rules) + (", dealer" if s == record.dealer else "")
             for s in range(players)]
    lines = ["", "The deal as dealt:",
             *hand_lines(record.deal.hands, record.trump, notes, notation)]
    if result.score is None:
        return [*lines, "Everyone passed twice: the cards are thrown in.", f"Match: {score}."]
    final = result.score
    lines.append(
        f"Deal over: {RESULT_NAMES[final.result]}, declarer side {final.declarer_points} "
        f"to {final.defender_points}."
    )
    analysis = analyze_play(record)
    mistakes = [c for c in analysis.cards if c.seat == YOU and c.cost]
    lines.append(
        f"Double-dummy margin {signed(analysis.dd_margin)}, played {signed(final.margin)}; "
        f"your cards gave away {analysis.lost()[YOU]} points."
    )
    for card in mistakes:
        lines.append(f"  trick {card.index // players + 1}: {notation.card(card.card)} "
                     f"cost {card.cost}, best was {notation.cards(card.best)}")
    lines.append(f"Match: {score}.")
    return lines

