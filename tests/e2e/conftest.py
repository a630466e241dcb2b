"""End-to-end fixtures: a real uvicorn server on 127.0.0.1 (a free port, a tmp SQLite file)
in a background thread, and Debian's headless Chromium driven by Playwright for Python (never
a downloaded browser). Without /usr/bin/chromium or Playwright the e2e tests skip."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    REAL_GAMES,
    TIMEOUT_MS,
    Server,
    loader,
    why_not_starting,
)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    import uvicorn

    from warroom.web.app import create_app

    broken = {gid: why for gid in REAL_GAMES if (why := why_not_starting(gid)) is not None}
    games = ["toy", "cardtoy", *(g for g in REAL_GAMES if g not in broken)]
    db = tmp_path_factory.mktemp("e2e") / "web.sqlite3"
    app = create_app(f"sqlite:///{db}", loader, games)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            timeout_graceful_shutdown=2, lifespan="on")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True,
                              name="e2e-uvicorn")
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert thread.is_alive(), "the server stopped while starting"
        assert time.monotonic() < deadline, "the server did not start within 20 s"
        time.sleep(0.05)
    try:
        yield Server(f"http://127.0.0.1:{port}", broken, db)
    finally:
        srv.should_exit = True
        thread.join(15)
        sock.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM} (apt-get install -y "
                    "chromium); the e2e tests need it")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="Playwright for Python is not installed")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                               headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any, server: Server) -> Iterator[Any]:
    """A fresh browser context; JavaScript errors on the page, and anything the pages'
    Content-Security-Policy refuses (a script, a style, a request), fail the test."""
    context = browser.new_context(viewport={"width": 1024, "height": 700},
                                  base_url=server.url)
    context.set_default_timeout(TIMEOUT_MS)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: errors.append(msg.text) if msg.type == "error"
          and "Content Security Policy" in msg.text else None)
    try:
        yield pg
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
