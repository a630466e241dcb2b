"""Civil War events and partisan pressure: 15.1 Allies Support Resistance, 15.4 Civil War
Defeat, 15.5 Civil War Victory, 15.18 Hitler Supports Nationalists, 15.29 No Pasaran!,
15.34 Provincial Independence, 15.35 Republican Infighting, 15.39 The Bell Tolls for Thee,
and the Civil War Table."""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.games.tk.engine import Choice, TkRules, ask, call_step, key, on_choice, step
from warroom.games.tk.model import (
    NAME,
    changed,
    cst,
    die,
    exists,
    find_units,
    hex_label,
    instruct,
    is_allied,
    is_neutral,
    lookup,
    map_markers,
    move_map_marker,
    no_result,
    select_area_table,
    table_faces,
    uname,
    unit_hex,
)

Data = dict[str, Any]
Ctx = dict[str, Any]


def civil_war(data: Data) -> bool:
    return data["civil_war"] is not None


def support_faction(data: Data) -> str:
    sup = data["republican_support"]
    return str(sup["faction"]) if sup else "western"


# -- 15.4 / 15.5 ------------------------------------------------------------------------------

def other_side(side: str) -> str:
    return "republican" if side == "nationalist" else "nationalist"


def flipper(data: Data, winner: str) -> str:
    """The faction that flips a marker for the side ``winner``: the Axis for the
    Nationalists, the Allied faction named on the Republican Support marker for the
    Republicans (15.4, 15.5)."""
    return "axis" if winner == "nationalist" else support_faction(data)


def gainer(f: str, ev: str) -> str:
    """The side that Civil War Defeat (15.4) or Victory (15.5) rolled by ``f`` makes gain a
    marker: the roller's side (Nationalist for the Axis, Republican for an Allied faction)
    for a Victory, the other side for a Defeat."""
    mine = "nationalist" if f == "axis" else "republican"
    return mine if ev == "15.5" else other_side(mine)


def cw_effect(data: Data, f: str, ev: str) -> str:
    """What Civil War Defeat (15.4) or Victory (15.5) rolled by ``f`` does now, in the words
    of a choice's label, as :func:`_cw_event` and :func:`flip_for` resolve it: No Result
    with no Civil War in effect, else who flips a marker of which side."""
    if not civil_war(data):
        return "No Result, as no Civil War is in effect"
    return flip_effect(data, gainer(f, ev))


def flip_effect(data: Data, winner: str) -> str:
    """Who flips which side's marker for the side ``winner`` (:func:`flip_for`), and
    whether that flip is the last one, ending the Civil War (:func:`check_end`)."""
    loser = other_side(winner)
    left = [m for m in data["civil_war"]["markers"] if m["side"] == loser]
    if not left:
        return f"no {loser.capitalize()} marker is left to flip"
    who = flipper(data, winner)
    return (f"{'the Axis' if who == 'axis' else f'the {NAME[who]} faction'} flips a "
            f"{loser.capitalize()} Center or Stronghold"
            + (" (the last one: the Civil War ends)" if len(left) == 1 else ""))


def flip_for(g: TkRules, data: Data, winner: str, rule: str) -> None:
    """The side ``winner`` gains: its opponent's marker (Center or Stronghold) is flipped."""
    loser = other_side(winner)
    who = flipper(data, winner)
    cw = data["civil_war"]
    mine = [m for m in cw["markers"] if m["side"] == loser]
    if not mine:
        log(data, rule, f"No {loser.capitalize()} marker is left to flip")
        check_end(g, data, rule)
        return
    cands = [m for m in mine if m["type"] == "center"] or mine
    ask(g, data, who, rule, f"Select a {loser.capitalize()} Center or Stronghold marker to "
        "flip (the Stronghold only if it is the last one)",
        [(key("cw", m["id"]), f"{loser.capitalize()} {m['type'].capitalize()} in {m['city']}",
          m["id"])
         for m in cands], "cw_flip", rule=rule)


