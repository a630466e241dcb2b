"""Games being played on the server: seats and tokens, actions, undo, bots, persistence,
live notifications. Everything here uses the core protocol only.

Concurrency: each live game has its own lock; every change to a game happens under it, is
committed to the database in one transaction, and only then answered and announced. Bots
think on a copy of the state in a worker pool, off the request path, and play their move
under the lock if nothing changed meanwhile.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import heapq
import hmac
import json
import logging
import secrets
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker

import warroom.core
from warroom.ai import BOTS, PRESETS, Bot, bot_note, decision_seed, make_bot, reseed
from warroom.ai.models import bundled_models
from warroom.ai.pace import EvenPace
from warroom.core.actions import Action
from warroom.core.content import CONTENT_SUFFIXES, load_yaml
from warroom.core.errors import (
    IllegalActionError,
    RecordError,
    UnknownGameError,
    WarroomError,
    short,
)
from warroom.core.log import visible
from warroom.core.protocol import (
    RESIGN,
    Game,
    apply,
    clone,
    explain,
    legal_actions,
    resign_key,
    resign_refusal,
    resigner,
    result,
    view,
)
from warroom.core.record import (
    Record,
    Session,
    UndoEntry,
    apply_keeping_undo,
    content_id,
    outcome_doubts,
    replay,
    replay_fitting,
    same_content,
)
from warroom.core.rng import derive_seed
from warroom.core.state import State
from warroom.games import game_ids, load_game
from warroom.web.db import ActionRow, GameRow, SeatRow, SnapshotRow, UploadRow, now
from warroom.web.replay import Timeline, Timelines

LOG = logging.getLogger("warroom.web")
SNAPSHOT_EVERY = 25
PLAYED_LATELY = 600.0
"""A game a person played in within this many seconds is one people play (:class:`BotQueue`)."""
UNTOUCHED_WAIT = 30.0
"""How many seconds a bot move of a game nobody played in lately yields to the others."""
IDLE_S = 3600.0
"""Seconds a game no request took stays in memory (:meth:`GameService.live`)."""
MAX_UPLOAD_ACTIONS = 100_000
PACES_KEPT = 10_000
"""How many bots' answer times the server keeps (:meth:`GameService._pace`)."""
MAX_OPTIONS = 32 * 1024
"""The most a game's options may take as JSON, a new game's or an uploaded record's."""


class NotFound(WarroomError):
    """No such game or record."""


class Forbidden(WarroomError):
    """A missing or wrong seat token."""


class Stale(WarroomError):
    """The client acted on an older version of the game."""

    def __init__(self, version: int, given: int | None = None) -> None:
        if given is not None and not 0 <= given < version:
            # not an older version: no view ever showed it
            super().__init__(f"version {given} is not a version this game had: it is at "
                             f"version {version}; send the version of the view you acted on")
        else:
            super().__init__(f"the game has moved on (version {version}); reload it")
        self.version = version


class Unavailable(WarroomError):
    """The database refused to store an action (nothing changed)."""


class Outdated(WarroomError):
    """A stored game that today's rules cannot replay: it was played with an earlier
    version of warroom whose rules differ."""


class OtherContent(Outdated):
    """A stored game created with another content pack than the one this server plays its
    game with (``warroom serve --content GAME=DIR``): it is not replayed under this one,
    where its cards or tables would differ."""


class BadRequest(WarroomError):
    """A request the server understood but cannot answer (an unknown map target, a
    perspective that is not a role)."""


def engine_fingerprint(game: Game) -> str:
    """What a stored state snapshot of ``game`` must have been made by to be read back: a
    digest of the engine's code (core and the game's package, its bundled content
    included) and of the loaded content pack. A snapshot is a cache of the replayed
    actions; after an upgrade its data may lack what today's rules keep (a key added by a
    rules fix), so one made by other code is not trusted and the game is replayed from its
    actions instead."""
    digest = hashlib.sha256()
    core_dir = Path(warroom.core.__file__).parent
    game_dir = Path(sys.modules[type(game).__module__].__file__ or ".").parent
    for root in (core_dir, game_dir):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    digest.update(json.dumps(game.content_json(), sort_keys=True, default=str).encode())
    return digest.hexdigest()[:32]


BUNDLED = "bundled:"
"""How :func:`stored_content` marks warroom's own pack in a game's row."""
PACK = "pack:"
"""How :func:`stored_content` marks a ``--content`` pack in a game's row."""


