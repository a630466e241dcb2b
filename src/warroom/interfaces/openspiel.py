"""OpenSpiel adapter: importing this module registers every warroom game with pyspiel as
``python_warroom_<id>`` (e.g. ``python_warroom_eaw1940``).

- Sequential, with **explicit stochastic chance**: every die roll or random pick of the rules
  is a chance node with equally likely outcomes. The rules run unchanged: a player's action
  is applied in explicit-chance mode; when the rules need an outcome not chosen yet, the
  half-applied state is dropped, the state before the action is rebuilt, and the state
  becomes a chance node; once the outcome arrives, the action is applied again with the
  outcomes so far. Actions without chance are applied in place (no copy), so play through
  the adapter runs close to native speed. A serialised state (OpenSpiel pickles a Python
  state's attributes) carries the position's plain data, not the game object or what the
  game's states share (:class:`WarroomState`).
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
import threading
from typing import Any

import numpy as np
import pyspiel
from greenlet import greenlet

from warroom.core.errors import IllegalActionError
from warroom.core.protocol import (
    Game,
    State,
    apply,
    clone,
    determinize,
    legal_actions,
    new_game,
    prompt,
    result,
)
from warroom.core.rng import ChanceNeeded, Rng
from warroom.core.state import Data
from warroom.games import game_ids, load_game

PREFIX = "python_warroom_"
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


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


SNAPSHOT_EVERY = 16
"""Player actions between two snapshots of the replay base (see _Play)."""


class _Rules(greenlet):  # type: ignore[misc]
    """A greenlet the rules run in, so that a die roll can suspend them: when the rules need
    a chance outcome nobody has chosen yet, core's draw calls :meth:`ask_chance`, which
    hands ``_Need(n)`` back to the adapter; the adapter becomes a chance node, and the
    outcome OpenSpiel picks is handed back in, so the rules resume at the roll.

    A worker runs one job after another (starting a greenlet costs more than an action of
    a small game): :meth:`run_job` hands it a function and its arguments and gets back
    ``_Need`` (the job waits at a roll: the worker now belongs to that state) or ``_Done``.
    Each thread keeps one idle worker (:class:`_Workers`); a worker is tied to its thread."""

    def __init__(self) -> None:
        super().__init__(self._loop)
        self.thread = threading.get_ident()

    def _loop(self, fn: Any, args: tuple[Any, ...]) -> None:
        while True:
            try:
                out: Any = _Done(fn(*args))
            except Exception as exc:     # handed to the caller, the worker stays usable
                out = _Failed(exc)
            fn, args = self.parent.switch(out)

    def run_job(self, fn: Any, *args: Any) -> Any:
        self.parent = greenlet.getcurrent()
        return self._result(self.switch(fn, args))

    def resume(self, outcome: int) -> Any:
        self.parent = greenlet.getcurrent()
        return self._result(self.switch(outcome))

    @staticmethod
    def _result(got: Any) -> Any:
        if isinstance(got, _Failed):
            raise got.exc
        return got

    def ask_chance(self, n: int, die: bool = False) -> int:
        value = self.parent.switch(_Need(n, die))
        assert isinstance(value, int)
        return value

    def usable(self) -> bool:
        return bool(self) and self.thread == threading.get_ident()


class _Need:
    """A job suspended at a roll: the number of outcomes of that chance event, and whether
    it is a die roll (else a pick: a card drawn, a shuffle)."""

    __slots__ = ("die", "n")

    def __init__(self, n: int, die: bool = False) -> None:
        self.n = n
        self.die = die


class _Done:
    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class _Failed:
    __slots__ = ("exc",)

    def __init__(self, exc: Exception) -> None:
        self.exc = exc


class _Workers(threading.local):
    """Per thread, the idle :class:`_Rules` worker (a greenlet, no game state): one per
    game object (:class:`_Shared`), so nothing of it lives at module level."""

    def __init__(self) -> None:
        self.idle: _Rules | None = None

    def __reduce__(self) -> tuple[type[_Workers], tuple[()]]:
        return (_Workers, ())                # a copy starts with no worker of its own

    def run(self, fn: Any, *args: Any) -> tuple[_Rules | None, Any]:
        """Run ``fn(*args)`` in the thread's idle worker: (None, result) when it finished,
        or (the worker, ``_Need``) when it waits at a roll (the worker then leaves the pool:
        it belongs to the state that waits)."""
        worker = self.idle
        if worker is None or not worker:
            worker = self.idle = _Rules()
        got = worker.run_job(fn, *args)
        if isinstance(got, _Need):
            self.idle = None
            return worker, got
        return None, got.value

    def resume(self, worker: _Rules, outcome: int) -> tuple[_Rules | None, Any]:
        """Hand ``outcome`` to a worker waiting at a roll; as :meth:`run`. A worker whose
        job finished becomes the thread's idle worker."""
        got = worker.resume(outcome)
        if isinstance(got, _Need):
            return worker, got
        self.idle = worker
        return None, got.value


