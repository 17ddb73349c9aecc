"""``deberts play``: a person against the computer at the terminal."""

from __future__ import annotations

from fractions import Fraction

import click

from deberts.analysis.review import analyze_play
from deberts.play.arena import player_factory
from deberts.model.bidding import PASS, PLAY
from deberts.model.cards import Card, CardSet
from deberts.cli.common import (
    ascii_option, chosen_rules, notation_for_stdout, players_option, reported, rules_options,
    seed_option, target_option,
)
from deberts.text.render import Notation, RESULT_NAMES, hand_text, signed
from deberts.errors import DebertsError
from deberts.play.match import BidView, DealResult, Match, PlayView

YOU = 0


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
        click.echo(f"\nYour first cards: {hand_text(view.hand, n)}   face-up card: "
                   f"{n.card(view.face_up)}")
        if view.calls:
            click.echo("Calls so far: " + ", ".join(f"seat {b.seat} {b.call}" for b in view.calls))
        names = {PLAY: "play", PASS: "pass"}
        choices = [names.get(c, c) for c in view.legal]
        while True:
            answer = click.prompt(f"Round {view.round}, your call ({'/'.join(choices)})").strip()
            call = answer.lower() if answer.lower() in (PLAY, PASS) else answer.upper()
            if call in view.legal:
                return call
            click.echo(f"  '{answer}' is not a call here: choose one of {' '.join(choices)}")

    def exchange(self, view: PlayView) -> bool:
        n = self.notation
        return click.confirm(
            f"You hold the seven of trumps: exchange it for {n.card(view.face_up)}?",
            default=True,
        )

    def declare(self, view: PlayView) -> bool:
        """Ask only where declining can help (``bella`` other than ``owner``)."""
        if view.rules.bella == "owner":
            return True
        return click.confirm("Announce bella with this card?", default=True)

    def play(self, view: PlayView) -> Card:
        n = self.notation
        self._show(view)
        cards = _in_order(view.hand)
        while True:
            answer = click.prompt("Your card (e.g. JH, or its number)").strip()
            card = _chosen(answer, cards)
            if card is None:
                click.echo(f"  '{answer}' is not a card of your hand")
                continue
            if card not in view.legal:
                click.echo(f"  {n.card(card)} may not be played now: legal are "
                           f"{n.cards(view.legal)}")
                continue
            if self.confirm:
                again = click.prompt(f"  {n.card(card)}: Enter to play it, u to take it back",
                                     default="", show_default=False).strip().lower()
                if again in ("u", "undo"):
                    continue
            return card

    def _show(self, view: PlayView) -> None:
        n = self.notation
        role = "declarer" if view.seat == view.declarer else (
            "partner" if view.seat in view.declarer_side else "defender")
        score = ", ".join(f"seat {s} {_points(p)}" for s, p in enumerate(view.scores))
        lines = [
            "",
            f"Trump {n.suit(view.trump)}, seat {view.declarer} declares; you are the {role}. "
            f"Score: {score}.",
        ]
        if view.declarations:
            shown = "; ".join(f"seat {d.seat} {d.kind} {n.cards(d.cards)}" for d in view.declarations)
            lines.append(f"Declarations that score: {shown}")
        if view.tricks:
            last = view.tricks[-1]
            plays = " ".join(f"{p.seat}:{n.card(p.card)}" for p in last.plays)
            lines.append(f"Last trick: {plays}, seat {last.winner} won it")
        table = " ".join(f"{p.seat}:{n.card(p.card)}" for p in view.trick) or "(you lead)"
        lines.append(f"On the table: {table}")
        cards = _in_order(view.hand)
        lines.append("Your hand: " + "  ".join(
            f"{i}:{n.card(c)}{'' if c in view.legal else '(x)'}" for i, c in enumerate(cards, 1)
        ))
        click.echo("\n".join(lines))


def _in_order(hand: CardSet) -> list[Card]:
    """The hand as shown and numbered: by suit S H D C, highest first."""
    return sorted(hand, key=lambda c: (c.suit, -c.rank))


def _chosen(answer: str, cards: list[Card]) -> Card | None:
    if answer.isdigit():
        index = int(answer) - 1
        return cards[index] if 0 <= index < len(cards) else None
    try:
        card = Card.parse(answer)
    except DebertsError:
        return None
    return card if card in cards else None


def _points(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


@click.command(name="play")
@players_option
@click.option("--ai", "ai_spec", default="pimc:samples=50,bid_samples=40,seconds=1.0",
              show_default=True, help="The computer players' type and settings.")
@target_option
@click.option("--deals", type=click.IntRange(min=1), help="Stop after this many deals.")
@seed_option
@click.option("--confirm/--no-confirm", default=True, show_default=True,
              help="Ask before each card is final (u takes a misclick back).")
@rules_options
@ascii_option
def play_command(
    players: int, ai_spec: str, target: str, deals: int | None, seed: int | None,
    confirm: bool, preset: str, settings: tuple[str, ...], ascii_only: bool,
) -> None:
    """Play Deberts against the computer, with a double-dummy review of your play
    after each deal."""
    rules = chosen_rules(preset, settings)
    notation = notation_for_stdout(ascii_only)
    with reported():
        factory = player_factory(ai_spec)
        seats = [HumanPlayer(notation, confirm)] + [factory(s) for s in range(1, players)]
        match = Match(seats, rules, int(target), seed=seed)
    played = 0
    while match.winner() is None and (deals is None or played < deals):
        result = match.play_deal()
        played += 1
        click.echo("\n".join(_review(result, match, notation)))
    winner = match.winner()
    if winner is not None:
        click.echo("\nYou win the match!" if YOU in winner else
                   f"\nThe match goes to seat {' + '.join(map(str, sorted(winner)))}.")


def _review(result: DealResult, match: Match, notation: Notation) -> list[str]:
    """The deal's result, your double-dummy losses and the match score."""
    score = ", ".join(f"seat {s} {_points(p)}" for s, p in enumerate(match.scores))
    if result.score is None:
        return ["", "Everyone passed twice: the cards are thrown in.", f"Match: {score}."]
    final = result.score
    lines = [
        "",
        f"Deal over: {RESULT_NAMES[final.result]}, declarer side {final.declarer_points} "
        f"to {final.defender_points}.",
    ]
    analysis = analyze_play(result.record)
    mistakes = [c for c in analysis.cards if c.seat == YOU and c.cost]
    lines.append(
        f"Double-dummy margin {signed(analysis.dd_margin)}, played {signed(final.margin)}; "
        f"your cards gave away {analysis.lost()[YOU]} points."
    )
    for card in mistakes:
        lines.append(f"  card {card.index + 1}: {notation.card(card.card)} cost {card.cost}, "
                     f"best was {notation.cards(card.best)}")
    lines.append(f"Match: {score}.")
    return lines
