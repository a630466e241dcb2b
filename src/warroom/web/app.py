"""The FastAPI application: JSON API, live updates (Server-Sent Events) and the pages.

``create_app(db_url)`` builds an app on its own database; ``warroom serve`` runs it with
uvicorn. The OpenAPI schema is at ``/openapi.json`` (Swagger UI at ``/docs`` with
``warroom serve --api-docs``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import math
import re
import resource  # POSIX: warroom's server runs on Linux (StreamSlots)
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, field_validator
from pydantic_core import PydanticCustomError
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError as DBAPIError  # re-exported for the CLI
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from warroom.core.errors import IllegalActionError, WarroomError
from warroom.core.files import loads_strict, value_problem
from warroom.core.protocol import Game
from warroom.core.rng import MASK64, seed_problem
from warroom.games import load_game
from warroom.web.db import DatabaseInUse as DatabaseInUse  # re-exported for the CLI
from warroom.web.db import ExclusiveUse as ExclusiveUse  # re-exported for the CLI
from warroom.web.db import db_problem as db_problem  # re-exported for the CLI
from warroom.web.db import holds_warroom as holds_warroom  # re-exported for the CLI
from warroom.web.db import in_memory_db as in_memory_db  # re-exported for the CLI
from warroom.web.db import make_engine, migrate
from warroom.web.db import masked_db as masked_db  # re-exported for the CLI
from warroom.web.db import missing_sqlite as missing_sqlite  # re-exported for the CLI
from warroom.web.db import sqlite_folder_problem as sqlite_folder_problem  # for the CLI
from warroom.web.service import (
    MAX_OPTIONS,
    SEATS_CHANGED,
    BadRequest,
    Forbidden,
    GameService,
    NotFound,
    Outdated,
    Stale,
    Unavailable,
)

STATIC = Path(__file__).parent / "static"
MAX_BODY = 256 * 1024
"""The largest request body accepted (an uploaded record of a very long game fits)."""
HEARTBEAT_S = 15.0
CLOSE_STREAM = -1
"""Put in a stream's queue, it ends the stream (:class:`StreamSlots`)."""
STREAMS_PER_SEAT = 8
"""The most live-update streams one seat of one game may hold open (a player's pages and
devices; a script held 1,011 for one seat, every file the server could open, and no page
or game was answered any more: a load audit)."""


MOST_FILES = 65536
"""The most open files the server asks for (:func:`raise_open_files`)."""
FILES_SPARE = 100
"""Files left to requests, the database and the log beyond the live-update streams and
the connections uvicorn accepts."""


def open_files() -> int:
    """The files this process may open now (its soft limit; unlimited reads as
    :data:`MOST_FILES`)."""
    try:
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (OSError, ValueError):
        return 1024
    return MOST_FILES if soft == resource.RLIM_INFINITY or soft <= 0 else int(soft)