class _Play:
    """Everything a :class:`WarroomState` holds, in one attribute: OpenSpiel clones a
    Python state by deep-copying its attributes, and this copies itself with core's
    :func:`clone` (plain data) instead of a generic deep copy.

    ``ws`` is the live warroom state at a player node; at a chance node it is the state
    before the pending action. Actions are applied **in place**, inside a greenlet
    (:class:`_Rules`): when the rules need a chance outcome, they stop at the roll with the
    half-changed state in ``live``, and resume from there once OpenSpiel picks the outcome
    (resume from the roll: no action is run twice). The state before the action is made
    only when something asks for it (a copy, an observation at the chance node): ``base``
    (a state never changed in place, shared between copies) replayed through ``since``
    (the actions from ``base`` on, each with its chance outcomes). A copy taken at a chance
    node cannot share the suspended rules; it applies the pending action again on its
    state with the outcomes so far, in its own greenlet, and resumes from there.
    """

    __slots__ = ("_ws", "base", "chance", "die", "digests", "live", "memo", "need", "pending",
                 "player", "rules", "since", "unbound")

    def __init__(self) -> None:
        self._ws: State[Any] | None = None      # None: set-up chance events still to come
        self.live: State[Any] | None = None     # the half-applied state of ``rules``
        self.rules: _Rules | None = None        # the suspended action (or set-up)
        self.base: State[Any] | None = None
        self.since: list[tuple[int, tuple[int, ...]]] = []
        self.pending: int | None = None         # player action waiting for chance outcomes
        self.chance: list[int] = []             # outcomes chosen so far (pending or set-up)
        self.need = 0                           # outcomes of the current chance node
        self.die = False                        # ... a die roll (else a pick: a draw)
        self.player: int | None = None          # current_player(), kept until an action
        self.digests: dict[str | None, tuple[int, int, str]] = {}
        """Per role: (log entries read, how many it may read, their chained digest): the log
        part of the
        information state, extended as the log grows (entries never change)."""
        self.memo: dict[tuple[str, int], Any] = {}
        """Observations of this very state (dropped by every action)."""
        self.unbound: tuple[Data | None, Data | None] | None = None
        """Just unpickled: the data of ``ws`` and ``base``, waiting for the game that loads
        them (:meth:`bind`)."""

    @property
    def ws(self) -> State[Any] | None:
        """The state to act in, or at a chance node the state before the pending action
        (rebuilt from ``base`` on first use); None during the set-up's chance events."""
        if self._ws is None and self.pending is not None:
            self._ws = self.rebuild()
        return self._ws

    @ws.setter
    def ws(self, state: State[Any]) -> None:
        self._ws = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        new = _Play.__new__(_Play)
        ws = self.ws
        new._ws = clone(ws) if ws is not None else None
        new.live = None
        new.rules = None
        new.base = self.base
        new.since = list(self.since)
        new.pending = self.pending
        new.chance = list(self.chance)
        new.need = self.need
        new.die = self.die
        new.player = self.player
        new.digests = dict(self.digests)
        new.memo = dict(self.memo)
        new.unbound = None
        return new

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as a copy is made, without the suspended rules (a greenlet) and the
        memos; the states as their plain data alone, not the game object (its content)
        they belong to: the state that unpickles it binds them to its own game
        (:meth:`bind`)."""
        new = self.__deepcopy__({})
        out = {k: getattr(new, k) for k in _Play.__slots__}
        out["_ws"] = out["base"] = None
        out["memo"] = {}
        out["unbound"] = (new._ws.data if new._ws is not None else None,
                          new.base.data if new.base is not None else None)
        return out

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.unbound = None
        for k, v in state.items():
            setattr(self, k, v)

    def bind(self, game: Game) -> None:
        """Make the states of an unpickled copy states of ``game`` again (one pickled by an
        earlier version carried its states with their own copy of the game object)."""
        if self.unbound is not None:
            ws, base = self.unbound
            self._ws = State(game, ws) if ws is not None else None
            self.base = State(game, base) if base is not None else None
            self.unbound = None
            return
        for name in ("_ws", "base", "live"):
            st = getattr(self, name)
            if st is not None and st.game is not game:
                setattr(self, name, State(game, st.data))

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

    __slots__ = ("encodings", "game", "outcomes", "scenario", "workers")

    def __init__(self, game: Game, scenario: str) -> None:
        self.game = game
        self.scenario = scenario
        self.workers = _Workers()
        """Per thread, the greenlet the rules of an action run in (see :class:`_Rules`)."""
        self.outcomes: dict[int, list[tuple[int, float]]] = {}
        """Per number of outcomes: the chance outcomes with their probabilities."""
        self.encodings: dict[tuple[str | None, str], tuple[Any, str]] = {}
        """Per (role, view field): the last value seen and its JSON (see WarroomObserver)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        # Pickled (OpenSpiel serialises a Python state by pickling its attributes) as a
        # mark only: the state that loads it keeps its own game's. The encodings cache
        # holds the views of every state of this game object, other games' hands included.
        return (_detached, ())


