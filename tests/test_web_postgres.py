"""The web server's API suite (tests/test_web_api.py) once more, on PostgreSQL: every test
gets a new, empty database on the server named by WARROOM_TEST_PG (``.ci/run`` starts a
throwaway one), so the SQLAlchemy models, the Alembic migration, JSON columns, 64-bit seeds
as text, transactions and reloading after a restart are checked on both databases."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect

import test_web_api as api
from warroom.web.app import create_app
from web_db import PG_SKIP, pg_database, pg_url

pytestmark = pytest.mark.skipif(pg_url() is None, reason=PG_SKIP)


@pytest.fixture(autouse=True)
def on_postgres(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Point ``test_web_api.make`` at a fresh PostgreSQL database for one test (both apps
    of the restart test share it, as they share the SQLite file there)."""
    with pg_database() as url:
        def make(tmp: Path, games: list[str] | None = None) -> TestClient:
            return TestClient(create_app(url, api.loader, games or ["toy", "eaw1940"]))

        monkeypatch.setattr(api, "make", make)
        monkeypatch.setattr(api, "db_url", lambda tmp: url)
        yield url


# every test of the API suite, collected again in this module (with the fixture above)
globals().update({name: fn for name, fn in vars(api).items()
                  if name.startswith("test_") and callable(fn)})


def test_schema_is_made_by_the_migration_on_postgres(on_postgres: str) -> None:
    with api.make(Path(".")):
        pass
    engine = create_engine(on_postgres)
    try:
        names = set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
    assert {"games", "seats", "actions", "snapshots", "uploads", "alembic_version"} <= names


def test_a_64_bit_seed_round_trips_on_postgres(tmp_path: Path) -> None:
    seed = 2**64 - 1
    with api.make(tmp_path) as c:
        g = api.new(c, seed=seed)
        url = f"/api/games/{g['id']}"
        for _ in range(40):
            v = c.get(f"{url}/view", params={"token": g["tokens"]["a"]}).json()
            if v["status"] == "over":
                break
            mine = c.get(f"{url}/view", params={"token": g["tokens"][v["active"]]}).json()
            res = c.post(f"{url}/actions", json={"token": g["tokens"][v["active"]],
                                                 "action": mine["legal"][-1]["key"]})
            assert res.status_code == 200, res.text
    with api.make(tmp_path) as c:
        assert c.get(f"{url}/record").json()["seed"] == seed


def test_one_process_at_a_time_on_a_postgres_database(on_postgres: str) -> None:
    """The advisory lock of a server on PostgreSQL refuses a second one on the same
    database, and frees it when released."""
    from warroom.web.db import DatabaseInUse, ExclusiveUse
    first = ExclusiveUse(on_postgres)
    first.acquire()
    try:
        with pytest.raises(DatabaseInUse, match="another warroom server"):
            ExclusiveUse(on_postgres).acquire()
    finally:
        first.release()
    again = ExclusiveUse(on_postgres)
    again.acquire()
    again.release()


def test_a_server_that_lost_its_lock_takes_it_again_or_knows_another_has(
        on_postgres: str) -> None:
    """An advisory lock ends with its session: after a PostgreSQL restart or a dropped
    connection a second server got in and the two overwrote each other's games (an
    operations audit). ``holds`` takes the lock again while no one else has it, and says
    False once another process has."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    from warroom.web.db import DatabaseInUse, ExclusiveUse
    first = ExclusiveUse(on_postgres)
    first.acquire()
    admin = create_engine(on_postgres, poolclass=NullPool)

    # warroom's lock only (a review: not every one), in this test's database only (the
    # other workers' databases hold their own), and gone before the test goes on:
    # pg_terminate_backend only signals, and a backend not yet exited still held the lock
    # (a clean-clone run failed so, once)
    held = ("FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid() "
            "AND classid = :hi AND objid = :lo AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())")
    key = {"hi": ExclusiveUse.KEY >> 32, "lo": ExclusiveUse.KEY & 0xFFFF_FFFF}

    def drop_lock_sessions() -> None:
        with admin.begin() as c:
            c.execute(text(f"SELECT pg_terminate_backend(pid) {held}"), key)
        for _ in range(500):
            with admin.begin() as c:
                if not c.execute(text(f"SELECT count(*) {held}"), key).scalar():
                    return
            time.sleep(0.01)
        pytest.fail("the lock's session did not end within 5 s of pg_terminate_backend")

    try:
        drop_lock_sessions()
        assert first.holds()                # taken again: no one else had it
        with pytest.raises(DatabaseInUse):
            ExclusiveUse(on_postgres).acquire()
        drop_lock_sessions()
        second = ExclusiveUse(on_postgres)
        second.acquire()                    # another server got in meanwhile
        try:
            assert not first.holds()        # ...so the first must stop
        finally:
            second.release()
    finally:
        first.release()
        admin.dispose()


def test_a_lock_cut_on_this_side_only_is_taken_back_not_given_up(on_postgres: str) -> None:
    """A connection cut on the client's side leaves its session alive on the server,
    holding the lock: holds() said another process had it, the server stopped itself, and
    its restart was refused (a review). The session is this server's own: it is ended and
    the lock taken again."""
    from warroom.web.db import DatabaseInUse, ExclusiveUse
    first = ExclusiveUse(on_postgres)
    first.acquire()
    engine, alive = first._conn         # the old session: alive, but lost to this side
    dead = engine.connect()
    dead.close()
    first._conn = (engine, dead)
    try:
        assert first.holds()
        with pytest.raises(DatabaseInUse):
            ExclusiveUse(on_postgres).acquire()
    finally:
        first.release()
        alive.close()
