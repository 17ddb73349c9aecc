"""A griffe extension of the reference site: the package's docstrings are written for
readers of the source (Sphinx roles such as :func:`solve`, doctest examples after a
line ending in ``::`` or standing alone), and this turns them into the Markdown that
mkdocstrings renders: a role becomes inline code of its target's last name when the
target is written ``~a.b.C`` and of the whole target otherwise, a doctest block
becomes a ``pycon`` code block, and a paragraph's closing ``::`` a colon."""

from __future__ import annotations

import re
from typing import Any

import griffe

#: A Sphinx role with its target: :func:`solve`, :class:`~deberts.model.cards.Card`.
ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|data|attr|exc|obj|const|ref|term):`(~?)([^`]+)`")


def role_text(match: re.Match[str]) -> str:
    short, target = match.group(1), match.group(2).strip()
    if "<" in target and target.endswith(">"):  # :ref:`title <target>`
        target = target[:target.index("<")].strip()
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"


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
