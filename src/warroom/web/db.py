"""Storage of games in SQL with SQLAlchemy 2; the schema is created and upgraded by Alembic.

A game is kept as its record (game, scenario, options, seed, the actions in order, each
with the seat that played it) plus snapshots of the state every few actions, so loading a
long game replays only the tail. Every accepted action is committed before the server
answers.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl  # POSIX: warroom's server runs on Linux (ExclusiveUse)
import os
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    false,
    inspect,
    text,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import NullPool

MIGRATIONS = Path(__file__).parent / "migrations"


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    scenario: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(40))          # up to 2**64: text, not BIGINT
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether whoever created the game chose its seed (every seat is told: migration 0002)."""
    forced_dice: Mapped[list[int]] = mapped_column(JSON)
    content: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    """The content pack the game was created with (a server's ``--content GAME=DIR`` or
    warroom's own), as :func:`warroom.web.service.stored_content` writes it; ``None`` for a
    game stored before migration 0003, which said nothing of it."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """The number of actions played (what clients send back to avoid stale moves)."""
    status: Mapped[str] = mapped_column(String(16), default="active")   # active | over
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    role: Mapped[str] = mapped_column(String(32), primary_key=True)
    player: Mapped[str] = mapped_column(String(64))        # "human" or "bot:NAME"
    token_hash: Mapped[str] = mapped_column(String(64))     # sha256 of the secret token
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The sha256 of the one-use invitation that claims this seat (a player joining from
    another device: :meth:`~warroom.web.service.GameService.claim`); None once claimed."""


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(128))
    role: Mapped[str] = mapped_column(String(32))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[str] = mapped_column(Text)               # the state's JSON


