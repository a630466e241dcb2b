"""OpenSpiel adapter: importing this module registers every warroom game with pyspiel as
``python_warroom_<id>`` (e.g. ``python_warroom_eaw1940``).

- Sequential, with **explicit stochastic chance**: every die roll or random pick of the rules
  is a chance node with equally likely outcomes. The rules run unchanged: a player's action
  is applied in explicit-chance mode; when the rules need an outcome not chosen yet, the
  half-applied state is dropped, the state before the action is rebuilt, and the state
  becomes a chance node; once the outcome arrives, the action is applied again with the
  outcomes so far. Actions without chance are applied in place (no copy), so play through
  the adapter runs close to native speed. Replaying the history (OpenSpiel's default
  serialisation) rebuilds the state exactly.
- Perfect or imperfect information as the game declares; terminal rewards only; zero-sum
  for two-sided games (returns +1/0/-1), general-sum for the solitaire game (its BOT is
  part of the environment).
- Information state string: the acting role's view (JSON, without the log) and a digest of
  the log entries it may read (perfect recall: the digest commits to that whole history);
  observation string and tensor: the view without the log, and the game's numeric
  observation vector. Nothing hidden from the role enters either.
- ``max_game_length`` = the game's bound on decisions plus its bound on chance events.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from warroom.core.protocol import (
    Game,
    State,
    apply,
    clone,
    legal_actions,
    new_game,
    prompt,
    result,
)
from warroom.core.rng import ChanceNeeded
from warroom.games import game_ids, load_game

PREFIX = "python_warroom_"


def game_type(game: Game) -> pyspiel.GameType:
    two_sided = len(game.roles) > 1
    return pyspiel.GameType(
        short_name=PREFIX + game.id,
        long_name=f"warroom: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if game.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.ZERO_SUM if two_sided
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(game.roles),
        min_num_players=len(game.roles),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"scenario": game.default_scenario},
    )


def game_info(game: Game) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=len(game.catalogue),
        max_chance_outcomes=game.max_chance_outcomes(),
        num_players=len(game.roles),
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if len(game.roles) > 1 else None,
        max_game_length=game.max_decisions() + game.max_chance_events(),
    )


SNAPSHOT_EVERY = 8
"""Player actions without chance between two snapshots of the replay base (see _Play)."""


class _Play:
    """Everything a :class:`WarroomState` holds, in one attribute: OpenSpiel clones a
    Python state by deep-copying its attributes, and this copies itself with core's
    :func:`clone` (plain data) instead of a generic deep copy.

    ``ws`` is the live warroom state: at a player node the state to act in, at a chance
    node the state before the pending action. Actions are applied to it **in place**. When
    the rules ask for a chance outcome mid-action (``ChanceNeeded``, which leaves ``ws``
    half-changed), the state before the action is rebuilt: ``base`` (a state never changed
    in place, shared between copies) replayed through ``since`` (the actions from ``base``
    to ``ws``, each with its chance outcomes). An action that often needs chance is tried on
    a copy instead, which keeps the state before it whole. At a chance node the action is
    re-applied to a copy with the outcomes so far. So an action without dice costs one
    ``apply`` and no copy.
    """

    __slots__ = ("base", "chance", "digests", "memo", "need", "pending", "since", "ws")

    def __init__(self) -> None:
        self.ws: State[Any] | None = None       # None: set-up chance events still to come
        self.base: State[Any] | None = None
        self.since: list[tuple[int, tuple[int, ...]]] = []
        self.pending: int | None = None         # player action waiting for chance outcomes
        self.chance: list[int] = []             # outcomes chosen so far (pending or set-up)
        self.need = 0                           # outcomes of the current chance node
        self.digests: dict[str, tuple[int, int, str]] = {}
        """Per role: (log entries read, how many it may read, their chained digest): the log
        part of the
        information state, extended as the log grows (entries never change)."""
        self.memo: dict[tuple[str, int], Any] = {}
        """Observations of this very state (dropped by every action)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        new = _Play.__new__(_Play)
        new.ws = clone(self.ws) if self.ws is not None else None
        new.base = self.base
        new.since = list(self.since)
        new.pending = self.pending
        new.chance = list(self.chance)
        new.need = self.need
        new.digests = dict(self.digests)
        new.memo = dict(self.memo)
        return new

    def rebuild(self) -> State[Any]:
        """The live state as it was before the action in progress, from base and since."""
        assert self.base is not None
        st = clone(self.base)
        for action, outcomes in self.since:
            st.data["chance_queue"] = list(outcomes)
            apply(st, action)
        return st


