"""Game records (JSON) and sessions with undo.

A record holds ``game``, ``scenario``, ``options``, ``seed``, ``forced_dice`` and
``actions`` (action keys, or catalogue ids), ``format`` (``"warroom-record/1"``; a file
without it is read as format 1, as written before the key existed), and optionally
``seats`` (who plays each role: ``"human"`` or a bot's name, so a front end can continue
the game as it was). Replaying it re-creates the game bit for bit; the first illegal step
fails with its index and the legal alternatives. A saved record may also carry ``state``,
a snapshot that loading checks against the replay.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from warroom.core.errors import IllegalActionError, RecordError, UnknownGameError, short
from warroom.core.files import check_depth, parse_json, read_text, write_text
from warroom.core.protocol import (
    Game,
    Outcome,
    apply,
    clone,
    legal_actions,
    new_game,
    resigner,
    result,
    role_title,
)
from warroom.core.state import State

RECORD_KEYS = ("game", "scenario", "options", "seed", "forced_dice", "actions")
OPTIONAL_KEYS = ("format", "state", "result", "seats", "content")
FORMAT = "warroom-record/1"
"""The record format this warroom writes for a game nobody resigned, and reads. A later
format (another key, another meaning) gets the next number, and a file of a format this
warroom does not know is refused by its number, not by the first key it does not know."""
FORMAT_RESIGNED = "warroom-record/2"
"""Format 1 whose ``actions`` may end with a resignation (``resign:<role>``,
:func:`warroom.core.protocol.resign`), which a warroom of format 1 alone would refuse as an
illegal step: a record is written in it only when it holds one, so a warroom before
resignations still reads every other record, and is told to upgrade for these."""
FORMATS = (FORMAT, FORMAT_RESIGNED)


def _check_format(obj: dict[str, Any], source: str) -> None:
    """Refuse a record whose ``format`` is not one this warroom reads."""
    if "format" not in obj:
        return
    fmt = obj["format"]
    if fmt in FORMATS:
        return
    prefix, _, number = FORMATS[-1].rpartition("/")
    prefix += "/"
    tail = fmt[len(prefix):] if isinstance(fmt, str) and fmt.startswith(prefix) else ""
    if re.fullmatch(r"[0-9]{1,9}", tail) and int(tail) > int(number):
        raise RecordError(f"{source}: a record of format {short(fmt)}, written by a newer "
                          f"warroom; this one reads {' and '.join(FORMATS)}: upgrade warroom "
                          "to load it")
    raise RecordError(f"{source}: 'format' must be \"{FORMAT}\" or \"{FORMAT_RESIGNED}\" (a "
                      f"warroom game record); this file says {short(fmt)}")


CODE_KEYS = frozenset({"rules", "actions"})
"""Keys of ``content_json`` that the code writes, not the pack: the rule index and the
action catalogue's labels. A new wording of a rule's summary is no other content pack."""


def content_id(game: Game) -> str:
    """A short fingerprint of ``game``'s content pack: the data of every file it was
    loaded from (:attr:`Game.content_read`: a ``--content`` folder's files and the bundled
    ones it leaves in place), as read, so comments and layout do not count. Records keep
    it, so a replay with another pack (a corrected card, a table of a ``--content``
    folder) is told, not silently played to another end. Until 7 December 2026 it hashed
    the pack's ``content_json``, which leaves out values the rules read (eit2's at-start
    SP and scenarios, tk's situations: a terminal audit); a record that names its pack
    so is matched by that (:func:`same_content`). A game with no files read keeps that
    fingerprint."""
    files = game.content_read
    if not files:
        return legacy_content_id(game)
    text = json.dumps({"game": game.id, "files": _canonical(files)}, sort_keys=True,
                      separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _canonical(value: Any) -> Any:
    """``value`` with every mapping's keys as text, so it sorts: YAML's ``{45: 1, "46":
    1}``, which a pack's model reads, could not be sorted, and hashing it crashed (a
    review)."""
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    return value


def legacy_content_id(game: Game) -> str:
    """:func:`content_id` as it was until 7 December 2026: ``content_json`` but the code's
    own words (:data:`CODE_KEYS`)."""
    data = {k: v for k, v in game.content_json_before().items() if k not in CODE_KEYS}
    if data.get("content_dir") is not None:
        # where the pack's folder lies is not its content: the same files anywhere are the
        # same pack (the bundled pack's None stays, so its id is as before)
        data = {**data, "content_dir": None}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def same_content(game: Game, cid: str) -> bool:
    """Whether a record's content id ``cid`` ("" says nothing) is ``game``'s pack: its id,
    or for the bundled pack an id it had in an earlier version with the same content
    (:attr:`Game.earlier_content_ids`)."""
    if not cid or cid == content_id(game):
        return True
    if cid == legacy_content_id(game):
        return True         # a record written before 7 December 2026 (see content_id)
    return getattr(game, "content_dir", None) is None and cid in game.earlier_content_ids


@dataclass
class Record:
    game: str
    scenario: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    forced_dice: list[int] = field(default_factory=list)
    actions: list[str | int] = field(default_factory=list)
    state: dict[str, Any] | None = None
    seats: dict[str, str] = field(default_factory=dict)
    """Who plays each role (``"human"`` or a bot's name); empty when nobody said."""
    content: str = ""
    """:func:`content_id` of the content pack the game was played with ("": not said)."""
    result: dict[str, Any] | None = None
    """The result the record states (a finished game's, as ``Outcome.to_json``), checked
    against the replay by :func:`doubts`."""

    def to_json(self, with_state: bool = False) -> dict[str, Any]:
        resigned = any(resigner(a) is not None for a in self.actions)
        obj: dict[str, Any] = {
            "format": FORMAT_RESIGNED if resigned else FORMAT,
            "game": self.game,
            "scenario": self.scenario,
            "options": dict(self.options),
            "seed": self.seed,
            "forced_dice": list(self.forced_dice),
            "actions": list(self.actions),
        }
        if self.seats:
            obj["seats"] = dict(self.seats)
        if self.content:
            obj["content"] = self.content
        if self.result is not None:
            obj["result"] = dict(self.result)
        if with_state and self.state is not None:
            obj["state"] = self.state
        return obj

    @classmethod
    def from_json(cls, obj: Any, source: str = "record") -> Record:
        """Validate a decoded JSON object; every problem is named with the key at fault."""
        if not isinstance(obj, dict):
            raise RecordError(f"{source}: a record must be a JSON object with keys "
                              f"{', '.join(RECORD_KEYS)}")
        _check_format(obj, source)      # a newer format first: its keys may be others
        missing = [k for k in ("game", "actions") if k not in obj]
        if missing:
            raise RecordError(f"{source}: missing key(s) {', '.join(missing)}; a record needs "
                              f"{', '.join(RECORD_KEYS)}")
        if obj.get("seed", 0) is None:
            raise RecordError(f"{source}: its seed is hidden (null): this is a seat's copy of "
                              "a game in play, whose seed is revealed when the game ends; "
                              "download the record again once the game is over")
        unknown = sorted(str(k).encode("utf-8", "backslashreplace").decode() for k in
                         set(obj) - set(RECORD_KEYS) - set(OPTIONAL_KEYS))
        if unknown:
            listed = ", ".join(unknown)
            raise RecordError(f"{source}: unknown key(s) "
                              f"{listed if len(listed) <= 200 else listed[:199] + '…'}")
        check_depth(obj, RecordError, source)
        if "seed" not in obj:
            raise RecordError(f"{source}: missing key seed (the game's dice and deals come "
                              f"from it); a record needs {', '.join(RECORD_KEYS)}")
        game = obj["game"]
        # absent or null means the default; any other value must have the right type
        scenario = obj.get("scenario")
        scenario = "" if scenario is None else scenario
        options = obj.get("options")
        options = {} if options is None else options
        seed = obj["seed"]
        forced = obj.get("forced_dice")
        forced = [] if forced is None else forced
        actions = obj["actions"]
        if not isinstance(game, str):
            raise RecordError(f"{source}: 'game' must be a string such as \"eaw1940\"")
        if not isinstance(scenario, str):
            raise RecordError(f"{source}: 'scenario' must be a string")
        if not isinstance(options, dict):
            raise RecordError(f"{source}: 'options' must be an object")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"{source}: 'seed' must be an integer")
        if not isinstance(forced, list) or not all(
                isinstance(d, int) and not isinstance(d, bool) for d in forced):
            raise RecordError(f"{source}: 'forced_dice' must be a list of integers")
        if not isinstance(actions, list):
            raise RecordError(f"{source}: 'actions' must be a list of action keys or ids")
        for i, a in enumerate(actions):
            if isinstance(a, bool) or not isinstance(a, str | int):
                raise RecordError(f"{source}: actions[{i}] = {short(a)} is neither an action "
                                  f"key nor an id", index=i)
        state = obj.get("state")
        if state is not None and not isinstance(state, dict):
            raise RecordError(f"{source}: 'state' must be an object")
        seats = obj.get("seats")
        seats = {} if seats is None else seats
        if not isinstance(seats, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in seats.items()):
            raise RecordError(f"{source}: 'seats' must be an object mapping each role to "
                              "\"human\" or a bot's name")
        content = obj.get("content")
        content = "" if content is None else content
        if not isinstance(content, str) or len(content) > 64:
            raise RecordError(f"{source}: 'content' must be the short id of a content pack "
                              "(a string), as warroom writes it")
        stated = obj.get("result")
        if stated is not None and not isinstance(stated, dict):
            raise RecordError(f"{source}: 'result' must be an object (the result the record "
                              "states, as warroom writes it) or null")
        return cls(game, scenario, dict(options), seed, list(forced), list(actions), state,
                   dict(seats), content, None if stated is None else dict(stated))

    @classmethod
    def load(cls, path: str | Path) -> Record:
        p = Path(path)
        text = read_text(p, RecordError, "record")
        return cls.from_json(parse_json(text, RecordError, str(p)), str(p))

    def save(self, path: str | Path, with_state: bool = True) -> None:
        # whole or not at all: a failed save (a full disk) keeps the file saved before
        write_text(Path(path), json.dumps(self.to_json(with_state), indent=1) + "\n")


