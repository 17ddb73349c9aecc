"""Objects that draw themselves in a notebook (Jupyter's display hooks): the one place
the lower layers reach up to the text layer, inside the hooks, so that importing a
class never loads the renderer (``tests/test_layers.py``)."""

from __future__ import annotations


class Drawn:
    """A mixin: the object is shown as its SVG drawing
    (:func:`deberts.text.drawing.draw`), inline in HTML where SVG is not shown."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        from deberts.text.drawing import draw

        return draw(self)

    def _repr_html_(self) -> str:
        from deberts.text.drawing import html

        return html(self)
