"""OpenSpiel adapter: importing this module registers every warroom game with pyspiel as
``python_warroom_<id>`` (e.g. ``python_warroom_eaw1940``).

- Sequential, with **explicit stochastic chance**: every die roll or random pick of the rules
  is a chance node with equally likely outcomes. The rules run unchanged: a player's action
  is applied to a copy in explicit-chance mode; when the rules need an outcome not chosen
  yet, the copy is dropped and the state becomes a chance node; once the outcome arrives,
  the action is applied again with the outcomes so far. Replaying the history (OpenSpiel's
  default serialisation) therefore rebuilds the state exactly.
- Perfect or imperfect information as the game declares; terminal rewards only; zero-sum
  for two-sided games (returns +1/0/-1), general-sum for the solitaire game (its BOT is
  part of the environment).
- Information state string: the acting role's view with its log (perfect recall);
  observation string and tensor: the view without the log, and the game's numeric
  observation vector.
- ``max_game_length`` = the game's bound on decisions plus its bound on chance events.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from warroom.core.protocol import Game, State, apply, clone, new_game, result, view
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


class WarroomState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a warroom state, with explicit chance nodes."""

    def __init__(self, game: WarroomGame) -> None:
        super().__init__(game)
        self._wg = game.warroom
        self._scenario = game.scenario
        self._ws: State[Any] | None = None
        self._pending: int | None = None   # player action waiting for chance outcomes
        self._chance: list[int] = []       # outcomes chosen so far for the pending step
        self._need = 0                     # outcomes of the pending chance node
        self._advance()

    # -- the explicit-chance machinery ------------------------------------------------
    def _advance(self) -> None:
        try:
            if self._ws is None:
                ws = new_game(self._wg, self._scenario, 0, None, chance=list(self._chance))
            else:
                ws = clone(self._ws)
                ws.data["chance_queue"] = list(self._chance)
                assert self._pending is not None
                apply(ws, self._pending)
        except ChanceNeeded as need:
            self._need = need.n
            return
        if ws.data["chance_queue"]:
            raise RuntimeError("chance outcomes left over: the rules are not deterministic")
        self._ws, self._pending, self._chance, self._need = ws, None, [], 0

    @property
    def warroom_state(self) -> State[Any]:
        assert self._ws is not None, "the initial chance events are not resolved yet"
        return self._ws

    # -- OpenSpiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        if self._need:
            return int(pyspiel.PlayerId.CHANCE)
        assert self._ws is not None
        if self._ws.active is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._wg.roles.index(self._ws.active)

    def _legal_actions(self, player: int) -> list[int]:
        assert self._ws is not None and not self._need
        return sorted(self._wg.legal_ids(self._ws))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._need
        p = 1.0 / self._need
        return [(i, p) for i in range(self._need)]

    def _apply_action(self, action: int) -> None:
        if self._need:
            if not 0 <= action < self._need:
                raise ValueError(f"chance outcome {action} is not in 0..{self._need - 1}; "
                                 "the state is unchanged")
            self._chance.append(action)
        else:
            assert self._ws is not None
            if action not in self._wg.legal_ids(self._ws):
                raise ValueError(f"action {action} is not legal now; the state is unchanged")
            self._pending = action
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action} (die face {action + 1})"
        return str(self._wg.catalogue[action].key)

    def is_terminal(self) -> bool:
        return not self._need and self._ws is not None and self._ws.active is None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self._wg.roles)
        assert self._ws is not None
        out = result(self._ws)
        assert out is not None
        return [float(out.returns.get(r, 0.0)) for r in self._wg.roles]

    def __str__(self) -> str:
        base = self._ws.dumps() if self._ws is not None else "setup"
        if self._need:
            return f"{base}\npending {self._pending} chance {self._chance} of {self._need}"
        return base


class WarroomObserver:
    """PyObserver: the acting role's view (string) and numeric observation (tensor)."""

    def __init__(self, wg: Game, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._wg = wg
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = 0 if self.perfect_recall else wg.observation_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: WarroomState, player: int) -> None:
        if self.tensor.size and state._ws is not None:
            self.tensor[:] = self._wg.observation(state._ws, self._wg.roles[player])

    def string_from(self, state: WarroomState, player: int) -> str:
        if state._ws is None:
            return "setup"
        v = view(state._ws, self._wg.roles[player])
        if not self.perfect_recall:
            v.pop("log", None)
        return json.dumps(v, sort_keys=True, separators=(",", ":"))


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

    def new_initial_state(self) -> WarroomState:
        return WarroomState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WarroomObserver:
        return WarroomObserver(self.warroom, iig_obs_type, params)


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