UndoEntry = tuple[State[Any], int, str]
"""A decision that may be taken back: the state before it, its index in the record, the
role that made it."""


def _after_step(undo: list[UndoEntry], before: State[Any], index: int, acting: str | None,
                barrier: Any, state: State[Any]) -> None:
    """Keep ``undo`` as :class:`Session` does once step ``index`` (by ``acting``, from
    ``before``) is played: a die roll, a reveal or a deal (``data["barrier"]`` moved), a
    hand-over or the end clears it; else the step may be taken back."""
    if state.data["barrier"] != barrier or state.active != acting or acting is None:
        undo.clear()
    else:
        undo.append((before, index, acting))


def apply_keeping_undo(state: State[Any], ref: Any, index: int,
                       undo: list[UndoEntry]) -> None:
    """Apply ``ref`` (step ``index`` of a record) to ``state`` and keep ``undo`` as a
    :class:`Session` would (see :func:`_after_step`); an illegal ``ref`` raises and changes
    neither."""
    acting = state.active
    before, barrier = clone(state), state.data["barrier"]
    apply(state, ref)
    if undo and undo[-1][2] != acting:
        undo.clear()
    _after_step(undo, before, index, acting, barrier, state)


def replay(game: Game, record: Record, undo: list[UndoEntry] | None = None) -> State[Any]:
    """Re-play ``record`` on ``game``; raises ``RecordError`` at the first illegal step.
    With ``undo`` (a list, filled here) the decisions the role to act may take back at the
    end, as a :class:`Session` that had played them would hold them."""
    if record.game != game.id:
        raise RecordError(f"record is for game {record.game!r}, not {game.id!r}")
    try:
        state = new_game(game, record.scenario or None, record.seed, record.options,
                         record.forced_dice)
    except UnknownGameError as exc:
        raise RecordError(f"record cannot start: {exc}") from exc
    for i, ref in enumerate(record.actions):
        try:
            if undo is None:
                apply(state, ref)
            else:
                apply_keeping_undo(state, ref, i, undo)
        except IllegalActionError as exc:
            legal = [a.key for a in legal_actions(state)]
            if game.hidden_information:
                # why it is refused and what was legal may name a hidden hand, and a tool
                # prints this to whoever loads the file (a hot-seat player: an outside
                # audit): the step, whose decision, the key
                who = role_title(state.active) if state.active else "the finished game"
                raise RecordError(
                    f"record step {i}: {who}'s action "
                    f"{short(str(ref))} is refused by the rules there (why, and the choices "
                    "there, are not shown: they may name a hidden hand)"
                    f"{other_content(game, record)}",
                    index=i, legal=legal, replayed=True) from exc
            said = str(exc)
            if legal and "Legal now" not in said:
                # a key that names no action: the keys there, as a refused one gets (the
                # message said to list them, which replay cannot: a records audit)
                said = said.replace("; list the legal actions to see valid keys", "") \
                    + f"; the keys there: {_keys(legal)}"
            raise RecordError(f"record step {i}: {said}{other_content(game, record)}",
                              index=i, legal=legal, replayed=True) from exc
        except ValueError as exc:  # e.g. a forced die value that is not a face of the die
            raise RecordError(f"record step {i} ({ref!r}) cannot be played: "
                              f"{exc}{other_content(game, record)}",
                              index=i, replayed=True) from exc
    diff = snapshot_diff(state, record)
    if diff:
        other = other_content(game, record)
        if other:
            # the likely cause, said first (it was one of three guesses: a content audit)
            raise RecordError("the saved state snapshot does not match the replayed game "
                              f"(differs in {', '.join(diff)}){other}", replayed=True)
        raise RecordError("the saved state snapshot does not match the replayed game "
                          f"(differs in {', '.join(diff)}); the record was edited, "
                          "made with other content, or saved by an earlier version of "
                          "warroom whose rules differ; load it without 'state' to trust "
                          "the actions", replayed=True)
    return state


