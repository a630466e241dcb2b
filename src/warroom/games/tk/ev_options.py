"""Menu events: 15.28 Neutrals Pressured, 15.31 Political Option, 15.37 Successful
Challenge [Country]."""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.games.tk.engine import TkRules, ask, call_step, key, on_choice, step
from warroom.games.tk.ev_countries import remove_strongholds
from warroom.games.tk.ev_crisis import adjust_truce, truce_choices
from warroom.games.tk.model import (
    ALLIED,
    FACTIONS,
    NAME,
    activate,
    add_marker,
    changed,
    end_policy,
    enemy_influence,
    influence_blockers,
    instruct,
    is_allied,
    is_neutral,
    is_pac,
    map_markers,
    markers,
    move_map_marker,
    neutral_minors,
    no_result,
    remove_marker,
)
from warroom.games.tk.rules import may_end

Data = dict[str, Any]
Ctx = dict[str, Any]


def _offer(opts: list[tuple[str, str, Any]], withheld: dict[str, str], key: str, label: str,
           value: Any, why_not: str) -> None:
    """A menu option: offered (``why_not`` empty) or withheld, with the reason ``why``
    gives for it (the condition of the rule it fails)."""
    if why_not:
        withheld[key] = why_not
    else:
        opts.append((key, label, value))


def _vichy_why_not(data: Data) -> str:
    if not is_neutral(data, "Vichy"):
        return "Vichy is not a Neutral Country"
    if data["french_fleet"] != "in_play":
        return "the French Surface Fleet is not in play"
    return ""


def _fp_minors(g: TkRules, data: Data, f: str) -> list[str]:
    return sorted(c for c, st in data["countries"].items()
                  if st["status"] == f and "free_passage" in st["markers"])


def _wider(g: TkRules, data: Data, f: str, rule: str) -> None:
    ask(g, data, f, rule, "Wider Involvement: select a friendly Minor Country with a Free "
        "Passage marker", [(key("country", c), c, c) for c in _fp_minors(g, data, f)], "wider",
        rule=rule)


@on_choice("wider")
def _wider_choice(g: TkRules, data: Data, ctx: Ctx, c: str) -> None:
    remove_marker(data, c, "free_passage", ctx["rule"])


def _discussions(g: TkRules, data: Data, f: str) -> list[tuple[str | None, str, Any]]:
    out: list[tuple[str | None, str, Any]] = []
    for c in neutral_minors(g, data):
        ms = markers(data, c)
        if not influence_blockers(data, c, f):
            # 15.19's condition (games/tk/rules.py; it placed one beside a Neutrality
            # marker, after which 15.19 offered to activate the country: a tk audit)
            art = "an" if f == "axis" else "a"
            out.append((None, f"Place {art} {NAME[f]} Influence marker in {c}", [c, "place"]))
        for m in ["neutrality", *enemy_influence(data, c, f)]:
            if m in ms:
                out.append((None, f"Remove the {m.replace('influence:', '').title()} "
                            f"{'Influence ' if m != 'neutrality' else ''}marker from {c}",
                            [c, m]))
    return out


def _reassess_boxes(data: Data, f: str) -> list[str]:
    """Friendly Posture Boxes holding a Policy that 15.28 may end (never Isolationism or the
    Ostland Accord, whatever a situation file says)."""
    return sorted(b for b, x in data["boxes"].items() if x["faction"] == f and x["policy"]
                  and may_end(data["policies"][x["policy"]], "15.28"))


def _stronghold_countries(g: TkRules, data: Data) -> list[str]:
    return [c for c in neutral_minors(g, data)
            if any(m.startswith("stronghold:") for m in markers(data, c))]


# -- 15.28 Neutrals Pressured -----------------------------------------------------------------

