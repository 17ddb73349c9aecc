"""Print the benchmark table of benchmarks/README.md: ``python benchmarks/report.py``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parent)]

from measure import MODES, measure  # noqa: E402
from sets import SETS  # noqa: E402


def main(names: list[str]) -> None:
    print("| set | mode | median ms | p99 ms | p99/median | median nodes |")
    print("|---|---|---|---|---|---|")
    for name in names or list(SETS):
        positions = SETS[name]()
        for mode in MODES:
            print(measure(positions, mode).row(name, mode), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
