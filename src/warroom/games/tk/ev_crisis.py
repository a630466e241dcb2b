"""Events of a Minor Country resisting a demand: 15.7 Country Resists and the International
Crisis Table, 15.12 Diplomatic Settlement, 15.17 Gradual Decline, 15.22 Military Defeat,
15.23 Military Takeover, 15.24 Military Victory."""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.games.tk.engine import TkRules, ask, call_step, key, on_choice, step
from warroom.games.tk.ev_countries import land_for
from warroom.games.tk.model import (
    NAME,
    activate,
    alignment,
    armor_or_infantry,
    ceded_marker,
    changed,
    die,
    end_country_policy,
    exists,
    find_units,
    instruct,
    is_neutral,
    is_pac,
    lookup,
    map_markers,
    move_map_marker,
    move_unit,
    neutral_neighbours,
    no_result,
    posture,
    set_war,
    status,
    war_stays,
)

Data = dict[str, Any]
Ctx = dict[str, Any]
NAT = {"western": ("Britain", "British"), "soviet": ("Russia", "Russian")}


# -- 15.7 Country Resists ------------------------------------------------------------------------

@step("ev:15.7")
def country_resists(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.7 Country Resists: the Minor Country resists the demand."""
    f, c = ctx["faction"], ctx.get("country")
    if c is None or not exists(data, c):
        no_result(data, "15.7", f"{c or 'the Country'} does not exist")
        return
    if not is_neutral(data, c):
        no_result(data, "15.7", f"{c} is not a Neutral Minor Country")
        return
    land = ctx.get("land") or land_for(g, data, f, c)
    if f == "axis":
        if data["war"] == "pre_war":
            a = alignment(g, data, c)
            p = posture(g, data, c)
            log(data, "15.7, 13.5, 13.6", f"Pre-War: {c}'s alignment is {NAME[a]}, its "
                f"Posture is {p}")
            if p in ("Locarno", "Cordon"):
                crisis(g, data, c, p, land)
                return
            call_step(data, "country_activated", faction=f, country=c, land=land)
            pac = is_pac(g, data, c)
            if activate(g, data, c, "allied", "15.7") and pac:
                end_country_policy(g, data, c, "15.7")
            set_war(data, "limited_war", "15.7, 12.2")
            return
        call_step(data, "country_activated", faction=f, country=c, land=land)
        activate(g, data, c, "allied", "15.7", end_pac_policy=True)
        return
    major, nat = NAT[f]
    if is_pac(g, data, major):
        log(data, "15.7", f"{major} is a PAC ({posture(g, data, major)}): the {NAME[f]} "
            f"faction loses one {nat} armor step or two {nat} infantry steps")
        armor_or_infantry(g, data, f, "15.7", nat)
        return
    log(data, "15.7", f"{major} is not a PAC: the Axis activates {c} as an Axis Country")
    call_step(data, "country_activated", faction=f, country=c, land=land)
    activate(g, data, c, "axis", "15.7")


@step("country_activated")
def _country_activated(g: TkRules, data: Data, ctx: Ctx) -> None:
    f, c, land = ctx["faction"], ctx["country"], ctx.get("land")
    if is_neutral(data, c) or not exists(data, c):
        return
    log(data, "15.7, 13.7.1", f"Country Activated: {c} (see 13.7.1)")
    if land and data["ceded"].get(land) == "Unused" and g.c.ceded[land].faction == f:
        data["ceded"][land] = "Force Pool"
        changed(data)
        instruct(data, "15.7", f"place {ceded_marker(g, land)} in the Force Pool")
    else:
        log(data, "15.7", f"the {NAME[f]} faction has no Ceded Land marker for the demanded "
            "land to take")
    if map_markers(data, "blitz", f, "Unused"):
        ask(g, data, f, "15.7", "You may place a Blitz marker in your Support Segment of the "
            "current turn", [("opt:blitz", "Place a Blitz marker", "Support Segment"),
                             ("opt:no_result", "Do not place one", None)], "blitz", rule="15.7")
    else:
        log(data, "15.7", f"No {NAME[f]} Blitz marker is left in the countermix")


@on_choice("blitz")
def _blitz(g: TkRules, data: Data, ctx: Ctx, where: str | None) -> None:
    if where is None:
        return
    f = data["last_role"]
    # 15.7: "in its Support Segment of the current turn" (15.37's goes in the next one:
    # the instructions told them apart by a capital letter: a second rules audit)
    move_map_marker(data, map_markers(data, "blitz", f, "Unused")[0], where, ctx["rule"],
                    to=f"its {where} of the current turn")


def crisis(g: TkRules, data: Data, c: str, p: str, land: str | None) -> None:
    """The Axis rolls on the International Crisis Table (reconstructed) for ``c``."""
    table = g.c.tables.international_crisis
    drm = table.drm.get(p, 0)
    value = die(data, "15.7", f"International Crisis Table for {c} ({p})", drm,
                f"{c}'s Posture is {p}", table=table.name)
    row = lookup(table, value)
    log(data, "15.7", f"International Crisis Table: {row.text or row.result}",
        table=table.name, result=row.result)
    if row.result == "war":
        call_step(data, "country_activated", faction="axis", country=c, land=land)
        activate(g, data, c, "allied", "15.7")
        set_war(data, "limited_war", "15.7, 12.2")
        return
    # the land demanded goes on to the event (it was dropped, the event then taking the
    # Country's first marker: a pack with two for one Country ceded the other, a tk audit)
    call_step(data, f"ev:{row.result}", faction="axis", country=c, land=land)


# -- 15.12 Diplomatic Settlement -----------------------------------------------------------------

@step("ev:15.12")
def diplomatic_settlement(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.12 Diplomatic Settlement: the aligned Allied faction applies Influence to a bordering
    Neutral Country, then the Axis performs Ceded Land on the resisting Minor Country."""
    c = ctx.get("country")
    if c is None or c not in data["countries"]:
        no_result(data, "15.12", "no resisting Minor Country")
        return
    if not exists(data, c):     # as 15.17 Gradual Decline: no Influence, no Ceded Land
        no_result(data, "15.12", f"{c} does not exist")
        return
    a = alignment(g, data, c)
    call_step(data, "ev:15.3", faction="axis", country=c,
              land=ctx.get("land") or land_for(g, data, "axis", c))
    cands = neutral_neighbours(g, data, c)
    if not cands:
        log(data, "15.12", f"No Neutral Country borders {c}: the {NAME[a]} faction applies no "
            "Influence")
        return
    ask(g, data, a, "15.12", f"Apply Influence (15.19) to a Neutral Country bordering {c}",
        [(key("country", x), x, x) for x in cands], "influence_on", faction=a)


@on_choice("influence_on")
def _influence_on(g: TkRules, data: Data, ctx: Ctx, c: str) -> None:
    call_step(data, "ev:15.19", faction=ctx["faction"], country=c)


# -- 15.17 Gradual Decline ------------------------------------------------------------------------

@step("ev:15.17")
def gradual_decline(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.17 Gradual Decline (Munich): Influence a neighbour, delay the Ceded Land marker,
    activate the resisting Minor as Allied without Mobilization Roll; Pre-War remains."""
    c = ctx.get("country")
    if c is None or not exists(data, c):
        no_result(data, "15.17", f"{c or 'the Country'} does not exist")
        return
    call_step(data, "decline_3", country=c)
    call_step(data, "decline_2", country=c, land=ctx.get("land"))
    cands = neutral_neighbours(g, data, c)
    if not cands:
        log(data, "15.17", f"Step 1: no Neutral Country borders {c}")
        return
    ask(g, data, "axis", "15.17", f"Step 1: apply Influence (15.19) to a Neutral Country "
        f"bordering {c}", [(key("country", x), x, x) for x in cands], "influence_on",
        faction="axis")


@step("decline_2")
def _decline_2(g: TkRules, data: Data, ctx: Ctx) -> None:
    c = ctx["country"]
    land = ctx.get("land") or land_for(g, data, "axis", c)
    if land is None or data["ceded"][land] not in ("Unused", "Force Pool"):
        log(data, "15.17", f"Step 2: no Axis Ceded Land marker for {c} is available")
        return
    data["ceded"][land] = "Delay Box"
    changed(data)
    instruct(data, "15.17", f"Step 2: place {ceded_marker(g, land)} in the Delay Box (see "
             "14.7)")


@step("decline_3")
def _decline_3(g: TkRules, data: Data, ctx: Ctx) -> None:
    c = ctx["country"]
    activate(g, data, c, "allied", "15.17", mobilization=False)
    log(data, "15.17", f"Step 3: {c}'s Policy does not end; {war_stays(data)}")


# -- 15.22 Military Defeat, 15.24 Military Victory --------------------------------------------

@step("ev:15.22")
def military_defeat(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.22 Military Defeat: German step losses, then the Axis Outbreak of War units."""
    call_step(data, "outbreak", factions=["axis"], rule="15.22")
    armor_or_infantry(g, data, "axis", "15.22", "German")


@step("ev:15.24")
def military_victory(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.24 Military Victory: German step losses, Ceded Land (15.3), every faction's
    Outbreak of War units."""
    c = ctx.get("country")
    call_step(data, "outbreak", factions=["axis", "western", "soviet"], rule="15.24")
    call_step(data, "ev:15.3", faction="axis", country=c,
         land=ctx.get("land") or land_for(g, data, "axis", c))
    armor_or_infantry(g, data, "axis", "15.24", "German")


@step("outbreak")
def _outbreak(g: TkRules, data: Data, ctx: Ctx) -> None:
    rule = ctx["rule"]
    for f in ctx["factions"]:
        ids = [u for u in find_units(g, data, {"owner": f, "locs": ["Conditional Event Box"]})
               if data["units"][u].get("outbreak")]
        if not ids:
            log(data, rule, f"The {NAME[f]} faction has no Outbreak of War unit in its "
                "Conditional Event Box")
        for uid in ids:
            move_unit(g, data, uid, "Delay Box", rule)
    log(data, rule, war_stays(data))


# -- 15.23 Military Takeover ---------------------------------------------------------------------

@step("ev:15.23")
def military_takeover(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.23 Military Takeover: No Retreat, the Military Takeover marker, Truce changes and
    Negotiation markers."""
    if data["vp_marker"] == "ss_europa":
        data["vp_marker"] = "no_retreat"
        changed(data)
        instruct(data, "15.23", "replace the SS Europa marker on the VP Track with the No "
                 "Retreat marker")
    if data["military_takeover"]:
        log(data, "15.23", "The Military Takeover marker is already in the Strategic Warfare Box")
    else:
        data["military_takeover"] = True
        changed(data)
        instruct(data, "15.23", "place the Military Takeover marker in the Strategic Warfare Box")
    call_step(data, "negotiations", boxes=sorted(data["boxes"]), rule="15.23", need_no_policy=False)
    truce_boxes = sorted(b for b, x in data["boxes"].items() if x["truce"])
    truce_round(g, data, "axis", truce_boxes, "15.23")


def truce_choices(data: Data, box: str) -> list[tuple[str, str, Any]]:
    lvl = data["boxes"][box]["truce"]
    out: list[tuple[str, str, Any]] = []
    if lvl < 3:
        out.append(("opt:increase", f"Increase the Truce in {box} to level {lvl + 1}",
                    [box, 1]))
    out.append(("opt:reduce", f"Reduce the Truce in {box} to "
                + (f"level {lvl - 1}" if lvl > 1 else "nothing (remove it)"), [box, -1]))
    return out


def truce_round(g: TkRules, data: Data, f: str, boxes: list[str], rule: str) -> None:
    if not boxes:
        return
    box = boxes[0]
    ask(g, data, f, rule, f"The Truce marker in the {box} Posture Box: increase, reduce or "
        "leave it (13.6.2.3)",
        [*truce_choices(data, box), ("opt:leave", "Leave it", [box, 0])], "truce_round",
        rest=boxes[1:], rule=rule)


@on_choice("truce_round")
def _truce_round(g: TkRules, data: Data, ctx: Ctx, value: list[Any]) -> None:
    adjust_truce(data, value[0], value[1], ctx["rule"])
    truce_round(g, data, data["last_role"], ctx["rest"], ctx["rule"])


def adjust_truce(data: Data, box: str, delta: int, rule: str) -> None:
    """13.6.2.3 (modelled): Truce levels 1-3; reducing level 1 removes the marker."""
    if delta == 0:
        return
    b = data["boxes"][box]
    new = b["truce"] + delta
    changed(data)
    if new <= 0:
        b["truce"] = None
        b["truce_name"] = None
        instruct(data, f"{rule}, 13.6.2.3", f"remove the Truce marker from the {box} Posture Box")
    else:
        b["truce"] = min(3, new)
        instruct(data, f"{rule}, 13.6.2.3", f"set the Truce marker in the {box} Posture Box to "
                 f"level {b['truce']}")


def takes_negotiation(box: dict[str, Any], need_no_policy: bool,
                      truce: Any = None) -> bool:
    """Whether the Posture Box ``box`` gets a Negotiation marker (13.6.2.3): no Truce (its
    own, or ``truce`` where given: a level it is about to have), no Policy where
    ``need_no_policy`` (15.31's Peace Talks), no Negotiation marker yet."""
    truce = box["truce"] if truce is None else truce
    return not (truce or (need_no_policy and box["policy"]) or box["negotiation"])


@step("negotiations")
def _negotiations(g: TkRules, data: Data, ctx: Ctx) -> None:
    for name in ctx["boxes"]:
        b = data["boxes"][name]
        if not takes_negotiation(b, ctx["need_no_policy"]):
            continue
        b["negotiation"] = True
        changed(data)
        instruct(data, ctx["rule"], f"place a Negotiation marker in the {name} Posture Box")


__all__ = ["status"]
