"""The Axis player's decisions (4.2, 8.1, 1.4) as decision frames.

- ``actions``: choose one Axis action for 1 AP (4.2.1-4.2.5), or end the actions (3.2,
  4.1). It stays on the stack while AP are left and ends when they are spent (4.1) or
  the Axis end their actions.
- ``reroll``: a failed land attack on a front with an unused tank (8.1): re-roll or keep.
  A re-roll decided on the last AP ends the Axis actions after it.
- ``place_tank``: a tank arriving by the turn track (1.4) is placed with a front.
"""

from __future__ import annotations

from warroom.core.actions import Action
from warroom.core.flow import Decision, Prompt, end
from warroom.core.log import log
from warroom.core.state import Frame, State
from warroom.games.eaw1940 import combat
from warroom.games.eaw1940.base import EawGame
from warroom.games.eaw1940.catalogue import (
    AIR,
    ATTACK,
    END,
    KEEP,
    PLACE,
    REROLL,
    SEA,
    TANK,
)
from warroom.games.eaw1940.components import ALLIED

Why = tuple[str, tuple[str, ...]]


def odds(table: tuple[str, ...], drm: int, win: str) -> tuple[list[int], int]:
    """11.6: the die faces (1-6) that give ``win`` on ``table`` with ``drm`` (the modified
    roll read clamped to 1-6), and the chance of one roll in whole percent."""
    faces = [d for d in range(1, 7) if table[max(1, min(6, d + drm))] == win]
    return faces, round(100 * len(faces) / 6)


def odds_text(table: tuple[str, ...], drm: int, win: str, what: str) -> str:
    """``what`` on a modified roll, with the faces that win and the chance: "the Axis win
    on a modified 4-6: die 3-6 with DRM +1, 67%"."""
    faces, pct = odds(table, drm, win)
    hits = [t for t in range(1, 7) if table[t] == win]
    need = ("a modified 6" if hits == [6] else f"a modified {hits[0]}-6"
            if hits and hits == list(range(hits[0], 7))
            else "modified " + ", ".join(map(str, hits)) if hits else "no roll")
    if not faces:
        return f"{what} on {need}: no die roll reaches it with DRM {drm:+d} (0%)"
    die = ("die 6" if faces == [6] else f"die {faces[0]}-6"
           if faces == list(range(faces[0], 7)) else "die " + ", ".join(map(str, faces)))
    return f"{what} on {need}: {die} with DRM {drm:+d}, {pct}% ({len(faces)} in 6)"


