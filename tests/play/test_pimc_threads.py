"""A ``PimcPlayer`` shared by threads: what its docstring promises holds; each
thread's :meth:`declare` answers for the card its own :meth:`play` chose."""

from __future__ import annotations

import threading

from recorded_views import recorded_views

from deberts import Card, Rules
from deberts.model.cards import Rank
from deberts.variants.deberts.play.match import PlayView
from deberts.variants.deberts.play.pimc import PimcPlayer

RULES = Rules().with_options(bella="trick_winner")


def _holds_bella(view: PlayView) -> bool:
    both = {Card.of(view.trump, Rank.KING), Card.of(view.trump, Rank.QUEEN)}
    return both <= set(view.hand) and bool(both & set(view.legal))


def _kept_quiet() -> tuple[PlayView, Card]:
    """A view where the player plays a bella card and keeps quiet about it."""
    for view in recorded_views(2, RULES, 12, _holds_bella):
        player = PimcPlayer(samples=6, seed=3)
        card = player.play(view)
        if card.rank in (Rank.KING, Rank.QUEEN) and card.suit == view.trump \
                and not player.declare(view):
            return view, card
    raise AssertionError("no view where bella is kept quiet")


def test_each_thread_declares_for_its_own_card() -> None:
    quiet, card = _kept_quiet()
    other = next(v for v in recorded_views(2, RULES, 4, lambda v: v is not quiet))
    player = PimcPlayer(samples=6, seed=3)
    played, answered = threading.Event(), threading.Event()
    found: list[object] = []

    def first() -> None:
        found.append(player.play(quiet))
        played.set()
        assert answered.wait(60)
        found.append(player.declare(quiet))

    thread = threading.Thread(target=first, daemon=True)
    thread.start()
    assert played.wait(60)
    player.play(other)  # another thread's decision in between
    answered.set()
    thread.join(60)
    assert found == [card, False]


def test_the_docstring_says_what_holds_across_threads() -> None:
    doc = " ".join((PimcPlayer.__doc__ or "").split())
    assert "Threads may share one player" in doc
    assert "reproducible only when one thread uses it" in doc
