"""Battle (8): face-down air and event cards, the defender's retreat or defence, totals,
losses in counters, retreats (8.3-8.5) and control flags.

The ``battle`` frame is a procedure (its ``step`` says where it is); it pushes the
decisions of the battle on top of itself:

- ``bair``: the attacker's air power card, face down (8.1);
- ``bdef``: the defender defends or retreats before battle (8.1, 8.4);
- ``bairdef``: the defender's air power card face down, or none (8.1);
- ``bev``: battle event cards face down, attacker first, then the defender (8.1);
- ``reinf``: after the reveal, each Defender Reinforce Battle brings one unit;
- ``lose``: the loser, then the winner, choose the counters they lose (8.2);
- ``retreat``: where the retreating counters go (8.3-8.5); ``npay``: the naval card
  discarded to retreat across a naval line (8.3).

Face-down cards live in the battle frame; views show the opponent only their number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.sfe import engine as E
from warroom.games.sfe.components import EV_GC, EV_REINF, NAVAL, OWNER_NAMES, SIDE_NAMES
from warroom.games.sfe.flow import K_CARD, K_DEFEND, K_DONE, ROLES, SfeFrame, push, take
from warroom.games.sfe.rules import log

if TYPE_CHECKING:
    from warroom.games.sfe.game import StruggleForEurope

Data = dict[str, Any]
Frame = dict[str, Any]


def Side(side: int) -> str:
    return SIDE_NAMES[side].capitalize()


def start_battle(g: StruggleForEurope, data: Data, att: int, loc: int, half: int,
                 units: list[int] | None, src: int, dv: int, naval: int, rest: int) -> None:
    """8: a battle in ``half`` of ``loc``: attackers moving in (``units``, from ``src``
    with the line's defence value ``dv``) or attacking in a contested location (None)."""
    c = g.c
    on = data["u"][loc]
    if units is not None:
        owner = units[0] >> 4
        sh = next((mh for _l, d, mh, *_r in c.out[src] if d == loc), 0)
    else:
        owner = next(u >> 4 for u in on if E.OWNER_SIDE[u >> 4] == att and not u & E.FORT)
        sh = E.half_of(on, att)
    downer = next((u >> 4 for u in on if E.OWNER_SIDE[u >> 4] != att), 0)
    push(data, {"kind": "battle", "role": ROLES[att], "att": att, "loc": loc, "half": half,
                "units": units, "src": src, "sh": sh, "dv": dv, "nv": naval, "rest": rest,
                "step": 0, "aa": -1, "da": -1, "ae": [], "de": [], "owner": owner,
                "downer": downer, "contested": int(E.sides_in(on) == 3), "win": -1})


def battle_frame(data: Data) -> Frame:
    for fr in reversed(data["stack"]):
        if fr["kind"] == "battle":
            return fr
    raise AssertionError("no battle in progress")


def defenders(data: Data, fr: Frame) -> list[int]:
    d = 1 - fr["att"]
    return [u for u in data["u"][fr["loc"]] if E.OWNER_SIDE[u >> 4] == d]


def attackers(data: Data, fr: Frame) -> list[int]:
    if fr["units"] is not None:
        return list(fr["units"])
    a = fr["att"]
    return [u for u in data["u"][fr["loc"]] if E.OWNER_SIDE[u >> 4] == a and not u & E.FORT]


def retreat_dests(g: StruggleForEurope, data: Data, loc: int, owner: int,
                  halves: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """8.3: (dest, half entered, naval) reachable by one line from ``halves`` of ``loc``:
    friendly controlled locations or the friendly half of a contested one, never neutral;
    blue never into red, red never into blue (3.2)."""
    c = g.c
    dn = data["dn"][1]
    out = []
    for _li, d, mh, dh, nv, _dv, act in c.out[loc]:
        if mh not in halves or act > dn or d == c.usa:
            continue
        if E.may_enter(c, data, d, owner) and E.friendly_dest(data, d, owner, dh):
            out.append((d, dh, nv))
    return out


def reinforce_sources(g: StruggleForEurope, data: Data, fr: Frame) -> list[int]:
    """Defender Reinforce Battle: adjacent friendly controlled locations with an army of
    the defending nation, joined by a line into the battle half (any half when the
    defender holds the whole location)."""
    loc, owner = fr["loc"], fr["downer"]
    if not E.movable(data, owner):
        return []
    dn = data["dn"][1]
    out = []
    for s, lh, act in g.into[loc]:
        if act > dn or (fr["contested"] and lh != fr["half"]):
            continue
        units = data["u"][s]
        if data["ctl"][s] != owner or E.sides_in(units) == 3:
            continue
        if any(u >> 4 == owner and not u & E.FORT for u in units):
            out.append(s)
    return out


def reinforce_units(g: StruggleForEurope, data: Data, fr: Frame) -> int:
    owner = fr["downer"]
    return sum(1 for s in reinforce_sources(g, data, fr) for u in data["u"][s]
               if u >> 4 == owner and not u & E.FORT)


class BattleFrame(SfeFrame):
    """8.1-8.5 as a procedure."""

    kind = "battle"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return []

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        raise AssertionError("the battle frame takes no decision")

    def auto(self, g: StruggleForEurope, data: Data, fr: Frame) -> bool:
        c = g.c
        step = fr["step"]
        att, d = fr["att"], 1 - fr["att"]
        loc, half = fr["loc"], fr["half"]
        name = c.names[loc]
        if step == 0:
            if not defenders(data, fr):
                enter(g, data, fr)
                log(data, "7.2.5", f"{name} is empty: no battle")
                data["stack"].pop()
                return True
            if not E.air_cards(c, data["hand"][att]):
                back = fr["units"] or []
                for u in back:
                    data["u"][fr["src"]].append(u & ~8 | fr["sh"] << 3)
                E.touch(data, fr["src"])
                fr["units"] = []
                log(data, "7.2.5", f"{Side(att)} have no air power card left: the move into "
                    f"{name} does not take place")
                E.fix_control(c, data, fr["src"])
                data["stack"].pop()
                return True
            log(data, "8", f"Battle in {name} ({c.halves[loc][half]} half): "
                f"{Side(att)} attack, {Side(d)} defend")
            fr["step"] = 1
            push(data, {"kind": "bair", "role": ROLES[att], "side": att})
            return True
        if step == 1:
            fr["step"] = 3
            if self.can_retreat(g, data, fr):
                push(data, {"kind": "bdef", "role": ROLES[d], "side": d})
            return True
        if step == 3:
            fr["step"] = 4
            push(data, {"kind": "bairdef", "role": ROLES[d], "side": d})
            return True
        if step == 4:
            fr["step"] = 5
            push(data, {"kind": "bev", "role": ROLES[att], "side": att, "who": 0})
            return True
        if step == 5:
            fr["step"] = 6
            push(data, {"kind": "bev", "role": ROLES[d], "side": d, "who": 1})
            return True
        if step == 6:
            fr["step"] = 7
            self.reveal(g, data, fr)
            return True
        if step == 7:
            fr["step"] = 8
            self.resolve(g, data, fr)
            return True
        if step == 8:
            fr["step"] = 9
            self.loser_retreats(g, data, fr)
            return True
        if step == 9:
            self.finish(g, data, fr)
            return True
        if step == 10:  # 8.4: the defender retreats before battle
            fr["step"] = 11
            self.retreat_before(g, data, fr)
            return True
        if step == 11:
            enter(g, data, fr)
            E.fix_control(c, data, loc, "8.4")
            E.recycle(data, att, fr["aa"], True)
            data["stack"].pop()
            return True
        raise AssertionError(f"battle step {step}")

    def can_retreat(self, g: StruggleForEurope, data: Data, fr: Frame) -> bool:
        """8.4: into the other half; from a contested location, to another friendly
        controlled location by a line. Fortresses never retreat."""
        defs = defenders(data, fr)
        if not any(not u & E.FORT for u in defs):
            return False
        if not fr["contested"]:
            return True
        dests = retreat_dests(g, data, fr["loc"], fr["downer"], (fr["half"],))
        naval_ok = bool(E.naval_cards(g.c, data["hand"][1 - fr["att"]]))
        return any(not nv or naval_ok for _d, _h, nv in dests)

    def retreat_before(self, g: StruggleForEurope, data: Data, fr: Frame) -> None:
        c = g.c
        loc, half = fr["loc"], fr["half"]
        d = 1 - fr["att"]
        units = data["u"][loc]
        keep, leaving = [], []
        for u in units:
            if E.OWNER_SIDE[u >> 4] != d:
                keep.append(u)
            elif u & E.FORT:
                if not fr["contested"] and (u >> 3) & 1 != half:
                    keep.append(u)  # a fortress in the other half stays where it is
                else:
                    log(data, "8.3", f"The {E.unit_name(u)} in {c.names[loc]} cannot retreat "
                        "and is eliminated")
                    E.gone(data, u)
            else:
                leaving.append(u)
        data["u"][loc] = keep
        E.touch(data, loc)
        if not fr["contested"]:
            other = 1 - half
            for u in leaving:
                keep.append(u & ~8 | other << 3)
            log(data, "8.4", f"{Side(d)} retreat before battle into the "
                f"{c.halves[loc][other]} half of {c.names[loc]}")
            return
        log(data, "8.4", f"{Side(d)} retreat before battle from {c.names[loc]}")
        E.fix_control(c, data, loc, "8.4")
        start_retreat(g, data, d, fr["downer"], loc, (half,), leaving, "8.4")

    def reveal(self, g: StruggleForEurope, data: Data, fr: Frame) -> None:
        c = g.c
        data["barrier"] += 1
        parts = []
        for side, air, evs in ((fr["att"], fr["aa"], fr["ae"]), (1 - fr["att"], fr["da"],
                                                                  fr["de"])):
            bits = []
            if air >= 0:
                bits.append(f"{c.card_names[air]} for air power {c.card_air[air]}")
            bits += [c.event_names[c.card_event[x]] for x in evs]
            parts.append(f"{Side(side)}: {', '.join(bits) if bits else 'no card'}")
        log(data, "8.1", "Cards revealed — " + "; ".join(parts))
        n = sum(1 for x in fr["de"] if c.card_event[x] == EV_REINF)
        for _ in range(n):
            push(data, {"kind": "reinf", "role": ROLES[1 - fr["att"]], "side": 1 - fr["att"],
                        "src": -1})

    def resolve(self, g: StruggleForEurope, data: Data, fr: Frame) -> None:
        c = g.c
        att, d = fr["att"], 1 - fr["att"]
        atk = attackers(data, fr)
        dfs = defenders(data, fr)
        gc_a = 2 if any(c.card_event[x] == EV_GC for x in fr["ae"]) else 0
        gc_d = 2 if any(c.card_event[x] == EV_GC for x in fr["de"]) else 0
        air_a = c.card_air[fr["aa"]]
        air_d = c.card_air[fr["da"]] if fr["da"] >= 0 else 0
        sa = sum(u & 3 for u in atk)
        sd = sum(u & 3 for u in dfs)
        ta = sa + air_a + gc_a
        td = sd + air_d + gc_d + fr["dv"]
        fr["ta"], fr["td"] = ta, td
        win = att if ta > td else d
        fr["win"] = win
        dv = fr["dv"]
        a_txt = f"{sa} in {len(atk)} counter{'s' if len(atk) != 1 else ''} + air {air_a}"
        if gc_a:
            a_txt += f" + Great Commander {gc_a}"
        d_txt = f"{sd} in {len(dfs)} counter{'s' if len(dfs) != 1 else ''} + air {air_d}"
        if gc_d:
            d_txt += f" + Great Commander {gc_d}"
        if dv:
            d_txt += f" + location defence {dv}"
        tie = " (the defender wins ties)" if ta == td else ""
        log(data, "8.2", f"Attack {ta} ({a_txt}) against defence {td} ({d_txt}): "
            f"{Side(win)} win{tie}")
        n_l = len(atk) if win == d else len(dfs)
        n_w = len(dfs) if win == d else len(atk)
        lose_l = (n_l + 1) // 2
        lose_w = min(n_w // 2, lose_l)
        loser = 1 - win
        log(data, "8.2", f"{Side(loser)} lose {lose_l} of {n_l} counters, {Side(win)} lose "
            f"{lose_w} of {n_w}")
        if lose_w:
            push(data, {"kind": "lose", "role": ROLES[win], "side": win, "n": lose_w})
        if lose_l:
            push(data, {"kind": "lose", "role": ROLES[loser], "side": loser, "n": lose_l})

    def loser_retreats(self, g: StruggleForEurope, data: Data, fr: Frame) -> None:
        """8.5: the loser retreats from the entire location."""
        c = g.c
        loc = fr["loc"]
        att, win = fr["att"], fr["win"]
        loser = 1 - win
        if loser == att and fr["units"] is not None:
            units = fr["units"]
            if not units:
                return
            src, sh = fr["src"], fr["sh"]
            ok = E.friendly_dest(data, src, fr["owner"], sh)
            if ok and fr["nv"]:
                if E.naval_cards(c, data["hand"][att]):
                    push(data, {"kind": "npay", "role": ROLES[att], "side": att,
                                "ctx": "back"})
                    return
                ok = False
            if ok:
                go_back(g, data, fr)
            else:
                for u in units:
                    log(data, "8.5", f"The {E.unit_name(u)} cannot retreat to "
                        f"{c.names[src]} and is eliminated")
                    E.gone(data, u)
                fr["units"] = []
            return
        # the loser's counters on the map leave the whole location
        units = data["u"][loc]
        keep, leaving = [], []
        for u in units:
            if E.OWNER_SIDE[u >> 4] != loser:
                keep.append(u)
            elif u & E.FORT:
                log(data, "8.3", f"The {E.unit_name(u)} in {c.names[loc]} cannot retreat and "
                    "is eliminated")
                E.gone(data, u)
            else:
                leaving.append(u)
        data["u"][loc] = keep
        E.touch(data, loc)
        wowner = fr["owner"] if win == att else fr["downer"]
        if keep:
            E.fix_control(c, data, loc, "8.2")
        elif fr["units"]:
            E.set_control(c, data, loc, wowner, "8.2")
        if not leaving:
            return
        owner = leaving[0] >> 4
        if loser == att:
            halves: tuple[int, ...] = (fr["sh"],)
        else:
            halves = (fr["half"],) if fr["contested"] else (0, 1)
        start_retreat(g, data, loser, owner, loc, halves, leaving, "8.5")

    def finish(self, g: StruggleForEurope, data: Data, fr: Frame) -> None:
        c = g.c
        att, win = fr["att"], fr["win"]
        if win == att:
            enter(g, data, fr)
        loc = fr["loc"]
        wowner = fr["owner"] if win == att else fr["downer"]
        if E.sides_in(data["u"][loc]) == 3:
            if data["ctl"][loc] != wowner:
                data["ctl"][loc] = wowner
                E.touch(data, loc)
                log(data, "8.2", f"{Side(win)} place their control flag in {c.names[loc]}, "
                    "which stays contested")
        else:
            E.set_control(c, data, loc, wowner, "8.2")
        for side, cards in ((att, [fr["aa"], *fr["ae"]]), (1 - att, [fr["da"], *fr["de"]])):
            for x in cards:
                if x >= 0:
                    E.recycle(data, side, x, False)
        fr["aa"] = fr["da"] = -1
        fr["ae"], fr["de"] = [], []
        data["stack"].pop()


def enter(g: StruggleForEurope, data: Data, fr: Frame) -> None:
    """The moving attackers enter the battle half; the location's control follows."""
    units = fr["units"]
    if not units:
        return
    loc = fr["loc"]
    for u in units:
        data["u"][loc].append(u & ~8 | fr["half"] << 3)
    E.touch(data, loc)
    fr["units"] = []
    E.fix_control(g.c, data, loc, "8.2")


def go_back(g: StruggleForEurope, data: Data, fr: Frame) -> None:
    c = g.c
    for u in fr["units"]:
        data["u"][fr["src"]].append(u & ~8 | fr["sh"] << 3)
    E.touch(data, fr["src"])
    log(data, "8.5", f"The attackers ({len(fr['units'])} counter"
        f"{'s' if len(fr['units']) != 1 else ''}) retreat to {c.names[fr['src']]} by the "
        "line they used")
    fr["units"] = []
    E.fix_control(c, data, fr["src"], "8.5")


def start_retreat(g: StruggleForEurope, data: Data, side: int, owner: int, loc: int,
                  halves: tuple[int, ...], units: list[int], rule: str) -> None:
    dests = retreat_dests(g, data, loc, owner, halves)
    push(data, {"kind": "retreat", "role": ROLES[side], "side": side, "owner": owner,
                "loc": loc, "pending": units, "dests": [list(x) for x in dests], "sel": 0,
                "paid": [], "rule": rule})


class AirFrame(SfeFrame):
    """8.1: the attacker plays one card face down for its air power value."""

    kind = "bair"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.card_id[x] for x in E.air_cards(g.c, data["hand"][frame["side"]])]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        data["stack"].pop()
        take(data, frame["side"], arg)
        battle_frame(data)["aa"] = arg
        data["barrier"] += 1
        log(data, "8.1", f"{Side(frame['side'])} play an air power card face down")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "choose the card played face down for its air power value"


class DefendFrame(SfeFrame):
    """8.1, 8.4: the defender decides to defend or to retreat before battle."""

    kind = "bdef"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.defend_id, g.retreat_id]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        data["stack"].pop()
        fr = battle_frame(data)
        if kind == K_DEFEND:
            log(data, "8.1", f"{Side(frame['side'])} stay and defend")
        else:
            fr["step"] = 10

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "defend, or retreat before battle"


class DefAirFrame(SfeFrame):
    """8.1: the defender may play one card face down for its air power value."""

    kind = "bairdef"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [*(g.card_id[x] for x in E.air_cards(g.c, data["hand"][frame["side"]])),
                g.no_air_id]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        data["stack"].pop()
        if kind == K_CARD:
            take(data, frame["side"], arg)
            battle_frame(data)["da"] = arg
            data["barrier"] += 1
            log(data, "8.1", f"{Side(frame['side'])} play an air power card face down")
        else:
            log(data, "8.1", f"{Side(frame['side'])} play no air power card")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "choose a card face down for its air power value, or none"


class EventsFrame(SfeFrame):
    """8.1: any number of battle event cards face down, the attacker first."""

    kind = "bev"

    def playable(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        c = g.c
        fr = battle_frame(data)
        side = frame["side"]
        hand = data["hand"][side]
        mine = fr["ae"] if frame["who"] == 0 else fr["de"]
        gc_played = any(c.card_event[x] == EV_GC for x in mine)
        out = []
        if frame["who"] == 0:
            n_air = len(E.air_cards(c, hand))
            for x in hand:
                if c.card_event[x] == EV_GC and not gc_played and \
                        n_air - (c.card_air[x] > 0) >= fr["rest"]:
                    out.append(x)
            return out
        n_reinf = sum(1 for x in mine if c.card_event[x] == EV_REINF)
        room = None
        for x in hand:
            ev = c.card_event[x]
            if ev == EV_GC and not gc_played:
                out.append(x)
            elif ev == EV_REINF:
                if room is None:
                    room = reinforce_units(g, data, fr) - n_reinf
                if room > 0:
                    out.append(x)
        return out

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [*(g.card_id[x] for x in self.playable(g, data, frame)), g.done_id]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        if kind == K_DONE:
            data["stack"].pop()
            return
        fr = battle_frame(data)
        take(data, frame["side"], arg)
        (fr["ae"] if frame["who"] == 0 else fr["de"]).append(arg)
        data["barrier"] += 1
        log(data, "8.1", f"{Side(frame['side'])} play a battle event card face down")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "play battle event cards face down, or done"


class ReinforceFrame(SfeFrame):
    """Defender Reinforce Battle: one unit from an adjacent friendly controlled location."""

    kind = "reinf"

    def auto(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        if frame["src"] < 0 and not reinforce_sources(g, data, battle_frame(data)):
            data["stack"].pop()
            log(data, "8.1", "Defender Reinforce Battle: no unit can reinforce")
            return True
        return False

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        fr = battle_frame(data)
        if frame["src"] < 0:
            return [g.loc_id[s] for s in reinforce_sources(g, data, fr)]
        kinds = {u & 3 for u in data["u"][frame["src"]]
                 if u >> 4 == fr["downer"] and not u & E.FORT}
        return [g.unit_id[k] for k in sorted(kinds)]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        c = g.c
        fr = battle_frame(data)
        if frame["src"] < 0:
            frame["src"] = arg
            kinds = {u & 3 for u in data["u"][arg] if u >> 4 == fr["downer"] and not u & E.FORT}
            if len(kinds) > 1:
                return
            arg = kinds.pop()
        data["stack"].pop()
        src, owner = frame["src"], fr["downer"]
        units = data["u"][src]
        for i, u in enumerate(units):
            if u >> 4 == owner and not u & E.FORT and u & 3 == arg:
                del units[i]
                break
        data["u"][fr["loc"]].append(E.code(owner, arg, fr["half"]))
        E.touch(data, src)
        E.touch(data, fr["loc"])
        log(data, "8.1", f"Defender Reinforce Battle: a {OWNER_NAMES[owner]} {arg} strength "
            f"army moves from {c.names[src]} to {c.names[fr['loc']]}")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "Defender Reinforce Battle: choose the reinforcing unit"


class LoseFrame(SfeFrame):
    """8.2: the side chooses which of its battle counters it loses."""

    kind = "lose"

    def candidates(self, data: Data, frame: Frame) -> list[int]:
        fr = battle_frame(data)
        if frame["side"] == fr["att"]:
            return attackers(data, fr)
        return defenders(data, fr)

    def auto(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        cands = self.candidates(data, frame)
        kinds = {E.kind_of(u) for u in cands}
        if frame["n"] >= len(cands) or len(kinds) == 1:
            for u in cands[:frame["n"]]:
                self.remove(g, data, frame, E.kind_of(u))
            data["stack"].pop()
            return True
        return False

    def remove(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int) -> None:
        fr = battle_frame(data)
        if frame["side"] == fr["att"] and fr["units"] is not None:
            units = fr["units"]
        else:
            units = data["u"][fr["loc"]]
        for i, u in enumerate(units):
            if E.OWNER_SIDE[u >> 4] == frame["side"] and E.kind_of(u) == kind and (
                    frame["side"] != fr["att"] or not u & E.FORT):
                del units[i]
                E.touch(data, fr["loc"])
                log(data, "8.2", f"The {E.unit_name(u)} in the battle for "
                    f"{g.c.names[fr['loc']]} is eliminated")
                E.gone(data, u)
                if units is data["u"][fr["loc"]]:
                    E.fix_control(g.c, data, fr["loc"], "8.2")
                return
        raise AssertionError("no such counter")

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        kinds = sorted({E.kind_of(u) for u in self.candidates(data, frame)})
        return [g.unit_id[k] for k in kinds]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        self.remove(g, data, frame, arg)
        frame["n"] -= 1
        if frame["n"] <= 0:
            data["stack"].pop()

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return f"choose a counter to lose ({frame['n']} to go)"


class RetreatFrame(SfeFrame):
    """8.3-8.5: each retreating counter goes to a friendly location by one line."""

    kind = "retreat"

    def valid(self, data: Data, frame: Frame, g: StruggleForEurope) -> list[list[int]]:
        naval_ok = bool(E.naval_cards(g.c, data["hand"][frame["side"]]))
        return [x for x in frame["dests"] if not x[2] or naval_ok or x[0] in frame["paid"]]

    def auto(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        c = g.c
        pending = frame["pending"]
        if not pending:
            data["stack"].pop()
            return True
        valid = self.valid(data, frame, g)
        if not valid:
            for u in pending:
                log(data, frame["rule"], f"The {E.unit_name(u)} in {c.names[frame['loc']]} "
                    "cannot retreat and is eliminated")
                E.gone(data, u)
            frame["pending"] = []
            data["stack"].pop()
            return True
        if len(valid) == 1 and (not valid[0][2] or valid[0][0] in frame["paid"]):
            d, dh, _nv = valid[0]
            for u in pending:
                self.place(g, data, frame, u, d, dh)
            frame["pending"] = []
            data["stack"].pop()
            return True
        if not frame["sel"]:
            kinds = {u & 3 for u in pending}
            if len(kinds) == 1:
                frame["sel"] = kinds.pop()
        return False

    def place(self, g: StruggleForEurope, data: Data, frame: Frame, u: int, d: int,
              dh: int) -> None:
        data["u"][d].append(u & ~8 | dh << 3)
        E.touch(data, d)
        log(data, frame["rule"], f"The {E.unit_name(u)} retreats from "
            f"{g.c.names[frame['loc']]} to {g.c.names[d]}")

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        if not frame["sel"]:
            return [g.unit_id[k] for k in sorted({u & 3 for u in frame["pending"]})]
        return [g.loc_id[x[0]] for x in self.valid(data, frame, g)]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        if not frame["sel"]:
            frame["sel"] = arg
            return
        d, dh, nv = next(x for x in frame["dests"] if x[0] == arg)
        if nv and d not in frame["paid"]:
            push(data, {"kind": "npay", "role": frame["role"], "side": frame["side"],
                        "ctx": "retreat", "dest": d})
            return
        self.move_one(g, data, frame, d, dh)

    def move_one(self, g: StruggleForEurope, data: Data, frame: Frame, d: int, dh: int) -> None:
        pending = frame["pending"]
        for i, u in enumerate(pending):
            if u & 3 == frame["sel"]:
                del pending[i]
                self.place(g, data, frame, u, d, dh)
                break
        frame["sel"] = 0

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        if not frame["sel"]:
            return "choose a retreating counter"
        return f"choose where the {frame['sel']} strength army retreats"


class NavalPayFrame(SfeFrame):
    """8.3: to retreat across a naval line, discard a card with a naval move icon."""

    kind = "npay"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.card_id[x] for x in E.naval_cards(g.c, data["hand"][frame["side"]])]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        c = g.c
        data["stack"].pop()
        side = frame["side"]
        take(data, side, arg)
        E.recycle(data, side, arg, False)
        log(data, "8.3", f"{Side(side)} discard {c.card_names[arg]} (naval move) to retreat "
            "across a naval line")
        if frame["ctx"] == "back":
            go_back(g, data, battle_frame(data))
            return
        rf = data["stack"][-1]
        d = frame["dest"]
        rf["paid"].append(d)
        dh = next(x[1] for x in rf["dests"] if x[0] == d)
        RetreatFrame().move_one(g, data, rf, d, dh)

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "choose the naval move card to discard for the retreat"


BATTLE_FRAMES: tuple[type[SfeFrame], ...] = (
    BattleFrame, AirFrame, DefendFrame, DefAirFrame, EventsFrame, ReinforceFrame, LoseFrame,
    RetreatFrame, NavalPayFrame)

__all__ = ["BATTLE_FRAMES", "NAVAL", "start_battle"]