def raise_open_files(most: int = MOST_FILES) -> int:
    """Let the server open as many files as this machine allows it (up to ``most``): each
    live-update stream holds a socket, and at a desktop's usual 1,024 a club's pages ran it
    out (a load audit). The files it may open afterwards (:func:`open_files`)."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = most if hard == resource.RLIM_INFINITY else min(hard, most)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (OSError, ValueError):
        pass            # the limit stays as it was: read it again
    return open_files()


def connection_limit(files: int) -> int:
    """The connections uvicorn serves at once before it answers 503 (its
    ``limit_concurrency``): what the open files allow, less :data:`FILES_SPARE`."""
    return max(32, files - FILES_SPARE)


def stream_limit(files: int | None = None) -> int:
    """The most live-update streams the server holds at once: half the connections the open
    files allow (each stream is a socket held open; the rest is left to requests)."""
    return max(16, min(4096, connection_limit(open_files() if files is None else files) // 2))


class StreamSlots:
    """Counts the live-update streams open, per seat and in all (:data:`STREAMS_PER_SEAT`,
    :func:`stream_limit`). :meth:`take` gives a release that may be called more than once
    (a stream's end and its generator's collection both call it).

    A seat at its limit gets its new stream, and its oldest one is told to end (``close``):
    the newest is the page in use, the oldest most likely a connection that died unseen (a
    phone that changed networks is noticed only when a ping fails, many minutes later: a
    review). Past the server's limit a new stream is refused, and so is one more stream of
    a client (its address) that holds a quarter of them (at least 16): one client's games
    took every stream, and every other player's page stopped updating (a security
    audit)."""

    def __init__(self, total: int, per_seat: int = STREAMS_PER_SEAT) -> None:
        self.total = total
        self.per_seat = per_seat
        self.per_client = max(16, total // 4)
        self.open = 0
        self.by_seat: dict[tuple[str, str], list[tuple[int, Callable[[], None]]]] = {}
        self.by_client: dict[str, int] = {}
        self.lock = threading.Lock()
        self._seq = 0

    def take(self, seat: tuple[str, str], close: Callable[[], None] = lambda: None,
             client: str = "") -> tuple[Callable[[], None] | None, str]:
        """A release for one more stream of ``seat`` (``close`` ends that stream when a
        newer one of the seat needs its place), opened by ``client``, or None and why
        not."""
        with self.lock:
            mine = self.by_seat.setdefault(seat, [])
            oldest = mine[0][1] if len(mine) >= self.per_seat else None
            why = ""
            if oldest is None and self.open >= self.total:
                why = (f"the server holds {self.total} live-update streams, its most: try "
                       "again later")
            elif oldest is None and self.by_client.get(client, 0) >= self.per_client:
                why = (f"this address holds {self.per_client} live-update streams, the most "
                       "one may: close some pages and try again")
            if why:
                if not mine:
                    del self.by_seat[seat]
                return None, why
            self._seq += 1
            me = self._seq
            mine.append((me, close))
            self.open += 1
            self.by_client[client] = self.by_client.get(client, 0) + 1
        if oldest is not None:
            oldest()            # it ends and releases its place (the loop's next turn)
        done = False

        def release() -> None:
            nonlocal done
            with self.lock:
                if done:
                    return
                done = True
                self.open -= 1
                left_here = self.by_client.get(client, 0) - 1
                if left_here > 0:
                    self.by_client[client] = left_here
                else:
                    self.by_client.pop(client, None)
                left = [x for x in self.by_seat.get(seat, []) if x[0] != me]
                if left:
                    self.by_seat[seat] = left
                else:
                    self.by_seat.pop(seat, None)
        return release, ""

    def count(self, seat: tuple[str, str]) -> int:
        with self.lock:
            return len(self.by_seat.get(seat, []))

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class LiveStream(StreamingResponse):
    """A live-update stream that gives its place back the moment its response ends.

    When the client leaves while the stream waits to send it an update, Starlette cancels
    the sending and returns, but its body (an async generator stopped at that ``yield``)
    is not closed: its ``finally`` ran only when the garbage collector found it, and until
    then the stream held its slot (:class:`StreamSlots`) and its place in the game's hub
    (measured with the collector paused: the slot was still held after the response
    ended). Here the response closes its body itself, and calls ``ended`` (the slot's
    release, which may be called more than once) whatever happened."""

    def __init__(self, body: AsyncIterator[str], ended: Callable[[], None]) -> None:
        super().__init__(body, media_type="text/event-stream",
                         headers={"Cache-Control": "no-store"})
        self._body = body
        self._ended = ended

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._ended()
            aclose = getattr(self._body, "aclose", None)
            if aclose is not None:
                with contextlib.suppress(RuntimeError):     # still running: it ends itself
                    await aclose()


CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
"""The pages' Content-Security-Policy: their scripts are the server's own module files (no
inline script, no other origin), so a text that slipped into a page as HTML could not run;
styles may be set inline (the maps set SVG styles); no page may be framed (clickjacking)."""
SECURITY_HEADERS = ((b"x-content-type-options", b"nosniff"),
                    (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"no-referrer"))


class SecurityHeaders:
    """ASGI middleware: every answer says not to sniff its type, not to be framed and to
    send no referrer; every answer but the optional API docs (Swagger UI, which loads its
    scripts from a CDN: ``serve --api-docs``) carries :data:`CSP`. Seat tokens live in the
    pages' URL fragment and local storage, so a script of another origin must never run
    there (a security audit found no header at all)."""

    DOCS = ("/docs", "/redoc")
    PAGES = (*SECURITY_HEADERS, (b"content-security-policy", CSP.encode()))

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        docs = path.startswith(self.DOCS)
        extra = SECURITY_HEADERS if docs else self.PAGES
        # an API answer may hold a seat's hand: no cache (a proxy, the browser's) keeps it
        # (a security audit: only the live-update stream said so)
        api = path.startswith("/api/")

        async def send_with(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *extra]
                if api and not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with)


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
"""The names a server listening on a loopback address answers to (``serve``'s default)."""


def first_header(scope: Scope, name: bytes) -> bytes:
    """The first value of header ``name`` (lower case) of a request, as the app reads it
    (Starlette's ``headers.get``); a check that read another copy of a repeated header
    would judge a value the app never uses."""
    return next((v for k, v in scope.get("headers") or [] if k == name), b"")


class TrustedHosts:
    """ASGI middleware: a request whose ``Host`` names none of ``hosts`` is answered 400,
    unread. A server on this computer only (127.0.0.1) answers to its own names only, so a
    web page elsewhere that points its own name at 127.0.0.1 (DNS rebinding) cannot use it,
    and seat links are never built from a name a request made up."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str]) -> None:
        self.app = app
        self.hosts = frozenset(h.lower().strip("[]") for h in hosts)

    HOST = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:[0-9]{1,5})?")
    """A ``Host`` header: a name or a bracketed IPv6 address, then at most a port."""

    @classmethod
    def name(cls, host: str) -> str:
        """The host name of a ``Host`` header, without its port (``[::1]:8000`` -> ``::1``);
        "" for anything else (``localhost:8765@evil.com``, ``localhost:x``: a security
        audit found them read as ``localhost``)."""
        host = host.strip().lower()
        m = cls.HOST.fullmatch(host)
        if m is None:
            return "::1" if host == "::1" else ""
        return m.group(1).strip("[]")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = first_header(scope, b"host").decode("latin-1")
            if self.name(host) not in self.hosts:
                await _refuse(send, 400, f"this server answers to "
                              f"{', '.join(sorted(self.hosts))} only; its operator can add "
                              "a name with serve --allowed-host NAME")
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is answered 413, unread. The
    body is read here first (it is small: at most ``limit``), so a body sent in chunks
    without a ``Content-Length`` is refused the same way, before the app parses it."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if "\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b""):
            # no id, token or key holds one; PostgreSQL cannot even look one up (a 500 and
            # a traceback: an operations audit), SQLite answered 404
            await _refuse(send, 400, NUL_IN_REQUEST)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _too_large(send, self.limit)
                    return
        chunks: list[bytes] = []
        seen = 0
        first: Message | None = None
        while True:
            message = await receive()
            if message["type"] != "http.request":
                first = message             # the client went away: the app hears it
                break
            body = message.get("body", b"")
            seen += len(body)
            if seen > self.limit:
                await _too_large(send, self.limit)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        problem = _body_problem(scope, whole) if first is None else None
        if problem is not None:
            await _refuse(send, 422, problem)
            return
        pending: list[Message] = [first if first is not None else
                                  {"type": "http.request", "body": whole,
                                   "more_body": False}]

        async def replay() -> Message:
            if pending:
                return pending.pop()
            return await receive()

        await self.app(scope, replay, send)


def _body_problem(scope: Scope, body: bytes) -> str | None:
    """Why a JSON request body is refused though it parses: a key named twice in one object
    (JSON keeps the last, so an action body {"action": A, "action": B} played B), a number
    that is not finite (``1e400``, ``Infinity``: stored as such, a record wrote it as null),
    an integer too long to read (it was answered "not valid JSON"); or None. A body that is
    not JSON at all is left to the app (malformed JSON: 422)."""
    # the first Content-Type, as the app reads it (dict() kept the last: a second header,
    # text/plain, hid a JSON body from this check: a review)
    kind = first_header(scope, b"content-type")
    main, _, sub = kind.split(b";")[0].strip().lower().partition(b"/")
    # every type FastAPI reads as JSON: application/json and application/*+json
    if main != b"application" or not (sub == b"json" or sub.endswith(b"+json")) or not body:
        return None
    try:
        value = loads_strict(body)
    except (json.JSONDecodeError, UnicodeDecodeError):     # not JSON: the app says so
        return None
    except ValueError as exc:
        return f"the body {value_problem(exc)}" if "digits" in str(exc) else str(exc)
    except RecursionError:
        return None
    return NUL_IN_REQUEST if _holds_nul(value) else None


NUL_IN_REQUEST = ("the request holds a NUL character (\\u0000 or %00), which no id, token, "
                  "key or text here may contain")


def _holds_nul(value: Any) -> bool:
    """Whether any text of a JSON value (keys too) holds a NUL character (it cannot be
    stored in PostgreSQL: a claim with one in its code was a 500)."""
    todo = [value]
    while todo:
        x = todo.pop()
        if isinstance(x, str):
            if "\x00" in x:
                return True
        elif isinstance(x, dict):
            todo.extend(x.keys())
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)
    return False


async def _too_large(send: Send, limit: int) -> None:
    await _refuse(send, 413, f"request body over {limit // 1024} KiB")


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


# -- request bodies ---------------------------------------------------------------------------

MAX_DEPTH = 16
"""How deeply a request's JSON may nest (a record's actions are two levels down)."""


def plain_json(value: Any, where: str = "body", depth: int = 0) -> None:
    """Refuse (ValueError) JSON that could be stored but not sent back: text with a lone
    surrogate (``"\ud800"`` parses, but has no UTF-8 form) and nesting deeper than
    :data:`MAX_DEPTH`."""
    if depth > MAX_DEPTH:
        raise ValueError(f"{where} nests deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"{where} holds text that is not valid Unicode (a lone "
                             "surrogate)") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            plain_json(k, where, depth + 1)
            plain_json(v, where, depth + 1)
    elif isinstance(value, list):
        for v in value:
            plain_json(v, where, depth + 1)


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")

    invite: str = Field(min_length=1, max_length=128,
                        description="The invitation's code (after #join= in its link).")


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=32, description="Game id, e.g. eit2.")
    scenario: str | None = Field(default=None, max_length=64)
    seed: StrictInt | StrictStr | None = Field(
        default=None, description="A whole number from 0 to 2**64 - 1, or the same written "
        "as a decimal string (as a browser sends it: a JavaScript number rounds 64-bit "
        "seeds). Omit for a secret seed from the operating system.")
    seats: dict[str, str] = Field(description='Each role: "human" or "bot:NAME".')
    options: dict[str, Any] | None = None
    mine: str | None = Field(default=None, max_length=32, description=(
        "The human seat the caller plays: the other human seats get one-use invitations "
        "instead of links (their players join from their own devices). Omit to get every "
        "human seat's link (a hot-seat game)."))

    @field_validator("game", "scenario", "seats", "options")
    @classmethod
    def _plain(cls, value: Any) -> Any:
        plain_json(value, "the request")
        return value

    @field_validator("options")
    @classmethod
    def _small(cls, value: dict[str, Any] | None) -> dict[str, Any] | None:
        # a game's options are kept with it in memory and in the database: a tk situation
        # given whole (situation_data, 5-7 KiB bundled) of 230 KiB, sent 200 times, held
        # 500 MB of a server's memory (a security audit)
        if value is not None and len(json.dumps(value)) > MAX_OPTIONS:
            raise ValueError(f"the game's options take more than {MAX_OPTIONS // 1024} KiB "
                             "as JSON; a situation that large is more than a game needs")
        return value

    @field_validator("seed", mode="before")
    @classmethod
    def _seed_kind(cls, value: Any) -> Any:
        # 1.5, true, a list: said what to send, not in pydantic's words ("body.seed.int:
        # Input should be a valid integer; body.seed.str: ...": an operations audit)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | str)):
            raise PydanticCustomError("seed_type", SEED_TYPE)
        return value

    @field_validator("seed")
    @classmethod
    def _seed(cls, value: int | str | None) -> int | str | None:
        if isinstance(value, str):
            if not (value.isascii() and value.isdigit() and len(value) <= 20):
                raise ValueError(f"the seed must be a whole number from 0 to {MASK64}, "
                                 "written in digits")
            value = int(value)
        if value is not None and seed_problem(value, "the seed"):
            raise ValueError(seed_problem(value, "the seed"))
        return value


INTEGER = re.compile(r"-?[0-9]+")
"""An action given as a whole number in explain's query: a catalogue id (ASCII digits only:
"²" is a key like any other)."""
ACTION_TYPE = ("the action must be an action's key (a string), as the view's legal actions "
               "list it, or its id (a whole number)")
SEED_TYPE = (f"the seed must be a whole number from 0 to {MASK64}, as a JSON number or in "
             "digits as a string; leave it out for a secret seed")
VERSION_TYPE = ("the version must be the whole number the seat's view gave as 'version' "
                "(or left out)")


def _version_kind(value: Any) -> Any:
    """A version that is no whole number is said in words ("3", 2.0, true: pydantic said
    "Input should be a valid integer": an operations audit)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise PydanticCustomError("version_type", VERSION_TYPE)
    return value


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: StrictStr | None = Field(default=None, max_length=128,
                                    description="The seat's secret token (missing: 403).")
    action: StrictStr | StrictInt = Field(description="An action key or catalogue id.")
    version: StrictInt | None = Field(default=None, description="The version the seat saw.")

    _version = field_validator("version", mode="before")(_version_kind)

    @field_validator("action", mode="before")
    @classmethod
    def _kind(cls, value: Any) -> Any:
        # a float, a bool, null, a list: said what to send, not in pydantic's words
        # ("body.action.str: Input should be a valid string; body.action.int: ...")
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise PydanticCustomError("action_type", ACTION_TYPE)
        return value

    @field_validator("action")
    @classmethod
    def _plain(cls, value: Any) -> Any:
        plain_json(value, "the action")
        return value


