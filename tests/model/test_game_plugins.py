"""Game plug-ins (the ``deberts.games`` entry points) that fail to load harm no other
game: each is skipped with one warning line naming it, the built-in games work, and
so do ``--help``, ``--version`` and the web app. Game names and aliases are one name
whatever their case, at registration as at look-up.

Each plug-in is a distribution of its own, written to a temporary folder on
``PYTHONPATH`` (a ``.dist-info`` with its ``entry_points.txt``), and every run is a
fresh interpreter, since the registry loads the plug-ins once."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from deberts.errors import DebertsError
from deberts.model.registry import find_game, register, unregister

#: A game module of a plug-in: a game called by its ``NAME``, Deberts' parts.
GAME_MODULE = """
from deberts.model.registry import find_game

class Plugged(type(find_game("deberts"))):
    name = NAME
    title = "Plugged"
    aliases = ()
    record_format = "plugged/1"

GAME = Plugged()
"""

#: Each broken plug-in: its entry point's value, its module's text, and what its
#: warning says went wrong.
BROKEN = {
    "raises": ("broken_raises:GAME", "raise RuntimeError('the plug-in is broken')",
               "RuntimeError: the plug-in is broken"),
    "exits": ("broken_exits:GAME", "import sys\nsys.exit(3)", "SystemExit: 3"),
    "missing": ("no_such_module:GAME", None, "ModuleNotFoundError: No module named"),
    "attribute": ("broken_attribute:NO_SUCH_GAME", "GAME = None", "AttributeError"),
    "nongame": ("broken_nongame:GAME", "GAME = 'not a game'",
                "cannot register a str: expected a Game"),
    "taken": ("broken_taken:GAME", "NAME = 'tertz'" + GAME_MODULE,
              "game name 'tertz' is taken by tertz"),
    "upper": ("broken_upper:GAME", "NAME = 'TERTZ'" + GAME_MODULE,
              "game name 'TERTZ' is taken by tertz"),
}


def plugin_path(tmp_path: Path, name: str) -> dict[str, str]:
    """The environment of a run where the plug-in ``name`` of :data:`BROKEN` is
    installed beside the package's own games."""
    value, text, _ = BROKEN[name]
    info = tmp_path / f"broken_{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: broken-{name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[deberts.games]\n{name} = {value}\n")
    if text is not None:
        (tmp_path / f"{value.split(':')[0]}.py").write_text(textwrap.dedent(text) + "\n")
    paths = [str(tmp_path), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def run(env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    """``deberts ARGUMENTS`` in a fresh interpreter."""
    code = "import sys; from deberts.cli.main import main; sys.argv[0] = 'deberts'; main()"
    return subprocess.run([sys.executable, "-c", code, *arguments], env=env,
                          capture_output=True, text=True, timeout=120)


def warnings_of(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in result.stderr.splitlines() if "plug-in" in line]


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_plugin_is_skipped_with_one_warning(tmp_path: Path, name: str) -> None:
    env = plugin_path(tmp_path, name)
    for arguments in (["--help"], ["--version"]):
        result = run(env, *arguments)
        assert result.returncode == 0, result.stderr
        assert len(result.stderr.splitlines()) == 1, result.stderr
        (warning,) = warnings_of(result)
        assert f"game plug-in {name!r} ({BROKEN[name][0]})" in warning
        assert "skipped" in warning and BROKEN[name][2] in warning
    solved = run(env, "solve", "--example", "--json")
    assert solved.returncode == 0 and '"margin"' in solved.stdout, solved.stderr
    dealt = run(env, "tertz", "deal", "--seed", "1")
    assert dealt.returncode == 0 and dealt.stdout.strip(), dealt.stderr


def test_the_server_starts_beside_a_broken_plugin(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    env = plugin_path(tmp_path, "raises")
    code = ("from fastapi.testclient import TestClient\n"
            "from deberts.web.app import create_app\n"
            "with TestClient(create_app()) as client:\n"
            "    print(client.get('/').status_code, client.get('/tertz').status_code)\n")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["200", "200"]
    assert len(warnings_of(result)) == 1


class Shouting(type(find_game("deberts"))):  # type: ignore[misc]
    """A game whose alias differs from a registered game's name by case only."""

    name = "shouting"
    title = "Shouting"
    aliases = ("TERTZ",)
    record_format = "shouting/1"


def test_names_are_taken_whatever_their_case() -> None:
    with pytest.raises(DebertsError, match="game name 'TERTZ' is taken by tertz"):
        register(Shouting())
    with pytest.raises(DebertsError, match="unknown game 'shouting'"):
        find_game("shouting")  # refused whole, not half registered


def test_a_game_registered_in_capitals_is_found_by_any_case() -> None:
    class Loud(Shouting):
        name = "Loud"
        aliases = ("LOUDER",)
        record_format = "loud/1"

    game = register(Loud())
    try:
        assert find_game("loud") is find_game("LOUD") is find_game("louder") is game
    finally:
        unregister("Loud")
    with pytest.raises(DebertsError, match="unknown game 'loud'"):
        find_game("loud")
