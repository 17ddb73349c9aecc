"""A duplicate match against colver's bots in the card play of French Belote
(``pip install colver``, the ``colver`` extra).

``python benchmarks/vs_colver_bots.py --ours pimc:samples=100 --worlds 100 --boards 120``

``--worlds 300ms`` gives colver's bots a time per decision instead (``time_ms``, as
many worlds as fit: the ``isdd300mscp`` bot of its arena, its strongest that runs
without its downloaded models).

Each board is one deal colver shuffles from its seed (``colver.Env.deal``), dealer
rotating. colver's rule bidder (``Env.bid_improved``, the same calls in both
seatings) fixes the trump and the declarer; our players' views carry its auction
(:func:`colver_auction`: suits named, passes and coinches; the values are dropped),
the contract's value and any coinche change nothing else, the play is French Belote's (the ``belote`` preset, docs/rules.md 2.8:
the eldest hand leads). The deal is then played twice, our pair North-South
(seats 0 and 2) and then East-West, colver's ``isdd`` bots (``colver.Agent``: worlds
sampled uniformly within what its seat knows, each solved double-dummy, objective
card points, ``--worlds`` worlds a decision) in the other seats. Our seats take any
player spec of ``deberts arena`` (``pimc:samples=100``, ``heuristic``, ...).

Reported, for our pair:

- the margin a deal: our card points minus theirs (the last trick 10, or 252 for
  a capot), the mean of the board's two plays, with its 95% interval over boards.
  Bella is left out: its owner's side gets it whatever the play, so it cancels
  between the two plays of a board;
- the points each side gave away against double-dummy play
  (:mod:`deberts.variants.deberts.analysis.given_away`), as declarer and as defenders, and per board
  how many more the other side gave away in the same role on the same cards;
- the CPU time (``time.process_time``, all threads) per decision and per deal of
  each side: ours every ``play``/``declare`` call, theirs every ``decide`` plus
  their ``init_deal`` and ``observe`` calls. colver runs on one thread
  (``RAYON_NUM_THREADS=1``) as ours does.

Every seed is fixed (the deals, colver's agents, our players), so a run repeats.
On two cores, two processes share a run: ``--part 0/2 --log a.jsonl`` and ``--part
1/2 --log b.jsonl`` play the even and the odd deals, and ``--from-log a.jsonl
b.jsonl`` reports their boards together. A log grows a whole line a board; one whose
last line was cut short (a run killed, or a full disk, while it wrote) is read
without that line, with a warning, and a run carried on from it cuts the line off.
Bella is announced by whoever holds it (colver counts it for its owner); our
players are asked and may keep quiet, which the ``owner`` rule never rewards.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
from colver_compare import BELOTE, FROM_COLVER, TO_COLVER

from deberts import Card, Deal, Suit, score
from deberts.analysis.stats import mean_ci95, rounded
from deberts.cli import script
from deberts.errors import DebertsError, RecordError
from deberts.formats.output_file import LineAppender
from deberts.json_text import decode_json
from deberts.play.specs import player_factory
from deberts.variants.deberts.analysis.given_away import RoleLosses, given_away, role_summary
from deberts.variants.deberts.model.bidding import Bid
from deberts.variants.deberts.model.declarations import bella_mask
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.play.match import view_of

# colver is imported only when a deal is played: its thread pool starts then.
os.environ.setdefault("RAYON_NUM_THREADS", "1")

#: colver's bidding phase, and its play phase.
BIDDING, PLAYING = 0, 1
#: Our pair's seats in the board's two plays.
SEATINGS = (frozenset({0, 2}), frozenset({1, 3}))


#: colver's budget a decision: a number of worlds, or milliseconds (``"300ms"``).
Budget = int | str


def isdd_spec(worlds: Budget) -> str:
    """colver's bot spec (its arena's TOML): the rule bidder, and the ``isdd`` card
    play over uniformly sampled worlds, maximising card points: ``worlds`` of them,
    or as many as fit in a time (``"300ms"``)."""
    budget = (f"time_ms = {worlds.removesuffix('ms')}" if isinstance(worlds, str)
              else f"determinizations = {worlds}")
    return ("[bid]\nstrategy = \"improved\"\n"
            f"[play]\nmethod = \"isdd\"\n{budget}\n"
            "objective = \"card_points\"\n[worlds]\nsource = \"uniform\"\n")


def budget_of(text: str) -> Budget:
    """``--worlds``: ``100`` (worlds a decision) or ``300ms`` (a time a decision)."""
    number = text.removesuffix("ms")
    if not number.isdigit() or int(number) < 1:
        raise argparse.ArgumentTypeError(
            f"bad budget {text!r}: expected worlds (100) or milliseconds (300ms)")
    return text if text.endswith("ms") else int(number)


def budget_text(worlds: Budget) -> str:
    """The budget as the report says it."""
    return f"{worlds.removesuffix('ms')} ms a decision" if isinstance(worlds, str) else f"{worlds} worlds"


@dataclass(frozen=True)
class Play:
    """One deal played once: our card-point margin, what each side gave away in each
    role, and each side's CPU seconds (per decision, and in all)."""

    margin: int
    declarer_ours: bool
    ours: RoleLosses
    theirs: RoleLosses
    our_decisions: tuple[float, ...]
    their_decisions: tuple[float, ...]
    our_seconds: float
    their_seconds: float