def pack_fingerprint(game: Game) -> str | None:
    """A fingerprint of the files of ``game``'s ``--content`` folder alone, as read (their
    names and data, not their comments), or ``None`` for warroom's own pack. Unlike
    :func:`~warroom.core.record.content_id`, which covers the whole pack, warroom's own
    files beneath included, it stays the same when a later warroom corrects one of those:
    a game created with a pack of one table goes on under the next version (a review)."""
    folder = getattr(game, "content_dir", None)
    if folder is None:
        return None
    digest = hashlib.sha256()
    for path in sorted(Path(folder).iterdir(), key=lambda p: p.name):
        if path.suffix in CONTENT_SUFFIXES and path.is_file():
            digest.update(path.name.encode())
            digest.update(json.dumps(load_yaml(path), sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


def stored_content(game: Game) -> str:
    """What a game's row keeps of the pack it was created with: ``bundled:ID`` for
    warroom's own pack (a game of it goes on under the next version's, whose corrected
    cards are an upgrade like a rules fix, :meth:`GameService.upgrade_games`), and
    ``pack:FILES:ID`` for a ``--content`` pack (:func:`pack_fingerprint`, then the whole
    pack's :func:`~warroom.core.record.content_id`)."""
    cid = content_id(game)
    files = pack_fingerprint(game)
    return BUNDLED + cid if files is None else f"{PACK}{files}:{cid}"


def stored_content_id(stored: str | None) -> str:
    """The :func:`~warroom.core.record.content_id` a row's :func:`stored_content` names
    ("" for a game stored before it was kept)."""
    if not stored:
        return ""
    return stored.rpartition(":")[2]


def content_problem(key: str, stored: str | None, game: Game, over: bool = False,
                    files_here: str | None = None, cid_here: str | None = None
                    ) -> str | None:
    """Why game ``key``, whose row keeps ``stored`` (:func:`stored_content`; ``None``: a
    game stored before it was kept), is not played under ``game``'s pack, or ``None`` when
    it is: a game of a ``--content`` pack under a pack of the same files (warroom's own
    beneath may have changed since), or of the same whole content; one of warroom's own
    pack under warroom's own (of this version or an earlier: corrected cards are an
    upgrade). ``over``: the game is finished (it would be replayed, not go on);
    ``files_here``: :func:`pack_fingerprint` of ``game`` (:meth:`GameService.pack_print`);
    ``cid_here``: its :func:`~warroom.core.record.content_id`, if worked out already."""
    cid = cid_here or content_id(game)
    if stored is None or stored_content_id(stored) == cid:
        return None
    go_on = "replay it" if over else "let it go on"
    if stored.startswith(BUNDLED):
        if files_here is None:
            return None
        return (f"game {short(key)} was created with warroom's own {game.id} content, and "
                f"this server plays {game.id} with a --content pack (id {cid}): "
                "it is not replayed under another pack; the server's operator can "
                f"{go_on} by serving {game.id} without --content")
    if stored.startswith(PACK):
        files = stored[len(PACK):].partition(":")[0]
        if files_here == files:
            return None
        here = ("warroom's own content" if files_here is None
                else "a --content pack whose files differ")
    elif same_content(game, stored):
        return None
    else:
        here = "another pack"
    return (f"game {short(key)} was created with a --content pack for {game.id} (id "
            f"{stored_content_id(stored)}), and this server plays {game.id} with {here}: it "
            "is not replayed under another pack; the server's operator can "
            f"{go_on} by serving the pack it was created with (warroom serve --content "
            f"{game.id}=DIR)")


RESULT_KEYS = ("termination", "winner", "returns", "scores", "text", "rule", "label")
"""The fields of a record's stated result (``Outcome.to_json``) an upload keeps."""


def _check_uploaded(rec: Record, game: Game) -> None:
    """An uploaded record's seats name the game's roles, each "human" or a bot, in a few
    words, and its stated result keeps only a result's fields, in a few KiB: both were
    stored as sent and sent back on every read (an audit stored 200 KB of each)."""
    for role, player in rec.seats.items():
        if role not in game.roles:
            raise RecordError(f"uploaded record: its seats name {short(role, 40)}, which is "
                              f"not a role of {game.id} ({', '.join(game.roles)})")
        if not isinstance(player, str) or len(player) > 64 or not player.isprintable():
            raise RecordError(f"uploaded record: the seat {role} is {short(player, 40)}; a "
                              "seat is 'human' or a bot's name (64 characters at most)")
    if rec.result is not None:
        rec.result = {k: v for k, v in rec.result.items() if k in RESULT_KEYS}
        if len(json.dumps(rec.result, default=str)) > 4096:
            raise RecordError("uploaded record: its stated result is larger than 4 KiB; "
                              "a result holds a winner, returns and scores")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def events_key(token_hash: str) -> str:
    """A seat's key to its game's live-update stream, worked out from the stored hash of
    its token. EventSource cannot send a header, so the stream's key travels in a URL (where
    a proxy may log it); it opens only that stream, which tells when the game changed and
    nothing else, never the seat's view or moves."""
    return hashlib.sha256(f"warroom-events:{token_hash}".encode()).hexdigest()


SEATS_CHANGED = -2
"""Published for a game (:class:`Hub`) when a player joined it: its streams send a ``seats``
event, its version unchanged (:meth:`GameService.claim`)."""

INVITE_USED = ("this invitation is not for a seat of this game, or was used already: an "
               "invitation opens its seat once, and the browser that first opened it holds "
               "the seat (reopen the game there, from its lobby); if that was not you, ask "
               "the player who made the game")
"""Why a claim is refused (a web audit: "ask the player who made the game for the seat's
link" asked for a link that player never holds)."""

QUICK_BOTS = frozenset({"random", "greedy", "aggressive"})
"""The bots whose move takes milliseconds (no search, no playouts to the end)."""


def quick_bot(spec: str) -> bool:
    """Whether a seat's bot ``spec`` (``greedy``, ``greedy:samples=2``) is one of
    :data:`QUICK_BOTS`."""
    return spec.split(":", 1)[0] in QUICK_BOTS


class BotQueue:
    """The bot workers of games people play: ``workers`` threads take the waiting moves in
    the order of their rank (ties in order of arrival); :meth:`GameService._kick_bots`
    ranks a move by when it was asked, plus :data:`UNTOUCHED_WAIT` seconds for a game no
    person has played in lately.

    A plain first-come pool let anyone delay every real player's bot: 30 games created
    with a bot to move and a human seat nobody plays queued their moves ahead of the
    others (a security audit: a victim's 3 bot moves took 8 s instead of 0.3 s). Ranked by
    the person's last move alone, the most recent first, a game played in earlier could
    wait for ever behind a stream of newer ones (a review); ranked by arrival, every move
    is taken in the end."""

    def __init__(self, workers: int, name: str = "bot") -> None:
        if workers < 1:
            raise ValueError(f"a bot queue needs at least one worker, not {workers}: with "
                             "none, bot seats would never move")
        self._heap: list[tuple[float, int, Callable[..., None], tuple[Any, ...]]] = []
        self._seq = 0
        self._cond = threading.Condition()
        self._closed = False
        self._threads = [threading.Thread(target=self._work, name=f"{name}-{i}", daemon=True)
                         for i in range(workers)]
        for t in self._threads:
            t.start()

    def submit(self, rank: float, fn: Callable[..., None], *args: Any) -> None:
        """Queue ``fn(*args)``; a lower ``rank`` runs first."""
        with self._cond:
            if self._closed:
                return
            self._seq += 1
            heapq.heappush(self._heap, (rank, self._seq, fn, args))
            self._cond.notify()

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._heap and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                _, _, fn, args = heapq.heappop(self._heap)
            try:
                fn(*args)
            except BaseException:   # fn reports its own failures; a worker never dies
                LOG.exception("a bot task failed")

    def close(self) -> None:
        """Drop the waiting moves and take no more."""
        with self._cond:
            self._closed = True
            self._heap.clear()
            self._cond.notify_all()

    def shutdown(self) -> None:
        """Drop the waiting moves; wait for the ones being thought."""
        self.close()
        for t in self._threads:
            t.join()


@dataclass
class Live:
    """A game loaded in memory."""

    id: str
    session: Session
    seats: dict[str, str]                     # role -> "human" | "bot:NAME"
    token_hashes: dict[str, str]              # role -> sha256 of the seat token
    version: int
    played_by: list[str] = field(default_factory=list)
    """The role that played each action of the record, in order."""
    invited: set[str] = field(default_factory=set)
    """The human seats whose player has not joined yet (an invitation not yet used)."""
    claims: dict[str, int] = field(default_factory=dict)
    """Role -> how many claims changed its seat in memory (:meth:`GameService._reread_seats`
    keeps those a read of the database began before)."""
    marks: dict[str, int] = field(default_factory=dict)
    """Role -> the length of the whole log where that seat last decided (its payload's
    ``since``): kept as it plays, worked out by :meth:`GameService.mark` when not known
    (after a load or an undo)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    bot_busy: bool = False
    bots: dict[str, Bot] = field(default_factory=dict)
    """Role -> the bot playing that seat, kept from its first move as the terminal and the
    simulations keep theirs: a script's plan spans the decisions of one operation (sfe's
    move: the source, then each counter, then the destination), and a bot made anew for
    each move forgot it, so the web's sfe scripts moved one counter a move (a code
    review). Made again after a failure, a move not played and when the game is loaded
    anew; let go when the game ends."""
    bot_failures: int = 0
    """Bot moves that failed in a row (the database down...): the next waits longer."""
    seed_chosen: bool = False
    """Whether whoever created the game chose its seed (then, in a game with hidden
    information, they can know every hidden card and die: each seat is told)."""
    used: float = 0.0
    """When a request last took this game (the service's clock): idle games are dropped
    from memory (:meth:`GameService.live`)."""
    played: float = float("-inf")
    """When a person last played in this game (the service's clock): its bot moves go
    before those of games nobody has played in lately (:class:`BotQueue`)."""

    @property
    def state(self) -> State[Any]:
        return self.session.state

    @property
    def game(self) -> Game:
        game: Game = self.session.state.game
        return game

    @property
    def bots_alone(self) -> bool:
        """No person holds a seat: a game of bots, to watch."""
        return all(p != "human" for p in self.seats.values())


@dataclass
class Stored:
    """A game as the database holds it (:meth:`GameService._stored`)."""

    record: Record
    played_by: list[str]
    players: dict[str, str]
    token_hashes: dict[str, str]
    version: int
    over: bool
    result: dict[str, Any] | None
    snap_at: int | None
    snap_state: str | None
    seed_chosen: bool = False
    content: str | None = None
    """The row's :func:`stored_content` (``None``: stored before it was kept)."""
    invited: set[str] = field(default_factory=set)
    """The seats kept for a player who has not joined yet."""


@dataclass(frozen=True)
class Upgraded:
    """What :meth:`GameService.upgrade_games` found for one stored game. ``finding``:
    ``replays`` (nothing to do), ``snapshot`` (it replays; a fresh state snapshot was
    written), ``now over`` (today's rules end it where it stands: its status was set),
    ``result differs`` (a finished game that today's rules end otherwise: kept as
    stored), ``outdated`` (action ``step`` no longer fits today's rules), ``rewound``
    (it goes on from ``step`` under today's rules, its first ``step`` actions kept, that
    one and the later ones dropped),
    ``unknown game`` (this server no longer has the game), ``other content`` (it was
    created with another content pack than this server's for its game: kept as stored,
    not replayed)."""

    id: str
    game: str
    status: str
    actions: int
    finding: str
    step: int | None = None


@dataclass(frozen=True)
class Pruned:
    """A stored game :meth:`GameService.prune_games` deleted (or, on a dry run, would
    delete): its id, game, status (``active`` or ``over``), actions played and the time of
    its last move (its creation, if none)."""

    id: str
    game: str
    status: str
    actions: int
    updated: dt.datetime


class Hub:
    """Fan-out of "game X is now at version V" to listeners (SSE streams), from any thread
    (or :data:`SEATS_CHANGED`: a player joined it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subs: dict[str, set[Callable[[int], None]]] = {}

    def subscribe(self, game_id: str, callback: Callable[[int], None]) -> None:
        with self._lock:
            self._subs.setdefault(game_id, set()).add(callback)

    def unsubscribe(self, game_id: str, callback: Callable[[int], None]) -> None:
        with self._lock:
            subs = self._subs.get(game_id)
            if subs is not None:
                subs.discard(callback)
                if not subs:
                    del self._subs[game_id]

    def listened(self, game_id: str) -> bool:
        """Whether a stream listens to ``game_id`` now."""
        with self._lock:
            return bool(self._subs.get(game_id))

    def publish(self, game_id: str, version: int) -> None:
        with self._lock:
            subs = list(self._subs.get(game_id, ()))
        for callback in subs:
            callback(version)


def _utc(when: dt.datetime) -> dt.datetime:
    """A stored time with its offset: SQLite gives back the UTC time written, without one,
    which a browser reads as its local time (the lobby's times were off by the zone: an
    operations audit); PostgreSQL keeps the offset."""
    return when if when.tzinfo is not None else when.replace(tzinfo=dt.UTC)


class GameService:
    """The server's games: create, list, view per seat, act, undo, bots, records."""

    def __init__(self, engine: Engine, loader: Callable[[str], Game] = load_game,
                 games: list[str] | None = None, bot_workers: int = 2,
                 snapshot_every: int = SNAPSHOT_EVERY, idle_s: float = IDLE_S,
                 clock: Callable[[], float] = time.monotonic,
                 watch_pace: float = 0.0) -> None:
        self.engine = engine
        self.watch_pace = watch_pace
        """The fewest seconds between two moves of a game with no human seat (its thinking
        included), so that it can be watched as it goes; 0: as fast as its bots think."""
        self.db = sessionmaker(engine, expire_on_commit=False)
        self.loader = loader
        self.game_ids = games if games is not None else game_ids()
        self.snapshot_every = snapshot_every
        self.hub = Hub()
        self.pool = BotQueue(bot_workers)
        # the bots that answer in milliseconds have a worker of their own: behind four
        # searches of a second each a random bot's move waited 2-5 s (a load audit)
        self.quick_pool = BotQueue(1, name="bot-quick")
        # games with no human seat (bots against bots, to watch) think on a thread of their
        # own: anyone may start many of them, and on the shared pool they starved the bots
        # of games people play (a security audit: 30 such sfe games, and a random bot of a
        # human's game took 45 s for 4 moves; they also resume after a restart)
        self.watch_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-watch")
        self._live: dict[str, Live] = {}
        self._live_lock = threading.Lock()
        self.idle_s = idle_s
        self.clock = clock
        self._swept = clock()
        self.timelines = Timelines()
        # (game, role) -> its bot's answer times (EvenPace), kept while the game leaves
        # memory and comes back (a reload started them anew: a review); the least recently
        # used forgotten past PACES_KEPT
        self._paces: OrderedDict[tuple[str, str], EvenPace] = OrderedDict()
        self._paces_lock = threading.Lock()
        self._targets: dict[str, dict[str, list[Action]]] = {}
        self._prints: dict[str, str] = {}
        self._pack_prints: dict[str, str | None] = {}
        self._listed: dict[str, Game] = {}
        self._listed_ids: dict[str, str] = {}
        self._closed = False
        self._timers: set[threading.Timer] = set()
        """The pending timers of bots' next moves (the watching pace, a failed move's retry),
        cancelled by :meth:`close`."""
        self._timers_lock = threading.Lock()
        # SQLite has one writer at a time: threads wait for it here, woken as soon as the
        # writer commits, not in SQLite's busy handler (which sleeps up to 100 ms between
        # tries, and made the slowest actions under load several times slower)
        self._write_lock = threading.Lock() if engine.dialect.name == "sqlite" else None

    @contextmanager
    def _write(self) -> Iterator[DbSession]:
        """A write transaction, committed on leaving (serialized on SQLite)."""
        if self._write_lock is None:
            with self.db.begin() as db:
                yield db
            return
        with self._write_lock, self.db.begin() as db:
            yield db

    def close(self) -> None:
        with self._timers_lock:
            self._closed = True
            timers, self._timers = self._timers, set()
        for timer in timers:
            timer.cancel()
        self.pool.close()           # both queues stop taking moves, then both are waited for
        self.quick_pool.close()
        self.pool.shutdown()
        self.quick_pool.shutdown()
        self.watch_pool.shutdown(wait=True, cancel_futures=True)

    # -- games ------------------------------------------------------------------------------
    def catalogue(self) -> list[dict[str, Any]]:
        """The games, their roles and scenarios, and the bots (for the lobby)."""
        out = []
        for gid in self.game_ids:
            info = self._listed_game(gid).info()
            bots = self.bots_for(gid)
            # each bot in a few words, the strongest measured said so (a usability audit:
            # the names alone told a new player nothing)
            out.append({**info, "bots": bots,
                        "bot_notes": {b: bot_note(b, gid) for b in bots}})
        return out

    def rules(self, game_id: str) -> dict[str, str]:
        """``game_id``'s index of its rulebook (rule number -> what it is about)."""
        if game_id not in self.game_ids:
            raise NotFound(f"unknown game {short(game_id)}; games: {', '.join(self.game_ids)}")
        return dict(self._listed_game(game_id).rules)

    def bots_for(self, game_id: str) -> list[str]:
        """The bots a seat of ``game_id`` may have: every bot by name, the game's
        :data:`~warroom.ai.PRESETS` (sfe's search over plans, its strongest), and
        ``net:MODEL`` for each trained model shipped for that game (only where PyTorch is
        installed). A web client never names a model file: only shipped models can be
        chosen."""
        nets = ([f"net:{m}" for m in bundled_models() if m.split("-")[0] == game_id]
                if find_spec("torch") is not None else [])
        return [*BOTS, *PRESETS.get(game_id, ()), *nets]

    def create(self, game_id: str, scenario: str | None, seats: dict[str, str],
               seed: int | None = None, options: dict[str, Any] | None = None,
               mine: str | None = None) -> tuple[str, dict[str, str], dict[str, str]]:
        """A new game; returns its id, the secret token of each human seat the caller may
        hold, and an invitation for each other one (a bot's seat gets a token no one is
        told: nobody can read its hand or move for it). With ``mine`` (a human seat: the
        caller's), every other human seat is kept for a player who joins from another
        device: its token is told to no one, and its one-use invitation claims it
        (:meth:`claim`), so whoever made the game never holds another player's secret
        link (a hidden-information audit: the lobby kept every seat's link in the
        creator's browser, one click from the other hand). Without it, the caller holds
        every human seat (a hot-seat game, or links it hands out itself)."""
        if game_id not in self.game_ids:
            raise UnknownGameError(f"unknown game {short(game_id)}; games: "
                                   f"{', '.join(self.game_ids)}")
        game = self.loader(game_id)
        unknown = sorted(set(seats) - set(game.roles))
        missing = sorted(set(game.roles) - set(seats))
        if unknown or missing:
            raise UnknownGameError(f"{game_id} has the roles {', '.join(game.roles)}: give "
                                   "each one 'human' or 'bot:NAME'"
                                   + (f" (unknown: {short(', '.join(unknown), 60)})"
                                      if unknown else "")
                                   + (f" (missing: {', '.join(missing)})" if missing else ""))
        bots = self.bots_for(game_id)
        for role, player in seats.items():
            if player != "human" and not (player.startswith("bot:") and player[4:] in bots):
                name = player[4:].partition(":")[0] if player.startswith("bot:") else ""
                why = (" (a seat here takes one of the bots listed, by its name: other "
                       "parameters, NAME:key=value, are for the command line)"
                       if name in bots and name != "net" else "")
                raise UnknownGameError(f"seat {role}: {short(player)} is neither 'human' nor "
                                       f"a bot ({', '.join('bot:' + b for b in bots)})"
                                       f"{why}")
        if mine is not None and seats.get(mine) != "human":
            humans = [r for r in game.roles if seats[r] == "human"]
            raise BadRequest(f"mine: {short(mine, 40)} is not a human seat of this game; "
                             + (f"give the one you play yourself ({', '.join(humans)})"
                                if humans else "it has none"))
        chosen = seed is not None
        if seed is None:
            seed = secrets.randbits(64)
        session = Session.start(game, scenario, seed, options)
        st = session.state.data
        game_key = secrets.token_hex(8)
        tokens = {role: secrets.token_urlsafe(24) for role in game.roles}
        hashes = {role: hash_token(t) for role, t in tokens.items()}
        invites = {role: secrets.token_urlsafe(24) for role in game.roles
                   if mine is not None and role != mine and seats[role] == "human"}
        with self._write() as db:
            db.add(GameRow(id=game_key, game=game_id, scenario=st["scenario"],
                           options=dict(st["options"]), seed=str(seed), seed_chosen=chosen,
                           forced_dice=[], content=stored_content(game),
                           version=0, status="active", result=None, created=now(),
                           updated=now()))
            db.flush()
            for role in game.roles:
                db.add(SeatRow(game_id=game_key, role=role, player=seats[role],
                               token_hash=hashes[role],
                               invite_hash=(hash_token(invites[role]) if role in invites
                                            else None)))
            self._finish_row(db, game_key, session.state)
        live = Live(game_key, session, {r: seats[r] for r in game.roles}, hashes, 0,
                    seed_chosen=chosen, invited=set(invites),
                    used=self.clock())
        with self._live_lock:
            self._live[game_key] = live
        self._kick_bots(live)
        return (game_key, {r: t for r, t in tokens.items()
                           if seats[r] == "human" and r not in invites}, invites)

    def claim(self, game_key: str, invite: str) -> tuple[str, str]:
        """The seat a one-use ``invite`` keeps (:meth:`create`'s ``mine``), and its secret
        token, made now and told only to this caller; the invitation is spent. Refused
        (:class:`Forbidden`) for an invitation of another game, or one already used."""
        given = hash_token(invite)
        with self._write() as db:
            if db.get(GameRow, game_key) is None:
                raise NotFound(f"no game {short(game_key)}")
            found = None
            for seat in db.scalars(select(SeatRow).where(SeatRow.game_id == game_key)):
                if seat.invite_hash is not None and hmac.compare_digest(
                        given.encode(), seat.invite_hash.encode()):
                    found = seat.role
            if found is None:
                raise Forbidden(INVITE_USED)
            token = secrets.token_urlsafe(24)
            hashed = hash_token(token)
            # spent once: a second claim racing this one finds no invitation to update
            done = db.execute(update(SeatRow).where(
                SeatRow.game_id == game_key, SeatRow.role == found,
                SeatRow.invite_hash == given).values(token_hash=hashed, invite_hash=None))
            if getattr(done, "rowcount", 1) != 1:
                raise Forbidden(INVITE_USED)
        with self._live_lock:
            live = self._live.get(game_key)
        if live is not None:
            with live.lock:
                live.token_hashes[found] = hashed
                live.invited.discard(found)
                live.claims[found] = live.claims.get(found, 0) + 1
        # the other seats' pages say who has not joined: told now, with no new version (a
        # move chosen meanwhile would be refused as stale, a bot's thinking thrown away)
        self.hub.publish(game_key, SEATS_CHANGED)
        return found, token

    def list_games(self, limit: int = 100, ids: Sequence[str] = ()) -> list[dict[str, Any]]:
        """The games ``ids`` names (those that exist, newest first), then the most recent
        others, newest first, ``limit`` in all besides the named (no tokens). A browser
        names the games it holds seats in: however many games others start, its own stay
        in its list."""
        with self.db() as db:
            named = list(db.scalars(select(GameRow).where(GameRow.id.in_(list(ids)))
                                    .order_by(GameRow.updated.desc()))) if ids else []
            have = {r.id for r in named}
            recent = [r for r in db.scalars(select(GameRow).order_by(GameRow.updated.desc())
                                            .limit(limit + len(have))) if r.id not in have]
            rows = named + recent[:limit]
            seats: dict[str, dict[str, str]] = {}
            waiting: dict[str, list[str]] = {}
            for s in db.scalars(select(SeatRow).where(
                    SeatRow.game_id.in_([r.id for r in rows]))):
                seats.setdefault(s.game_id, {})[s.role] = s.player
                if s.invite_hash is not None:
                    waiting.setdefault(s.game_id, []).append(s.role)
            # the actions played (an undo takes its action back), not the version, which
            # an undo raises too: "Moves" went 7, 8, 9 for a move and its undo (an audit)
            moves: dict[str, int] = {
                gid: n for gid, n in db.execute(
                    select(ActionRow.game_id, func.count())
                    .where(ActionRow.game_id.in_([r.id for r in rows]),
                           ActionRow.key.not_like(f"{RESIGN}:%"))     # no move
                    .group_by(ActionRow.game_id))}
        return [{"id": r.id, "game": r.game, "scenario": r.scenario, "version": r.version,
                 "moves": moves.get(r.id, 0),
                 "status": r.status, "seats": self._in_order(r.game, seats.get(r.id, {})),
                 # the seats whose player has not joined yet (their invitation unused)
                 "waiting": [role for role in self._in_order(r.game, seats.get(r.id, {}))
                             if role in waiting.get(r.id, [])],
                 "seed_chosen": bool(r.seed_chosen),
                 "other_content": self._other(r),
                 "result": r.result, "updated": _utc(r.updated).isoformat()} for r in rows]

    def _in_order(self, game_id: str, seats: dict[str, str]) -> dict[str, str]:
        """``seats`` in the order of the game's roles (the database gives them by name: the
        lobby listed sfe's Allies before the Axis, eit2's RW... a browser audit)."""
        if game_id not in self.game_ids:
            return seats
        roles = self._listed_game(game_id).roles
        return dict(sorted(seats.items(), key=lambda kv: (
            roles.index(kv[0]) if kv[0] in roles else len(roles), kv[0])))

    def _other(self, row: GameRow) -> str | None:
        """Why the listed game ``row`` cannot be opened on this server, its content pack
        not being this server's (:func:`content_problem`), or ``None``: the lobby offered
        such games as any other, and each answered 409 (a review)."""
        if row.content is None or row.game not in self.game_ids:
            return None
        game = self._listed_game(row.game)
        return content_problem(row.id, row.content, game, row.status == "over",
                               self.pack_print(game), self._listed_ids[row.game])

    def _listed_game(self, game_id: str) -> Game:
        """``game_id`` as this server plays it, loaded once for the lobby's lists (a
        ``--content`` pack's game is parsed anew by each load: a lobby polling every 15 s
        parsed it each time, 0.3-0.4 s: a review), with its content id."""
        with self._live_lock:
            found = self._listed.get(game_id)
        if found is None:
            found = self.loader(game_id)
            cid = content_id(found)
            with self._live_lock:
                self._listed[game_id] = found
                self._listed_ids[game_id] = cid
        return found

    # -- loading ----------------------------------------------------------------------------
    def resume_bots(self) -> int:
        """Load the games in play whose bot is to act, so it goes on thinking after a
        restart (it waited until someone opened its game); returns how many were kept.
        The most recently played come first. A game with a bot seat where a person is to
        act is read and let go: every abandoned game against a bot stayed in memory until
        the idle sweep (a load audit). A game today's rules refuse (:class:`Outdated`) is
        left for ``upgrade-games``."""
        with self.db() as db:
            keys = list(db.scalars(select(GameRow.id).where(
                GameRow.status == "active",
                GameRow.id.in_(select(SeatRow.game_id).where(SeatRow.player.like("bot:%"))))
                .order_by(GameRow.updated.desc())))
        loaded = 0
        for key in keys:
            if self._closed:
                break
            with self._live_lock:
                if key in self._live:       # a request took it already
                    continue
            try:
                found = self._load(key)
            except Outdated as exc:     # said in a line: upgrade-games or its pack helps
                LOG.warning("game %s not resumed: %s", key, exc)
                continue
            except Exception:     # one game that cannot load never stops the others
                LOG.exception("game %s could not be loaded to resume its bots", key)
                continue
            active = found.state.active
            if active is None or not found.seats.get(active, "human").startswith("bot:"):
                continue
            with self._live_lock:
                found = self._live.setdefault(key, found)
                found.used = self.clock()
            self._kick_bots(found)
            loaded += 1
        return loaded

    def live(self, game_key: str) -> Live:
        """Game ``game_key`` in memory, loaded from the database if it is not (yet, or
        again: a game no request took for ``idle_s`` seconds is dropped, see
        :meth:`_sweep`, so a server that runs for months holds the games in play, not
        every game it ever showed)."""
        self._sweep()
        with self._live_lock:
            found = self._live.get(game_key)
            if found is not None:
                found.used = self.clock()
                return found
        loaded = self._load(game_key)
        with self._live_lock:
            found = self._live.setdefault(game_key, loaded)
            found.used = self.clock()
        self._kick_bots(found)
        return found

    def _sweep(self) -> None:
        """Drop from memory the games no request took for ``idle_s`` seconds (at most
        once a minute; the database holds them, and :meth:`live` loads one again from its
        latest snapshot). A game is kept while a stream listens to it, a bot thinks or
        waits to try again, or anyone holds its lock; a request took it within ``idle_s``
        if it holds it at all, so no two copies of one game are ever played on."""
        now_s = self.clock()
        with self._live_lock:
            if now_s - self._swept < min(60.0, self.idle_s):
                return
            self._swept = now_s
            idle = [live for live in self._live.values() if now_s - live.used > self.idle_s]
        for live in idle:
            if not live.lock.acquire(blocking=False):
                continue
            try:
                if live.bot_busy or live.bot_failures or self.hub.listened(live.id):
                    continue
                with self._live_lock:
                    if (self._live.get(live.id) is live
                            and self.clock() - live.used > self.idle_s):
                        del self._live[live.id]
            finally:
                live.lock.release()

    def loaded(self) -> list[str]:
        """The ids of the games in memory now."""
        with self._live_lock:
            return list(self._live)

    def _stored(self, game_key: str) -> Stored:
        """The game ``game_key`` as the database holds it."""
        with self.db() as db:
            row = db.get(GameRow, game_key)
            if row is None:
                raise NotFound(f"no game {short(game_key)}")
            seats = {s.role: s for s in db.scalars(select(SeatRow).where(
                SeatRow.game_id == game_key))}
            rows = list(db.scalars(select(ActionRow).where(
                ActionRow.game_id == game_key).order_by(ActionRow.index)))
            actions: list[str | int] = [a.key for a in rows]
            snap = db.scalars(select(SnapshotRow).where(SnapshotRow.game_id == game_key)
                              .order_by(SnapshotRow.version.desc()).limit(1)).first()
            return Stored(
                Record(row.game, row.scenario, dict(row.options), int(row.seed),
                       list(row.forced_dice), actions,
                       content=stored_content_id(row.content)),
                [a.role for a in rows],
                self._in_order(row.game, {r: s.player for r, s in seats.items()}),
                {r: s.token_hash for r, s in seats.items()}, row.version,
                row.status == "over", row.result,
                snap.version if snap is not None else None,
                snap.state if snap is not None else None, bool(row.seed_chosen),
                row.content, {r for r, s in seats.items() if s.invite_hash is not None})

    def _load(self, game_key: str) -> Live:
        stored = self._stored(game_key)
        record, actions = stored.record, stored.record.actions
        snap_at, snap_state = stored.snap_at, stored.snap_state
        game = self.loader(record.game)
        problem = content_problem(game_key, stored.content, game, stored.over,
                                  self.pack_print(game))
        if problem is not None:
            raise OtherContent(problem)
        state: State[Any] | None = None
        # the seat to act may take back what it did before the server let the game go (a
        # restart, an idle unload), as far back as the snapshot the game is loaded from
        undo: list[UndoEntry] = []
        data = self._snapshot_data(snap_state, game)
        if data is not None and snap_at is not None and snap_at <= len(actions):
            try:
                state = State(game, data)
                for i, key in enumerate(actions[snap_at:], snap_at):
                    apply_keeping_undo(state, key, i, undo)
            except (WarroomError, ValueError, KeyError, TypeError):
                state = None            # a damaged snapshot: replay from the start
                undo.clear()
        if state is None:
            try:
                state = replay(game, record, undo)
            except RecordError as exc:
                # the message names the step only: its key may name a card played face down
                step = exc.index if exc.index is not None else "?"
                if stored.over:     # a finished game is never changed: no --rewind for it
                    raise Outdated(
                        f"game {short(game_key)} was played to its end with an earlier "
                        f"version of warroom whose rules differ: its action {step} no "
                        "longer fits today's rules, so it cannot be replayed here; its "
                        "record and result stay as stored (GET its record)") from None
                raise Outdated(
                    f"game {short(game_key)} was played with an earlier version of warroom "
                    f"whose rules differ: its action {step} "
                    "no longer fits today's rules, so it cannot go on here (the server's "
                    "operator can let it go on from that step: warroom upgrade-games "
                    "--rewind)") from None
        # it replays under this server's content pack (the same, or the bundled pack of
        # this version), so its record names that pack
        record.content = content_id(game)
        session = Session(state, record, undo)
        return Live(game_key, session, stored.players, stored.token_hashes, stored.version,
                    stored.played_by, invited=stored.invited,
                    seed_chosen=stored.seed_chosen)

    # -- upgrades ---------------------------------------------------------------------------
    def upgrade_games(self, rewind: bool = False, keys: list[str] | None = None
                      ) -> list[Upgraded]:
        """After an upgrade of warroom, replay every stored game (or those of ``keys``)
        under today's rules (``warroom upgrade-games``; Rally the Troops' ``patchgame``
        tool is the model). A game that replays gets a state snapshot from today's engine
        (loading it then replays only what follows); one whose action ``k`` today's rules
        refuse is reported, and with ``rewind`` a game still being played goes on from
        step ``k``: its actions from ``k`` on are dropped (its seats play on from the last
        position today's rules reach; every seat link stays valid). A finished game is
        never changed: its stored record and result stay as they were. Meant for a stopped
        server: a game loaded in this service is dropped from memory once changed."""
        with self.db() as db:
            if keys is None:
                keys = list(db.scalars(select(GameRow.id).order_by(GameRow.created,
                                                                   GameRow.id)))
            else:
                # every id checked before any game is changed (an unknown id after a good one
                # rewound the good one and reported nothing: an operations audit)
                unknown = [k for k in keys if db.get(GameRow, k) is None]
                if unknown:
                    raise NotFound(f"no game {', '.join(short(k) for k in unknown)}; nothing "
                                   "was changed")
        return [self._upgrade(key, rewind) for key in keys]

    def prune_games(self, before: dt.datetime, finished_only: bool = False,
                    dry_run: bool = False) -> tuple[list[Pruned], int]:
        """Delete the stored games whose last move (or creation) is older than ``before``
        (with ``finished_only``, the finished ones only), with their seats, actions and
        snapshots, and the uploaded records older than it (``warroom prune-games``): a
        server kept every game and upload forever. The games deleted (oldest first) and the
        number of uploads; ``dry_run`` says what would go and deletes nothing. Their seat
        links then answer "no game". Meant for a stopped server, like
        :meth:`upgrade_games`: a game loaded in this service is dropped from memory."""
        # in UTC: SQLite keeps a time's wall clock without its offset (a review: a bound
        # given at -05:00 was compared as if UTC)
        when = (before.astimezone(dt.UTC) if before.tzinfo is not None
                else before.replace(tzinfo=dt.UTC))
        old = select(GameRow).where(GameRow.updated < when)
        if finished_only:
            old = old.where(GameRow.status == "over")
        with self._write() as db:
            rows = list(db.scalars(old.order_by(GameRow.updated, GameRow.id)))
            ids = [r.id for r in rows]
            # in chunks: a database takes only so many bound values in one statement
            chunks = [ids[i:i + 500] for i in range(0, len(ids), 500)]
            played: dict[str, int] = {}
            for chunk in chunks:
                played.update((k, int(n)) for k, n in db.execute(
                    select(ActionRow.game_id, func.count()).where(
                        ActionRow.game_id.in_(chunk)).group_by(ActionRow.game_id)))
            found = [Pruned(r.id, r.game, r.status, played.get(r.id, 0), _utc(r.updated))
                     for r in rows]
            uploads = int(db.scalar(select(func.count()).select_from(UploadRow)
                                    .where(UploadRow.created < when)) or 0)
            if not dry_run:
                for chunk in chunks:
                    for table in (SnapshotRow, ActionRow, SeatRow):
                        db.execute(delete(table).where(table.game_id.in_(chunk)))
                    db.execute(delete(GameRow).where(GameRow.id.in_(chunk)))
                db.execute(delete(UploadRow).where(UploadRow.created < when))
        if not dry_run:
            for key in ids:
                self._forget(key)
        return found, uploads

    def _upgrade(self, key: str, rewind: bool) -> Upgraded:
        stored = self._stored(key)
        record = stored.record
        n = len(record.actions)
        found = Upgraded(key, record.game, "over" if stored.over else "active", n, "replays")
        try:
            game = self.loader(record.game)
        except WarroomError:
            return replace(found, finding="unknown game")
        if content_problem(key, stored.content, game, stored.over,
                           self.pack_print(game)) is not None:
            return replace(found, finding="other content")
        try:
            state, step = replay_fitting(game, record)
        except RecordError:
            return replace(found, finding="outdated")
        if step is not None:
            if stored.over or not rewind:
                return replace(found, finding="outdated", step=step)
            with self._write() as db:
                db.execute(delete(ActionRow).where(ActionRow.game_id == key,
                                                   ActionRow.index >= step))
                db.execute(delete(SnapshotRow).where(SnapshotRow.game_id == key))
                if step:
                    db.add(SnapshotRow(game_id=key, version=step,
                                       state=self.snapshot_text(state)))
                self._finish_row(db, key, state, bump=True)
            self._forget(key)
            return replace(found, finding="rewound", step=step)
        out = result(state)
        if stored.over:
            if (state.active is None and out is not None
                    and json.loads(json.dumps(out.to_json())) == stored.result):
                return found
            return replace(found, finding="result differs")
        if state.active is None:
            with self._write() as db:
                self._finish_row(db, key, state, bump=True)
            self._forget(key)
            return replace(found, finding="now over")
        if n == 0 or (stored.snap_at == n
                      and self._snapshot_data(stored.snap_state, game) is not None):
            return found
        with self._write() as db:
            db.execute(delete(SnapshotRow).where(SnapshotRow.game_id == key,
                                                 SnapshotRow.version >= n))
            db.add(SnapshotRow(game_id=key, version=n, state=self.snapshot_text(state)))
        return replace(found, finding="snapshot")

    def _snapshot_data(self, text: str | None, game: Game) -> Any:
        """The state data of a stored snapshot made by today's engine for ``game``, or
        ``None`` (no snapshot, a damaged one, or one made by other code: an old snapshot
        may lack what today's rules keep)."""
        if text is None:
            return None
        try:
            snap = json.loads(text)
        except ValueError:
            return None
        if not isinstance(snap, dict) or snap.get("engine") != self.fingerprint(game):
            return None
        return snap.get("state")

    def _forget(self, key: str) -> None:
        """Drop game ``key`` from memory: the next request loads it as stored."""
        with self._live_lock:
            self._live.pop(key, None)

    # -- seats ------------------------------------------------------------------------------
    def pack_print(self, game: Game) -> str | None:
        """:func:`pack_fingerprint` of ``game``, read once per game id (a server's packs do
        not change while it runs)."""
        if game.id not in self._pack_prints:
            self._pack_prints[game.id] = pack_fingerprint(game)
        return self._pack_prints[game.id]

    def fingerprint(self, game: Game) -> str:
        """:func:`engine_fingerprint` of ``game``, worked out once per game id."""
        found = self._prints.get(game.id)
        if found is None:
            found = self._prints[game.id] = engine_fingerprint(game)
        return found

    def snapshot_text(self, state: State[Any]) -> str:
        """A state snapshot as stored: its data with the fingerprint of the engine that
        made it (:func:`engine_fingerprint`)."""
        return f'{{"engine": "{self.fingerprint(state.game)}", "state": {state.dumps()}}}'

    def seat(self, live: Live, token: str | None) -> str:
        """The role whose secret ``token`` this is (compared in constant time). While a
        seat waits for its player, a token no seat has is checked again against the
        database: a claim (:meth:`claim`) that ran while the game was being loaded left the
        loaded game with the seat's old hash (a review: the joined player was refused)."""
        return self._second_look(live, lambda: self._seat_of(live.token_hashes, token))

    def _second_look(self, live: Live, find: Callable[[], str]) -> str:
        """``find()``'s seat; refused (:class:`Forbidden`) while a seat waits for its player,
        it is asked again once the seats are read again (:meth:`_reread_seats`): a claim may
        have reached the database and not this loaded game."""
        try:
            return find()
        except Forbidden:
            if not live.invited:
                raise
        self._reread_seats(live)
        return find()

    def _reread_seats(self, live: Live) -> None:
        """Read ``live``'s seats again from the database, unless a claim changed them in
        memory meanwhile: written over, a claim made while this read was under way was
        undone in memory, and the joined player's live updates refused (a web audit)."""
        with live.lock:
            before = dict(live.claims)
        with self.db() as db:
            rows = {s.role: s for s in db.scalars(select(SeatRow).where(
                SeatRow.game_id == live.id))}
        with live.lock:
            for role, row in rows.items():
                if live.claims.get(role, 0) != before.get(role, 0):
                    continue            # claimed in memory meanwhile: newer than the read
                live.token_hashes[role] = row.token_hash
                if row.invite_hash is None:
                    live.invited.discard(role)
                else:
                    live.invited.add(role)

    def stream_seat(self, live: Live, key: str | None, token: str | None) -> str:
        """The seat whose live-update stream ``key`` (:func:`events_key`) this is; a seat's
        token is taken too (pages served before the key existed send it). While a seat waits
        for its player, a key no seat has is checked again against the database, as
        :meth:`seat` checks a token."""
        if not key:
            return self.seat(live, token)
        return self._second_look(live, lambda: self._role_of(
            {r: events_key(h) for r, h in live.token_hashes.items()}, key))

    @staticmethod
    def _seat_of(token_hashes: dict[str, str], token: str | None) -> str:
        if not token:
            raise Forbidden("this needs the secret link of a seat (its token)")
        return GameService._role_of(token_hashes, hash_token(token))

    @staticmethod
    def _role_of(expected: dict[str, str], given: str) -> str:
        """The role whose ``expected`` secret ``given`` is, every one compared in constant
        time (a token's hash, a stream's key)."""
        found = None
        for role, want in expected.items():
            if hmac.compare_digest(given.encode("utf-8", "replace"), want.encode()):
                found = role
        if found is None:
            raise Forbidden("this link is not a seat of this game")
        return found

    # -- what a seat sees -------------------------------------------------------------------
    def payload(self, live: Live, role: str | None) -> dict[str, Any]:
        """Everything one seat (or a spectator, None) may see, and nothing more."""
        with live.lock:
            state = live.state
            game = live.game
            seen = view(state, role)
            mine = role is not None and state.active == role
            legal = []
            if mine:
                for a in legal_actions(state):
                    legal.append({"id": a.id, "key": a.key, "label": game.describe(state, a.id),
                                  "kind": a.kind, "args": list(a.args),
                                  "target": a.arg,
                                  # the board element it concerns, where its key names none
                                  "about": game.action_subject(state, a.id)})
            out = result(state)
            return {
                "id": live.id,
                "game": game.id,
                "title": game.title,
                "scenario": state.data["scenario"],
                "version": live.version,
                # an undo takes one back; a resignation is no move
                "moves": (len(live.session.record.actions)
                          - ("resigned" in state.data)),
                "role": role,
                "roles": list(game.roles),
                "seats": dict(live.seats),
                # the seats whose player has not joined yet (their invitation unused)
                "waiting": [r for r in game.roles if r in live.invited],
                "active": state.active,
                "status": "over" if state.active is None else "active",
                "prompt": seen.get("prompt"),
                # how many of the view's log entries this seat had when it last decided (or
                # at the game's start): a page with no memory of the seat (another browser,
                # a closed tab) marks the rest as news, what the other seats did since
                "since": (len(visible(state.log[:self.mark(live, role)], role))
                          if role is not None else None),
                "legal": legal,
                "can_undo": role is not None and live.session.can_undo(role),
                # the seat may concede, its turn or not: POST its "resign" key as an action
                "resign": (resign_key(role) if role is not None
                           and resign_refusal(state, role) is None else None),
                "resign_winner": (game.resignation_winner(role) if role is not None
                                  else None),
                "view": seen,
                "result": out.to_json() if out is not None else None,
                "seed": str(state.data["seed"]) if state.active is None else None,
                # a seed its creator chose tells them the hidden cards and dice: said to all
                "seed_chosen": live.seed_chosen,
                "hidden_information": bool(game.hidden_information),
                # the key of this seat's live-update stream (never the token in a URL)
                "events_key": (events_key(live.token_hashes[role])
                               if role in live.token_hashes else None),
            }

    def view_for(self, game_key: str, token: str | None) -> dict[str, Any]:
        live = self.live(game_key)
        return self.payload(live, self.seat(live, token))

    @staticmethod
    def check_action(game: Game, action: str | int) -> None:
        """Refuse (:class:`BadRequest`, 422) an ``action`` that names nothing in ``game``'s
        catalogue (an id out of range, an unknown key), saying what to send: bad input
        to ``explain`` and to ``actions`` alike (explain answered 200 "unknown action" for
        what actions refused: an audit). The catalogue is the same for every seat and every
        moment of the game, so the answer tells a seat nothing of the game."""
        if resigner(action) is not None:    # resign:ROLE is no catalogue action
            return
        try:
            game.catalogue.resolve(action)
        except IllegalActionError:
            n = len(game.catalogue)
            what = (f"action id {short(action, 40)} is out of range (0 to {n - 1})"
                    if isinstance(action, int) else
                    f"{game.id} has no action {short(action, 60)}")
            raise BadRequest(f"{what}: send an action's key, as the view's legal actions "
                             f"list it, or its id, a whole number from 0 to {n - 1}") from None

    def explain_for(self, game_key: str, token: str | None, action: str | int
                    ) -> dict[str, Any]:
        live = self.live(game_key)
        role = self.seat(live, token)
        self.check_action(live.game, action)
        with live.lock:
            # a key of an earlier version is refused as _play refuses it (records only)
            why = explain(live.state, action, role, legacy_keys=False)
        return {"legal": why.legal, "action": why.action, "reason": why.reason,
                "rules": list(why.rules)}

    def _by_target(self, game: Game) -> dict[str, list[Action]]:
        """The catalogue actions naming each target, in order: an arg of their key (a space,
        a location, a front) names every action it is an arg of; an action's own key (a
        map element drawn for one action, e.g. ``sea:atlantic`` or ``country:belgium``)
        names that action alone."""
        found = self._targets.get(game.id)
        if found is None:
            by_arg: dict[str, list[Action]] = {}
            for a in game.catalogue:
                for arg in dict.fromkeys(a.args):
                    by_arg.setdefault(arg, []).append(a)
            found = dict(by_arg)
            for a in game.catalogue:
                if a.key not in by_arg:
                    found[a.key] = [a]
            self._targets[game.id] = found
        return found

    def explain_target(self, game_key: str, token: str | None, target: str
                       ) -> dict[str, Any]:
        """Why a map element (``target``: a space id, or the key of the one action a map
        element stands for) can or cannot be chosen now by this seat: the catalogue action
        of the current decision naming it (a legal one if there is one), explained with core
        ``explain`` for the seat. A seat that is not to act learns only that it is not its
        turn. An unknown target is a BadRequest, and nothing changes."""
        live = self.live(game_key)
        role = self.seat(live, token)
        candidates = self._by_target(live.game).get(target)
        if not candidates:
            raise BadRequest(f"no action of {live.game.id} names {short(target)}: give the "
                             "id of a space (or other element) of this game's map, or an "
                             "action's key")
        with live.lock:
            state = live.state
            chosen = candidates[0]
            if state.active == role:
                legal = set(legal_actions(state))
                kinds = {a.kind for a in legal}
                chosen = next((a for a in candidates if a in legal), None) or next(
                    (a for a in candidates if a.kind in kinds), candidates[0])
            why = explain(state, chosen, role)
        return {"target": target, "legal": why.legal, "key": chosen.key,
                "action": why.action, "reason": why.reason, "rules": list(why.rules)}

    # -- replays ----------------------------------------------------------------------------
    def _perspective(self, game: Game, as_role: str | None) -> str | None:
        if as_role in (None, "", "spectator"):
            return None
        if as_role not in game.roles:
            raise BadRequest(f"{game.id} has no role {short(as_role)}; see it as one of "
                             f"{', '.join(game.roles)} or as a spectator")
        return as_role

    def _game_timeline(self, game_key: str, token: str | None, as_role: str | None
                       ) -> tuple[Live, Timeline, str | None, bool]:
        """The timeline of a game, the role whose view is shown, and whether the game is
        over. While it is on, only a seat may replay it, and only as itself."""
        live = self.live(game_key)
        with live.lock:
            rec = live.session.record
            record = Record(rec.game, rec.scenario, dict(rec.options), rec.seed,
                            list(rec.forced_dice), list(rec.actions))
            over = live.state.active is None
        if over:
            # the token's seat by default; "spectator" asks for the public view, token or
            # not (it showed the seat's: an outside audit)
            role = self._perspective(live.game, as_role)
            if role is None and token and as_role != "spectator":
                try:
                    role = self.seat(live, token)
                except Forbidden:
                    # not a seat of this game (a link of another game, a stale token): the
                    # public view of a finished game, as its record gives (it was a 403)
                    role = None
        elif not token and live.bots_alone:
            # bots on every seat: anyone may watch, as a spectator (public facts only)
            if self._perspective(live.game, as_role) is not None:
                raise Forbidden("while a game of bots is on, it is watched as a spectator; "
                                "each role's view opens once it is over")
            role = None
        else:
            role = self.seat(live, token)
            # a role the game has not is a bad request whether the game is on or over (it
            # was "as itself only" during play, 422 once over: an operations audit)
            self._perspective(live.game, as_role)
            if as_role not in (None, "", role):
                raise Forbidden("while the game is on, a seat replays it as itself only; "
                                "other views open once it is over")
        tl = self.timelines.get(f"game:{game_key}", live.game, record)
        return live, tl, role, over

    def _step_payload(self, tl: Timeline, step: int | None, role: str | None,
                      open_book: bool, with_index: bool) -> dict[str, Any]:
        """What the viewer shows after ``step`` actions (default: the last), seen by
        ``role`` (None: a spectator). Unless ``open_book``, the key and label of another
        role's action are left out (they may name a card played face down)."""
        game = tl.game
        with tl.lock:
            n = tl.count if step is None else tl.check(step)
            state = tl.state_at(n)
            info = tl.steps[n - 1] if n else None
            upcoming = tl.steps[n] if n < tl.count else None
            total = tl.count
            index = tl.index() if with_index else None
            final = tl.final()
        shown = info is not None and (open_book or not game.hidden_information
                                      or info.role == role)
        out = result(state)
        payload: dict[str, Any] = {
            "game": game.id, "title": game.title, "scenario": state.data["scenario"],
            "roles": list(game.roles), "role": role, "step": n, "steps": total,
            "actor": info.role if info else None,
            # what the action answered: a prompt is public, shown with or without the action
            "question": info.question if info else None,
            "action": {"key": info.key, "label": info.label} if shown and info else None,
            # what the step put in this view's log (the same entries its log holds): a
            # step of another seat hidden above is said as that seat's view tells it
            # ("LW plays Dawes Plan as an Event"; the viewer said only "a decision of the
            # other side", the rest in a log far below: an audit)
            "said": ([{"text": e["text"], "rule": e.get("rule") or None}
                      for e in visible(state.log[info.log_from:info.log_to], role)]
                     if info else []),
            "next_actor": upcoming.role if upcoming else None,
            "can_explain": info is not None and (open_book or not game.hidden_information
                                                 or info.role == role),
            "active": state.active,
            "view": view(state, role),
            "result": out.to_json() if out is not None else None,
            "final": final.to_json() if final is not None and open_book else None,
        }
        if index is not None:
            payload["index"] = index
        return payload

    def replay_game(self, game_key: str, token: str | None, step: int | None = None,
                    as_role: str | None = None, with_index: bool = False) -> dict[str, Any]:
        """A game's record, step by step: once over, for anyone, seen by any role or a
        spectator; while it is on, for a seat, up to now, with that seat's view only."""
        live, tl, role, over = self._game_timeline(game_key, token, as_role)
        payload = self._step_payload(tl, step, role, over, with_index)
        payload.update({"source": "game", "id": live.id, "live": not over,
                        "seed": str(tl.record.seed) if over else None})
        return payload

    def replay_game_why(self, game_key: str, token: str | None, step: int) -> dict[str, Any]:
        """Why the action that led to ``step`` was legal (core ``explain`` on the state
        before it). While the game is on, a seat hears only about its own decisions in a
        game with hidden information (another seat's explanation may speak of its hand)."""
        live, tl, role, over = self._game_timeline(game_key, token, None)
        with tl.lock:
            tl.check(step)
            actor = tl.steps[step - 1].role if step else None
        if not over and live.game.hidden_information and step and actor != role:
            raise Forbidden(f"step {step} is a decision of {actor}: its explanation is "
                            "shown to you once the game is over")
        return tl.why(step)

    # -- changes ----------------------------------------------------------------------------
    def act(self, game_key: str, token: str | None, action: str | int,
            version: int | None) -> dict[str, Any]:
        """Play ``action`` for the token's seat; committed before this returns. An action
        that names nothing in the catalogue is a BadRequest (:meth:`check_action`)."""
        live = self.live(game_key)
        role = self.seat(live, token)
        self.check_action(live.game, action)
        with live.lock:
            if version is not None and version != live.version:
                raise Stale(live.version, version)
            self._play(live, action, role)
            live.played = self.clock()      # its bots go before untouched games' (BotQueue)
            # the game as this move left it: a bot's answer comes as a live update, so the
            # seat can tell its own move's lines from the answer's (what changed since)
            out = self.payload(live, role)
        self._kick_bots(live)
        return out

    def undo(self, game_key: str, token: str | None, version: int | None) -> dict[str, Any]:
        """Take back the seat's own last decision (see core Session.undo)."""
        live = self.live(game_key)
        role = self.seat(live, token)
        with live.lock:
            if version is not None and version != live.version:
                raise Stale(live.version, version)
            mark = live.session.checkpoint()
            live.session.undo(role)
            n = len(live.session.record.actions)
            try:
                with self._write() as db:
                    db.execute(delete(ActionRow).where(ActionRow.game_id == live.id,
                                                       ActionRow.index >= n))
                    db.execute(delete(SnapshotRow).where(SnapshotRow.game_id == live.id,
                                                         SnapshotRow.version > n))
                    self._finish_row(db, live.id, live.state, bump=True)
            except Exception as exc:
                live.session.rollback(mark)
                raise Unavailable("the undo could not be stored; nothing changed") from exc
            del live.played_by[n:]
            live.marks.clear()          # worked out again when asked
            live.version += 1
            version_now = live.version
        self.hub.publish(live.id, version_now)
        return self.payload(live, role)

    @staticmethod
    def mark(live: Live, role: str) -> int:
        """The length of the whole log where ``role`` last decided: after its last action
        (in a game of one role, before it: the rules' BOT answers within that action), or
        the log of the game's start if it has not decided yet. Worked out by replaying the
        record that far when not kept (a game loaded or an undo since), then kept. Call
        under ``live.lock``."""
        known = live.marks.get(role)
        if known is not None:
            return known
        record = live.session.record
        upto = GameService.mark_moves(live, role)
        if upto == len(record.actions):
            found = len(live.state.log)
        else:
            try:
                found = len(replay(live.game, replace(record, actions=record.actions[:upto],
                                                      state=None)).log)
            except RecordError:
                # the game loaded, so its record replays: this is only a guard, and marks
                # nothing as new rather than failing the page
                found = len(live.state.log)
        live.marks[role] = found
        return found

    @staticmethod
    def mark_moves(live: Live, role: str) -> int:
        """How many of the record's moves had been played where ``role`` last decided (see
        :meth:`mark`). Call under ``live.lock``."""
        last = max((i for i, by in enumerate(live.played_by) if by == role), default=-1)
        return 0 if last < 0 else last + 1 if len(live.game.roles) > 1 else last

    def seen_for(self, game_key: str, token: str | None) -> dict[str, Any]:
        """What this seat saw where it last decided (:meth:`mark`), so a page with no memory
        of the seat (another browser, a closed tab) marks on the map and in the hand what
        changed since, as ``since`` marks the log's news: ``view``, its view then (None when
        nothing was played since), and ``decided``, its view as it chose that last move (in
        a game of two roles or more; the cards that move brought, a turn's deal, are news as
        a page that saw the move marks them). The seat's own views of earlier moments: they
        tell it nothing it was not shown then."""
        live = self.live(game_key)
        role = self.seat(live, token)
        with live.lock:
            record = live.session.record
            upto = self.mark_moves(live, role)
            out: dict[str, Any] = {"role": role, "moves": upto, "view": None,
                                   "decided": None}
            if upto == len(record.actions):
                return out
            # one replay: to the seat's last decision, then that move (in a game of one
            # role the mark is before it, so there is no move to add)
            chose = len(live.game.roles) > 1 and upto > 0
            try:
                then = replay(live.game, replace(
                    record, actions=record.actions[:upto - 1 if chose else upto], state=None))
                if chose:
                    out["decided"] = view(then, role)
                    apply(then, record.actions[upto - 1])
                out["view"] = view(then, role)
            except (RecordError, IllegalActionError):
                # the game loaded, so its record replays: only a guard (nothing is marked)
                out["view"] = out["decided"] = None
            return out

    def _play(self, live: Live, action: str | int, role: str) -> None:
        """Apply and commit one action under the game's lock; on any failure nothing
        changes, in memory or in the database."""
        session = live.session
        # a seat plays the keys its view lists: a key of an earlier version (tk's positional
        # pick:<i>) is for old records, refused here (IllegalActionError: nothing changes)
        mark = session.apply(action, role, legacy_keys=False)
        key = session.record.actions[-1]
        index = len(session.record.actions) - 1
        try:
            with self._write() as db:
                db.execute(insert(ActionRow).values(game_id=live.id, index=index, key=key,
                                                    role=role, created=now()))
                if (index + 1) % self.snapshot_every == 0:
                    db.add(SnapshotRow(game_id=live.id, version=index + 1,
                                       state=self.snapshot_text(session.state)))
                    # the new one and the one before it are kept (a load reads the latest;
                    # an undo across it finds the one before): 40 finished games held 552
                    # snapshots, 18.7 MB, that nothing reads (a load audit)
                    db.execute(delete(SnapshotRow).where(
                        SnapshotRow.game_id == live.id,
                        SnapshotRow.version < index + 1 - self.snapshot_every))
                self._finish_row(db, live.id, session.state, bump=True)
        except Exception as exc:
            session.rollback(mark)
            raise Unavailable("the action could not be stored; nothing changed, try "
                              "again") from exc
        live.played_by.append(role)
        if session.state.active is None:
            live.bots.clear()       # a finished game's bots have nothing more to think of
        # where its decision ended: in a game of one role the rules' own BOT answers within
        # the same action (eaw1940's Allied BOT), so its mark is where the decision began
        live.marks[role] = len((mark.state if len(live.game.roles) == 1
                                else session.state).log)
        live.version += 1
        live.used = self.clock()        # bots playing on keep their game in memory
        self.hub.publish(live.id, live.version)

    def _finish_row(self, db: DbSession, game_key: str, state: State[Any],
                    bump: bool = False) -> None:
        out = result(state)
        values: dict[str, Any] = {
            "status": "over" if state.active is None else "active",
            "result": out.to_json() if out is not None else None,
            "updated": now(),
        }
        if bump:
            values["version"] = GameRow.version + 1
        db.execute(update(GameRow).where(GameRow.id == game_key).values(**values)
                   .execution_options(synchronize_session=False))

    # -- bots -------------------------------------------------------------------------------
    def _kick_bots(self, live: Live) -> None:
        """If a bot is to act, let it think in the worker pool."""
        if self._closed:
            return
        with live.lock:
            active = live.state.active
            if active is None or live.bot_busy:
                return
            player = live.seats.get(active, "human")
            if not player.startswith("bot:"):
                return
            live.bot_busy = True
            snapshot = clone(live.state)
            version = live.version
            played = live.played
        if not live.bots_alone:
            asked = self.clock()
            rank = asked + (0.0 if asked - played < PLAYED_LATELY else UNTOUCHED_WAIT)
            pool = self.quick_pool if quick_bot(player[4:]) else self.pool
            pool.submit(rank, self._bot_move, live, player[4:], active, snapshot, version)
            return
        try:
            self.watch_pool.submit(self._bot_move, live, player[4:], active, snapshot,
                                   version)
        except RuntimeError:    # the server closed since the check above: no more moves
            with live.lock:
                live.bot_busy = False

    def _bot_move(self, live: Live, name: str, role: str, snapshot: State[Any],
                  version: int) -> None:
        """The bot ``name`` thinks for ``role`` (in a worker) and plays its move. In a game
        with hidden information against a person the move is held, on a timer and not in
        the worker, to a time that does not tell whether the bot's hand left it one choice
        (:class:`~warroom.ai.pace.EvenPace`: an answer at once told so, an adversarial
        fair-play audit)."""
        try:
            paced = live.game.hidden_information and not live.bots_alone
            # counted before the bot plays on the copy
            choices = len(legal_actions(snapshot)) if paced else 0
            thought = time.monotonic()
            with live.lock:
                bot = live.bots.get(role)
                step = len(live.session.record.actions)
            if bot is None:
                bot = make_bot(name, derive_seed(int(snapshot.data["seed"]) & ((1 << 62) - 1),
                                                version))
                with live.lock:
                    live.bots[role] = bot
            # its generators set from the seed, the role and the record's step, as the
            # terminal's: the same choice after the server unloaded the game or restarted
            # (it started them again then: an undo audit)
            reseed(bot, decision_seed(int(snapshot.data["seed"]),
                                      live.game.roles.index(role), step))
            action = bot.choose(snapshot)
            hold = 0.0
            if paced:
                pace = self._pace(live.id, role, name)
                rec = live.session.record
                pace.ready(choices, live.game, role, name, rec.scenario, rec.options)
                hold = pace.wait(time.monotonic() - thought, choices)
        except Exception:   # a bot must never take the server down: the seat waits, and
            # the server's log says why (the game is unchanged)
            LOG.exception("bot %s for %s in game %s failed", name, role, live.id)
            with live.lock:
                live.bots.pop(role, None)   # what it kept may be what failed
            self._bot_done(live, thought_at=time.monotonic(), failed=True)
            return
        if hold <= 0:
            self._bot_play(live, name, role, action.key, version, thought)
            return
        self._later(hold, self._bot_play, live, name, role, action.key, version, thought)

    def _pace(self, game_key: str, role: str, spec: str) -> EvenPace:
        """The answer times of ``role``'s bot ``spec`` in game ``game_key``."""
        with self._paces_lock:
            pace = self._paces.pop((game_key, role), None) or EvenPace.for_spec(spec)
            self._paces[(game_key, role)] = pace
            while len(self._paces) > PACES_KEPT:
                self._paces.popitem(last=False)
            return pace

    def _bot_play(self, live: Live, name: str, role: str, key: str, version: int,
                  thought_at: float) -> None:
        """Play the bot's move ``key`` if the game is still where it thought, then let the
        next bot move be asked for."""
        failed = False
        try:
            with live.lock:
                if live.version == version and live.state.active == role:
                    self._play(live, key, role)
                else:
                    # its move is not played: what it kept (a plan it advanced choosing it)
                    # is of a move that never was (a review: asked again at that position,
                    # sfe's script skipped a counter)
                    live.bots.pop(role, None)
        except Exception:   # the database down...: the seat waits, the log says why
            failed = True
            with live.lock:
                live.bots.pop(role, None)
            LOG.exception("bot %s for %s in game %s failed", name, role, live.id)
        self._bot_done(live, thought_at, failed)

    def _bot_done(self, live: Live, thought_at: float, failed: bool) -> None:
        with live.lock:
            live.bot_busy = False
            live.bot_failures = live.bot_failures + 1 if failed else 0
            failures = live.bot_failures
        if not failed:
            # a game of bots alone moves at the watching pace (a browser audit: such
            # games went too fast to watch)
            wait = (self.watch_pace - (time.monotonic() - thought_at)
                    if live.bots_alone else 0.0)
            if wait <= 0:
                self._kick_bots(live)
                return
            self._kick_later(wait, live)
            return
        # tried again after a pause that doubles, 0.5 s up to 30 s (a database that is down
        # once made a bot retry at once, thousands of tracebacks a second)
        self._kick_later(min(30.0, 0.5 * 2 ** min(failures - 1, 6)), live)

    def _kick_later(self, wait: float, live: Live) -> None:
        """:meth:`_kick_bots` after ``wait`` seconds, on a timer :meth:`close` cancels."""
        self._later(wait, self._kick_bots, live)

    def _later(self, wait: float, fn: Callable[..., None], *args: Any) -> None:
        """``fn(*args)`` after ``wait`` seconds, on a timer :meth:`close` cancels (none once
        the server is closed)."""
        def run() -> None:
            with self._timers_lock:
                self._timers.discard(timer)
            fn(*args)

        timer = threading.Timer(wait, run)
        timer.daemon = True
        with self._timers_lock:
            if self._closed:
                return
            self._timers.add(timer)
        timer.start()

    # -- records ----------------------------------------------------------------------------
    def record(self, game_key: str, token: str | None) -> dict[str, Any]:
        """The replayable record once the game is over (anyone). During play, for a seat:
        the actions so far without the seed (which would reveal every future die) and, in a
        game with hidden information, with another seat's actions shown as ``null`` (their
        keys may name a card played face down). A game that today's rules cannot replay
        (:class:`Outdated`) gives its record as stored, under the same rules."""
        try:
            live = self.live(game_key)
        except Outdated:
            return self._stored_record(game_key, token)
        with live.lock:
            rec = live.session.record.to_json()
            over = live.state.active is None
            played_by = list(live.played_by)
        if over:
            out = result(live.state)
            rec["result"] = out.to_json() if out is not None else None
            return rec
        return self._for_seat(rec, self.seat(live, token), played_by,
                              live.game.hidden_information)

    @staticmethod
    def _for_seat(rec: dict[str, Any], role: str, played_by: list[str],
                  hidden: bool) -> dict[str, Any]:
        """A game's record during play as ``role`` may have it: no seed and, in a game with
        hidden information (``hidden``), the other seats' actions as ``null``."""
        rec["seed"] = None
        rec["note"] = "the seed is revealed when the game ends"
        if hidden:
            rec["actions"] = [key if by == role else None
                              for key, by in zip(rec["actions"], played_by, strict=True)]
            rec["note"] += "; other seats' actions are hidden until then"
        return rec

    def _stored_record(self, game_key: str, token: str | None) -> dict[str, Any]:
        """:meth:`record` of a game read as stored, not replayed: whole with its stored
        result once it was over, else for a seat only, without the seed and, in a game
        with hidden information, without the other seats' actions."""
        stored = self._stored(game_key)
        rec = stored.record.to_json()
        if stored.over:
            rec["result"] = stored.result
            return rec
        return self._for_seat(rec, self._seat_of(stored.token_hashes, token),
                              stored.played_by,
                              self._listed_game(stored.record.game).hidden_information)

    def upload(self, obj: Any) -> dict[str, Any]:
        """Check an uploaded record by replaying it and keep it for the replay viewer."""
        rec = Record.from_json(obj, "uploaded record")
        if len(rec.actions) > MAX_UPLOAD_ACTIONS:
            raise RecordError(f"uploaded record has more than {MAX_UPLOAD_ACTIONS} actions")
        if rec.game not in self.game_ids:
            raise RecordError(f"unknown game {short(rec.game)}")
        # its options are kept with it, as a game's are (a tk situation of 240 KB, stored
        # and replayed at every request, went round the limit a new game has: a security
        # audit)
        if len(json.dumps(rec.options)) > MAX_OPTIONS:
            raise RecordError(f"the uploaded record's options take more than "
                              f"{MAX_OPTIONS // 1024} KiB as JSON; a situation that large "
                              "is more than a game needs")
        # the server's one copy of each game (with a content pack, each load parsed the
        # pack again: 0.1-0.4 s a request, and no replay was ever found in the cache, kept
        # by game: a security audit)
        game = self._listed_game(rec.game)
        _check_uploaded(rec, game)
        try:
            state = replay(game, rec)
        except RecordError as exc:
            if exc.index is None:
                raise
            # the viewer's step N is the game after N actions: the refused action leads to
            # step index+1 (an audit read "record step 1" and found it at the viewer's 2)
            raise RecordError(f"{exc} (in the replay viewer, the action that would lead to "
                              f"step {exc.index + 1})", index=exc.index) from None
        stored = rec.to_json()
        # the same record uploaded again is the same upload (each copy was stored anew and
        # none is ever deleted: an audit): its id is its content's
        key = hashlib.sha256(json.dumps(stored, sort_keys=True, separators=(",", ":"),
                                        ensure_ascii=False).encode()).hexdigest()[:32]
        try:
            with self._write() as db:
                if db.get(UploadRow, key) is None:
                    db.add(UploadRow(id=key, record=stored, created=now()))
        except IntegrityError:
            # the same record uploaded at the same moment on PostgreSQL (SQLite's writes
            # are serialised): the other request stored it
            pass
        out = result(state)
        return {"id": key, "game": rec.game, "actions": len(rec.actions),
                "result": out.to_json() if out is not None else None,
                "doubts": outcome_doubts(state.game, rec, out)}

    def _upload_timeline(self, key: str) -> tuple[Record, Timeline]:
        with self.db() as db:
            row = db.get(UploadRow, key)
            if row is None:
                raise NotFound(f"no uploaded record {short(key)}")
            rec = Record.from_json(row.record, "uploaded record")
        return rec, self.timelines.get(f"upload:{key}", self._listed_game(rec.game), rec)

    def uploaded(self, key: str, step: int | None = None, as_role: str | None = None,
                 with_index: bool = False) -> dict[str, Any]:
        """An uploaded record, and the view after ``step`` actions (default: the end) of
        ``as_role`` or a spectator; everything in it is the uploader's own."""
        rec, tl = self._upload_timeline(key)
        role = self._perspective(tl.game, as_role)
        payload = self._step_payload(tl, step, role, True, with_index)
        payload.update({"source": "upload", "id": key, "live": False, "seed": str(rec.seed),
                        "record": rec.to_json(),
                        # another content pack, another result than it states: said, as
                        # `warroom replay` says it
                        "doubts": outcome_doubts(tl.game, rec, tl.final())})
        return payload

    def uploaded_why(self, key: str, step: int) -> dict[str, Any]:
        """Why the action that led to ``step`` of an uploaded record was legal."""
        _, tl = self._upload_timeline(key)
        return tl.why(step)