def _keys(keys: list[str], most: int = 12) -> str:
    shown = ", ".join(keys[:most])
    return (shown + (f" … ({len(keys)} in all)" if len(keys) > most else "")) or "none"


def snapshot_diff(state: State[Any], record: Record) -> list[str]:
    """The keys of ``record``'s saved state snapshot that ``state`` (its actions replayed)
    holds otherwise, sorted; empty when they agree or the record keeps no snapshot."""
    if record.state is None:
        return []
    mine = json.loads(state.dumps())
    added = state.game.snapshot_added_keys
    return sorted(k for k in set(mine) | set(record.state)
                  if mine.get(k) != record.state.get(k) and k not in UNDO_ONLY
                  and not (k in added and k not in record.state))


UNDO_ONLY = frozenset({"barrier"})
"""Keys of a state that only undo reads (how many reveals and rolls there were): a version
whose rules mark one more (sfe's announced lack of a card, 7 December 2026) plays the same
game, so a snapshot is not compared on them (the undo a loaded game keeps is worked out by
replaying its actions, never read from the snapshot)."""


def other_content(game: Game, record: Record) -> str:
    """A sentence to add to an error when ``record`` says it was played with another
    content pack than ``game``'s ("" when it says nothing or the same)."""
    if same_content(game, record.content):
        return ""
    what, fix = _packs_differ(game, record.content)
    return f" ({what}: {fix})"


