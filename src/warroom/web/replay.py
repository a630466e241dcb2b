"""Replays for the viewer: a record stepped through, with a turn index and "why?" per step.

A :class:`Timeline` replays a record once, remembering per action who played it, the
question it answered (the prompt), its key and label, and the turn and round after it
(``Game.clock``: what the game's own view shows), with a checkpoint state every
:data:`CHECKPOINT_EVERY` actions; the state after any step is then a clone of the nearest
checkpoint and a few actions. A timeline of a running game grows as the game does
(:meth:`Timeline.extend`).

What a payload may show is decided by the caller (:mod:`warroom.web.service`): a seat
replaying a running game sees only its own view at each step, and the keys, labels and
explanations of its own decisions only.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from warroom.core.errors import WarroomError
from warroom.core.protocol import (
    Game,
    Outcome,
    apply,
    clone,
    explain,
    new_game,
    prompt,
    read_action,
    resigner,
    result,
)
from warroom.core.record import Record
from warroom.core.state import State

CHECKPOINT_EVERY = 25


class BadStep(WarroomError):
    """A step outside the record, or a "why?" asked of the start of the game."""


@dataclass(frozen=True)
class Step:
    """Action ``index`` (0-based) of a record: who played it, and where the game was after."""

    index: int
    role: str | None
    key: str
    label: str
    turn: Any
    round: Any
    question: dict[str, str] | None = None
    """The prompt the action answered (public: every role may read a prompt); None for a
    resignation, which answers none."""
    log_from: int = 0
    log_to: int = 0
    """The entries of the whole log the action added: ``log[log_from:log_to]`` (a role
    reads those :func:`~warroom.core.log.visible` to it)."""


def _clock(game: Game, state: State[Any]) -> tuple[Any, Any]:
    """The turn and round the game's view shows (None where it shows none): ``Game.clock``,
    which games answer from their data (building the public view after every step was
    85-93% of a replay's build, a cost anyone could ask for again and again: a security
    audit)."""
    return game.clock(state)


@dataclass
class Timeline:
    """One record replayed, step by step (thread-safe: every method takes the lock)."""

    game: Game
    record: Record
    start: tuple[Any, Any] = (None, None)
    steps: list[Step] = field(default_factory=list)
    checkpoints: dict[int, State[Any]] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    _tip: State[Any] | None = None

    @classmethod
    def build(cls, game: Game, record: Record) -> Timeline:
        state = new_game(game, record.scenario or None, record.seed, record.options,
                         record.forced_dice)
        tl = cls(game, Record(record.game, record.scenario, dict(record.options),
                              record.seed, list(record.forced_dice), []))
        tl.start = _clock(game, state)
        tl.checkpoints[0] = clone(state)
        tl._tip = state
        tl.extend(record.actions)
        return tl

    def extend(self, actions: list[str | int]) -> None:
        """Play ``actions`` on from the last step (a record that grew)."""
        with self.lock:
            state = self._tip
            assert state is not None
            for ref in actions:
                before = len(state.log)
                role = resigner(ref)
                question = None
                if role is None:
                    role = state.active
                    asked = prompt(state)
                    question = asked.to_json() if asked is not None else None
                    # as a record is replayed: a key of an earlier version (tk's positional
                    # pick:<i>) is read as the decision reads it (resolved alone, the key's
                    # own action was refused: an old record uploaded but did not show)
                    act = read_action(state, ref)
                    label = self.game.describe(state, act.id)
                    played = apply(state, act)
                else:                           # a resignation: any role's, at any time
                    played = apply(state, ref)
                    label = played.label
                n = len(self.steps) + 1
                turn, rnd = _clock(self.game, state)
                self.steps.append(Step(n - 1, role, played.key, label, turn, rnd, question,
                                       before, len(state.log)))
                self.record.actions.append(ref)
                if n % CHECKPOINT_EVERY == 0:
                    self.checkpoints[n] = clone(state)

    def is_prefix_of(self, actions: list[str | int]) -> bool:
        with self.lock:
            mine = self.record.actions
            return len(mine) <= len(actions) and actions[:len(mine)] == mine

    @property
    def count(self) -> int:
        return len(self.steps)

    def check(self, step: int) -> int:
        n = self.count
        if not 0 <= step <= n:
            raise BadStep(f"step {step} is outside this record: choose 0 (the start) to {n}")
        return step

    def state_at(self, step: int) -> State[Any]:
        """A fresh state after ``step`` actions (the caller may change it)."""
        with self.lock:
            self.check(step)
            base = max(k for k in self.checkpoints if k <= step)
            state = clone(self.checkpoints[base])
            for ref in self.record.actions[base:step]:
                apply(state, ref)
            return state

    def final(self) -> Outcome | None:
        with self.lock:
            return result(self._tip) if self._tip is not None else None

    def why(self, step: int) -> dict[str, Any]:
        """Why the action that led to ``step`` was allowed: core ``explain`` on the state
        before it, for the role that played it."""
        with self.lock:
            self.check(step)
            if step == 0:
                raise BadStep("step 0 is the start of the game: no action led to it; ask "
                              "about step 1 or later")
            info = self.steps[step - 1]
            before = self.state_at(step - 1)
        why = explain(before, info.key, info.role)
        return {"step": step, "role": info.role, "key": info.key, "label": info.label,
                "legal": why.legal, "action": why.action, "reason": why.reason,
                "rules": list(why.rules)}

    def index(self) -> list[dict[str, Any]]:
        """Per step (0 = the start): the role that played the action leading to it, and
        the turn and round after it."""
        with self.lock:
            out = [{"step": 0, "role": None, "turn": self.start[0], "round": self.start[1]}]
            out += [{"step": s.index + 1, "role": s.role, "turn": s.turn, "round": s.round}
                    for s in self.steps]
            return out


class Timelines:
    """An LRU cache of timelines by source (a game id or an uploaded record id), bounded by
    their number and by the steps they hold together: a timeline takes about 2 KB a step
    (its checkpoints, one state every 25 steps, and the steps' facts; measured: an eit2
    game of 493 steps 1.0 MB, sfe of 601 steps 1.1 MB), so the default, 50,000 steps, is
    about 100 MB. It held 16 timelines: a club watching or replaying a 17th game replayed
    each whole again at every request (CPU 2.6 -> 22 ms a request: a load audit). The
    timeline asked for last is never the one dropped, however long."""

    def __init__(self, size: int = 256, steps: int = 50_000) -> None:
        self.size = size
        self.steps = steps
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, Timeline] = OrderedDict()
        # source -> [the lock its build takes, how many requests wait on it]: requests for
        # one source not in the cache build it once (each built its own: a review)
        self._building: dict[str, list[Any]] = {}

    def __len__(self) -> int:
        with self._lock:
            return len(self._cache)

    def get(self, source: str, game: Game, record: Record) -> Timeline:
        """The timeline of ``record`` (extended if the record grew, rebuilt if it changed:
        an undo). Requests for one source that is not cached wait for one build."""
        found = self._cached(source, game, record)
        if found is not None:
            return found
        with self._lock:
            entry = self._building.setdefault(source, [threading.Lock(), 0])
            entry[1] += 1
        try:
            with entry[0]:
                found = self._cached(source, game, record)     # built while it waited
                if found is not None:
                    return found
                tl = Timeline.build(game, record)
                with self._lock:
                    self._cache[source] = tl
                    self._cache.move_to_end(source)
                self._trim()
                return tl
        finally:
            with self._lock:
                entry[1] -= 1
                if not entry[1]:
                    self._building.pop(source, None)

    def _cached(self, source: str, game: Game, record: Record) -> Timeline | None:
        """The cached timeline of ``source``, extended to ``record``, if it is one of it."""
        with self._lock:
            tl = self._cache.get(source)
            if tl is not None:
                self._cache.move_to_end(source)
        if tl is not None and tl.game is game:
            with tl.lock:
                if tl.is_prefix_of(record.actions):
                    tl.extend(record.actions[tl.count:])
                    self._trim()
                    return tl
        return None

    def _trim(self) -> None:
        """Drop the least recently asked timelines past either bound (the last one stays)."""
        with self._lock:
            held = sum(t.count for t in self._cache.values())
            while len(self._cache) > 1 and (len(self._cache) > self.size
                                            or held > self.steps):
                _, old = self._cache.popitem(last=False)
                held -= old.count