class Undo(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: StrictStr | None = Field(default=None, max_length=128,
                                    description="The seat's secret token (missing: 403).")
    version: StrictInt | None = None

    _version = field_validator("version", mode="before")(_version_kind)


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message[:2000], **extra}, status_code=status)


def _client(request: Request) -> str:
    """Who sent ``request``, as far as the server can tell: its peer's address (behind a
    proxy, the proxy's, whose clients then share a client's limits); an IPv6 address by
    its /64, which one machine is given whole (a new address for each request went round
    every limit: a review)."""
    host = request.client.host if request.client is not None else ""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


CLIENT_RATES = {"games": (20.0, 30), "uploads": (30.0, 30)}
"""``warroom serve``'s limits per client (its address): (per minute, at once) for new
games and uploaded records (:class:`ClientRate`)."""


class ClientRate:
    """At most ``burst`` requests at once from one client, and ``per_minute`` a minute after
    that (a token bucket per address). A client that asked for new games a few times a
    second queued a bot's move for each, and every player's bot waited behind them (a
    security audit: a victim's bot 0.01 -> 49 s, a view 3 -> 218 ms); each game also stays
    in memory for an hour and in the database for good. ``clock``: seconds, for tests."""

    def __init__(self, per_minute: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_s = per_minute / 60.0
        self.burst = burst
        self.clock = clock
        # client -> (tokens, when), the least recently seen first
        self._left: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, client: str) -> float:
        """0.0 and one request counted, or the seconds until ``client`` may ask again."""
        now_s = self.clock()
        with self._lock:
            tokens, then = self._left.pop(client, (float(self.burst), now_s))
            tokens = min(float(self.burst), tokens + (now_s - then) * self.per_s)
            wait = 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.per_s
            self._left[client] = (tokens - 1.0 if wait == 0.0 else tokens, now_s)
            while len(self._left) > 10_000:     # the least recently seen are forgotten
                self._left.popitem(last=False)
            return wait


