"""Europe At War 1940: Solitaire as a warroom :class:`Game`.

One role, ``axis``. The Allied BOT is part of the rules (4.3) and acts inside
``apply`` when the Axis end their actions; its dice come from the state's RNG.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from warroom.core.protocol import Game, Outcome
from warroom.games.eaw1940 import actions as A
from warroom.games.eaw1940.bot import most_advanced
from warroom.games.eaw1940.combat import axis_land_mods
from warroom.games.eaw1940.components import Components, load_components
from warroom.games.eaw1940.rules import RULES
from warroom.games.eaw1940.setup import setup
from warroom.games.eaw1940.victory import (
    allies_occupy,
    band,
    flags_controlled,
    victory_points,
)

AXIS = 1


class EuropeAtWar1940(Game):
    id = "eaw1940"
    title = "Europe At War 1940: Solitaire"
    roles = ("axis",)
    scenarios = ("1940",)
    default_scenario = "1940"
    rules = RULES

    def __init__(self, content: Path | None = None) -> None:
        self.c: Components = load_components(content)
        self.content_dir = content
        c = self.c
        self.catalogue, self.decode = A.build_catalogue(c)
        self.n_fronts = n = len(c.front_ids)
        key = self.catalogue.by_key
        self.attack_id = [key(f"attack:{fid}").id for fid in c.front_ids]
        self.sea_id = [key(f"sea:{z}").id for z in c.sea_ids]
        self.air_id = [key(f"air:{a}").id for a in c.air_ids]
        self.tank_id = [[key(f"tank:{c.front_ids[f]}:{c.front_ids[g]}").id if f != g else -1
                         for g in range(n)] for f in range(n)]
        self.unstall_id = [key(f"unstall:{fid}").id for fid in c.front_ids]
        self.place_id = [key(f"place_tank:{fid}").id for fid in c.front_ids]
        self.end_id = key("end_turn").id
        self.reroll_id = key("reroll").id
        self.keep_id = key("keep").id
        self.frames = {k.kind: k for k in (A.ActionsFrame(), A.RerollFrame(),
                                           A.PlaceTankFrame())}

    # -- set-up -----------------------------------------------------------------------
    def setup(self, data: dict[str, Any], scenario: str, options: Mapping[str, Any]) -> None:
        setup(self.c, data)

    # -- information ------------------------------------------------------------------
    def view(self, data: dict[str, Any], role: str | None) -> dict[str, Any]:
        c = self.c
        fronts = []
        for f in range(self.n_fronts):
            pos = data["axis"][f]
            in_play = bool(data["in_play"][f])
            fronts.append({
                "id": c.front_ids[f],
                "name": c.front_names[f],
                "in_play": in_play,
                "route": list(c.routes[f]),
                "axis_index": pos,
                "axis_location": (c.routes[f][pos] if pos >= 0 else "outside")
                if in_play else None,
                "allied_location": c.routes[f][pos + 1] if pos < c.last[f] else "outside",
                "stalled": bool(data["stalled"][f]),
                "reserve": bool(data["reserve"][f]),
                "axis_tanks": [bool(t[1]) for t in data["tanks"] if t[0] == f],
                "allied_tanks": [bool(t[1]) for t in data["allied_tanks"] if t[0] == f],
                "air_space": c.air_ids[c.front_air[f]],
            })
        top = self.top(data)
        pending = None
        if top is not None and top["kind"] != "actions":
            pending = dict(top)
        out = data["outcome"]
        return {
            "game": self.id,
            "scenario": data["scenario"],
            "turn": data["turn"],
            "turns": c.turns,
            "date": c.turn_date[min(data["turn"], c.turns)],
            "ap": data["ap"],
            "active": data["active"],
            "attacked_this_turn": bool(data["attacked"]),
            "fronts": fronts,
            "air_spaces": [{"id": c.air_ids[a], "name": c.air_names[a],
                            "control": "axis" if data["air"][a] == AXIS else "allies",
                            "axis_air_superiority": bool(data["air_sup"][a])}
                           for a in range(len(c.air_ids))],
            "sea_zones": [{"id": c.sea_ids[z], "name": c.sea_names[z],
                           "control": "axis" if data["sea"][z] == AXIS else "allies"}
                          for z in range(len(c.sea_ids))],
            "malta": "active" if data["malta"] else "inactive",
            "flags_controlled": flags_controlled(c, data),
            "allies_occupy": allies_occupy(c, data),
            "vp": victory_points(c, data),
            "pending": pending,
            "log": list(data["log"]),
            "result": self.outcome(data).to_json() if out else None,
        }

    def outcome(self, data: dict[str, Any]) -> Outcome | None:
        out = data["outcome"]
        if not out:
            return None
        vp = out["vp"]
        if out["kind"] == "allied_automatic":
            return Outcome("allies", "allied_automatic_victory", {"axis": -1.0}, {"vp": vp},
                           f"Allied automatic victory: the Allies occupy "
                           f"{' and '.join(out['where'])}.", "10.1")
        if out["kind"] == "axis_automatic":
            return Outcome("axis", "axis_automatic_victory", {"axis": 1.0}, {"vp": vp},
                           f"Axis automatic victory: the Axis control "
                           f"{', '.join(out['where'])}.", "10.2")
        label, winner, text = band(self.c, vp)
        ret = 1.0 if winner == "axis" else -1.0 if winner == "allies" else 0.0
        return Outcome(winner, label, {"axis": ret}, {"vp": vp}, text, "10.4")

    def evaluate(self, data: dict[str, Any], role: str) -> float:
        """Axis VP now, plus progress towards the flags; automatic results dominate."""
        out = data["outcome"]
        if out:
            if out["kind"] == "axis_automatic":
                return 100.0
            if out["kind"] == "allied_automatic":
                return -100.0
            return float(out["vp"]) + (20.0 if out["vp"] >= 18 else 0.0)
        c = self.c
        value = float(victory_points(c, data))
        value += 2.0 * len(flags_controlled(c, data))
        value -= 10.0 * len(allies_occupy(c, data))
        value -= 0.5 * sum(data["stalled"][f] for f in range(self.n_fronts)
                           if data["in_play"][f])
        value -= 0.3 * sum(data["reserve"])
        return value

    def content_json(self) -> dict[str, Any]:
        c = self.c
        return {
            "game": self.id,
            "content_dir": str(self.content_dir) if self.content_dir else None,
            "map": c.map.model_dump(),
            "tables": c.tables.model_dump(),
            "turn_track": c.turn_track.model_dump(),
            "victory": c.victory.model_dump(),
            "actions": [{"id": a.id, "key": a.key, "label": a.label} for a in self.catalogue],
            "rules": dict(self.rules),
        }

    def describe(self, data: dict[str, Any], action_id: int) -> str:
        """A label with the situation: which location an attack targets, with its DRM."""
        act = self.catalogue[action_id]
        kind, args = self.decode[action_id]
        if kind == A.ATTACK and data["axis"][args[0]] < self.c.last[args[0]]:
            f = args[0]
            drm = sum(v for v, _ in axis_land_mods(self.c, data, f))
            return f"{act.label}: {self.c.routes[f][data['axis'][f] + 1]} (DRM {drm:+d})"
        if kind == A.SEA and self.c.sea_ids[args[0]] == "atlantic":
            return f"{act.label} (DRM -1)"
        return act.label

    def check_invariants(self, data: dict[str, Any]) -> list[str]:
        c = self.c
        bad: list[str] = []
        turn = data["turn"]
        if not 1 <= turn <= c.turns:
            bad.append(f"turn {turn} out of 1..{c.turns}")
            return bad
        if not 0 <= data["ap"] <= c.turn_ap[turn]:
            bad.append(f"AP {data['ap']} out of 0..{c.turn_ap[turn]}")
        for f in range(self.n_fronts):
            pos = data["axis"][f]
            if not -1 <= pos <= c.last[f]:
                bad.append(f"front {c.front_ids[f]} position {pos} off its route")
            if not data["in_play"][f] and (pos != 0 or data["stalled"][f]):
                bad.append(f"front {c.front_ids[f]} not in play but moved or stalled")
            entered = c.start_in_play[f] or any(
                f in c.turn_fronts_enter[t] for t in range(1, turn + 1))
            if bool(data["in_play"][f]) != bool(entered):
                bad.append(f"front {c.front_ids[f]} in play {data['in_play'][f]} against the "
                           f"turn track")
        expected_tanks = 1 + sum(c.turn_axis_tanks[t] for t in range(1, turn + 1))
        placing = sum(1 for fr in data["stack"] if fr["kind"] == "place_tank")
        if len(data["tanks"]) + placing != expected_tanks:
            bad.append(f"{len(data['tanks'])} Axis tanks (+{placing} arriving), expected "
                       f"{expected_tanks}")
        for t in data["tanks"]:
            if not data["in_play"][t[0]] or t[1] not in (0, 1):
                bad.append(f"Axis tank {t} on a front not in play")
        expected_allied = sum(len(c.turn_allied_tanks[t]) for t in range(1, turn + 1))
        if len(data["allied_tanks"]) != expected_allied:
            bad.append("Allied tank count against the turn track")
        for key, n in (("air", len(c.air_ids)), ("air_sup", len(c.air_ids)),
                       ("sea", len(c.sea_ids)), ("stalled", self.n_fronts),
                       ("reserve", self.n_fronts), ("in_play", self.n_fronts)):
            if len(data[key]) != n or any(v not in (0, 1) for v in data[key]):
                bad.append(f"{key} markers malformed: {data[key]}")
        for a in range(len(c.air_ids)):
            if data["air_sup"][a] and data["air"][a] != AXIS:
                bad.append("air superiority marker in an Allied-controlled air space")
        if data["malta"] not in (0, 1):
            bad.append("Malta marker malformed")
        if data["outcome"] is None:
            if not data["stack"] or data["stack"][0]["kind"] != "actions":
                bad.append("decision stack lost its actions frame")
        elif data["stack"]:
            bad.append("finished game with pending decisions")
        return bad

    def max_decisions(self) -> int:
        c = self.c
        tanks = 1 + sum(c.turn_axis_tanks)
        return sum(c.turn_ap[t] * (1 + tanks) + c.turn_axis_tanks[t] + 1
                   for t in range(1, c.turns + 1))

    def max_chance_events(self) -> int:
        # An attack rolls 1 die; ending the actions runs the BOT: chart, Front Table, attack
        # and an Allied tank re-roll, 4 dice; an action can do both (the last AP).
        return self.max_decisions() * 5

    def observation(self, data: dict[str, Any], role: str) -> list[float]:
        """Everything public, as numbers in [0, 1]: turn, AP, every marker, pending decision."""
        c = self.c
        obs: list[float] = [0.0] * (c.turns + 1)
        obs[min(data["turn"], c.turns)] = 1.0
        obs.append(data["ap"] / 10.0)
        obs.append(float(data["attacked"]))
        for f in range(self.n_fronts):
            onehot = [0.0] * (c.last[f] + 2)       # -1 .. last
            onehot[data["axis"][f] + 1] = 1.0
            obs += onehot
            obs.append(float(data["in_play"][f]))
            obs.append(float(data["stalled"][f]))
            obs.append(float(data["reserve"][f]))
            obs.append(sum(1.0 for t in data["tanks"] if t[0] == f) / 3.0)
            obs.append(sum(1.0 for t in data["tanks"] if t[0] == f and not t[1]) / 3.0)
            obs.append(sum(1.0 for t in data["allied_tanks"] if t[0] == f) / 3.0)
        obs += [float(v) for v in data["air"]]
        obs += [float(v) for v in data["air_sup"]]
        obs += [float(v) for v in data["sea"]]
        obs.append(float(data["malta"]))
        top = self.top(data)
        kind = top["kind"] if top else ""
        obs += [float(kind == k) for k in ("actions", "reroll", "place_tank")]
        reroll = [0.0] * self.n_fronts
        if kind == "reroll":
            reroll[top["front"]] = 1.0  # type: ignore[index]
        obs += reroll
        obs.append(float(data["outcome"] is not None))
        return obs

    def most_advanced_front(self, data: dict[str, Any]) -> int:
        return most_advanced(self.c, data)