class ActionsFrame(Decision[EawGame]):
    """3.2 / 4.2: the Axis spend 1 AP on one action (4.1), or end their actions."""

    kind = "actions"

    def prompt(self, st: State[EawGame], frame: Frame) -> Prompt:
        ap = st.data["ap"]
        if ap <= 0:
            return Prompt("axis", "No AP left: end the Axis actions", "4.1")
        return Prompt("axis", f"Choose an Axis action ({ap} AP left)", "4.2")

    def legal(self, st: State[EawGame], frame: Frame) -> list[int]:
        data = st.data
        ids = st.game.ids
        if data["ap"] <= 0:
            return [ids.end_id]
        in_play, stalled, axis = data["in_play"], data["stalled"], data["axis"]
        out: list[int] = []
        add = out.append
        # 4.2.1: fronts in play, not stalled (4.4), short of their last location (11.2)
        for f, last, aid in ids.attacks:
            if in_play[f] and not stalled[f] and axis[f] < last:
                add(aid)
        sea, air = data["sea"], data["air"]
        if ALLIED in sea:                                                       # 4.2.2
            for z, ctl in enumerate(sea):
                if ctl == ALLIED:
                    add(ids.sea_id[z])
        if ALLIED in air:                                                       # 4.2.3
            for a, ctl in enumerate(air):
                if ctl == ALLIED:
                    add(ids.air_id[a])
        if not data["attacked"]:                                                # 4.2.4
            seen = 0                            # the fronts done, as bits
            for t in data["tanks"]:
                bit = 1 << t[0]
                if not seen & bit:
                    seen |= bit
                    for h, tid in ids.tank_moves[t[0]]:
                        if in_play[h]:
                            add(tid)
        if 1 in stalled:                                                        # 4.2.5
            for f, uid in enumerate(ids.unstall_id):
                if stalled[f] and in_play[f]:
                    add(uid)
        add(ids.end_id)
        return out

    def apply(self, st: State[EawGame], frame: Frame, action: Action) -> None:
        g, data = st.game, st.data
        c = g.c
        kind, args = g.ids.decode[action.id]
        if kind == END:
            if data["ap"]:
                log(data, "4.1", f"The Axis end their actions; {data['ap']} unused AP "
                    f"{'is' if data['ap'] == 1 else 'are'} lost")
            data["ap"] = 0
            end(data)
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
        else:       # UNSTALL
            data["stalled"][args[0]] = 0
            log(data, "4.2.5", f"The Axis {c.front_names[args[0]]} front is flipped from "
                "stalled to active (1 AP)")
        if not data["ap"] and data["stack"][-1] is frame:
            end(data)       # 4.1: the AP are spent (a pending re-roll comes first)

    def explain(self, st: State[EawGame], frame: Frame, action: Action, legal: bool) -> Why:
        g, data = st.game, st.data
        c = g.c
        kind, args = g.ids.decode[action.id]
        if kind in (REROLL, KEEP):
            return "there is no failed attack to re-roll now", ("8.1",)
        if kind == PLACE:
            return "no new tank is waiting to be placed", ("1.4",)
        if kind == END:
            lost = data["ap"]
            return (f"ends the Axis actions; {lost} unused AP {'is' if lost == 1 else 'are'} "
                    "lost", ("3.2", "4.1"))
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
            # "; " between modifiers, whose words hold commas of their own ("+1 Axis
            # control ..., 5.2, -1 Allied control the Mediterranean, port, 5.2": an audit)
            detail = "; ".join(f"{v:+d} {w}" for v, w in mods) or "no DRM"
            chance = odds_text(c.land_table, drm, "advance", "advance")
            faces, _pct = odds(c.land_table, drm, "advance")
            # each unused tank on the front may re-roll a failure once (8.1): two tanks,
            # two re-rolls, as the reroll decision offers them
            tanks = sum(1 for t in data["tanks"] if t[0] == f and not t[1])
            again = ""
            if tanks and faces:
                p2 = 1 - (1 - len(faces) / 6) ** (1 + tanks)
                who = ("the front's unused tank re-rolling a failure" if tanks == 1 else
                       f"the front's {tanks} unused tanks each re-rolling a failure")
                again = f"; with {who} (8.1): {round(100 * p2)}%"
            rules = ["4.2.1", "5.1", "5.2", "11.6"]
            rules += ["9.1"] if data["reserve"][f] else []
            rules += ["Malta"] if f == c.malta_front and data["malta"] else []
            rules += ["8.1"] if tanks else []
            return (f"1 AP: attack {target}, total DRM {drm:+d} ({detail}); {chance}{again}",
                    tuple(rules))
        if kind == SEA:
            z = args[0]
            if data["sea"][z] != ALLIED:
                return f"the Axis already control the {c.sea_names[z]}", ("4.2.2",)
            drm = -1 if c.sea_ids[z] == "atlantic" else 0
            why = (f" (-1 DRM: Allied control of the {c.sea_names[z]}, 7.2)" if drm
                   else " (no DRM)")
            chance = odds_text(c.sea_table, drm, "attacker_wins", "the Axis win")
            # 7.2 and 11.6 only where its -1 applies (cited of the Mediterranean too: an audit)
            return (f"1 AP: attack Allied control of the {c.sea_names[z]}{why}; {chance}",
                    ("4.2.2", "7.1", *(("7.2", "11.6") if drm else ())))
        if kind == AIR:
            a = args[0]
            if data["air"][a] != ALLIED:
                return f"the Axis already control the {c.air_names[a]} air space", ("4.2.3",)
            chance = odds_text(c.air_table, 0, "attacker_wins", "the Axis win")
            return (f"1 AP: attack Allied control of the {c.air_names[a]} air space (no "
                    f"DRM); {chance}", ("4.2.3", "6.1", "11.6"))
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
        f = args[0]     # UNSTALL
        if not data["in_play"][f]:
            return f"the Axis {c.front_names[f]} front is not in play yet", ("2.2", "4.2.5")
        if not data["stalled"][f]:
            return f"the Axis {c.front_names[f]} front is not stalled", ("4.2.5",)
        return "1 AP: the front may attack again", ("4.2.5", "4.4")


