"""The site's pages that live elsewhere in the repository, added at build time so
that nothing is written twice: the README is the guide (index.md) and docs/rules.md
the rules, with their links to each other and to the images rewritten for the site."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
#: Site page by repository file.
PAGES = {"README.md": "index.md", "docs/rules.md": "rules.md"}
#: Images of docs/ the pages show.
IMAGES = ("docs/board.png", "docs/stats-made.png")


def site_links(text: str) -> str:
    """Links between the pages as the site names them (``docs/rules.md`` is
    ``rules.md``, ``README.md`` is ``index.md``); links to other repository files
    (sources, tests) become plain code, as the site holds only the pages."""
    def link(match: re.Match[str]) -> str:
        label, target = match.group(1), match.group(2)
        path, _, anchor = target.partition("#")
        if re.match(r"[a-z]+:", path) or not path:
            return match.group(0)
        path = path.removeprefix("./")
        page = PAGES.get(path) or PAGES.get(f"docs/{path}")
        if page is not None:
            return f"[{label}]({page}{'#' + anchor if anchor else ''})"
        if path in IMAGES:
            return f"[{label}]({Path(path).name})"
        return label
    return re.sub(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)", link,
                  re.sub(r"!\[([^\]]*)\]\(docs/([^)]+)\)", r"![\1](\2)", text))


def on_files(files: Files, config: Any) -> Files:
    for source, page in PAGES.items():
        text = site_links((ROOT / source).read_text(encoding="utf-8"))
        files.append(File.generated(config, page, content=text))
    for image in IMAGES:
        files.append(File.generated(config, Path(image).name, abs_src_path=str(ROOT / image)))
    return files
