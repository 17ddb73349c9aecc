"""A toy third game, registered by the tests only, to show that the generic surfaces
(batch lines, game records, ``analyze --record``, the arena, the web API) serve a
game they have never heard of. Its faces are this package's layer modules, as each
game's are its layer packages: ``engine``, ``formats``, ``analysis``, ``play``,
``text`` and ``web``.

*High card*: two players hold a few cards each; the leader plays any card, the other
any card, the higher card (by its index, 8 * suit + rank) takes the trick and leads
the next. The margin is seat 0's tricks minus seat 1's. Solved by plain minimax.
"""

from __future__ import annotations

import random
from contextlib import nullcontext
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Iterable, Mapping, Sequence

import click

from deberts.engine.partial import PartialValues
from deberts.errors import IllegalMoveError, RecordError, RulesError
from deberts.model.cards import Card, CardSet, parse_cards
from deberts.model.fields import cards_field, check_object
from deberts.model.registry import Game
from deberts.play.duplicate import MatchOutcome, duplicate

FORMAT = "toy-record/1"


@dataclass(frozen=True)
class ToyRules:
    """High card has no options."""

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> ToyRules:
        if mapping:
            raise RulesError(f"unknown toy rule option {next(iter(mapping))!r}: it has none")
        return cls()

    @classmethod
    def from_settings(cls, settings: Iterable[str] = (), preset: str | None = None) -> ToyRules:
        return cls.from_mapping(dict(s.partition("=")[::2] for s in settings))

    def to_dict(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class ToyDeal:
    hands: tuple[CardSet, CardSet]

    @classmethod
    def parse(cls, hands: str | Sequence[str]) -> ToyDeal:
        first, second = hands.split() if isinstance(hands, str) else hands
        return cls((CardSet.parse(first), CardSet.parse(second)))


class ToyPosition:
    def __init__(self, deal: ToyDeal, rules: ToyRules | None = None,
                 moves: Iterable[Card | str] | str = ()) -> None:
        self.deal, self.rules = deal, rules or ToyRules()
        self.hands = [deal.hands[0].mask, deal.hands[1].mask]
        self.moves: list[Card] = []
        self.leader, self.to_move, self.tricks = 0, 0, [0, 0]
        for move in parse_cards(moves):
            self.push(move)

    def legal_moves(self) -> list[Card]:
        return list(CardSet(self.hands[self.to_move]))

    def is_over(self) -> bool:
        return not any(self.hands)

    def margin(self) -> int:
        return self.tricks[0] - self.tricks[1]

    def push(self, move: Card | str) -> None:
        card = Card.parse(move) if isinstance(move, str) else move
        if card not in self.legal_moves():
            raise IllegalMoveError(f"{card}: seat {self.to_move} does not hold it")
        self.hands[self.to_move] &= ~card.mask
        self.moves.append(card)
        if len(self.moves) % 2:
            self.to_move = 1 - self.to_move
            return
        lead, answer = self.moves[-2], self.moves[-1]
        winner = self.leader if lead > answer else 1 - self.leader
        self.tricks[winner] += 1
        self.leader = self.to_move = winner

    def copy(self) -> ToyPosition:
        return ToyPosition(self.deal, self.rules, self.moves)


@dataclass(frozen=True)
class ToySolution:
    margin: int
    to_move: int
    moves: tuple[tuple[Card, int], ...]
    pv: tuple[Card, ...]
    nodes: int = 0
    seconds: float = 0.0

    def move_margins(self) -> dict[Card, int]:
        return dict(self.moves)

    def to_dict(self) -> dict[str, Any]:
        return {"margin": self.margin, "to_move": self.to_move,
                "moves": [{"move": str(m), "margin": v} for m, v in self.moves],
                "pv": [str(m) for m in self.pv], "nodes": self.nodes, "seconds": 0.0}


class ToySolver:
    def __init__(self, table_bits: int | None = None) -> None:
        self.nodes = 0

    def limit(self, seconds: float | None = None, nodes: int | None = None) -> Any:
        return nullcontext()  # a toy search is too short to limit

    def progress(self, observer: Callable[[Any], None]) -> Any:
        return nullcontext()

    def line(self, position: ToyPosition) -> tuple[int, tuple[Card, ...], int]:
        self.nodes += 1
        if position.is_over():
            return position.margin(), (), position.margin()
        better = max if position.to_move == 0 else min
        lines = []
        for move in position.legal_moves():
            after = position.copy()
            after.push(move)
            margin, rest, _ = self.line(after)
            lines.append((margin, (move, *rest)))
        margin, line = better(lines, key=lambda item: item[0])
        return margin, line, margin

    def values(self, position: ToyPosition) -> dict[Card, int]:
        values = {}
        for move in position.legal_moves():
            after = position.copy()
            after.push(move)
            values[move] = self.line(after)[0]
        return values

    def proven_values(self, position: ToyPosition,
                      observer: Callable[[Any], None] | None = None) -> PartialValues[Card]:
        values = PartialValues(self.values(position), {}, None, position.to_move == 0,
                               self.nodes)
        if observer is not None:
            observer(values)
        return values

    def value(self, position: ToyPosition) -> int:
        return self.line(position)[0]

    def best(self, position: ToyPosition) -> tuple[int, Card]:
        margin, line, _ = self.line(position)
        return margin, line[0]

    def solve(self, position: ToyPosition) -> ToySolution:
        sign = 1 if position.to_move == 0 else -1
        moves = tuple(sorted(self.values(position).items(), key=lambda item: -sign * item[1]))
        margin, line, _ = self.line(position)
        return ToySolution(margin, position.to_move, moves, line, self.nodes)


def read_line(data: dict[str, Any]) -> ToyPosition:
    data = check_object(data, ("game", "hands", "played", "rules"), ("hands",))
    return ToyPosition(ToyDeal.parse(cards_field(data, "hands", "hand strings")),
                       ToyRules.from_mapping(data.get("rules", {})),
                       cards_field(data, "played", "card strings"))


def write_line(position: ToyPosition) -> dict[str, Any]:
    return {"hands": [str(hand) for hand in position.deal.hands],
            "played": [str(card) for card in position.moves]}


@dataclass(frozen=True)
class ToyRecord:
    deal: ToyDeal
    moves: tuple[Card, ...]
    seats: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "hands": [str(hand) for hand in self.deal.hands],
                "moves": [str(card) for card in self.moves], "seats": list(self.seats)}

    @classmethod
    def from_dict(cls, data: object) -> ToyRecord:
        data = check_object(data, ("format", "hands", "moves", "seats"), ("format", "hands"))
        if data["format"] != FORMAT:
            raise RecordError(f"bad field 'format': expected {FORMAT!r}")
        deal = ToyDeal.parse(cards_field(data, "hands", "hand strings"))
        moves = ToyPosition(deal, None, cards_field(data, "moves", "card strings")).moves
        return cls(deal, tuple(moves), tuple(data.get("seats", ())))


