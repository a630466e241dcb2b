"""Events about Minor Countries: 15.2, 15.3, 15.6, 15.9, 15.10, 15.13, 15.15, 15.16, 15.19,
15.25, 15.26, 15.27 and the Diplomatic Incident Table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warroom.core.log import log
from warroom.games.tk.engine import TkRules, ask, call_step, key, on_choice, step
from warroom.games.tk.model import (
    NAME,
    activate,
    activation_choices,
    add_marker,
    alignment,
    borders_soviet,
    ceded_marker,
    changed,
    civil_war_strongholds,
    control,
    cst,
    die,
    eliminate_step,
    eliminate_steps,
    enemy_influence,
    enemy_stronghold,
    exists,
    find_units,
    has,
    held_dependent,
    hex_label,
    influence,
    influence_blockers,
    instruct,
    is_allied,
    is_neutral,
    label,
    lookup,
    map_markers,
    marker_left,
    marker_nation,
    markers,
    markers_here,
    move_map_marker,
    move_unit,
    neutral_neighbours,
    no_result,
    on_map,
    posture,
    remove_marker,
    roll_area,
    select_area_table,
    status,
    table_faces,
    uname,
    unit_hex,
)

Data = dict[str, Any]
Ctx = dict[str, Any]


def _country(data: Data, ctx: Ctx, rule: str) -> str | None:
    """The event's Country, or None (logged as No Result) when it does not exist (any
    more)."""
    c: str | None = ctx.get("country")
    if c is None or not exists(data, c):
        no_result(data, rule, f"{c or 'the Country'} does not exist (any more)")
        return None
    return c


# -- 15.19 Influence --------------------------------------------------------------------------

def influence_options(g: TkRules, data: Data, f: str, c: str,
                      withheld: dict[str, str] | None = None) -> list[tuple[str, str, Any]]:
    """The choices 15.19 gives faction ``f`` for Country ``c`` (besides doing nothing);
    ``withheld`` (filled here) says, for the options not given, which condition of 15.19
    fails (``why`` names it)."""
    opts: list[tuple[str, str, Any]] = []
    no: dict[str, str] = withheld if withheld is not None else {}
    st = status(data, c)
    ms = markers_here(data, c)
    if st == f:
        for m in ("free_passage", "no_occupation"):
            if m in ms:
                opts.append(("opt:remove_fp_no", f"Remove the {m.replace('_', ' ').title()} "
                             f"marker from {c}", ["remove", m]))
    if st != "neutral":
        for k in ("opt:remove_stronghold", "opt:remove_marker", "opt:place_influence",
                  "opt:activate"):
            no[k] = f"{c} is not a Neutral Minor Country ({st})"
        return opts
    strongholds = any(m.startswith("stronghold:") for m in ms)
    if data["civil_war"] is None and strongholds:
        opts.append(("opt:remove_stronghold", f"Remove the Stronghold and Republican Support "
                     f"markers from {c}", ["stronghold"]))
    else:
        no["opt:remove_stronghold"] = (f"no Stronghold marker is in {c}" if not strongholds
                                       else "a Civil War is in effect")
    removable = [m for m in ["neutrality", *enemy_influence(data, c, f)] if m in ms]
    for m in removable:
        opts.append(("opt:remove_marker", f"Remove the {label(m)} marker from {c}",
                     ["remove", m]))
    if not removable:
        no["opt:remove_marker"] = f"no Neutrality or enemy Influence marker is in {c}"
    blocked = [label(m) for m in influence_blockers(data, c, f)]
    if not blocked and not marker_left(g, data, f"influence:{f}"):
        # none to place (15.36): not offered (a tk audit saw it offered, and nothing placed)
        limit = g.c.components.countermix.get(f"influence:{f}")
        no["opt:place_influence"] = (f"no {NAME[f]} Influence marker is left in the "
                                     f"countermix ({limit}, 15.36)")
    elif not blocked:
        art = "an" if f == "axis" else "a"
        opts.append(("opt:place_influence", f"Place {art} {NAME[f]} Influence marker in {c}",
                     ["place"]))
    else:
        held = " and ".join(f"{'an' if b[0] in 'AEIOU' else 'a'} {b}" for b in blocked)
        no["opt:place_influence"] = (f"{c} already holds {held} marker; "
                                     "no friendly Influence marker is placed where a "
                                     "Neutrality, enemy Influence or enemy Stronghold marker "
                                     "is (or one of its own)")
    pre_war_posture = (data["war"] == "pre_war" and is_allied(f)
                       and posture(g, data, c) in ("Locarno", "Cordon"))
    if f"influence:{f}" in ms and enemy_stronghold(f) not in ms and not pre_war_posture:
        opts.append(("opt:activate", f"Activate {c} as a{'n' * (f == 'axis')} {NAME[f]} Minor "
                     "Country", ["activate"]))
    else:
        no["opt:activate"] = (
            f"activating needs a {NAME[f]} Influence marker in {c}, and there is none"
            if f"influence:{f}" not in ms
            else f"an enemy Stronghold marker is in {c}" if enemy_stronghold(f) in ms
            else f"Pre-War is in effect and {c}'s Posture is {posture(g, data, c)}: it "
                 "cannot be activated as an Allied Country")
    return opts


@step("ev:15.19")
def influence_event(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.19 Influence: the receiving faction may do one of five things to the Country."""
    f = ctx["faction"]
    c = _country(data, ctx, "15.19")
    if c is None:
        return
    no: dict[str, str] = {}
    opts = influence_options(g, data, f, c, no)
    if not opts:
        # each option's reason, once (they were unsaid: a tk audit)
        why = "; ".join(dict.fromkeys(no.values()))
        no_result(data, "15.19", f"none of the Influence options applies to {c} for the "
                  f"{NAME[f]} faction" + (f" ({why})" if why else ""))
        return
    ask(g, data, f, "15.19", f"Influence in {c}: do one of the following, or nothing",
        [*opts, ("opt:no_result", "Do nothing (No Result)", None)], "influence", country=c,
        withheld=no)


