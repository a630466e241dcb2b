"""The Axis player's decisions: the fixed action catalogue and the decision-stack frames.

Frames (``data["stack"]``):
- ``actions``: the Axis action phase (3.2, 4.2.1-4.2.5), at the bottom of the stack.
- ``reroll``: a failed land attack on a front with an unused tank (8.1): re-roll or keep.
- ``place_tank``: a tank arriving by the turn track (1.4) is placed with a front.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action, ActionCatalogue
from warroom.core.protocol import FrameKind, Game
from warroom.games.eaw1940 import combat
from warroom.games.eaw1940.components import Components
from warroom.games.eaw1940.rules import log
from warroom.games.eaw1940.sequence import continue_turn, end_axis_actions

if TYPE_CHECKING:
    from warroom.games.eaw1940.game import EuropeAtWar1940

ALLIED = 0
ATTACK, SEA, AIR, TANK, UNSTALL, END, REROLL, KEEP, PLACE = range(9)
Why = tuple[str, tuple[str, ...]]


def build_catalogue(c: Components) -> tuple[ActionCatalogue, list[tuple[int, tuple[int, ...]]]]:
    """Every action the Axis player can ever take, and its (kind, arguments) decoding."""
    entries: list[tuple[str, str]] = []
    decode: list[tuple[int, tuple[int, ...]]] = []
    fronts = range(len(c.front_ids))

    def add(key: str, label: str, kind: int, *args: int) -> None:
        entries.append((key, label))
        decode.append((kind, args))

    for f in fronts:
        add(f"attack:{c.front_ids[f]}", f"Attack the Allied {c.front_names[f]} front", ATTACK, f)
    for z in range(len(c.sea_ids)):
        add(f"sea:{c.sea_ids[z]}", f"Attack Allied control of the {c.sea_names[z]}", SEA, z)
    for a in range(len(c.air_ids)):
        add(f"air:{c.air_ids[a]}", f"Attack Allied control of the {c.air_names[a]} air space",
            AIR, a)
    for f in fronts:
        for g in fronts:
            if f != g:
                add(f"tank:{c.front_ids[f]}:{c.front_ids[g]}",
                    f"Move a tank from the {c.front_names[f]} to the {c.front_names[g]} front",
                    TANK, f, g)
    for f in fronts:
        add(f"unstall:{c.front_ids[f]}", f"Flip the {c.front_names[f]} front from stalled to "
            "active", UNSTALL, f)
    add("end_turn", "End the Axis actions (unused AP are lost)", END)
    add("reroll", "Use the tank: re-roll the attack", REROLL)
    add("keep", "Keep the result (save the tank)", KEEP)
    for f in fronts:
        add(f"place_tank:{c.front_ids[f]}", f"Place the new tank with the {c.front_names[f]} "
            "front", PLACE, f)
    return ActionCatalogue(entries), decode


class ActionsFrame(FrameKind):
    """3.2: the Axis spend their AP, one action per AP (4.1), then end their actions."""

    kind = "actions"

    def legal(self, game: Game, data: dict[str, Any], frame: dict[str, Any]) -> list[int]:
        g: EuropeAtWar1940 = game  # type: ignore[assignment]
        c = g.c
        ids: list[int] = []
        if data["ap"] > 0:
            in_play, stalled, axis = data["in_play"], data["stalled"], data["axis"]
            for f in range(g.n_fronts):
                if in_play[f] and not stalled[f] and axis[f] < c.last[f]:
                    ids.append(g.attack_id[f])
            for z, ctl in enumerate(data["sea"]):
                if ctl == ALLIED:
                    ids.append(g.sea_id[z])
            for a, ctl in enumerate(data["air"]):
                if ctl == ALLIED:
                    ids.append(g.air_id[a])
            if not data["attacked"]:
                done = set()
                for t in data["tanks"]:
                    f = t[0]
                    if f not in done:
                        done.add(f)
                        for h in range(g.n_fronts):
                            if h != f and in_play[h]:
                                ids.append(g.tank_id[f][h])
            for f in range(g.n_fronts):
                if stalled[f] and in_play[f]:
                    ids.append(g.unstall_id[f])
        ids.append(g.end_id)
        return ids

    def apply(self, game: Game, data: dict[str, Any], frame: dict[str, Any],
              action: Action) -> None:
        g: EuropeAtWar1940 = game  # type: ignore[assignment]
        c = g.c
        kind, args = g.decode[action.id]
        if kind == END:
            end_axis_actions(c, data, spent=False)
            return
        data["ap"] -= 1
        if kind == ATTACK:
            data["attacked"] = 1
            combat.axis_attack_front(c, data, args[0])
        elif kind == SEA:
            data["attacked"] = 1
            combat.axis_attack_sea(c, data, args[0])
        elif kind == AIR:
            data["attacked"] = 1
            combat.axis_attack_air(c, data, args[0])
        elif kind == TANK:
            f, h = args
            tank = next(t for t in data["tanks"] if t[0] == f)
            tank[0] = h
            log(data, "4.2.4", f"A tank moves from the {c.front_names[f]} front to the "
                f"{c.front_names[h]} front (1 AP)")
        elif kind == UNSTALL:
            data["stalled"][args[0]] = 0
            log(data, "4.2.5", f"The Axis {c.front_names[args[0]]} front is flipped from "
                "stalled to active (1 AP)")
        continue_turn(c, data)

    def explain(self, game: Game, data: dict[str, Any], frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        g: EuropeAtWar1940 = game  # type: ignore[assignment]
        c = g.c
        kind, args = g.decode[action.id]
        if kind in (REROLL, KEEP):
            return "there is no failed attack to re-roll now", ("8.1",)
        if kind == PLACE:
            return "no new tank is waiting to be placed", ("1.4",)
        if kind == END:
            return f"ends the Axis actions; {data['ap']} unused AP are lost", ("3.2", "4.1")
        if data["ap"] <= 0:
            return "no AP left this turn", ("4.1",)
        if kind == ATTACK:
            f = args[0]
            if not data["in_play"][f]:
                turn = next((t for t in range(1, c.turns + 1) if f in c.turn_fronts_enter[t]),
                            None)
                when = f"; it enters on turn {turn}" if turn else ""
                return f"the Axis {c.front_names[f]} front is not in play yet{when}", (
                    "2.2", "1.4")
            if data["stalled"][f]:
                return (f"the Axis {c.front_names[f]} front is stalled; flip it to active "
                        "first (1 AP)", ("4.4", "4.2.5"))
            if data["axis"][f] >= c.last[f]:
                return (f"the Axis hold {c.routes[f][-1]}, the last location of the front; "
                        "the Allied marker is outside it", ("11.2",))
            mods = combat.axis_land_mods(c, data, f)
            drm = sum(v for v, _ in mods)
            target = c.routes[f][data["axis"][f] + 1]
            detail = ", ".join(f"{v:+d} {w}" for v, w in mods) or "no DRM"
            need = c.land_table.index("advance")
            return (f"1 AP: attack {target}, total DRM {drm:+d} ({detail}); advance on a "
                    f"modified {need}-6", ("4.2.1", "5.1", "5.2", "11.6"))
        if kind == SEA:
            z = args[0]
            if data["sea"][z] != ALLIED:
                return f"the Axis already control the {c.sea_names[z]}", ("4.2.2",)
            extra = ("; -1 DRM, the Axis win on 4, 5 or 6" if c.sea_ids[z] == "atlantic"
                     else "; the Axis win on 3-6")
            return f"1 AP: attack Allied control of the {c.sea_names[z]}{extra}", (
                "4.2.2", "7.1", "7.2")
        if kind == AIR:
            a = args[0]
            if data["air"][a] != ALLIED:
                return f"the Axis already control the {c.air_names[a]} air space", ("4.2.3",)
            return f"1 AP: attack Allied control of the {c.air_names[a]} air space", (
                "4.2.3", "6.1")
        if kind == TANK:
            f, h = args
            if data["attacked"]:
                return ("tanks move only at the beginning of a turn, before any attack has "
                        "been made", ("4.2.4", "8.2"))
            if not any(t[0] == f for t in data["tanks"]):
                return f"there is no Axis tank on the {c.front_names[f]} front", ("4.2.4",)
            if not data["in_play"][h]:
                return f"the {c.front_names[h]} front is not in play", ("2.2", "4.2.4")
            return "1 AP: the tank may be used on the turn it moves", ("4.2.4", "8.2")
        f = args[0]
        if not data["in_play"][f] or not data["stalled"][f]:
            return f"the Axis {c.front_names[f]} front is not stalled", ("4.2.5",)
        return "1 AP: the front may attack again", ("4.2.5", "4.4")


class RerollFrame(FrameKind):
    """8.1: after a failed land attack, a front's unused tank may re-roll it (no AP)."""

    kind = "reroll"

    def legal(self, game: Game, data: dict[str, Any], frame: dict[str, Any]) -> list[int]:
        g: EuropeAtWar1940 = game  # type: ignore[assignment]
        return [g.reroll_id, g.keep_id]

    def apply(self, game: Game, data: dict[str, Any], frame: dict[str, Any],
              action: Action) -> None:
        g: EuropeAtWar1940 = game  # type: ignore[assignment]
        c = g.c
        data["stack"].pop()
        f = frame["front"]
        if action.id == g.reroll_id:
            tank = next(t for t in data["tanks"] if t[0] == f and not t[1])
            tank[1] = 1
            log(data, "8.1", f"The tank on the {c.front_names[f]} front is used (flipped): "
                "re-roll at no AP cost")
            combat.axis_attack_front(c, data, f, reroll=True)
        else:
            log(data, "8.1", "The Axis keep the result; the tank stays unused")
        continue_turn(c, data)

    def explain(self, game: Game, data: dict[str, Any], frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        if legal:
            return ("the attack failed and the front's tank is unused: re-roll it once this "
                    "turn at no AP cost, or keep the result", ("8.1",))
        return ("first decide whether the tank re-rolls the failed attack (reroll or keep)",
                ("8.1",))


class PlaceTankFrame(FrameKind):
    """1.4: a tank entering by the turn track is placed with an Axis front in play."""

    kind = "place_tank"

    def legal(self, game: Game, data: dict[str, Any], frame: dict[str, Any]) -> list[int]:
        g: EuropeAtWar1940 = game  # type: ignore[assignment]
        return [g.place_id[f] for f in range(g.n_fronts) if data["in_play"][f]]

    def apply(self, game: Game, data: dict[str, Any], frame: dict[str, Any],
              action: Action) -> None:
        g: EuropeAtWar1940 = game  # type: ignore[assignment]
        data["stack"].pop()
        f = g.decode[action.id][1][0]
        data["tanks"].append([f, 0])
        log(data, "1.4", f"The new Axis tank is placed with the {g.c.front_names[f]} front")
        continue_turn(g.c, data)

    def explain(self, game: Game, data: dict[str, Any], frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        g: EuropeAtWar1940 = game  # type: ignore[assignment]
        kind, args = g.decode[action.id]
        if legal:
            return "places the arriving tank with this front", ("1.4",)
        if kind == PLACE:
            return (f"the {g.c.front_names[args[0]]} front is not in play", ("1.4", "2.2"))
        return "first place the tank that arrives this turn with an Axis front", ("1.4",)
