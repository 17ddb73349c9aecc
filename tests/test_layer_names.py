"""Each generic layer's package exports its public names (``deberts.play.make_player``),
loaded at their first use, none of them a game's; the package's flat namespace gives
the same objects."""

from __future__ import annotations

import importlib

import pytest

import deberts


@pytest.mark.parametrize("layer", ["deberts.model", "deberts.analysis", "deberts.play"])
def test_every_exported_name_resolves(layer: str) -> None:
    module = importlib.import_module(layer)
    assert module.__all__
    for name in module.__all__:
        value = getattr(module, name)
        assert getattr(value, "__name__", name) == name or not callable(value)
        if name in deberts.__all__:
            assert getattr(deberts, name) is value
        defined = getattr(value, "__module__", layer) or layer
        assert not defined.startswith("deberts.variants."), (layer, name, defined)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        getattr(importlib.import_module("deberts.play"), "Nothing")


def test_a_player_chooses_from_the_position_alone() -> None:
    position = deberts.Position(deberts.Deal.parse("Q.AKQT.A.AJ7 J.8.T987.QT8"), "H", 0, 1)
    assert deberts.PimcPlayer(samples=5, seed=1).choose(position) in position.legal_moves()
