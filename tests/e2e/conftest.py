"""End-to-end fixtures: a real uvicorn server on 127.0.0.1 (a free port, a tmp SQLite file)
in a background thread, and Debian's headless Chromium driven by Playwright for Python (never
a downloaded browser). Without /usr/bin/chromium or Playwright the e2e tests skip."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from e2e_support import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, Server, serving


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("e2e") / "web.sqlite3") as srv:
        yield srv


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