class _Shared:
    """What every state of one game shares (not copied when OpenSpiel clones a state)."""

    __slots__ = ("encodings", "game", "rolls", "scenario")

    def __init__(self, game: Game, scenario: str) -> None:
        self.game = game
        self.scenario = scenario
        self.rolls: dict[int, list[int]] = {}
        """Per action id: times applied, times it needed a chance outcome (a speed hint)."""
        self.encodings: dict[tuple[str, str], tuple[Any, str]] = {}
        """Per (role, view field): the last value seen and its JSON (see WarroomObserver)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class WarroomState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a warroom state, with explicit chance nodes."""

    def __init__(self, game: WarroomGame) -> None:
        super().__init__(game)
        self._s = game.shared
        self._wg = game.warroom
        self._p = game.initial_play()

    # -- the explicit-chance machinery ------------------------------------------------
    def _apply_player(self, action: int) -> None:
        p = self._p
        ws = p.ws
        assert ws is not None
        stats = self._s.rolls.get(action)
        if stats is None:
            stats = self._s.rolls[action] = [0, 0]
        stats[0] += 1
        if stats[1] * 5 > stats[0]:
            # an action that often needs chance: try it on a copy, so that the state before
            # it stays whole (and becomes the replay base for free when it succeeds)
            trial = clone(ws)
            try:
                apply(trial, action)
            except ChanceNeeded as need:
                stats[1] += 1
                p.pending, p.chance, p.need = action, [], need.n
                return
            p.base, p.since, p.ws = ws, [(action, ())], trial
            return
        try:
            apply(ws, action)
        except ChanceNeeded as need:       # ws is half-changed: rebuild the state before
            stats[1] += 1
            p.ws = p.rebuild()
            p.pending, p.chance, p.need = action, [], need.n
            return
        p.since.append((action, ()))
        if len(p.since) >= SNAPSHOT_EVERY:
            p.base = clone(ws)
            p.since = []

    def _apply_chance(self, outcome: int) -> None:
        p = self._p
        p.chance.append(outcome)
        if p.pending is None:                # set-up: the game's first dice and shuffles
            try:
                ws = new_game(self._wg, self._s.scenario, 0, None, chance=list(p.chance))
            except ChanceNeeded as need:
                p.need = need.n
                return
            p.base, p.since = clone(ws), []
        else:
            assert p.ws is not None          # the state before the pending action, kept
            ws = clone(p.ws)                 # whole: each attempt runs on a copy
            ws.data["chance_queue"] = list(p.chance)
            try:
                apply(ws, p.pending)
            except ChanceNeeded as need:
                p.need = need.n
                return
            p.since.append((p.pending, tuple(p.chance)))
        if ws.data["chance_queue"]:
            raise RuntimeError("chance outcomes left over: the rules are not deterministic")
        p.ws, p.pending, p.chance, p.need = ws, None, [], 0

    @property
    def warroom_state(self) -> State[Any]:
        assert self._p.ws is not None, "the initial chance events are not resolved yet"
        return self._p.ws

    @property
    def _ws(self) -> State[Any] | None:
        return self._p.ws

    # -- OpenSpiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        p = self._p
        if p.need:
            return int(pyspiel.PlayerId.CHANCE)
        assert p.ws is not None
        active = p.ws.data["active"]
        if active is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._wg.roles.index(active)

    def _legal_ids(self) -> list[int]:
        """The legal action ids, sorted (kept until the state changes; core caches the
        legal list that ``apply`` checks against)."""
        p = self._p
        ids = p.memo.get(("legal", 0))
        if ids is None:
            assert p.ws is not None and not p.need
            ids = p.memo[("legal", 0)] = sorted(a.id for a in legal_actions(p.ws))
        assert isinstance(ids, list)
        return ids

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._p.need
        assert n
        prob = 1.0 / n
        return [(i, prob) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        p = self._p
        if p.need:
            if not 0 <= action < p.need:
                raise ValueError(f"chance outcome {action} is not in 0..{p.need - 1}; "
                                 "the state is unchanged")
            p.memo = {}
            self._apply_chance(action)
        else:
            if action not in self._legal_ids():
                raise ValueError(f"action {action} is not legal now; the state is unchanged")
            p.memo = {}
            self._apply_player(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action} (die face {action + 1})"
        return str(self._wg.catalogue[action].key)

    def is_terminal(self) -> bool:
        p = self._p
        return not p.need and p.ws is not None and p.ws.data["active"] is None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self._wg.roles)
        assert self._p.ws is not None
        out = result(self._p.ws)
        assert out is not None
        return [float(out.returns.get(r, 0.0)) for r in self._wg.roles]

    def __str__(self) -> str:
        p = self._p
        base = p.ws.dumps() if p.ws is not None else "setup"
        if p.need:
            return f"{base}\npending {p.pending} chance {p.chance} of {p.need}"
        return base