def _packs_differ(game: Game, cid: str) -> tuple[str, str]:
    """That a record of content id ``cid`` was played with another pack than ``game``'s,
    and what to do: the ids alone did not say which was warroom's own, where the way on is
    to leave ``--content`` out (an audit; ``warroom content GAME`` prints a pack's id)."""
    loaded = content_id(game)
    if getattr(game, "content_dir", None) is None:
        return (f"this record was played with another content pack (id {cid}); the loaded "
                f"content is warroom's own (id {loaded})",
                "replay it with the --content it was played with")
    own: Game = type(game)()        # the bundled pack: each game's class loads it by default
    if same_content(own, cid):
        return (f"this record was played with another content pack, warroom's own (id "
                f"{cid}), not the pack loaded (id {loaded})", "replay it without --content")
    return (f"this record was played with another content pack (id {cid}); the loaded one "
            f"is {loaded}", "replay it with the --content it was played with")


def doubts(game: Game, record: Record, state: State[Any]) -> list[str]:
    """What a replay of ``record`` (``state``, replayed on ``game``) should not be trusted
    for, in words: a content pack other than the one it was played with, and a result
    other than the one it states. Empty when there is nothing to doubt."""
    return outcome_doubts(game, record, result(state))


def outcome_doubts(game: Game, record: Record, res: Outcome | None) -> list[str]:
    """:func:`doubts`, given the outcome its replay came to (``None``: not over), as a
    replay viewer holds it without a state at hand."""
    out: list[str] = []
    if not same_content(game, record.content):
        what, fix = _packs_differ(game, record.content)
        out.append(f"{what}: the replay may end otherwise; {fix}")
    strangers = [r for r in record.seats if r not in game.roles]
    if strangers:
        # (play --load and an upload refused them; replay said nothing: an undo audit)
        out.append(f"its seats name {', '.join(_cut(r, 40) for r in strangers[:3])}, not "
                   f"a role of {game.id} ({', '.join(game.roles)}): the record was edited")
    if record.result is not None:
        now = res.to_json() if res is not None else None
        keys = ("winner", "scores") if now is not None else ()
        if now is None:
            out.append(f"the record states a result ({_said(record.result)}) but its "
                       "replay has not ended: the record was edited, or made by other rules "
                       "or content")
        elif any(record.result.get(k) != now.get(k) for k in keys):
            said, got = _said(record.result), _said(now)
            if record.result.get("scores") != now.get("scores"):
                # the scores differ: say them (an audit read "states winner allies ... but
                # its replay gives winner allies ...", and a records audit "states no
                # winner but its replay gives no winner, draw", its scores unsaid)
                said += f", scores {_scores(record.result.get('scores'))}"
                got += f", scores {_scores(now.get('scores'))}"
            out.append(f"the record states {said} but its replay gives {got}: the record "
                       "was edited, or made by other rules or content")
    return out


