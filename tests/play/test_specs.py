"""Players from their specs (deberts.play.specs): one entry point for every game's
player types, the same checks as the arena's, public in ``deberts``."""

from __future__ import annotations

import pytest

import deberts
from deberts import DebertsError
from deberts.play.specs import make_player, player_factory
from deberts.variants.deberts.play.arena import TYPES
from deberts.variants.deberts.play.inference import Inference
from deberts.variants.deberts.play.pimc import PimcPlayer
from deberts.variants.tertz.play.search import SearchPlayer


def test_a_spec_makes_a_seeded_player_of_the_default_game() -> None:
    player = player_factory("pimc:samples=100,infer=bidding")(3)
    assert isinstance(player, PimcPlayer) and player.samples == 100
    assert player.inference == Inference("bidding")
    assert deberts.player_factory is player_factory and deberts.make_player is make_player
    assert deberts.play.make_player is make_player and not hasattr(deberts.play, "knowledge_of")


def test_every_games_types_come_from_the_registry() -> None:
    assert isinstance(make_player("search:samples=2", game="tertz"), SearchPlayer)
    assert isinstance(player_factory("heuristic", TYPES)(0), deberts.HeuristicPlayer)
    with pytest.raises(DebertsError, match=r"unknown player type 'alphamu': expected one of "):
        make_player("alphamu", game="tertz")


@pytest.mark.parametrize(("spec", "message"), [
    ("psychic", r"unknown player type 'psychic'"),
    ("pimc:samples=x", r"bad setting 'samples=x' for pimc: 'x' is not a number"),
    ("pimc:samples=2,samples=3", r"samples is set twice"),
    ("pimc:depth=2", r"bad setting 'depth=2' for pimc: expected key=value"),
    ("pimc:infer=psychic", r"bad settings for pimc: bad infer 'psychic'"),
])
def test_a_bad_spec_names_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(DebertsError, match=message):
        player_factory(spec)
