"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a determinization of the root for the acting role (opponent hands,
deck order and future dice resampled through :func:`warroom.core.determinize`), walks the
tree choosing with UCB1 among the children whose action is legal in that sample (each
child counts how often it was available), expands one new action, optionally plays a random
rollout of at most ``rollout_depth`` decisions (default 0: the leaf is judged directly,
which measured better than random rollouts in eaw1940 and eit2, whose random play is poor),
and backs up one value per role: the game's returns when it ended, else the game's
evaluation squashed to (-1, 1). Nodes are keyed by
action key from the root, so one tree serves every sampled world.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from warroom.ai.bots import forced_or_choices
from warroom.core.actions import Action
from warroom.core.protocol import State, apply, determinize, legal_actions, result
from warroom.core.rng import Rng


@dataclass
class _Node:
    role: str | None = None
    visits: int = 0
    available: int = 0
    value: float = 0.0                       # total reward of the role who chose this node
    children: dict[str, _Node] = field(default_factory=dict)


class ISMCTSBot:
    """``iterations`` samples per decision (``ismcts`` in the CLI uses the defaults)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 150, rollout_depth: int = 0,
                 exploration: float = 0.7, scale: float = 10.0) -> None:
        self.rng = Rng(seed)
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.c = exploration
        self.scale = scale

    def choose(self, state: State[Any]) -> Action:
        only, legal = forced_or_choices(state)
        if only is not None:
            return only
        me = state.active
        assert me is not None
        root = _Node()
        for _ in range(self.iterations):
            world = determinize(state, me, self.rng)
            self._iterate(root, world)
        best = max(legal, key=lambda a: (root.children[a.key].visits
                                         if a.key in root.children else -1,
                                         -a.id))
        return best

    # -- one iteration -----------------------------------------------------------------
    def _iterate(self, root: _Node, world: State[Any]) -> None:
        path: list[_Node] = [root]
        node = root
        while world.active is not None:
            legal = legal_actions(world)
            role = world.active
            untried = [a for a in legal if a.key not in node.children]
            for a in legal:
                child = node.children.get(a.key)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[self.rng.randbelow(len(untried))]
                child = _Node(role=role)
                node.children[action.key] = child
                apply(world, action)
                path.append(child)
                break
            action = self._select(node, legal)
            node = node.children[action.key]
            apply(world, action)
            path.append(node)
        rewards = self._rollout(world)
        for n in path[1:]:
            n.visits += 1
            n.value += rewards.get(n.role or "", 0.0)

    def _select(self, node: _Node, legal: list[Action]) -> Action:
        best, best_score = legal[0], -math.inf
        for a in legal:
            child = node.children[a.key]
            mean = child.value / child.visits if child.visits else 0.0
            bonus = self.c * math.sqrt(math.log(max(1, child.available)) / (1 + child.visits))
            score = mean + bonus
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(self, world: State[Any]) -> dict[str, float]:
        for _ in range(self.rollout_depth):
            if world.active is None:
                break
            legal = legal_actions(world)
            apply(world, legal[self.rng.randbelow(len(legal))])
        out = result(world)
        game = world.game
        if out is not None:
            return dict(out.returns)
        return {r: math.tanh(game.evaluate(world, r) / self.scale) for r in game.roles}
