"""The web board (``deberts serve``, the ``web`` extra): an ASGI app on FastAPI whose
pages analyse a deal by clicking, replay a game record, play against the computer and
evaluate a bid, over a JSON API under ``/api/`` with the CLI's ``--json`` fields.

The layer sits beside ``cli`` at the top of the package: it parses a request, calls
the library on a bounded thread pool and returns the library's own JSON and SVG.
"""
