"""What the browser tests share: the app served by uvicorn on a local port, and a
Playwright page in Debian's chromium (see browser.py). Without a browser they are
skipped, and never silently: they are counted apart on the run's summary line
(``13 skipped without a browser``) and the run ends by saying how to give it one."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any, Iterator

import pytest
from browser import CHROMIUM, NO_BROWSER, PATIENCE_MS

#: The summary line's category of the browser tests skipped for want of a browser.
WITHOUT_BROWSER = "skipped without a browser"


def pytest_report_teststatus(
    report: pytest.TestReport, config: pytest.Config,
) -> tuple[str, str, str] | None:
    if report.skipped and NO_BROWSER in str(report.longrepr):
        return WITHOUT_BROWSER, "b", "SKIPPED (no browser)"
    return None


def pytest_terminal_summary(terminalreporter: Any) -> None:
    skipped = terminalreporter.stats.get(WITHOUT_BROWSER, [])
    if skipped:
        terminalreporter.write_sep("=", f"{len(skipped)} browser tests not run", yellow=True)
        terminalreporter.write_line(NO_BROWSER)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app served by uvicorn on a free local port, on a thread."""
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("fastapi")
    from deberts.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(600):
        if running.started:
            break
        time.sleep(0.1)
    assert running.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(30)


@pytest.fixture
def page(server: str) -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox"])
        tab = browser.new_page(viewport={"width": 1400, "height": 1000})
        tab.set_default_timeout(PATIENCE_MS)
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        yield tab
        browser.close()
        assert errors == []
