"""``rollout``: Monte Carlo policy improvement of a game's script (Tesauro and Galperin,
"On-line policy improvement using Monte-Carlo search", 1996; Bertsekas's rollout
algorithm).

The game's ``aggressive`` script (:func:`warroom.ai.aggressive.script_for`) is the *base
policy*. At a decision where the script weighs alternatives (its ``options``: in sfe, at each
operation choice of 7.1, its best battles and moves and every other legal operation), the
bot plays each alternative out to the end of the game many times, both sides then played by
the script, in worlds resampled for what the acting role cannot know
(:func:`warroom.core.determinize`), and takes the alternative that won most. Every other
decision (the rest of the chosen operation, a battle's answers) is the script's, following
the plan of the alternative chosen.

If the estimates were exact, the rollout policy would be at least as good as the script
(policy improvement); with a finite budget it is as good as the estimates. Two things make
them better for the same budget:

- *common random numbers*: rollout ``j`` of every alternative starts from the same world
  (the same hidden cards and the same dice seed) with the same script seed, so differences
  between alternatives are not drowned in the luck of the worlds;
- *sequential halving* (Karnin, Koren and Somekh 2013): the budget is spent in rounds, and
  after each round the worse half of the alternatives is dropped, so the close contenders
  get most of the rollouts.

Parameters: ``rollouts`` (the budget per decision, default 64), or ``seconds`` (a time
budget: the alternatives are played in turn until it is spent; the choice then depends on
the machine's speed), ``top`` (compare at most this many of the script's alternatives, in
its order; 0: all). In eit2 the alternatives are every legal action of an Action Round
(7.1) and of the choice of what OPs do (6.1-6.2). A game without a script (eaw1940, tk) has
none: the bot plays as ``greedy``, like ``aggressive``, and says so in ``note``. With a
rollout budget the choice is a function of the seed and of what the acting role may know.

With ``tree=True`` (the engine of ``ismcts:plans=script``, not a parameter of ``rollout``'s
spec) a playout does not hand the game to the script straight after the root's
alternative: it goes down a tree of the later alternatives of both roles (information-set
MCTS over macro-actions; :meth:`RolloutBot._descend`), and only its new leaf is played out
by the script. The root is compared as above.
"""

from __future__ import annotations

import gc
import math
import time
from typing import Any, ClassVar

from warroom.ai.aggressive import ScriptOption, script_for
from warroom.ai.bots import GreedyBot, forced_or_choices
from warroom.ai.playout import pause_collector, rollout_to_end
from warroom.core.actions import Action
from warroom.core.errors import UnknownGameError
from warroom.core.protocol import State, apply_id, clone, determinize, result
from warroom.core.rng import Rng

MAX_STEPS = 100_000
"""A rollout longer than this many decisions is a runaway (a rules bug), not a game."""


