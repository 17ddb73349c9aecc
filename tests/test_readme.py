"""The README tells the truth: every command it shows with its output is run, and
the output must match the README's text (so the README cannot drift); its Python
examples run, and the values their comments show are checked; every name it shows
exists.

Only deterministic commands are shown with output (seeded, or with no randomness);
the few timed figures in them (seconds, and the node count of solve's footer, which
any change to the search moves) are masked on both sides. A line in parentheses in
the README's output stands for lines left out.
"""

from __future__ import annotations

import ast
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
#: Timed figures, and what they are replaced with on both sides.
MASKS = [
    (re.compile(r"Searched [\d,]+ nodes in [\d.]+ s\."), "Searched N nodes in T s."),
    (re.compile(r"\([\d.]+ s\)"), "(T s)"),
]
#: ``deberts`` in the shell scripts below: this interpreter's CLI.
PRELUDE = f"""deberts() {{ "{sys.executable}" -c 'from deberts.cli.main import main; main()' "$@"; }}
"""


def blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(README.read_text(encoding="utf-8"))
            if lang == language]


def examples() -> list[list[tuple[str, list[str]]]]:
    """The shell blocks, each a list of (command, expected output lines)."""
    found = []
    for body in blocks(""):
        lines = body.splitlines()
        if not lines or not lines[0].startswith("$ deberts"):
            continue
        steps: list[tuple[str, list[str]]] = []
        index = 0
        while index < len(lines):
            command = lines[index][2:]
            while command.endswith("\\"):
                index += 1
                command = command[:-1] + lines[index].strip()
            index += 1
            output = []
            while index < len(lines) and not lines[index].startswith("$ "):
                output.append(lines[index])
                index += 1
            steps.append((command, output))
        found.append(steps)
    return found


def masked(text: str) -> str:
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


def matches(expected: list[str], actual: list[str]) -> bool:
    """The expected lines, where a line in parentheses skips any lines, as the actual
    output from start to end."""
    parts: list[list[str]] = [[]]
    for line in expected:
        if line.startswith("(") and line.endswith(")"):
            parts.append([])
        else:
            parts[-1].append(line)
    position = 0
    for number, part in enumerate(parts):
        if number == 0:
            if actual[:len(part)] != part:
                return False
            position = len(part)
            continue
        last = number == len(parts) - 1
        candidates = [len(actual) - len(part)] if last else range(position, len(actual) + 1)
        for start in candidates:
            if start >= position and actual[start:start + len(part)] == part:
                position = start + len(part)
                break
        else:
            return False
    return True


@pytest.mark.parametrize("steps", examples(), ids=lambda steps: steps[0][0][:60])
def test_readme_command_output(steps: list[tuple[str, list[str]]], tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}
    for command, expected in steps:
        result = subprocess.run(["bash", "-c", PRELUDE + command], cwd=tmp_path, env=env,
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr
        actual = masked(result.stdout).splitlines()
        want = [masked(line) for line in expected]
        assert matches(want, actual), "\n".join(
            ["README:", *want, "", "actual:", *actual])


def test_readme_python_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python blocks run in order in one namespace; a comment that is a Python
    literal is the value the line's expression must have."""
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    checked = 0
    for body in blocks("python"):
        for statement in ast.parse(body).body:
            source = ast.get_source_segment(body, statement) or ""
            line = body.splitlines()[statement.end_lineno - 1]  # type: ignore[operator]
            comment = line.partition("#")[2].strip()
            if isinstance(statement, ast.Expr) and comment:
                value = eval(compile(ast.Expression(statement.value), "README", "eval"), namespace)
                try:
                    expected = ast.literal_eval(comment)
                except (ValueError, SyntaxError):
                    continue  # a comment in words
                assert value == expected, source
                checked += 1
            else:
                exec(compile(ast.Module([statement], []), "README", "exec"), namespace)
    assert checked >= 2


#: A dotted name of the package as the README writes it (not a file's name).
DOTTED = re.compile(r"(?<![\w/.-])deberts(?:\.[A-Za-z_]\w*)+(?![\w/-])")
#: A name of the Tertz namespace as the README's Python writes it.
TERTZ_NAME = re.compile(r"(?<![\w.])tertz\.([A-Za-z_]\w*)")


def resolves(name: str) -> bool:
    """Whether ``name`` is a module of the package or an attribute of one."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


def test_every_name_the_readme_shows_exists() -> None:
    """Every ``deberts.X`` the README names, every import its examples make and every
    ``tertz.X`` they use is there, under its public name (never the games' folders,
    ``deberts.variants``, which users do not import)."""
    text = README.read_text(encoding="utf-8")
    names = set(DOTTED.findall(text))
    assert {"deberts.Solver", "deberts.tertz", "deberts.play"} <= names
    assert not [name for name in names if name.startswith("deberts.variants")]
    assert [name for name in sorted(names) if not resolves(name)] == []
    imported = []
    for body in blocks("python"):
        for node in ast.walk(ast.parse(body)):
            if isinstance(node, ast.ImportFrom):
                imported += [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                imported += [alias.name for alias in node.names]
    for module, names_text in re.findall(r"from (deberts[\w.]*) import (\w+(?:, \w+)*)", text):
        imported += [f"{module}.{name}" for name in names_text.split(", ")]
    assert "deberts.tertz" in imported
    assert [name for name in imported if not resolves(name)] == []
    tertz = importlib.import_module("deberts.tertz")
    assert [name for name in set(TERTZ_NAME.findall(text)) if not hasattr(tertz, name)] == []


def test_readme_commands_paste_into_a_shell() -> None:
    """A line continued with a backslash is outside any quotes: inside single quotes
    the shell keeps the backslash and the newline (this test's own reader joins
    the lines, so only this check sees it)."""
    quoted = []
    for body in blocks(""):
        command = ""
        for line in body.splitlines():
            command = command + line if command else (line if line.startswith("$ ") else "")
            if not command.endswith("\\"):
                command = ""
            elif command.count("'") % 2:
                quoted.append(line)
    assert quoted == []


def test_readme_test_command_is_what_ci_runs() -> None:
    """The README's test command is the line ``.ci/run`` runs, and the README says how
    to give the browser tests a browser."""
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    (command,) = [line for line in ci if line.startswith("pip install -e")]
    setup = blocks("")[0].splitlines()
    assert command in setup and setup[0].startswith("pip install . && deberts solve")
    assert "DEBERTS_CHROMIUM" in README.read_text(encoding="utf-8")
