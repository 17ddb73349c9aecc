"""Every registered game has every face: each generic layer's Protocol of what it
reads of a game (:mod:`deberts.model.registry`) is answered, name by name, by the
game's layer package. mypy checks the names' signatures (each ``game.py`` assigns its
faces to the Protocols); this checks that the packages serve the names at run time."""

from __future__ import annotations

import inspect
from typing import Iterator

import pytest

from deberts.analysis.face import AnalysisFace
from deberts.engine.face import EngineFace
from deberts.errors import DebertsError
from deberts.formats.face import FormatsFace
from deberts.model.registry import Game, face_members, games, register, unregister
from deberts.play.face import PlayFace, SessionFace, session_of
from deberts.text.face import TextFace
from deberts.web.face import BoardFace, WebFace, board_of

#: Each layer's face Protocols.
FACES = {"engine": (EngineFace,), "formats": (FormatsFace,), "analysis": (AnalysisFace,),
         "play": (PlayFace, SessionFace), "text": (TextFace,), "web": (WebFace, BoardFace)}


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
@pytest.mark.parametrize("layer", sorted(FACES))
def test_every_registered_game_has_every_face(game: Game, layer: str) -> None:
    assert game.provides(layer)
    for protocol in FACES[layer]:
        face = game.face(layer, protocol)
        assert face.__name__ == game.layer(layer) == f"{game.package}.{layer}"
        for name in face_members(protocol):
            member = getattr(face, name)
            if inspect.isfunction(getattr(protocol, name)):
                assert callable(member), (game.name, layer, name)


def test_the_faces_have_the_same_names_in_every_game() -> None:
    for layer, protocols in FACES.items():
        names = {protocol: face_members(protocol) for protocol in protocols}
        assert all(names.values()), layer
        for game in games():
            module = game.face(layer, protocols[0])
            assert set(module.__all__) == {name for found in names.values() for name in found}


def test_the_members_are_the_protocols_names() -> None:
    assert face_members(EngineFace) == ("Solver",)
    assert face_members(PlayFace) == ("TYPES", "run_arena")
    assert face_members(WebFace) == ("Fields", "PAGES", "ROUTERS")


@pytest.fixture
def toy() -> Iterator[Game]:
    from toy_game import TOY

    register(TOY)
    yield TOY
    unregister(TOY.name)


def test_a_face_a_game_lacks_is_an_error_naming_it(toy: Game) -> None:
    with pytest.raises(DebertsError, match="^High card has no start_session in its play layer$"):
        session_of(toy)
    with pytest.raises(DebertsError, match="^High card has no board result_json review view_json"
                                           " in its web layer$"):
        board_of(toy)
    with pytest.raises(DebertsError, match="^High card has no cluster layer$"):
        toy.face("cluster", EngineFace)
    assert not toy.provides("cluster")


def test_a_game_may_name_where_a_layer_of_it_lives(toy: Game) -> None:
    class Elsewhere(type(toy)):  # type: ignore[misc]
        name, aliases, record_format = "elsewhere", (), "elsewhere/1"
        package = "toy_game"  # this test's class, the toy's package
        layers = {"engine": "toy_game.formats"}  # a module without the engine's names

    game = Elsewhere()
    assert game.layer("engine") == "toy_game.formats" and game.layer("text") == "toy_game.text"
    with pytest.raises(DebertsError, match="^High card has no Solver in its engine layer$"):
        game.face("engine", EngineFace)
    assert game.face("text", TextFace).__name__ == "toy_game.text"