@on_choice("influence")
def _influence(g: TkRules, data: Data, ctx: Ctx, value: Any) -> None:
    c = ctx["country"]
    f = data["last_role"]
    if value is None:
        no_result(data, "15.19", f"the {NAME[f]} faction does nothing in {c}")
    elif value[0] == "remove":
        remove_marker(data, c, value[1], "15.19")
    elif value[0] == "stronghold":
        remove_strongholds(data, c, "15.19")
    elif value[0] == "place":
        add_marker(g, data, c, f"influence:{f}", "15.19")
    else:
        activate(g, data, c, f, "15.19")


def remove_strongholds(data: Data, c: str, rule: str) -> None:
    """15.19 / 15.28 Stronghold Lost: remove the Stronghold and Republican Support markers
    from the selected Country ``c``; a Republican Support marker in another Country stays."""
    for m in list(markers(data, c)):
        if m.startswith("stronghold:"):
            remove_marker(data, c, m, rule)
    sup = data["republican_support"]
    if sup is not None and sup["country"] == c:
        data["republican_support"] = None
        changed(data)
        instruct(data, rule, "remove the Republican Support marker from the game")


# -- 15.27 Neutrality ------------------------------------------------------------------------

@step("ev:15.27")
def neutrality_event(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.27 Neutrality: remove the Influence marker, or place a Neutrality marker."""
    c = _country(data, ctx, "15.27")
    if c is None:
        return
    if not is_neutral(data, c):
        # the event's Country is a Neutral one (its "neutral" need, 15.19's markers): an
        # active Minor holds no Neutrality marker (an outside audit saw one placed)
        no_result(data, "15.27", f"{c} is not a Neutral Country ({status(data, c)})")
        return
    inf = influence(data, c)
    if inf is not None:
        remove_marker(data, c, f"influence:{inf}", "15.27")
    elif "neutrality" not in markers(data, c):
        add_marker(g, data, c, "neutrality", "15.27")
    else:
        no_result(data, "15.27", f"{c} already has a Neutrality marker and no Influence marker")


# -- 15.6 Country Joins Axis --------------------------------------------------------------------

@step("ev:15.6")
def joins_axis(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.6 Country Joins Axis: activate it, or remove one blocking marker ("hit")."""
    c = _country(data, ctx, "15.6")
    if c is None:
        return
    if not is_neutral(data, c):
        no_result(data, "15.6", f"{c} is not a Neutral Country")
        return
    ms = markers_here(data, c)
    blockers = [m for m in ("neutrality", "influence:western", "influence:soviet",
                            "stronghold:republican") if m in ms]
    if not blockers:
        activate(g, data, c, "axis", "15.6")
        return
    # a Civil War's own Republican Stronghold blocks but is not removed while the war
    # lasts: it is flipped last, by 15.4/15.5 alone, and 15.19 removes no Stronghold during
    # a Civil War (games/tk/rules.py; the hit took it out of the war, and a second 15.6
    # then made Spain an Axis Minor in mid-war: a tk audit)
    at_war = civil_war_strongholds(data, c)
    removable = [m for m in blockers if m not in at_war or m in markers(data, c)]
    if not removable:
        no_result(data, "15.6", f"{c} contains the Republican Stronghold of the Civil War "
                  "in effect there: it is not activated, and no event removes that marker "
                  "while the war lasts (15.4, 15.5, 15.19)")
        return
    log(data, "15.6", f"{c} contains {', '.join(label(m) for m in blockers)}: it is not "
        "activated, one marker is removed instead"
        + (" (not the Civil War's Republican Stronghold, which stays while the war lasts)"
           if len(removable) < len(blockers) else ""))
    blockers = removable
    if len(blockers) == 1:
        _hit(g, data, c, blockers[0], "15.6")
        return
    ask(g, data, ctx["faction"], "15.6", f"Remove one marker from {c}",
        [("opt:remove_marker", f"Remove the {label(m)} marker", m) for m in blockers],
        "remove_one", country=c, rule="15.6")


@on_choice("remove_one")
def _remove_one(g: TkRules, data: Data, ctx: Ctx, m: str) -> None:
    _hit(g, data, ctx["country"], m, ctx["rule"])


def _hit(g: TkRules, data: Data, c: str, m: str, rule: str) -> None:
    """15.6's (or 15.15's) hit: remove marker ``m`` (never a Civil War's Stronghold, which
    :func:`joins_axis` leaves in the war)."""
    remove_marker(data, c, m, rule)


# -- 15.15 Free Passage ------------------------------------------------------------------------

@step("ev:15.15")
def free_passage(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.15 Free Passage: activate with a Free Passage marker, or remove a blocking marker."""
    f = ctx["faction"]
    c = _country(data, ctx, "15.15")
    if c is None:
        return
    if not is_neutral(data, c):
        no_result(data, "15.15", f"{c} is not a Neutral Country")
        return
    blockers = [m for m in ["neutrality", *enemy_influence(data, c, f)] if m in markers(data, c)]
    if not blockers:
        activate(g, data, c, f, "15.15", free_passage=True)
    elif len(blockers) == 1:
        remove_marker(data, c, blockers[0], "15.15")
    else:
        ask(g, data, f, "15.15", f"Remove the Neutrality or an enemy Influence marker in {c}",
            [("opt:remove_marker", f"Remove the {label(m)} marker", m) for m in blockers],
            "remove_one", country=c, rule="15.15")


# -- 15.9 Coup D'etat, 15.10 Declare War ---------------------------------------------------------

@step("ev:15.9")
def coup_detat(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.9 Coup D'etat: activate for the other side, without a Mobilization Roll."""
    c = _country(data, ctx, "15.9")
    if c is None:
        return
    side = "axis" if is_allied(ctx["faction"]) else "allied"
    activate(g, data, c, side, "15.9", mobilization=False)


@step("ev:15.10")
def declare_war(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.10 Declare War: an Allied faction activates it for the Axis; the Axis activates it
    for the Allies (13.5), ending its Policy if it is a PAC."""
    c = _country(data, ctx, "15.10")
    if c is None:
        return
    if is_allied(ctx["faction"]):
        activate(g, data, c, "axis", "15.10")
    else:
        activate(g, data, c, "allied", "15.10", end_pac_policy=True)


# -- 15.2 Border War -------------------------------------------------------------------------

@step("ev:15.2")
def border_war(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.2 Border War: activate the Country for the receiving side, then that side selects a
    bordering Neutral Country that activates for the other side."""
    f = ctx["faction"]
    c = _country(data, ctx, "15.2")
    if c is None:
        return
    side = "axis" if f == "axis" else "allied"
    joined = activate(g, data, c, side, "15.2")
    ours = status(data, c) == "axis" if side == "axis" else is_allied(status(data, c))
    if joined is None and not ours:
        return
    if joined is None:
        # already the receiving side's Country: "Then ... select a Neutral Country that
        # shares a Border with the Axis [Allied] Country" holds all the same (it stopped
        # at the first step: a tk audit)
        log(data, "15.2", f"{c} is already an {'Axis' if side == 'axis' else 'Allied'} "
            "Country: its neighbour is selected all the same")
    cands = neutral_neighbours(g, data, c)
    other = "allied" if f == "axis" else "axis"
    if not cands:
        log(data, "15.2", f"No Neutral Country shares a Border with {c} or its Dependents: "
            f"no Country is activated as an {'Allied' if other == 'allied' else 'Axis'} "
            "Country")
        return
    ask(g, data, f, "15.2", f"Select a Neutral Country bordering {c} to activate as an "
        + ("Allied Country (13.5 names the Allied faction)" if other == "allied"
           else "Axis Country"),
        activation_choices(g, data, cands, other), "activate_selected", side=other,
        rule="15.2", end_pac=False, mobilization=True)


@on_choice("activate_selected")
def _activate_selected(g: TkRules, data: Data, ctx: Ctx, c: str) -> None:
    activate(g, data, c, ctx["side"], ctx["rule"], end_pac_policy=ctx["end_pac"],
             mobilization=ctx["mobilization"])


# -- 15.3 Ceded Land -------------------------------------------------------------------------

def land_for(g: TkRules, data: Data, f: str, c: str | None) -> str | None:
    """The receiving faction's Ceded Land marker demanding land from ``c``."""
    for d in g.c.components.ceded_lands:
        if d.faction == f and d.country == c and data["ceded"][d.id] in ("Unused",
                                                                         "Force Pool"):
            return d.id
    return None


@step("ev:15.3")
def ceded_land(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.3 Ceded Land: the Ceded Land marker goes to the Ceded Lands Box; a Detachment may
    follow; the ceding Country's markers react."""
    f = ctx["faction"]
    land = ctx.get("land") or land_for(g, data, f, ctx.get("country"))
    if land is None:
        no_result(data, "15.3", f"the {NAME[f]} faction has no Ceded Land marker for "
                  f"{ctx.get('country') or 'this land'} left to place")
        return
    d = g.c.ceded[land]
    if d.faction != f:
        no_result(data, "15.3", f"{d.land} is not a{'n' if f == 'axis' else ''} {NAME[f]} "
                  "Ceded Land marker")
        return
    if data["ceded"][land] not in ("Unused", "Force Pool"):
        no_result(data, "15.3", f"the {d.land} marker is already in the "
                  f"{data['ceded'][land]}")
        return
    data["ceded"][land] = "Ceded Lands Box"
    changed(data)
    instruct(data, "15.3", f"place {ceded_marker(g, land)} in the Ceded Lands Box")
    for h in d.hexes:
        data["control"][h] = f
    c = d.country
    if d.whole_country and exists(data, c):
        for m in list(markers(data, c)):
            remove_marker(data, c, m, "15.3")
        cst(data, c)["status"] = "removed"
        log(data, "15.3", f"{c} is ceded whole and no longer exists")
    call_step(data, "ceded_influence", faction=f, country=c, rule="15.3")
    offer_detachment(g, data, f, [h for h in d.hexes if g.c.hex[h].city or g.c.hex[h].port],
                     "15.3", d.land)


def offer_detachment(g: TkRules, data: Data, f: str, hexes: list[str], rule: str,
                     where: str) -> None:
    pool = map_markers(data, "detachment", f, "Force Pool")
    if not pool or not hexes:
        if hexes:
            log(data, rule, f"No {NAME[f]} Detachment marker is in the Force Pool")
        return
    ask(g, data, f, rule, f"You may place a Detachment marker in a Port or City hex of {where}",
        [*[(key("hex", h), f"Place a Detachment in {hex_label(g, h)}", h) for h in hexes],
         ("opt:no_result", "Do not place a Detachment", None)], "place_detachment", rule=rule)


@on_choice("place_detachment")
def _place_detachment(g: TkRules, data: Data, ctx: Ctx, h: str | None) -> None:
    if h is None:
        return
    f = data["last_role"]
    move_map_marker(data, map_markers(data, "detachment", f, "Force Pool")[0], h, ctx["rule"])


@step("ceded_influence")
def _ceded_influence(g: TkRules, data: Data, ctx: Ctx) -> None:
    f, c, rule = ctx["faction"], ctx["country"], ctx["rule"]
    if not exists(data, c):
        log(data, rule, f"{c} no longer exists: no Influence marker is placed")
        return
    if not is_neutral(data, c):
        log(data, rule, f"{c} is not a Neutral Country: no Influence marker is placed")
        return
    ms = markers(data, c)
    if f == "axis":
        removable: list[str] = [m for m in ("neutrality", "influence:axis") if m in ms]
        if removable:
            _remove_choice(g, data, f, c, removable, rule)
        elif influence(data, c) is None:
            if not borders_soviet(g, data, c):
                add_marker(g, data, c, "influence:western", rule)
            else:
                v = die(data, rule, f"{c} borders a Soviet Country")
                add_marker(g, data, c, "influence:western" if v <= 3 else "influence:soviet",
                           rule)
        else:
            log(data, rule, f"{c} holds an Allied Influence marker: nothing changes")
    else:
        removable = [m for m in ("neutrality", "influence:western", "influence:soviet")
                     if m in ms]
        if removable:
            _remove_choice(g, data, f, c, removable, rule)
        elif influence(data, c) is None:
            add_marker(g, data, c, "influence:axis", rule)
        else:
            log(data, rule, f"{c} already holds an Axis Influence marker: nothing changes")


def _remove_choice(g: TkRules, data: Data, f: str, c: str, ms: Sequence[str],
                   rule: str) -> None:
    if len(ms) == 1:
        remove_marker(data, c, ms[0], rule)
        return
    ask(g, data, f, rule, f"Remove one marker from {c}",
        [("opt:remove_marker", f"Remove the {label(m)} marker", m) for m in ms], "remove_one",
        country=c, rule=rule)


# -- 15.16 Further Concessions ------------------------------------------------------------------

FURTHER = {
    "Baltic States": ["ru_baltic_states", "ru_northern_baltics"],
    "Finland": ["ru_finnish_frontier"],
    "Poland": ["ru_eastern_poland"],
    "Rumania": ["ru_bessarabia"],
    "Turkey": ["ru_turkish_frontier"],
}


@step("ev:15.16")
def further_concessions(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.16 Further Concessions: a Neutral Country cedes (more) land to Russia."""
    c = _country(data, ctx, "15.16")
    if c is None:
        return
    if c not in FURTHER or not is_neutral(data, c):
        no_result(data, "15.16", f"{c} is not a Neutral Baltic States, Finland, Poland, "
                  "Rumania or Turkey")
        return
    ceded = [m for m in FURTHER[c] if data["ceded"].get(m) in ("Ceded Lands Box", "Removed")]
    if not ceded:
        avail = [m for m in FURTHER[c] if data["ceded"].get(m) == "Unused"]
        if not avail:
            no_result(data, "15.16", f"no Russian Ceded Land marker for {c} is available")
            return
        if len(avail) == 1:
            _cede_to_russia(g, data, {"country": c}, avail[0])
        else:
            ask(g, data, "soviet", "15.16, 13.8.1.1", f"Which Region does {c} cede?",
                [(key("land", m), (g.c.ceded[m].land, _cede_text(g, data, c, m)), m)
                 for m in avail], "cede_to_russia", country=c)
        return
    if c in ("Finland", "Poland", "Rumania"):
        mid = FURTHER[c][0]
        data["ceded"][mid] = "Ceded Lands Box"
        data["ceded_flipped"].append(mid)
        changed(data)
        instruct(data, "15.16", f"flip {ceded_marker(g, mid)} to "
                 f"its {c} side in the Ceded Lands Box")
        for m in list(markers(data, c)):
            remove_marker(data, c, m, "15.16")
        cst(data, c)["status"] = "removed"
        log(data, "15.16, 13.8.1.1", f"{c} is removed from play for now")
        # the whole Country goes to Russia, but not its land already ceded to another
        # power (Danzig to Germany): that marker stays in the Ceded Lands Box
        held = {h for m, where in data["ceded"].items()
                if where == "Ceded Lands Box" and g.c.ceded[m].faction != "soviet"
                for h in g.c.ceded[m].hexes}
        hexes = sorted({*g.c.ceded[mid].hexes, *g.c.country[c].cities} - held)
        for h in hexes:
            data["control"][h] = "soviet"
        offer_detachment(g, data, "soviet", [h for h in hexes if g.c.hex[h].city
                                              or g.c.hex[h].port], "15.16", c)
        return
    if c == "Turkey":
        if data["ceded"].get("br_turkish_straits") == "Ceded Lands Box":
            no_result(data, "15.16", "the British Turkish Straits marker is already in the "
                      "Ceded Lands Box")
            return
        if data["ceded"].get("ru_turkish_straits") != "Unused":
            no_result(data, "15.16", "the Russian Turkish Straits marker is not available")
            return
        data["ceded"]["ru_turkish_straits"] = "Ceded Lands Box"
        changed(data)
        instruct(data, "15.16", "place the Russian Turkish Straits marker in the Ceded Lands "
                 "Box")
        call_step(data, "turkey_influence")
        offer_detachment(g, data, "soviet", ["e2508"], "15.16", "Istanbul")
        return
    no_result(data, "15.16", f"{c} has already ceded a Region to Russia")


def _cede_text(g: TkRules, data: Data, c: str, mid: str) -> str:
    """What ceding the Russian Ceded Land marker ``mid`` does to ``c`` (as
    :func:`_cede_to_russia` does it): a whole Country leaves play; a Region's cession leaves
    the Country in play, its markers changed as 15.16 says."""
    d = g.c.ceded[mid]
    if d.whole_country:
        return f"all of {c} is ceded to Russia and leaves play (13.8.1.1)"
    ms = markers(data, c)
    rem = [label(m) for m in ("neutrality", "influence:western", "influence:soviet")
           if m in ms]
    then = (f"its {' or '.join(rem)} marker is removed" if rem
            else "it gets an Axis Influence marker" if influence(data, c) is None
            else "its markers stay")
    return f"{c} stays in play (one Region ceded); {then}"


@on_choice("cede_to_russia")
def _cede_choice(g: TkRules, data: Data, ctx: Ctx, mid: str) -> None:
    _cede_to_russia(g, data, ctx, mid)


def _cede_to_russia(g: TkRules, data: Data, ctx: Ctx, mid: str) -> None:
    c = ctx["country"]
    d = g.c.ceded[mid]
    data["ceded"][mid] = "Ceded Lands Box"
    changed(data)
    instruct(data, "15.16", f"place {ceded_marker(g, mid)} in the Ceded Lands Box")
    for h in d.hexes:
        data["control"][h] = "soviet"
    if d.whole_country:
        for m in list(markers(data, c)):
            remove_marker(data, c, m, "15.16")
        cst(data, c)["status"] = "removed"
        log(data, "15.16", f"{c} is ceded whole and no longer exists")
        return
    _allied_cede_markers(g, data, c, "15.16", c)


def _allied_cede_markers(g: TkRules, data: Data, c: str, rule: str, where: str) -> None:
    ms = markers(data, c)
    rem = [m for m in ("neutrality", "influence:western", "influence:soviet") if m in ms]
    if rem:
        _remove_choice(g, data, "soviet", c, rem, rule)
    elif influence(data, c) is None:
        add_marker(g, data, c, "influence:axis", rule, where=where)


@step("turkey_influence")
def _turkey_influence(g: TkRules, data: Data, ctx: Ctx) -> None:
    _allied_cede_markers(g, data, "Turkey", "15.16", "Ankara (e2412)")


# -- 15.13 Diplomatic Success [Area] --------------------------------------------------------------

@step("ev:15.13")
def diplomatic_success(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.13 Diplomatic Success [Area]: roll on the Area's table; Influence a Neutral result."""
    area = ctx.get("area")
    if area not in g.c.area:
        no_result(data, "15.13", f"no Area Table named {area!r}")
        return
    log(data, "15.13", "Modifiers to the Area Table roll come from rules outside rule 15; "
        "none is applied here")
    roll_area(g, data, area, "15.13", "influence_if_neutral", faction=ctx["faction"],
              why="15.13")


@step("influence_if_neutral")
def _influence_if_neutral(g: TkRules, data: Data, ctx: Ctx) -> None:
    c, rule = ctx["country"], ctx["why"]
    if exists(data, c) and is_neutral(data, c):
        call_step(data, "ev:15.19", faction=ctx["faction"], country=c)
    else:
        no_result(data, rule, f"{c} is not a Neutral Country ({status(data, c)})")


# -- 15.25 Minor Country Created ----------------------------------------------------------------

def creatable(g: TkRules, data: Data) -> list[str]:
    """Conquered Countries and eligible Dependents/Regions (13.8.2) whose Cities and Allied
    Partisan Base hexes are all under Axis control."""
    out = []
    for c, st in data["countries"].items():
        d = g.c.country[c]
        conquered = (st["status"] == "conquered" and d.kind == "minor"
                     and st.get("conquered_by") == "axis")
        # a Region held by the Axis: conquered, or a German Dependent by its Ceded Land
        # marker (15.25's Ukraine example)
        region = d.new_country and held_dependent(g, data, c) == "axis"
        if not (conquered or region):
            continue
        hexes = list(d.cities)
        hexes += [data["markers"][i]["loc"] for i in range(len(data["markers"]))
                  if data["markers"][i]["type"] == "partisan_base"
                  and data["markers"][i]["loc"] in g.c.hex
                  and g.c.hex[data["markers"][i]["loc"]].country == c]
        if all(control(g, data, h) == "axis" for h in hexes):
            out.append(c)
    return sorted(out)


@step("ev:15.25")
def minor_country_created(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.25 Minor Country Created: the Axis may turn a conquered Country or an eligible
    Dependent/Region into an active Axis Minor Country."""
    cands = creatable(g, data)
    if not cands:
        no_result(data, "15.25", "no conquered Country or eligible Dependent/Region has all "
                  "its Cities and Allied Partisan Base hexes under Axis control")
        return
    ask(g, data, "axis", "15.25", "You may select a Country, Dependent or Region to become an "
        "active Axis Minor Country",
        [*[(key("country", c), c, c) for c in cands],
         ("opt:no_result", "Do nothing (No Result)", None)], "create_minor")


@on_choice("create_minor")
def _create_minor(g: TkRules, data: Data, ctx: Ctx, c: str | None) -> None:
    if c is None:
        no_result(data, "15.25", "the Axis creates no Minor Country")
        return
    d = g.c.country[c]
    st = cst(data, c)
    st["status"] = "axis"
    st["conquered_by"] = None
    changed(data)
    log(data, "15.25", f"{c} becomes an active Axis Minor Country")
    if d.kind in ("dependent", "region"):
        log(data, "15.25", f"{d.provisional_capital or 'its Provisional Capital'} becomes "
            f"{c}'s Capital")
    # the country's previously removed units; its units an Allied faction holds (in its
    # Force Pool, an Allied HQ's Holding Box: the Free Polish with the Western Allies) stay
    # that faction's (they were all made Axis: a second rules audit)
    for uid, u in data["units"].items():
        if u["nationality"] == c and u["loc"] in ("Eliminated", "Removed"):
            u["owner"] = "axis"
            u["steps"] = u.get("max_steps") or 1         # back at full strength
            move_unit(g, data, uid, "Force Pool", "15.25", to="the Axis Force Pool")
    instruct(data, "15.25", f"add {c}'s units to the Axis Force Pool (from the Allied "
             "Conquered Minor Countries Box, its N units or previously removed units)")
    for i, m in enumerate(data["markers"]):
        if (m["type"] == "partisan_base" and m["owner"] != "axis" and m["loc"] in g.c.hex
                and g.c.hex[m["loc"]].country == c):
            move_map_marker(data, i, "Interned", "15.25, 16.7")
    for cd in g.c.components.ceded_lands:
        # a German marker (15.25), not the Axis's Italian Albania (a review)
        if (cd.faction == "axis" and marker_nation(g, cd.id) == "German" and cd.land == c
                and data["ceded"][cd.id] == "Ceded Lands Box"):
            data["ceded"][cd.id] = "Removed"
            changed(data)
            instruct(data, "15.25", f"remove {ceded_marker(g, cd.id)} from the game")
    if d.colonial_unit:
        # "on the map": in a hex, or held by a multi-national unit that is (on_map)
        for uid, u in data["units"].items():
            if (u["nationality"] == "German" and u.get("colonial") and u["name"].endswith(
                    f"({d.colonial_unit})") and (on_map(g, data, u) or u["loc"] == "Force Pool"
                                                 or u["loc"].startswith("Turn Track"))):
                move_unit(g, data, uid, "Removed", "15.25")


# -- 15.26 Minor Country Politics ----------------------------------------------------------------

@step("ev:15.26")
def minor_country_politics(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.26 Minor Country Politics: the receiving faction selects an Area Table and rolls."""
    select_area_table(g, data, ctx["faction"], "15.26", "mcp_result", then=_mcp_then(data),
                      faction=ctx["faction"])


def _mcp_then(data: Data) -> str:
    """What the Country rolled for 15.26 leads to, as :func:`_mcp_result` reads it."""
    if data["war"] == "total_war":
        return ("Total War: an Active Country loses two of its steps; on a Conquered Country "
                "or Dependent an Axis ground unit there loses a step; else No Result")
    return ("on a Neutral Country the Axis may roll the Diplomatic Incident Table; on an Axis "
            "or Soviet Country that faction activates a bordering Neutral Country for the "
            "other side; on a Conquered Country or Dependent an Axis ground unit there loses a "
            "step; else No Result")


@step("mcp_result")
def _mcp_result(g: TkRules, data: Data, ctx: Ctx) -> None:
    c = ctx["country"]
    if not exists(data, c):
        no_result(data, "15.26", f"{c} does not exist any more")
        return
    st = status(data, c)
    total = data["war"] == "total_war"
    if st == "dependent" and held_dependent(g, data, c) is None:
        # "If the result yields a Minor Country or Dependent": a Region still part of its
        # Country (Catalonia in Spain, Ukraine in Russia) is neither (an outside audit: it
        # was read as an occupied Dependent, and an Axis unit there lost a step)
        parent = g.c.country[c].parent
        no_result(data, "15.26", f"{c} is a Region of {parent or 'its Country'}, neither a "
                  "Minor Country nor a Dependent")
        return
    if st in ("conquered", "dependent"):
        spec = {"owner": "axis", "ground": True, "on_map": True, "country": c}
        cands = [u for u in find_units(g, data, {"owner": "axis", "ground": True,
                                                 "on_map": True})
                 if _unit_country(g, data, u) == c]
        log(data, "15.26", f"{c} is a Conquered Country or Dependent: partisan uprisings")
        if not cands:
            log(data, "15.26", f"No Axis ground unit is within {c}: no step is lost")
            return
        del spec
        ask(g, data, "axis", "15.26", f"Eliminate one step from an Axis ground unit in {c}",
            [(key("unit", u), uname(g, data, u), u) for u in cands], "elim_one", rule="15.26")
        return
    if total:
        if st in ("axis", "western", "soviet"):
            log(data, "15.26", f"{c} is an Active Country: the war-weary Minor withdraws troops")
            eliminate_steps(g, data, st, "15.26", {"nat": c, "on_map": True}, 2, f"{c}")
        else:
            no_result(data, "15.26", f"{c} is {st} during Total War")
        return
    if st == "neutral":
        ask(g, data, "axis", "15.26", f"{c} is Neutral: treat as No Result, or roll on the "
            f"Diplomatic Incident Table (the event rolled applies to {c}, received by the "
            "Axis)",
            [("opt:no_result", "Treat as No Result", None),
             ("opt:roll_incident", ("Roll on the Diplomatic Incident Table",
                                    table_faces(g.c.tables.diplomatic_incident)), c)],
            "incident")
    elif st == "axis":
        _neighbour_war(g, data, c, "axis", "allied")
    elif st == "soviet":
        _neighbour_war(g, data, c, "soviet", "axis")
    elif st == "western":
        no_result(data, "15.26", f"{c} is an active Western Country")
    else:
        no_result(data, "15.26", f"{c} is {st}")


def _unit_country(g: TkRules, data: Data, uid: str) -> str | None:
    h = unit_hex(g, data, data["units"][uid])
    return g.c.hex[h].country if h else None


@on_choice("elim_one")
def _elim_one(g: TkRules, data: Data, ctx: Ctx, uid: str) -> None:
    eliminate_step(g, data, uid, ctx["rule"])


def _neighbour_war(g: TkRules, data: Data, c: str, f: str, side: str) -> None:
    cands = neutral_neighbours(g, data, c)
    if not cands:
        log(data, "15.26", f"No Neutral Country shares a Border with {c} or its Dependents")
        return
    ask(g, data, f, "15.26", f"{c} starts a war: select a Neutral Country bordering it to "
        + ("activate as an Allied Country (13.5 names the Allied faction)" if side == "allied"
           else "activate as an Axis Country"),
        activation_choices(g, data, cands, side), "activate_selected", side=side,
        rule="15.26", end_pac=False, mobilization=True)


@on_choice("incident")
def _incident(g: TkRules, data: Data, ctx: Ctx, c: str | None) -> None:
    if c is None:
        no_result(data, "15.26", "the Axis treats the Neutral result as No Result")
        return
    table = g.c.tables.diplomatic_incident
    value = die(data, "15.26", f"Diplomatic Incident Table for {c}", table=table.name)
    row = lookup(table, value)
    log(data, "15.26", f"Diplomatic Incident Table: {row.text or row.result}",
        table=table.name, result=row.result)
    if row.result.startswith("15."):
        call_step(data, f"ev:{row.result}", faction="axis", country=c)
    else:
        no_result(data, "15.26", "Diplomatic Incident Table")


__all__ = ["alignment", "has"]
