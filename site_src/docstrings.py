"""A griffe extension of the reference site: the package's docstrings are written for
readers of the source (Sphinx roles such as :func:`solve`, doctest examples after a
line ending in ``::`` or standing alone), and this turns them into the Markdown that
mkdocstrings renders: a role becomes inline code of its target's last name when the
target is written ``~a.b.C`` and of the whole target otherwise (a target inside a
game's folder, ``deberts.variants...``, by the public name users import when it has
one), a doctest block becomes a ``pycon`` code block, and a paragraph's closing
``::`` a colon."""

from __future__ import annotations

import importlib
import re
from functools import cache
from typing import Any

import griffe

#: The namespaces users import, most general first (a later one's name wins).
PUBLIC = ("deberts", "deberts.analysis", "deberts.play", "deberts.tertz")

#: A Sphinx role with its target: :func:`solve`, :class:`~deberts.model.cards.Card`.
ROLE = re.compile(
    r":(?:py:)?(?:func|meth|class|mod|data|attr|exc|obj|const|ref|term):`(~?)([^`]+)`")


@cache
def public_names() -> dict[str, str]:
    """The public path of each object a public namespace exports, by the object's
    defining path (``deberts.variants.deberts.play.pimc.PimcPlayer`` is
    ``deberts.PimcPlayer``)."""
    found = {}
    for namespace in PUBLIC:
        module = importlib.import_module(namespace)
        for name in module.__all__:
            value = getattr(module, name)
            home = getattr(value, "__module__", None)
            if isinstance(home, str) and hasattr(value, "__qualname__"):
                found[f"{home}.{value.__qualname__}"] = f"{namespace}.{name}"
    return found


def public(target: str) -> str:
    """A target as users import it: a game's internal path by its public name (an
    attribute of a public class too), any other target as written."""
    if not target.startswith("deberts.variants."):
        return target
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        name = public_names().get(".".join(parts[:cut]))
        if name is not None:
            return ".".join([name, *parts[cut:]])
    return target


def role_text(match: re.Match[str]) -> str:
    short, target = match.group(1), match.group(2).strip()
    if "<" in target and target.endswith(">"):  # :ref:`title <target>`
        target = target[:target.index("<")].strip()
    return f"`{target.rsplit('.', 1)[-1] if short else public(target)}`"


def doctest_fenced(text: str) -> str:
    """Doctest blocks (from a ``>>>`` line to the next blank line) fenced as code,
    unless they sit in an indented literal block, which Markdown shows as code."""
    lines, out, index = text.split("\n"), [], 0
    while index < len(lines):
        if lines[index].startswith(">>>"):
            block = []
            while index < len(lines) and lines[index].strip():
                block.append(lines[index])
                index += 1
            out += ["", "```pycon", *block, "```", ""]
            continue
        out.append(lines[index])
        index += 1
    return "\n".join(out)


def markdown(text: str) -> str:
    """A docstring's text as the site's Markdown."""
    text = ROLE.sub(role_text, text)
    text = re.sub(r"(?<=\S)::\n", ":\n", text)
    return doctest_fenced(text)


class SphinxRolesToMarkdown(griffe.Extension):
    """Rewrites every docstring as it is loaded (see the module's docstring)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
