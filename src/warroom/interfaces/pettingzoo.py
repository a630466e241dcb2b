"""PettingZoo adapter: ``env(game_id, scenario=None, **options)`` returns an AEC environment.

- Agents are the game's roles; the eaw1940 Allied BOT is part of the environment, so that
  game is single-agent.
- Actions are ids of the game's fixed action catalogue (``Discrete(len(catalogue))``).
- Observations are ``{"observation": float32 vector of the agent's view (no hidden
  information), "action_mask": int8 mask of legal actions}``; the mask is all zeros for an
  agent whose turn it is not.
- Rewards are terminal, from the game's result (+1 win, 0 draw, -1 loss). Dice come from
  the game state's RNG, seeded by ``reset(seed=...)``: the same seed replays the same game;
  ``reset()`` without a seed (and no earlier seed) draws one from the operating system.
- ``step`` takes an integer action id (a Python or NumPy integer); anything else, or an id
  that is not legal, raises and changes nothing. ``reset(seed=...)`` takes a Python or
  NumPy integer from 0 to 2**64 - 1.
- ``render()`` shows the public view (what a spectator sees, no hand), as JSON: for every
  agent at once, so it never shows one agent's hidden cards. Render modes: ``ansi`` (the
  text returned) and ``human`` (printed).
"""

from __future__ import annotations

import json
import numbers
import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from warroom.core.errors import IllegalActionError, UnknownGameError
from warroom.core.protocol import State, apply, new_game, result, view
from warroom.core.rng import Rng, seed_problem
from warroom.games import load_game


class WarroomAECEnv(AECEnv):  # type: ignore[misc]
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "warroom_v0",
                "is_parallelizable": False}

    def __init__(self, game_id: str, scenario: str | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = load_game(game_id)
        if scenario is not None and not isinstance(scenario, str):
            names = ", ".join(map(repr, self.game.scenarios))
            raise ValueError(f"a scenario is named by a string ({names}), not {scenario!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of "
                             f"{', '.join(self.metadata['render_modes'])} or None, not "
                             f"{render_mode!r}")
        self.scenario = scenario or self.game.default_scenario
        if self.scenario not in self.game.scenarios:
            raise ValueError(f"{game_id} has no scenario {self.scenario!r}; choose one of "
                             f"{', '.join(self.game.scenarios)}")
        # an option the game does not know is refused here, not at the first reset() (an
        # audit); its values are the game's to check when a game starts
        unknown = sorted(set(options) - set(self.game.options_schema()))
        if unknown:
            known = ", ".join(sorted(self.game.options_schema())) or "none"
            raise ValueError(f"{game_id} has no option {', '.join(unknown)[:200]}; options: "
                             f"{known}")
        self.options = options
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"warroom_{self.game.id}_v0"}
        self.possible_agents = list(self.game.roles)
        n_actions = len(self.game.catalogue)
        n_obs = self.game.observation_size()
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=-1.0, high=1.0, shape=(n_obs,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
        }) for a in self.possible_agents}
        self._seeder: Rng | None = None
        self.state_: State[Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    # -- AEC API -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``options={"game": {...}}`` gives the game's options (tk's
        ``{"event": "15.3"}``, checked by ``new_game``), which replace the constructor's from
        then on, as ``seed`` reseeds the games that follow; other keys are not this
        environment's (PettingZoo's own API test passes ``{"options": 1}``)."""
        if seed is not None:
            if isinstance(seed, bool | np.bool_) or not isinstance(seed, numbers.Integral):
                raise ValueError(f"reset(seed=...) takes a whole number, not "
                                 f"{str(seed)[:40]!r}")
            seed = int(seed)                # a NumPy integer too
            problem = seed_problem(seed)
            if problem:
                raise ValueError(f"reset: {problem}")
        opts = self.options
        if options is not None and "game" in options:
            given = options["game"]
            if not isinstance(given, dict):
                raise UnknownGameError(f"reset(options={{'game': ...}}) takes a dict of the "
                                       f"game's options, not {str(given)[:40]!r}")
            new_game(self.game, self.scenario, 0, given)    # refused here, nothing changed
            opts = dict(given)
        if seed is not None:
            self._seeder = Rng(seed)
        elif self._seeder is None:
            self._seeder = Rng(secrets.randbits(64))
        game_seed = self._seeder.spawn() & ((1 << 63) - 1)
        self.options = opts
        self.state_ = new_game(self.game, self.scenario, game_seed, opts)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.state_.active or self.agents[0]
        self._finish_if_over()

    def _started(self) -> State[Any]:
        if self.state_ is None:
            raise RuntimeError("no game yet: call reset() before observe(), last() or step()")
        return self.state_

    def last(self, observe: bool = True) -> tuple[Any, ...]:
        self._started()
        return super().last(observe)  # type: ignore[no-any-return]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._started()
        if agent not in self.possible_agents:
            raise ValueError(f"{agent!r} is no agent of {self.game.id}; the agents are "
                             f"{', '.join(self.possible_agents)}")
        obs = np.asarray(self.game.observation(state, agent), dtype=np.float32)
        mask = np.zeros(len(self.game.catalogue), dtype=np.int8)
        if state.active == agent:
            mask[self.game.legal_ids(state)] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        self._started()
        agent = self.agent_selection
        if not self.agents or agent not in self.terminations:
            # every agent is done and gone: a bare KeyError said nothing (an audit)
            raise IllegalActionError("the game is over and every agent is done: call "
                                     "reset() for a new game", action=action)
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state_ is not None
        if (isinstance(action, bool | np.bool_) or not isinstance(action, numbers.Integral)):
            raise IllegalActionError(f"an action is an integer id of the catalogue, not "
                                     f"{str(action)[:40]!r}", action=action)
        apply(self.state_, int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state_.active is not None:
            self.agent_selection = self.state_.active
        self._finish_if_over()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish_if_over(self) -> None:
        assert self.state_ is not None
        out = result(self.state_)
        if out is None:
            return
        for a in self.agents:
            self.rewards[a] = float(out.returns.get(a, 0.0))
            self.terminations[a] = True
            self.infos[a] = {"outcome": out.label, "termination": out.termination.value,
                             "scores": dict(out.scores)}

    def render(self) -> str | None:
        if self.state_ is None:
            return None
        text = json.dumps({k: v for k, v in view(self.state_).items() if k != "log"},
                          indent=1)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game_id: str, scenario: str | None = None, render_mode: str | None = None,
        **options: Any) -> WarroomAECEnv:
    """An AEC environment of ``game_id`` (see the module docstring)."""
    return WarroomAECEnv(game_id, scenario, render_mode, **options)