def play_once(
    board: int, seed: int, ours: frozenset[int], make: Callable[[int], Any], worlds: Budget
) -> Play | None:
    """Board number ``board`` with our players on ``ours``; ``None`` when colver's
    bidder passes the deal out."""
    import colver

    env = colver.Env.deal(dealer=board % 4, seed=seed * 100_003 + board)
    salt = (seed * 100_003 + board) * 4
    agents = {s: colver.Agent(isdd_spec(worlds), s, salt + s) for s in range(4) if s not in ours}
    players = {s: make(salt + s) for s in ours}
    their_seconds = 0.0

    def observe(action: int) -> None:
        nonlocal their_seconds
        started = time.process_time()
        for agent in agents.values():
            agent.observe(env, action)
        their_seconds += time.process_time() - started
        env.step(action)

    started = time.process_time()
    for agent in agents.values():
        agent.init_deal(env)
    their_seconds += time.process_time() - started
    while env.phase() == BIDDING:
        observe(env.bid_improved())
    if env.phase() != PLAYING:
        return None
    calls = colver_auction(env)
    deal = Deal([sum(1 << FROM_COLVER[c] for c in hand) for hand in env.get_hands()])
    dealer = env.get_dealer()
    record = GameRecord(deal, dealer, BELOTE, auction=calls)
    contract = env.get_contract()
    assert record.declarer is not None
    if record.trump != Suit(contract["trump"]) or record.declarer % 2 != contract["team"]:
        raise AssertionError(f"board {board}: colver's contract is {contract}")
    position = record.start()
    if position.leader != env.get_trick_lead():
        raise AssertionError(f"board {board}: colver leads from seat {env.get_trick_lead()}")
    mine: list[float] = []
    theirs: list[float] = []
    declined = False
    while not position.is_over():
        seat = position.to_move
        if env.current_player() != seat:
            raise AssertionError(f"board {board}: colver has seat {env.current_player()} to play")
        started = time.process_time()
        if seat in ours:
            view = view_of(position, None, dealer, auction=calls)
            card = players[seat].play(view)
            announce = True
            if position.bella_pending() and card.mask & bella_mask(position.trump):
                announce = bool(players[seat].declare(view))
                declined = declined or not announce
            mine.append(time.process_time() - started)
        else:
            card = Card(FROM_COLVER[agents[seat].decide(env)["action"]])
            announce = True
            theirs.append(time.process_time() - started)
        position.push(card, bella=announce)
        observe(TO_COLVER[int(card)])
    final = score(position)
    points = [sum(final.card_points[s] + final.last_trick[s] for s in side) for side in SEATINGS]
    if points != list(env.get_points()):
        raise AssertionError(f"board {board}: card points {points}, colver {env.get_points()}")
    us = 0 if ours == SEATINGS[0] else 1
    record = GameRecord(deal, dealer, BELOTE, auction=calls,
                        play=tuple(position.played_cards()), bella_declined=declined)
    lost = given_away(record)
    others = frozenset(range(4)) - ours
    return Play(points[us] - points[1 - us], position.declarer in ours, lost.of(ours),
                lost.of(others), tuple(mine), tuple(theirs), sum(mine), sum(theirs) + their_seconds)


def colver_auction(env: Any) -> tuple[Bid, ...]:
    """colver's bid history as our calls: a suit named (its value dropped), ``pass``,
    ``coinche`` or ``surcoinche`` (:func:`deberts.variants.deberts.model.bidding.outside_contract`)."""
    import colver

    calls = []
    for seat, action in env.get_bid_history():
        name = colver.Env.action_name(action, BIDDING)
        lowered = name.lower()
        calls.append(Bid(seat, lowered if lowered in ("pass", "coinche", "surcoinche")
                         else Suit.parse(name[-1]).name))
    return tuple(calls)


