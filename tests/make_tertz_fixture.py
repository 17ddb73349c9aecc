"""Write ``tests/data/tertz_full_deals.json``: the exact values of every legal move
at the first lead of 30 seeded full Tertz deals, and right after the break of each
(the first trick and the break made by seeded random moves), as the engine answers
them. The file was made once, with the engine before the speed work of issue 30, and
``tests/test_tertz_full_deals.py`` checks every later engine against it:
``python tests/make_tertz_fixture.py`` remakes it (it takes tens of minutes)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from deberts.variants.tertz.engine.solver import Solver
from deberts.variants.tertz.model import Position, random_deals

#: The fixture's deals: change it and the file no longer matches.
SEED = 3030
DEALS = 30
PATH = Path(__file__).parent / "data" / "tertz_full_deals.json"


def after_break(position: Position, index: int) -> Position:
    """The position right after the break, reached by seeded random moves."""
    rng = random.Random(SEED * 1_000 + index)
    position = position.copy()
    while position.broken is None:
        position.push(rng.choice(position.legal_moves()))
    return position


def main() -> None:
    solver = Solver(24)
    rows = []
    for index, deal in enumerate(random_deals(DEALS, SEED)):
        position = Position(deal)
        later = after_break(position, index)
        row = {"deal": str(deal), "played": [str(m) for m in later.moves]}
        for name, point in (("first_lead", position), ("after_break", later)):
            solver.clear()
            values = solver.values(point)
            row[name] = {str(move): value for move, value in values.values.items()}
        rows.append(row)
        print(index, row["first_lead"], file=sys.stderr, flush=True)
    PATH.write_text(json.dumps({"seed": SEED, "deals": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
