"""Helpers for the web server's tests: a throwaway PostgreSQL database per test (when
``WARROOM_TEST_PG`` names a server, as ``.ci/run`` does), free ports, and real server
processes on 127.0.0.1 (the ``warroom serve`` command, or uvicorn on the toy game)."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from sqlalchemy import create_engine, make_url, text

PG_ENV = "WARROOM_TEST_PG"
PG_SKIP = (f"{PG_ENV} is not set: no PostgreSQL server to test on (.ci/run starts one; "
           f"or set {PG_ENV}=postgresql+psycopg://USER@127.0.0.1:PORT/DB)")
TESTS = Path(__file__).resolve().parent


def pg_url() -> str | None:
    """The PostgreSQL server given to the tests, or None."""
    return os.environ.get(PG_ENV) or None


@contextmanager
def pg_database(prefix: str = "wr_t") -> Iterator[str]:
    """A new, empty database on the test server (dropped afterwards); yields its URL."""
    base = pg_url()
    if base is None:
        raise RuntimeError(PG_SKIP)
    url = make_url(base)
    name = f"{prefix}_{secrets.token_hex(6)}"
    admin = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT",
                          pool_pre_ping=True)
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield url.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


TOY_SERVER = """
import sys
import uvicorn
from toy import TOY
from warroom.games import load_game
from warroom.web.app import create_app
url, port = sys.argv[1], int(sys.argv[2])
app = create_app(url, lambda g: TOY if g == "toy" else load_game(g), ["toy"])
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""


class Server:
    """A warroom server process on 127.0.0.1 (``toy``: uvicorn serving only the toy game;
    else the real ``python -m warroom.cli.main serve``)."""

    def __init__(self, db_url: str, toy: bool, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        if toy:
            cmd = [sys.executable, "-c", TOY_SERVER, db_url, str(self.port)]
        else:
            cmd = [sys.executable, "-m", "warroom.cli.main", "serve", "--db", db_url,
                   "--host", "127.0.0.1", "--port", str(self.port), "--bot-workers", "1"]
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(TESTS), env.get("PYTHONPATH", "")) if p)
        self.log = log
        self._log_file = log.open("ab")
        self.proc = subprocess.Popen(cmd, stdout=self._log_file, stderr=subprocess.STDOUT,
                                     env=env, cwd=TESTS.parent)

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}): "
                                   f"{self.log.read_text(errors='replace')[-2000:]}")
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s: "
                           f"{self.log.read_text(errors='replace')[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no cleanup, no flush, like a crash or the OOM killer."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self._log_file.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self._log_file.close()


@contextmanager
def server(db_url: str, toy: bool, log: Path) -> Iterator[Server]:
    """A running server, stopped (SIGTERM, then SIGKILL) on exit."""
    srv = Server(db_url, toy, log)
    try:
        srv.wait_ready()
        yield srv
    finally:
        srv.stop()