@dataclass(frozen=True)
class Board:
    """One deal played in both seatings."""

    number: int
    plays: tuple[Play, Play]

    @property
    def margin(self) -> float:
        """Our margin a deal: the mean of the two plays."""
        return (self.plays[0].margin + self.plays[1].margin) / 2

    def role_gap(self, role: str) -> float:
        """How many more points colver's side gave away than ours in ``role`` on
        these cards (each side has the role in one of the two plays)."""
        ours = next(getattr(p.ours, role) for p in self.plays if getattr(p.ours, role) is not None)
        theirs = next(getattr(p.theirs, role) for p in self.plays
                      if getattr(p.theirs, role) is not None)
        return float(theirs - ours)


def run(
    spec: str, worlds: Budget, boards: int, seed: int = 0,
    progress: Callable[[Board], None] | None = None, part: tuple[int, int] = (0, 1),
    done: Sequence[Board] = (),
) -> list[Board]:
    """``boards`` boards (deals colver's bidder passes out are skipped, not counted).
    With ``part=(k, n)`` only the deals numbered ``k`` modulo ``n``: ``n`` processes,
    one a part, share a run out, and their logs together are one run's boards.
    The boards ``done`` already (a stopped run's, read back from its log) count
    towards ``boards``, and play carries on after the last of them."""
    number, step = part
    if any(board.number % step != number for board in done):
        raise ValueError(f"the boards done are not all of part {number}/{step}")
    played = sorted(done, key=lambda board: board.number)
    if played:
        number = played[-1].number + step
    if len(played) >= boards:
        return played
    make = player_factory(spec)
    warm_up(make)
    while len(played) < boards:
        first = play_once(number, seed, SEATINGS[0], make, worlds)
        if first is not None:
            second = play_once(number, seed, SEATINGS[1], make, worlds)
            assert second is not None and second.declarer_ours != first.declarer_ours
            played.append(Board(number, (first, second)))
            if progress is not None:
                progress(played[-1])
        number += step
    return played


def warm_up(make: Callable[[int], Any]) -> None:
    """One untimed decision of ours: a process's first sampling compiles the
    sampler, which is no part of a decision."""
    position = GameRecord(Deal.random(4, seed=1), 0, BELOTE, trump=Suit(0), declarer=1).start()
    make(0).play(view_of(position, None, 0))


def report(spec: str, worlds: Budget, seed: int, boards: list[Board]) -> dict[str, Any]:
    """The figures of a run as a JSON object."""
    margins = np.array([b.margin for b in boards])
    plays = [p for b in boards for p in b.plays]
    data: dict[str, Any] = {
        "our_player": spec, "worlds": worlds, "seed": seed, "boards": len(boards),
        "margin": rounded(margins.mean()), "margin_ci95": mean_ci95(margins),
    }
    for side in ("ours", "theirs"):
        prefix = "our" if side == "ours" else "their"
        decisions = np.array([t for p in plays for t in getattr(p, f"{prefix}_decisions")])
        seconds = np.array([getattr(p, f"{prefix}_seconds") for p in plays])
        data[side] = {
            "given_away": role_summary([getattr(p, side) for p in plays]),
            "cpu_per_decision": rounded(decisions.mean(), 4),
            "cpu_decision_p95": rounded(np.percentile(decisions, 95), 4),
            "cpu_decision_max": rounded(decisions.max(), 4),
            "cpu_per_deal": rounded(seconds.mean(), 3),
        }
    for role in ("declarer", "defenders"):
        gaps = np.array([b.role_gap(role) for b in boards])
        data[f"{role}_gap"] = {"mean": rounded(gaps.mean()), "ci95": mean_ci95(gaps)}
    return data