class UploadRow(Base):
    __tablename__ = "uploads"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite gets WAL, foreign keys and synchronous=NORMAL: in WAL
    mode a committed transaction is in the log file when the commit returns, so an action
    that was acknowledged survives a crash or kill -9 of the server process (only a power
    cut or an OS crash could lose the last few, at no risk of corruption); FULL would add a
    disk sync, 4-60 ms measured here, to every action."""
    # a pooled connection is tested before use: after a PostgreSQL restart the first
    # request on a dead one was answered 503 though the database was back (an operations
    # audit; a health check read it as down)
    kwargs: dict[str, Any] = {"pool_pre_ping": True}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
    return engine


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision.

    On SQLite a migration that changes a table rebuilds it (Alembic's batch mode: copy,
    drop, rename): with foreign keys on, dropping ``games`` deleted every seat, action and
    snapshot of every game (ON DELETE CASCADE), and the upgrade reported success (an
    operations audit: a database of revision 0001 lost them all at 0002). So foreign keys
    are off while it migrates (the pragma is ignored inside a transaction, so it is set
    before one), checked after, and on again."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        before: set[Any] = set()
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            # a batch step stopped half-way leaves its copy behind (pysqlite commits the
            # CREATE TABLE): it would refuse the next run (a review)
            for (name,) in conn.exec_driver_sql(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE "
                    "'\\_alembic\\_tmp\\_%' ESCAPE '\\'").fetchall():
                conn.exec_driver_sql(f'DROP TABLE "{name}"')
            conn.commit()
        try:
            with conn.begin():
                was = MigrationContext.configure(conn).get_current_revision()
                if sqlite and was is not None:
                    # rows orphaned before (a game deleted by hand): not this migration's
                    before = {tuple(r) for r in
                              conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()}
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
                now = MigrationContext.configure(conn).get_current_revision()
                if sqlite and was is not None and now != was:
                    broken = [tuple(r) for r in
                              conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                              if tuple(r) not in before]
                    if broken:
                        raise RuntimeError(f"the migration from {was} to {now} would leave "
                                           f"{len(broken)} row(s) of table {broken[0][0]} "
                                           "whose game is missing; it was not applied")
        finally:
            if sqlite:
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.commit()


class DatabaseInUse(Exception):
    """Another warroom process serves (or upgrades) this database."""


class ExclusiveUse:
    """One warroom process at a time on a database: ``warroom serve`` and ``upgrade-games``
    hold it while they run. Each server keeps its games in memory and writes through them,
    so a second process on the same database would overwrite the first's acknowledged
    actions (an audit lost one that way, through an undo). SQLite: an exclusive ``flock`` on
    ``FILE.lock`` beside the database file; PostgreSQL: a session advisory lock held by a
    connection of its own; an in-memory or other database: no lock. Released on
    :meth:`release` or when the process ends, however it ends."""

    KEY = 0x7761_7272_6F6F_6D   # "warroom"

    def __init__(self, url: str) -> None:
        self.url = url
        self._file: Any = None
        self._conn: Any = None
        self._pid: int | None = None
        """The PostgreSQL session holding the lock (its backend's pid)."""

    def acquire(self) -> None:
        """Take the database, or raise :class:`DatabaseInUse` saying what to do."""
        u = make_url(self.url)
        busy = DatabaseInUse(
            f"another warroom server (or upgrade-games) is using the database "
            f"{masked_db(self.url)}: stop it first, or give this one another --db; two "
            "processes on one database would overwrite each other's games")
        if u.get_backend_name() == "sqlite":
            if not u.database or u.database == ":memory:":
                return
            # the file's real path: the same database named through a symbolic link is the
            # same database (a second server got in that way and undid an acknowledged
            # move: an outside audit)
            real = os.path.realpath(u.database)
            fh = open(f"{real}.lock", "a+")  # noqa: SIM115 (held while serving)
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                fh.close()
                raise busy from None
            self._file = fh
        elif u.get_backend_name() == "postgresql":
            # autocommit: a session left "idle in transaction" is ended by servers that set
            # idle_in_transaction_session_timeout, and its lock with it (a review)
            engine = create_engine(self.url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
            conn = engine.connect()
            got = conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": self.KEY}).scalar()
            if not got:
                conn.close()
                engine.dispose()
                raise busy
            self._pid = conn.execute(text("SELECT pg_backend_pid()")).scalar()
            self._conn = (engine, conn)

    def holds(self) -> bool:
        """Whether this process still holds the database, taking it again if its lock's
        connection was lost while no one else took it. A PostgreSQL advisory lock lives as
        long as its session: after a database restart or a dropped connection a second
        server got in, and the two overwrote each other's games (an operations audit).
        False: another process has it now (the caller must stop). A file lock cannot be
        lost: True. While the database cannot be reached, True (the next look tries again:
        no one else can take it either)."""
        if self._conn is None:
            return True
        engine, conn = self._conn
        try:
            conn.execute(text("SELECT 1")).scalar()
            return True         # the session lives: its advisory lock with it
        except Exception:
            pass
        with contextlib.suppress(Exception):
            conn.close()
        try:
            fresh = engine.connect()
        except Exception:
            return True
        try:
            got = fresh.execute(text("SELECT pg_try_advisory_lock(:k)"),
                                {"k": self.KEY}).scalar()
            if not got and self._pid is not None:
                # a connection cut on this side only leaves the old session alive, holding
                # the lock: it is this server's own, so it is ended and the lock taken again
                # (a review: the server stopped itself, and was refused on restart)
                holder = fresh.execute(text(
                    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND "
                    "database = (SELECT oid FROM pg_database WHERE datname = "
                    "current_database()) AND classid = :hi AND objid = :lo AND objsubid = 1"),
                    {"hi": self.KEY >> 32, "lo": self.KEY & 0xFFFF_FFFF}).scalar()
                if holder == self._pid:
                    fresh.execute(text("SELECT pg_terminate_backend(:p)"), {"p": holder})
                    for _ in range(50):     # the ended session lets go of its lock
                        got = fresh.execute(text("SELECT pg_try_advisory_lock(:k)"),
                                            {"k": self.KEY}).scalar()
                        if got:
                            break
                        time.sleep(0.1)
        except Exception:
            fresh.close()
            return True
        if got:
            self._pid = fresh.execute(text("SELECT pg_backend_pid()")).scalar()
        self._conn = (engine, fresh)
        return bool(got)

    def release(self) -> None:
        if self._file is not None:
            self._file.close()          # closing the file releases its flock
            self._file = None
        if self._conn is not None:
            engine, conn = self._conn
            conn.close()                # ending the session releases its advisory lock
            engine.dispose()
            self._conn = None


SECRET_QUERY = re.compile(r"(?i)([?&](?:password|passwd|pass|pwd|sslpassword)=)([^&#]*)")
"""A password given as a query parameter (``?password=...``, libpq's keywords): the key,
then the value."""


def masked_db(url: str) -> str:
    """A database URL as it may be printed: its password, if any, as ``***``, whether in
    ``user:PASS@`` or in the query (``?password=``: it was printed in clear, an operations
    audit)."""
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy reads: hide whatever stands after user:
        shown = re.sub(r"(//[^/:@]*:)[^@/]*@", r"\1***@", url)
    return SECRET_QUERY.sub(r"\1***", shown)


def in_memory_db(url: str) -> bool:
    """Whether ``url`` names an in-memory SQLite database (``sqlite://``, ``:memory:``)."""
    try:
        u = make_url(url)
    except Exception:
        return False
    return u.get_backend_name() == "sqlite" and u.database in (None, "", ":memory:")


def sqlite_file(url: str) -> str | None:
    """The path of the SQLite database file that ``url`` names (None: another database, an
    in-memory one, a URL SQLAlchemy cannot read)."""
    try:
        parsed = make_url(url)
    except Exception:
        return None
    path = parsed.database
    if parsed.drivername.startswith("sqlite") and path and path != ":memory:":
        return str(path)
    return None


def missing_sqlite(url: str) -> str | None:
    """The path of a SQLite database file that ``url`` names and that does not exist (None
    otherwise: another database, an in-memory one, a URL SQLAlchemy cannot read)."""
    path = sqlite_file(url)
    try:
        if path is not None and not Path(path).exists():
            return path
    except OSError:     # a name too long: opening it says so (db_problem), not a traceback
        return None
    return None


def holds_warroom(url: str) -> bool:
    """Whether the database ``url`` names holds warroom's tables (a server made it).
    ``upgrade-games`` and ``prune-games`` ask before touching it: they migrated any
    database they were given, so a mistyped ``--db`` naming another program's SQLite file
    or an empty file got warroom's tables (an audit). Reads only; a database that cannot be
    opened raises, as opening it for a server would."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        names = set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
    return {"alembic_version", "games"} <= names


def sqlite_folder_problem(url: str) -> str | None:
    """Why a SQLite database file that ``url`` names cannot be made: its folder does not
    exist (it was told as a missing lock file, ``FILE.lock``: an operations audit); None
    otherwise."""
    path = sqlite_file(url)
    if path is None or path.startswith("file:"):
        return None
    try:
        folder = Path(path).parent
        if folder.is_dir():
            return None
    except OSError:
        return None
    home = (" (a '~' in a database URL is no home folder: write the whole path)"
            if "~" in path else "")
    return (f"the folder {folder} of the database file does not exist{home}: create it, "
            "or name a file in a folder that does")


def db_problem(url: str, exc: Exception) -> str:
    """One line on a database that cannot be opened, its password never shown."""
    text = str(exc).splitlines()[0][:200] if str(exc) else exc.__class__.__name__
    try:
        password = make_url(url).password
    except Exception:
        password = None
    # a password in the query is one too (a review: masked in the URL, not in the text)
    secrets_ = [str(password)] if password else []
    secrets_ += [unquote(m.group(2)) for m in SECRET_QUERY.finditer(url) if m.group(2)]
    for secret in secrets_:   # where it stands alone, never letters inside a word
        text = re.sub(rf"(?<!\w){re.escape(secret)}(?!\w)", "***", text)
    if "Can't load plugin" in text or "Could not parse" in text:
        # SQLAlchemy's words for a URL of no database it knows: say which URLs work
        text = ("not a database URL warroom can use; give sqlite:///FILE or "
                "postgresql+psycopg://USER:PASSWORD@HOST/NAME")
    if "No module named 'psycopg'" in text:
        # the driver is an extra (an operations audit: no word of how to get it)
        text += " (install PostgreSQL support: pip install -e '.[postgres]' in a checkout, " \
            "or pip install 'psycopg[binary]')"
    newer = re.search(r"Can't locate revision identified by '([^']*)'", text)
    if newer:
        # Alembic's words for a schema this warroom does not know (an operations audit)
        text = (f"its schema (revision {newer.group(1)}) was written by a newer warroom; "
                "upgrade warroom to serve it")
    return f"cannot open the database {masked_db(url)}: {text}"