@dataclass(frozen=True)
class ToyAnalysis:
    start: ToyPosition
    costs: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"costs": list(self.costs), "lost": sum(self.costs)}


def review(position: ToyPosition | ToyRecord, moves: Iterable[Card | str] | str | None = None,
           table_bits: int | None = None, solver: ToySolver | None = None,
           start: int = 0) -> ToyAnalysis:
    if isinstance(position, ToyRecord):
        position, moves = ToyPosition(position.deal), position.moves
    cards = parse_cards(moves or ())
    position = ToyPosition(position.deal, None, [*position.moves, *cards[:start]])
    solver, current, costs = solver or ToySolver(), position.copy(), []
    for move in cards[start:]:
        sign = 1 if current.to_move == 0 else -1
        values = solver.values(current)
        card = Card.parse(move) if isinstance(move, str) else move
        best = (max if current.to_move == 0 else min)(values.values())
        costs.append(sign * (best - values[card]))
        current.push(card)
    return ToyAnalysis(position.copy(), tuple(costs))


def render_solution(position: ToyPosition, solution: ToySolution, notation: Any) -> str:
    return f"Optimal line: {' '.join(map(str, solution.pv))}\n\nScore: {solution.margin:+d}"


def render_analysis(analysis: ToyAnalysis, record: ToyRecord | None, notation: Any) -> str:
    return f"High card: {len(analysis.costs)} cards reviewed, {sum(analysis.costs)} lost."


def svg(position: ToyPosition, values: Mapping[Card, int] | None = None) -> str:
    marks = "".join(f'<text data-card="{card}">{value:+d}</text>'
                    for card, value in (values or {}).items())
    return f'<svg xmlns="http://www.w3.org/2000/svg">{marks}</svg>'


class FirstPlayer:
    """Plays its first legal card."""

    def move(self, position: ToyPosition) -> Card:
        return position.legal_moves()[0]


class BestPlayer:
    """Plays an optimal card (it sees every hand)."""

    def move(self, position: ToyPosition) -> Card:
        return ToySolver().best(position)[1]


PLAYERS: dict[str, tuple[Callable[..., Any], dict[str, type]]] = {
    "first": (FirstPlayer, {}), "best": (BestPlayer, {})}


def random_deal(seed: int) -> ToyDeal:
    cards = random.Random(seed).sample(range(32), 6)
    return ToyDeal((CardSet(cards[:3]), CardSet(cards[3:])))