def lines(data: dict[str, Any]) -> list[str]:
    """The report as text: the benchmarks/README row, then the details."""
    low, high = data["margin_ci95"]
    ours, theirs = data["our_player"], f"isdd, {budget_text(data['worlds'])}"
    out = [
        ("| deberts | colver | boards | margin a deal (95%) | CPU a deal, ours / theirs "
         "| CPU a decision, ours / theirs |"),
        "|---|---|---|---|---|---|",
        (f"| `{ours}` | {theirs} | {data['boards']} "
         f"| {data['margin']:+.1f} ({low:+.1f} .. {high:+.1f}) "
         f"| {data['ours']['cpu_per_deal']:.2f} s / {data['theirs']['cpu_per_deal']:.2f} s "
         f"| {data['ours']['cpu_per_decision'] * 1e3:.0f} ms / "
         f"{data['theirs']['cpu_per_decision'] * 1e3:.0f} ms |"),
        "",
        "Points given away against double-dummy play, a deal:",
        "",
        "| side | as declarer (95%) | as defenders (95%) |",
        "|---|---|---|",
    ]
    for side, name in (("ours", ours), ("theirs", theirs)):
        cells = []
        for role in ("declarer", "defenders"):
            figure = data[side]["given_away"][f"as_{role}"]
            low, high = figure["ci95"]
            cells.append(f"{figure['mean']:.1f} ({low:.1f} .. {high:.1f})")
        out.append(f"| {name} | {cells[0]} | {cells[1]} |")
    for role in ("declarer", "defenders"):
        gap = data[f"{role}_gap"]
        out.append(f"\nAs {role}, colver's side gave away {gap['mean']:+.1f} points a deal more "
                   f"than ours on the same cards ({gap['ci95'][0]:+.1f} .. {gap['ci95'][1]:+.1f}).")
    ours_cpu, theirs_cpu = data["ours"], data["theirs"]
    out.append(f"\nDecision CPU p95 / max: ours {ours_cpu['cpu_decision_p95']:.3f} s / "
               f"{ours_cpu['cpu_decision_max']:.3f} s, theirs "
               f"{theirs_cpu['cpu_decision_p95']:.3f} s / {theirs_cpu['cpu_decision_max']:.3f} s; "
               f"seed {data['seed']}.")
    return out


def board_of(line: dict[str, Any]) -> Board:
    """A board from its ``--log`` line; ``ValueError`` when it is none."""
    try:
        plays = tuple(
            Play(**{**p, "ours": RoleLosses(**p["ours"]), "theirs": RoleLosses(**p["theirs"]),
                    "our_decisions": tuple(p["our_decisions"]),
                    "their_decisions": tuple(p["their_decisions"])})
            for p in line["plays"]
        )
        number = line["board"]
    except (KeyError, TypeError) as error:
        raise ValueError(f"not a board ({type(error).__name__}: {error})") from None
    if len(plays) != 2 or type(number) is not int:
        raise ValueError("not a board (expected a board number and its two plays)")
    return Board(number, (plays[0], plays[1]))


def log_line(settings: dict[str, Any], board: Board) -> str:
    """``board`` as a line of ``--log`` (no line break), with the run's ``settings``
    (ours, worlds, seed), which :func:`read_logs` checks."""
    line = {**settings, "board": board.number, "plays": board.plays}
    return json.dumps(line, default=lambda o: o.__dict__)


@dataclass(frozen=True)
class Log:
    """What a log holds: its lines' objects, and the size of its whole lines (less
    than the file's when its last line was cut)."""

    lines: list[dict[str, Any]]
    whole: int
    cut: bool


def read_log(path: str) -> Log:
    """The lines of the log at ``path``: a last line cut short (a run killed, or a
    full disk, while it wrote) is dropped with a warning on stderr; any other line
    that is no board's JSON object is a ``ValueError`` naming its line number."""
    if os.path.isdir(path):
        raise ValueError(f"{path}: a directory, not a log")
    with open(path, "rb") as log:
        data = log.read()
    found: list[dict[str, Any]] = []
    start = 0
    number = 0
    while start < len(data):
        end = data.find(b"\n", start)
        last = end < 0
        text = data[start:] if last else data[start:end]
        number += 1
        try:
            line = decode_json(text, "line")
            if not isinstance(line, dict):
                raise RecordError("expected a JSON object")
            board_of(line)
            if any(key not in line for key in ("ours", "worlds", "seed")):
                raise RecordError("expected the run's --ours, --worlds and --seed")
        except (RecordError, ValueError) as error:
            if last:  # written in part: the line break is written with the line
                print(f"warning: {path}: line {number} is cut short (a run stopped while "
                      "writing it): dropped", file=sys.stderr)
                return Log(found, start, True)
            raise ValueError(f"{path}: line {number}: {error}") from None
        if last:  # a whole object, but no line break: cut before it
            print(f"warning: {path}: line {number} has no line break (a run stopped while "
                  "writing it): dropped", file=sys.stderr)
            return Log(found, start, True)
        found.append(line)
        start = end + 1
    return Log(found, len(data), False)


