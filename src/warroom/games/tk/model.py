"""The vocabulary the events are written with: queries and changes of the political
situation held in ``data`` (plain JSON), each change logged with its rule (core's log).

Anything that needs the physical map is also appended to ``data["instructions"]`` as an
explicit instruction (``[rule] text``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warroom.core.log import log
from warroom.core.rng import roll
from warroom.games.tk.components import DieTable, TableRow
from warroom.games.tk.engine import Choice, TkRules, ask, call_step, key, on_choice
from warroom.games.tk.rules import EVENT_NAME

Data = dict[str, Any]
ALLIED = ("western", "soviet")
FACTIONS = ("axis", "western", "soviet")
NAME = {"axis": "Axis", "western": "Western", "soviet": "Soviet"}
WAR = {"pre_war": "Pre-War", "limited_war": "Limited War", "total_war": "Total War"}
MARKER_NATION = {"axis": "German", "western": "British", "soviet": "Russian"}
"""The nation a faction's Ceded Land markers are printed for, as the rules name them ("the
Russian Eastern Poland Ceded Region marker", 15.3's example; "the British Turkish Straits
marker", 15.16; "a German Ceded Land marker", 15.25); a marker's id may name its own
(:func:`marker_nation`: the Axis's Italian Albania)."""


def event_title(g: TkRules, ctx: Data) -> str:
    """The event's name with what its card names in place of the rulebook's placeholder,
    as its prompt says it: "Successful Challenge (Britain)" (15.37), "Production Success
    (Helicopter)" (15.32's card); the game showed "Successful Challenge [Country]" in its
    title, log and result (a browser audit)."""
    num = ctx["event"]
    name = EVENT_NAME[num]
    if "[Country]" in name:
        return name.replace(" [Country]", f" ({challenged(ctx)})")
    if "[Type]" in name:
        card = g.c.cards.get(ctx["card"]) if isinstance(ctx.get("card"), int) else None
        return name.replace(" [Type]", f" ({card.name})" if card is not None else "")
    # 15.13's Area and 15.14's kind of Failure, as its card names them (the title, log and
    # result read "Failure [Command, Supply]": a third tk audit)
    if "[Area]" in name and ctx.get("area"):
        return name.replace(" [Area]", f" ({ctx['area']})")
    if "[Command, Supply]" in name and ctx.get("type"):
        return name.replace(" [Command, Supply]", f" ({str(ctx['type']).title()})")
    return name


def challenged(ctx: Data) -> str:
    """15.37's Country named on the card: the event's ``challenge``, else the receiving
    Allied faction's own (Russia for the Soviets, Britain for the West)."""
    named = ctx.get("challenge")
    return str(named) if named else "Russia" if ctx.get("faction") == "soviet" else "Britain"


def ceded_marker(g: TkRules, mid: str) -> str:
    """A Ceded Land marker as its counter is printed: "the Russian Eastern Poland Ceded Land
    marker" (15.3 and 15.7 said "the Soviet ...", "the Axis ...", "the Western ..." where
    15.16 and 15.25 said "Russian" and "German", and 15.17 named no nation: an audit)."""
    return f"the {marker_nation(g, mid)} {g.c.ceded[mid].land} Ceded Land marker"


def marker_nation(g: TkRules, mid: str) -> str:
    """The nation Ceded Land marker ``mid`` is printed for: its id's prefix says it where
    it is one of the bundled ids' (``it_albania``: the Axis's Albania is Italian, not
    German: a review), else its faction's (:data:`MARKER_NATION`)."""
    return _ID_NATION.get(mid.split("_", 1)[0]) or MARKER_NATION[g.c.ceded[mid].faction]


_ID_NATION = {"ge": "German", "it": "Italian", "br": "British", "ru": "Russian"}


# -- log ------------------------------------------------------------------------------------

def instruct(data: Data, rule: str, text: str) -> None:
    """An instruction for the physical map (also logged)."""
    log(data, rule, f"ON THE MAP: {text}")
    data["instructions"].append(f"[{rule}] {text}")


def changed(data: Data) -> None:
    data["effects"] += 1


def no_result(data: Data, rule: str, why: str) -> None:
    log(data, rule, f"No Result: {why}")


def die(data: Data, rule: str, what: str, drm: int = 0, why: str = "",
        table: str | None = None) -> int:
    """Roll one die for ``what`` (modified by ``drm`` for the reason ``why``): the log entry
    holds the facts ``die``, ``mods``, ``total`` and, for a table roll, ``table``."""
    value = roll(data)
    total = value + drm
    facts: dict[str, Any] = {"die": value, "mods": [[drm, why]] if drm else [],
                             "total": total}
    if table is not None:
        facts["table"] = table
    said = f" ({why})" if why else ""
    log(data, rule, f"{what}: rolled {value}" + (f" {drm:+d}{said} = {total}" if drm else ""),
        **facts)
    data["dice"] += 1
    return total


# -- factions and countries -----------------------------------------------------------------

def is_allied(f: str) -> bool:
    return f in ALLIED


def enemies(f: str) -> tuple[str, ...]:
    """Enemy factions: the Axis for an Allied faction, both Allied factions for the Axis."""
    return ALLIED if f == "axis" else ("axis",)


def cst(data: Data, c: str) -> dict[str, Any]:
    st: dict[str, Any] = data["countries"][c]
    return st


def status(data: Data, c: str) -> str:
    st = data["countries"].get(c)
    return "removed" if st is None else str(st["status"])


def exists(data: Data, c: str) -> bool:
    return status(data, c) != "removed"


def is_neutral(data: Data, c: str) -> bool:
    return status(data, c) == "neutral"


def owner(g: TkRules, data: Data, c: str) -> str | None:
    """The faction a country belongs to now (None: Neutral or gone)."""
    st = status(data, c)
    if st == "major":
        return g.c.country[c].faction
    if st in FACTIONS:
        return st
    if st in ("conquered", "dependent"):
        by: str | None = cst(data, c).get("conquered_by")
        return by
    return None


def held_dependent(g: TkRules, data: Data, c: str) -> str | None:
    """The faction holding ``c`` as a Dependent, for a Region or Dependent (status
    ``dependent``: not a Country of its own): the faction that conquered it, or the Axis
    while a German Ceded Land marker of its own name is in the Ceded Lands Box (15.25's
    example: "The Ukraine German Dependent marker is in the Ceded Lands Box to note that
    Region has become a German Dependent"). None: still part of its Country."""
    if status(data, c) != "dependent":
        return None
    by: str | None = cst(data, c).get("conquered_by")
    if by:
        return by
    for d in g.c.components.ceded_lands:
        if (d.faction == "axis" and d.country == c and d.land == c
                and data["ceded"].get(d.id) == "Ceded Lands Box"):
            return "axis"
    return None


def is_faction_country(g: TkRules, data: Data, c: str, f: str) -> bool:
    st = status(data, c)
    return (st == "major" and g.c.country[c].faction == f) or st == f


def markers(data: Data, c: str) -> list[str]:
    m: list[str] = cst(data, c)["markers"]
    return m


def has(data: Data, c: str, m: str) -> bool:
    return exists(data, c) and m in markers(data, c)


def marker_total(data: Data, m: str) -> int:
    return sum(st["markers"].count(m) for st in data["countries"].values())


def marker_left(g: TkRules, data: Data, m: str) -> bool:
    """A marker ``m`` is left in the countermix to place (15.36: the countermix limits
    them; a marker without a limit always is)."""
    limit = g.c.components.countermix.get(m)
    return limit is None or marker_total(data, m) < limit


def add_marker(g: TkRules, data: Data, c: str, m: str, rule: str, where: str = "") -> bool:
    limit = g.c.components.countermix.get(m)
    if not marker_left(g, data, m):
        log(data, rule, f"No {label(m)} marker is left in the countermix ({limit}); none is "
            f"placed in {c}")
        return False
    markers(data, c).append(m)
    changed(data)
    art = "an" if label(m)[0] in "AEIOU" else "a"
    instruct(data, rule, f"place {art} {label(m)} marker in {where or c}")
    return True


def civil_war_strongholds(data: Data, c: str) -> list[str]:
    """The Stronghold markers (``stronghold:SIDE``) of a Civil War in effect in ``c``: they
    stand in its cities, kept with the war's other markers, not in the country's list."""
    cw = data.get("civil_war")
    if not cw or cw["country"] != c:
        return []
    return [f"stronghold:{m['side']}" for m in cw["markers"] if m["type"] == "stronghold"]


def markers_here(data: Data, c: str) -> list[str]:
    """Every marker in ``c`` an event's conditions read: its own, and the Strongholds of a
    Civil War in effect there (15.6 and 15.19 name the Stronghold markers; they ignored a
    Civil War's: a tk audit). A copy: change markers with :func:`remove_marker`."""
    return [*markers(data, c), *civil_war_strongholds(data, c)]


def remove_marker(data: Data, c: str, m: str, rule: str) -> bool:
    """Remove marker ``m`` from ``c``; True when it was a Stronghold of the Civil War in
    effect there (the caller sees whether the war ends, 15.4/15.5)."""
    if m not in markers(data, c) and m in civil_war_strongholds(data, c):
        cw = data["civil_war"]
        side = m.split(":", 1)[1]
        gone = next(x for x in cw["markers"] if x["type"] == "stronghold" and x["side"] == side)
        cw["markers"].remove(gone)
        changed(data)
        instruct(data, rule, f"remove the {label(m)} marker from {gone['city']} ({c})")
        return True
    markers(data, c).remove(m)
    changed(data)
    instruct(data, rule, f"remove the {label(m)} marker from {c}")
    return False


def label(m: str) -> str:
    if m.startswith("influence:"):
        return f"{NAME[m[10:]]} Influence"
    if m.startswith("stronghold:"):
        return f"{m[11:].capitalize()} Stronghold"
    if m.startswith("failure_"):        # the counters read "Failure (Supply)" (15.14)
        return f"Failure ({m[8:].replace('_', ' ').title()})"
    return m.replace("_", " ").title()


def influence(data: Data, c: str) -> str | None:
    for m in markers(data, c):
        if m.startswith("influence:"):
            return m[10:]
    return None


def enemy_influence(data: Data, c: str, f: str) -> list[str]:
    """Influence markers of any other faction (15.19's example: Western removes Soviet)."""
    return [m for m in markers(data, c) if m.startswith("influence:") and m[10:] != f]


def enemy_stronghold(f: str) -> str:
    return "stronghold:republican" if f == "axis" else "stronghold:nationalist"


def influence_blockers(data: Data, c: str, f: str) -> list[str]:
    """The markers in ``c`` that keep faction ``f`` from placing its Influence marker there:
    15.19 "cannot be chosen if there is a Neutrality, enemy Influence, or enemy Stronghold
    marker in the country" (and one of its own is already there). 15.28's Neutrality
    Discussions places one under the same condition (``games/tk/rules.py``)."""
    ms = markers_here(data, c)
    return [m for m in ("neutrality", *enemy_influence(data, c, f), enemy_stronghold(f),
                        f"influence:{f}") if m in ms]


def neighbours(g: TkRules, data: Data, c: str) -> list[str]:
    """Countries sharing a Border with ``c`` or one of its Dependents."""
    out: set[str] = set()
    for x in [c, *g.c.country[c].dependents]:
        out.update(g.c.borders[x])
    out.discard(c)
    return sorted(x for x in out if exists(data, x))


def neutral_neighbours(g: TkRules, data: Data, c: str) -> list[str]:
    """The Neutral Countries bordering ``c`` (see :func:`neutral_minors`)."""
    return [x for x in neighbours(g, data, c) if is_neutral(data, x)]


def neutral_minors(g: TkRules, data: Data) -> list[str]:
    """The Neutral Countries: the Minor Countries with no side, and a Breakaway Region that
    15.34 made "a separate Neutral Country" (a Region that is part of its Country has the
    status ``dependent``, a Major Power ``major``; the menus of 15.26, 15.28, 15.31 and
    15.37 had left the new Country out: a rules audit)."""
    return sorted(c for c in data["countries"] if is_neutral(data, c))


def borders_soviet(g: TkRules, data: Data, c: str) -> bool:
    return any(is_faction_country(g, data, x, "soviet") for x in neighbours(g, data, c))


# -- postures, policies, truces ----------------------------------------------------------------

def alignment(g: TkRules, data: Data, c: str) -> str:
    """13.5 (modelled): the faction of the Posture Box holding the Country's Policy, else
    the Country's historical alignment (content)."""
    pid = cst(data, c).get("policy")
    if pid and pid in data["policies"]:
        box = data["policies"][pid]["boxes"][0]
        return str(data["boxes"][box]["faction"])
    return g.c.country[c].alignment


def posture(g: TkRules, data: Data, c: str) -> str:
    """13.6 (modelled): the Posture of the Country's Policy, else Locarno or Cordon."""
    st = cst(data, c)
    pid = st.get("policy")
    if g.c.country[c].kind == "major":
        for b in data["boxes"].values():
            if b["major"] == c and b["policy"]:
                return str(data["policies"][b["policy"]]["posture"])
        return "Locarno"
    if pid and pid in data["policies"]:
        return str(data["policies"][pid]["posture"])
    return str(st.get("posture") or g.c.country[c].posture)


def is_pac(g: TkRules, data: Data, c: str) -> bool:
    """A Policy Affected Country: a major with a Policy in its Posture Box, or a minor
    named by a Policy."""
    if c in g.c.country and g.c.country[c].kind == "major":
        return any(b["major"] == c and b["policy"] for b in data["boxes"].values())
    return bool(exists(data, c) and cst(data, c).get("policy"))


def is_tac(data: Data, c: str) -> bool:
    """A Truce Affected Country: a major with a Truce marker in its Posture Box."""
    return any(b["major"] == c and b["truce"] for b in data["boxes"].values())


def end_policy(g: TkRules, data: Data, pid: str, rule: str,
               truce_name: str | None = None) -> None:
    """13.6.1.2: remove all of the Policy's markers from the Posture Boxes."""
    pol = data["policies"][pid]
    for bname in pol["boxes"]:
        box = data["boxes"][bname]
        if box["policy"] == pid:
            box["policy"] = None
            instruct(data, f"{rule}, 13.6.1.2", f"remove the {pol['name']} Policy marker from "
                     f"the {bname} Posture Box")
            if truce_name:
                box["truce"] = 1
                box["truce_name"] = truce_name
                instruct(data, rule, f"place a {truce_name} Truce marker (level 1) in the "
                         f"{bname} Posture Box")
    for c in data["countries"].values():
        if c.get("policy") == pid:
            c["policy"] = None
    del data["policies"][pid]
    changed(data)
    log(data, rule, f"The {pol['name']} Policy ({pol['posture']}) ends (13.6.1.2)")


def end_country_policy(g: TkRules, data: Data, c: str, rule: str) -> None:
    pid = cst(data, c).get("policy")
    if pid:
        end_policy(g, data, pid, rule)


# -- activation (13.5, 13.7) --------------------------------------------------------------------

def activation_faction(g: TkRules, data: Data, c: str, side: str) -> str:
    """The faction a Neutral Country joins when activated for ``side``: "allied" is the
    Allied faction 13.5 names (:func:`alignment`), any other side is that faction."""
    return alignment(g, data, c) if side == "allied" else side


def activation_text(g: TkRules, data: Data, c: str, side: str, *,
                    end_pac_policy: bool = False) -> str:
    """What :func:`activate` does to the Neutral Country ``c``, in the words of a choice's
    label: "becomes a Soviet Country (13.5)", "becomes an Axis Country", and where the
    activation ends a PAC's Policy, "; its Guarantees Policy ends"."""
    faction = activation_faction(g, data, c, side)
    text = (f"becomes a{'n' if faction == 'axis' else ''} {NAME[faction]} Country"
            + (" (13.5)" if side == "allied" else ""))
    pid = cst(data, c).get("policy")
    if end_pac_policy and is_pac(g, data, c) and pid in data["policies"]:
        text += f"; its {data['policies'][pid]['name']} Policy ends (13.6.1.2)"
    return text


def activation_choices(g: TkRules, data: Data, cands: list[str], side: str, *,
                       end_pac_policy: bool = False) -> list[Choice]:
    """One choice per Neutral Country of ``cands``, each label saying which faction it
    joins (15.2, 15.26, 15.31 and 15.37 name the Country; 13.5 names the Allied faction)."""
    return [(key("country", c), (c, activation_text(g, data, c, side,
                                                    end_pac_policy=end_pac_policy)), c)
            for c in cands]


def activate(g: TkRules, data: Data, c: str, side: str, rule: str, *,
             mobilization: bool = True, free_passage: bool = False,
             end_pac_policy: bool = False) -> str | None:
    """Activate a Neutral Country for ``side`` ("axis", "allied" = per 13.5, or a faction).

    Returns the faction it joined, or None when it could not be activated.
    """
    if not exists(data, c):
        no_result(data, rule, f"{c} no longer exists")
        return None
    if not is_neutral(data, c):
        log(data, rule, f"{c} is not a Neutral Country ({status(data, c)}); it is not "
            "activated")
        return None
    faction = activation_faction(g, data, c, side)
    if side == "allied":
        log(data, f"{rule}, 13.5", f"{c}'s alignment is {NAME[faction]}")
    st = cst(data, c)
    for m in list(st["markers"]):
        if m == "neutrality" or m.startswith("influence:"):
            remove_marker(data, c, m, "13.7")
    st["status"] = faction
    changed(data)
    log(data, rule, f"{c} is activated as a{'n' if faction == 'axis' else ''} "
        f"{NAME[faction]} Minor Country")
    capital = g.c.country[c].capital
    # the capital by its name, then its hex ("Ankara (e2412)"; it read "e2412": an audit)
    cap = hex_label(g, capital) if capital and capital in g.c.hex else capital or c
    if free_passage:
        add_marker(g, data, c, "free_passage", rule, where=f"{c}'s capital {cap}")
        log(data, rule, "No Mobilizing marker and no Mobilization Roll (Free Passage)")
    elif mobilization:
        instruct(data, "13.7.1", f"place a Mobilizing marker in {cap} and make {c}'s "
                 "Mobilization Roll")
    else:
        instruct(data, "13.7.1", f"set up {c}'s units per 13.7.1 without a Mobilization Roll")
    if end_pac_policy and is_pac(g, data, c):
        log(data, rule, f"{c} is a PAC: its Policy ends")
        end_country_policy(g, data, c, rule)
    return faction


def war_stays(data: Data) -> str:
    """The event leaves the war state as it is: what the log says. The rule text ("Pre-War
    remains in effect", 15.17, 15.22, 15.24) is written for Pre-War; an event resolved
    during Limited or Total War leaves that in effect, and the log says so."""
    return f"{WAR[data['war']]} remains in effect"


def set_war(data: Data, war: str, rule: str) -> None:
    if data["war"] != war:
        data["war"] = war
        changed(data)
        log(data, rule, f"{WAR[war]} is now in effect")


# -- units ------------------------------------------------------------------------------------

def unit_hex(g: TkRules, data: Data, u: dict[str, Any]) -> str | None:
    loc = u["loc"]
    if loc == "Holding Box" and u.get("holder"):
        loc = data["units"][u["holder"]]["loc"]
    return loc if loc in g.c.hex else None


def on_map(g: TkRules, data: Data, u: dict[str, Any]) -> bool:
    return unit_hex(g, data, u) is not None


def uname(g: TkRules, data: Data, uid: str) -> str:
    u = data["units"][uid]
    where = u["loc"]
    if where == "Holding Box":
        where = f"the Holding Box of {data['units'][u['holder']]['name']}"
    elif where in g.c.hex:
        h = g.c.hex[where]
        # a hex whose name is its id (London) is named once: "in London (London)" (an audit)
        where = f"{h.name} ({h.id})" if h.name and h.name != h.id else h.id
    return f"{u['name']} [{u['steps']} step{'s' * (u['steps'] != 1)}] in {where}"


def find_units(g: TkRules, data: Data, spec: dict[str, Any]) -> list[str]:
    """Unit ids matching ``spec`` (owner, nat, types, ground, on_map, hex, locs, colonial,
    minor, ss, holding, not_holding, loc_prefix)."""
    out = []
    for uid, u in data["units"].items():
        if u["loc"] in ("Eliminated", "Removed") or u["steps"] <= 0:
            continue
        if "owner" in spec and u["owner"] != spec["owner"]:
            continue
        if "owners" in spec and u["owner"] not in spec["owners"]:
            continue
        if "nat" in spec and u["nationality"] != spec["nat"]:
            continue
        if "types" in spec and u["type"] not in spec["types"]:
            continue
        if spec.get("ground") and u["type"] == "support":
            continue
        for flag in ("colonial", "minor", "ss", "multinational"):
            if flag in spec and bool(u.get(flag)) != spec[flag]:
                break
        else:
            if spec.get("on_map") and not on_map(g, data, u):
                continue
            if "hex" in spec and unit_hex(g, data, u) != spec["hex"]:
                continue
            if "locs" in spec and u["loc"] not in spec["locs"]:
                continue
            if "loc_prefix" in spec and not u["loc"].startswith(spec["loc_prefix"]):
                continue
            if spec.get("not_holding") and u["loc"] == "Holding Box":
                continue
            out.append(uid)
    return sorted(out)


def move_unit(g: TkRules, data: Data, uid: str, loc: str, rule: str,
              to: str | None = None) -> None:
    """Move unit ``uid`` to ``loc`` (``to``: the place in the instruction's words, where
    ``loc`` alone does not say whose it is). A multi-national unit (an HQ with a Holding
    Box) that leaves its hex leaves the units it holds there, each a counter of its own
    (15.1's example: the Axis Med HQ goes to the Delay Box, its Holding Box's units stay in
    play; ``games/tk/rules.py``)."""
    before = uname(g, data, uid)
    u = data["units"][uid]
    if u.get("holding") and loc != u["loc"]:
        for hid in list(u["holding"]):
            h = data["units"][hid]
            u["steps"] -= h["steps"]
            h["holder"] = None
            h["loc"] = u["loc"]
            instruct(data, rule, f"take {h['name']} ({h['steps']} step(s)) out of the Holding "
                     f"Box of {u['name']} and place it in {u['loc']}")
        u["holding"] = []
        before = uname(g, data, uid)
    if u["loc"] == "Holding Box" and u.get("holder"):
        # its steps leave the multi-national unit's too (they count the held units', as
        # eliminate_step and emergency_breakdown read them)
        holder = data["units"][u["holder"]]
        holder["holding"].remove(uid)
        holder["steps"] -= u["steps"]
        u["holder"] = None
    u["loc"] = loc
    changed(data)
    # "Removed" is out of the game, no place to move a counter to (15.25: "remove that unit
    # from the game"; an audit)
    instruct(data, rule, f"remove {before} from the game" if loc == "Removed"
             else f"move {before} to {to or loc}")


def eliminate_step(g: TkRules, data: Data, uid: str, rule: str,
                   breakdown: bool = True) -> None:
    """Eliminate one step (4.2.6.2 as modelled): a unit in a Holding Box makes its
    multi-national unit perform an Emergency Breakdown (2.3.4)."""
    u = data["units"][uid]
    if u["loc"] == "Holding Box" and u.get("holder") and breakdown:
        emergency_breakdown(g, data, u["holder"], uid, rule)
        return
    held = sorted(u.get("holding", []))
    if held:
        # a multi-national unit's steps count its Holding Box's (an audit: a step taken off
        # the counter itself left it on the map with only its held unit's step, a phantom
        # loss). Chosen itself, it loses its own step (4.2.6.2; 15.36: only "a step in a
        # Holding Box" makes it break down, as a held unit chosen does, above). With no step
        # of its own, the step is a held unit's: with a breakdown where the event allows one
        # (2.3.4), else plain (15.8: "you do not get to perform breakdown first")
        native = u["steps"] - sum(data["units"][h]["steps"] for h in held)
        if native <= 0:
            if breakdown:
                emergency_breakdown(g, data, uid, held[0], rule)
                return
            eliminate_step(g, data, held[0], rule, breakdown=False)
            if not u["holding"] and u["steps"] <= 0:     # nothing left on the counter
                u["steps"], u["loc"] = 0, "Eliminated"
                instruct(data, rule, f"eliminate {u['name']}: remove the counter (its "
                         "Holding Box is empty and it has no step of its own)")
            return
    desc = uname(g, data, uid)
    u["steps"] -= 1
    changed(data)
    data["steps_lost"] += 1
    if u["loc"] == "Holding Box" and u.get("holder"):
        data["units"][u["holder"]]["steps"] -= 1     # its steps are counted there too
    if held and u["steps"] - sum(data["units"][h]["steps"] for h in held) <= 0:
        u["steps"] = 0          # its own last step: the counter goes, its Holding Box's stay
    if u["steps"] <= 0:
        u["steps"] = 0
        hexid = unit_hex(g, data, u)
        if u["loc"] == "Holding Box" and u.get("holder"):
            data["units"][u["holder"]]["holding"].remove(uid)
            u["holder"] = None
        for hid in list(u.get("holding", [])):
            h = data["units"][hid]
            h["loc"], h["holder"] = hexid or "Force Pool", None
            instruct(data, rule, f"place {h['name']} from the Holding Box in the hex")
        u["holding"] = []
        u["loc"] = "Eliminated"
        instruct(data, rule, f"eliminate {desc}: remove the counter (its last step)")
    else:
        instruct(data, f"{rule}, 4.2.6.2", f"{desc} loses one step: flip or replace the "
                 f"counter to show {u['steps']} step(s)")


def emergency_breakdown(g: TkRules, data: Data, holder_id: str, victim: str,
                        rule: str) -> None:
    """2.3.4 (modelled): the victim in the Holding Box loses its step; the other units of the
    Holding Box go to the hex; the multi-national unit's own steps become a one-step-per-step
    infantry-type unit of its nationality in the hex; the counter goes to the Delay Box."""
    holder = data["units"][holder_id]
    hexid = holder["loc"]
    v = data["units"][victim]
    held_steps = sum(data["units"][h]["steps"] for h in holder["holding"])
    native = holder["steps"] - held_steps
    log(data, f"{rule}, 2.3.4", f"{v['name']} is in the Holding Box of {holder['name']}: "
        f"{holder['name']} breaks down")
    v["steps"] -= 1
    data["steps_lost"] += 1
    changed(data)
    for hid in list(holder["holding"]):
        h = data["units"][hid]
        h["holder"] = None
        if h["steps"] <= 0:
            h["steps"] = 0
            h["loc"] = "Eliminated"
            instruct(data, f"{rule}, 4.2.6.2", f"eliminate {h['name']} from the Holding Box")
        else:
            h["loc"] = hexid
            instruct(data, "2.3.4", f"place {h['name']} ({h['steps']} step(s)) in {hexid}")
    holder["holding"] = []
    if native > 0:
        nid = f"{holder_id}~bd{data['seq']}"
        data["seq"] += 1
        data["units"][nid] = {
            "id": nid, "name": f"{holder['nationality']} {native}-step infantry-type unit",
            "owner": holder["owner"], "nationality": holder["nationality"],
            "type": "infantry", "steps": native, "max_steps": native, "loc": hexid,
            "holder": None, "colonial": False, "minor": False, "ss": False,
            "multinational": False, "holding": [], "delay_stripe": False, "outbreak": False,
            "tk_force_pool": True}
        instruct(data, "2.3.4", f"place a {native}-step {holder['nationality']} "
                 f"infantry-type unit in {hexid}")
    holder["steps"] = holder.get("max_steps") or holder["steps"]
    holder["loc"] = "Delay Box"
    instruct(data, "2.3.4", f"place {holder['name']} in the Delay Box")


def eliminate_unit_to(g: TkRules, data: Data, uid: str, rule: str) -> None:
    """A whole unit eliminated by an Atomic Devastation marker (15.33): Delay Stripe units go
    to the Delay Box, the others to their Force Pool."""
    u = data["units"][uid]
    for hid in list(u.get("holding", [])):     # each held unit by its own stripe
        held = data["units"][hid]
        move_unit(g, data, hid, "Delay Box" if held.get("delay_stripe") else "Force Pool", rule)
    move_unit(g, data, uid, "Delay Box" if u.get("delay_stripe") else "Force Pool", rule)


# -- step elimination procedures ---------------------------------------------------------------

def eliminate_steps(g: TkRules, data: Data, role: str, rule: str, spec: dict[str, Any],
                    n: int, what: str, breakdown: bool = True) -> None:
    """``role`` eliminates ``n`` steps, one at a time, from units matching ``spec``."""
    if n <= 0:
        return
    cands = find_units(g, data, spec)
    if not cands:
        log(data, rule, f"No {what} step remains to eliminate ({n} step(s) not taken)")
        return
    ask(g, data, role, rule, f"Eliminate a {what} step ({n} to go)",
        [(key("unit", u), uname(g, data, u), u) for u in cands], "elim_step",
        spec=spec, n=n, what=what, rule=rule, breakdown=breakdown)


@on_choice("elim_step")
def _elim_step(g: TkRules, data: Data, ctx: dict[str, Any], uid: str) -> None:
    eliminate_step(g, data, uid, ctx["rule"], ctx["breakdown"])
    eliminate_steps(g, data, _role(data), ctx["rule"], ctx["spec"], ctx["n"] - 1,
                    ctx["what"], ctx["breakdown"])


def _role(data: Data) -> str:
    """The role that made the decision being applied."""
    return str(data["last_role"])


def armor_or_infantry(g: TkRules, data: Data, role: str, rule: str, nat: str) -> None:
    """Eliminate one ``nat`` armor step or two ``nat`` infantry steps from the map (15.7,
    15.22, 15.24). The two infantry steps are a choice only where two are on the map: with an
    armor step there and a single infantry step, the armor step is the one way to do what
    the event says; with no armor step, as many infantry steps as there are (up to two)."""
    base = {"nat": nat, "on_map": True, "not_holding": True}
    armor = find_units(g, data, {**base, "types": ["armor"]})
    inf = find_units(g, data, {**base, "types": ["infantry"]})
    if armor and sum(data["units"][u]["steps"] for u in inf) >= 2:
        ask(g, data, role, rule, f"Eliminate one {nat} armor step or two {nat} infantry steps",
            [("opt:armor", f"One {nat} armor step", "armor"),
             ("opt:infantry", f"Two {nat} infantry steps", "infantry")],
            "armor_or_infantry", nat=nat, rule=rule)
    elif armor:
        eliminate_steps(g, data, role, rule, {**base, "types": ["armor"]}, 1, f"{nat} armor")
    elif inf:
        eliminate_steps(g, data, role, rule, {**base, "types": ["infantry"]}, 2,
                        f"{nat} infantry")
    else:
        log(data, rule, f"No {nat} armor or infantry step is on the map: none is eliminated")


@on_choice("armor_or_infantry")
def _armor_or_inf(g: TkRules, data: Data, ctx: dict[str, Any], kind: str) -> None:
    base = {"nat": ctx["nat"], "on_map": True, "not_holding": True, "types": [kind]}
    eliminate_steps(g, data, _role(data), ctx["rule"], base, 1 if kind == "armor" else 2,
                    f"{ctx['nat']} {kind}")


# -- map markers -----------------------------------------------------------------------------

def map_markers(data: Data, type_: str, owner_: str | None = None,
                loc: str | None = None) -> list[int]:
    return [i for i, m in enumerate(data["markers"])
            if m["type"] == type_ and (owner_ is None or m["owner"] == owner_)
            and (loc is None or m["loc"] == loc)]


def move_map_marker(data: Data, i: int, loc: str, rule: str, to: str | None = None) -> None:
    """Move map marker ``i`` to ``loc`` (``to``: the place in the instruction's words, where
    ``loc`` alone does not say which: a Support Segment)."""
    m = data["markers"][i]
    who = f"{NAME[m['owner']]} " if m["owner"] else ""
    before = m["loc"]
    m["loc"] = loc
    changed(data)
    art = "an" if (who or label(m["type"]))[0] in "AEIOU" else "a"
    what = f"{art} {who}{label(m['type'])} marker"
    # "Unused" is the pile of markers not yet in play, no place on the map (an audit)
    instruct(data, rule, f"place {what} in {to or loc}" if before == "Unused"
             else f"move {what} from {before} to {to or loc}")


def hexes(g: TkRules, *, land: bool = True) -> list[str]:
    return [h.id for h in g.c.components.hexes if not (land and h.naval)]


def hex_label(g: TkRules, h: str) -> str:
    d = g.c.hex[h]
    return f"{d.name} ({d.id})" if d.name and d.name != d.id else d.id


def control(g: TkRules, data: Data, h: str) -> str | None:
    if h in data["control"]:
        return str(data["control"][h])
    c = g.c.hex[h].country
    return owner(g, data, c) if c else None


# -- tables ----------------------------------------------------------------------------------

def lookup(table: DieTable, value: int) -> TableRow:
    """The row of ``table`` for a (modified) roll, clamped to the table's range."""
    rows = table.rows
    lo = min(min(r.roll) for r in rows)
    hi = max(max(r.roll) for r in rows)
    value = max(lo, min(hi, value))
    return next(r for r in rows if value in r.roll)


def result_name(row: TableRow) -> str:
    """A table row's result in a few words, from the content: the event's name for an event
    number ("15.27" -> "Neutrality"), else its text up to a colon ("Republican advance")."""
    if row.result in EVENT_NAME:
        return EVENT_NAME[row.result]
    return (row.text or row.result).split(":")[0].strip()


def table_faces(table: DieTable, drm: int = 0,
                name: Callable[[TableRow], str] = result_name) -> str:
    """What one die (1-6, modified by ``drm``) gives on ``table``, face by face, a run of
    faces with the same result as one span: "1-3 Republican advance, 4-5 Stalemate, 6
    Nationalist advance" (a modified roll is read within the table's range, as
    :func:`lookup` reads it)."""
    runs: list[tuple[int, int, str]] = []
    for d in range(1, 7):
        said = name(lookup(table, d + drm))
        if runs and runs[-1][2] == said:
            runs[-1] = (runs[-1][0], d, said)
        else:
            runs.append((d, d, said))
    return ", ".join(f"{a}{'' if a == b else f'-{b}'} {said}" for a, b, said in runs)


def area_result(data: Data, result: str) -> str:
    """An Area Table's result as it applies: "France/Vichy" is whichever of the two is in
    play (15.26)."""
    if result == "France/Vichy":
        return "France" if status(data, "Vichy") == "removed" else "Vichy"
    return result


def select_area_table(g: TkRules, data: Data, role: str, rule: str, next_fn: str,
                      optional: bool = False, then: str = "", **ctx: Any) -> None:
    """``role`` selects an Area Table and rolls one die; ``next_fn`` gets ``country``. Each
    table's label says what each face gives; ``then`` (for the prompt) what the Country
    rolled leads to."""
    opts: list[Choice] = [
        (key("table", t.name), (f"Area Table: {t.name}", table_faces(
            t, 0, lambda row: area_result(data, row.result))), t.name)
        for t in g.c.tables.area_tables]
    if optional:
        opts.append(("opt:no_result", "Do not roll", None))
    ask(g, data, role, rule, "Select an Area Table and roll one die"
        + (" (optional)" if optional else "") + (f": {then}" if then else ""), opts,
        "area_table", next_fn=next_fn, rule=rule, ctx=ctx)


@on_choice("area_table")
def _area_table(g: TkRules, data: Data, ctx: dict[str, Any], name: str | None) -> None:
    if name is None:
        log(data, ctx["rule"], "No Area Table is rolled")
        return
    roll_area(g, data, name, ctx["rule"], ctx["next_fn"], **ctx["ctx"])


def roll_area(g: TkRules, data: Data, name: str, rule: str, next_fn: str,
              **ctx: Any) -> None:
    table = g.c.area[name]
    value = die(data, rule, f"Area Table {name}", table=f"Area Table: {name}")
    row = lookup(table, value)
    result = area_result(data, row.result)
    if row.result == "France/Vichy":
        log(data, rule, f"Area Table {name}: France/Vichy — the event applies to {result}, "
            "the country in play", table=f"Area Table: {name}", result=result)
    else:
        log(data, rule, f"Area Table {name}: {result}", table=f"Area Table: {name}",
            result=result)
    call_step(data, next_fn, country=result, **ctx)
