"""The bid-evaluation benchmarks: seeded 2-player bidding hands, timed whole.

A round-2 decision (three other suits and pass) over 500 sampled deals is the
figure issue 5 asks for; the sampler's rate is measured on bidding knowledge for
every player count.
"""

from __future__ import annotations

import random
import statistics
import time

from deberts import CardSet, Knowledge, evaluate_bid, sample_deals


def bidding_hands(count: int, seed: int = 2026) -> list[tuple[CardSet, CardSet]]:
    """Seeded (six-card hand, face-up card) pairs, the face-up card from the rest."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        deck = rng.sample(range(32), 7)
        hands.append((CardSet(deck[:6]), CardSet(deck[6:])))
    return hands


def round_two_seconds(count: int = 5, samples: int = 500) -> list[float]:
    """Seconds per 2-player round-2 evaluation (eldest hand, dealer 0), one thread."""
    times = []
    for index, (hand, face_up) in enumerate(bidding_hands(count)):
        started = time.perf_counter()
        evaluate_bid(hand, next(iter(face_up)), 1, 0, 2, round_=2, samples=samples, seed=index)
        times.append(time.perf_counter() - started)
    return times


def sampler_rate(players: int, count: int = 200_000) -> float:
    """Consistent bidding deals sampled per second (after the kernel is compiled)."""
    hand, face_up = bidding_hands(1)[0]
    knowledge = Knowledge.for_bidder(players, 1, hand, next(iter(face_up)), dealer=0)
    sample_deals(knowledge, 10, seed=0)
    started = time.perf_counter()
    sample_deals(knowledge, count, seed=1)
    return count / (time.perf_counter() - started)


def main() -> None:
    times = round_two_seconds()
    print(f"2-player round-2 bid, 4 options x 500 samples, one thread: median "
          f"{statistics.median(times):.2f} s (min {min(times):.2f}, max {max(times):.2f}, "
          f"{len(times)} hands)")
    for players in (2, 3, 4):
        print(f"sampler, {players} players: {sampler_rate(players):,.0f} deals/s")


if __name__ == "__main__":
    main()