def read_logs(paths: list[str]) -> tuple[dict[str, Any], list[Board]]:
    """The settings and the boards of the logs of one run (its parts, or a run cut
    short and carried on), in board order; ``ValueError`` when they are not one
    run's: other settings, or a board twice."""
    return _run_of([line for path in paths for line in read_log(path).lines])


def _run_of(lines_read: list[dict[str, Any]]) -> tuple[dict[str, Any], list[Board]]:
    """The settings and the boards of log lines (see :func:`read_logs`)."""
    if not lines_read:
        raise ValueError("the logs hold no board")
    settings = {key: lines_read[0][key] for key in ("ours", "worlds", "seed")}
    if any({key: line[key] for key in settings} != settings for line in lines_read):
        raise ValueError("the logs were played with different --ours, --worlds or --seed")
    if len({line["board"] for line in lines_read}) < len(lines_read):
        raise ValueError("a board is in the logs twice")
    lines_read.sort(key=lambda line: line["board"])
    return settings, [board_of(line) for line in lines_read]


def logged_boards(path: str, settings: dict[str, Any]) -> list[Board]:
    """The boards a run with ``settings`` already logged at ``path`` (none when there
    is no log yet); ``ValueError`` when the log is another run's. A last line cut
    short is cut off the file, so that the boards played next follow whole lines."""
    if not os.path.lexists(path):
        return []
    log = read_log(path)
    if not log.lines:
        boards: list[Board] = []
    else:
        logged, boards = _run_of(log.lines)
        if logged != settings:
            raise ValueError(f"{path} holds the boards of another run ({logged}): "
                             "give another --log")
    if log.cut:
        os.truncate(path, log.whole)
    return boards


def require_colver() -> None:
    """Refuse a playing run without colver, before anything is written."""
    try:
        import colver  # noqa: F401
    except ImportError:
        raise DebertsError("colver is not installed: pip install colver (the colver "
                           "extra), or report a run's logs with --from-log") from None


def part_of(text: str) -> tuple[int, int]:
    """``K/N`` as ``(K, N)``, with ``0 <= K < N``."""
    k, _, n = text.partition("/")
    try:
        part = int(k), int(n)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad part {text!r}: expected K/N, as 0/2") from None
    if not 0 <= part[0] < part[1]:
        raise argparse.ArgumentTypeError(f"bad part {text!r}: expected 0 <= K < N")
    return part


def main() -> None:
    parser = script.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", default="pimc:samples=100",
                        help="our player, a deberts arena spec (default pimc:samples=100)")
    parser.add_argument("--worlds", type=budget_of, default=100,
                        help="colver's worlds a decision (100), or its time a decision (300ms)")
    parser.add_argument("--boards", type=script.at_least(1), default=20,
                        help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=0, help="the seed of deals and players")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--log", metavar="FILE.jsonl",
                        help="append each board's figures here; a log of the same run and "
                             "part already there is carried on where it stopped")
    parser.add_argument("--part", metavar="K/N", type=part_of, default=(0, 1),
                        help="play only the deals numbered K modulo N (N processes share a run)")
    parser.add_argument("--from-log", metavar="FILE.jsonl", nargs="+",
                        help="report the boards of logs instead of playing (a run cut short, "
                             "or the parts of one run)")
    args = parser.parse_args()
    settings = {"ours": args.ours, "worlds": args.worlds, "seed": args.seed}
    try:
        if args.from_log:
            settings, boards = read_logs(args.from_log)
        else:
            require_colver()
            done = logged_boards(args.log, settings) if args.log else []
            with appended(args.log) as log:
                def progress(board: Board) -> None:
                    print(f"board {board.number}: {board.margin:+.1f}", file=sys.stderr,
                          flush=True)
                    if log is not None:
                        log.write_line(log_line(settings, board))

                boards = run(args.ours, args.worlds, args.boards, args.seed, progress,
                             args.part, done)
    except ValueError as error:  # DebertsError too
        script.fail(str(error))
    data = report(settings["ours"], settings["worlds"], settings["seed"], boards)
    print(json.dumps(data) if args.json else "\n".join(lines(data)))


@contextmanager
def appended(path: str | None) -> Iterator[LineAppender | None]:
    """The log at ``path`` opened to grow a whole line at a time (``None``: no log)."""
    if path is None:
        yield None
        return
    log = LineAppender(path)
    try:
        yield log
    finally:
        log.close()


if __name__ == "__main__":
    script.run(main)
