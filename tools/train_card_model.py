"""Train the learned play model (:mod:`deberts.variants.deberts.play.card_model`) from self-play records:
``python tools/train_card_model.py --deals 300 --write``.

Seeded deals are played by ``PimcPlayer(samples=20, bid_samples=20)`` at every seat
(as in ``benchmarks/inference_accuracy.py``, on other seeds): Deberts at 2 and at 4
players (default rules) and the ``belote`` preset; ``--records FILE`` keeps their
game records (JSON lines), ``--from-records FILE`` trains on such a file instead.
Every card played with a choice is a decision: the features of each legal card
from the player's own hand and the public cards, and the card chosen. The weights
of the conditional logit are those of the greatest likelihood with a small ridge
(``--ridge``), by Newton's method. The decisions of every fifth deal are held out:
printed are their log-likelihood a decision and the share of cards the model ranks
first, against uniform play. ``--write`` stores the weights in
``src/deberts/variants/deberts/play/card_model.json`` with this command.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np

from deberts.cli import script
from deberts.formats import output_file
from deberts.formats.records import dump as write_records
from deberts.formats.records import load as read_records
from deberts.variants.deberts.model.record import GameRecord
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.play.card_model import FEATURES, features, log_probabilities
from deberts.variants.deberts.play.match import play_deal
from deberts.variants.deberts.play.pimc import PimcPlayer

OUT = Path(__file__).resolve().parents[1] / "src" / "deberts" / "variants" / "deberts" / "play" / "card_model.json"
TABLES = ((2, Rules()), (4, Rules()), (4, Rules.preset_rules("belote")))
#: One deal in ``HOLD_OUT`` is held out of the training.
HOLD_OUT = 5

#: A decision: the legal cards' features and the row of the card chosen.
Decision = tuple[np.ndarray, int]


def self_play(deals: int, seed: int) -> list[GameRecord]:
    """``deals`` played deals a table (thrown-in deals are dealt again)."""
    records = []
    for players, rules in TABLES:
        rng = random.Random(seed + players + 10 * (rules.face_up_to == "none"))
        played = 0
        while played < deals:
            seats = [PimcPlayer(samples=20, bid_samples=20, seed=rng.randrange(2**32))
                     for _ in range(players)]
            result = play_deal(seats, rng.randrange(players), rules, rng)
            if result.record.is_complete():
                records.append(result.record)
                played += 1
    return records


def decisions(record: GameRecord) -> list[Decision]:
    """The record's cards played with a choice, as decisions."""
    found = []
    position = record.start()
    for card in record.play:
        if position.legal_mask().bit_count() > 1:
            legal, rows = features(position)
            found.append((rows, legal.index(card)))
        position.push(card, bella=not record.bella_declined)
    return found


def fit(train: list[Decision], ridge: float, steps: int = 30) -> np.ndarray:
    """The conditional logit's weights by Newton's method."""
    theta = np.zeros(len(FEATURES))
    for _ in range(steps):
        gradient = -ridge * theta
        hessian = -ridge * np.eye(len(FEATURES))
        for rows, chosen in train:
            p = np.exp(log_probabilities(rows, theta))
            mean = p @ rows
            gradient += rows[chosen] - mean
            centred = rows - mean
            hessian -= (centred * p[:, None]).T @ centred
        step = np.linalg.solve(hessian, gradient)
        theta -= step
        if np.abs(step).max() < 1e-6:
            break
    return theta


def scores(held: list[Decision], theta: np.ndarray) -> tuple[float, float, float, float]:
    """Held-out log-likelihood a decision and share ranked first: the model's, then
    uniform play's."""
    logs = [float(log_probabilities(rows, theta)[chosen]) for rows, chosen in held]
    first = [int(np.argmax(rows @ theta) == chosen) for rows, chosen in held]
    uniform = [-float(np.log(len(rows))) for rows, _ in held]
    return (float(np.mean(logs)), float(np.mean(first)), float(np.mean(uniform)),
            float(np.mean([1 / len(rows) for rows, _ in held])))


def main() -> None:
    parser = script.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=script.at_least(1), default=300,
                        help="self-play deals a table")
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--records", metavar="FILE.jsonl", help="keep the self-play records")
    parser.add_argument("--from-records", metavar="FILE.jsonl", help="train on these records")
    parser.add_argument("--write", action="store_true", help=f"store the weights in {OUT.name}")
    args = parser.parse_args()
    if not 0 <= args.ridge < float("inf"):
        script.fail(f"bad --ridge {args.ridge}: expected a number from 0 up")
    if args.from_records:
        records = [r for r in read_records(args.from_records) if isinstance(r, GameRecord)]
    else:
        records = self_play(args.deals, args.seed)
        if args.records:
            write_records(records, args.records)
    train: list[Decision] = []
    held: list[Decision] = []
    for number, record in enumerate(records):
        (held if number % HOLD_OUT == 0 else train).extend(decisions(record))
    theta = fit(train, args.ridge)
    model_log, model_first, uniform_log, uniform_first = scores(held, theta)
    print(f"{len(records)} deals, {len(train)} decisions trained on, {len(held)} held out")
    print(f"held out, log-likelihood a decision: {model_log:.4f} (uniform {uniform_log:.4f}); "
          f"card ranked first played: {model_first:.3f} (uniform {uniform_first:.3f})")
    for name, value in zip(FEATURES, theta):
        print(f"  {name:22s} {value:+.3f}")
    if args.write:
        command = "python tools/train_card_model.py " + " ".join(sys.argv[1:])
        text = json.dumps({
            "command": command, "deals": len(records), "decisions": len(train),
            "held_out": {"decisions": len(held), "log_likelihood": round(model_log, 4),
                         "uniform_log_likelihood": round(uniform_log, 4),
                         "ranked_first": round(model_first, 4),
                         "uniform_ranked_first": round(uniform_first, 4)},
            "weights": {name: round(float(value), 4) for name, value in zip(FEATURES, theta)},
        }, indent=1) + "\n"
        with output_file.writing(OUT) as handle:
            handle.write(text.encode("utf-8"))


if __name__ == "__main__":
    script.run(main)
