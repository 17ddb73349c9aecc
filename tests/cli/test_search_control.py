"""What both solvers share while a search runs (engine/owner.py,
solver/common/limit.pxi): the caller's limit, the progress observer, and Ctrl-C,
which stops any search within a fraction of a second. A Tertz search stopped at
its limit leaves a sound table, as a Deberts one does (tests/test_limit.py)."""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
import threading
import time
from typing import Any, Callable, Iterator

import pytest
from click.testing import CliRunner

from deberts import ArgumentError, Deal, Position, Rules, SearchInterrupted, Solver, Suit
from deberts.cli.main import main
from deberts.cli.search_control import PARTIAL
from deberts.engine.owner import Progress
from deberts.variants.tertz.engine.solver import Solver as TertzSolver
from deberts.variants.tertz.model import Deal as TertzDeal
from deberts.variants.tertz.model import Position as TertzPosition

#: A deal whose whole solve takes 5.7 s on a free core (seed 11's takes 1.5 s), so
#: that the limits of a second or so here stop it on any machine.
SLOW_SEED = 13


def after_break(seed: int) -> TertzPosition:
    """A Tertz position right after the break, reached by seeded random moves."""
    position = TertzPosition(TertzDeal.random(seed))
    rng = random.Random(seed)
    while position.broken is None:
        position.push(rng.choice(position.legal_moves()))
    return position


#: How soon after Ctrl-C or its limit a search must have ended (0.1-0.2 s on a quiet
#: machine).
AT_ONCE = 2.0


def long_search() -> Callable[[], object]:
    """A call that searches for seconds: every move of a full Tertz deal. The solver
    is made first: on a loaded machine allocating its table can take longer than
    the tests wait before their signal."""
    solver, position = TertzSolver(), TertzPosition(TertzDeal.random(SLOW_SEED))
    return lambda: solver.values(position)


