"""Game records (JSON) and sessions with undo.

A record holds ``game``, ``scenario``, ``options``, ``seed``, ``forced_dice`` and
``actions`` (action keys, or catalogue ids), and optionally ``seats`` (who plays each role:
``"human"`` or a bot's name, so a front end can continue the game as it was). Replaying
it re-creates the game bit for bit; the first illegal step fails with its index and the
legal alternatives. A saved record may also carry ``state``, a snapshot that loading
checks against the replay.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from warroom.core.errors import IllegalActionError, RecordError, UnknownGameError, short
from warroom.core.files import check_depth, parse_json, read_text, write_text
from warroom.core.protocol import Game, apply, clone, legal_actions, new_game
from warroom.core.state import State

RECORD_KEYS = ("game", "scenario", "options", "seed", "forced_dice", "actions")


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

    def to_json(self, with_state: bool = False) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "game": self.game,
            "scenario": self.scenario,
            "options": dict(self.options),
            "seed": self.seed,
            "forced_dice": list(self.forced_dice),
            "actions": list(self.actions),
        }
        if self.seats:
            obj["seats"] = dict(self.seats)
        if with_state and self.state is not None:
            obj["state"] = self.state
        return obj

    @classmethod
    def from_json(cls, obj: Any, source: str = "record") -> Record:
        """Validate a decoded JSON object; every problem is named with the key at fault."""
        if not isinstance(obj, dict):
            raise RecordError(f"{source}: a record must be a JSON object with keys "
                              f"{', '.join(RECORD_KEYS)}")
        missing = [k for k in ("game", "actions") if k not in obj]
        if missing:
            raise RecordError(f"{source}: missing key(s) {', '.join(missing)}; a record needs "
                              f"{', '.join(RECORD_KEYS)}")
        if obj.get("seed", 0) is None:
            raise RecordError(f"{source}: its seed is hidden (null): this is a seat's copy of "
                              "a game in play, whose seed is revealed when the game ends; "
                              "download the record again once the game is over")
        unknown = sorted(str(k).encode("utf-8", "backslashreplace").decode() for k in
                         set(obj) - set(RECORD_KEYS) - {"state", "result", "seats"})
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
        return cls(game, scenario, dict(options), seed, list(forced), list(actions), state,
                   dict(seats))

    @classmethod
    def load(cls, path: str | Path) -> Record:
        p = Path(path)
        text = read_text(p, RecordError, "record")
        return cls.from_json(parse_json(text, RecordError, str(p)), str(p))

    def save(self, path: str | Path, with_state: bool = True) -> None:
        # whole or not at all: a failed save (a full disk) keeps the file saved before
        write_text(Path(path), json.dumps(self.to_json(with_state), indent=1) + "\n")


def replay(game: Game, record: Record) -> State[Any]:
    """Re-play ``record`` on ``game``; raises ``RecordError`` at the first illegal step."""
    if record.game != game.id:
        raise RecordError(f"record is for game {record.game!r}, not {game.id!r}")
    try:
        state = new_game(game, record.scenario or None, record.seed, record.options,
                         record.forced_dice)
    except UnknownGameError as exc:
        raise RecordError(f"record cannot start: {exc}") from exc
    for i, ref in enumerate(record.actions):
        try:
            apply(state, ref)
        except IllegalActionError as exc:
            legal = [a.key for a in legal_actions(state)]
            raise RecordError(
                f"record step {i}: {exc}", index=i, legal=legal, replayed=True) from exc
        except ValueError as exc:  # e.g. a forced die value that is not a face of the die
            raise RecordError(f"record step {i} ({ref!r}) cannot be played: {exc}",
                              index=i, replayed=True) from exc
    if record.state is not None:
        mine = json.loads(state.dumps())
        if mine != record.state:
            diff = sorted(k for k in set(mine) | set(record.state)
                          if mine.get(k) != record.state.get(k))
            raise RecordError("the saved state snapshot does not match the replayed game "
                              f"(differs in {', '.join(diff)}); the record was edited, "
                              "made with other content, or saved by an earlier version of "
                              "warroom whose rules differ; load it without 'state' to trust "
                              "the actions", replayed=True)
    return state


def replay_fitting(game: Game, record: Record) -> tuple[State[Any], int | None]:
    """Re-play as much of ``record`` as today's rules accept: the state after its longest
    start that replays, and the index of the first action refused (``None`` when every
    one fits). Its saved state snapshot is not compared. After an upgrade whose rules
    refuse a step of a saved game, the game can go on from that step (``warroom play
    --load FILE --rewind``, ``warroom upgrade-games --rewind``). A record that cannot
    start at all still raises ``RecordError``."""
    try:
        return replay(game, replace(record, state=None)), None
    except RecordError as exc:
        if exc.index is None:
            raise
        return replay(game, replace(record, actions=record.actions[:exc.index],
                                    state=None)), exc.index


@dataclass
class Checkpoint:
    """A session as it was: its state, how many actions its record held, its undo list."""

    state: State[Any]
    actions: int
    undo: list[tuple[State[Any], int, str]]


class Session:
    """A game being played: the state, its record, and undo by snapshot.

    Undo takes back only the asking role's own decisions, and only while that role is still
    to act (Rally the Troops' rule): a die roll or random pick, the reveal of hidden
    information or a deal (``data["barrier"]`` moves), and any hand-over to another role
    clear the undo history. So no role ever takes back a decision another role has seen or
    made, and nobody re-rolls by undoing.
    """

    def __init__(self, state: State[Any], record: Record | None = None) -> None:
        self.state = state
        d = state.data
        if record is None:
            if d["decisions"]:
                raise RecordError("a session of a game in progress needs the game's record "
                                  "(Session.load or Session(state, record))")
            record = Record(d["game"], d["scenario"], dict(d["options"]), d["seed"],
                            list(d["forced"]), [])
        self.record = record
        self._undo: list[tuple[State[Any], int, str]] = []

    @classmethod
    def start(cls, game: Game, scenario: str | None = None, seed: int = 0,
              options: dict[str, Any] | None = None,
              forced_dice: list[int] | None = None) -> Session:
        state = new_game(game, scenario, seed, options, forced_dice)
        rec = Record(game.id, state.data["scenario"], dict(state.data["options"]), seed,
                     list(forced_dice or []), [])
        return cls(state, rec)

    @classmethod
    def load(cls, game: Game, path: str | Path) -> Session:
        record = Record.load(path)
        state = replay(game, record)
        record.state = None
        return cls(state, record)

    def apply(self, action: Any, role: str | None = None) -> Checkpoint:
        """Play ``action`` for the active role (``role``: who asks; see core ``apply``).
        Returns the session as it was before (for :meth:`rollback`, e.g. when storing the
        move fails)."""
        acting = self.state.active
        if self._undo and self._undo[-1][2] != acting:
            self._undo.clear()
        mark = Checkpoint(clone(self.state), len(self.record.actions), list(self._undo))
        before = mark.state
        barrier = self.state.data["barrier"]
        try:
            act = apply(self.state, action, role)
        except IllegalActionError:
            raise  # the state is untouched
        except Exception:
            self.state = before  # a failure half-way through the rules: keep the old state
            raise
        self.record.actions.append(act.key)
        if (self.state.data["barrier"] != barrier or self.state.active != acting
                or acting is None):
            self._undo.clear()
        else:
            self._undo.append((before, len(self.record.actions) - 1, acting))
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
                "still to act, never past a die roll, a reveal, a deal or another "
                "role's decision")
        before, index, _ = self._undo.pop()
        self.state = before
        del self.record.actions[index:]

    def checkpoint(self) -> Checkpoint:
        """Everything needed to put the session back as it is now (see :meth:`rollback`)."""
        return Checkpoint(clone(self.state), len(self.record.actions), list(self._undo))

    def rollback(self, mark: Checkpoint) -> None:
        """Put the session back as it was at ``mark`` (e.g. when storing a move failed)."""
        self.state = mark.state
        del self.record.actions[mark.actions:]
        self._undo[:] = mark.undo

    def save(self, path: str | Path) -> None:
        self.record.state = json.loads(self.state.dumps())
        self.record.save(path)
        self.record.state = None