def _scores(scores: object) -> str:
    """A result's scores in words ("vp 11"; none), not as Python prints them ("{'vp': 11}",
    "None": a replay audit), cut short as a file's own words are."""
    if not scores:
        return "none"
    if isinstance(scores, dict):
        return _cut(", ".join(f"{k} {v}" for k, v in scores.items()), 120)
    return _cut(scores, 120)


def _said(res: dict[str, Any]) -> str:
    """A result as a record states it, in a few words; a file's own words cut short (an
    edited result of 150,000 characters was printed whole: a records audit)."""
    winner = res.get("winner")
    label = res.get("label") or res.get("termination") or ""
    who = f"winner {_cut(winner)}" if winner else "no winner"
    return f"{who}{f', {_cut(label)}' if label else ''}"


def _cut(value: object, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def replay_fitting(game: Game, record: Record, undo: list[UndoEntry] | None = None
                   ) -> tuple[State[Any], int | None]:
    """Re-play as much of ``record`` as today's rules accept: the state after its longest
    start that replays, and the index of the first action refused (``None`` when every
    one fits); ``undo``, when given, is filled as :func:`replay` fills it (the decisions the
    role to act may take back). Its saved state snapshot is not compared. After an upgrade
    whose rules refuse a step of a saved game, the game can go on from that step (``warroom play
    --load FILE --rewind``, ``warroom upgrade-games --rewind``). A record that cannot
    start at all still raises ``RecordError``."""
    try:
        return replay(game, replace(record, state=None), undo), None
    except RecordError as exc:
        if exc.index is None:
            raise
        if undo is not None:
            undo.clear()
        return replay(game, replace(record, actions=record.actions[:exc.index],
                                    state=None), undo), exc.index


@dataclass
class Checkpoint:
    """A session as it was: its state, its record's actions (a copy: an undo shortens the
    list, and a rollback of it must give them back), its undo list."""

    state: State[Any]
    actions: list[str | int]
    undo: list[UndoEntry]


class Session:
    """A game being played: the state, its record, and undo by snapshot.

    Undo takes back only the asking role's own decisions, and only while that role is still
    to act (Rally the Troops' rule): a die roll or random pick, the reveal of hidden
    information or a deal (``data["barrier"]`` moves), and any hand-over to another role
    clear the undo history. So no role ever takes back a decision another role has seen or
    made, and nobody re-rolls by undoing.
    """

    def __init__(self, state: State[Any], record: Record | None = None,
                 undo: list[UndoEntry] | None = None) -> None:
        self.state = state
        d = state.data
        if record is None:
            if d["decisions"]:
                raise RecordError("a session of a game in progress needs the game's record "
                                  "(Session.load or Session(state, record))")
            record = Record(d["game"], d["scenario"], dict(d["options"]), d["seed"],
                            list(d["forced"]), [], content=content_id(state.game))
        self.record = record
        self._undo: list[UndoEntry] = undo if undo is not None else []
        """Decisions the role to act may take back (``undo``: as :func:`replay` rebuilt
        them for a loaded game)."""

    @classmethod
    def start(cls, game: Game, scenario: str | None = None, seed: int = 0,
              options: dict[str, Any] | None = None,
              forced_dice: list[int] | None = None) -> Session:
        state = new_game(game, scenario, seed, options, forced_dice)
        rec = Record(game.id, state.data["scenario"], dict(state.data["options"]), seed,
                     list(forced_dice or []), [], content=content_id(game))
        return cls(state, rec)

    @classmethod
    def load(cls, game: Game, path: str | Path) -> Session:
        record = Record.load(path)
        undo: list[UndoEntry] = []
        state = replay(game, record, undo)
        # the snapshot and the stated result belong to the file; the live record states
        # them again when it is saved
        record.state = None
        record.result = None
        return cls(state, record, undo)   # its role to act may take back its last decisions

    def apply(self, action: Any, role: str | None = None,
              legacy_keys: bool = True) -> Checkpoint:
        """Play ``action`` for the active role (``role``: who asks; ``legacy_keys``: False
        for a seat's move, which plays no key of an earlier version; see core ``apply``).
        Returns the session as it was before (for :meth:`rollback`, e.g. when storing the
        move fails)."""
        acting = self.state.active
        if self._undo and self._undo[-1][2] != acting:
            self._undo.clear()
        mark = Checkpoint(clone(self.state), list(self.record.actions), list(self._undo))
        before = mark.state
        barrier = self.state.data["barrier"]
        try:
            act = apply(self.state, action, role, legacy_keys)
        except IllegalActionError:
            raise  # the state is untouched
        except Exception:
            self.state = before  # a failure half-way through the rules: keep the old state
            raise
        self.record.actions.append(act.key)
        _after_step(self._undo, before, len(self.record.actions) - 1, acting, barrier,
                    self.state)
        return mark

    def can_undo(self, role: str | None = None) -> bool:
        """Whether ``role`` (default: the active role) has a decision it may take back."""
        who = role if role is not None else self.state.active
        return bool(self._undo) and self._undo[-1][2] == who == self.state.active

    def undo(self, role: str | None = None) -> None:
        """Take back the last decision of ``role`` (default: the active role)."""
        if not self.can_undo(role):
            raise IllegalActionError(
                "nothing to undo: undo takes back only your own decisions while you are "
                "still to act, never past a die roll, a card played face up or another "
                "reveal, a deal or another role's decision")
        before, index, _ = self._undo.pop()
        self.state = before
        del self.record.actions[index:]

    def checkpoint(self) -> Checkpoint:
        """Everything needed to put the session back as it is now (see :meth:`rollback`)."""
        return Checkpoint(clone(self.state), list(self.record.actions), list(self._undo))

    def rollback(self, mark: Checkpoint) -> None:
        """Put the session back as it was at ``mark`` (e.g. when storing a move or an undo
        failed: a web audit found an undo rolled back with its actions still gone, after
        which the record did not match the board and every move failed to store)."""
        self.state = mark.state
        self.record.actions[:] = mark.actions
        self._undo[:] = mark.undo

    def save(self, path: str | Path) -> None:
        """Save the record with a snapshot of the state and, once the game is over, the
        result it came to (which a replay checks: :func:`doubts`)."""
        out = result(self.state)
        replace(self.record, state=json.loads(self.state.dumps()),
                result=out.to_json() if out is not None else None).save(path)