@on_choice("cw_flip")
def _cw_flip(g: TkRules, data: Data, ctx: Ctx, mid: str) -> None:
    cw = data["civil_war"]
    m = next(x for x in cw["markers"] if x["id"] == mid)
    new = "republican" if m["side"] == "nationalist" else "nationalist"
    m["side"] = new
    changed(data)
    instruct(data, ctx["rule"], f"flip the {m['type'].capitalize()} marker in {m['city']} to "
             f"its {new.capitalize()} side")
    check_end(g, data, ctx["rule"])


def check_end(g: TkRules, data: Data, rule: str) -> None:
    cw = data["civil_war"]
    sides = {m["side"] for m in cw["markers"]}
    if sides == {"republican"}:
        country = cw["country"]
        keep = next((m for m in cw["markers"] if m["id"] == "stronghold_republican"),
                    next((m for m in cw["markers"] if m["type"] == "stronghold"), None))
        data["civil_war"] = None
        changed(data)
        st = cst(data, country)
        if "stronghold:republican" not in st["markers"]:
            st["markers"].append("stronghold:republican")
        instruct(data, rule, f"all Civil War markers in {country} are Republican: remove all "
                 "Civil War markers except the Republican Stronghold"
                 + (f" (in {keep['city']})" if keep else "") + " and Republican Support markers")
        log(data, rule, "The Civil War is no longer in effect (Republican victory)")
        f = support_faction(data)
        select_area_table(g, data, f, rule, "cw_influence", optional=True, then=CW_OVER,
                          faction=f, why=rule)
    elif sides == {"nationalist"}:
        country = cw["country"]
        data["civil_war"] = None
        data["republican_support"] = None
        changed(data)
        st = cst(data, country)
        st["markers"] = [m for m in st["markers"] if not m.startswith("stronghold:")]
        instruct(data, rule, f"all Civil War markers in {country} are Nationalist: remove all "
                 "Civil War markers (and the Republican Support marker) from the game")
        log(data, rule, "The Civil War is no longer in effect (Nationalist victory)")
        select_area_table(g, data, "axis", rule, "cw_influence", optional=True, then=CW_OVER,
                          faction="axis", why=rule)


CW_OVER = ("the Civil War is over; if the result is a Neutral Country, you apply Influence "
           "(15.19) to it")


@step("cw_influence")
def _cw_influence(g: TkRules, data: Data, ctx: Ctx) -> None:
    c = ctx["country"]
    if exists(data, c) and is_neutral(data, c):
        call_step(data, "ev:15.19", faction=ctx["faction"], country=c)
    else:
        log(data, ctx["why"], f"{c} is not a Neutral Country: no Influence")


def _cw_event(g: TkRules, data: Data, ctx: Ctx, rule: str, victory: bool) -> None:
    if not civil_war(data):
        no_result(data, rule, "a Civil War is not in effect")
        return
    flip_for(g, data, gainer(ctx["faction"], "15.5" if victory else "15.4"), rule)