class WarroomObserver:
    """PyObserver: the role's view as a string (with a digest of the role's visible log for
    perfect recall) and the game's numeric observation as the tensor.

    Only what ``view(state, role)`` shows goes in: the game's view of that role and the
    prompt, and the log entries that role may read. The strings are cheap to make: the
    view is JSON-encoded field by field, an unchanged field reusing its encoding (a map or
    a card list rarely changes between states); the log enters as a chained BLAKE2b digest
    of the visible entries, extended by the new entries only; and the results are kept
    until the state changes.
    """

    def __init__(self, wg: Game, iig_obs_type: Any, params: Any,
                 encodings: dict[tuple[str, str], tuple[Any, str]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._wg = wg
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = 0 if self.perfect_recall else wg.observation_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self._enc = encodings

    def set_from(self, state: WarroomState, player: int) -> None:
        ws = state._p.ws
        if self.tensor.size and ws is not None:
            key = ("tensor", player)
            vec = state._p.memo.get(key)
            if vec is None:
                vec = state._p.memo[key] = self._wg.observation(ws, self._wg.roles[player])
            self.tensor[:] = vec

    def string_from(self, state: WarroomState, player: int) -> str:
        p = state._p
        if p.ws is None:
            return "setup"
        key = ("info" if self.perfect_recall else "obs", player)
        text = p.memo.get(key)
        if text is None:
            role = self._wg.roles[player]
            obs = p.memo.get(("obs", player))
            if obs is None:
                obs = p.memo[("obs", player)] = self._view_json(p.ws, role)
            text = obs
            if self.perfect_recall:
                count, digest = _log_digest(p, role)
                text = f"{obs}|log:{count}:{digest}"
            p.memo[key] = text
        assert isinstance(text, str)
        return text

    def _view_json(self, ws: State[Any], role: str) -> str:
        """``json.dumps(view without log, sort_keys=True)``, field by field, memoised."""
        v = ws.game.view(ws, role)
        pr = prompt(ws)
        v["prompt"] = pr.to_json() if pr is not None else None
        parts = []
        enc = self._enc
        for k in sorted(v):
            value = v[k]
            hit = enc.get((role, k))
            if hit is not None and hit[0] == value:
                text = hit[1]
            else:
                text = json.dumps(value, sort_keys=True, separators=(",", ":"))
                enc[(role, k)] = (value, text)
            parts.append(f"{json.dumps(k)}:{text}")
        return "{" + ",".join(parts) + "}"


def _log_digest(p: _Play, role: str) -> tuple[int, str]:
    """The number of log entries ``role`` may read and a digest of them all, in order."""
    assert p.ws is not None
    log = p.ws.data["log"]
    seen, count, h = p.digests.get(role, (0, 0, ""))
    if seen > len(log):                     # cannot happen (logs only grow): start over
        seen, count, h = 0, 0, ""
    for entry in log[seen:]:
        to = entry.get("to")
        if to is None or to == role:
            h = hashlib.blake2b((h + json.dumps(entry, sort_keys=True)).encode(),
                                digest_size=16).hexdigest()
            count += 1
    p.digests[role] = (len(log), count, h)
    return count, h


class WarroomGame(pyspiel.Game):  # type: ignore[misc]
    """Base of the registered game classes; ``warroom_id`` is set per subclass."""

    warroom_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.warroom = load_game(self.warroom_id)
        params = dict(params or {})
        self.scenario = str(params.get("scenario", self.warroom.default_scenario))
        if self.scenario not in self.warroom.scenarios:
            raise ValueError(f"{self.warroom_id} has no scenario {self.scenario!r}; choose "
                             f"one of {', '.join(self.warroom.scenarios)}")
        # Only a non-default scenario is stored as a parameter: OpenSpiel's game-string
        # parser reads a number-like value ("1940") back as an int, which would break the
        # round trip of serialisation for the default scenarios, whose names are years.
        stored = {} if self.scenario == self.warroom.default_scenario else {
            "scenario": self.scenario}
        super().__init__(game_type(self.warroom), game_info(self.warroom), stored)
        self._initial: _Play | None = None
        self.shared = _Shared(self.warroom, self.scenario)

    def initial_play(self) -> _Play:
        """A fresh copy of the initial position (set up once per game object: OpenSpiel
        makes a new initial state for every clone)."""
        if self._initial is None:
            p = _Play()
            try:
                ws = new_game(self.warroom, self.scenario, 0, None, chance=[])
            except ChanceNeeded as need:
                p.need = need.n
            else:
                p.ws, p.base = ws, clone(ws)
            self._initial = p
        init = self._initial
        new = _Play()
        new.need = init.need
        new.base = init.base
        new.ws = clone(init.ws) if init.ws is not None else None
        return new

    def new_initial_state(self) -> WarroomState:
        return WarroomState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WarroomObserver:
        return WarroomObserver(self.warroom, iig_obs_type, params, self.shared.encodings)


def register_all() -> list[str]:
    """Register every warroom game (idempotent); returns the OpenSpiel short names."""
    names = []
    registered = {g.short_name for g in pyspiel.registered_games()}
    for gid in game_ids():
        name = PREFIX + gid
        names.append(name)
        if name in registered:
            continue
        cls = type(f"WarroomGame_{gid}", (WarroomGame,), {"warroom_id": gid})
        pyspiel.register_game(game_type(load_game(gid)), cls)
    return names


GAME_NAMES = register_all()