class _Detached:
    """What a pickled :class:`_Shared` loads as: a :class:`WarroomState` ignores it."""


_DETACHED = _Detached()


def _detached() -> _Detached:
    return _DETACHED


class WarroomState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a warroom state, with explicit chance nodes.

    Serialised (``serialize_game_and_state``, pickle) as OpenSpiel serialises every Python
    state, by pickling its attributes: here the position itself (its plain data), never the
    game object or what the game's states share; loading it binds the position to the
    loading game."""

    def __init__(self, game: WarroomGame) -> None:
        super().__init__(game)
        self._s = game.shared
        self._p = game.initial_play()

    def __setattr__(self, name: str, value: Any) -> None:
        # OpenSpiel loads a serialised state by setting the unpickled attributes on a new
        # initial state of the loading game: keep that game's shared part, and bind the
        # position to its game (a serialisation of an earlier version carried ``_wg``)
        if value is _DETACHED or name == "_wg" or (name == "_s" and "_s" in self.__dict__):
            return      # an earlier version pickled the whole shared part: never taken
        if isinstance(value, _Play):
            value.bind(self._s.game)
        super().__setattr__(name, value)

    @property
    def _wg(self) -> Game:
        return self._s.game

    # -- the explicit-chance machinery ------------------------------------------------
    def _apply_player(self, action: int) -> None:
        p = self._p
        ws = p._ws
        assert ws is not None
        rules, got = self._s.workers.run(apply, ws, action)
        if rules is not None:                # stopped at a roll: ws is half-changed
            p.live, p._ws, p.rules = ws, None, rules
            p.pending, p.chance, p.need, p.die = action, [], got.n, got.die
            return
        self._done(action, ())

    def _done(self, action: int, outcomes: tuple[int, ...]) -> None:
        """``action`` finished with ``outcomes``: extend the replay base's history."""
        p = self._p
        p.since.append((action, outcomes))
        if len(p.since) >= SNAPSHOT_EVERY:
            assert p._ws is not None
            p.base = clone(p._ws)
            p.since = []

    def _restart(self) -> _Rules:
        """Rules for the pending action (or the set-up) that have consumed the outcomes
        chosen so far and wait for the next: for a copy made at a chance node, or when the
        suspended rules belong to another thread."""
        p = self._p
        if p.pending is None:
            rules, got = self._s.workers.run(new_game, self._wg, self._s.scenario, 0, None,
                                             None, list(p.chance))
        else:
            ws = p.ws
            assert ws is not None
            live = clone(ws)
            live.data["chance_queue"] = list(p.chance)
            rules, got = self._s.workers.run(apply, live, p.pending)
            p.live = live
        if rules is None or got.n != p.need:
            raise RuntimeError("the rules are not deterministic: running the action again "
                               "with the same outcomes did not stop at the same roll")
        return rules

    def _apply_chance(self, outcome: int) -> None:
        p = self._p
        waiting = p.rules if p.rules is not None and p.rules.usable() else self._restart()
        rules, got = self._s.workers.resume(waiting, outcome)
        p.chance.append(outcome)
        if rules is not None:
            p.rules, p.need, p.die = rules, got.n, got.die
            return
        if p.pending is None:                # set-up: the game's first dice and shuffles
            assert isinstance(got, State)
            p._ws, p.base, p.since = got, clone(got), []
        else:
            p._ws = p.live
            self._done(p.pending, tuple(p.chance))
        p.live, p.rules, p.pending, p.chance, p.need = None, None, None, [], 0

    @property
    def warroom_state(self) -> State[Any]:
        if self._p.ws is None:
            raise IllegalActionError("the initial chance events are not resolved yet: apply "
                                     "chance outcomes until a player is to act")
        return self._p.ws

    @property
    def _ws(self) -> State[Any] | None:
        return self._p.ws

    # -- OpenSpiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        p = self._p
        player = p.player
        if player is None:                   # OpenSpiel asks several times per action
            if p.need:
                player = _CHANCE
            else:
                assert p._ws is not None
                active = p._ws.data["active"]
                player = _TERMINAL if active is None else self._wg.roles.index(active)
            p.player = player
        return player

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
        return self._legal_ids()             # OpenSpiel copies it into its own vector

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._p.need
        if not n:
            if self.is_terminal():
                raise IllegalActionError("chance_outcomes() asked of a finished game "
                                         "(is_terminal() is True)")
            raise IllegalActionError("chance_outcomes() asked at a decision node: a player "
                                     "is to act (is_chance_node() is False)")
        outcomes = self._s.outcomes.get(n)
        if outcomes is None:
            prob = 1.0 / n
            outcomes = self._s.outcomes[n] = [(i, prob) for i in range(n)]
        return list(outcomes)                # a Python caller gets its own list

    def _apply_action(self, action: int) -> None:
        p = self._p
        if p.need:
            if not 0 <= action < p.need:
                raise ValueError(f"chance outcome {action} is not in 0..{p.need - 1}; "
                                 "the state is unchanged")
            p.memo, p.player = {}, None
            self._apply_chance(action)
        else:
            if self.is_terminal():
                raise ValueError(f"the game is over (is_terminal() is True): no action "
                                 f"applies, not {action}")
            if action not in self._legal_ids():
                raise ValueError(f"action {action} is not legal now; the state is unchanged")
            p.memo, p.player = {}, None
            self._apply_player(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            n = self._p.need
            if n and not 0 <= action < n:
                raise ValueError(f"chance outcome {action} is not in 0..{n - 1}")
            if action < 0:
                raise ValueError(f"chance outcome {action} is negative")
            top = self.get_game().max_chance_outcomes()
            if action >= top:
                raise ValueError(f"chance outcome {action} is not in 0..{top - 1}: no chance "
                                 f"node of {self._wg.id} has that many outcomes")
            if n and self._p.die:
                return f"chance outcome {action} (die face {action + 1})"
            # a card drawn, a deck shuffled, an order picked: one of n equally likely
            return f"chance outcome {action}" + (f" of {n}" if n else "")
        size = len(self._wg.catalogue)
        if not 0 <= action < size:
            raise ValueError(f"action {action} is not an action id of {self._wg.id} "
                             f"(0..{size - 1})")
        return str(self._wg.catalogue[action].key)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WarroomState:
        """A state that ``player_id`` cannot tell from this one: everything hidden from its
        role (the other hands, deck orders, future dice) resampled by core's
        :func:`~warroom.core.protocol.determinize`, seeded from ``probability_sampler()``
        (OpenSpiel's ISMCTS passes a uniform sampler in [0, 1)). Offered where a player is
        to act; its ``history()`` is this state's (the resampled world is not replayed from
        it)."""
        p = self._p
        if p.need or p.ws is None:
            raise IllegalActionError("resample_from_infostate: a chance node has no "
                                     "information state to resample; ask it where a player "
                                     "is to act")
        if not 0 <= player_id < len(self._wg.roles):
            raise ValueError(f"player {player_id} is not a player of {self._wg.id} "
                             f"(0..{len(self._wg.roles) - 1})")
        seed = 0
        for _ in range(4):
            seed = (seed << 16) | (int(float(probability_sampler()) * 65536) & 0xFFFF)
        world = determinize(p.ws, self._wg.roles[player_id], Rng(seed))
        # its dice and draws are OpenSpiel's chance nodes, as in every state of this game
        world.data["explicit_chance"], world.data["chance_queue"] = True, []
        out: WarroomState = self.clone()
        q = out._p
        q._ws, q.base, q.since = world, clone(world), []
        q.memo, q.digests, q.player = {}, {}, None
        return out

    def is_terminal(self) -> bool:
        return self.current_player() == _TERMINAL

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
                 encodings: dict[tuple[str | None, str], tuple[Any, str]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._wg = wg
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        # which information: a player's own (the default) or the public only (what a
        # spectator sees, the same string for every player and no tensor)
        private = (iig_obs_type.private_info if iig_obs_type is not None
                   else pyspiel.PrivateInfoType.SINGLE_PLAYER)
        public = iig_obs_type.public_info if iig_obs_type is not None else True
        if not public or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "warroom observes a player's own information and the public "
                "(private_info=SINGLE_PLAYER) or the public alone (private_info=NONE), "
                "always with public_info=True; not every player's private information, nor "
                "a player's without the public")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        size = 0 if self.perfect_recall or self.public_only else wg.observation_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self._enc = encodings

    def set_from(self, state: WarroomState, player: int) -> None:
        ws = state._p.ws
        if self.tensor.size and ws is None:
            # a set-up chance node has nothing to observe yet: zeros, as its string says
            # "setup" (the shared buffer kept the last state's tensor, another player's
            # hand included: an outside audit)
            self.tensor.fill(0)
            return
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
        role: str | None = None if self.public_only else self._wg.roles[player]
        who = -1 if role is None else player            # one public string for all
        key = ("info" if self.perfect_recall else "obs", who)
        text = p.memo.get(key)
        if text is None:
            obs = p.memo.get(("obs", who))
            if obs is None:
                obs = p.memo[("obs", who)] = self._view_json(p.ws, role)
            text = obs
            if self.perfect_recall:
                count, digest = _log_digest(p, role)
                text = f"{obs}|log:{count}:{digest}"
            p.memo[key] = text
        assert isinstance(text, str)
        return text

    def _view_json(self, ws: State[Any], role: str | None) -> str:
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
                # kept as it is: a view shares no list or dict with the state (a test holds
                # every game to it; tk's once did, and this cache then kept stale text)
                enc[(role, k)] = (value, text)
            parts.append(f"{json.dumps(k)}:{text}")
        return "{" + ",".join(parts) + "}"


def _log_digest(p: _Play, role: str | None) -> tuple[int, str]:
    """The number of log entries ``role`` may read (None: the public ones) and a digest of
    them all, in order."""
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


def quote(name: str) -> str:
    """A scenario name as a game string holds it: in double quotes where OpenSpiel would
    read it as a number or a boolean (tk's ``1939``: ``scenario="1939"``)."""
    try:
        float(name)
    except ValueError:
        return f'"{name}"' if name.lower() in ("true", "false") else name
    return f'"{name}"'


def unquote(name: str) -> str:
    """The scenario name of a parameter value, without the quotes :func:`quote` adds."""
    return name[1:-1] if len(name) >= 2 and name[0] == name[-1] == '"' else name


class WarroomGame(pyspiel.Game):  # type: ignore[misc]
    """Base of the registered game classes; ``warroom_id`` is set per subclass."""

    warroom_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.warroom = load_game(self.warroom_id)
        params = dict(params or {})
        self.scenario = unquote(str(params.get("scenario", self.warroom.default_scenario)))
        if self.scenario not in self.warroom.scenarios:
            raise ValueError(f"{self.warroom_id} has no scenario {self.scenario!r}; choose "
                             f"one of {', '.join(self.warroom.scenarios)} (in a game "
                             'string a number in quotes: scenario="1939")')
        # Only a non-default scenario is stored as a parameter, and one named by a number
        # in quotes: OpenSpiel's game-string parser reads a bare number ("1940") as an
        # int, which the string parameter refuses, so str(game) would not load again.
        stored = {} if self.scenario == self.warroom.default_scenario else {
            "scenario": quote(self.scenario)}
        super().__init__(game_type(self.warroom), game_info(self.warroom), stored)
        self._initial: _Play | None = None
        self.shared = _Shared(self.warroom, self.scenario)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its game string, loaded again (as OpenSpiel's own Python games are
        taken by pickle: Ray and multiprocessing hand games to their workers so; an RL
        audit found it could not be pickled)."""
        return pyspiel.load_game, (str(self),)

    def initial_play(self) -> _Play:
        """A fresh copy of the initial position (set up once per game object: OpenSpiel
        makes a new initial state for every clone)."""
        if self._initial is None:
            p = _Play()
            try:
                ws = new_game(self.warroom, self.scenario, 0, None, chance=[])
            except ChanceNeeded as need:
                p.need, p.die = need.n, need.die
            else:
                p._ws, p.base = ws, clone(ws)
            self._initial = p
        init = self._initial
        new = _Play()
        new.need = init.need
        new.die = init.die
        new.base = init.base
        new._ws = clone(init._ws) if init._ws is not None else None
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
