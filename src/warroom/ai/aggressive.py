"""The ``aggressive`` baseline: a scripted player per 2-player game that attacks when the
odds favour it, to keep the search bots honest (issue 14).

:class:`AggressiveBot` dispatches on ``state.game.id`` to a script that knows the game
(:class:`SfeAggressive`, :class:`Eit2Aggressive`); for any other game it plays as
``greedy`` and says so once in its ``note``. Every script decides from a determinization of
the state for its role (:func:`warroom.core.determinize`): the board and its own hand are
real, the opponent's hand and the deck order are a sample, so it reads only what its role
may know. It returns one of the real state's legal actions, deterministic for a seed.

Struggle for Europe (rule numbers of its rulebook): each operation (7.1) it takes the best
favourable battle: a move of one stack into an enemy-occupied location (7.2.5) or an attack
in a contested one (7.2.7) where the attacking strength plus its best air card beats the
defenders' strength plus the line's defence value plus 3 (the unknown defending air card,
8.1-8.2); a VP location it can walk into without battle (7.2.5, 9.1); a build where an own
VP location is threatened or where the front is (7.2.1, 7.2.2); Wolfpack / Destroyer Attack
and Weapon Development; a build or a bombing (7.2.3); expansion into empty locations. It
attacks with its best air card and its Great Commander, defends when its strength, the
defence value and its best air can hold (else retreats before battle, 8.4), loses its
weakest counters (8.2: counters, not strength), retreats toward its strongest stack, keeps
its air and move cards when paying cards (3.3).

Europe in Turmoil II: it plays a Scoring card when the region scores well for it or when it
must (4.5.3); its own Events as Events (7.1); the opponent's Event cards for Rearmament
attempts, whose Event is not implemented (6.3.7), else for OPs; Support Checks where the
odds of 6.2.5 (die + OPs + modifiers over twice the Stability) and the target's value are
best, else SP placement where the evaluation gains most (flips of control in Regions that
score soon, :mod:`warroom.games.eit2.evaluation`); Rearmament on the track with the best
odds (6.3.2); other choices one ply deep on the evaluation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warroom.ai.bots import GreedyBot, forced_or_choices
from warroom.core.actions import Action
from warroom.core.protocol import State, apply, clone, determinize
from warroom.core.rng import Rng
from warroom.games.eit2 import evaluation as eit2_eval
from warroom.games.eit2.board import LW, RW
from warroom.games.eit2.operations import check_modifiers, effective_ops, rearm_modifiers
from warroom.games.eit2.sequence import rounds_per_turn
from warroom.games.sfe import engine as E
from warroom.games.sfe import evaluation as sfe_eval
from warroom.games.sfe.battle import attackers, battle_frame, defenders
from warroom.games.sfe.components import (
    AXIS,
    EV_COORD,
    EV_DESTROYER,
    EV_GC,
    EV_REINF,
    EV_WEAPON,
    EV_WOLF,
    NAVAL,
    SOV,
    WEST,
)
from warroom.games.sfe.counters import (
    ALLIED_MIN,
    FORT_BIT,
    STRENGTH_MASK,
    army_kinds,
    owner,
)
from warroom.games.sfe.operations import adjacent_dests, attack_targets, move_sources, mover_owner

OPP_AIR = 3
"""The defending air card an attacker reckons with (8.1: face down, unknown): the audit's
rule of thumb "strength + best air beats defence + 3"."""


# -- Struggle for Europe -------------------------------------------------------------------

@dataclass
class SfePlan:
    """One operation's plan: ``kind`` ``attack`` (7.2.7), ``move`` into battle or a walk-in
    (7.2.5); the source, the destination, the strengths of the counters to move, the move
    card and the score it was chosen with."""

    kind: str
    src: int
    dest: int
    units: list[int] = field(default_factory=list)
    card: int = -1
    score: float = 0.0
    battle: bool = False


@dataclass
class ScriptOption:
    """One alternative a script weighs at a decision: the action that starts it, a label
    for people, and the plan the script follows for the rest of the operation (None: the
    script's own answers). What :class:`warroom.ai.rollout.RolloutBot` compares."""

    label: str
    action: Action
    plan: SfePlan | None = None

    def matches(self, action: Action, plan: SfePlan | None) -> bool:
        """Whether this is the alternative of the script's own choice: ``action`` with
        ``plan`` (the script's plan after choosing it; compared by kind, source and
        destination, as :meth:`SfeAggressive.options` tells alternatives apart)."""
        if action.id != self.action.id:
            return False
        mine = self.plan
        if mine is None or plan is None:
            return mine is None and plan is None
        return (mine.kind, mine.src, mine.dest) == (plan.kind, plan.src, plan.dest)


def _card_value(g: Any, x: int) -> float:
    """What a card is worth to keep in hand: air power for battles (8.1), moves, builds and
    battle events (CQR)."""
    c = g.c
    ev = c.card_event[x]
    v: float = float(c.card_air[x]) + (1.5 if c.card_move[x] else 0.0) \
        + 0.5 * max(c.card_build[x]) + (2.0 if ev in (EV_GC, EV_REINF) else 0.0)
    return v


class SfeAggressive:
    """The Struggle for Europe script (see the module's docstring)."""

    TACTICAL: frozenset[str] = frozenset({
        "battle_air", "defend_or_retreat", "defender_air", "battle_events", "reinforce",
        "lose_counter", "retreat", "supply_loss"})
    """The frames of a battle (8.1-8.5) and of supply losses (8.6) whose answers the script
    gives from the board alone, cheaply and as a sound player would (the best air card, stay
    or retreat by the odds, lose the weakest counter...): the rollout policy of
    ``ismcts:policy=tactical`` (a search whose random rollouts let a defender retreat from
    or throw away half its battles overrates every attack)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.plans: dict[str, SfePlan | None] = {}

    # what a location is worth to ``side`` taking it (9.1)
    @staticmethod
    def worth(w: State[Any], side: int, loc: int) -> float:
        return float(sfe_eval.tables(w.game).worth[side][loc][w.data["ctl"][loc]])

    @staticmethod
    def strength_of(units: list[int], side: int, armies_only: bool = False) -> int:
        allied = side == 1
        return sum(u & STRENGTH_MASK for u in units
                   if (u >= ALLIED_MIN) == allied and not (armies_only and u & FORT_BIT))

    def enemy_reach(self, w: State[Any], side: int, loc: int) -> int:
        """The strongest enemy stack one line away from ``loc`` (7.2.4)."""
        c = w.game.c
        u_all = w.data["u"]
        stage = min(3, int(w.data["dn"][1]))
        best = 0
        for _li, d, _mh, _dh, _nv, _dv, act in c.out[loc]:
            if act <= stage:
                best = max(best, self.strength_of(u_all[d], 1 - side, True))
        return best

    def front_score(self, w: State[Any], side: int, loc: int) -> float:
        """How useful a new army is in ``loc``: enemy or neutral locations one line away to
        take (worth, less their defenders), and own VP locations under threat."""
        c = w.game.c
        data = w.data
        stage = min(3, int(data["dn"][1]))
        pot = 0.0
        for _li, d, _mh, _dh, _nv, _dv, act in c.out[loc]:
            if act > stage or d == c.usa:
                continue
            ctl = E.control(data, d)
            if ctl >= 0 and ctl != 0 and (ctl != AXIS) == bool(side):
                continue
            e = self.strength_of(data["u"][d], 1 - side)
            pot = max(pot, 2.0 * self.worth(w, side, d) / (1.0 + 0.3 * e))
        need = 0.0
        t = sfe_eval.tables(w.game)
        if t.vp[loc] and sfe_eval.scores(t.color[loc], data["ctl"][loc], 1 - side):
            reach = self.enemy_reach(w, side, loc)
            mine = self.strength_of(data["u"][loc], side)
            if reach:
                need = t.vp[loc] * max(0, reach + OPP_AIR - mine) * 0.5
        return pot + need

    def plans_for(self, w: State[Any], side: int) -> list[SfePlan]:
        """Every battle and walk-in this side's hand allows now, scored."""
        g = w.game
        c = g.c
        data = w.data
        hand = data["hand"][side]
        air = c.card_air
        out: list[SfePlan] = []
        airs = sorted((air[x] for x in hand if air[x] > 0), reverse=True)
        if airs:
            for loc in attack_targets(w, side):
                units = data["u"][loc]
                a = self.strength_of(units, side, True)
                d = self.strength_of(units, 1 - side)
                margin = a + airs[0] - (d + OPP_AIR)
                if margin > 0:
                    out.append(SfePlan("attack", loc, loc, score=10 + 3 * self.worth(
                        w, side, loc) + margin, battle=True))
        for naval in (False, True):
            cards = [x for x in hand if c.card_move[x] and (c.card_move[x] == NAVAL) == naval]
            if not cards:
                continue
            card = min(cards, key=lambda x: (_card_value(g, x), x))
            rest = sorted((air[x] for x in hand if x != card and air[x] > 0), reverse=True)
            n_air = len(rest)
            for src in move_sources(w, side, naval, n_air=n_air):
                own = mover_owner(w, src, side)
                units = data["u"][src]
                kinds = sorted((u & STRENGTH_MASK for u in units if owner(u) == own
                                and not u & FORT_BIT), reverse=True)
                if not kinds:
                    continue
                a = sum(kinds)
                for d, _dh, dv, _nv, battle in adjacent_dests(w, src, own, naval):
                    worth = self.worth(w, side, d)
                    if battle:
                        if not rest:
                            continue
                        dfn = self.strength_of(data["u"][d], 1 - side)
                        margin = a + rest[0] - (dfn + dv + OPP_AIR)
                        if margin <= 0:
                            continue
                        move = list(kinds)
                        # keep the smallest counter home when the odds allow it
                        if len(move) > 1 and margin - move[-1] > 1:
                            move.pop()
                        out.append(SfePlan("move", src, d, move, card, 10 + 3 * worth + margin,
                                           True))
                        continue
                    ctl = E.control(data, d)
                    if ctl > 0 and (ctl != AXIS) == bool(side):
                        continue          # a friendly location: no capture
                    if ctl < 0:
                        continue          # into the own half of a contested location
                    if len(kinds) == 1 and self.enemy_reach(w, side, src) and \
                            self.worth(w, 1 - side, src) >= 1:
                        continue          # do not bare an own VP location next to the enemy
                    score = (6 if worth >= 1 else 1) + 2 * worth
                    out.append(SfePlan("move", src, d, [kinds[-1]], card, score, False))
        out.sort(key=lambda p: (-p.score, p.src, p.dest))
        return out

    # -- decisions ------------------------------------------------------------------------
    def choose(self, st: State[Any], legal: list[Action]) -> Action:
        role = st.active
        assert role is not None
        return self.decide(determinize(st, role, self.rng), legal)

    def decide(self, w: State[Any], legal: list[Action]) -> Action:
        """The script's choice in ``w``, a world the acting role may see as it is (a
        determinization for that role, or a rollout's world in a search)."""
        role = w.data["active"]
        top = w.data["stack"][-1]
        kind = top["kind"]
        side = 0 if role == "axis" else 1
        by_key = {a.key: a for a in legal}
        handler = getattr(self, f"on_{kind}", None)
        choice: Action | None = handler(w, side, top, by_key, legal) if handler else None
        return choice if choice is not None else legal[0]

    def on_operation(self, w: State[Any], side: int, top: dict[str, Any],
                     by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        g = w.game
        c = g.c
        data = w.data
        hand = data["hand"][side]
        role = g.roles[side]
        plans = self.plans_for(w, side)
        self.plans[role] = None
        for p in plans:
            key = "op:attack" if p.kind == "attack" else "op:move"
            if key in by_key and (p.battle or p.score >= 6):
                self.plans[role] = p
                return by_key[key]
        events = {c.card_event[x] for x in hand}
        if "op:build" in by_key and len(hand) >= 2 and self.threatened(w, side):
            return by_key["op:build"]
        if "op:event" in by_key and (
                ({EV_WOLF, EV_DESTROYER} & events and len(data["hand"][1 - side]) >= 2)
                or EV_WEAPON in events):
            return by_key["op:event"]
        if "op:build" in by_key and len(hand) >= 3:
            return by_key["op:build"]
        if "op:bombing" in by_key and len(hand) >= 3:
            return by_key["op:bombing"]
        if "op:fortress" in by_key and len(hand) >= 3 and self.threatened(w, side):
            return by_key["op:fortress"]
        for p in plans:
            if p.kind == "move" and "op:move" in by_key:
                self.plans[role] = p
                return by_key["op:move"]
        if "op:build" in by_key:
            return by_key["op:build"]
        return by_key.get("op:pass", legal[0])

    OPTION_PLANS = 4
    """How many of its best battle and move plans :meth:`options` offers."""

    def options(self, w: State[Any], legal: list[Action]) -> list[ScriptOption]:
        """At an operation decision (7.1): the alternatives this script weighs, each of its
        :data:`OPTION_PLANS` best battles and moves (:meth:`plans_for`; always its best
        battle and its best move) and every other legal operation (build, event, bombing,
        fortress, pass...); its own choice is always among them. Elsewhere: none (the script
        answers)."""
        top = w.data["stack"][-1]
        if top["kind"] != "operation":
            return []
        g = w.game
        names = g.c.names
        side = 0 if w.data["active"] == g.roles[0] else 1
        by_key = {a.key: a for a in legal}
        out: list[ScriptOption] = []
        kinds_seen: set[str] = set()
        seen: set[tuple[str, int, int]] = set()
        for p in self.plans_for(w, side):
            key = "op:attack" if p.kind == "attack" else "op:move"
            if key not in by_key or (p.kind, p.src, p.dest) in seen:
                continue        # the same operation with another card or counters: once
            seen.add((p.kind, p.src, p.dest))
            kind = "battle" if p.battle else "move"
            if len(out) >= self.OPTION_PLANS and kind in kinds_seen:
                continue
            kinds_seen.add(kind)
            what = (f"attack in {names[p.dest]}" if p.kind == "attack"
                    else f"{'battle' if p.battle else 'move'} {names[p.src]} -> {names[p.dest]}")
            out.append(ScriptOption(what, by_key[key], p))
        for a in legal:
            if a.key not in ("op:attack", "op:move"):
                out.append(ScriptOption(a.key, a, None))
        return out

    def adopt(self, role: str, option: ScriptOption) -> None:
        """Follow ``option``'s plan (a copy) for the rest of ``role``'s operation."""
        p = option.plan
        self.plans[role] = None if p is None else SfePlan(p.kind, p.src, p.dest, list(p.units),
                                                          p.card, p.score, p.battle)

    def threatened(self, w: State[Any], side: int) -> bool:
        """An own VP location whose defenders (plus their air) an adjacent enemy stack
        out-strengths (9.1, 8.2)."""
        t = sfe_eval.tables(w.game)
        data = w.data
        for loc in range(t.n):
            if t.vp[loc] and sfe_eval.scores(t.color[loc], data["ctl"][loc], 1 - side) \
                    and E.control(data, loc) in ((AXIS,) if side == 0 else (WEST, SOV)):
                reach = self.enemy_reach(w, side, loc)
                if reach and reach + OPP_AIR > self.strength_of(data["u"][loc], side) + 2:
                    return True
        return False

    def on_operation_card(self, w: State[Any], side: int, top: dict[str, Any],
                          by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        g = w.game
        c = g.c
        op = top["operation"]
        cards = [a.value for a in legal]
        plan = self.plans.get(g.roles[side])
        if op == "move" and plan is not None and plan.card in cards:
            return by_key[f"card:{c.card_ids[plan.card]}"]
        if op == "build":
            hand = w.data["hand"][side]

            def build_key(x: int) -> tuple[float, ...]:
                size = max(c.card_build[x])
                ok = len(hand) - size >= 1
                return (-(size if ok else 0), _card_value(g, x), x)
            return by_key[f"card:{c.card_ids[min(cards, key=build_key)]}"]
        if op == "event":
            order = (EV_COORD, EV_WOLF, EV_DESTROYER, EV_WEAPON)
            for ev in order:
                for x in cards:
                    if c.card_event[x] == ev:
                        return by_key[f"card:{c.card_ids[x]}"]
        return by_key[f"card:{c.card_ids[min(cards, key=lambda x: (_card_value(g, x), x))]}"]

    def on_pay_cards(self, w: State[Any], side: int, top: dict[str, Any],
                     by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        g = w.game
        x = min((a.value for a in legal), key=lambda x: (_card_value(g, x), x))
        return by_key[f"card:{g.c.card_ids[x]}"]

    on_naval_retreat = on_pay_cards

    def on_army(self, w: State[Any], side: int, top: dict[str, Any],
                by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        def key(a: Action) -> tuple[float, int]:
            own, strength = divmod(a.value, 4)
            spots = E.build_locations(w, own)
            best = max((self.front_score(w, side, loc) for loc in spots), default=0.0)
            return (best + strength, -a.id)
        return max(legal, key=key)

    def on_place(self, w: State[Any], side: int, top: dict[str, Any],
                 by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        return max(legal, key=lambda a: (self.front_score(w, side, a.value), -a.id))

    def on_fortress_half(self, w: State[Any], side: int, top: dict[str, Any],
                         by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        c = w.game.c
        loc = top["location"]
        data = w.data
        facing = [0, 0]
        for s in range(c.n):
            for _li, d, _mh, dh, _nv, _dv, _act in c.out[s]:
                if d == loc and E.control(data, s) in (WEST, SOV, -1):
                    facing[dh] += 1
        return max(legal, key=lambda a: (facing[a.value], -a.id))

    def on_move(self, w: State[Any], side: int, top: dict[str, Any],
                by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        g = w.game
        c = g.c
        plan = self.plans.get(g.roles[side])
        if top["source"] < 0:
            if plan is not None and f"loc:{c.names[plan.src]}" in by_key:
                return by_key[f"loc:{c.names[plan.src]}"]
            self.plans[g.roles[side]] = plan = self.fallback_plan(w, side, top, legal)
            return by_key[f"loc:{c.names[plan.src]}"] if plan else legal[0]
        if plan is None or plan.src != top["source"]:
            return by_key.get("done", legal[0])
        if top["selected"]:
            want = by_key.get(f"loc:{c.names[plan.dest]}")
            if want is not None:
                return want
            return legal[0]
        while plan.units:
            k = plan.units.pop(0)
            if f"unit:{k}" in by_key:
                return by_key[f"unit:{k}"]
        return by_key.get("done", legal[0])

    def on_move_entry(self, w: State[Any], side: int, top: dict[str, Any],
                      by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        """7.2.5 / 7.2.6: by the line into the battle the plan counted on, else round by
        friendly locations into the friendly half."""
        plan = self.plans.get(w.game.roles[side])
        fight = plan is not None and plan.battle and plan.dest == top["location"]
        return by_key.get(f"half:{top['battle_half' if fight else 'detour_half']}")

    def fallback_plan(self, w: State[Any], side: int, top: dict[str, Any],
                      legal: list[Action]) -> SfePlan | None:
        """A move chosen without a plan (e.g. a move card played by the opponent's order):
        the best plan from a legal source."""
        srcs = {a.value for a in legal}
        for p in self.plans_for(w, side):
            if p.kind == "move" and p.src in srcs:
                return p
        return None

    def on_attack(self, w: State[Any], side: int, top: dict[str, Any],
                  by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        names = w.game.c.names
        plan = self.plans.get(w.game.roles[side])
        if plan is not None and plan.kind == "attack":
            want = by_key.get(f"loc:{names[plan.dest]}")
            if want is not None:
                return want
        # an attack chosen without a plan (a search's choice): the best battle it allows
        for p in self.plans_for(w, side):
            if p.kind == "attack" and f"loc:{names[p.dest]}" in by_key:
                return by_key[f"loc:{names[p.dest]}"]
        return legal[0]

    def on_battle_air(self, w: State[Any], side: int, top: dict[str, Any],
                      by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        g = w.game
        air = g.c.card_air
        return max(legal, key=lambda a: (air[a.value], -_card_value(g, a.value), -a.id))

    def battle_margin(self, w: State[Any], side: int) -> int:
        """The defender's view: own strength, defence value and best air against the
        attackers' strength and an air card of :data:`OPP_AIR`."""
        data = w.data
        fr = battle_frame(data)
        att = sum(u & STRENGTH_MASK for u in attackers(data, fr))
        dfn = sum(u & STRENGTH_MASK for u in defenders(data, fr)) + fr["defence_value"]
        air = max((w.game.c.card_air[x] for x in data["hand"][side]), default=0)
        return int(dfn + air - (att + OPP_AIR))

    def on_defend_or_retreat(self, w: State[Any], side: int, top: dict[str, Any],
                             by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        fr = battle_frame(w.data)
        margin = self.battle_margin(w, side)
        vp = sfe_eval.tables(w.game).vp[fr["location"]]
        if margin >= 0 or (vp and margin >= -1):
            return by_key.get("defend")
        return by_key.get("retreat")

    def on_defender_air(self, w: State[Any], side: int, top: dict[str, Any],
                        by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        if self.battle_margin(w, side) < -3 and "no_air" in by_key:
            return by_key["no_air"]
        cards = [a for a in legal if a.kind == "card"]
        if not cards:
            return by_key.get("no_air")
        return self.on_battle_air(w, side, top, by_key, cards)

    def on_battle_events(self, w: State[Any], side: int, top: dict[str, Any],
                         by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        cards = [a for a in legal if a.kind == "card"]
        if not cards:
            return by_key.get("done")
        if not top["attacking"] and abs(self.battle_margin(w, side)) > 5:
            return by_key.get("done")
        ev = w.game.c.card_event
        return min(cards, key=lambda a: (ev[a.value] != EV_GC, a.id))

    def on_reinforce(self, w: State[Any], side: int, top: dict[str, Any],
                     by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        if top["source"] < 0:
            data = w.data
            own = battle_frame(data)["defending_owner"]
            return max(legal, key=lambda a: (max(army_kinds(data["u"][a.value], own),
                                                 default=0), -a.id))
        return max(legal, key=lambda a: a.value)

    def on_lose_counter(self, w: State[Any], side: int, top: dict[str, Any],
                        by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        return min(legal, key=lambda a: a.value)

    on_supply_loss = on_lose_counter

    def on_retreat(self, w: State[Any], side: int, top: dict[str, Any],
                   by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        if not top["selected"]:
            return max(legal, key=lambda a: a.value)
        data = w.data
        naval = {x[0]: x[2] for x in top["destinations"]}
        return max(legal, key=lambda a: (not naval.get(a.value, 0),
                                         self.strength_of(data["u"][a.value], side), -a.id))

    def on_block(self, w: State[Any], side: int, top: dict[str, Any],
                 by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        cards = [a for a in legal if a.kind == "card"]
        return cards[0] if cards else by_key.get("no_block")

    def on_redeploy(self, w: State[Any], side: int, top: dict[str, Any],
                    by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        if top["source"] < 0:
            return min(legal, key=lambda a: (self.front_score(w, side, a.value), a.id))
        if not top["selected"]:
            return max(legal, key=lambda a: a.value)
        return max(legal, key=lambda a: (self.front_score(w, side, a.value), -a.id))


# -- Europe in Turmoil II ------------------------------------------------------------------

def _p_above(target: int) -> float:
    """The chance a die roll (1-6) exceeds ``target``."""
    return max(0, min(6, 6 - target)) / 6.0


class Eit2Aggressive:
    """The Europe in Turmoil II script (see the module's docstring)."""

    TACTICAL: frozenset[str] = frozenset()
    """No decision of eit2 is answered by the script in ``ismcts:policy=tactical`` rollouts
    (they stay uniform): its cheap answers are all operations, the choices a search is for."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.fallback = GreedyBot(0, samples=2)
        self.fallback.rng = rng

    OPTION_FRAMES = frozenset({"action_round", "op_kind"})
    """The decisions whose every legal action :meth:`options` offers: which card to play
    and how (7.1: Event, OPs, Scoring, Rearmament), and what its OPs do (6.1-6.2)."""

    def options(self, w: State[Any], legal: list[Action]) -> list[ScriptOption]:
        """At an Action Round (7.1) and the choice of what a card's OPs do (6.1-6.2): every
        legal action, for a rollout bot to compare. Elsewhere: none (the script answers)."""
        if w.data["stack"][-1]["kind"] not in self.OPTION_FRAMES:
            return []
        return [ScriptOption(a.key, a, None) for a in legal]

    def adopt(self, role: str, option: ScriptOption) -> None:
        """Nothing to follow: the eit2 script keeps no plan between decisions."""

    def choose(self, st: State[Any], legal: list[Action]) -> Action:
        role = st.active
        assert role is not None
        return self.decide(determinize(st, role, self.rng), legal)

    def decide(self, w: State[Any], legal: list[Action]) -> Action:
        """The script's choice in ``w``, a world the acting role may see as it is."""
        role = w.data["active"]
        top = w.data["stack"][-1]
        side = RW if role == "rw" else LW
        by_key = {a.key: a for a in legal}
        handler = getattr(self, f"on_{top['kind']}", None)
        choice: Action | None = handler(w, side, top, by_key, legal) if handler else None
        if choice is None:
            choice = self.one_ply(w, role, legal)
        return choice

    def one_ply(self, w: State[Any], role: str, legal: list[Action]) -> Action:
        """The legal action whose result the evaluation likes best (on the determinized
        copy, one sample: the script's default for Event choices)."""
        best, best_v = legal[0], float("-inf")
        for a in legal:
            copy = clone(w)
            apply(copy, a.key)
            v = copy.game.evaluate(copy, role)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    @staticmethod
    def region_weights(w: State[Any], side: int) -> dict[int, float]:
        """Per space, the weight of the Region it scores in (its own, or the best Region
        it is an adjacent Independent of), from the evaluation's card weights."""
        t = eit2_eval.tables(w.game)
        data = w.data
        hand = data["hands"][side]
        out: dict[int, float] = {}
        for r in t.regions:
            wgt = 1.0 if r.card in hand else 0.2 if r.card in data["out_of_game"] else 0.6
            for s in (*r.spaces, *r.independents):
                out[s] = max(out.get(s, 0.0), wgt)
        return out

    def on_action_round(self, w: State[Any], side: int, top: dict[str, Any],
                        by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        g = w.game
        c = g.c
        data = w.data
        t = eit2_eval.tables(g)
        sign = 1 if side == RW else -1
        ctl = eit2_eval.control_list(t, data)
        scoring = [a for a in legal if a.kind == "score"]
        if scoring:
            by_region = {r.card: r for r in t.regions}

            def net(a: Action) -> int:
                return sign * eit2_eval.region_net(by_region[a.value], ctl, data["flags"])
            best = max(scoring, key=lambda a: (net(a), -a.id))
            left = rounds_per_turn(data["turn"]) - data["round_done"][side]
            if len(scoring) >= left or net(best) >= 2:
                return best
        mine = "RW" if side == RW else "LW"
        best_a: Action | None = None
        best_p = float("-inf")
        for a in legal:
            if a.kind == "score":
                continue
            card = c.cards[a.value]
            ops = card.ops or 0
            if a.kind == "event":
                p = 10.0 + ops if card.side == mine else 2.0 + ops
            elif a.kind == "rearm":
                # 6.3.7: the opponent's Event is not implemented; boxes raise Tension (9.4),
                # so not once war is near
                dump = card.side not in (mine, "neutral") and data["tension"] <= 5
                p = 8.0 + ops if dump else 0.5 + 0.1 * ops
            else:   # ops
                p = 5.0 + ops if card.side in (mine, "neutral") else 1.0 + ops
            if p > best_p:
                best_a, best_p = a, p
        return best_a

    def check_gain(self, w: State[Any], side: int, s: int, ops: int, extra: int = 0,
                   weights: dict[int, float] | None = None) -> float:
        """6.2.5-6.2.6: the expected opposing markers removed and friendly SP placed by a
        Support Check in ``s`` (die + OPs + modifiers above twice the Stability), weighted
        by the space's Region."""
        c = w.game.c
        data = w.data
        o = 1 - side
        mods = sum(v for v, _ in check_modifiers(c, data, side, s)) + extra
        need = 2 * c.stability[s] - ops - mods
        cap = data["sp"][o][s] + data["ext"][o][s] + c.stability[s] + 1
        gain = 0.0
        for die in range(1, 7):
            gain += max(0, min(die - need, cap))
        wgt = (weights or {}).get(s, 0.3)
        return gain / 6.0 * wgt

    def on_op_kind(self, w: State[Any], side: int, top: dict[str, Any],
                   by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        if "event_first" in by_key:
            return by_key["event_first"]
        c = w.game.c
        data = w.data
        card = c.cards[top["card"]]
        ops = effective_ops(c, data, side, card.ops or 0)
        o = 1 - side
        weights = self.region_weights(w, side)
        best = max((self.check_gain(w, side, s, ops, 0, weights) for s in range(len(c.names))
                    if data["sp"][o][s] or data["ext"][o][s]), default=0.0)
        if "op_check" in by_key and best >= 0.45 * ops:
            return by_key["op_check"]
        return by_key.get("op_place")

    def on_support_check(self, w: State[Any], side: int, top: dict[str, Any],
                         by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        weights = self.region_weights(w, side)
        ops = int(top.get("ops", 1))
        spaces = [a for a in legal if a.kind == "space"]
        if not spaces:
            return by_key.get("pass")
        best = max(spaces, key=lambda a: (self.check_gain(w, side, a.value, ops, 0, weights),
                                          -a.id))
        if "pass" in by_key and self.check_gain(w, side, best.value, ops, 0, weights) <= 0:
            return by_key["pass"]
        return best

    def on_place_sp(self, w: State[Any], side: int, top: dict[str, Any],
                    by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        return self.one_ply(w, w.game.roles[side], legal)

    def on_free_attempt(self, w: State[Any], side: int, top: dict[str, Any],
                        by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        """6.3.5: a free attempt takes a card from the hand: the opponent's cards first
        (their Event never occurs this way, 6.3.7, and can no longer come with an Operations
        play), the most OPs first; then neutral ones; the script's own Events last, the
        fewest OPs first. Never a pass while a card is there: the attempt is free."""
        c = w.game.c
        mine = "RW" if side == RW else "LW"
        cards = [a for a in legal if a.kind == "card"]
        if not cards:
            return by_key.get("pass")

        def keep(a: Action) -> tuple[int, int, int]:
            card = c.cards[a.value]
            ops = card.ops or 0
            rank = 0 if card.side not in (mine, "neutral") else 1 if card.side == "neutral" else 2
            return (rank, -ops if rank < 2 else ops, a.id)
        return min(cards, key=keep)

    def on_rearm_track(self, w: State[Any], side: int, top: dict[str, Any],
                       by_key: dict[str, Action], legal: list[Action]) -> Action | None:
        c = w.game.c
        data = w.data
        ops = int(top.get("ops", 1))

        def odds(a: Action) -> tuple[float, int, int]:
            tr = a.value
            box = c.boxes[tr][data["rearm"][tr] + 1]
            mods = sum(v for v, _ in rearm_modifiers(c, data, side, tr, top.get("card_side")))
            p = _p_above((box.needed or 0) - ops - mods - 1)
            return (p, int(data["rearm_side"][tr] != side), -a.id)
        tracks = [a for a in legal if a.kind == "track"]
        return max(tracks, key=odds) if tracks else None


# -- the dispatcher --------------------------------------------------------------------------

class AggressiveBot:
    """``aggressive``: the scripted baseline of the state's game (see the module's
    docstring); ``greedy`` for a game without a script (``note`` says so)."""

    name = "aggressive"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.sfe = SfeAggressive(self.rng)
        self.eit2 = Eit2Aggressive(self.rng)
        self.greedy = GreedyBot(seed)
        self.note = ""

    def choose(self, state: State[Any]) -> Action:
        only, legal = forced_or_choices(state)
        if only is not None:
            return only
        gid = state.game.id
        if gid == "sfe":
            return self.sfe.choose(state, legal)
        if gid == "eit2":
            return self.eit2.choose(state, legal)
        if not self.note:
            self.note = (f"aggressive has no script for {gid!r}: it plays as greedy "
                         "(one ply on the game's evaluation)")
        return self.greedy.choose(state)


def script_for(game_id: str, rng: Rng) -> SfeAggressive | Eit2Aggressive | None:
    """The aggressive script of a game (``decide(world, legal) -> Action``), or None for a
    game without one: a cheap default policy for a search's rollouts."""
    if game_id == "sfe":
        return SfeAggressive(rng)
    if game_id == "eit2":
        return Eit2Aggressive(rng)
    return None


__all__ = ["AggressiveBot", "Eit2Aggressive", "ScriptOption", "SfeAggressive", "SfePlan",
           "script_for"]
