"""The Python API pages of the reference site, made from the package's public names
(each namespace's ``__all__``) so that no name a user imports goes undocumented: a
page a namespace, an entry a name, grouped by the layer that defines it. A name that
two namespaces share (``deberts.make_player`` is ``deberts.play.make_player``) has its
entry in the more specific one, and the other links to it under its own anchor."""

from __future__ import annotations

import importlib
from collections import defaultdict

#: Page by namespace, in the order of the site's menu.
PAGES = {
    "deberts": "api/deberts.md",
    "deberts.tertz": "api/tertz.md",
    "deberts.analysis": "api/analysis.md",
    "deberts.play": "api/play.md",
}
#: What each page says first.
INTRODUCTIONS = {
    "deberts": "Everything a user needs is in `import deberts`: the model, the solver, "
               "records and the game registry here, and the analysis and play names, "
               "loaded at their first use, whose entries are on their own pages.",
    "deberts.tertz": "Tertz has the API of Deberts: `from deberts import tertz`.",
    "deberts.analysis": "The analysis layer's generic names: what it reads of every "
                        "game. Each game's own are in `import deberts` and "
                        "`from deberts import tertz`.",
    "deberts.play": "The play layer's generic names: players of any game made from "
                    "their specs, the match against the computer, what the layer reads "
                    "of every game. Each game's own are in `import deberts` and "
                    "`from deberts import tertz`.",
}
#: The heading of the names a layer defines, by the layer's name.
LAYERS = {
    "model": "Cards, deals, positions and rules",
    "engine": "Solving",
    "analysis": "Analysis",
    "play": "Playing",
    "formats": "Records",
    "errors": "Errors",
}
#: The layer of a name whose value has no module of its own (a constant).
CONSTANT_LAYER = "model"


def public_names(namespace: str) -> list[str]:
    return list(importlib.import_module(namespace).__all__)


def home(namespace: str, name: str) -> str:
    """The namespace whose page has ``name``'s entry: the most specific one."""
    for other in ("deberts.analysis", "deberts.play"):
        if namespace == "deberts" and name in public_names(other):
            return other
    return namespace


def layer_of(namespace: str, name: str) -> str:
    """The layer of the module defining ``name`` (``errors`` for the error classes)."""
    value = getattr(importlib.import_module(namespace), name)
    module = getattr(value, "__module__", None) or ""
    if not module.startswith("deberts.") or module == namespace:
        return CONSTANT_LAYER
    parts = module.split(".")
    if parts[1] == "variants":
        parts = parts[2:]
    return parts[1] if parts[1] in LAYERS else CONSTANT_LAYER


def entry(path: str) -> str:
    return f"::: {path}\n    options:\n      heading_level: 3\n      show_root_full_path: true\n"


def page(namespace: str) -> str:
    """The Markdown of one namespace's page."""
    lines = [f"# {namespace}", "", INTRODUCTIONS[namespace], ""]
    groups: dict[str, list[str]] = defaultdict(list)
    shared: list[str] = []
    for name in sorted(public_names(namespace), key=str.lower):
        if home(namespace, name) != namespace:
            shared.append(name)
        else:
            groups[layer_of(namespace, name)].append(name)
    for layer, title in LAYERS.items():
        if groups[layer]:
            lines += [f"## {title}", ""]
            lines += [entry(f"{namespace}.{name}") for name in groups[layer]]
    if shared:
        lines += ["## Analysis and play", "",
                  "Loaded at their first use; each entry is on its layer's page.", ""]
        for name in shared:
            other = home(namespace, name)
            target = f"{PAGES[other].removeprefix('api/')}#{other}.{name}"
            lines.append(f'- <span id="{namespace}.{name}"></span>'
                         f"[`{namespace}.{name}`]({target}): `{other}.{name}`")
        lines.append("")
    return "\n".join(lines)
