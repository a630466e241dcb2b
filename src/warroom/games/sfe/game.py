"""Struggle for Europe 1939-1945 as a warroom :class:`Game`.

Two roles: ``axis`` and ``allies`` (the Allies command the Western, blue, and Soviet,
red, counters from one deck). Hidden information: each side's hand, play deck order,
the cards it recycled face down and its face-down battle cards (4.1, 8.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from warroom.core.actions import ActionCatalogue
from warroom.core.protocol import Game, Outcome
from warroom.core.rng import Rng
from warroom.games.sfe import engine as E
from warroom.games.sfe.battle import BATTLE_FRAMES
from warroom.games.sfe.components import (
    AXIS,
    COLOR_NAMES,
    EV_GC,
    EV_REDEPLOY,
    EV_REINF,
    EV_WEAPON,
    EVENTS,
    LAND,
    NAVAL,
    OWNER_NAMES,
    SIDE_NAMES,
    SOV,
    WEST,
    Components,
    load_components,
)
from warroom.games.sfe.flow import (
    CB_AIR,
    CB_BOMB,
    CB_EVENT,
    CB_FORT,
    CB_LAND,
    CB_MOVE_NO_AIR,
    CB_NAVAL,
    CB_REDEPLOY,
    CB_WEAPON,
    FRAMES,
    K_ARMY,
    K_CARD,
    K_DEFEND,
    K_DONE,
    K_HALF,
    K_LOC,
    K_NOAIR,
    K_NOBLOCK,
    K_OP,
    K_RETREAT,
    K_UNIT,
    OPS,
    ROLES,
    auto_steps,
    settle,
)
from warroom.games.sfe.rules import RULES, log

OP_LABELS = (
    "Operation: build and place an army counter",
    "Operation: build and place a fortress (Axis)",
    "Operation: strategic bombing",
    "Operation: move army counters",
    "Operation: play a card event",
    "Operation: discard a card",
    "Operation: attack in a contested location",
    "Operation: pass",
)
DEFAULT_MAX_TURNS = 80


class StruggleForEurope(Game):
    id = "sfe"
    title = "Struggle for Europe 1939-1945"
    roles = ("axis", "allies")
    scenarios = ("1939",)
    default_scenario = "1939"
    rules = RULES

    def __init__(self, content: Path | None = None) -> None:
        self.c: Components = load_components(content)
        self.content_dir = content
        c = self.c
        entries: list[tuple[str, str]] = []
        decode: list[tuple[int, int]] = []

        def add(key: str, label: str, kind: int, arg: int = 0) -> int:
            entries.append((key, label))
            decode.append((kind, arg))
            return len(entries) - 1

        self.op_id = [add(f"op:{op}", OP_LABELS[i], K_OP, i) for i, op in enumerate(OPS)]
        self.card_id = [add(f"card:{c.card_ids[x]}", f"{c.card_names[x]} "
                            f"({c.card_ids[x]})", K_CARD, x) for x in range(c.n_cards)]
        self.army_id = [[-1] * 4 for _ in range(4)]
        for owner in (AXIS, WEST, SOV):
            for st in (1, 2, 3):
                self.army_id[owner][st] = add(
                    f"army:{OWNER_NAMES[owner]}:{st}",
                    f"Build a {OWNER_NAMES[owner]} {st} strength army", K_ARMY, owner * 4 + st)
        self.loc_id = [add(f"loc:{c.names[x]}", c.names[x], K_LOC, x) for x in range(c.n)]
        self.half_id = [add(f"half:{h}", f"the {('first', 'second')[h]} half", K_HALF, h)
                        for h in (0, 1)]
        self.unit_id = [-1] + [add(f"unit:{k}", f"a {k} strength army", K_UNIT, k)
                               for k in (1, 2, 3)]
        self.unit_id.append(add("unit:fortress", "a fortress", K_UNIT, 4))
        self.done_id = add("done", "Done", K_DONE)
        self.defend_id = add("defend", "Defend (stay and battle)", K_DEFEND)
        self.retreat_id = add("retreat", "Retreat before battle", K_RETREAT)
        self.no_air_id = add("no_air", "Play no air power card", K_NOAIR)
        self.no_block_id = add("no_block", "Do not block", K_NOBLOCK)
        self.catalogue = ActionCatalogue(entries)
        self.decode = decode
        self.frames = {k.kind: k() for k in (*FRAMES, *BATTLE_FRAMES)}
        self.autos = auto_steps(self.frames)
        into: list[list[tuple[int, int, int]]] = [[] for _ in range(c.n)]
        for s in range(c.n):
            for _li, d, _mh, dh, _nv, _dv, act in c.out[s]:
                into[d].append((s, dh, act))
        self.into = tuple(tuple(x) for x in into)
        # movement lines by one line (7.2.5), per owner, Allied deck stage (1-3) and naval
        # card (0/1): src -> ((dest, my half, dest half, naval, defence value), ...), the
        # lines, the USA box and the other Allied nation's colour (3.2) filtered out
        adj_tab: list[Any] = [()] * 4
        for owner in (AXIS, WEST, SOV):
            other = 0 if owner == AXIS else WEST + SOV - owner
            per_stage: list[Any] = [()]
            for stage in (1, 2, 3):
                per_naval = []
                for naval_ok in (0, 1):
                    per_naval.append(tuple(
                        tuple((d, mh, dh, nv, dv) for _li, d, mh, dh, nv, dv, act in c.out[s]
                              if act <= stage and (naval_ok or not nv) and d != c.usa
                              and not (other and c.color[d] == other))
                        for s in range(c.n)))
                per_stage.append(tuple(per_naval))
            adj_tab[owner] = tuple(per_stage)
        self.adj_tab = tuple(adj_tab)
        # per location: a bit 1 << loc for it and each location a line from it leads to
        # (what flow.adjacent_dests looks at)
        self.adj_touch = tuple(sum({1 << s} | {1 << line[1] for line in c.out[s]})
                               for s in range(c.n))
        # moves through friendly locations (7.2.6), per deck stage and naval card:
        # half-node (2*loc+half) -> ((dest, dest half), ...) by the lines of that half
        path_tab: list[Any] = [()]
        for stage in (1, 2, 3):
            path_tab.append(tuple(
                tuple(tuple((d, dh) for _li, d, mh, dh, nv, _dv, act in c.out[node >> 1]
                            if mh == node & 1 and act <= stage and (naval_ok or not nv)
                            and d != c.usa)
                      for node in range(2 * c.n))
                for naval_ok in (0, 1)))
        self.path_tab = tuple(path_tab)
        # per side and card, what it allows (the operations check, flow.possible_ops): bits
        # CB_* and, from bit 16, one bit per (owner, strength) army it builds for that side
        bits: list[tuple[int, ...]] = []
        for side in (0, 1):
            row = []
            for x in range(c.n_cards):
                f = 0
                if c.card_air[x]:
                    f |= CB_AIR
                if c.card_move[x] == LAND:
                    f |= CB_LAND
                elif c.card_move[x] == NAVAL:
                    f |= CB_NAVAL
                if c.card_move[x] and not c.card_air[x]:
                    f |= CB_MOVE_NO_AIR
                if c.card_fort[x]:
                    f |= CB_FORT
                if c.card_bomb[x]:
                    f |= CB_BOMB
                ev = c.card_event[x]
                if ev and not c.event_battle[ev]:
                    f |= (CB_WEAPON if ev == EV_WEAPON else
                          CB_REDEPLOY if ev == EV_REDEPLOY else CB_EVENT)
                for owner in E.SIDE_OWNERS[side]:
                    st = c.card_build[x][owner]
                    if st:
                        f |= 1 << (16 + owner * 4 + st)
                row.append(f)
            bits.append(tuple(row))
        self.card_bits = tuple(bits)
        self.air_flag = tuple(1 if c.card_air[x] else 0 for x in range(c.n_cards))
        # per side: (bit, owner, strength) of the armies a card may build
        self.build_bits = tuple(
            tuple((1 << (16 + owner * 4 + st), owner, st) for owner in E.SIDE_OWNERS[side]
                  for st in (1, 2, 3))
            for side in (0, 1))

    def __deepcopy__(self, memo: dict[int, Any]) -> StruggleForEurope:
        """The game is rules plus read-only content, all state lives in ``data``: a deep
        copy of something holding it (an OpenSpiel state clone) shares it."""
        return self

    def options_schema(self) -> dict[str, Any]:
        return {"max_turns": DEFAULT_MAX_TURNS}

    # -- set-up (5) -------------------------------------------------------------------------
    def setup(self, data: dict[str, Any], scenario: str, options: Mapping[str, Any]) -> None:
        c = self.c
        data["turn"] = 1
        data["side"] = 0
        data["ctl"] = list(c.color)
        data["u"] = [[] for _ in range(c.n)]
        data["cnt"] = [0] * 20
        for owner, loc, st in c.start:
            u = E.code(owner, st, 0)
            data["u"][loc].append(u)
            E.born(data, u)
        data["hand"] = [[], []]
        data["deck"] = [list(c.decks[0][0]), list(c.decks[1][0])]
        data["later"] = [[list(c.decks[s][1]), list(c.decks[s][2])] for s in (0, 1)]
        data["rec"] = [[], []]
        data["secret"] = [[], []]
        data["elim"] = [[], []]
        data["inplay"] = []
        data["dn"] = [1, 1]
        data["bv"] = 0  # the board version (see engine.Board)
        data["bomb"] = 0
        data["passes"] = 0
        log(data, "5.2", "Counters set up as in 5.2; the strategic bombing marker is on the "
            "black 0")
        for side in (0, 1):
            E.shuffle(data, data["deck"][side])
            E.draw(c, data, side)
        log(data, "5", "The Axis player is the first active player")
        data["stack"] = [{"kind": "turn", "role": "axis", "side": 0, "step": 0}]
        settle(self, data)

    def refresh_active(self, data: dict[str, Any]) -> None:
        """The deciding role; when it changes hands, undo history is cut (hidden cards)."""
        prev = data["active"]
        stack = data["stack"]  # Game.refresh_active, inlined
        active = None if not stack or data.get("outcome") else stack[-1]["role"]
        data["active"] = active
        if prev is not None and active != prev:
            data["barrier"] += 1

    def legal_ids(self, data: dict[str, Any]) -> list[int]:
        stack = data["stack"]
        if not stack or data["active"] is None:
            return []
        frame = stack[-1]
        return self.frames[frame["kind"]].legal(self, data, frame)

    # -- turn end and victory (7, 9) ---------------------------------------------------------
    def end_of_turn(self, data: dict[str, Any], side: int) -> None:
        c = self.c
        ax, al = E.victory_points(c, data)
        if side == 1 and ax - al >= 7:
            return self.finish(data, "axis", "axis_vp_differential", "9.2",
                               f"The Axis lead by {ax - al} VP at the end of an Allied turn")
        if side == 0 and al - ax >= 7:
            return self.finish(data, "allies", "allied_vp_differential", "9.3",
                               f"The Allies lead by {al - ax} VP at the end of an Axis turn")
        if side == 1:
            final = data["dn"][1] >= 3 and not data["deck"][1]
            if final and (not data["hand"][1] or data["passes"] >= 2):
                return self.game_end(data, "9.4", "The Allied 3rd play deck has run out and "
                                     "the Allies have no more cards to play")
            if data["turn"] >= data["options"]["max_turns"]:
                return self.game_end(data, "safeguard", f"The turn limit "
                                     f"({data['options']['max_turns']}) is reached")
        data["stack"].pop()
        if side == 1:
            data["turn"] += 1
        data["side"] = 1 - side
        data["stack"].append({"kind": "turn", "role": ROLES[1 - side], "side": 1 - side,
                              "step": 0})

    def game_end(self, data: dict[str, Any], rule: str, why: str) -> None:
        ax, al = E.victory_points(self.c, data)
        if al - ax >= 7:
            self.finish(data, "allies", "allied_vp_differential", rule,
                        f"{why}; the Allies lead by {al - ax} VP")
        else:
            self.finish(data, "axis", "axis_game_end", rule,
                        f"{why}; the Allies lack a 7 VP differential (Axis {ax}, Allies {al})")

    def finish(self, data: dict[str, Any], winner: str, label: str, rule: str,
               text: str) -> None:
        ax, al = E.victory_points(self.c, data)
        data["outcome"] = {"winner": winner, "label": label, "rule": rule, "text": text,
                           "vp": [ax, al]}
        data["stack"] = []
        log(data, rule, f"Game over: {text}. {winner.capitalize()} win")

    def outcome(self, data: dict[str, Any]) -> Outcome | None:
        out = data["outcome"]
        if not out:
            return None
        w = out["winner"]
        ret = {"axis": 1.0 if w == "axis" else -1.0, "allies": 1.0 if w == "allies" else -1.0}
        ax, al = out["vp"]
        return Outcome(w, out["label"], ret, {"axis_vp": ax, "allied_vp": al,
                                              "turn": data["turn"]}, out["text"], out["rule"])

    # -- information -------------------------------------------------------------------------
    def card_json(self, x: int) -> dict[str, Any]:
        c = self.c
        b = c.card_build[x]
        ev = c.card_event[x]
        return {"id": c.card_ids[x], "name": c.card_names[x],
                "side": SIDE_NAMES[c.card_side[x]], "deck": c.card_deck[x],
                "build": b[AXIS] or None, "build_western": b[WEST] or None,
                "build_soviet": b[SOV] or None, "fortress": bool(c.card_fort[x]),
                "bombing": bool(c.card_bomb[x]),
                "move": (None, "land", "naval")[c.card_move[x]], "air": c.card_air[x],
                "event": EVENTS[ev - 1] if ev else None,
                "battle_event": bool(ev and c.event_battle[ev])}

    def view(self, data: dict[str, Any], role: str | None) -> dict[str, Any]:
        c = self.c
        me = self.roles.index(role) if role is not None else -1
        locs = []
        for loc in range(c.n):
            units = data["u"][loc]
            ctl = E.control(data, loc)
            locs.append({
                "name": c.names[loc],
                "control": "contested" if ctl < 0 else OWNER_NAMES[ctl],
                "flag": OWNER_NAMES[data["ctl"][loc]],
                "vp": c.vp[loc],
                "counters": [{"owner": OWNER_NAMES[u >> 4], "strength": u & 3,
                              "fortress": bool(u & E.FORT),
                              "half": c.halves[loc][(u >> 3) & 1]} for u in units],
            })
        sides = {}
        for s in (0, 1):
            mine = s == me
            sides[SIDE_NAMES[s]] = {
                "hand": [self.card_json(x) for x in data["hand"][s]] if mine else None,
                "hand_count": len(data["hand"][s]),
                "hand_size": E.hand_limit(c, data, s),
                "play_deck": len(data["deck"][s]),
                "play_deck_number": data["dn"][s],
                "recycle": ([self.card_json(x) for x in data["rec"][s]] if mine else None),
                "recycle_count": len(data["rec"][s]),
                "eliminated": [c.card_ids[x] for x in data["elim"][s]],
                "chevron_cards_waiting": [len(p) for p in data["later"][s]],
            }
        ax, al = E.victory_points(c, data)
        top = data["stack"][-1] if data["stack"] else None
        pending = None
        if top is not None:
            pending = {"kind": top["kind"], "role": top["role"],
                       "prompt": self.frames[top["kind"]].prompt(self, data, top)}  # type: ignore[attr-defined]
        b = data["bomb"]
        return {
            "game": self.id,
            "scenario": data["scenario"],
            "turn": data["turn"],
            "player_turn": SIDE_NAMES[data["side"]],
            "active": data["active"],
            "operations_left": next((f["left"] for f in reversed(data["stack"])
                                     if f["kind"] == "ops"), 0),
            "soviets_active": E.soviets_active(data),
            "usa_active": E.usa_active(data),
            "bombing": {"position": b, "value": c.track[abs(b)],
                        "side": "allied" if b > 0 else "axis" if b < 0 else "center"},
            "vp": {"axis": ax, "allies": al, "differential": ax - al},
            "locations": locs,
            "sides": sides,
            "battle": self.battle_view(data, me),
            "pending": pending,
            "log": list(data["log"]),
            "result": self.outcome(data).to_json() if data["outcome"] else None,  # type: ignore[union-attr]
        }

    def battle_view(self, data: dict[str, Any], me: int) -> dict[str, Any] | None:
        fr = next((f for f in reversed(data["stack"]) if f["kind"] == "battle"), None)
        if fr is None:
            return None
        c = self.c
        revealed = 7 <= fr["step"] <= 9
        out: dict[str, Any] = {
            "location": c.names[fr["loc"]], "half": c.halves[fr["loc"]][fr["half"]],
            "attacker": SIDE_NAMES[fr["att"]], "defender": SIDE_NAMES[1 - fr["att"]],
            "moving_attackers": [{"owner": OWNER_NAMES[u >> 4], "strength": u & 3}
                                 for u in fr["units"] or []],
            "location_defence": fr["dv"],
        }
        for side, air, evs in ((fr["att"], fr["aa"], fr["ae"]),
                               (1 - fr["att"], fr["da"], fr["de"])):
            cards = ([air] if air >= 0 else []) + list(evs)
            key = "attacker_cards" if side == fr["att"] else "defender_cards"
            if revealed or side == me:
                out[key] = [self.card_json(x) for x in cards]
            else:
                out[key] = len(cards)
        if "ta" in fr and revealed:
            out["totals"] = {"attack": fr["ta"], "defence": fr["td"]}
        return out

    def hide(self, data: dict[str, Any], role: str, rng: Rng) -> None:
        """Resample the opponent's hand, play deck and face-down recycled cards (one pool),
        the order of the own play deck, and the opponent's unrevealed battle cards."""
        c = self.c
        me = self.roles.index(role)
        opp = 1 - me
        _shuffle(data["deck"][me], rng)
        secret = data["secret"][opp]
        known = list(data["rec"][opp])
        for x in secret:
            known.remove(x)
        pool = data["hand"][opp] + data["deck"][opp] + secret
        fr = next((f for f in reversed(data["stack"]) if f["kind"] == "battle"), None)
        face_down: list[int] = []
        if fr is not None and fr["step"] < 7:
            key_a, key_e = ("aa", "ae") if fr["att"] == opp else ("da", "de")
            if fr[key_a] >= 0:
                face_down.append(fr[key_a])
            face_down += fr[key_e]
        pool += face_down
        _shuffle(pool, rng)
        if face_down and fr is not None:
            # the same number of face-down cards, each a card that could have been played
            if fr[key_a] >= 0:
                i = next(i for i, x in enumerate(pool) if c.card_air[x] > 0)
                fr[key_a] = pool.pop(i)
            events: list[int] = []
            attacking = fr["att"] == opp
            for real in fr[key_e]:
                gc_taken = any(c.card_event[y] == EV_GC for y in events)

                def could_be(x: int, gc_taken: bool = gc_taken) -> bool:
                    ev = c.card_event[x]
                    return bool(ev and c.event_battle[ev]
                                and not (ev == EV_REINF and attacking)
                                and not (ev == EV_GC and gc_taken))

                i = next((i for i, x in enumerate(pool) if could_be(x)), None)
                if i is None:
                    # no other consistent card left in the pool: a really played one
                    i = pool.index(real if real in pool else next(
                        y for y in face_down if y in pool))
                events.append(pool.pop(i))
            fr[key_e] = events
        nh, nd = len(data["hand"][opp]), len(data["deck"][opp])
        data["hand"][opp] = pool[:nh]
        data["deck"][opp] = pool[nh:nh + nd]
        new_secret = pool[nh + nd:]
        data["secret"][opp] = new_secret
        data["rec"][opp] = known + new_secret

    def content_json(self) -> dict[str, Any]:
        c = self.c
        locs = []
        for i, loc in enumerate(c.map.locations):
            locs.append({"name": loc.name, "start_control": loc.start_control,
                         "color": COLOR_NAMES[c.color[i]], "halves": list(loc.halves),
                         "vp": loc.vp or None, "supply_source": loc.supply,
                         "capital": loc.capital, "box": loc.box,
                         "reconstructed": loc.reconstructed})
        lines = []
        for ln in c.map.lines:
            lines.append({"a": ln.a, "b": ln.b, "a_half": ln.a_half, "b_half": ln.b_half,
                          "kind": ln.kind, "one_way": ln.one_way, "defense_a": ln.defense_a,
                          "defense_b": ln.defense_b, "active_from_deck": ln.active_from_deck,
                          "reconstructed": ln.reconstructed})
        return {
            "game": self.id,
            "content_dir": str(self.content_dir) if self.content_dir else None,
            "locations": locs,
            "lines": lines,
            "cards": [{**self.card_json(x),
                       "event_text": c.event_text[c.card_event[x]] or None,
                       "reconstructed": c.cards_file.cards[x].reconstructed}
                      for x in range(c.n_cards)],
            "events": [e.model_dump() for e in c.cards_file.event_texts],
            "setup": c.setup.model_dump(),
            "actions": [{"id": a.id, "key": a.key, "label": a.label} for a in self.catalogue],
            "rules": dict(self.rules),
        }

    def describe(self, data: dict[str, Any], action_id: int) -> str:
        c = self.c
        kind, arg = self.decode[action_id]
        label = self.catalogue[action_id].label
        if kind == K_CARD:
            j = self.card_json(arg)
            bits = []
            for key, txt in (("build", "build {}"), ("build_western", "West {}"),
                             ("build_soviet", "Soviet {}")):
                if j[key]:
                    bits.append(txt.format(j[key]))
            if j["fortress"]:
                bits.append("fortress")
            if j["bombing"]:
                bits.append("bombing")
            if j["move"]:
                bits.append(f"{j['move']} move")
            if j["air"]:
                bits.append(f"air {j['air']}")
            if j["event"]:
                bits.append(c.event_names[c.card_event[arg]])
            return f"{label}: {', '.join(bits)}"
        if kind == K_LOC:
            ctl = E.control(data, arg)
            units = data["u"][arg]
            status = "contested" if ctl < 0 else OWNER_NAMES[ctl]
            return f"{label} ({status}{', ' + str(len(units)) + ' counters' if units else ''})"
        if kind == K_HALF and data["stack"] and "loc" in data["stack"][-1]:
            return f"the {c.halves[data['stack'][-1]['loc']][arg]} half"
        return label

    # -- evaluation and checks ----------------------------------------------------------------
    def evaluate(self, data: dict[str, Any], role: str) -> float:
        out = data["outcome"]
        me = self.roles.index(role)
        if out:
            return 100.0 if out["winner"] == role else -100.0
        ax, al = E.victory_points(self.c, data)
        strength = [0, 0]
        for units in data["u"]:
            for u in units:
                strength[E.OWNER_SIDE[u >> 4]] += u & 3
        value = float(ax - al) + 0.1 * (strength[0] - strength[1])
        return value if me == 0 else -value

    def check_invariants(self, data: dict[str, Any]) -> list[str]:
        c = self.c
        bad: list[str] = []
        # card conservation (4.1): every card in exactly one place
        for s in (0, 1):
            where = (data["hand"][s] + data["deck"][s] + data["rec"][s] + data["elim"][s]
                     + [x for p in data["later"][s] for x in p]
                     + [x for x in data["inplay"] if c.card_side[x] == s])
            for fr in data["stack"]:
                if "holding" in fr and c.card_side[fr["holding"]] == s:
                    where.append(fr["holding"])
                if fr["kind"] == "battle":
                    side_a = fr["att"]
                    cards = ([fr["aa"]] + fr["ae"]) if s == side_a else ([fr["da"]] + fr["de"])
                    where += [x for x in cards if x >= 0]
            expected = [x for x in range(c.n_cards) if c.card_side[x] == s]
            if sorted(where) != expected:
                bad.append(f"{SIDE_NAMES[s]} cards not conserved: {len(where)} placed, "
                           f"{len(expected)} in the deck")
            if any(c.card_side[x] != s for x in where):
                bad.append(f"a card of the other side in the {SIDE_NAMES[s]} piles")
            rec = list(data["rec"][s])
            for x in data["secret"][s]:
                if x in rec:
                    rec.remove(x)
                else:
                    bad.append("a face-down recycled card is not in the recycle pile")
        # counter mix (3.1)
        for owner in (AXIS, WEST, SOV):
            for kind in (1, 2, 3, 4):
                n = E.count_counters(data, owner, kind)
                if n != data["cnt"][owner * 5 + kind]:
                    bad.append(f"counter count table wrong for {OWNER_NAMES[owner]} {kind}")
                if n > c.mix[owner][kind]:
                    bad.append(f"{n} {OWNER_NAMES[owner]} counters of kind {kind} exceed the "
                               f"counter mix ({c.mix[owner][kind]})")
        for loc in range(c.n):
            units = data["u"][loc]
            owners = {u >> 4 for u in units}
            name = c.names[loc]
            if WEST in owners and SOV in owners:
                bad.append(f"blue and red counters share {name}")
            if WEST in owners and c.color[loc] == SOV:
                bad.append(f"blue counters in red {name}")
            if SOV in owners and c.color[loc] == WEST:
                bad.append(f"red counters in blue {name}")
            forts = [(u >> 3) & 1 for u in units if u & E.FORT]
            if len(forts) != len(set(forts)):
                bad.append(f"two fortresses in one half of {name}")
            if any(u >> 4 != AXIS for u in units if u & E.FORT):
                bad.append(f"an Allied fortress in {name}")
            if len(owners) == 1 and data["ctl"][loc] != next(iter(owners)):
                bad.append(f"{name} holds only {OWNER_NAMES[next(iter(owners))]} counters but "
                           f"is controlled by {OWNER_NAMES[data['ctl'][loc]]}")
            if E.sides_in(units) == 3:
                for side in (0, 1):
                    halves = {(u >> 3) & 1 for u in units if E.OWNER_SIDE[u >> 4] == side}
                    if len(halves) != 1:
                        bad.append(f"{SIDE_NAMES[side]} counters in both halves of contested "
                                   f"{name}")
                if E.half_of(units, 0) == E.half_of(units, 1):
                    bad.append(f"both sides in one half of {name}")
            if loc == c.usa and (owners - {WEST}):
                bad.append("non-Western counters in the USA box")
        if not -(len(c.track) - 1) <= data["bomb"] <= len(c.track) - 1:
            bad.append("bombing marker off the track")
        if data["outcome"] is None:
            if not data["stack"] or data["stack"][0]["kind"] != "turn":
                bad.append("the decision stack lost its turn frame")
        elif data["stack"]:
            bad.append("finished game with pending decisions")
        return bad

    def max_decisions(self) -> int:
        return 400 * int(DEFAULT_MAX_TURNS)

    def max_chance_events(self) -> int:
        """Shuffles (``n - 1`` picks for ``n`` cards) and the random discards of a block.

        A shuffled play deck is drawn out before the next shuffle of that side (6.2), so
        the picks of all shuffles but the last of each side are at most the cards drawn:
        at most the largest hand size per player turn. Add the set-up shuffles, the last
        and the special (6.5) shuffle of each side, and two discards per decision."""
        c = self.c
        per_side = self._side_cards()
        draws = 2 * DEFAULT_MAX_TURNS * max(max(h) for h in c.hand_size)
        return draws + 6 * per_side + 2 * self.max_decisions()

    def max_chance_outcomes(self) -> int:
        """The largest shuffle: every card of one side (6.5 and the later play decks)."""
        return self._side_cards()

    def _side_cards(self) -> int:
        c = self.c
        return max(sum(1 for x in range(c.n_cards) if c.card_side[x] == s) for s in (0, 1))

    # -- numeric observation (RL interfaces) ----------------------------------------------
    def observation(self, data: dict[str, Any], role: str) -> list[float]:
        """What ``role`` sees, as floats in [-1, 1] (see :meth:`view`): never the opponent's
        hand, the order of a play deck, face-down recycled cards or unrevealed battle
        cards.

        Layout: role, active role and player turn; turn; bombing track; VP; per side the
        hand, play deck, recycle pile and chevron pile sizes, the play deck number and
        the hand size; own hand, recycled cards known to the role, eliminated cards and
        cards in play (multi-hot over the card ids); per location the control (contested,
        neutral, Axis, Western, Soviet), the control flag, and the counters per owner,
        half and kind (1-3 strength, fortress); the pending decision (frame kind, its
        location, operations left); the battle (location, half, attacker, defence value,
        moving attackers, the battle cards the role may see and the number of face-down
        cards of the opponent, the totals once revealed); game over."""
        c = self.c
        me = self.roles.index(role)
        opp = 1 - me
        nc = c.n_cards
        per_side = float(self._side_cards())
        max_turns = max(1, int(data["options"]["max_turns"]))
        obs: list[float] = [float(me == 0), float(me == 1),
                            float(data["active"] == "axis"), float(data["active"] == "allies"),
                            float(data["side"] == 0), float(data["side"] == 1),
                            min(data["turn"], max_turns) / max_turns]
        end = len(c.track) - 1
        b = data["bomb"]
        obs += [b / end, c.track[abs(b)] / max(1, max(c.track)) * (1 if b >= 0 else -1)]
        ax, al = E.victory_points(c, data)
        obs += [min(ax, 40) / 40.0, min(al, 40) / 40.0, max(-1.0, min(1.0, (ax - al) / 20.0))]
        for s in (0, 1):
            later = data["later"][s]
            obs += [min(len(data["hand"][s]), 10) / 10.0, len(data["deck"][s]) / per_side,
                    len(data["rec"][s]) / per_side, len(data["elim"][s]) / per_side,
                    len(later[0]) / per_side, len(later[1]) / per_side,
                    min(data["dn"][s], 8) / 8.0, min(E.hand_limit(c, data, s), 10) / 10.0]
        hand = [0.0] * nc
        for x in data["hand"][me]:
            hand[x] = 1.0
        rec = [0.0] * nc
        for x in data["rec"][me]:
            rec[x] = 1.0
        for x in data["rec"][opp]:
            rec[x] = 1.0
        for x in data["secret"][opp]:  # face down: the opponent's secret
            rec[x] = 0.0
        elim = [0.0] * nc
        for s in (0, 1):
            for x in data["elim"][s]:
                elim[x] = 1.0
        inplay = [0.0] * nc
        for x in data["inplay"]:
            inplay[x] = 1.0
        obs += hand + rec + elim + inplay
        fort = E.FORT
        for loc in range(c.n):
            units = data["u"][loc]
            ctl = E.control(data, loc)
            obs += [float(ctl == k) for k in (-1, 0, AXIS, WEST, SOV)]
            flag = data["ctl"][loc]
            obs += [float(flag == k) for k in (AXIS, WEST, SOV)]
            counts = [0] * 24  # (owner - 1) * 8 + half * 4 + kind - 1
            for u in units:
                kind = 4 if u & fort else u & 3
                counts[((u >> 4) - 1) * 8 + ((u >> 3) & 1) * 4 + kind - 1] += 1
            obs += [min(n, 8) / 8.0 for n in counts]
        stack = data["stack"]
        top = stack[-1] if stack else None
        kind = top["kind"] if top else ""
        obs += [float(kind == k) for k in self.frames]
        where = [0.0] * c.n
        if top is not None:
            for key in ("loc", "src"):
                v = top.get(key)
                if isinstance(v, int) and 0 <= v < c.n:
                    where[v] = 1.0
        obs += where
        left = next((f["left"] for f in reversed(stack) if f["kind"] == "ops"), 0)
        obs.append(min(left, 8) / 8.0)
        obs += self._battle_observation(data, me)
        obs.append(float(data["outcome"] is not None))
        return obs

    def _battle_observation(self, data: dict[str, Any], me: int) -> list[float]:
        c = self.c
        nc = c.n_cards
        fr = next((f for f in reversed(data["stack"]) if f["kind"] == "battle"), None)
        size = 1 + c.n + 2 + 2 + 2 + 3 + nc + 2 + 2
        if fr is None:
            return [0.0] * size
        out = [1.0]
        where = [0.0] * c.n
        where[fr["loc"]] = 1.0
        out += where
        out += [float(fr["half"] == 0), float(fr["half"] == 1),
                float(fr["att"] == me), float(fr["att"] != me),
                fr["dv"] / 5.0, float(fr["contested"])]
        moving = [0, 0, 0]
        for u in fr["units"] or ():
            moving[(u & 3) - 1] += 1
        out += [min(n, 8) / 8.0 for n in moving]
        revealed = 7 <= fr["step"] <= 9
        cards = [0.0] * nc
        hidden = 0
        for side, air, evs in ((fr["att"], fr["aa"], fr["ae"]),
                               (1 - fr["att"], fr["da"], fr["de"])):
            played = ([air] if air >= 0 else []) + list(evs)
            if revealed or side == me:
                for x in played:
                    cards[x] = 1.0
            else:
                hidden += len(played)
        out += cards
        out += [min(hidden, 8) / 8.0, float(revealed)]
        if "ta" in fr and revealed:
            out += [min(fr["ta"], 40) / 40.0, min(fr["td"], 40) / 40.0]
        else:
            out += [0.0, 0.0]
        return out


def _shuffle(cards: list[int], rng: Rng) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
