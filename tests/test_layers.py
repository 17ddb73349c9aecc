"""The package's layers import only downward: model, engine, analysis, play,
formats, text, then cli and web side by side at the top. A module may import its own
layer or any layer below it. Each game's folder (``deberts.variants.<game>``) has the
same layers inside it, under the same rule; everything outside the games' folders is
generic and imports no game.

One exception, python-chess style: a lower-layer class draws itself in a notebook
through the text layer, so an import inside a method named ``_repr_svg_`` or
``_repr_html_`` may reach the text layer (and nothing above it). The import is
inside the method, so importing the class never loads the renderer."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("model", "engine", "analysis", "play", "formats", "text", "cli")
#: Top-level packages that share a rank with a layer: the web app sits beside cli.
BESIDE = {"web": "cli"}
#: The display hooks whose imports may reach the text layer.
DISPLAY_HOOKS = {"_repr_svg_", "_repr_html_"}
#: Modules at the package root that every layer may use (errors, the safe JSON reader,
#: and the lazy names helper each layer's package uses to export its names).
SHARED = {"deberts.errors", "deberts.lazy", "deberts.json_text"}
#: The games' folders: ``deberts.variants.<game>.<layer>...``.
VARIANTS = "deberts.variants"
#: The cli layer, top-level ``cli/``: each game's commands in a folder of its own,
#: ``deberts.cli.<game>``.
CLI = "deberts.cli"


def layer_of(module: str) -> int | None:
    """The rank of the layer a dotted ``deberts.*`` module belongs to (in a game's
    folder, the layer inside it)."""
    parts = module.split(".")
    if parts[0] != "deberts" or len(parts) < 2 or module in SHARED:
        return None
    if module.startswith(VARIANTS + "."):
        parts = parts[2:]  # deberts.variants.<game>.<layer>... as deberts.<layer>...
        if len(parts) < 2:
            return LAYERS.index("cli")  # the game's own package: its top
    name = BESIDE.get(parts[1], parts[1])
    if name not in LAYERS:
        return LAYERS.index("cli")  # the flat surface of the package root
    return LAYERS.index(name)


def package_files() -> list[tuple[str, Path]]:
    """Every module of the layers with its dotted name (the root's ``__init__``, the
    flat surface, re-exports them all)."""
    files = []
    for path in sorted((ROOT / "src" / "deberts").rglob("*.py")):
        if path.parent.name == "deberts" and path.name == "__init__.py":
            continue
        relative = path.relative_to(ROOT / "src").with_suffix("")
        files.append((".".join(relative.parts), path))
    for path in sorted((ROOT / "cli").rglob("*.py")):  # deberts.cli, by package-dir
        relative = path.relative_to(ROOT / "cli").with_suffix("")
        files.append((".".join((CLI, *relative.parts)), path))
    for path in sorted((ROOT / "solver").glob("*.pyx")):
        game = {"_engine": "deberts", "_tertz": "tertz"}[path.stem]
        files.append((f"{VARIANTS}.{game}.engine.{path.stem}", path))
    return files


def imported(path: Path) -> list[tuple[int, str, bool]]:
    """(line, module, in a display hook) for every ``deberts`` import in a file,
    however deep."""
    if path.suffix == ".pyx":
        found = []
        for number, line in enumerate(path.read_text().splitlines(), 1):
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from", "cimport"):
                if words[1].startswith("deberts"):
                    found.append((number, words[1], False))
        return found
    tree = ast.parse(path.read_text())
    hooked = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name in DISPLAY_HOOKS
        for inner in ast.walk(node)
    }
    found = []
    for node in ast.walk(tree):
        in_hook = id(node) in hooked
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, in_hook) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            found += [(node.lineno, name if node.module == "deberts" else node.module, in_hook)
                      for name in names]
    return [item for item in found if item[1].startswith("deberts")]


def upward_imports(module: str, path: Path) -> list[str]:
    """The imports of ``path`` that reach a layer above its own."""
    own = layer_of(module)
    if own is None:
        return []
    bad = []
    for line, name, in_hook in imported(path):
        target = layer_of(name)
        if in_hook and target == LAYERS.index("text"):
            continue  # a display hook drawing through the text layer
        if target is not None and target > own:
            bad.append(f"{path}:{line} imports {name}")
    return bad


@pytest.mark.parametrize("module,path", package_files(), ids=lambda v: str(v))
def test_imports_go_only_downward(module: str, path: Path) -> None:
    assert upward_imports(module, path) == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "cards.py"
    bad.write_text("import deberts.errors\n\ndef f():\n    from deberts.variants.deberts.play.arena import arena\n")
    assert upward_imports("deberts.model.cards", bad) == [f"{bad}:4 imports deberts.variants.deberts.play.arena"]


def test_a_display_hook_may_draw_through_the_text_layer(tmp_path: Path) -> None:
    hook = tmp_path / "deal.py"
    hook.write_text("class Deal:\n    def _repr_svg_(self):\n"
                    "        from deberts.variants.deberts.text.svg import draw\n        return draw(self)\n")
    assert upward_imports("deberts.variants.deberts.model.deal", hook) == []


def test_the_display_hook_exception_hides_no_other_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "deal.py"
    bad.write_text(
        "from deberts.variants.deberts.text.svg import draw\n"  # at module level
        "class Deal:\n"
        "    def _repr_svg_(self):\n"
        "        from deberts.cli.main import main\n"  # above the text layer
        "        from deberts.web.app import create_app\n"
        "    def _repr_png_(self):\n"
        "        from deberts.variants.deberts.text.svg import draw\n"  # not a display hook of the rule
        "    def draw(self):\n"
        "        import deberts.variants.deberts.text.render\n"
    )
    assert upward_imports("deberts.variants.deberts.model.deal", bad) == [
        f"{bad}:{line} imports {name}" for line, name in (
            (1, "deberts.variants.deberts.text.svg"), (4, "deberts.cli.main"), (5, "deberts.web.app"),
            (7, "deberts.variants.deberts.text.svg"), (9, "deberts.variants.deberts.text.render"),
        )
    ]


def test_web_sits_beside_cli() -> None:
    assert layer_of("deberts.web.app") == layer_of("deberts.cli.main") > layer_of("deberts.variants.deberts.text.svg")


def test_import_deberts_does_not_load_numba() -> None:
    import subprocess
    import sys

    code = "import sys, deberts, deberts.cli.main; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def game_of_module(module: str) -> str | None:
    """The game whose folder holds ``module`` (``deberts.variants.<game>`` or its
    commands' ``deberts.cli.<game>``), or ``None`` outside the games' folders."""
    parts = module.split(".")
    if module.startswith(VARIANTS + ".") and len(parts) > 2:
        return parts[2]
    if module.startswith(CLI + ".") and len(parts) > 3:  # a folder of cli/, not a module
        return parts[2]
    return None


def game_folders(game: str) -> tuple[str, ...]:
    """The folders of ``game``'s own modules."""
    return f"{VARIANTS}.{game}", f"{CLI}.{game}"


def is_generic(module: str) -> bool:
    """Whether ``module`` must serve every game: everything in the layers outside the
    games' folders. The package root's own modules but the shared ones (``deberts``,
    ``deberts.tertz``, ``deberts.distributed``) are above every layer: the flat
    namespaces users import, which name each game's things."""
    at_root = module.count(".") == 1 and module not in SHARED
    return game_of_module(module) is None and not at_root


def game_modules() -> set[str]:
    """Every registered game's own modules: its folders, and the modules of its model
    types (a game registered from outside the package)."""
    from deberts.model.registry import games

    found = {VARIANTS}
    for game in games():
        kinds = (game.position, game.deal, game.rules, game.record)
        found |= {kind.__module__ for kind in kinds} | {f"{CLI}.{game.name}"}
    return found


def game_imports(path: Path, modules: set[str]) -> list[str]:
    """The imports of ``path`` that name one of ``modules`` (or a module inside one)."""
    return [f"{path}:{line} imports {name}" for line, name, _ in imported(path)
            if any(name == m or name.startswith(m + ".") for m in modules)]


GENERIC = [(module, path) for module, path in package_files() if is_generic(module)]


@pytest.mark.parametrize("module,path", GENERIC, ids=lambda v: str(v))
def test_generic_modules_import_no_game(module: str, path: Path) -> None:
    assert game_imports(path, game_modules()) == []


def test_the_check_sees_a_game_import(tmp_path: Path) -> None:
    bad = tmp_path / "batch.py"
    bad.write_text("from deberts.variants.tertz.model import TertzPosition\n"
                   "from deberts.variants.deberts.model.position import Position\n"
                   "from deberts.model.registry import find_game\n")
    assert game_imports(bad, game_modules()) == [
        f"{bad}:1 imports deberts.variants.tertz.model",
        f"{bad}:2 imports deberts.variants.deberts.model.position",
    ]


GAME_FILES = [(module, path) for module, path in package_files() if game_of_module(module)]


@pytest.mark.parametrize("module,path", GAME_FILES, ids=lambda v: str(v))
def test_a_game_imports_no_other_game(module: str, path: Path) -> None:
    own = game_folders(str(game_of_module(module)))
    others = [line for line, name, _ in imported(path)
              if game_of_module(name) and not any(name == folder or name.startswith(folder + ".")
                                                  for folder in own)]
    assert others == []


def test_every_module_outside_the_games_folders_is_checked() -> None:
    modules = {module for module, _ in GENERIC}
    assert {"deberts.formats.batch", "deberts.cli.main", "deberts.web.app",
            "deberts.model.registry"} <= modules
    assert not any(module.startswith(VARIANTS + ".") for module in modules)


def test_the_benchmarks_import_nothing_from_the_tests() -> None:
    helpers = {path.stem for path in (ROOT / "tests").glob("*.py")}
    own = {path.stem for path in (ROOT / "benchmarks").glob("*.py")}
    for path in (ROOT / "benchmarks").glob("*.py"):
        text = path.read_text()
        names = {alias.name.split(".")[0] for node in ast.walk(ast.parse(text))
                 if isinstance(node, ast.Import) for alias in node.names}
        names |= {node.module.split(".")[0] for node in ast.walk(ast.parse(text))
                  if isinstance(node, ast.ImportFrom) and node.module and node.level == 0}
        assert not (names & helpers) - own, path
        assert '/ "tests"' not in text, path


#: Words of the package itself that a game shares: the package and its command
#: ``deberts``, and its error class. Generic code may write them.
PACKAGE_WORDS = ("DebertsError", "deberts")
#: Generic files that are not Python modules: the web app's own static files and
#: the engine code both engines include.
GENERIC_ASSETS = [*sorted((ROOT / "src" / "deberts" / "web" / "static").glob("*.*")),
                  *sorted((ROOT / "solver" / "common").glob("*.pxi"))]


def game_words() -> list[str]:
    """Every game's names: each registered game's name, title and aliases, and the
    tests' own game's (:mod:`toy_game`), in lower, title and upper case; the
    package's own words apart."""
    from toy_game import TOY

    from deberts.model.registry import games

    found = set()
    for game in (*games(), TOY):
        for name in (game.name, game.title, *game.aliases):
            found |= {name, name.lower(), name.title(), name.upper()}
    return sorted(found - set(PACKAGE_WORDS))


def word_pattern(words: list[str]) -> re.Pattern[str]:
    """A pattern matching any of ``words`` as a word or a part of an identifier
    (``tertz_group``, ``TertzSolver``, ``TERTZ_ID``, ``playTertz``), but not
    inside a longer word."""
    forms = []
    for word in words:
        text = re.escape(word).replace(r"\ ", r"\s+")
        if word.islower():
            forms.append(rf"(?<![A-Za-z]){text}(?![a-z])")
        elif word.isupper():
            forms.append(rf"(?<![A-Z]){text}(?![A-Z])")
        else:
            forms.append(rf"(?<![A-Z]){text}(?![a-z])")
    return re.compile("|".join(forms))


def game_names(path: Path, words: list[str]) -> list[str]:
    """Where ``path`` names a game (in code, strings, docstrings or comments): one
    ``path:line: word`` for each."""
    pattern = word_pattern(words)
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for allowed in PACKAGE_WORDS:
            line = line.replace(allowed, " ")
        found += [f"{path}:{number}: {match.group()}" for match in pattern.finditer(line)]
    return found


@pytest.mark.parametrize("path", [path for _, path in GENERIC] + GENERIC_ASSETS,
                         ids=lambda v: str(v))
def test_generic_code_names_no_game(path: Path) -> None:
    assert game_names(path, game_words()) == []


def test_the_check_sees_a_game_named(tmp_path: Path) -> None:
    bad = tmp_path / "generic.py"
    bad.write_text(
        '"""Solves any game, Tertz too."""\n'  # a docstring
        "from deberts.errors import DebertsError  # the package's error: allowed\n"
        "def tertz_group(): ...  # an identifier\n"
        "NAME = 'deberts'  # the command's name: allowed\n"
        "x = TertzSolver, DEBERTS_RULES, playTertz  # parts of identifiers\n"
        "# the default game is Deberts; see deberts.tertz\n"  # a comment
        "HELP = 'a high  card page, or klabor'\n"  # the toy's title, an alias
        "words = 'tertzes intertz hightertz'  # inside other words: not a name\n"
    )
    found = [item.split(":", 1)[1] for item in game_names(bad, game_words())]
    assert found == ["1: Tertz", "3: tertz", "5: Tertz", "5: DEBERTS", "5: Tertz",
                     "6: Deberts", "6: tertz", "7: high  card", "7: klabor"]