class RolloutBot:
    """Monte Carlo policy improvement over the game's script (see the module's docstring)."""

    name = "rollout"
    params: ClassVar[dict[str, type]] = {"rollouts": int, "seconds": float, "top": int}

    def __init__(self, seed: int = 0, rollouts: int = 64, seconds: float | None = None,
                 top: int = 0, *, tree: bool = False, c: float = 0.7) -> None:
        if rollouts < 1:
            raise UnknownGameError(f"rollout: rollouts must be at least 1, not {rollouts}")
        if seconds is not None and not 0 < seconds <= 3600:
            raise UnknownGameError(f"rollout: seconds must be in (0, 3600], not {seconds}")
        if top < 0:
            raise UnknownGameError(f"rollout: top must be 0 (all) or more, not {top}")
        if c < 0:
            raise UnknownGameError(f"rollout: c must be >= 0, not {c}")
        self.rng = Rng(seed)
        self.tree = tree
        self.c = c
        self._roots: list[_PlanNode] = []
        self._depth = 0
        self._by_role: list[int] = []
        self.rollouts = rollouts
        self.seconds = seconds
        self.top = top
        self.script: Any = None
        self.greedy = GreedyBot(seed)
        self.game_id: str | None = None
        self.note = ""
        self.last: dict[str, Any] = {}

    def base_script(self, game_id: str) -> Any:
        if self.game_id != game_id:
            self.game_id = game_id
            self.script = script_for(game_id, self.rng)
            if self.script is None:
                self.note = (f"rollout has no script for {game_id!r} to improve on: it "
                             "plays as greedy (one ply on the game's evaluation)")
        return self.script

    def choose(self, state: State[Any]) -> Action:
        only, legal = forced_or_choices(state)
        if only is not None:
            return only
        role = state.active
        assert role is not None
        script = self.base_script(state.game.id)
        if script is None:
            return self.greedy.choose(state)
        world = determinize(state, role, self.rng)
        options: list[ScriptOption] = script.options(world, legal)
        if self.top:
            options = options[:self.top]
        if len(options) < 2:
            self.last = {}
            if options:
                script.adopt(role, options[0])
                return options[0].action
            return script.decide(world, legal)    # type: ignore[no-any-return]
        best = self._compare(state, role, options)
        script.adopt(role, best)
        return best.action

    # -- the comparison ---------------------------------------------------------------------
    def _compare(self, state: State[Any], role: str, options: list[ScriptOption]
                 ) -> ScriptOption:
        worlds: list[tuple[State[Any], int]] = []

        def world(j: int) -> tuple[State[Any], int]:
            while len(worlds) <= j:
                worlds.append((determinize(state, role, self.rng), self.rng.spawn()))
            return worlds[j]

        self._roots = [_PlanNode(state.game.roles.index(role)) for _ in options]
        self._depth = 0
        self._by_role = [0] * len(state.game.roles)
        alive = list(range(len(options)))
        total = [0.0] * len(options)
        played = [0] * len(options)
        paused = pause_collector()          # plain data: no cycles for it to find
        try:
            if self.seconds is not None:
                deadline = time.perf_counter() + self.seconds
                j = 0
                while j == 0 or time.perf_counter() < deadline:
                    w, s = world(j)
                    for i in alive:
                        total[i] += self._playout(w, s, role, i, options[i])
                        played[i] += 1
                    j += 1
            else:
                rounds = max(1, (len(options) - 1).bit_length())
                j = 0
                while True:
                    per = max(1, self.rollouts // (rounds * len(alive)))
                    for _ in range(per):
                        w, s = world(j)
                        for i in alive:
                            total[i] += self._playout(w, s, role, i, options[i])
                            played[i] += 1
                        j += 1
                    alive.sort(key=lambda i: (-total[i] / played[i], i))
                    alive = alive[:(len(alive) + 1) // 2]
                    if len(alive) == 1:
                        break
        finally:
            if paused:
                gc.enable()
        best = max(alive, key=lambda i: (total[i] / played[i], -i))
        self.last = {"rollouts": sum(played), "worlds": len(worlds),
                     "options": [{"option": o.label, "key": o.action.key,
                                  "value": round(total[i] / played[i], 4) if played[i] else None,
                                  "rollouts": played[i]} for i, o in enumerate(options)],
                     "chosen": options[best].label}
        if self.tree:
            roles = state.game.roles
            self.last["tree"] = {"nodes": sum(self._by_role), "depth": self._depth,
                                 "nodes_by_role": {r: self._by_role[k]
                                                   for k, r in enumerate(roles)}}
        return options[best]

    def _playout(self, start: State[Any], seed: int, role: str, i: int,
                 option: ScriptOption) -> float:
        """``option`` (the root's alternative ``i``) played in a copy of ``start``, then, with
        ``tree``, down the tree of later alternatives (:meth:`_descend`), then the script
        for both sides to the end of the game: ``role``'s return."""
        st = clone(start)
        game = st.game
        script = script_for(game.id, Rng(seed))
        assert script is not None
        script.adopt(role, option)
        apply_id(st, option.action.id)
        root = self._roots[i]
        path = [root, *self._descend(st, script, root)] if self.tree else []
        cat = game.catalogue

        def pick(w: State[Any], ids: list[int]) -> int:
            return int(script.decide(w, [cat[a] for a in ids]).id)
        rollout_to_end(st, self.rng, MAX_STEPS, policy=pick)
        out = result(st)
        if out is None:
            raise RuntimeError(f"a rollout of {game.id} ran past {MAX_STEPS} decisions "
                               "without ending: a runaway in the rules")
        returns = out.returns
        roles = game.roles
        for n in path:
            n.visits += 1
            n.total += float(returns.get(roles[n.ridx], 0.0))
        return float(returns.get(role, 0.0))

    # -- the tree of later alternatives (ismcts:plans=script) -------------------------------
    def _descend(self, st: State[Any], script: Any, node: _PlanNode) -> list[_PlanNode]:
        """Play ``st`` on from ``node`` in place: the script answers every decision that
        is not a choice between its alternatives; at each such choice, of either role, a
        child is selected (UCB1 over the children available in this world) or, once per
        playout, a new one added (progressive widening, the script's own choice first),
        and its alternative played. The path of nodes selected, the new leaf last (empty
        if the game ended before the next choice)."""
        game = st.game
        data = st.data
        cat = game.catalogue
        roles = game.roles
        path: list[_PlanNode] = []
        for _ in range(MAX_STEPS):
            if data["active"] is None:
                return path
            ids = game.legal_ids(st)
            if len(ids) == 1:
                apply_id(st, ids[0])
                continue
            legal = [cat[a] for a in ids]
            options: list[ScriptOption] = script.options(st, legal)
            if len(options) < 2:
                apply_id(st, script.decide(st, legal).id)
                continue
            who = data["active"]
            option, child, new = self._select(node, st, script, legal, options,
                                              roles.index(who))
            script.adopt(who, option)
            apply_id(st, option.action.id)
            path.append(child)
            if new:
                self._depth = max(self._depth, len(path) + 1)   # the root's option counted
                return path
            node = child
        raise RuntimeError(f"a playout of {game.id} ran past {MAX_STEPS} decisions without "
                           "ending: a runaway in the rules")

    def _select(self, node: _PlanNode, st: State[Any], script: Any, legal: list[Action],
                options: list[ScriptOption], ridx: int
                ) -> tuple[ScriptOption, _PlanNode, bool]:
        """The alternative to play at ``node`` in this world, its child node, and whether
        the child is new. A node visited ``n`` times may have ``floor(sqrt(n + 1))``
        children (at least one): the first is the script's own choice, the next ones in the
        script's order; among the children available here (their alternative offered in
        this world: ``avail`` counts it) UCB1 picks, ``mean + c * sqrt(ln(avail) / visits)``
        for the role choosing."""
        children = node.children
        available: list[tuple[ScriptOption, _PlanNode]] = []
        for o in options:
            ch = children.get(o.label)
            if ch is not None:
                ch.avail += 1
                available.append((o, ch))
        if len(available) < len(options) and (
                not available or len(available) < int(math.sqrt(node.visits + 1))):
            option = self._untried(st, script, legal, options, children)
            child = _PlanNode(ridx)
            child.avail = 1
            children[option.label] = child
            self._by_role[ridx] += 1
            return option, child, True
        c = self.c
        best_o, best = available[0]
        best_score = -math.inf
        for o, ch in available:
            score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best_score:
                best_o, best, best_score = o, ch, score
        return best_o, best, False

    @staticmethod
    def _untried(st: State[Any], script: Any, legal: list[Action],
                 options: list[ScriptOption], children: dict[str, _PlanNode]) -> ScriptOption:
        """The next alternative to add at a node: the script's own choice if it is not a
        child yet (:meth:`ScriptOption.matches`), else the first of the script's order that
        is not."""
        if not children:
            choice = script.decide(st, legal)
            plan = getattr(script, "plans", {}).get(st.data["active"])
            for o in options:
                if o.matches(choice, plan):
                    return o
        for o in options:
            if o.label not in children:
                return o
        raise AssertionError("no alternative left to add")


class _PlanNode:
    """A node of the tree of alternatives: the statistics of the alternative that leads to
    it, for the role (index ``ridx``) who chose it; its children by alternative label."""

    __slots__ = ("avail", "children", "ridx", "total", "visits")

    def __init__(self, ridx: int) -> None:
        self.ridx = ridx
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[str, _PlanNode] = {}


__all__ = ["RolloutBot"]