@pytest.fixture
def sigint_raises() -> Iterator[None]:
    """SIGINT handled by a handler of our own (so pytest's own handling is not
    involved) that raises KeyboardInterrupt."""
    def handler(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture
def interrupt_in(sigint_raises: None) -> Iterator[Callable[[float], None]]:
    """Send SIGINT to this process after a delay (:func:`sigint_raises`)."""
    timers: list[threading.Timer] = []

    def arm(delay: float) -> None:
        timer = threading.Timer(delay, signal.raise_signal, (signal.SIGINT,))
        timers.append(timer)
        timer.start()

    try:
        yield arm
    finally:
        for timer in timers:
            timer.cancel()
            timer.join()


def test_ctrl_c_stops_a_running_search_at_once(interrupt_in: Any) -> None:
    call = long_search()
    interrupt_in(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt) as caught:
        call()
    # the signal comes at 0.3 s; the search looks at it every tenth of a second
    assert time.monotonic() - started < 0.3 + AT_ONCE
    # raised by the engine's visit to Python, not between two calls
    assert any(entry.path.name == "limit.pxi" for entry in caught.traceback)


def test_a_signal_in_a_deberts_search_is_raised_by_the_engine(sigint_raises: None) -> None:
    """The Deberts engine's calls are too short (0.2 s here) for a timer to land
    inside one surely: the signal is sent from the engine's own visit to Python
    (its progress observer), where the handler must raise at once."""
    position = Position(Deal.random(4, seed=5), Suit(1), 0, 1, Rules())
    solver = Solver(4)  # a table too small to help: about 8M nodes, 0.2 s a call
    with solver.progress(lambda progress: signal.raise_signal(signal.SIGINT)):
        with pytest.raises(KeyboardInterrupt) as caught:
            for _ in range(20):
                solver.values(position)
    assert any(entry.path.name == "limit.pxi" for entry in caught.traceback)
    assert solver.values(Position(Deal.random(4, seed=1), Suit(1), 0, 1, Rules()))


def test_a_search_interrupted_by_ctrl_c_leaves_the_solver_usable(interrupt_in: Any) -> None:
    position = after_break(3)
    expected = TertzSolver().values(position)
    solver = TertzSolver()
    interrupt_in(0.15)
    with pytest.raises(KeyboardInterrupt):
        solver.values(TertzPosition(TertzDeal.random(SLOW_SEED)))
    assert solver.values(position) == expected


def test_progress_reports_nodes_time_and_an_interval_holding_the_value() -> None:
    position = TertzPosition(TertzDeal.random(SLOW_SEED))
    solver = TertzSolver()
    seen: list[Progress] = []

    def observe(progress: Progress) -> None:  # a report each 0.1 s, for seconds
        seen.append(progress)
        if len(seen) == 2:
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"), solver.progress(observe):
        solver.value(position)
    assert [p.nodes for p in seen] == sorted(p.nodes for p in seen) and seen[0].nodes > 0
    assert all(0 < p.seconds < 60 for p in seen)
    value = TertzSolver().value(position)
    for progress in seen:  # a side not proven yet is None, never the engine's bound
        assert progress.lower is None or progress.lower <= value
        assert progress.upper is None or value <= progress.upper


def test_progress_is_per_thread_and_ends_with_its_block() -> None:
    solver = TertzSolver()
    with pytest.raises(ValueError):
        with solver.progress(lambda p: (_ for _ in ()).throw(ValueError("stop"))):
            solver.value(TertzPosition(TertzDeal.random(SLOW_SEED)))
    solver.value(after_break(2))  # no observer any more: runs to the end


@pytest.mark.parametrize("seed", range(3))
def test_tertz_interrupted_search_leaves_a_sound_table(seed: int) -> None:
    position = after_break(seed)
    fresh = TertzSolver()
    expected = (fresh.value(position), fresh.values(position))
    fresh.clear()
    fresh.values(position)
    full_nodes = fresh.nodes
    for fraction in (0.1, 0.5, 0.9):
        solver = TertzSolver()
        with pytest.raises(SearchInterrupted, match="stopped at its limit"):
            with solver.limit(nodes=max(1, int(full_nodes * fraction))):
                solver.values(position)
        assert (solver.value(position), solver.values(position)) == expected


def test_tertz_every_mode_stops_at_its_limit() -> None:
    position = TertzPosition(TertzDeal.random(SLOW_SEED))
    solver = TertzSolver()
    for call in (solver.value, solver.values, solver.line, solver.solve):
        with pytest.raises(SearchInterrupted):
            with solver.limit(seconds=0.05):
                call(position)
        with pytest.raises(SearchInterrupted):
            with solver.limit(nodes=100):
                call(position)


FULL_DEAL = str(TertzDeal.random(SLOW_SEED))
FIRST_MOVE = str(TertzPosition(TertzDeal.random(SLOW_SEED)).legal_moves()[-1])


def interruptible() -> None:
    """In the child before it runs the command: Ctrl-C as a terminal delivers it. A
    test run started in the background by a shell without job control inherits
    SIGINT ignored, and Python then leaves it ignored in the command."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_cli(*args: str, **popen: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "from deberts.cli.main import main; main()",
                             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=interruptible, **popen)


def outputs(process: subprocess.Popen[bytes]) -> tuple[str, str]:
    """The process's stdout and stderr as written (carriage returns kept)."""
    stdout, stderr = process.communicate(timeout=60)
    return stdout.decode(), stderr.decode()


def searching(process: subprocess.Popen[bytes]) -> bytes:
    """Wait until ``process`` (run with ``--progress``) shows its progress line, so
    the search is surely running however slow the start-up, and return what it
    wrote on stderr so far."""
    assert process.stderr is not None
    seen = b""
    while b"\r" not in seen:
        byte = process.stderr.read(1)
        assert byte, f"the command ended before searching: {seen!r}"
        seen += byte
    return seen


@pytest.mark.parametrize("command", [["tertz", "solve", FULL_DEAL],
                                     ["tertz", "analyze", FULL_DEAL, "--played", FIRST_MOVE]])
def test_ctrl_c_stops_the_command_with_one_line_and_status_130(command: list[str]) -> None:
    """Status 130 and one line on stderr; solve prints what it proved first."""
    process = run_cli(*command, "--progress")
    before = searching(process)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    stdout, stderr = outputs(process)
    assert time.monotonic() - sent < AT_ONCE
    assert process.returncode == 130, stderr[-300:]
    if command[1] == "solve":
        assert stdout.startswith("Partial: the search was interrupted after ")
        assert "moves proven" in stdout and "(searching)" in stdout
    else:
        assert stdout == ""
    assert (before.decode() + stderr).split("\r")[-1] == "\x1b[Kdeberts: interrupted (Ctrl-C)\n"


def test_ctrl_c_outside_a_search_is_one_line_and_status_130() -> None:
    """Ctrl-C while a command waits for input (here, terminal play) ends it the
    same way, not with Click's "Aborted!" and status 1."""
    process = run_cli("play", "--seed", "1", "--ascii", stdin=subprocess.PIPE)
    assert process.stdout is not None
    while b"Your" not in process.stdout.readline():
        assert process.poll() is None
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr.decode()[-300:]
    assert stderr.decode() == "deberts: interrupted (Ctrl-C)\n"


#: A bound of a move's value on the progress line: in points, a side not proven left
#: out (no engine sentinel such as +1770).
BOUND = r"( in \[[-+]?\d+, [-+]?\d+\]| at least [-+]?\d+| at most [-+]?\d+| [-+]?\d+)?"


def test_seconds_stops_analyze_with_one_line() -> None:
    process = run_cli("tertz", "analyze", FULL_DEAL, "--played", FIRST_MOVE,
                      "--seconds", "0.5", "--no-progress", "--ascii")
    stdout, stderr = outputs(process)
    assert process.returncode == 2 and stdout == ""
    assert re.fullmatch(r"deberts: error: no answer within --seconds 0\.5: the search stopped"
                        r" after [\d,]+ nodes(, value|, move \d+ of \d+, \S+)" + BOUND + r"\n",
                        stderr), stderr


def test_seconds_prints_the_partial_table_and_its_status() -> None:
    """solve stopped at --seconds prints each move's proven margin or interval,
    says on stderr that the answer is partial, and exits with status 3."""
    process = run_cli("tertz", "solve", FULL_DEAL, "--seconds", "1", "--no-progress",
                      "--ascii")
    stdout, stderr = outputs(process)
    assert process.returncode == PARTIAL == 3, stderr
    lines = stdout.splitlines()
    assert re.fullmatch(r"Partial: the search stopped at its limit after [\d,]+ nodes, "
                        r"\d+\.\d s; \d+ of 9 moves proven\.", lines[0])
    rows = [line for line in lines if line.startswith("  ")]
    assert len(rows) == 9 and sum("(searching)" in row for row in rows) <= 1
    assert all(re.fullmatch(r"  \S+ +(not proven|[-+]\d+|in \[[-+]\d+, [-+]\d+\]|at least "
                            r"[-+]\d+|at most [-+]\d+)(  \(searching\))?", row) for row in rows)
    assert re.fullmatch(r"deberts: partial answer: the search stopped at --seconds 1 with "
                        r"\d+ of 9 moves proven\n", stderr)


def test_seconds_with_json_carries_the_partial_values() -> None:
    process = run_cli("tertz", "solve", FULL_DEAL, "--seconds", "1", "--json")
    stdout, _ = outputs(process)
    assert process.returncode == 3
    data = json.loads(stdout)
    assert data["partial"] is True and data["stopped"] == "limit"
    assert len(data["moves"]) == 9 and data["nodes"] > 0
    legal = {str(move) for move in TertzPosition(TertzDeal.random(SLOW_SEED)).legal_moves()}
    assert {row["move"] for row in data["moves"]} == legal
    for row in data["moves"]:
        assert "margin" in row or {"lower", "upper"} <= set(row)


def test_the_progress_line_is_rewritten_in_place_and_wiped() -> None:
    process = run_cli("tertz", "solve", FULL_DEAL, "--seconds", "1.4", "--progress",
                      "--ascii")
    _, stderr = outputs(process)
    lines = stderr.split("\r")
    shown = [line for line in lines if line.startswith("searching: ")]
    assert shown and all(
        re.fullmatch(r"searching: [\d,]+ nodes, \d+\.\d s(, move \d+ of 9, \S+" + BOUND
                     + r")?\x1b\[K", line) for line in shown), shown  # no move between two
    assert any(", move " in line for line in shown)
    assert lines[-1].startswith("\x1b[Kdeberts: partial answer: the search stopped at "
                                "--seconds 1.4")


def test_no_progress_line_by_default_when_stderr_is_not_a_terminal() -> None:
    process = run_cli("tertz", "solve", FULL_DEAL, "--seconds", "1.5")
    _, stderr = outputs(process)
    assert "\r" not in stderr and stderr.startswith("deberts: partial answer")


@pytest.mark.parametrize("value", ["0", "-1", "1e9", "soon"])
def test_bad_seconds_are_refused_by_name(value: str) -> None:
    result = CliRunner().invoke(main, ["solve", "--example", "--seconds", value])
    assert result.exit_code == 2 and "--seconds" in result.output


def test_a_generous_limit_gives_the_same_answer() -> None:
    plain = CliRunner().invoke(main, ["solve", "--example", "--json"])
    limited = CliRunner().invoke(main, ["solve", "--example", "--json", "--seconds", "600"])
    assert plain.exit_code == limited.exit_code == 0
    strip = re.compile(r'"seconds": [\d.e-]+')
    assert strip.sub("", plain.output) == strip.sub("", limited.output)


@pytest.mark.parametrize("seed", range(3))
def test_values_shared_out_among_threads_are_the_values(seed: int) -> None:
    position = after_break(seed)
    alone = TertzSolver().values(position)
    shared = TertzSolver(threads=2).values(position)
    assert shared == alone and list(shared) == position.legal_moves()


def test_threads_stop_together_at_the_limit_and_on_ctrl_c(interrupt_in: Any) -> None:
    solver = TertzSolver(threads=2)
    deal = TertzPosition(TertzDeal.random(SLOW_SEED))
    started = time.monotonic()
    with pytest.raises(SearchInterrupted), solver.limit(seconds=0.5):
        solver.values(deal)
    assert time.monotonic() - started < 0.5 + AT_ONCE
    interrupt_in(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        solver.values(deal)
    assert time.monotonic() - started < 0.3 + AT_ONCE
    position = after_break(1)
    assert solver.values(position) == TertzSolver().values(position)


@pytest.mark.parametrize("threads", [0, 65, "2", 1.5])
def test_bad_thread_counts_are_refused(threads: Any) -> None:
    with pytest.raises(ArgumentError, match="threads"):
        TertzSolver(threads=threads)


def test_threads_hold_a_cpu_limit_as_wall_seconds() -> None:
    """Each thread has its own CPU clock: searches shared out among threads stop
    when the calling thread's CPU seconds left have passed on the wall clock."""
    from deberts.engine.limit import Deadlines
    from deberts.engine.owner import Watching
    from deberts.variants.tertz.engine.solver import shared_watching

    plain = Watching(Deadlines(5.0, 7), None)
    assert shared_watching(plain) == plain
    cpu_deadline = time.thread_time() + 100.0
    shared = shared_watching(Watching(Deadlines(0.0, 7, cpu_deadline), None)).deadlines
    assert shared.cpu == 0.0 and shared.nodes == 7 and 0 < shared.wall - time.monotonic() <= 100.0
    soon = time.monotonic() + 1.0
    assert shared_watching(Watching(Deadlines(soon, 0, cpu_deadline), None)).deadlines \
        == Deadlines(soon)
    solver = TertzSolver(threads=2)
    started = time.monotonic()
    with pytest.raises(SearchInterrupted), solver.limit(cpu_seconds=0.5):
        solver.values(TertzPosition(TertzDeal.random(SLOW_SEED)))
    assert time.monotonic() - started < 0.5 + AT_ONCE


def test_ctrl_c_in_proven_values_returns_what_was_proven(interrupt_in: Any) -> None:
    """The API's answer to Ctrl-C: the values proven so far, marked interrupted."""
    solver, position = TertzSolver(), TertzPosition(TertzDeal.random(SLOW_SEED))
    interrupt_in(1.0)
    started = time.monotonic()
    values = solver.proven_values(position)
    assert time.monotonic() - started < 1.0 + AT_ONCE
    assert values.partial and values.stopped == "interrupted" and values.nodes > 0
    assert set(values.exact) | set(values.bounds) == set(position.legal_moves())
