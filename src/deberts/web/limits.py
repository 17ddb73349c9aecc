"""How much work one request, and the server as a whole, may ask for."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """The bounds of the web app: threads solving side by side (``threads`` for
    the quick work, solving a position and drawing a board; ``slow_threads`` apart
    for the work that may take seconds, bid evaluations, tables, analyses and the
    reviews of the games' deals apart, so that neither holds up the quick work), the
    seconds a request may take from its arrival, the size of a request's body, the samples of a bid
    evaluation, the games kept at once (the least recently used goes first; each
    computer player holds a 6 MB table) and the computer players' effort per
    decision."""

    threads: int = 2
    #: The longest one piece of quick work holds a quick thread, in seconds: past
    #: it, the work goes on on a slow thread (a whole long deal's solve).
    quick_seconds: float = 2.0
    slow_threads: int = 2
    #: Threads for the reviews of the games' deals alone, so that a player never
    #: waits behind other people's analyses.
    review_threads: int = 1
    #: The largest request body accepted, in bytes (a record text's limit, escaped).
    body_bytes: int = 4_000_000
    seconds: float = 30.0
    bid_samples: int = 1000
    games: int = 8
    ai_samples: int = 200
    ai_seconds: float = 3.0
    #: The longest a game-state request waits for the computer, in seconds.
    wait: float = 10.0
    #: The largest game record text accepted, in characters.
    record_chars: int = 1_000_000
