"""Europe At War 1940: Solitaire as a warroom :class:`Game`.

One role, ``axis``. The Allied BOT is part of the rules (4.3): it acts in the
``allied_bot`` procedure frame after the Axis actions, its dice from the state's RNG.
Flow (core's driver runs it): ``turn`` (3) -> the ``place_tank``, ``actions`` and
``reroll`` decisions (1.4, 3.2, 8.1) -> ``allied_bot`` (3.3) -> end of turn (10).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from warroom.core.flow import FrameKind
from warroom.core.protocol import Data, Outcome, State, Termination, check_role, copy_plain
from warroom.games.eaw1940 import evaluation
from warroom.games.eaw1940.actions import ActionsFrame, PlaceTankFrame, RerollFrame
from warroom.games.eaw1940.base import EawGame
from warroom.games.eaw1940.bot import AlliedBot
from warroom.games.eaw1940.catalogue import ATTACK, KEEP, SEA
from warroom.games.eaw1940.combat import axis_land_mods
from warroom.games.eaw1940.components import AXIS
from warroom.games.eaw1940.sequence import Turn
from warroom.games.eaw1940.setup import opening, setup
from warroom.games.eaw1940.victory import (
    allies_occupy,
    band,
    flags_controlled,
    victory_points,
)

FRAMES: tuple[FrameKind[EawGame], ...] = (Turn(), ActionsFrame(), RerollFrame(),
                                          PlaceTankFrame(), AlliedBot())
INT_LISTS = ("in_play", "axis", "stalled", "reserve", "air", "air_sup", "sea", "forced",
             "chance_queue", "log")
"""Keys of ``data`` holding lists of ints (or of log entries, shared): copied with list()."""
KNOWN = frozenset({*INT_LISTS, "tanks", "allied_tanks", "stack", "options", "outcome",
                   "game", "scenario", "seed", "rng", "barrier", "active", "decisions",
                   "malta", "turn", "ap", "attacked", "explicit_chance"})
"""Keys ``copy_data`` knows (the others are deep-copied)."""


class EuropeAtWar1940(EawGame):
    earlier_content_ids = frozenset({"516c921df4fc", "a976b25c74ec"})
    """The bundled pack's ids of 5 and of 6 December 2026 (the id hashed the rule index and the
    action labels too, reworded that day): the same content."""
    frames: Mapping[str, FrameKind[Any]] = {k.kind: k for k in FRAMES}

    def __init__(self, content: Path | None = None) -> None:
        super().__init__(content)
        self.opening = opening(self.c)
        self._map = self.board_json()

    def board_json(self) -> dict[str, Any]:
        """The board as the web map draws it, all from content: map.yaml (fronts with
        their routes, locations with flag VP and ports, air spaces, sea zones, Malta and
        the layout), the turn track (AP, fronts and tanks entering) and the VP bands."""
        c = self.c
        board: dict[str, Any] = {"kind": "eaw1940", **c.map.model_dump(mode="json")}
        board["turn_track"] = [e.model_dump(mode="json") for e in
                               sorted(c.turn_track.turns, key=lambda e: e.turn)]
        board["turn_track_reconstructed"] = c.turn_track.reconstructed
        board["victory"] = c.victory.model_dump(mode="json")
        return board

    # -- set-up -----------------------------------------------------------------------
    def setup(self, st: State[EuropeAtWar1940], scenario: str,
              options: Mapping[str, Any]) -> None:
        setup(self.opening, st.data)

    # -- information ------------------------------------------------------------------
    def clock(self, st: State[EuropeAtWar1940]) -> tuple[Any, Any]:
        """The view's turn; it shows no round."""
        return st.data["turn"], None

    def view(self, st: State[EuropeAtWar1940], role: str | None) -> dict[str, Any]:
        c, data = self.c, st.data
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
        out = self.outcome(st)
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
            "pending": self.pending(st),
            "result": out.to_json() if out else None,
            # the static board from content (a fresh copy: a consumer that edits its view
            # never edits the board every other view shares)
            "map": copy_plain(self._map),
        }

    def pending(self, st: State[EuropeAtWar1940]) -> dict[str, Any] | None:
        """The decision waiting besides the action menu (a re-roll, a tank to place)."""
        data = st.data
        if data["active"] is None:
            return None
        frame = data["stack"][-1]
        kind = frame["kind"]
        if kind == "actions":
            return None
        p = self.frames[kind].prompt(st, frame)
        out: dict[str, Any] = {"kind": kind, "role": p.role, "prompt": p.text, "rule": p.rule}
        if kind == "reroll":
            out["front"] = self.c.front_ids[frame["front"]]
        return out

    def resignation_winner(self, role: str) -> str | None:
        """The Allies (the BOT's side) win when the Axis player resigns, as they do when the
        Axis loses by the rules (10.1)."""
        return "allies" if role == "axis" else None

    def outcome(self, st: State[EuropeAtWar1940]) -> Outcome | None:
        out = st.data["outcome"]
        if not out:
            return None
        vp = out["vp"]
        if out["kind"] == "allied_automatic":
            return Outcome(Termination.AUTOMATIC_VICTORY, "allies", {"axis": -1.0},
                           {"vp": vp}, f"Allied automatic victory: the Allies occupy "
                           f"{' and '.join(out['where'])}.", "10.1",
                           "allied_automatic_victory")
        if out["kind"] == "axis_automatic":
            return Outcome(Termination.AUTOMATIC_VICTORY, "axis", {"axis": 1.0}, {"vp": vp},
                           f"Axis automatic victory: the Axis control "
                           f"{', '.join(out['where'])}.", "10.2", "axis_automatic_victory")
        label, winner, text = band(self.c, vp)
        ret = 1.0 if winner == "axis" else -1.0 if winner == "allies" else 0.0
        return Outcome(Termination.FINAL_SCORING, winner, {"axis": ret}, {"vp": vp}, text,
                       "10.4", label)

    def evaluate(self, st: State[EuropeAtWar1940], role: str) -> float:
        """Axis VP against the bands, front depth, flags, homes in danger
        (:mod:`warroom.games.eaw1940.evaluation`); automatic results dominate."""
        return evaluation.evaluate(st, role)

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

    def describe(self, st: State[EuropeAtWar1940], action_id: int) -> str:
        """A label with the situation: which location an attack targets, with its DRM."""
        data = st.data
        act = self.catalogue[action_id]
        kind, args = self.ids.decode[action_id]
        if kind == ATTACK and data["axis"][args[0]] < self.c.last[args[0]]:
            f = args[0]
            drm = sum(v for v, _ in axis_land_mods(self.c, data, f))
            return f"{act.label}: {self.c.routes[f][data['axis'][f] + 1]} (DRM {drm:+d})"
        if kind == SEA and self.c.sea_ids[args[0]] == "atlantic":
            return f"{act.label} (DRM -1)"
        if kind == KEEP and data["ap"] <= 0:
            # with no AP left no attack follows this turn, and the tank is unused again
            # next turn (8.1): there is nothing to save it for (an eaw1940 audit)
            return "Keep the result (no AP left: no attack follows this turn)"
        return act.label

    def check_invariants(self, st: State[EuropeAtWar1940]) -> list[str]:
        c, data = self.c, st.data
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
        stack = data["stack"]
        if data["outcome"] is None:
            if not stack or stack[0]["kind"] != "turn":
                bad.append("decision stack lost its turn frame")
            elif stack[-1]["kind"] not in ("actions", "reroll", "place_tank"):
                bad.append(f"a {stack[-1]['kind']!r} procedure waits on top of the stack")
        elif stack:
            bad.append("finished game with pending decisions")
        return bad

    def copy_data(self, data: Data) -> Data:
        """A clone's data: the int lists copied with list(), tanks and frames one level down,
        the log's entries shared (never changed once written), anything else deep-copied."""
        out = dict(data)                            # the scalars
        for k in INT_LISTS:
            if k in out:
                out[k] = list(out[k])
        out["tanks"] = [list(t) for t in data["tanks"]]
        out["allied_tanks"] = [list(t) for t in data["allied_tanks"]]
        out["stack"] = [dict(fr) for fr in data["stack"]]     # frames hold scalars only
        out["options"] = dict(data["options"])                  # of JSON scalars
        outcome = data["outcome"]
        if outcome is not None:
            out["outcome"] = {**outcome, "where": list(outcome["where"])}
        for k in data.keys() - KNOWN:
            out[k] = copy_plain(data[k])
        return out

    def max_decisions(self) -> int:
        c = self.c
        tanks = 1 + sum(c.turn_axis_tanks)
        return sum(c.turn_ap[t] * (1 + tanks) + c.turn_axis_tanks[t] + 1
                   for t in range(1, c.turns + 1))

    def max_chance_events(self) -> int:
        # An attack rolls 1 die; ending the actions runs the BOT: chart, Front Table, attack
        # and an Allied tank re-roll, 4 dice; an action can do both (the last AP).
        return self.max_decisions() * 5

    def observation(self, st: State[EuropeAtWar1940], role: str) -> list[float]:
        """Everything public, as numbers in [0, 1]: turn, AP, every marker, pending decision."""
        check_role(self, role)
        c, data = self.c, st.data
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
        stack = data["stack"]
        top = stack[-1] if data["active"] is not None else None
        kind = top["kind"] if top is not None else ""
        obs += [float(kind == k) for k in ("actions", "reroll", "place_tank")]
        reroll = [0.0] * self.n_fronts
        if top is not None and kind == "reroll":
            reroll[top["front"]] = 1.0
        obs += reroll
        obs.append(float(data["outcome"] is not None))
        return obs