def _too_many(wait: float, what: str) -> JSONResponse:
    seconds = max(1, math.ceil(wait))
    return JSONResponse({"error": f"this address {what} in a short time: try again in "
                                  f"{seconds} s"},
                        status_code=429, headers={"Retry-After": str(seconds)})


def create_service(db_url: str, loader: Callable[[str], Game] = load_game,
                   games: list[str] | None = None, bot_workers: int = 2,
                   watch_pace: float = 0.0) -> GameService:
    """The games on the database at ``db_url``, its schema created or upgraded first;
    ``watch_pace``: the fewest seconds between two moves of a game of bots alone
    (:attr:`GameService.watch_pace`)."""
    engine = make_engine(db_url)
    try:
        migrate(engine)
    except Exception:
        engine.dispose()
        raise
    return GameService(engine, loader, games, bot_workers, watch_pace=watch_pace)


def create_app(db_url: str, loader: Callable[[str], Game] = load_game,
               games: list[str] | None = None, bot_workers: int = 2,
               api_docs: bool = False, allowed_hosts: Sequence[str] | None = None,
               watch_pace: float = 0.0,
               client_rates: dict[str, tuple[float, int]] | None = None) -> FastAPI:
    """The warroom web app on the database at ``db_url`` (created/upgraded on start).
    ``api_docs``: serve Swagger UI at ``/docs`` and ReDoc at ``/redoc`` (they load their
    scripts from a CDN, on the origin whose local storage keeps seat tokens: off unless
    asked for); the schema itself is always at ``/openapi.json``. ``allowed_hosts``: the
    only names a request's ``Host`` may give (:class:`TrustedHosts`; None: any).
    ``watch_pace``: the fewest seconds between two moves of a game of bots alone (0, as
    fast as they think; ``warroom serve`` gives 1). ``client_rates``: how many new games
    (``games``) and uploaded records (``uploads``) one client may send, (per minute, at
    once), as :class:`ClientRate` (None: no limit; ``warroom serve`` gives
    :data:`CLIENT_RATES`)."""
    service = create_service(db_url, loader, games, bot_workers, watch_pace)
    rates = {what: ClientRate(*rate) for what, rate in (client_rates or {}).items()}
    engine = service.engine

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        # games of bots in play go on after a restart, loaded off the request path
        threading.Thread(target=service.resume_bots, name="resume-bots", daemon=True).start()
        yield
        service.close()
        engine.dispose()

    app = FastAPI(title="warroom", lifespan=lifespan,
                  docs_url="/docs" if api_docs else None,
                  redoc_url="/redoc" if api_docs else None,
                  description="Rules-enforced wargames of 20th-century Europe: games, seats "
                              "with secret links, actions, undo, records, live updates.")
    app.state.service = service
    streams = StreamSlots(stream_limit())
    app.state.streams = streams
    app.add_middleware(BodyLimit)
    if allowed_hosts is not None:   # inside SecurityHeaders: its refusals get the headers
        app.add_middleware(TrustedHosts, hosts=allowed_hosts)
    app.add_middleware(SecurityHeaders)

    # -- errors: one clean line, never a stack trace ------------------------------------------
    @app.exception_handler(Forbidden)
    async def _forbidden(_: Request, exc: Forbidden) -> JSONResponse:
        return _error(403, str(exc))

    @app.exception_handler(NotFound)
    async def _not_found(_: Request, exc: NotFound) -> JSONResponse:
        return _error(404, str(exc))

    @app.exception_handler(Stale)
    async def _stale(_: Request, exc: Stale) -> JSONResponse:
        return _error(409, str(exc), version=exc.version)

    @app.exception_handler(Outdated)
    async def _outdated(_: Request, exc: Outdated) -> JSONResponse:
        return _error(409, str(exc))

    @app.exception_handler(Unavailable)
    async def _unavailable(_: Request, exc: Unavailable) -> JSONResponse:
        return _error(503, str(exc))

    @app.exception_handler(WarroomError)
    async def _warroom(_: Request, exc: WarroomError) -> JSONResponse:
        return _error(422, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        for e in errors:
            if e.get("type") == "json_invalid":      # FastAPI's loc is the character's offset
                where = e.get("loc", ())[-1:]
                at = f" at character {where[0]}" if where and isinstance(where[0], int) else ""
                return _error(422, f"the body is not valid JSON{at}: "
                              f"{e.get('ctx', {}).get('error', 'it cannot be read')}")
            body_whole = tuple(e.get("loc", ())) == ("body",)
            if body_whole and e.get("type") in ("missing", "model_attributes_type",
                                                "dict_type", "model_type"):
                # no body, or one that is not a JSON object (a form's fields: an audit read
                # "Input should be a valid dictionary or object to extract fields from")
                return _error(422, "the request needs a JSON body (Content-Type: "
                              "application/json) holding an object of its fields")
        problems = [f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}"
                    for e in errors[:5]]
        return _error(422, "bad request: " + "; ".join(problems)[:500])

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        # FastAPI's own refusals (a body it cannot parse, an unknown route) in the same shape;
        # a JSON body it could not read (nested too deep for its parser) is malformed JSON,
        # answered 422 like any other
        if exc.status_code == 400 and exc.detail == "There was an error parsing the body":
            return _error(422, "the body is not valid JSON (or nested too deep to read)")
        return _error(exc.status_code, str(exc.detail))

    async def _database(_: Request, exc: Exception) -> JSONResponse:
        # a locked SQLite file, a full disk, a PostgreSQL connection dropped: creating a
        # game or uploading a record answered 500 with a traceback in the log, and the
        # server closed the connection (a web audit); a move already answered 503
        return _error(503, "the database is busy or unavailable: nothing was stored; try "
                      "again")

    app.add_exception_handler(OperationalError, _database)
    app.add_exception_handler(InterfaceError, _database)

    @app.exception_handler(Exception)
    async def _internal(_: Request, exc: Exception) -> JSONResponse:
        # said of every request, a new game's too ("the game is unchanged": a web audit)
        return _error(500, "internal error; the server's log has the details")

    # -- API --------------------------------------------------------------------------------------
    def token_of(token: str | None, header: str | None) -> str | None:
        return token or header

    @app.get("/api/health")
    def health() -> JSONResponse:
        """ok while the database answers; 503 otherwise (it said ok with PostgreSQL stopped
        or the disk full, where every request failed: an operations audit)."""
        try:
            with engine.connect() as conn:
                conn.execute(text("SELECT 1")).scalar()
        except Exception:
            return JSONResponse({"status": "database unavailable"}, status_code=503)
        return JSONResponse({"status": "ok"})

    @app.get("/api/catalogue")
    def catalogue() -> list[dict[str, Any]]:
        """The games, their roles, scenarios and the bots."""
        return service.catalogue()

    @app.get("/api/rules/{game_id}")
    def rules(game_id: str) -> dict[str, str]:
        """The game's index of its rulebook: each rule number a page cites, and what the
        rule is about (the titles of the rule badges)."""
        return service.rules(game_id)

    @app.post("/api/games", response_model=None)
    def create_game(body: NewGame, request: Request) -> dict[str, Any] | JSONResponse:
        """A new game: the secret link of each human seat (keep them: they are not shown
        again; a bot's seat has none). With ``mine`` (the seat the caller plays), only that
        seat's link, and for each other human seat an invitation (``invites``): a link
        that the player it is sent to opens once, to claim that seat's own secret link.
        429 past the server's limit of new games a client may make (``client_rates``)."""
        if "games" in rates and (wait := rates["games"].take(_client(request))):
            return _too_many(wait, "asked for too many new games")
        seed = None if body.seed is None else int(body.seed)
        key, tokens, invites = service.create(body.game, body.scenario, body.seats, seed,
                                              body.options, body.mine)
        base = str(request.base_url).rstrip("/")
        return {"id": key,
                "seats": {role: f"{base}/games/{key}#{t}" for role, t in tokens.items()},
                "tokens": tokens,
                "invites": {role: f"{base}/games/{key}#join={code}"
                            for role, code in invites.items()},
                "invite_codes": invites}

    @app.post("/api/games/{game_id}/claim")
    def claim_seat(game_id: str, body: Claim, request: Request) -> dict[str, Any]:
        """Claim the seat an invitation keeps: its secret token, told to this caller only;
        the invitation is spent (403 for one already used, or of another game)."""
        role, token = service.claim(game_id, body.invite)
        base = str(request.base_url).rstrip("/")
        return {"id": game_id, "role": role, "token": token,
                "seat": f"{base}/games/{game_id}#{token}"}

    @app.get("/api/games")
    def list_games(ids: Annotated[str, Query(max_length=4000)] = "") -> list[dict[str, Any]]:
        """Recent games (no tokens); ``ids=ID,ID...`` (up to 200) lists those games first,
        whatever their age: a browser's own games stay in its list."""
        named = [x for x in ids.split(",") if x]
        if len(named) > 200 or any(len(x) > 32 for x in named):
            raise BadRequest("ids: at most 200 game ids of at most 32 characters, "
                             "separated by commas")
        return service.list_games(ids=named)

    @app.get("/api/games/{game_id}/view")
    def game_view(game_id: str, token: Annotated[str | None, Query(max_length=128)] = None,
                  x_warroom_token: Annotated[str | None, Header(max_length=128)] = None
                  ) -> dict[str, Any]:
        """What this seat sees: board, prompt, its legal actions, its hand, the log."""
        return service.view_for(game_id, token_of(token, x_warroom_token))

    @app.get("/api/games/{game_id}/seen")
    def game_seen(game_id: str, token: Annotated[str | None, Query(max_length=128)] = None,
                  x_warroom_token: Annotated[str | None, Header(max_length=128)] = None
                  ) -> dict[str, Any]:
        """This seat's view as it stood where it last decided (null when nothing has been
        played since): a page that remembers nothing of the seat marks what changed."""
        return service.seen_for(game_id, token_of(token, x_warroom_token))

    @app.get("/api/games/{game_id}/explain")
    def game_explain(game_id: str,
                     action: Annotated[str | None, Query(max_length=128)] = None,
                     target: Annotated[str | None, Query(max_length=128)] = None,
                     token: Annotated[str | None, Query(max_length=128)] = None,
                     x_warroom_token: Annotated[str | None, Header(max_length=128)] = None
                     ) -> Any:
        """Why an action is (il)legal for this seat now, with the rules. With ``target``
        (a map element's id, e.g. a space) instead of ``action``: why that element can or
        cannot be chosen in the current decision ("why not" on the map)."""
        if (action is None) == (target is None):
            return _error(422, "bad request: give either action (a key or id) or target "
                               "(a map element's id), not both")
        if target is not None:
            return service.explain_target(game_id, token_of(token, x_warroom_token), target)
        assert action is not None
        # a whole number is an id, as POST actions reads a JSON number: -1 and a huge id
        # are refused alike (they were keys here, "unknown action", answered 200)
        ref: str | int = int(action) if INTEGER.fullmatch(action) else action
        return service.explain_for(game_id, token_of(token, x_warroom_token), ref)

    @app.post("/api/games/{game_id}/actions")
    def game_act(game_id: str, body: Act) -> Any:
        """Play an action; answered once it is stored. 422: illegal (with the reason and
        rule); 409: the game moved on; 403: not a seat of this game."""
        try:
            return service.act(game_id, body.token, body.action, body.version)
        except IllegalActionError as exc:
            why = service.explain_for(game_id, body.token, body.action)
            return _error(422, str(exc), reason=why["reason"], rules=why["rules"])

    @app.post("/api/games/{game_id}/undo")
    def game_undo(game_id: str, body: Undo) -> dict[str, Any]:
        """Take back your own last decision (never past a roll, a reveal or another seat's
        decision)."""
        return service.undo(game_id, body.token, body.version)

    @app.get("/api/games/{game_id}/record")
    def game_record(game_id: str, token: Annotated[str | None, Query(max_length=128)] = None,
                    x_warroom_token: Annotated[str | None, Header(max_length=128)] = None
                    ) -> dict[str, Any]:
        """The record: complete once the game is over; during play, for a seat, without
        the seed."""
        return service.record(game_id, token_of(token, x_warroom_token))

    @app.get("/api/games/{game_id}/replay")
    def game_replay(game_id: str,
                    step: Annotated[int | None, Query(ge=0, lt=10**7)] = None,
                    as_role: Annotated[str | None, Query(alias="as", max_length=32)] = None,
                    index: bool = False,
                    token: Annotated[str | None, Query(max_length=128)] = None,
                    x_warroom_token: Annotated[str | None, Header(max_length=128)] = None
                    ) -> dict[str, Any]:
        """The game after ``step`` actions (default: now) for the replay viewer. Once the
        game is over: for anyone, seen ``as`` a role or a spectator. While it is on: for a
        seat (its token), with that seat's view only. ``index=true`` adds, per step, the
        role that played and the turn and round (to jump to a turn)."""
        return service.replay_game(game_id, token_of(token, x_warroom_token), step,
                                   as_role, index)

    @app.get("/api/games/{game_id}/replay/why")
    def game_replay_why(game_id: str, step: Annotated[int, Query(ge=0, lt=10**7)],
                        token: Annotated[str | None, Query(max_length=128)] = None,
                        x_warroom_token: Annotated[str | None, Header(max_length=128)] = None
                        ) -> dict[str, Any]:
        """Why the action that led to ``step`` was allowed: its rule and explanation (while
        the game is on, a seat's own decisions only)."""
        return service.replay_game_why(game_id, token_of(token, x_warroom_token), step)

    @app.get("/api/games/{game_id}/events")
    async def game_events(game_id: str, request: Request,
                          key: Annotated[str | None, Query(max_length=128)] = None,
                          token: Annotated[str | None, Query(max_length=128)] = None
                          ) -> Response:
        """Server-Sent Events: ``update`` with the new version whenever the game changes.
        ``key``: the seat's ``events_key`` from its view (EventSource cannot send the token
        in a header, and a URL may be logged); a seat's ``token`` is still taken."""
        live = await run_in_threadpool(service.live, game_id)
        # in a worker: a key no seat has is checked against the database (a review: on the
        # event loop, every bogus key blocked it for a query)
        role = await run_in_threadpool(service.stream_seat, live, key, token)
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[int] = asyncio.Queue()

        def push(version: int) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, version)

        release, why = streams.take((game_id, role), lambda: push(CLOSE_STREAM),
                                    _client(request))
        if release is None:
            return _error(429, why)

        async def stream() -> AsyncIterator[str]:
            service.hub.subscribe(game_id, push)
            try:
                yield f"event: update\ndata: {json.dumps({'version': live.version})}\n\n"
                while True:
                    try:
                        version = await asyncio.wait_for(queue.get(), HEARTBEAT_S)
                    except TimeoutError:
                        if await request.is_disconnected():
                            return
                        yield ": ping\n\n"
                        continue
                    if version == CLOSE_STREAM:     # a newer page of the seat took its place
                        return
                    if version == SEATS_CHANGED:    # a player joined: who waits changed
                        yield "event: seats\ndata: {}\n\n"
                        continue
                    yield f"event: update\ndata: {json.dumps({'version': version})}\n\n"
            finally:
                service.hub.unsubscribe(game_id, push)
                release()

        def collected() -> None:
            # never under the slots' lock from the garbage collector (it may run inside
            # take() on the same thread: a review found the deadlock on Python 3.12)
            with contextlib.suppress(RuntimeError):    # a closed loop: the server is gone
                loop.call_soon_threadsafe(release)

        body = stream()
        # a stream whose client left before it started never runs its finally
        weakref.finalize(body, collected)
        return LiveStream(body, release)

    @app.post("/api/records")
    async def upload_record(request: Request) -> Any:
        """Upload a record (JSON) to open it in the replay viewer; it is replayed first."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            # a plain HTML form of another site could post here (a security audit): its
            # content types are never JSON's, and asking for JSON needs a CORS preflight
            return _error(415, "send the record as JSON (Content-Type: application/json)")
        if "uploads" in rates and (wait := rates["uploads"].take(_client(request))):
            return _too_many(wait, "uploaded too many records")
        raw = await request.body()     # a key given twice was refused by BodyLimit
        try:
            obj = json.loads(raw)
            plain_json(obj, "the record")
        except RecursionError:
            return _error(422, "the record is not valid JSON")
        except ValueError as exc:
            return _error(422, str(exc) if "the record" in str(exc)
                          else "the record is not valid JSON")
        return await run_in_threadpool(service.upload, obj)

    @app.get("/api/records/{record_id}")
    def get_record(record_id: str,
                   step: Annotated[int | None, Query(ge=0, lt=10**7)] = None,
                   as_role: Annotated[str | None, Query(alias="as", max_length=32)] = None,
                   index: bool = False) -> dict[str, Any]:
        """An uploaded record and the view after ``step`` actions (default: the end), seen
        ``as`` a role or a spectator; ``index=true`` adds the turn index."""
        return service.uploaded(record_id, step, as_role, index)

    @app.get("/api/records/{record_id}/why")
    def get_record_why(record_id: str, step: Annotated[int, Query(ge=0, lt=10**7)]
                       ) -> dict[str, Any]:
        """Why the action that led to ``step`` of an uploaded record was allowed."""
        return service.uploaded_why(record_id, step)

    # -- pages ------------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/games/{game_id}", include_in_schema=False)
    def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/games/{game_id}/replay", include_in_schema=False)
    def game_replay_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/replay/{record_id}", include_in_schema=False)
    def replay_page(record_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
