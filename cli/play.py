"""``deberts play``: a person against the computer at the terminal.

At every question the person may type ``help`` (or ``?``) for the commands, and
``q`` (or ``quit``) to leave the match; the deals played so far stay in the
``--record`` file. The end of the input leaves the match too, with exit status 1
(:data:`INPUT_ENDED`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from fractions import Fraction
from typing import Iterable, TextIO

import click

from deberts.analysis.review import analyze_play
from deberts.cli.arena import chosen_game, game_option, refuse_options
from deberts.cli.common import (
    option,
    CliError,
    ascii_option,
    chosen_rules,
    notation_for_stdout,
    players_option,
    reported,
    rules_options,
    seed_option,
    target_option,
)
from deberts.cli.tertz import tertz_rules
from deberts.errors import DebertsError
from deberts.formats import records
from deberts.model.bidding import PASS, PLAY
from deberts.model.cards import Card, CardSet
from deberts.model.rules import Rules
from deberts.model.sides import partner_of, teams
from deberts.model.tertz import Move, parse_move
from deberts.play.arena import player_factory
from deberts.play.match import BidView, DealResult, Match, PlayView
from deberts.play.tertz.arena import tertz_player_factory
from deberts.play.tertz.costs import move_costs
from deberts.play.tertz.match import TertzDealResult, TertzGame, TertzView
from deberts.text.render import (
    RESULT_NAMES,
    Notation,
    counted,
    hand_lines,
    hand_text,
    signed,
)
from deberts.text.tertz.render import deal_lines, move_text, score_lines

YOU = 0

HELP = """Commands, at any question:
  a card: its name (JH, 10S) or its number in your hand; Enter then plays it
          (u takes it back) unless --no-confirm
  a call: play, pass or a suit letter, as offered
  y / n:  to a yes-or-no question
  help, ?: this text
  q, quit: leave the match (the deals so far stay in the --record file)"""


#: Exit status when the input ends before the match does (q leaves with 0).
INPUT_ENDED = 1


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
        cards = _in_order(view.hand)
        while True:
            answer = ask("Your card (e.g. JH, or its number)")
            card = _chosen(answer, cards)
            if card is None:
                click.echo(f"  '{answer}' is not a card of your hand")
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


def hand_choice(hand: CardSet, legal: Iterable[Move], notation: Notation) -> str:
    """The hand numbered for the answer, ``(x)`` on the cards that may not be played
    now, and what the mark means when a card carries it."""
    playable = set(legal)
    cards = _in_order(hand)
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
            click.echo(HELP)
            continue
        return answer


def taken_back(card: Card, notation: Notation) -> bool:
    """Ask the person to confirm a card (Enter) or take it back (u)."""
    again = ask(f"  {notation.card(card)}: Enter to play it, u to take it back", default="")
    return again.lower() in ("u", "undo")


def yes_or_no(question: str) -> bool:
    """A yes-or-no question, yes on Enter."""
    while True:
        answer = ask(f"{question} [Y/n]", default="y").lower()
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        click.echo("  answer y or n")


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
        parts.append(f"{name} {_points(scores[seats[0]])}")
    return ", ".join(parts)


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


#: The computer's type and settings by game, when --ai is not given.
DEFAULT_AI = {"deberts": "pimc:samples=50,bid_samples=40,seconds=1.0",
              "tertz": "pimc:samples=20,seconds=1.0"}
#: Tertz: the person's moves are reviewed from this many cards left to draw on
#: (the engine needs minutes for a whole deal).
REVIEW_STOCK = 4


@click.command(name="play")
@game_option
@players_option
@click.option("--ai", "ai_spec", metavar="SPEC",
              help=f"The computer players' type and settings (default: "
              f"{DEFAULT_AI['deberts']}; with --game tertz, {DEFAULT_AI['tertz']}).")
@target_option
@click.option("--deals", type=click.IntRange(min=1), help="Stop after this many deals.")
@seed_option
@click.option("--confirm/--no-confirm", default=True, show_default=True,
              help="Ask before each card is final (u takes a misclick back).")
@option("--records", "record_file", "--record", type=click.File("w", encoding="utf-8", lazy=False),
              metavar="FILE.jsonl",
              help="Save each deal's game record here, one a line, as it ends.")
@click.option("--review-stock", type=click.IntRange(0, 14), default=REVIEW_STOCK,
              show_default=True,
              help="Tertz: review your moves made with at most this many cards left to "
              "draw (14: all of them, minutes a deal).")
@rules_options
@ascii_option
def play_command(
    game: str, players: int, ai_spec: str | None, target: str, deals: int | None,
    seed: int | None, confirm: bool, record_file: TextIO | None, review_stock: int,
    preset: str, settings: tuple[str, ...], ascii_only: bool,
) -> None:
    """Play Deberts (or, with --game tertz, Tertz to 501) against the computer, with
    a double-dummy review of your play after each deal. Type help at any question
    for the commands, q to quit."""
    game = chosen_game(game).name
    if game not in DEFAULT_AI:
        raise CliError(f"bad --game {game!r}: play knows {' '.join(DEFAULT_AI)}")
    ai_spec = ai_spec or DEFAULT_AI[game]
    notation = notation_for_stdout(ascii_only)
    if game == "tertz":
        refuse_options(chosen_game(game))
        _play_tertz(ai_spec, deals, seed, confirm, record_file, review_stock, settings,
                    notation)
        return
    rules = chosen_rules(preset, settings)
    with reported():
        factory = player_factory(ai_spec)
        seats = [HumanPlayer(notation, confirm)] + [factory(s) for s in range(1, players)]
        match = Match(seats, rules, int(target), seed=seed)
    names = ("you", *[ai_spec] * (players - 1))
    click.echo("You are seat 0. Type help at any question for the commands, q to quit.")
    played = 0
    try:
        while match.winner() is None and (deals is None or played < deals):
            result = match.play_deal()
            played += 1
            if record_file is not None:
                record_file.write(records.line(replace(result.record, seats=names)) + "\n")
                record_file.flush()
            click.echo("\n".join(_review(result, match, notation)))
    except Quit as stop:
        left(stop, f"You left the match after {counted(played, 'deal')}. "
                   f"Score: {_scores(match.scores, players, rules)}.")
        return
    winner = match.winner()
    if winner is not None:
        click.echo("\nYou win the match!" if YOU in winner else
                   f"\nThe match goes to seat {' + '.join(map(str, sorted(winner)))}.")


def _review(result: DealResult, match: Match, notation: Notation) -> list[str]:
    """The whole deal, its result, your double-dummy losses and the match score."""
    players, rules = len(match.players), match.rules
    score = _scores(match.scores, players, rules)
    record = result.record
    notes = [_who(s, players, rules) + (", dealer" if s == record.dealer else "")
             for s in range(players)]
    lines = ["", "The deal as dealt:", *hand_lines(record.deal.hands, record.trump, notes, notation)]
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
        lines.append(f"  card {card.index + 1}: {notation.card(card.card)} cost {card.cost}, "
                     f"best was {notation.cards(card.best)}")
    lines.append(f"Match: {score}.")
    return lines


class TertzHumanPlayer:
    """The person's seat at a Tertz table: shows what the seat may see and asks for
    each move (a card by name or number, swap, or the break's K)."""

    def __init__(self, notation: Notation, confirm: bool = True) -> None:
        self.notation = notation
        self.confirm = confirm

    def move(self, view: TertzView) -> Move:
        n = self.notation
        self._show(view)
        if view.break_due:
            while True:
                answer = ask("You lost the first trick: break the stock by K (0 to 12)")
                move = _tertz_move(f"break:{answer}" if answer.isdigit() else answer, view)
                if move is not None and move in view.legal:
                    return move
                click.echo("  answer a number from 0 to 12")
        cards = _in_order(view.hand)
        while True:
            answer = ask("Your card (e.g. JH, or its number; or swap)")
            move = _chosen(answer, cards) if answer.isdigit() else _tertz_move(answer, view)
            if move is None or move not in view.legal:
                legal = " ".join(move_text(m, n) for m in view.legal)
                click.echo(f"  '{answer}' is not a legal move here: legal are {legal}")
                continue
            if self.confirm and isinstance(move, Card) and taken_back(move, n):
                continue
            return move

    def _show(self, view: TertzView) -> None:
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


def _tertz_move(answer: str, view: TertzView) -> Move | None:
    """A move typed as its notation (a card, swap, break:K), or ``None``."""
    try:
        return parse_move(answer)
    except DebertsError:
        return None


def _play_tertz(
    ai_spec: str, deals: int | None, seed: int | None, confirm: bool,
    record_file: TextIO | None, review_stock: int, settings: tuple[str, ...],
    notation: Notation,
) -> None:
    """A Tertz game to 501: the person is player 0, the computer player 1."""
    with reported():
        rules = tertz_rules(settings)
        computer = tertz_player_factory(ai_spec)(1)
        game = TertzGame([TertzHumanPlayer(notation, confirm), computer], rules, seed=seed)
    click.echo("Tertz to 501. Type help at any question for the commands, q to quit.")
    played = 0
    try:
        while game.winner() is None and (deals is None or played < deals):
            result = game.play_deal()
            played += 1
            seat = game.seating[-1].index(YOU)
            if record_file is not None:
                names = ["you", ai_spec] if seat == 0 else [ai_spec, "you"]
                record_file.write(json.dumps(result.record(names).to_dict()) + "\n")
                record_file.flush()
            click.echo("\n".join(_tertz_review(result, seat, game, review_stock, notation)))
    except Quit as stop:
        left(stop, f"You left the game after {counted(played, 'deal')}. "
                   f"Score: you {game.scores[YOU]}, computer {game.scores[1 - YOU]}.")
        return
    winner = game.winner()
    if winner is not None:
        click.echo("\nYou win the game!" if winner == YOU else "\nThe computer wins the game.")


def _tertz_review(
    result: TertzDealResult, seat: int, game: TertzGame, review_stock: int,
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
