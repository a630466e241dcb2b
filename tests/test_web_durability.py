"""kill -9 of a real server process while clients are playing: every action the server
acknowledged (HTTP 200) is in the game after a restart on the same database, every game it
acknowledged creating exists, and the games go on.

The server runs as a separate process on 127.0.0.1: uvicorn serving the toy game (always),
and the real ``python -m warroom.cli.main serve`` with eaw1940. Several client threads play
random legal actions (sending the version they saw, so a racing action is refused, never
misplaced) and create new games as games end; SIGKILL comes at a random moment chosen by a
seeded generator, while at least one action request is in flight.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from warroom.games import load_game
from web_db import PG_SKIP, Server, pg_database, pg_url, server

THREADS = 6
GAMES = 12
MIN_ACKS = 30


@dataclass
class Ack:
    game: str
    index: int          # the action's place in the record (= the version it was played at)
    key: str


@dataclass
class Shared:
    """What the client threads know: the games and every acknowledged change."""

    game: str
    seats: dict[str, dict[str, str]] = field(default_factory=dict)   # id -> role -> token
    acks: list[Ack] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    in_flight: int = 0
    stop: threading.Event = field(default_factory=threading.Event)
    errors: list[str] = field(default_factory=list)

    def create(self, client: httpx.Client, seed: int) -> None:
        roles = load_game(self.game).roles if self.game != "toy" else ("a", "b")
        res = client.post("/api/games", json={"game": self.game, "seed": seed,
                                              "seats": {r: "human" for r in roles}})
        if res.status_code != 200:
            self.errors.append(f"create: {res.status_code} {res.text[:200]}")
            return
        body = res.json()
        with self.lock:
            self.seats[body["id"]] = body["tokens"]


def player(base: str, shared: Shared, n: int) -> None:
    """Play random legal actions on random games until the server dies or time is up."""
    rng = random.Random(1000 + n)
    deadline = time.monotonic() + 30
    with httpx.Client(base_url=base, timeout=10.0) as client:
        try:
            while not shared.stop.is_set() and time.monotonic() < deadline:
                with shared.lock:
                    gid = rng.choice(sorted(shared.seats))
                    tokens = shared.seats[gid]
                first = next(iter(tokens.values()))
                seen = client.get(f"/api/games/{gid}/view", params={"token": first}).json()
                if seen["status"] == "over":
                    shared.create(client, rng.randrange(2**63))
                    continue
                token = tokens[seen["active"]]
                mine = client.get(f"/api/games/{gid}/view", params={"token": token}).json()
                if not mine["legal"]:
                    continue
                key = rng.choice(mine["legal"])["key"]
                with shared.lock:
                    shared.in_flight += 1
                try:
                    res = client.post(f"/api/games/{gid}/actions", json={
                        "token": token, "action": key, "version": mine["version"]})
                finally:
                    with shared.lock:
                        shared.in_flight -= 1
                if res.status_code == 200:
                    with shared.lock:
                        shared.acks.append(Ack(gid, mine["version"], key))
                elif res.status_code not in (409, 422):    # a race with another thread
                    shared.errors.append(f"act: {res.status_code} {res.text[:200]}")
        except (httpx.TransportError, ValueError):
            pass            # the server was killed under us: expected


@contextmanager
def database(tmp: Path, backend: str) -> Iterator[str]:
    if backend == "sqlite":
        yield f"sqlite:///{tmp / 'durable.sqlite3'}"
    else:
        with pg_database() as url:
            yield url


def play_on(client: httpx.Client, gid: str, tokens: dict[str, str], steps: int) -> int:
    """Play up to ``steps`` more actions (first legal one); each must be accepted."""
    played = 0
    for _ in range(steps):
        seen = client.get(f"/api/games/{gid}/view",
                          params={"token": next(iter(tokens.values()))}).json()
        if seen["status"] == "over":
            break
        mine = client.get(f"/api/games/{gid}/view",
                          params={"token": tokens[seen["active"]]}).json()
        res = client.post(f"/api/games/{gid}/actions", json={
            "token": tokens[seen["active"]], "action": mine["legal"][0]["key"],
            "version": mine["version"]})
        assert res.status_code == 200, res.text
        played += 1
    return played


@pytest.mark.parametrize(("game", "backend"), [
    ("toy", "sqlite"),
    ("eaw1940", "sqlite"),
    ("toy", "postgresql"),
])
def test_acknowledged_actions_survive_kill_9(tmp_path: Path, game: str,
                                             backend: str) -> None:
    if backend == "postgresql" and pg_url() is None:
        pytest.skip(PG_SKIP)
    rng = random.Random(f"{game}-{backend}")
    toy = game == "toy"
    with database(tmp_path, backend) as url:
        shared = Shared(game)
        srv = Server(url, toy, tmp_path / "server.log")
        try:
            srv.wait_ready()
            with httpx.Client(base_url=srv.base, timeout=10.0) as client:
                for i in range(GAMES):
                    shared.create(client, 100 + i)
                    assert not shared.errors, (shared.errors, srv.log.read_text()[-3000:])
            assert len(shared.seats) == GAMES
            threads = [threading.Thread(target=player, args=(srv.base, shared, n),
                                        daemon=True) for n in range(THREADS)]
            for t in threads:
                t.start()
            deadline = time.monotonic() + 20
            while len(shared.acks) < MIN_ACKS and time.monotonic() < deadline:
                time.sleep(0.01)
            assert len(shared.acks) >= MIN_ACKS, (shared.errors, srv.log.read_text())
            time.sleep(rng.uniform(0.0, 0.5))           # a random moment ...
            deadline = time.monotonic() + 5
            while shared.in_flight == 0 and time.monotonic() < deadline:
                time.sleep(0)                           # ... with an action on the wire
            in_flight = shared.in_flight
            srv.kill()
        finally:
            shared.stop.set()
            srv.stop()
        for t in threads:
            t.join(timeout=15)
        assert not any(t.is_alive() for t in threads)
        assert in_flight > 0
        assert not shared.errors, shared.errors
        with shared.lock:
            acks = list(shared.acks)
            seats = dict(shared.seats)

        with server(url, toy, tmp_path / "server2.log") as srv2, \
                httpx.Client(base_url=srv2.base, timeout=10.0) as client:
            played: dict[str, int] = {}
            for gid, tokens in seats.items():
                token = next(iter(tokens.values()))
                # during play each seat's record shows its own actions (another seat's may
                # name a hidden card): together the seats see every action
                seen = []
                for t in tokens.values():
                    res = client.get(f"/api/games/{gid}/record", params={"token": t})
                    assert res.status_code == 200, (gid, res.text)   # created => exists
                    seen.append(res.json()["actions"])
                actions = [next((s[i] for s in seen if s[i] is not None), None)
                           for i in range(len(seen[0]))]
                mine = [a for a in acks if a.game == gid]
                for a in mine:
                    assert a.index < len(actions), (gid, a, actions)
                    assert actions[a.index] == a.key, (gid, a, actions)
                view = client.get(f"/api/games/{gid}/view", params={"token": token}).json()
                assert view["version"] == len(actions)
                assert view["version"] >= max((a.index + 1 for a in mine), default=0)
                if view["status"] == "active":
                    played[gid] = play_on(client, gid, tokens, 1)   # the game goes on
            assert played and all(n == 1 for n in played.values())
            if toy:                                         # one game to its end
                last = max(played)
                play_on(client, last, seats[last], 50)
                end = client.get(f"/api/games/{last}/record").json()
                assert end["result"] is not None and end["seed"] is not None
            assert len(acks) >= MIN_ACKS


def test_an_old_sqlite_database_keeps_its_games_through_the_migration(tmp_path: Path) -> None:
    """Revision 0002 rebuilds the games table on SQLite (batch mode); with foreign keys on,
    dropping it deleted every seat, action and snapshot (ON DELETE CASCADE), and serve and
    upgrade-games reported success (an operations audit): they are kept."""
    import sqlite3

    from alembic import command
    from alembic.config import Config

    from warroom.web.db import MIGRATIONS, make_engine, migrate

    path = tmp_path / "old.db"
    engine = make_engine(f"sqlite:///{path}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    engine.dispose()
    db = sqlite3.connect(path)
    db.execute("insert into games values ('g1', 'sfe', 'default', '{}', '5', '[]', 2, "
               "'active', null, '2026-12-01 10:00:00', '2026-12-01 10:05:00')")
    db.executemany("insert into seats values (?, ?, ?, ?)",
                   [("g1", "axis", "human", "h1"), ("g1", "allies", "human", "h2")])
    db.executemany("insert into actions values (?, ?, ?, ?, ?)",
                   [("g1", 0, "op:pass", "axis", "2026-12-01 10:01:00"),
                    ("g1", 1, "op:pass", "axis", "2026-12-01 10:02:00")])
    db.execute("insert into snapshots values ('g1', 2, '{}')")
    db.commit()
    db.close()
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    engine.dispose()
    db = sqlite3.connect(path)
    counts = [db.execute(f"select count(*) from {t}").fetchone()[0]
              for t in ("games", "seats", "actions", "snapshots")]
    chosen = db.execute("select seed_chosen from games").fetchone()[0]
    version = db.execute("select version_num from alembic_version").fetchone()[0]
    fk = db.execute("pragma foreign_key_check").fetchall()
    db.close()
    assert counts == [1, 2, 2, 1] and chosen == 0 and fk == [], (counts, chosen, fk)
    assert version != "0001"


def test_a_database_at_head_starts_despite_old_orphans_and_a_leftover_copy(
        tmp_path: Path) -> None:
    """The foreign-key check ran on every start: a row orphaned by hand before (a game
    deleted in the sqlite3 shell) blocked every start, though nothing was migrated; and a
    batch step stopped half-way left its table copy, which refused the next run (a review).
    Only what a migration itself would break is refused."""
    import sqlite3

    from warroom.web.db import make_engine, migrate

    path = tmp_path / "w.db"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    engine.dispose()
    db = sqlite3.connect(path)          # foreign keys off, as in the sqlite3 shell
    db.execute("insert into seats (game_id, role, player, token_hash) "
               "values ('gone', 'axis', 'human', 'h')")
    db.execute("create table _alembic_tmp_games (id varchar(32))")
    db.commit()
    db.close()
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)                     # no error: nothing was migrated
    migrate(engine)
    engine.dispose()
    db = sqlite3.connect(path)
    tables = {r[0] for r in db.execute("select name from sqlite_master where type='table'")}
    db.close()
    assert "_alembic_tmp_games" not in tables


def test_a_seats_ninth_live_stream_ends_its_oldest(tmp_path: Path) -> None:
    """A seat holds at most 8 live-update streams (a load audit: a script held 1,011, every
    file the server could open); a 9th, most likely the page in use, takes the place of the
    oldest, which the server ends (a review: refusing the newest locked a phone out for as
    long as dead connections went unnoticed). Over a real server and real connections."""
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    with server(url, True, tmp_path / "server.log") as srv:
        with httpx.Client(base_url=srv.base, timeout=10.0) as client:
            g = client.post("/api/games", json={"game": "toy", "seed": 3, "seats": {
                "a": "human", "b": "human"}}).json()
            key = client.get(f"/api/games/{g['id']}/view",
                             params={"token": g["tokens"]["a"]}).json()["events_key"]
        opened = [threading.Event() for _ in range(9)]
        ended = [threading.Event() for _ in range(9)]

        def watch(i: int) -> None:
            try:
                with httpx.stream("GET", f"{srv.base}/api/games/{g['id']}/events",
                                  params={"key": key},
                                  timeout=httpx.Timeout(10.0, read=60.0)) as res:
                    if res.status_code != 200:
                        return          # never opened: the test says so
                    for line in res.iter_lines():
                        if line.startswith("event: update"):
                            opened[i].set()
                ended[i].set()          # the server ended it
            except httpx.HTTPError:
                pass                    # cut when the server stops at the test's end

        threads = []
        for i in range(9):
            t = threading.Thread(target=watch, args=(i,), daemon=True)
            t.start()
            threads.append(t)
            assert opened[i].wait(10), f"stream {i} never opened"
        assert ended[0].wait(10), "the oldest stream was not ended"
        assert not any(e.is_set() for e in ended[1:])
    for t in threads:
        t.join(timeout=15)