def play_seating(specs: tuple[str, str], seed: int, number: int, seat: int) -> MatchOutcome:
    players = [PLAYERS[specs[0]][0](), PLAYERS[specs[1]][0]()]
    if seat == 1:
        players.reverse()
    deal = random_deal(seed * 1000 + number)
    position = ToyPosition(deal)
    while not position.is_over():
        position.push(players[position.to_move].move(position))
    margin = position.margin() if seat == 0 else -position.margin()
    names = specs if seat == 0 else specs[::-1]
    record = ToyRecord(deal, tuple(position.moves), tuple(names))
    return MatchOutcome((float(margin),), margin > 0, (record.to_dict(),))


@dataclass(frozen=True)
class ToyArenaResult:
    specs: tuple[str, str]
    outcomes: tuple[MatchOutcome, ...]

    def to_dict(self) -> dict[str, Any]:
        margins = [o.margins[0] for o in self.outcomes]
        return {"players": list(self.specs), "deals": len(margins),
                "mean_margin": sum(margins) / len(margins)}


def arena(specs: tuple[str, str], deals: int = 10, seed: int = 0, rules: ToyRules | None = None,
          jobs: int = 1, progress: Callable[[MatchOutcome], None] | None = None) -> ToyArenaResult:
    job = partial(play_seating, specs, seed)
    return ToyArenaResult(specs, duplicate(job, 2, deals, jobs, progress))


def render_arena(data: dict[str, Any]) -> list[str]:
    first, second = data["players"]
    return [f"High card, {first} against {second}: {data['deals']} deals, "
            f"mean margin {data['mean_margin']:+.2f} for {first}."]


class ToyTerminal:
    """The game at the terminal: the person holds the first hand against
    ``FirstPlayer``, naming his cards; with ``--reveal`` the computer's hand is shown."""

    DEFAULT_AI = "first"

    @staticmethod
    def play(table: Any) -> None:
        from deberts.cli.terminal import ask

        position = ToyPosition(random_deal(table.seed or 0))
        computer = PLAYERS[table.ai_spec][0]()
        if table.options["reveal"]:
            click.echo(f"The computer holds {CardSet(position.hands[1])}.")
        while not position.is_over():
            if position.to_move == 0:
                position.push(ask(f"Your card of {' '.join(map(str, position.legal_moves()))}"))
            else:
                position.push(computer.move(position))
        click.echo(f"Margin {position.margin():+d}.")


@click.command(name="solve")
@click.argument("hands", nargs=2)
def solve_command(hands: tuple[str, str]) -> None:
    """Solve a high-card deal: its margin and an optimal line."""
    from deberts.cli.common import reported

    with reported():
        position = ToyPosition(ToyDeal.parse(hands))
    solution = ToySolver().solve(position)
    click.echo(render_solution(position, solution, None))


@click.command(name="deal")
@click.option("--seed", type=int, default=0, show_default=True, help="The deal's seed.")
def deal_command(seed: int) -> None:
    """Print a random high-card deal: the two hands."""
    click.echo(" ".join(str(hand) for hand in random_deal(seed).hands))


#: High card's analyse page: two hands in, each legal card's value and the drawing out,
#: through the API every game has (``/api/solve?board=true``).
PAGE_BODY = """<main><h1>High card</h1>
<input id="hands" value="AK.7.. QJ.8.."><button id="solve">Solve</button>
<p id="margin"></p><div id="board"></div></main>
"""
PAGE_SCRIPT = """document.getElementById("solve").addEventListener("click", async () => {
  const hands = document.getElementById("hands").value.trim().split(/\\s+/);
  const answer = await fetch("/api/solve?board=true", {method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({game: "highcard", hands})});
  const data = await answer.json();
  document.getElementById("margin").textContent = "Margin " + data.margin;
  document.getElementById("board").innerHTML = data.svg;
});
"""

#: High card's own option of ``deberts play``.
REVEAL = (click.Option(["--reveal/--no-reveal"], default=False,
                       help="High card: show the computer's hand first."),)


def own_commands() -> Sequence[click.Command]:
    return (solve_command, deal_command)


def own_options(command: str) -> Sequence[click.Option]:
    return REVEAL if command == "play" else ()


def terminal_game() -> type[ToyTerminal]:
    return ToyTerminal


class Toy(Game):
    """High card, the tests' own game: its model here, its faces in this package's
    layer modules (``toy_game.engine``, ``toy_game.web``, ...), found as every game's."""

    name = "highcard"
    title = "High card"
    aliases = ("toy",)
    position = ToyPosition
    deal = ToyDeal
    rules = ToyRules
    record = ToyRecord
    record_format = FORMAT
    #: Its cli face (:class:`deberts.cli.faces.GameCli`): this module's own_commands,
    #: own_options and terminal_game.
    layers = {"cli": __name__}  # its commands are this module's



TOY = Toy()
