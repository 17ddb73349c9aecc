"""PIMC settings are checked where they are given: the player, the arena's and
``deberts play``'s player specs."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from deberts import ArgumentError, DebertsError
from deberts.cli.main import main
from deberts.play.specs import player_factory
from deberts.variants.deberts.play.pimc import PimcPlayer


@pytest.mark.parametrize("settings, message", [
    ({"samples": 0}, "bad samples 0: expected 1.."),
    ({"samples": -5}, "bad samples -5: expected 1.."),
    ({"bid_samples": 2.5}, "bad bid_samples: expected an integer, got float 2.5"),
    ({"seconds": -1}, "bad seconds -1.0: expected a number above 0"),
    ({"seconds": float("inf")}, "bad seconds inf: expected a number above 0"),
])
def test_the_player_checks_its_settings(settings: dict[str, object], message: str) -> None:
    with pytest.raises(ArgumentError, match=f"^{message}$"):
        PimcPlayer(**settings)  # type: ignore[arg-type]


@pytest.mark.parametrize("spec, message", [
    ("pimc:samples=0", "bad settings for pimc: bad samples 0: expected 1.."),
    ("pimc:seconds=-1", "bad settings for pimc: bad seconds -1.0: expected a number above 0"),
    ("pimc:samples=-5", "bad settings for pimc: bad samples -5: expected 1.."),
])
def test_specs_are_checked_before_any_game(spec: str, message: str) -> None:
    with pytest.raises(DebertsError, match=f"^{message}$"):
        player_factory(spec)
    for args in (["arena", spec, "random", "--deals", "1", "-j", "1"], ["play", "--ai", spec]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and result.stderr == f"deberts: error: {message}\n"
