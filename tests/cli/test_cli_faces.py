"""Each game's cli face (:mod:`deberts.cli.faces`): found by the game's name in
``cli/``, or by the module a plug-in game names; a game without one, or whose module
is broken, leaves every other command working."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Iterator

import click
import pytest
from click.testing import CliRunner
from toy_game import Toy

from deberts.cli import faces
from deberts.cli.main import main
from deberts.model.registry import games, register, unregister


@pytest.fixture(autouse=True)
def fresh_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(faces, "_warned", set())


def plugin(name: str, module: str | None) -> Toy:
    """A game like the toy, called ``name``, whose cli face is ``module``."""
    return type(name.title(), (Toy,), {"__module__": Toy.__module__,  # the toy's faces
                                       "name": name, "title": name.title(), "aliases": (),
                                       "layers": {} if module is None else {"cli": module}})()


@pytest.fixture
def registered() -> Iterator[list[Toy]]:
    """The games a test registers, unregistered after it."""
    added: list[Toy] = []
    yield added
    for game in added:
        unregister(game.name)


def test_every_built_in_game_has_its_face_in_a_cli_folder_of_its_name() -> None:
    for game in games():
        face = faces.cli_of(game)
        assert face is not faces.NO_FACE and face.__name__ == f"deberts.cli.{game.name}"
        assert face.own_commands() and all(isinstance(c, click.Command)
                                            for c in face.own_commands())
        terminal = face.terminal_game()
        assert terminal is not None and isinstance(terminal.DEFAULT_AI, str)
        assert all(isinstance(option, click.Option) for option in face.own_options("play"))


def test_no_click_code_is_left_under_src() -> None:
    src = Path(__file__).resolve().parents[2] / "src"
    clicked = re.compile(r"^\s*(import|from) click\b", re.M)
    assert [path for path in src.rglob("*.py") if clicked.search(path.read_text())] == []
    assert not list(src.rglob("cli"))


def test_a_game_without_a_cli_folder_has_no_commands_and_no_terminal(
        registered: list[Toy]) -> None:
    registered.append(register(plugin("bare", None)))
    assert faces.cli_of(registered[0]) is faces.NO_FACE
    listed = CliRunner().invoke(main, ["--help"])
    assert listed.exit_code == 0 and "bare     Bare: no commands of its own." in listed.output
    played = CliRunner().invoke(main, ["play", "--game", "bare"])
    assert played.exit_code == 2
    assert played.output == "deberts: error: Bare has no terminal play\n"


def test_a_module_of_cli_that_is_no_folder_is_no_game_s_face(registered: list[Toy]) -> None:
    registered.append(register(plugin("common", None)))  # deberts.cli.common: generic
    result = CliRunner().invoke(main, ["common", "--help"])
    assert faces.cli_of(registered[0]) is faces.NO_FACE
    assert result.exit_code == 0 and "warning" not in result.output


def test_a_cli_layer_that_is_no_name_is_skipped_with_one_warning(
        registered: list[Toy]) -> None:
    registered.append(register(plugin("numbered", 42)))  # type: ignore[arg-type]
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0 and "  solve " in result.output
    assert result.output.startswith("deberts: warning: the commands of game 'numbered' are "
                                    "skipped: its cli layer is 42, expected the name of "
                                    "a module\n")


@pytest.mark.parametrize("source,why", [
    ("raise RuntimeError('boom')\n", "failed to load: RuntimeError: boom"),
    ("import sys\nsys.exit(3)\n", "failed to load: SystemExit: 3"),
    ("def own_commands():\n    return ()\n", "has no own_options, terminal_game()"),
])
def test_a_broken_face_is_skipped_with_one_warning(
        source: str, why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        registered: list[Toy]) -> None:
    module = f"broken_face_{abs(hash(source))}"
    (tmp_path / f"{module}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    registered.append(register(plugin("broken", module)))
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0 and "  solve " in result.output and "  tertz " in result.output
    warning = (f"deberts: warning: the commands of game 'broken' are skipped: {module} "
               f"{why}")
    assert result.output.count("deberts: warning:") == 1
    assert result.output.startswith(warning + "\n")
    sys.modules.pop(module, None)


def test_a_plug_in_names_the_module_of_its_face(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                registered: list[Toy]) -> None:
    (tmp_path / "plugged_cli.py").write_text(
        "import click\n\n"
        "@click.command(name='hello')\n"
        "def hello():\n"
        "    '''Say hello.'''\n"
        "    click.echo('hello from the plug-in')\n\n"
        "def own_commands():\n    return (hello,)\n\n"
        "def own_options(command):\n    return ()\n\n"
        "def terminal_game():\n    return None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registered.append(register(plugin("plugged", "plugged_cli")))
    result = CliRunner().invoke(main, ["plugged", "hello"])
    assert result.exit_code == 0 and result.output == "hello from the plug-in\n"
    assert "plugged  Plugged: hello." in CliRunner().invoke(main, ["--help"]).output
    sys.modules.pop("plugged_cli", None)
