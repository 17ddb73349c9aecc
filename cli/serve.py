"""``deberts serve``: the web board on this machine (the ``web`` extra)."""

from __future__ import annotations

import importlib.util
import socket
import threading
import webbrowser

import click

from deberts.cli.common import CliError

#: Connections the listening socket queues before the server takes them.
BACKLOG = 128
#: On Ctrl-C or SIGTERM, the seconds a request still under way once its work is
#: cancelled (:class:`deberts.web.stopping.StoppingServer`) gets before uvicorn
#: cancels it too.
STOP_SECONDS = 1


@click.command(name="serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0 opens the board to the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on (0: any free one).")
@click.option("--open", "open_browser", is_flag=True, help="Open the board in a web browser.")
def serve_command(host: str, port: int, open_browser: bool) -> None:
    """Serve the web board: analyse a deal by clicking, replay a game record, play
    against the computer, evaluate a bid; the JSON API under /api/ (docs at /docs)."""
    if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("uvicorn") is None:
        raise CliError("serve needs the web extra: pip install 'deberts[web]'")
    import uvicorn

    from deberts.web.app import create_app
    from deberts.web.memory import return_freed_memory
    from deberts.web.stopping import StoppingServer

    listening = _listening(host, port)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown}:{listening.getsockname()[1]}/"
    click.echo(f"deberts board at {url} (Ctrl-C stops it)", err=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    return_freed_memory()  # ended games' tables go back to the system
    app = create_app()
    server = StoppingServer(uvicorn.Config(app, log_level="warning",
                                           timeout_graceful_shutdown=STOP_SECONDS), app)
    server.run(sockets=[listening])


def _listening(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening, or a one-line error (the port
    is taken, the address is not this machine's)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
        listening.listen(BACKLOG)
    except OSError as error:
        listening.close()
        raise CliError(f"cannot serve on {host}:{port}: {error.strerror or error}") from None
    return listening
