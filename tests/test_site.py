"""The reference site builds with warnings as errors (``mkdocs build --strict``): every
page, every docstring reference and every link between the pages resolves. It
builds once into the tests' tmp path (the site is never committed), and the built
pages are then read as a user's browser would get them: no raw Sphinx role in any
text, an entry for every public name, every command and every HTTP endpoint, and
nothing asked of another host."""

from __future__ import annotations

import html
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocstrings")
pytest.importorskip("mkdocs_click")
pytest.importorskip("fastapi")

#: The namespaces whose every public name has an entry.
NAMESPACES = ("deberts", "deberts.tertz", "deberts.play", "deberts.analysis", "deberts.distributed",
              # the training data's pipelines (pyarrow)
              "deberts.variants.deberts.play.decisions", "deberts.variants.tertz.play.decisions",
              "deberts.variants.tertz.play.labels")
#: A Sphinx role left as text.
RAW_ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|data|attr|exc|obj|const|ref):`")
#: An address on this machine: the board's own, which the guide names.
LOCAL = re.compile(r"^(?:https?:)?//(?:127\.0\.0\.1|localhost)(?:[:/]|$)")
#: What makes a browser fetch: an element's source, a stylesheet, a link, a CSS url.
FETCHES = re.compile(r"""(?:\b(?:src|href|srcset|action)\s*=\s*["']|url\(\s*["']?|@import\s+["'])"""
                     r"""((?:https?:)?//[^"')\s]+)""", re.I)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built_to = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(built_to)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert built.returncode == 0, built.stderr
    return built_to


def pages(site: Path) -> dict[str, str]:
    return {str(path.relative_to(site)): path.read_text(encoding="utf-8")
            for path in site.rglob("*.html")}


def text_of(page: str) -> str:
    """A page's text as shown: no tags, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_site_builds_with_its_pages(site: Path) -> None:
    cli = (site / "cli" / "index.html").read_text(encoding="utf-8")
    assert "Solve one position exactly" in cli and "--records" in cli
    guide = (site / "index.html").read_text(encoding="utf-8")
    assert 'src="board.png"' in guide and (site / "board.png").exists()
    assert not (site / "hooks.py").exists() and not (site / "theme").exists()


def test_no_page_shows_a_raw_sphinx_role(site: Path) -> None:
    raw = {name: RAW_ROLE.findall(text_of(page)) for name, page in pages(site).items()}
    assert {name: found for name, found in raw.items() if found} == {}


def test_every_public_name_has_an_entry(site: Path) -> None:
    ids = set()
    for page in pages(site).values():
        ids.update(re.findall(r'\bid="([^"]+)"', page))
    missing = [f"{namespace}.{name}" for namespace in NAMESPACES
               for name in importlib.import_module(namespace).__all__
               if f"{namespace}.{name}" not in ids]
    assert missing == []
    assert {"deberts.Solver.limit", "deberts.Solver.progress",
            "deberts.tertz.TertzSolver.limit", "deberts.tertz.TertzPosition.push"} <= ids


def test_docstrings_are_rendered(site: Path) -> None:
    api = (site / "api" / "deberts" / "index.html").read_text(encoding="utf-8")
    assert "Parse rank then suit" in api
    assert '<code class="language-pycon">&gt;&gt;&gt; card = Card.parse' in api
    prose = {name: re.findall(r"<p>&gt;&gt;&gt;", page) for name, page in pages(site).items()}
    assert {name: found for name, found in prose.items() if found} == {}  # doctests are code
    tertz = (site / "api" / "tertz" / "index.html").read_text(encoding="utf-8")
    assert "TertzPimcPlayer" in tertz and "choose" in tertz


def test_every_command_is_in_the_sidebar(site: Path) -> None:
    import click

    from deberts.cli.main import main

    cli = (site / "cli" / "index.html").read_text(encoding="utf-8")
    sidebar = cli[cli.index("bs-sidebar"):cli.index('role="main"')]
    links = set(re.findall(r'href="#([^"]+)"', sidebar))
    context = click.Context(main)
    commands = {name: main.get_command(context, name) for name in main.list_commands(context)}
    names = [name for name, command in commands.items() if command and not command.hidden]
    tertz = main.get_command(context, "tertz")
    assert isinstance(tertz, click.Group)
    assert [name for name in names if name not in links] == []
    # a subcommand of tertz named as a top-level one gets the anchor NAME_1
    assert [name for name in tertz.list_commands(click.Context(tertz))
            if name not in links and f"{name}_1" not in links] == []


def test_each_command_is_documented_once(site: Path) -> None:
    """The default game's commands are the top level's: its group of the same
    commands (``deberts deberts solve``) is hidden from the help and the site."""
    from click.testing import CliRunner

    from deberts.cli.main import main
    from deberts.model.registry import default_game

    cli = text_of((site / "cli" / "index.html").read_text(encoding="utf-8"))
    assert cli.count("HANDS is the deal: the hands in seat order") == 1  # solve's help
    assert f"deberts {default_game().name} solve" not in cli
    listed = CliRunner().invoke(main, ["--help"]).output
    assert f"  {default_game().name} " not in listed and "  tertz " in listed
    grouped = CliRunner().invoke(main, [default_game().name, "solve", "--example", "--json"])
    top = CliRunner().invoke(main, ["solve", "--example", "--json"])
    assert grouped.exit_code == 0 and top.exit_code == 0
    assert ({key: value for key, value in json.loads(grouped.output).items() if key != "seconds"}
            == {key: value for key, value in json.loads(top.output).items() if key != "seconds"})


def test_every_http_endpoint_is_documented_with_a_real_exchange(site: Path) -> None:
    from deberts.web.app import create_app

    web = text_of((site / "web" / "index.html").read_text(encoding="utf-8"))
    paths = create_app().openapi()["paths"]
    for path, operations in paths.items():
        for method in operations:
            assert f"{method.upper()} {path}" in web
    assert web.count("Answer, status 200") >= len(paths)
    assert "Answer, status 400:" in web and "Answer, status 404:" in web
    assert '"margin": 30' in web  # the solve example's real answer


def test_nothing_is_asked_of_another_host(site: Path) -> None:
    found = {}
    for path in site.rglob("*"):
        if path.suffix in (".html", ".css"):
            remote = [address for address in FETCHES.findall(path.read_text(encoding="utf-8"))
                      if not LOCAL.match(address)]
            if remote:
                found[str(path.relative_to(site))] = remote
    assert found == {}


def test_the_record_example_loads(site: Path) -> None:
    from deberts.formats import records

    formats = (ROOT / "site_src" / "formats.md").read_text(encoding="utf-8")
    (text,) = re.findall(r"^```json\n(.*?)^```", formats, re.S | re.M)
    (record,) = records.loads(text)
    assert record.seats == ("pimc:samples=50", "heuristic") and record.is_complete()
    assert json.loads(text)["format"] == "deberts-record/1"