@step("ev:15.4")
def civil_war_defeat(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.4 Civil War Defeat: the roller's side loses a Center or Stronghold."""
    _cw_event(g, data, ctx, "15.4", victory=False)


@step("ev:15.5")
def civil_war_victory(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.5 Civil War Victory: the roller's side gains a Center or Stronghold."""
    _cw_event(g, data, ctx, "15.5", victory=True)


def civil_war_drm(g: TkRules, f: str) -> tuple[str, int]:
    """The side (axis or allied) faction ``f`` rolls the Civil War Table for, and its DRM
    (reconstructed table)."""
    side = "axis" if f == "axis" else "allied"
    return side, g.c.tables.civil_war.drm.get(side, 0)


def civil_war_table_choice(g: TkRules, data: Data, f: str) -> Choice:
    """15.1's and 15.18's option to roll on the Civil War Table, its label saying what each
    face gives ``f`` (its DRM applied, as :func:`civil_war_table` rolls it)."""
    table = g.c.tables.civil_war
    side, drm = civil_war_drm(g, f)
    # the faces are the die's, the DRM already counted: the log then says the modified
    # total ("rolled 1 +1 = 2"), which read as the label's "2-3 Stalemate" beside a
    # "Republican advance" (a browser audit)
    return ("opt:civil_war_table", ("Roll on the Civil War Table", (
        f"die {table_faces(table, drm)} (the {side.capitalize()} DRM {drm:+d} counted)"
        if drm else table_faces(table, drm))), "cwt")


def civil_war_table(g: TkRules, data: Data, f: str, rule: str) -> None:
    """Roll on the Civil War Table (reconstructed) for faction ``f``."""
    table = g.c.tables.civil_war
    side, drm = civil_war_drm(g, f)
    value = die(data, rule, f"Civil War Table ({NAME[f]})", drm,
                f"{side.capitalize()} roll on the Civil War Table", table=table.name)
    row = lookup(table, value)
    log(data, rule, f"Civil War Table: {row.text or row.result}", table=table.name,
        result=row.result)
    if row.result in ("republican", "nationalist"):
        flip_for(g, data, row.result, rule)
    else:
        no_result(data, rule, "Civil War Table stalemate")


# -- 15.1 / 15.18 select a hex ------------------------------------------------------------------

def _hex_targets(g: TkRules, data: Data, victim: str, ss: bool) -> dict[str, list[Any]]:
    """Hex -> eligible steps (unit ids) and markers (indices) of the ``victim`` side."""
    owners = ["axis"] if victim == "axis" else ["western", "soviet"]
    out: dict[str, list[Any]] = {}
    for uid in find_units(g, data, {"owners": owners, "on_map": True}):
        u = data["units"][uid]
        ok = u.get("colonial") or u.get("minor") or (ss and u.get("ss")
                                                     and u["nationality"] == "German")
        if ok:
            out.setdefault(unit_hex(g, data, u) or "", []).append(["step", uid])
    for i, m in enumerate(data["markers"]):
        if (m["type"] in ("detachment", "logistics") and m["owner"] in owners
                and m["loc"] in g.c.hex and not g.c.hex[m["loc"]].island):
            out.setdefault(m["loc"], []).append(["marker", i])
    return out


def select_hex(g: TkRules, data: Data, f: str, victim: str, rule: str) -> None:
    targets = _hex_targets(g, data, victim, data["vp_marker"] == "ss_europa")
    ask(g, data, f, rule, "Select a hex with an eligible enemy unit or marker",
        [(key("hex", h), _hex_desc(g, data, h, t), h) for h, t in sorted(targets.items())],
        "hex_selected", victim=victim, rule=rule)


def _hex_desc(g: TkRules, data: Data, h: str, t: list[Any]) -> str:
    parts = [data["units"][x]["name"] if k == "step" else
             f"{data['markers'][x]['type'].title()} marker" for k, x in t]
    return f"{hex_label(g, h)}: {', '.join(parts)}"


@on_choice("hex_selected")
def _hex_selected(g: TkRules, data: Data, ctx: Ctx, h: str) -> None:
    victim, rule = ctx["victim"], ctx["rule"]
    t = _hex_targets(g, data, victim, data["vp_marker"] == "ss_europa")[h]
    steps = [x for k, x in t if k == "step"]
    if steps:
        who = data["units"][steps[0]]["owner"]
        if any(k == "marker" for k, _x in t):     # "Where a choice exists" only (an audit)
            log(data, rule, "A step must be eliminated before a marker is removed")
        ask(g, data, who, rule, f"Eliminate one eligible step in {hex_label(g, h)} (4.2.6.2)",
            [(key("unit", u), uname(g, data, u), u) for u in steps], "elim_one", rule=rule)
        return
    marks = [x for k, x in t if k == "marker"]
    who = data["markers"][marks[0]]["owner"]
    ask(g, data, who, rule, f"Remove a Detachment or Logistics marker in {hex_label(g, h)}",
        [(None, f"{NAME[data['markers'][i]['owner']]} {data['markers'][i]['type'].title()} "
          "marker", i) for i in marks], "marker_to_delay", rule=rule)


@on_choice("marker_to_delay")
def _marker_to_delay(g: TkRules, data: Data, ctx: Ctx, i: int) -> None:
    move_map_marker(data, i, "Delay Box", ctx["rule"])


@step("ev:15.1")
def allies_support_resistance(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.1 Allies Support Resistance."""
    f = ctx["faction"]
    if f == "axis":
        v = die(data, "15.1", "Which Allied faction applies the event (unmodified)")
        f = "western" if v <= 3 else "soviet"
        log(data, "15.1", f"The {NAME[f]} faction may apply one of the options")
    opts: list[Choice] = []
    no: dict[str, str] = {}     # why an option is not offered (``why`` names it)
    if civil_war(data):
        opts.append(civil_war_table_choice(g, data, f))
    else:
        no["opt:civil_war_table"] = "only if there is a Civil War Country, and there is none"
    if data["war"] != "pre_war" and map_markers(data, "partisan_base", f, "Unused"):
        opts.append(("opt:partisan_base", "Place a Partisan Base marker in your Force Pool",
                     "pb"))
    else:
        no["opt:partisan_base"] = ("only if Pre-War is not in effect, and it is"
                                   if data["war"] == "pre_war" else
                                   f"no unused {NAME[f]} Partisan Base marker is left")
    ss = data["vp_marker"] == "ss_europa"
    if _hex_targets(g, data, "axis", ss):
        # SS units only with the SS Europa marker on the VP Track, as _hex_targets reads it
        opts.append(("opt:select_hex", ("Select a hex", "the Axis loses a colonial"
                     + (", Minor Country or SS" if ss else " or Minor Country")
                     + " step there, else a Detachment/Logistics marker"), "hex"))
    else:
        no["opt:select_hex"] = ("no hex holds an Axis Detachment or Logistics marker (off an "
                                "Island), colonial or Minor Country unit, or (with SS Europa) "
                                "SS unit")
    if not opts:
        no_result(data, "15.1", f"none of the options is possible for the {NAME[f]} faction")
        return
    ask(g, data, f, "15.1", "Allies Support Resistance: you may apply one option",
        [*opts, ("opt:no_result", "Do nothing", None)], "asr", withheld=no)


@on_choice("asr")
def _asr(g: TkRules, data: Data, ctx: Ctx, v: str | None) -> None:
    f = data["last_role"]
    if v is None:
        no_result(data, "15.1", f"the {NAME[f]} faction applies nothing")
    elif v == "cwt":
        civil_war_table(g, data, f, "15.1")
    elif v == "pb":
        move_map_marker(data, map_markers(data, "partisan_base", f, "Unused")[0], "Force Pool",
                        "15.1")
    else:
        select_hex(g, data, f, "axis", "15.1")


@step("ev:15.18")
def hitler_supports_nationalists(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.18 Hitler Supports Nationalists: whoever received it, the Axis may act."""
    opts: list[Choice] = []
    if civil_war(data):
        opts.append(civil_war_table_choice(g, data, "axis"))
    if replacement_candidates(g, data, "axis", colonial_or_minor=True):
        opts.append(("opt:replacement", "Receive and place one German colonial or Axis Minor "
                     "Country replacement step", "rep"))
    if _hex_targets(g, data, "allied", False):
        opts.append(("opt:select_hex", ("Select a hex", "the Allies lose a colonial or Minor "
                     "Country step there, else a Detachment/Logistics marker"), "hex"))
    if not opts:
        no_result(data, "15.18", "none of the options is possible for the Axis")
        return
    ask(g, data, "axis", "15.18", "Hitler Supports Nationalists: you may apply one option",
        [*opts, ("opt:no_result", "Do nothing", None)], "hsn")


def replacement_candidates(g: TkRules, data: Data, f: str,
                           colonial_or_minor: bool = False) -> list[str]:
    """Reduced units on the map (a step is restored) or units in the Force Pool (placed as
    a replacement)."""
    out = []
    for uid in find_units(g, data, {"owner": f, "ground": True}):
        u = data["units"][uid]
        if colonial_or_minor and not ((u.get("colonial") and u["nationality"] == "German")
                                      or u.get("minor")):
            continue
        reduced = unit_hex(g, data, u) and u["steps"] < (u.get("max_steps") or u["steps"])
        if reduced or u["loc"] == "Force Pool":
            out.append(uid)
    return out


def replacement(g: TkRules, data: Data, f: str, rule: str, colonial_or_minor: bool) -> None:
    cands = replacement_candidates(g, data, f, colonial_or_minor)
    ask(g, data, f, rule, "Receive and place one replacement step",
        [(key("unit", u), uname(g, data, u), u) for u in cands], "replace", rule=rule)


@on_choice("replace")
def _replace(g: TkRules, data: Data, ctx: Ctx, uid: str) -> None:
    u = data["units"][uid]
    changed(data)
    if u["loc"] == "Force Pool":
        u["steps"] = 1
        u["loc"] = "Replacement"
        instruct(data, ctx["rule"], f"place {u['name']} (one step) on the map as a replacement "
                 "(replacement placement rules)")
    else:
        u["steps"] += 1
        if u["loc"] == "Holding Box" and u.get("holder"):
            # the multi-national unit's steps count its held units' (as eliminate_step,
            # emergency_breakdown and move_unit read them)
            data["units"][u["holder"]]["steps"] += 1
        instruct(data, ctx["rule"], f"{u['name']} regains one step ({u['steps']} now): flip or "
                 "replace the counter")


@on_choice("hsn")
def _hsn(g: TkRules, data: Data, ctx: Ctx, v: str | None) -> None:
    if v is None:
        no_result(data, "15.18", "the Axis applies nothing")
    elif v == "cwt":
        civil_war_table(g, data, "axis", "15.18")
    elif v == "rep":
        replacement(g, data, "axis", "15.18", colonial_or_minor=True)
    else:
        select_hex(g, data, "axis", "allied", "15.18")


# -- 15.29, 15.35, 15.39 ----------------------------------------------------------------------

def friendly_ground(g: TkRules, data: Data, f: str) -> list[str]:
    return find_units(g, data, {"owner": f, "ground": True, "on_map": True})


@step("ev:15.29")
def no_pasaran(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.29 No Pasaran!: lose a friendly ground step, or resolve Civil War Defeat."""
    f = ctx["faction"]
    opts: list[Choice] = [("opt:civil_war_defeat", ("Turn this event into Civil War Defeat "
                                                    "(15.4)", cw_effect(data, f, "15.4")),
                           "cwd")]
    if friendly_ground(g, data, f):
        opts.insert(0, ("opt:eliminate_step", "Eliminate one step from a friendly ground unit",
                        "step"))
    ask(g, data, f, "15.29", "No Pasaran!: do one of the following" + _support_said(data),
        opts, "no_pasaran")


@on_choice("no_pasaran")
def _no_pasaran(g: TkRules, data: Data, ctx: Ctx, v: str) -> None:
    f = data["last_role"]
    if v == "cwd":
        call_step(data, "ev:15.4", faction=f)
    else:
        _ask_friendly_step(g, data, f, "15.29")


def _ask_friendly_step(g: TkRules, data: Data, f: str, rule: str) -> None:
    ask(g, data, f, rule, "Eliminate one step from a friendly ground unit",
        [(key("unit", u), uname(g, data, u), u) for u in friendly_ground(g, data, f)], "elim_one",
        rule=rule)


@step("ev:15.35")
def republican_infighting(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.35 Republican Infighting."""
    f = ctx["faction"]
    ev = "15.4" if is_allied(f) else "15.5"
    opts: list[Choice] = [
        ("opt:civil_war_defeat" if ev == "15.4" else "opt:civil_war_victory",
         (f"Treat this event as Civil War {'Defeat' if ev == '15.4' else 'Victory'} ({ev})",
          cw_effect(data, f, ev)), ev)]
    no: dict[str, str] = {}
    sup = data["republican_support"]
    if sup is not None:
        opts.append(("opt:flip_support", ("Flip the Republican Support marker", "it names the "
                     f"{NAME[_flipped(sup['faction'])]} faction instead of the "
                     f"{NAME[sup['faction']]}"), "flip"))
    else:
        no["opt:flip_support"] = "no Republican Support marker is in play"
    ask(g, data, f, "15.35", "Republican Infighting: do one of the following"
        + _support_said(data), opts, "infight", withheld=no)


def _flipped(faction: str) -> str:
    """The faction on the other side of the Republican Support marker."""
    return "soviet" if faction == "western" else "western"


def _support_said(data: Data) -> str:
    """The Allied faction that flips for the Republicans, for a prompt of a Civil War
    event: the one named on the Republican Support marker (15.4, 15.5)."""
    if not civil_war(data):
        return " (no Civil War is in effect)"
    return (f" (the Republican Support marker names the {NAME[support_faction(data)]} "
            "faction)")


@on_choice("infight")
def _infight(g: TkRules, data: Data, ctx: Ctx, v: str) -> None:
    f = data["last_role"]
    if v == "flip":
        sup = data["republican_support"]
        sup["faction"] = _flipped(sup["faction"])
        changed(data)
        instruct(data, "15.35", f"flip the Republican Support marker to its {NAME[sup['faction']]}"
                 " side")
    else:
        call_step(data, f"ev:{v}", faction=f)


@step("ev:15.39")
def bell_tolls(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.39 The Bell Tolls for Thee: a friendly ground step and Civil War Victory, or
    nothing."""
    f = ctx["faction"]
    if not friendly_ground(g, data, f):
        no_result(data, "15.39", "no friendly ground unit is on the map")
        return
    ask(g, data, f, "15.39", "The Bell Tolls for Thee: do one of the following"
        + _support_said(data),
        [("opt:eliminate_step", ("Eliminate a friendly ground step, then Civil War Victory "
          "(15.5)", cw_effect(data, f, "15.5")), "step"),
         ("opt:no_result", "Treat as No Result", None)], "bell")


@on_choice("bell")
def _bell(g: TkRules, data: Data, ctx: Ctx, v: str | None) -> None:
    f = data["last_role"]
    if v is None:
        no_result(data, "15.39", "treated as No Result")
        return
    call_step(data, "ev:15.5", faction=f)
    _ask_friendly_step(g, data, f, "15.39")


# -- 15.34 Provincial Independence -------------------------------------------------------------

@step("ev:15.34")
def provincial_independence(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.34 Provincial Independence: a Breakaway Region with a Republican Center in a City
    becomes a separate Neutral Country."""
    if not civil_war(data):
        no_result(data, "15.34", "there is no Civil War Country")
        return
    cw = data["civil_war"]
    regions = []
    for c, d in g.c.country.items():
        if d.breakaway_of != cw["country"] or data["countries"].get(c, {}).get(
                "status", "removed") != "dependent":
            continue
        if any(m["type"] == "center" and m["side"] == "republican" and m["city"] in d.cities
               for m in cw["markers"]):
            regions.append(c)
    if not regions:
        no_result(data, "15.34", "no Breakaway Region has a Republican Center in a City")
        return
    if len(regions) == 1:
        _independence(g, data, regions[0])
        return
    ask(g, data, "western", "15.34", "Choose the Breakaway Region that becomes independent",
        [(key("country", c), c, c) for c in sorted(regions)], "independence")


@on_choice("independence")
def _independence_choice(g: TkRules, data: Data, ctx: Ctx, c: str) -> None:
    _independence(g, data, c)


def _independence(g: TkRules, data: Data, c: str) -> None:
    d = g.c.country[c]
    cw = data["civil_war"]
    m = next(x for x in cw["markers"] if x["type"] == "center" and x["side"] == "republican"
             and x["city"] in d.cities)
    cw["markers"].remove(m)
    st = cst(data, c)
    st["status"] = "neutral"
    st["conquered_by"] = None
    changed(data)
    instruct(data, "15.34", f"remove the Republican Center marker from {m['city']} and replace "
             f"it with {c}'s flag marker (back of its 0-1-2 Res infantry unit)")
    log(data, "15.34", f"{c} becomes a separate Neutral Country, no longer part of "
        f"{cw['country']}")
    instruct(data, "15.34", f"set aside {c}'s N units for future play")
