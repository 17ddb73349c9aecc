"""The site's pages that live elsewhere in the repository or are made from the code,
added at build time so that nothing is written twice: the README is the guide
(index.md) and docs/rules.md the rules, with their links rewritten for the site; the
Python API pages come from the package's public names (api_pages.py) and the HTTP
API page from the app's own schema and real answers (http_api.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import api_pages  # noqa: E402 - the site's own modules, beside this file
import http_api  # noqa: E402

#: Site page by repository file.
PAGES = {"README.md": "index.md", "docs/rules.md": "rules.md"}
#: Images of docs/ the pages show.
IMAGES = ("docs/board.png", "docs/stats-made.png")
#: The site's own pages, linked from the repository's files as site_src/NAME.md.
SITE_SOURCE = "site_src/"


def site_links(text: str) -> str:
    """Links between the pages as the site names them (``docs/rules.md`` is
    ``rules.md``, ``README.md`` is ``index.md``, ``site_src/cli.md`` is ``cli.md``);
    links to other repository files (sources, tests) become plain text, as the site
    holds only the pages."""
    def link(match: re.Match[str]) -> str:
        label, target = match.group(1), match.group(2)
        path, _, anchor = target.partition("#")
        if re.match(r"[a-z]+:", path) or not path:
            return match.group(0)
        path = path.removeprefix("./")
        page = PAGES.get(path) or PAGES.get(f"docs/{path}")
        if page is None and path.startswith(SITE_SOURCE) and (ROOT / path).exists():
            page = path.removeprefix(SITE_SOURCE)
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
    for namespace, page in api_pages.PAGES.items():
        files.append(File.generated(config, page, content=api_pages.page(namespace)))
    placeholder = files.get_file_from_path("web.md")  # site_src/web.md, for the repository
    if placeholder is not None:
        files.remove(placeholder)
    files.append(File.generated(config, "web.md", content=http_api.page()))
    return files
