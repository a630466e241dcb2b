"""Shared pieces of the end-to-end tests (a module of its own, so that no test imports a
conftest by name): the games' loader, the server handle, Chromium's path and flags, and the
screenshot helper."""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))          # tests/: the toy game

from cardtoy import CARD_TOY  # noqa: E402

from toy import TOY  # noqa: E402
from warroom.core.protocol import Game, new_game  # noqa: E402
from warroom.games import load_game  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
SHOTS = HERE / "screenshots"
REAL_GAMES = ("eaw1940", "tk", "sfe", "eit2")
TIMEOUT_MS = 10_000


def loader(gid: str) -> Game:
    if gid == "toy":
        return TOY
    if gid == "cardtoy":
        return CARD_TOY
    return load_game(gid)


def why_not_starting(gid: str) -> str | None:
    """None if the game sets up in this tree, else why not (the ports land one by one)."""
    try:
        new_game(load_game(gid), None, 1)
    except Exception as exc:
        return f"{gid} does not start in this tree yet ({type(exc).__name__}: {exc})"[:300]
    return None


@dataclass
class Server:
    url: str
    broken: dict[str, str] = field(default_factory=dict)   # real game -> why it is left out
    db: Path | None = None                                  # its SQLite file

    def api(self, method: str, path: str, **kw: Any) -> Any:
        import httpx
        res = httpx.request(method, self.url + path, timeout=10, **kw)
        assert res.status_code == 200, res.text
        return res.json()


@contextlib.contextmanager
def serving(db: Path, watch_pace: float = 0.0) -> Iterator[Server]:
    """The web app on a free port of 127.0.0.1 (SQLite file ``db``) in a background thread,
    stopped on leaving; ``watch_pace``: `warroom serve --watch-pace` (0: bots move as fast as
    they think)."""
    import uvicorn

    from warroom.web.app import create_app

    broken = {gid: why for gid in REAL_GAMES if (why := why_not_starting(gid)) is not None}
    games = ["toy", "cardtoy", *(g for g in REAL_GAMES if g not in broken)]
    app = create_app(f"sqlite:///{db}", loader, games, watch_pace=watch_pace)
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


def shot(page: Any, name: str) -> None:
    """A small commit-ready screenshot (the viewport only) under tests/e2e/screenshots/."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False, animations="disabled",
                    caret="initial")


def replay_tour(page: Any, steps: int) -> None:
    """On a replay page (any game): jump to a turn (when the record has more than one),
    step forwards and back, "Why?" of the action taken (its rule), and the shareable link
    opening that very step in a new page."""
    page.wait_for_function("() => document.body.dataset.steps !== undefined")
    marks = [int(v) for v in page.eval_on_selector_all(
        "#turn-jump option", "els => els.map(e => e.value)")]
    later = [m for m in marks if 0 < m < steps]
    if later and page.locator("#turn-jump").is_visible():
        at = later[len(later) // 2]
        page.select_option("#turn-jump", str(at))
        page.wait_for_function(f"() => document.body.dataset.step === '{at}'")
    else:
        page.click("#first")
        page.wait_for_function("() => document.body.dataset.step === '0'")
        page.click("#next")
        at = 1
        page.wait_for_function("() => document.body.dataset.step === '1'")
    if at < steps:
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.body.dataset.step === '{at + 1}'")
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"() => document.body.dataset.step === '{at}'")
    page.click("#why")
    page.wait_for_function("() => !document.querySelector('#explain').hidden")
    assert page.locator("#explain .reason").inner_text().strip(), "why? explains the action"
    link = page.locator("#share").input_value()
    assert f"step={at}" in link, link
    other = page.context.new_page()
    try:
        other.goto(link)
        other.wait_for_function(f"() => document.body.dataset.step === '{at}'")
        other.locator("#map .space").first.wait_for()
    finally:
        other.close()
