"""How soon the board shows something useful for a Tertz deal at its first lead, and
how soon Stop takes effect: ``python benchmarks/board_latency.py --deals 10``.

The app is served on a local port (one process, as ``deberts serve``) and Debian's
chromium, driven by Playwright, opens ``/tertz`` for each seeded deal
(``TertzDeal.random(seed)``), with no move played, and presses Solve. Wall times from
the click, read in the page itself (``performance.now()`` at each change of the page,
seen by a ``MutationObserver``, so the driver's polling adds nothing):

- *busy*: the page is busy (Solve disabled, the Stop button shown);
- *useful*: the first value or proven interval on screen (a value under a card, or a
  move's interval on the status line);
- *value*: the first exact value under a card;
- *stop*: after ``--stop-after`` seconds (or at the end, whichever comes first) Stop
  is pressed; the time from that click until the page is idle again, and whether the
  server's job list is then empty.

Wall time: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from deberts.tertz import TertzDeal

#: Recorded in the page: the time of each first sighting, from Solve's click.
WATCH = """() => {
  const marks = {};
  const started = performance.now();
  const note = (name) => { if (!(name in marks)) marks[name] = performance.now() - started; };
  const look = () => {
    if (document.body.dataset.busy === "true") note("busy");
    if (document.querySelector("#board text.value")) { note("value"); note("useful"); }
    if (/ in \\[|at least|at most/.test(document.getElementById("status").textContent)) note("useful");
    if ("stop_click" in marks && document.body.dataset.busy === "false") note("idle");
  };
  new MutationObserver(look).observe(document.body,
    { subtree: true, childList: true, attributes: true, characterData: true });
  window.latency = { marks, started, look };
  document.getElementById("solve").click();
  look();
}"""

#: Press Stop and note when.
STOP = """() => {
  const l = window.latency;
  l.marks.stop_click = performance.now() - l.started;
  document.getElementById("stop").click();
  l.look();
}"""


@contextmanager
def served() -> Iterator[str]:
    """The app on a free local port, on a thread, for the block's duration."""
    import uvicorn

    from deberts.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def running_jobs(base: str) -> int:
    """How many analyses the server runs (its job list tells counts only)."""
    with urllib.request.urlopen(base + "/api/jobs") as answer:
        return int(json.load(answer)["running"])


def measure(page: Any, base: str, deal: TertzDeal, stop_after: float) -> dict[str, Any]:
    """One deal's marks, in seconds from Solve's click."""
    page.goto(base + "/tertz")
    page.fill("#deal", str(deal))
    page.fill("#moves", "")
    page.evaluate(WATCH)
    deadline = time.monotonic() + stop_after
    while time.monotonic() < deadline and page.evaluate(
            "() => document.body.dataset.busy") != "false":
        time.sleep(0.02)
    finished = page.evaluate("() => document.body.dataset.busy") == "false"
    if not finished:
        page.evaluate(STOP)
        page.wait_for_function("() => document.body.dataset.busy === 'false'", timeout=60_000)
    marks = page.evaluate("() => window.latency.marks")
    seconds = {name: round(value / 1000, 3) for name, value in marks.items()}
    row: dict[str, Any] = {"deal": str(deal), "finished": finished, **seconds}
    if not finished:
        row["stop"] = round(seconds["idle"] - seconds["stop_click"], 3)
        row["jobs_after_stop"] = running_jobs(base)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--stop-after", type=float, default=3.0,
                        help="seconds after Solve to press Stop")
    parser.add_argument("--chromium", default=os.environ.get("DEBERTS_CHROMIUM")
                        or shutil.which("chromium"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with served() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, headless=True,
                                             args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        for seed in range(args.seed, args.seed + args.deals):
            row = measure(page, base, TertzDeal.random(seed), args.stop_after)
            print(json.dumps(row), flush=True)
            rows.append(row)
        browser.close()
    for name in ("busy", "useful", "value", "stop"):
        found = [row[name] for row in rows if name in row]
        if found:
            print(f"{name}: median {statistics.median(found):.3f} s, "
                  f"max {max(found):.3f} s ({len(found)} of {len(rows)} deals)")
    stopped = [row for row in rows if "jobs_after_stop" in row]
    print(f"jobs left running after Stop: {sum(row['jobs_after_stop'] for row in stopped)} "
          f"({len(stopped)} stops)")


if __name__ == "__main__":
    main()
