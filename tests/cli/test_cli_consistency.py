"""One CLI: an option has one name (its old spelling kept as an alias), one meaning
and one default in every command; HANDS may come from standard input."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner, Result

from deberts.cli.main import main

HANDS = "Q.AKQT.A.AJ7 J.8.T987.QT8"
SETTING = ["--trump", "H", "--declarer", "0", "--leader", "1"]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


REPEATABLE = object()


def top_commands() -> dict[str, click.Command]:
    """The commands at the top level (the games' groups aside), as ``deberts --help``
    lists them."""
    ctx = click.Context(main)
    found = {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}
    return {name: command for name, command in found.items()
            if command is not None and not isinstance(command, click.Group)}


def options(command: str) -> dict[str, object]:
    """Each single-valued option of a command by its first long name, with its
    default and type (a repeatable option, such as ``stats --players 2 --players 3``,
    lists values of the same type and defaults to several)."""
    found = {}
    chosen = top_commands()[command]
    for param in chosen.get_params(click.Context(chosen)):
        names = [n for n in param.opts if n.startswith("--")]
        if names:
            repeatable = getattr(param, "multiple", False)
            found[names[0]] = (REPEATABLE if repeatable else param.default, repr(param.type))
    return found


def every_command() -> dict[str, click.Command]:
    """Every command of every game by its path: the top level's, and those of each
    game's group (``tertz solve``)."""
    ctx = click.Context(main)
    found: dict[str, click.Command] = {}
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        if isinstance(command, click.Group):
            if not command.hidden:  # the default game's group repeats the top level
                found |= {f"{name} {sub}": command.commands[sub] for sub in command.commands}
        elif command is not None:
            found[name] = command
    return found


def parameters(command: click.Command) -> dict[str, click.Parameter]:
    """A command's options by their first long name."""
    return {next(n for n in param.opts if n.startswith("--")): param
            for param in command.get_params(click.Context(command))
            if any(n.startswith("--") for n in param.opts)}


@pytest.mark.parametrize("name", ["--players", "--jobs", "--threads", "--seed", "--rules",
                                  "--target", "--table-bits", "--progress", "--seconds"])
def test_a_shared_option_has_one_default(name: str) -> None:
    found = {path: parameters(command)[name] for path, command in every_command().items()
             if name in parameters(command)}
    defaults = {repr(param.default) for param in found.values()
                if not getattr(param, "multiple", False)}
    types = {repr(param.type) for param in found.values()}
    assert len(found) >= 2 and len(defaults) == 1 and len(types) == 1, found


def test_jobs_are_workers_over_positions_threads_are_inside_one_search() -> None:
    """``-j/--jobs``: the workers over many positions, in every command that solves
    many; ``--threads``: the threads of one search, in every command whose search
    runs on threads (Tertz's; Deberts' solver searches on one)."""
    commands = every_command()
    jobs = {path for path, command in commands.items() if "--jobs" in parameters(command)}
    threads = {path for path, command in commands.items()
               if "--threads" in parameters(command)}
    assert jobs == {"batch", "table", "bid", "arena", "stats"}
    assert threads == {"tertz solve", "tertz analyze"}
    for path in jobs:
        assert parameters(commands[path])["--jobs"].opts == ["-j", "--jobs"], path


@pytest.mark.parametrize("name", ["--jobs", "--threads", "--seconds", "--table-bits"])
def test_the_site_lists_the_commands_of_a_shared_option(name: str) -> None:
    """The reference's table of shared options (site_src/cli.md) names each command
    that takes the option, and no other."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "site_src" / "cli.md").read_text()
    row = next(line for line in page.splitlines()
               if line.startswith("| `") and f"`{name}" in line.split("|")[1])
    listed = set(re.findall(r"`([a-z ]+)`", row.split("|")[2]))
    assert listed == {path for path, command in every_command().items()
                      if name in parameters(command)}
