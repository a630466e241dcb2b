"""Load benchmark of the web server: a real server process (``warroom serve`` on a fresh
SQLite file in a temporary folder, 127.0.0.1), N concurrent games, each played over HTTP
by a random client (every seat human, no bots): fetch the view of the seat to act, post a
random legal action with the version seen, start a new game when one ends.

Prints one JSON object: POST /actions latency (p50, p90, p99, max, ms), view latency,
actions/s, and the number of errors. Closed loop by default (each client posts as soon as
it has its answer: the figures are the server's capacity); ``--think S`` adds a random
pause (exponential, mean S seconds) before each action, like people playing.

    python benchmarks/web_load.py --game eaw1940 --games 50 --seconds 20
    python benchmarks/web_load.py --game toy ...    # the test suite's toy game (tests/toy.py)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent

TOY_SERVER = """
import sys
import uvicorn
from toy import TOY
from warroom.web.app import create_app
app = create_app(sys.argv[1], lambda g: TOY, ["toy"])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: str, game: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if game == "toy":
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "tests"),
                                                        env.get("PYTHONPATH", "")) if p)
        cmd = [sys.executable, "-c", TOY_SERVER, db, str(port)]
    else:
        cmd = [sys.executable, "-m", "warroom.cli.main", "serve", "--db", db,
               "--host", "127.0.0.1", "--port", str(port), "--no-client-limits"]
    out = log.open("ab")
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"the server exited: {log.read_text(errors='replace')[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    proc.kill()
    sys.exit("the server did not start within 60 s")


class Stats:
    def __init__(self, measure_from: float = 0.0) -> None:
        self.measure_from = measure_from
        self.post: list[float] = []
        self.view: list[float] = []
        self.create: list[float] = []
        self.errors: dict[str, int] = {}
        self.games_finished = 0
        self.requests = 0

    def add(self, into: list[float], t0: float) -> None:
        """One latency, if the warm-up is over (monotonic clock)."""
        self.requests += 1
        if time.monotonic() >= self.measure_from:
            into.append(time.perf_counter() - t0)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def client(http: httpx.AsyncClient, game: str, roles: list[str], n: int,
                 stop_at: float, think: float, stats: Stats) -> None:
    rng = random.Random(n)
    await asyncio.sleep(rng.uniform(0, 1))          # the players do not all start at once
    while time.monotonic() < stop_at:
        try:
            await play(http, game, roles, rng, stop_at, think, stats)
        except httpx.TransportError as exc:
            stats.error(f"transport {type(exc).__name__}")


async def play(http: httpx.AsyncClient, game: str, roles: list[str], rng: random.Random,
               stop_at: float, think: float, stats: Stats) -> None:
    while time.monotonic() < stop_at:
        t0 = time.perf_counter()
        res = await http.post("/api/games", json={"game": game,
                                                  "seats": {r: "human" for r in roles}})
        stats.add(stats.create, t0)
        if res.status_code != 200:
            stats.error(f"create {res.status_code}")
            await asyncio.sleep(0.1)
            continue
        gid, tokens = res.json()["id"], res.json()["tokens"]
        url = f"/api/games/{gid}"
        seat = next(iter(roles))
        t0 = time.perf_counter()
        res = await http.get(f"{url}/view", params={"token": tokens[seat]})
        stats.add(stats.view, t0)
        payload: dict[str, Any] = res.json()
        while time.monotonic() < stop_at:
            if payload["status"] == "over":
                stats.games_finished += 1
                break
            active = payload["active"]
            if payload["role"] != active:          # the next seat looks at its view
                t0 = time.perf_counter()
                res = await http.get(f"{url}/view", params={"token": tokens[active]})
                stats.add(stats.view, t0)
                if res.status_code != 200:
                    stats.error(f"view {res.status_code}")
                    break
                payload = res.json()
            if think > 0:
                await asyncio.sleep(rng.expovariate(1 / think))
            action = rng.choice(payload["legal"])["key"]
            t0 = time.perf_counter()
            res = await http.post(f"{url}/actions", json={
                "token": tokens[active], "action": action, "version": payload["version"]})
            if time.monotonic() < stop_at:
                stats.add(stats.post, t0)
            if res.status_code != 200:
                stats.error(f"act {res.status_code}")
                break
            payload = res.json()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux), or NaN."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return round(1000 * xs[min(len(xs) - 1, int(p / 100 * len(xs)))], 2)


async def run(base: str, game: str, games: int, seconds: float, think: float,
              warmup: float) -> Stats:
    stats = Stats(time.monotonic() + warmup)
    # idle connections are dropped by the client before uvicorn's 5 s keep-alive timeout,
    # so a request never races the server closing its connection
    limits = httpx.Limits(max_connections=games + 5, max_keepalive_connections=games + 5,
                          keepalive_expiry=3.0)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        catalogue = (await http.get("/api/catalogue")).json()
        roles = next(g["roles"] for g in catalogue if g["id"] == game)
        stop_at = time.monotonic() + warmup + seconds
        await asyncio.gather(*(client(http, game, roles, n, stop_at, think, stats)
                               for n in range(games)))
    return stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="eaw1940")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean pause before each action, seconds (0: closed loop)")
    ap.add_argument("--warmup", type=float, default=3.0,
                    help="seconds played before measuring (all games start then)")
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="warroom-load-") as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        port = free_port()
        proc = start_server(db, args.game, port, Path(tmp) / "server.log")
        try:
            t0 = time.monotonic()
            cpu0 = cpu_seconds(proc.pid)
            stats = asyncio.run(run(f"http://127.0.0.1:{port}", args.game, args.games,
                                    args.seconds, args.think, args.warmup))
            elapsed = time.monotonic() - t0
            cpu = cpu_seconds(proc.pid) - cpu0
            if stats.errors:
                print((Path(tmp) / "server.log").read_text(errors="replace")[-3000:],
                      file=sys.stderr)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    print(json.dumps({
        "game": args.game, "games": args.games, "measured_s": args.seconds,
        "elapsed_s": round(elapsed, 1),
        "think_s": args.think, "cpus": os.cpu_count(),
        "actions": len(stats.post),
        "actions_per_s": round(len(stats.post) / args.seconds, 1),
        "post_ms": {"p50": pct(stats.post, 50), "p90": pct(stats.post, 90),
                    "p99": pct(stats.post, 99), "max": pct(stats.post, 100),
                    "mean": round(1000 * statistics.fmean(stats.post), 2)
                    if stats.post else None},
        "view_ms": {"p50": pct(stats.view, 50), "p99": pct(stats.view, 99)},
        "create_ms": {"p50": pct(stats.create, 50), "p99": pct(stats.create, 99)},
        "games_finished": stats.games_finished,
        "server_cpu_ms_per_request": round(1000 * cpu / max(1, stats.requests), 2),
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "errors": stats.errors,
    }, indent=1))


if __name__ == "__main__":
    main()
