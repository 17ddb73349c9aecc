"""The package's layers import only downward: model, engine, analysis, play,
formats, text, cli. A module may import its own layer or any layer below it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("model", "engine", "analysis", "play", "formats", "text", "cli")
#: Modules at the package root that every layer may use.
SHARED = {"deberts.errors"}


def layer_of(module: str) -> int | None:
    """The rank of the layer a dotted ``deberts.*`` module belongs to."""
    parts = module.split(".")
    if parts[0] != "deberts" or len(parts) < 2 or module in SHARED:
        return None
    if parts[1] not in LAYERS:
        return LAYERS.index("cli")  # the flat surface of the package root
    return LAYERS.index(parts[1])


def package_files() -> list[tuple[str, Path]]:
    """Every module of the layers with its dotted name (the root's ``__init__``, the
    flat surface, re-exports them all)."""
    files = []
    for path in sorted((ROOT / "src" / "deberts").rglob("*.py")):
        if path.parent.name == "deberts" and path.name == "__init__.py":
            continue
        relative = path.relative_to(ROOT / "src").with_suffix("")
        files.append((".".join(relative.parts), path))
    for path in sorted((ROOT / "cli").rglob("*.py")):
        files.append(("deberts.cli." + path.stem, path))
    for path in sorted((ROOT / "solver").glob("*.pyx")):
        files.append(("deberts.engine." + path.stem, path))
    return files


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every ``deberts`` import in a file, however deep."""
    if path.suffix == ".pyx":
        found = []
        for number, line in enumerate(path.read_text().splitlines(), 1):
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from", "cimport"):
                if words[1].startswith("deberts"):
                    found.append((number, words[1]))
        return found
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            found += [(node.lineno, name if node.module == "deberts" else node.module)
                      for name in names]
    return [(line, name) for line, name in found if name.startswith("deberts")]


def upward_imports(module: str, path: Path) -> list[str]:
    """The imports of ``path`` that reach a layer above its own."""
    own = layer_of(module)
    if own is None:
        return []
    bad = []
    for line, name in imported(path):
        target = layer_of(name)
        if target is not None and target > own:
            bad.append(f"{path}:{line} imports {name}")
    return bad


@pytest.mark.parametrize("module,path", package_files(), ids=lambda v: str(v))
def test_imports_go_only_downward(module: str, path: Path) -> None:
    assert upward_imports(module, path) == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "cards.py"
    bad.write_text("import deberts.errors\n\ndef f():\n    from deberts.play.arena import arena\n")
    assert upward_imports("deberts.model.cards", bad) == [f"{bad}:4 imports deberts.play.arena"]


def test_import_deberts_does_not_load_numba() -> None:
    import subprocess
    import sys

    code = "import sys, deberts, deberts.cli.main; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
