"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The bot plans for the role to act (``me``) over *determinizations*: worlds in which
everything ``me`` cannot know (the opponent's hand, deck orders, future dice) is resampled
by :func:`warroom.core.determinize`. One tree of action ids from the root serves every
world; a child counts how often it was *available* (legal in the world of an iteration),
and selection is UCB1 over availability (``algo=uct``) or PUCT with priors
(``algo=puct``: ``Q + c * P * sqrt(available) / (1 + visits)``; the prior is uniform
unless a ``prior(state, legal_ids) -> list[float]`` hook is given).

Plans, not clicks. A leaf is not judged where it stands when the acting role is half way
through an operation (a card played but its spaces not chosen, a move whose battle is
still to be fought): a rollout with a fast default policy (``policy=random``, or the prior
hook's probabilities) carries it to the end of the operation, and the position is judged
there (``value(state, me) -> {role: value}``, ``me`` the role to act at the root;
default ``tanh(game.evaluate / scale)``). So a
move that leads to a won battle is valued as a won battle. Where an operation ends is read
from the core decision stack alone (see :meth:`ISMCTSBot._op_end`), for every game.

Speed. ``worlds`` determinizations are sampled once per decision and cycled through the
iterations (iteration ``i`` plays in world ``i mod worlds``). Within a world the game is
deterministic, so what a tree node is in that world is kept: its legal ids (computed once
per node and world), whether the operation has ended there, the result if the game is over,
and, once the node is reached a second time in that world, its state (up to ``cache``
states; ``keep_depth``: nodes that shallow keep their state at once), from which the next
iteration starts instead of replaying the path from the world's root. Actions are applied
by id without the legality check of :func:`warroom.core.apply`
(:func:`warroom.core.protocol.apply_id`); the position is evaluated once per iteration
(the other side's value is its negation); the cyclic garbage collector is paused during a
search (plain data holds no cycles).

Large action sets (eit2's 40-89 spaces) are handled by progressive widening: a node with
``n`` visits may have at most ``pw * n ** pw_alpha`` children (at least one), new children
taken in a random order (or by decreasing prior with a prior hook).

With an iteration budget (``iterations=400``) and no time budget the choice is a function
of the bot's seed and what ``me`` may know: the same for every state ``me`` cannot tell
apart (the worlds are resampled, never read from the real hidden cards).
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from warroom.ai.aggressive import script_for
from warroom.ai.bots import forced_or_choices
from warroom.ai.playout import (
    GAME_ROLLOUT_CAP,
    PriorFn,
    ScriptPolicy,
    default_step,
    pause_collector,
    rollout_to_end,
)
from warroom.ai.rollout import RolloutBot
from warroom.core.actions import Action
from warroom.core.errors import UnknownGameError
from warroom.core.protocol import State, apply_id, clone, determinize, result
from warroom.core.rng import Rng

ValueFn = Callable[[State[Any], str], Mapping[str, float]]
"""``value(state, me) -> {role: value in [-1, 1]}`` for a position that is not over, judged
for a search by ``me`` (the role to act at its root)."""

ALGOS = ("uct", "puct")
PLANS = ("", "script")
PLAN_ITERATIONS = 64
"""``plans=script``: the playouts to the end of the game a decision gets by default (the
``rollout`` bot's budget)."""
ROLLOUTS = ("operation", "none", "game")
POLICIES = ("random", "prior", "aggressive", "tactical")
GUIDES = ("", "aggressive")


class _Slot:
    """What a tree node is in one world: its state (when kept), legal ids, the order in
    which untried ids are expanded, and where the acting role's operation stands."""

    __slots__ = ("deep", "done", "legal", "lset", "order", "priors", "ptr", "state", "value")

    def __init__(self, state: State[Any] | None, deep: bool, done: bool) -> None:
        self.state = state
        self.deep = deep            # the stack went deeper than the root's since the root
        self.done = done            # the root role's operation ended on the way here
        self.legal: list[int] | None = None
        # the legal ids as a set for membership tests (made once, when first asked)
        self.lset: set[int] | list[int] | None = None
        self.order: list[int] = []
        self.ptr = 0
        self.priors: dict[int, float] | None = None
        self.value: tuple[float, ...] | None = None   # the result, once the game is over


class _Node:
    """A node of the tree: the statistics of the action that leads to it, for the role
    (index ``ridx``) who chose it, and its children by action id."""

    __slots__ = ("avail", "children", "prior", "ridx", "slots", "total", "visits")

    def __init__(self, ridx: int, prior: float) -> None:
        self.ridx = ridx
        self.prior = prior
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[int, _Node] = {}
        self.slots: dict[int, _Slot] = {}


class ISMCTSBot:
    """Information-set MCTS. Parameters (all settable in a bot spec such as
    ``ismcts:seconds=0.5,c=0.7``; see :attr:`params`):

    - ``iterations`` (default 1000, the strongest budget measured for issue 14: about 0.15 s
      a decision on one free core) or ``seconds``: a time budget per decision (with both,
      whichever ends first; with ``seconds`` the choice depends on the machine's speed, so
      it is not reproducible);
    - ``c`` (0.7): the exploration constant; ``algo``: ``uct`` or ``puct``;
    - ``pw`` (2.0) and ``pw_alpha`` (0.5): progressive widening (``pw=0``: none, every
      legal action is expanded before any is selected twice);
    - ``rollout``: ``operation`` (play on to the end of the acting role's operation, then
      judge), ``none`` (judge the leaf where it stands) or ``game`` (play on to the end of
      the game and take its result: with ``policy=aggressive,eps=0`` the value of a leaf is
      how the script would fare from there; the evaluation judges only a rollout cut off
      after :data:`GAME_ROLLOUT_CAP` decisions); ``policy``: ``random`` or
      ``prior`` (sample the prior hook) or ``aggressive`` (the game's aggressive script,
      :func:`warroom.ai.aggressive.script_for`, for both sides, a uniformly random action
      with probability ``eps``, default 0.2; random play in a game without a script) or
      ``tactical`` (the script answers only the frames it lists in ``TACTICAL``, sfe's
      battle and supply-loss decisions; the rest uniform) for those rollouts;
      ``rollout_cap`` (200) decisions at most;
    - ``worlds`` (8): determinizations sampled per decision and cycled; ``cache`` (20000):
      the most states kept in the tree; ``keep_depth`` (0): nodes up to this depth keep
      their state from their first visit (deeper ones from their second);
    - ``scale`` (10): the default value is ``tanh(evaluate / scale)``;
    - ``norm`` (0): with ``norm=1``, UCT compares each child's mean value rescaled to
      [0, 1] between the lowest and the highest mean of any node of the same role in this
      search (MuZero's min-max normalisation), so that a search whose values all lie close
      together (a side far ahead or far behind, where ``tanh`` saturates) still tells its
      moves apart instead of spreading its visits evenly (PUCT rescales the same way);
    - ``prior_depth`` (0: everywhere): with a prior hook (a model, or ``guide``), ask it
      only at nodes fewer than this many actions below the root; deeper nodes spread their
      prior evenly and widen in random order, as without a hook. A network's prior costs
      an observation and a pass through the network at every node it is asked at (eit2:
      about as much as an iteration of the plain search); asked at the root only, a
      guided search runs about as many iterations as the plain one;
    - ``guide`` (empty) and ``guide_w`` (0.5): with ``guide=aggressive`` the prior is
      ``guide_w`` on the game's aggressive script's choice and the rest spread evenly over
      the legal actions (it orders widening under UCT and weighs PUCT's exploration); not
      with a model's prior;
    - ``plans`` (empty): with ``plans=script`` the tree is one of *plans*, not clicks
      (macro-actions): in a game with a script (:func:`warroom.ai.aggressive.script_for`:
      sfe, eit2) its edges are the alternatives the script weighs (``options``: in sfe
      each operation choice's best battles and moves and every other operation), every
      other decision is the script's following the plan chosen, and every leaf is played
      to the end of the game by the script (:class:`warroom.ai.rollout.RolloutBot` with
      ``tree``: sequential halving with common random numbers at the root, UCB1 with
      progressive widening from the script's own choice below it, the opponent's
      alternatives searched too). ``iterations`` (default :data:`PLAN_ITERATIONS`) counts
      those playouts, ``seconds`` overrides it, ``c`` is UCB1's constant; the other
      parameters do not apply. In a game without a script it is the plain search.

    ``prior`` and ``value`` hooks (functions, for learned policies) are keyword arguments.
    """

    name = "ismcts"
    params: ClassVar[dict[str, type]] = {
        "iterations": int, "seconds": float, "c": float, "algo": str, "pw": float,
        "pw_alpha": float, "rollout": str, "policy": str, "rollout_cap": int,
        "worlds": int, "cache": int, "keep_depth": int, "scale": float, "eps": float,
        "norm": int, "guide": str, "guide_w": float, "plans": str, "prior_depth": int,
        # ismcts:model=PATH[,mix=M]: make_bot turns them into the prior and value hooks
        "model": str, "mix": float,
    }

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 seconds: float | None = None, c: float = 0.7, algo: str = "uct",
                 pw: float = 2.0, pw_alpha: float = 0.5, rollout: str = "operation",
                 policy: str = "random", rollout_cap: int = 200, worlds: int = 8,
                 cache: int = 20_000, keep_depth: int = 0, scale: float = 10.0,
                 eps: float = 0.2, norm: int = 0, guide: str = "", guide_w: float = 0.5,
                 plans: str = "", prior_depth: int = 0, prior: PriorFn | None = None,
                 value: ValueFn | None = None) -> None:
        plan_budget = iterations if iterations is not None or seconds is not None \
            else PLAN_ITERATIONS
        if iterations is None and seconds is None:
            iterations = 1000
        problems = []
        if plans not in PLANS:
            problems.append(f"plans must be one of {', '.join(map(repr, PLANS))}, not "
                            f"{plans!r}")
        if plans and (prior is not None or value is not None or guide):
            problems.append("plans=script searches the script's alternatives and plays "
                            "every leaf out by the script: no model or guide")
        if iterations is not None and iterations < 1:
            problems.append(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and not (0 < seconds <= 3600):
            problems.append(f"seconds must be in (0, 3600], not {seconds}")
        if algo not in ALGOS:
            problems.append(f"algo must be one of {', '.join(ALGOS)}, not {algo!r}")
        if rollout not in ROLLOUTS:
            problems.append(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if policy not in POLICIES:
            problems.append(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
        if policy == "prior" and prior is None and not guide:
            problems.append("policy=prior needs a prior hook")
        if not (c >= 0 and pw >= 0 and 0 < pw_alpha <= 1 and scale > 0):
            problems.append("c and pw must be >= 0, pw_alpha in (0, 1], scale > 0")
        if not 0 <= eps <= 1:
            problems.append(f"eps must be in [0, 1], not {eps}")
        if norm not in (0, 1):
            problems.append(f"norm must be 0 or 1, not {norm}")
        if guide not in GUIDES:
            problems.append(f"guide must be one of {', '.join(map(repr, GUIDES))}, not "
                            f"{guide!r}")
        if guide and prior is not None:
            problems.append("guide and a prior hook (a model) exclude each other")
        if not 0 < guide_w <= 1:
            problems.append(f"guide_w must be in (0, 1], not {guide_w}")
        if prior_depth < 0:
            problems.append(f"prior_depth must be >= 0 (0: everywhere), not {prior_depth}")
        if worlds < 1 or cache < 0 or rollout_cap < 0:
            problems.append("worlds must be >= 1, cache and rollout_cap >= 0")
        if problems:
            raise UnknownGameError("ismcts: " + "; ".join(problems))
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.puct = algo == "puct"
        self.pw = pw
        self.pw_alpha = pw_alpha
        self.rollout = rollout == "operation"
        self.rollout_game = rollout == "game"
        self._plans: dict[str, Any] | None = None
        self.policy = policy
        self.rollout_cap = rollout_cap
        self.n_worlds = worlds
        self.cache = cache
        self.keep_depth = keep_depth
        self.scale = scale
        self.eps = eps
        self.norm = bool(norm)
        self.guide = guide
        self.guide_w = guide_w
        self.prior_depth = prior_depth
        self._prior: PriorFn | None = prior
        self.prior = prior
        self.value = value
        self.last: dict[str, Any] = {}
        """Statistics of the last search: iterations, seconds, worlds, nodes, states kept."""
        self._logs: list[float] = [0.0]
        """``math.log(i)`` at index ``i`` (from 1), as far as a search has needed: UCB1's
        exploration term reads it instead of calling ``math.log`` for every child."""
        self._planner = (RolloutBot(seed, rollouts=plan_budget or 1, seconds=seconds,
                                    tree=True, c=c) if plans else None)

    @staticmethod
    def effective_params(params: Mapping[str, Any]) -> dict[str, Any]:
        """A spec's parameters with the budget it leaves out made explicit (``ismcts`` is
        ``ismcts:iterations=1000``; with ``plans=script``, :data:`PLAN_ITERATIONS`), so that
        two specs of one bot are known as one (a review: a tournament took both)."""
        out = dict(params)
        if out.get("iterations") is None and out.get("seconds") is None:
            out["iterations"] = PLAN_ITERATIONS if out.get("plans") else 1000
        return out

    # -- the decision ---------------------------------------------------------------------
    def choose(self, state: State[Any]) -> Action:
        only, legal = forced_or_choices(state)
        if only is not None:
            self.last = {"iterations": 0, "seconds": 0.0}
            return only
        planner = self._planner
        if planner is not None and planner.base_script(state.game.id) is not None:
            start = time.perf_counter()
            choice = planner.choose(state)
            self.last = {**planner.last, "iterations": planner.last.get("rollouts", 0),
                         "seconds": time.perf_counter() - start}
            return choice
        me = state.active
        assert me is not None
        game = state.game
        self._roles = game.roles
        self._me = me
        self._me_idx = game.roles.index(me)
        self._op = OperationEnd(state)
        self._depth0 = self._op.depth
        self._kept = 0
        self._worlds: list[_Slot] = []
        self._policy = (self._script_policy(game.id) if self.policy == "aggressive"
                        else self._tactical_policy(game.id) if self.policy == "tactical"
                        else None)
        self._prior = self._script_prior(game.id) if self.guide else self.prior
        root = _Node(-1, 1.0)
        # the lowest and highest mean value of a node for each role seen in this search
        # (norm=1: selection compares means rescaled to [0, 1] between them)
        self._lo = [math.inf] * len(game.roles)
        self._hi = [-math.inf] * len(game.roles)
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        budget = self.iterations if self.iterations is not None else 1 << 62
        n = 0
        collecting = pause_collector()      # see there: on the main thread only
        logs = self._logs
        try:
            while n < budget:
                if n + 2 > len(logs):
                    # a child's availability is at most one more than the iterations before
                    # this one: the table of logarithms reaches that far
                    logs.extend(map(math.log, range(len(logs), 2 * len(logs) + 64)))
                k = n % self.n_worlds
                if k == len(self._worlds):
                    self._worlds.append(self._new_world(state, root, k))
                self._iterate(root, k)
                n += 1
                if deadline != math.inf and time.perf_counter() >= deadline:
                    break
            cat = game.catalogue
            self.last = {"iterations": n, "seconds": time.perf_counter() - start,
                         "worlds": len(self._worlds), "states_kept": self._kept,
                         "root_children": len(root.children),
                         "visits": {cat[a].key: ch.visits for a, ch in root.children.items()},
                         "values": {cat[a].key: round(ch.total / ch.visits, 4)
                                    for a, ch in root.children.items() if ch.visits}}
            # the most visited, then the best valued, then the lowest id
            choice = legal[0]
            best: tuple[int, float, int] | None = None
            for a in legal:
                ch = root.children.get(a.id)
                rank = ((-1, 0.0, -a.id) if ch is None
                        else (ch.visits, ch.total / ch.visits if ch.visits else 0.0, -a.id))
                if best is None or rank > best:
                    choice, best = a, rank
        finally:
            # The tree and the worlds are freed while the collector is still paused: its
            # first run after a resume would otherwise trace every object the search made
            # (none was collected while paused, so all are young), only to see them freed.
            self._worlds = []
            del root
            ch = None               # the last child ranked: its subtree goes too
            if collecting:
                gc.enable()
        return choice

    def _script_policy(self, game_id: str) -> ScriptPolicy | None:
        """The rollout policy of ``policy=aggressive``: the game's script (None: random)."""
        script = script_for(game_id, self.rng)
        if script is None:
            return None
        rng = self.rng
        eps = self.eps
        plans = getattr(script, "plans", None)
        self._plans = plans

        def pick(st: State[Any], ids: list[int]) -> int:
            if eps and rng.random() < eps:
                return ids[rng.randbelow(len(ids))]
            if plans is not None and st.data["stack"][-1]["kind"] == "operation":
                plans.clear()           # a plan belongs to one world's operation
            cat = st.game.catalogue
            return script.decide(st, [cat[a] for a in ids]).id
        return pick

    def _tactical_policy(self, game_id: str) -> ScriptPolicy | None:
        """The rollout policy of ``policy=tactical``: the game's script answers the frames
        it lists as tactical (``TACTICAL``: sfe's battle and supply-loss decisions), the
        rest is uniform (None: a game without a script, or without tactical frames, rolls
        out uniformly)."""
        script = script_for(game_id, self.rng)
        if script is None or not script.TACTICAL:
            return None
        rng = self.rng
        tactical = script.TACTICAL

        def pick(st: State[Any], ids: list[int]) -> int:
            if st.data["stack"][-1]["kind"] in tactical:
                cat = st.game.catalogue
                return script.decide(st, [cat[a] for a in ids]).id
            return ids[rng.randbelow(len(ids))]
        return pick

    def _script_prior(self, game_id: str) -> PriorFn | None:
        """The prior of ``guide=aggressive``: ``guide_w`` on the game's aggressive script's
        choice, the rest spread evenly over the legal ids (None in a game without a
        script: the plain search)."""
        script = script_for(game_id, self.rng)
        if script is None:
            return None
        w = self.guide_w
        plans = getattr(script, "plans", None)

        def prior(st: State[Any], ids: Sequence[int]) -> list[float]:
            if plans is not None:
                plans.clear()       # a node's state, not the order nodes are visited in
            cat = st.game.catalogue
            pick = script.decide(st, [cat[a] for a in ids]).id
            rest = (1.0 - w) / len(ids)
            return [rest + w if a == pick else rest for a in ids]
        return prior

    def _new_world(self, state: State[Any], root: _Node, k: int) -> _Slot:
        world = determinize(state, self._me, self.rng)
        slot = _Slot(world, False, False)
        root.slots[k] = slot
        self._fill(slot, world, 0)
        return slot

    # -- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: _Node, k: int) -> None:
        node = root
        slot = root.slots[k]
        st = slot.state
        assert st is not None
        owned = False               # st may be changed in place (no slot keeps it)
        path = [root]
        c = self.c
        puct = self.puct
        pw = self.pw
        # plain UCT: availability and selection scores in one pass over the children
        plain = not puct and not self.norm
        logs = self._logs           # logs[i] == math.log(i), for every availability count
        sqrt = math.sqrt
        while True:
            if slot.value is not None:              # the game is over here
                rewards = slot.value
                break
            legal = slot.legal
            if legal is None:
                legal = self._fill(slot, st, len(path) - 1)
                if slot.value is not None:
                    rewards = slot.value
                    break
            children = node.children
            nl = len(legal)
            nc = len(children)
            # availability: each expanded child legal in this world was available once more
            available: list[tuple[int, _Node]] = []
            na = 0
            best: _Node | None = None
            best_a = -1
            best_score = -math.inf
            # fewer children than legal ids: the children are walked, each looked up in the
            # legal ids (as a set, made once per node and world, when there are many)
            lset: set[int] | list[int] = legal
            if nc and nc <= nl:
                kept = slot.lset
                if kept is None:
                    kept = slot.lset = set(legal) if nl > 8 else legal
                lset = kept
            if not nc:
                pass
            elif plain:
                # the same availability counts, and the same scores in the same order
                # (the first best wins), as the general pass below; the scores are worked
                # out only where this node may be selected from
                if nc <= nl:
                    if nc < nl and pw <= 0:
                        for a in children:
                            if a in lset:
                                children[a].avail += 1
                                na += 1
                    else:
                        for a, ch in children.items():
                            if a in lset:
                                av = ch.avail + 1
                                ch.avail = av
                                na += 1
                                v = ch.visits
                                score = ch.total / v + c * sqrt(logs[av] / v)
                                if score > best_score:
                                    best, best_a, best_score = ch, a, score
                else:
                    get = children.get
                    for a in legal:
                        ch2 = get(a)
                        if ch2 is not None:
                            av = ch2.avail + 1
                            ch2.avail = av
                            na += 1
                            v = ch2.visits
                            score = ch2.total / v + c * sqrt(logs[av] / v)
                            if score > best_score:
                                best, best_a, best_score = ch2, a, score
            elif nc <= nl:
                for a, ch in children.items():
                    if a in lset:
                        ch.avail += 1
                        available.append((a, ch))
                na = len(available)
            else:
                for a in legal:
                    ch2 = children.get(a)
                    if ch2 is not None:
                        ch2.avail += 1
                        available.append((a, ch2))
                na = len(available)
            # expansion (progressive widening) or selection
            untried = -1
            if na < nl and (not na or pw <= 0
                            or na < pw * (node.visits + 1) ** self.pw_alpha):
                untried = self._next_untried(slot, children)
            if untried >= 0:
                active = st.data["active"]
                ridx = self._roles.index(active)
                priors = slot.priors
                child = _Node(ridx, priors[untried] if priors is not None
                              else 1.0 / len(legal))
                child.avail = 1
                children[untried] = child
                st = st if owned else clone(st)
                apply_id(st, untried)
                cslot = self._child_slot(slot, st, len(path))
                child.slots[k] = cslot
                path.append(child)
                if cslot.state is not None:
                    owned = False
                rewards = self._leaf(cslot, st, owned or cslot.state is None)
                break
            # selection among the expanded children available in this world
            lo = 0.0
            inv = 1.0
            if plain:
                pass                # chosen in the pass above
            elif self.norm:
                r = available[0][1].ridx
                lo = self._lo[r]
                width = self._hi[r] - lo
                inv = 1.0 / width if width > 1e-9 else 0.0
            if puct:
                for a, ch in available:
                    q = (ch.total / ch.visits - lo) * inv if ch.visits else 0.0
                    score = q + c * ch.prior * math.sqrt(ch.avail) / (1 + ch.visits)
                    if score > best_score:
                        best, best_a, best_score = ch, a, score
            elif self.norm:
                for a, ch in available:
                    v = ch.visits
                    score = ((ch.total / v - lo) * inv
                             + c * math.sqrt(math.log(ch.avail) / v))
                    if score > best_score:
                        best, best_a, best_score = ch, a, score
            assert best is not None
            node = best
            path.append(node)
            nslot = node.slots.get(k)
            if nslot is not None and nslot.state is not None:
                st = nslot.state
                owned = False
                slot = nslot
                continue
            st = st if owned else clone(st)
            apply_id(st, best_a)
            if nslot is None:
                nslot = self._child_slot(slot, st, len(path) - 1)
                node.slots[k] = nslot
                owned = nslot.state is None
            elif self._kept < self.cache:
                nslot.state = st        # a node visited again in this world: keep its state
                self._kept += 1
                owned = False
            else:
                owned = True
            slot = nslot
        root.visits += 1
        if self.norm:
            lows = self._lo
            highs = self._hi
            for n in path[1:]:
                n.visits += 1
                n.total += rewards[n.ridx]
                q = n.total / n.visits
                r = n.ridx
                if q < lows[r]:
                    lows[r] = q
                if q > highs[r]:
                    highs[r] = q
            return
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.ridx]

    def _child_slot(self, parent: _Slot, st: State[Any], depth: int) -> _Slot:
        """The slot of a node just reached in this world (``depth`` actions below the root),
        keeping its state if it is shallow enough and room is left."""
        data = st.data
        deep = parent.deep or len(data["stack"]) > self._depth0
        done = parent.done or self._op.ended(st, deep)
        keep = depth <= self.keep_depth and self._kept < self.cache
        if keep:
            self._kept += 1
        return _Slot(st if keep else None, deep, done)

    def _fill(self, slot: _Slot, st: State[Any], depth: int) -> list[int]:
        """Compute a slot's legal ids and expansion order (or its result: game over); the
        prior hook is asked only ``prior_depth`` actions below the root (``depth``)."""
        game = st.game
        legal: list[int] = game.legal_ids(st)
        slot.legal = legal
        if not legal:
            slot.value = self._returns(st)
            return legal
        order = list(legal)
        if self._prior is not None and (not self.prior_depth or depth < self.prior_depth):
            probs = list(self._prior(st, legal))
            if len(probs) != len(legal):
                raise ValueError(f"the prior hook gave {len(probs)} probabilities for "
                                 f"{len(legal)} legal actions")
            slot.priors = dict(zip(legal, probs, strict=True))
            pri = slot.priors
            order.sort(key=lambda a: -pri[a])
        slot.order = order
        return legal

    def _next_untried(self, slot: _Slot, children: dict[int, _Node]) -> int:
        """The next legal id of this world not yet a child: by decreasing prior with a prior
        hook, else uniformly at random (a Fisher-Yates shuffle drawn lazily, one draw per
        expansion, so that a node of 89 legal spaces costs no 89 draws up front)."""
        order = slot.order
        n = len(order)
        p = slot.ptr
        lazy = slot.priors is None
        rng = self.rng
        while p < n:
            if lazy:
                j = p + rng.randbelow(n - p)
                order[p], order[j] = order[j], order[p]
            if order[p] not in children:
                break
            p += 1
        slot.ptr = p
        return order[p] if p < n else -1

    # -- judging a leaf ----------------------------------------------------------------------
    def _leaf(self, slot: _Slot, st: State[Any], owned: bool) -> tuple[float, ...]:
        """The value of a new leaf: the result if the game is over, else the position at the
        end of the acting role's operation (a rollout gets there), judged by ``value``."""
        if st.data["active"] is None:
            slot.legal = []
            slot.value = self._returns(st)
            return slot.value
        if self.rollout_game:
            if not owned:
                st = clone(st)
            if self._plans is not None:
                self._plans.clear()     # a plan of another world's rollout is not this one's
            prior = self._prior if self.policy == "prior" else None
            rollout_to_end(st, self.rng, GAME_ROLLOUT_CAP, prior, self._policy)
            if st.data["active"] is None:
                return self._returns(st)
            return self._judge(st)
        if self.rollout and not slot.done:
            if not owned:
                st = clone(st)
            prior = self._prior if self.policy == "prior" else None
            rollout_to_operation_end(st, self._op, self.rng, self.rollout_cap, slot.deep,
                                     prior, self._policy)
            if st.data["active"] is None:
                return self._returns(st)
        return self._judge(st)

    def _returns(self, st: State[Any]) -> tuple[float, ...]:
        out = result(st)
        assert out is not None
        return tuple(float(out.returns.get(r, 0.0)) for r in self._roles)

    def _judge(self, st: State[Any]) -> tuple[float, ...]:
        """One evaluation of a position that is not over, per role."""
        if self.value is not None:
            got = self.value(st, self._me)
            return tuple(float(got.get(r, 0.0)) for r in self._roles)
        game = st.game
        roles = self._roles
        if len(roles) <= 2:
            # one evaluation, for the root's role; in a two-sided game the other side's
            # value is its negation (the returns of a finished game are zero-sum too)
            v = math.tanh(game.evaluate(st, self._me) / self.scale)
            return (v, -v) if self._me_idx == 0 else (-v, v) if len(roles) == 2 else (v,)
        return tuple(math.tanh(game.evaluate(st, r) / self.scale) for r in roles)


class OperationEnd:
    """Where the operation of the role to act at a root position ends, read from the core
    decision stack alone (so it holds for every game). At a decision reached by at least one
    action from the root, the operation has ended when:

    - the game is over; or
    - the stack is shallower than at the root: the procedure that asked the root's question
      has finished (a sub-decision of an event, a battle, a move, a set-up step); or
    - at the root's depth, another role decides: the turn has passed (the opponent's
      decisions nested deeper, such as a reaction, a block or a battle card, belong to the
      operation) -- unless the frames below are those of the root and the root's parent
      frame is a procedure run by a role (a battle, a move, a turn of one side): then the
      other role is answering inside that procedure (a defender choosing to defend or
      retreat and its air card after the attacker's card, a block of an Event), and the
      procedure is played on until it finishes; or
    - at the root's depth, the root's question (the same frame kind, for the same role) is
      asked again after the operation went deeper than the root or rolled a die, dealt or
      revealed (the undo barrier moved): one operation is complete, the next begins. Without
      either (a third SP placed after a second, a counter picked for a move), the same
      operation is still being chosen.

    ``deep`` says whether the stack was deeper than the root's at some decision on the way.
    """

    __slots__ = ("barrier", "depth", "kind", "parents", "role")

    def __init__(self, root: State[Any]) -> None:
        data = root.data
        if data["active"] is None:
            raise ValueError("no operation: the game is over")
        stack = data["stack"]
        self.role: str = data["active"]
        self.depth = len(stack)
        self.kind: str = stack[-1]["kind"]
        self.barrier: int = data["barrier"]
        # the frames below the root's question, when the innermost is run by a role (a
        # procedure in which the other side may answer): (kind, role) of each
        self.parents: tuple[tuple[str, Any], ...] | None = (
            _frames(stack) if len(stack) >= 2 and stack[-2].get("role") is not None
            else None)

    def ended(self, st: State[Any], deep: bool) -> bool:
        data = st.data
        if data["active"] is None:
            return True
        stack = data["stack"]
        n = len(stack)
        if n != self.depth:
            return n < self.depth
        top = stack[-1]
        if top["role"] != self.role:
            return self.parents is None or _frames(stack) != self.parents
        return top["kind"] == self.kind and (deep or data["barrier"] != self.barrier)


def _frames(stack: list[dict[str, Any]]) -> tuple[tuple[str, Any], ...]:
    """(kind, role) of the frames below the top of ``stack``."""
    return tuple((f["kind"], f.get("role")) for f in stack[:-1])


def rollout_to_operation_end(st: State[Any], op: OperationEnd, rng: Rng, cap: int = 200,
                             deep: bool = False, prior: PriorFn | None = None,
                             policy: ScriptPolicy | None = None) -> int:
    """Play ``st`` on in place with the default policy (uniform among the legal ids, the
    ``prior`` hook's probabilities, or ``policy``'s choice) until ``op`` has ended or ``cap``
    decisions were made; the number of decisions made."""
    game = st.game
    data = st.data
    depth = op.depth
    for step in range(cap):
        ids = game.legal_ids(st)
        if not ids:
            return step
        apply_id(st, default_step(st, ids, rng, prior, policy))
        if data["active"] is None:
            return step + 1
        if len(data["stack"]) > depth:
            deep = True
        elif op.ended(st, deep):
            return step + 1
    return cap