@step("ev:15.28")
def neutrals_pressured(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.28 Neutrals Pressured: the receiving faction must do one of eight things."""
    f = ctx["faction"]
    opts: list[tuple[str, str, Any]] = [("opt:minor_country_politics", "Minor Country "
                                         "Politics: resolve 15.26 now", "mcp")]
    no: dict[str, str] = {}
    _offer(opts, no, "opt:neutrality_discussions", "Neutrality Discussions", "nd",
           "" if _discussions(g, data, f) else "no Neutral Country has a marker to place or "
           "remove")
    _offer(opts, no, "opt:pressure_us", "Pressure the US: the Lend-Lease marker to the Delay "
           "Box", "us", "the US is not a PAC" if not is_pac(g, data, "US") else
           "" if data["lend_lease"] == "Allied Conditional Events Box" else
           "the Lend-Lease marker is not in the Allied Conditional Events Box ("
           + ("it is not in play yet" if data["lend_lease"] == "Unused"
              else f"it is in the {data['lend_lease']}") + ")")
    _offer(opts, no, "opt:reassess_policies", "Reassess Policies", "rp",
           "the Axis Tide is not in effect" if not data["axis_tide"] else
           "" if _reassess_boxes(data, f) else "no friendly Posture Box holds a Policy that "
           "15.28 may end")
    _offer(opts, no, "opt:stronghold_lost", "Stronghold Lost", "sl",
           "a Civil War is in progress" if data["civil_war"] is not None else
           "" if _stronghold_countries(g, data) else "no Neutral Country holds a Stronghold "
           "marker")
    fleet = _vichy_why_not(data)
    _offer(opts, no, "opt:vichy_fleet_activated", "Vichy Fleet Activated", "vfa", fleet)
    _offer(opts, no, "opt:vichy_fleet_attacked", "Vichy Fleet Attacked", "vfx", fleet)
    _offer(opts, no, "opt:wider_involvement", "Wider Involvement", "wi",
           "" if _fp_minors(g, data, f) else "no friendly Minor Country holds a Free Passage "
           "marker")
    ask(g, data, f, "15.28", "Neutrals Pressured: do one of the following", opts, "pressured",
        withheld=no)


@on_choice("pressured")
def _pressured(g: TkRules, data: Data, ctx: Ctx, v: str) -> None:
    f = data["last_role"]
    if v == "mcp":
        log(data, "15.28", "Neutrals Pressured becomes Minor Country Politics (15.26)")
        call_step(data, "ev:15.26", faction=f)
    elif v == "nd":
        ask(g, data, f, "15.28", "Neutrality Discussions: choose", _discussions(g, data, f),
            "discussions")
    elif v == "us":
        data["lend_lease"] = "Delay Box"
        changed(data)
        instruct(data, "15.28", "place the Lend-Lease marker in the Delay Box")
    elif v == "rp":
        ask(g, data, f, "15.28, 13.6.1.2", "Reassess Policies: select a friendly Posture Box",
            [(key("box", b), f"{b}: end the "
              f"{data['policies'][data['boxes'][b]['policy']]['name']} "
              "Policy", b) for b in _reassess_boxes(data, f)], "reassess")
    elif v == "sl":
        ask(g, data, f, "15.28", "Stronghold Lost: select a Neutral Country with a Stronghold",
            [(key("country", c), c, c) for c in _stronghold_countries(g, data)], "stronghold_lost")
    elif v == "vfa":
        _fleet(g, data, "Delay Box", "axis")
        log(data, "15.28", "When the French Surface Fleet leaves the Turn Track it goes to the "
            "Axis Force Pool")
    elif v == "vfx":
        _fleet(g, data, "Removed", "removed")
    else:
        _wider(g, data, f, "15.28")


def _fleet(g: TkRules, data: Data, dest: str, status: str) -> None:
    data["french_fleet"] = status
    changed(data)
    for u in data["units"].values():
        if u["name"] == "French Surface Fleet":
            u["loc"] = dest
            if status == "axis":
                u["owner_on_return"] = "axis"
    instruct(data, "15.28", f"place the French Surface Fleet unit in the {dest}"
             if dest != "Removed" else "remove the French Surface Fleet unit from the game")


@on_choice("discussions")
def _discussion(g: TkRules, data: Data, ctx: Ctx, v: list[str]) -> None:
    c, what = v
    f = data["last_role"]
    if what == "place":
        add_marker(g, data, c, f"influence:{f}", "15.28")
    else:
        remove_marker(data, c, what, "15.28")


@on_choice("reassess")
def _reassess(g: TkRules, data: Data, ctx: Ctx, box: str) -> None:
    end_policy(g, data, data["boxes"][box]["policy"], "15.28", truce_name="Reassess Policy")


@on_choice("stronghold_lost")
def _stronghold_lost(g: TkRules, data: Data, ctx: Ctx, c: str) -> None:
    remove_strongholds(data, c, "15.28")


# -- 15.31 Political Option -------------------------------------------------------------------

def _truce_boxes(data: Data, f: str) -> list[str]:
    return sorted(b for b, x in data["boxes"].items() if x["faction"] == f and x["truce"])


def _policy_boxes(data: Data, majors: tuple[str, ...], ostland_ok: bool) -> list[str]:
    out = []
    for b, x in data["boxes"].items():
        if x["major"] in majors and x["policy"]:
            pol = data["policies"][x["policy"]]
            if not ostland_ok and not may_end(pol, "15.31"):
                continue
            out.append(b)
    return sorted(out)


@step("ev:15.31")
def political_option(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.31 Political Option: the receiving faction may do one of nine things."""
    f = ctx["faction"]
    opts: list[tuple[str, str, Any]] = []
    no: dict[str, str] = {}
    neutrals = "" if neutral_minors(g, data) else "no Neutral Minor Country is left"
    _offer(opts, no, "opt:aid_civil_war", "Aid to Civil War Country", "aid",
           "" if data["civil_war"] is not None else "no Civil War is in progress")
    _offer(opts, no, "opt:declare_war", "Declare War on a Neutral Country", "dw", neutrals)
    _offer(opts, no, "opt:eastern_peace_talks", "Eastern Peace Talks", "ept",
           "only the Axis or the Soviet faction may" if f == "western" else
           "" if any(x["faction"] == "soviet" for x in data["boxes"].values()) else
           "no Posture Box is the Soviet faction's")
    opts.append(("opt:military_failure", "Military Failure", "mf"))
    _offer(opts, no, "opt:neutrals_consider", "Neutrals Consider Options", "nco", neutrals)
    _offer(opts, no, "opt:war_with_russia", "War with Russia", "wwr",
           "only the Axis or the Soviet faction may" if f == "western" else
           "" if _policy_boxes(data, ("Russia",), False) else
           "no Policy that 15.31 may end is in Russia's Posture Box")
    _offer(opts, no, "opt:war_with_west", "War with the West", "www",
           "only the Axis or the Western faction may" if f == "soviet" else
           "" if _policy_boxes(data, ("Britain", "France"), True) else
           "no Policy is in Britain's or France's Posture Box")
    _offer(opts, no, "opt:western_peace_talks", "Western Peace Talks", "wpt",
           "only the Axis or the Western faction may" if f == "soviet" else
           "" if any(x["faction"] == "western" for x in data["boxes"].values()) else
           "no Posture Box is the Western faction's")
    _offer(opts, no, "opt:wider_involvement", "Wider Involvement", "wi",
           "" if _fp_minors(g, data, f) else "no friendly Minor Country holds a Free Passage "
           "marker")
    ask(g, data, f, "15.31", "Political Option: you may do one of the following",
        [*opts, ("opt:no_result", "Do nothing", None)], "political_option", withheld=no)


@on_choice("political_option")
def _political_option(g: TkRules, data: Data, ctx: Ctx, v: str | None) -> None:
    f = data["last_role"]
    if v is None:
        no_result(data, "15.31", "nothing is done")
    elif v == "aid":
        ask(g, data, f, "15.31", "Aid to Civil War Country: resolve which event now?",
            [("opt:civil_war_defeat", "Civil War Defeat (15.4)", "15.4"),
             ("opt:civil_war_victory", "Civil War Victory (15.5)", "15.5")], "aid_cw")
    elif v == "dw":
        ask(g, data, f, "15.31", "Declare War: select a Neutral Country",
            [(key("country", c), c, c) for c in neutral_minors(g, data)], "po_declare")
    elif v in ("ept", "wpt"):
        side = "soviet" if v == "ept" else "western"
        call_step(data, "negotiations", boxes=sorted(b for b, x in data["boxes"].items()
                                                if x["faction"] == side),
             rule="15.31, 13.6.2.3", need_no_policy=True)
        boxes = _truce_boxes(data, side)
        if not boxes:
            log(data, "15.31", f"No {NAME[side]} Posture Box holds a Truce marker")
            return
        ask(g, data, f, "15.31", f"Increase or reduce a Truce marker in one {NAME[side]} "
            "Posture Box", [c for b in boxes for c in truce_choices(data, b)], "peace")
    elif v == "mf":
        ask(g, data, f, "15.31", "Military Failure: the faction and the type of Failure",
            [(None, f"{NAME[x]} suffers Failure ({t.title()})", [x, t])
             for x in FACTIONS if x != f for t in ("command", "supply")], "po_failure")
    elif v == "nco":
        ask(g, data, f, "15.31", "Neutrals Consider Options: select a Neutral Country for "
            "Influence (15.19)", [(key("country", c), c, c) for c in neutral_minors(g, data)],
            "po_influence")
    elif v == "wwr":
        _ask_policy(g, data, f, _policy_boxes(data, ("Russia",), False))
    elif v == "www":
        _ask_policy(g, data, f, _policy_boxes(data, ("Britain", "France"), True))
    else:
        _wider(g, data, f, "15.31")


def _ask_policy(g: TkRules, data: Data, f: str, boxes: list[str]) -> None:
    pols = sorted({data["boxes"][b]["policy"] for b in boxes})
    ask(g, data, f, "15.31, 13.6.1.2", "Select a Policy marker to end",
        [(key("policy", p), f"{data['policies'][p]['name']} "
          f"({', '.join(data['policies'][p]['boxes'])})",
          p) for p in pols], "po_end_policy")


@on_choice("po_end_policy")
def _po_end(g: TkRules, data: Data, ctx: Ctx, pid: str) -> None:
    end_policy(g, data, pid, "15.31")


@on_choice("aid_cw")
def _aid_cw(g: TkRules, data: Data, ctx: Ctx, ev: str) -> None:
    call_step(data, f"ev:{ev}", faction=data["last_role"])


@on_choice("po_declare")
def _po_declare(g: TkRules, data: Data, ctx: Ctx, c: str) -> None:
    f = data["last_role"]
    if is_allied(f):
        activate(g, data, c, "axis", "15.31")
    else:
        activate(g, data, c, "allied", "15.31", end_pac_policy=True)


@on_choice("peace")
def _peace(g: TkRules, data: Data, ctx: Ctx, v: list[Any]) -> None:
    adjust_truce(data, v[0], v[1], "15.31")


@on_choice("po_failure")
def _po_failure(g: TkRules, data: Data, ctx: Ctx, v: list[str]) -> None:
    call_step(data, "ev:15.14", faction=data["last_role"], victim=v[0], type=v[1])


@on_choice("po_influence")
def _po_influence(g: TkRules, data: Data, ctx: Ctx, c: str) -> None:
    call_step(data, "ev:15.19", faction=data["last_role"], country=c)


# -- 15.37 Successful Challenge [Country] ---------------------------------------------------------

@step("ev:15.37")
def successful_challenge(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.37 Successful Challenge [Country]: the Allied faction may do one of three things."""
    f = ctx["faction"]
    named = ctx.get("challenge") or ("Russia" if f == "soviet" else "Britain")
    if not is_allied(f):
        no_result(data, "15.37", "only an Allied faction applies Successful Challenge")
        return
    opts: list[tuple[str, str, Any]] = []
    no: dict[str, str] = {}
    _offer(opts, no, "opt:blitz", "Attack!: place a Blitz marker in your next Support Segment",
           "blitz", "" if map_markers(data, "blitz", f, "Unused") else "no Blitz marker of "
           "yours is unused")
    _offer(opts, no, "opt:declare_war", "Declare War: activate a Neutral Country as an Axis "
           "Country", "dw", "" if neutral_minors(g, data) else "no Neutral Minor Country is "
           "left")
    pols = sorted({x["policy"] for x in data["boxes"].values() if x["major"] == named
                   and x["policy"] and may_end(data["policies"][x["policy"]], "15.37")})
    _offer(opts, no, "opt:end_policy", f"End a Policy in {named}'s Posture Box", "ep",
           "" if pols else f"no Policy that 15.37 may end is in {named}'s Posture Box")
    if not opts:
        no_result(data, "15.37", "no option is possible")
        return
    ask(g, data, f, "15.37", f"Successful Challenge ({named}): you may do one of the following",
        [*opts, ("opt:no_result", "Do nothing", None)], "challenge", named=named, pols=pols,
        withheld=no)


@on_choice("challenge")
def _challenge(g: TkRules, data: Data, ctx: Ctx, v: str | None) -> None:
    f = data["last_role"]
    if v is None:
        no_result(data, "15.37", "nothing is done")
    elif v == "blitz":
        move_map_marker(data, map_markers(data, "blitz", f, "Unused")[0],
                        "Next Support Segment", "15.37")
    elif v == "dw":
        ask(g, data, f, "15.37", "Declare War: select a Neutral Country to activate as an Axis "
            "Country", [(key("country", c), c, c) for c in neutral_minors(g, data)], "po_declare")
    else:
        ask(g, data, f, "15.37, 13.6.1.2", f"End a Policy in {ctx['named']}'s Posture Box",
            [(key("policy", p), f"{data['policies'][p]['name']} "
              f"({', '.join(data['policies'][p]['boxes'])})",
              p) for p in ctx["pols"]], "challenge_policy")


@on_choice("challenge_policy")
def _challenge_policy(g: TkRules, data: Data, ctx: Ctx, pid: str) -> None:
    end_policy(g, data, pid, "15.37")


__all__ = ["ALLIED"]