class RerollFrame(Decision[EawGame]):
    """8.1: after a failed land attack, a front's unused tank may re-roll it (no AP)."""

    kind = "reroll"

    def prompt(self, st: State[EawGame], frame: Frame) -> Prompt:
        c, f = st.game.c, frame["front"]
        target = c.routes[f][st.data["axis"][f] + 1]
        return Prompt("axis", f"The {c.front_names[f]} front's attack on {target} failed: "
                      "keep the result, or re-roll it with the front's unused tank", "8.1")

    def legal(self, st: State[EawGame], frame: Frame) -> list[int]:
        ids = st.game.ids
        return [ids.reroll_id, ids.keep_id]

    def apply(self, st: State[EawGame], frame: Frame, action: Action) -> None:
        g, data = st.game, st.data
        c = g.c
        end(data)
        f = frame["front"]
        if action.id == g.ids.reroll_id:
            tank = next(t for t in data["tanks"] if t[0] == f and not t[1])
            tank[1] = 1
            log(data, "8.1", f"The tank on the {c.front_names[f]} front is used (flipped): "
                "re-roll at no AP cost")
            combat.axis_attack_front(c, data, f, reroll=True)
        else:
            log(data, "8.1", "The Axis keep the result; the tank stays unused")
        stack = data["stack"]
        if not data["ap"] and stack[-1]["kind"] == "actions":
            end(data)       # 4.1: the re-roll was decided on the last AP

    def explain(self, st: State[EawGame], frame: Frame, action: Action, legal: bool) -> Why:
        if legal:
            c, f = st.game.c, frame["front"]
            drm = sum(v for v, _ in combat.axis_land_mods(c, st.data, f))
            chance = odds_text(c.land_table, drm, "advance", "the re-roll advances")
            return ("the attack failed and the front's tank is unused: re-roll it once this "
                    f"turn at no AP cost, or keep the result; {chance}", ("8.1", "11.6"))
        return ("first decide whether the tank re-rolls the failed attack (reroll or keep)",
                ("8.1",))


class PlaceTankFrame(Decision[EawGame]):
    """1.4: a tank entering by the turn track is placed with an Axis front in play."""

    kind = "place_tank"

    def prompt(self, st: State[EawGame], frame: Frame) -> Prompt:
        waiting = sum(1 for fr in st.data["stack"] if fr["kind"] == "place_tank")
        more = f" ({waiting} tanks arriving)" if waiting > 1 else ""
        return Prompt("axis", f"Place the new Axis tank with an Axis front in play{more}",
                      "1.4")

    def legal(self, st: State[EawGame], frame: Frame) -> list[int]:
        g, in_play = st.game, st.data["in_play"]
        return [g.ids.place_id[f] for f in range(g.n_fronts) if in_play[f]]

    def apply(self, st: State[EawGame], frame: Frame, action: Action) -> None:
        g, data = st.game, st.data
        end(data)
        f = g.ids.decode[action.id][1][0]
        data["tanks"].append([f, 0])
        log(data, "1.4", f"The new Axis tank is placed with the {g.c.front_names[f]} front")

    def explain(self, st: State[EawGame], frame: Frame, action: Action, legal: bool) -> Why:
        g = st.game
        kind, args = g.ids.decode[action.id]
        if legal:
            return "places the arriving tank with this front", ("1.4",)
        if kind == PLACE:
            return (f"the {g.c.front_names[args[0]]} front is not in play", ("1.4", "2.2"))
        return "first place the tank that arrives this turn with an Axis front", ("1.4",)
