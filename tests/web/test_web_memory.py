"""The server gives freed solver tables back to the system: after rounds of games
whose players' solvers are made on several threads and freed, the process is back
at its size before them (glibc's allocator would otherwise keep them)."""

from __future__ import annotations

import subprocess
import sys

import pytest

SCRIPT = """
import gc, threading
from deberts import Deal, Position, Solver
from deberts.web.memory import return_freed_memory

def rss():
    return int(open("/proc/self/status").read().split("VmRSS:")[1].split()[0]) // 1024

print(return_freed_memory())
position = Position(Deal.random(4, seed=1), "S", 0, 1)
base = rss()

def players(kept):
    solvers = [Solver() for _ in range(8)]
    for solver in solvers:
        solver.value(position)
    kept.extend(solvers)

for _ in range(3):
    kept = []
    threads = [threading.Thread(target=players, args=(kept,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    del kept
    gc.collect()
    print(rss() - base)
"""


def test_freed_tables_go_back_to_the_system() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc/self/status")
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    applied, *left = done.stdout.split()
    if applied != "True":
        pytest.skip("not glibc's allocator")
    assert all(int(megabytes) <= 8 for megabytes in left), left
