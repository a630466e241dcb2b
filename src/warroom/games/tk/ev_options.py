"""Menu events: 15.28 Neutrals Pressured, 15.31 Political Option, 15.37 Successful
Challenge [Country]."""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.games.tk.engine import Choice, Label, TkRules, ask, call_step, key, on_choice, step
from warroom.games.tk.ev_civilwar import cw_effect, support_faction
from warroom.games.tk.ev_countries import remove_strongholds
from warroom.games.tk.ev_crisis import adjust_truce, takes_negotiation, truce_choices
from warroom.games.tk.model import (
    ALLIED,
    FACTIONS,
    NAME,
    activate,
    activation_choices,
    add_marker,
    challenged,
    changed,
    end_policy,
    enemy_influence,
    influence_blockers,
    instruct,
    is_allied,
    is_neutral,
    is_pac,
    label,
    map_markers,
    marker_left,
    markers,
    move_map_marker,
    neutral_minors,
    no_result,
    remove_marker,
)
from warroom.games.tk.rules import may_end

Data = dict[str, Any]
Ctx = dict[str, Any]


def _offer(opts: list[Choice], withheld: dict[str, str], key: str, label: Label,
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


WIDER = ("Wider Involvement", "remove the Free Passage marker from a friendly Minor Country")


def _wider(g: TkRules, data: Data, f: str, rule: str) -> None:
    ask(g, data, f, rule, "Wider Involvement: select a friendly Minor Country with a Free "
        "Passage marker in its Capital: that marker is removed",
        [(key("country", c), (c, "its Free Passage marker is removed"), c)
         for c in _fp_minors(g, data, f)], "wider", rule=rule)


@on_choice("wider")
def _wider_choice(g: TkRules, data: Data, ctx: Ctx, c: str) -> None:
    remove_marker(data, c, "free_passage", ctx["rule"])


def _discussions(g: TkRules, data: Data, f: str) -> list[tuple[str | None, str, Any]]:
    out: list[tuple[str | None, str, Any]] = []
    # a placement the countermix cannot supply is no way to do what 15.28 says must be
    # done (it was offered, placed nothing, and the event ended as No Result: a tk audit)
    left = marker_left(g, data, f"influence:{f}")
    for c in neutral_minors(g, data):
        ms = markers(data, c)
        if left and not influence_blockers(data, c, f):
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


def _stronghold_text(data: Data, c: str) -> str:
    """What Stronghold Lost does to ``c`` (as :func:`remove_strongholds` does it): its
    Stronghold markers, and the Republican Support marker if it is there, leave the game."""
    gone = [f"{label(m)} marker" for m in markers(data, c) if m.startswith("stronghold:")]
    sup = data["republican_support"]
    if sup is not None and sup["country"] == c:
        gone.append("the Republican Support marker")
    listed = " and ".join([", ".join(gone[:-1]), gone[-1]] if len(gone) > 2 else gone)
    return f"its {listed} leave{'s' * (len(gone) == 1)} the game"


def _discussions_text(g: TkRules, data: Data, f: str) -> str:
    """What Neutrality Discussions may do now (:func:`_discussions` lists each move)."""
    moves = [v[1] for _k, _l, v in _discussions(g, data, f)]
    art = "an" if f == "axis" else "a"
    place = f"place {art} {NAME[f]} Influence marker"
    if all(m == "place" for m in moves):
        return f"{place} in a Neutral Country"
    if "place" not in moves:
        return "remove a Neutrality or enemy Influence marker from a Neutral Country"
    return (f"{art} {NAME[f]} Influence marker into a Neutral Country, or a Neutrality/enemy "
            "Influence marker out")


def _reassess_text(data: Data, box: str) -> str:
    """What Reassess Policies does in ``box`` (as :func:`end_policy` does it with a Truce):
    the Policy ends in every Posture Box holding it, each taking a Reassess Policy Truce."""
    pol = data["policies"][data["boxes"][box]["policy"]]
    boxes = [b for b in pol["boxes"] if data["boxes"][b]["policy"] == data["boxes"][box]["policy"]]
    also = [b for b in boxes if b != box]
    return (f"end the {pol['name']} Policy" + (f" (in {', '.join(also)} too)" if also else "")
            + "; a Reassess Policy Truce marker replaces it"
            + (" in each box" if also else ""))


# -- 15.28 Neutrals Pressured -----------------------------------------------------------------

@step("ev:15.28")
def neutrals_pressured(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.28 Neutrals Pressured: the receiving faction must do one of eight things."""
    f = ctx["faction"]
    opts: list[Choice] = [("opt:minor_country_politics", "Minor Country Politics: resolve "
                           "15.26 now", "mcp")]
    no: dict[str, str] = {}
    moves = _discussions(g, data, f)
    _offer(opts, no, "opt:neutrality_discussions",
           ("Neutrality Discussions", _discussions_text(g, data, f)) if moves else "", "nd",
           "" if moves else "no Neutral Country has a marker to place or remove")
    _offer(opts, no, "opt:pressure_us", "Pressure the US: the Lend-Lease marker to the Delay "
           "Box", "us", "the US is not a PAC" if not is_pac(g, data, "US") else
           "" if data["lend_lease"] == "Allied Conditional Events Box" else
           "the Lend-Lease marker is not in the Allied Conditional Events Box ("
           + ("it is not in play yet" if data["lend_lease"] == "Unused"
              else f"it is in the {data['lend_lease']}") + ")")
    _offer(opts, no, "opt:reassess_policies", ("Reassess Policies", "end a Policy in a "
           "friendly Posture Box; a Reassess Policy Truce marker replaces it"), "rp",
           "the Axis Tide is not in effect" if not data["axis_tide"] else
           "" if _reassess_boxes(data, f) else "no friendly Posture Box holds a Policy that "
           "15.28 may end")
    _offer(opts, no, "opt:stronghold_lost", ("Stronghold Lost", "the Stronghold markers of a "
           "Neutral Country (and the Republican Support marker there) leave the game"), "sl",
           "a Civil War is in progress" if data["civil_war"] is not None else
           "" if _stronghold_countries(g, data) else "no Neutral Country holds a Stronghold "
           "marker")
    fleet = _vichy_why_not(data)
    _offer(opts, no, "opt:vichy_fleet_activated", ("Vichy Fleet Activated", "the French "
           "Surface Fleet goes to the Delay Box, and from there to the Axis Force Pool"), "vfa",
           fleet)
    _offer(opts, no, "opt:vichy_fleet_attacked", ("Vichy Fleet Attacked", "the French Surface "
           "Fleet is removed from the game"), "vfx", fleet)
    _offer(opts, no, "opt:wider_involvement", WIDER, "wi",
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
        ask(g, data, f, "15.28, 13.6.1.2", "Reassess Policies: select a friendly Posture Box; "
            "its Policy ends and a Reassess Policy Truce marker replaces it",
            [(key("box", b), f"{b}: {_reassess_text(data, b)}", b)
             for b in _reassess_boxes(data, f)], "reassess")
    elif v == "sl":
        ask(g, data, f, "15.28", "Stronghold Lost: select a Neutral Country with a Stronghold "
            "marker: its Stronghold markers, and the Republican Support marker if it is there, "
            "leave the game",
            [(key("country", c), (c, _stronghold_text(data, c)), c)
             for c in _stronghold_countries(g, data)], "stronghold_lost")
    elif v == "vfa":
        _fleet(g, data, "Delay Box", "axis")
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
    # where it goes from the Delay Box is part of what to do on the map (it was in the log
    # only, and the instructions sent it back to its own Force Pool: a rules audit)
    instruct(data, "15.28", "place the French Surface Fleet unit in the Delay Box; when it is "
             "removed from the Turn Track, place it in the Axis Force Pool"
             if status == "axis" else "remove the French Surface Fleet unit from the game")


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


def _talks_boxes(data: Data, side: str, box: str | None = None, delta: int = 0) -> list[str]:
    """The ``side``'s Posture Boxes that Peace Talks give a Negotiation marker (the
    ``negotiations`` step's test: no Truce, no Policy, no Negotiation marker yet), once the
    Truce in ``box`` has moved ``delta`` levels (13.6.2.3: level 1 reduced is removed)."""
    out = []
    for name, b in sorted(data["boxes"].items()):
        truce = b["truce"]
        if name == box and truce:
            truce = truce + delta if truce + delta > 0 else 0
        if b["faction"] == side and takes_negotiation(b, True, truce):
            out.append(name)
    return out


def _negotiation_text(boxes: list[str]) -> str:
    return (f"Negotiation markers go in {', '.join(boxes)}" if len(boxes) > 1
            else f"a Negotiation marker goes in {boxes[0]}" if boxes
            else "no Posture Box takes a Negotiation marker")


def _talks_text(data: Data, side: str) -> str:
    """What Eastern (``side`` soviet) or Western Peace Talks do now: with a Truce of that
    side in play, one moves a level, then the Negotiation markers; with none, only the
    markers, said box by box."""
    if _truce_boxes(data, side):
        return (f"move a {NAME[side]} Truce one level, then Negotiation markers where no Truce "
                "or Policy is")
    return f"no {NAME[side]} Truce to change; {_negotiation_text(_talks_boxes(data, side))}"


def _aid_choices(data: Data, f: str) -> list[Choice]:
    return [("opt:civil_war_defeat", ("Civil War Defeat (15.4)", cw_effect(data, f, "15.4")),
             "15.4"),
            ("opt:civil_war_victory", ("Civil War Victory (15.5)",
                                       cw_effect(data, f, "15.5")), "15.5")]


def _failure_text(victim: str) -> str:
    """Who places the Failure marker of ``victim`` and which support unit may be delayed
    (15.14, as :func:`ev_military.failure` resolves it)."""
    if victim == "axis":
        return "an Allied faction the Axis picks places it, may delay one Axis support unit"
    return f"the Axis places it, may delay one {NAME[victim]} support unit"


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
    opts: list[Choice] = []
    no: dict[str, str] = {}
    neutrals = "" if neutral_minors(g, data) else "no Neutral Minor Country is left"
    _offer(opts, no, "opt:aid_civil_war", ("Aid to Civil War Country", "resolve Civil War "
           "Defeat (15.4) or Victory (15.5) now"), "aid",
           "" if data["civil_war"] is not None else "no Civil War is in progress")
    _offer(opts, no, "opt:declare_war", ("Declare War on a Neutral Country",
           "it becomes an Axis Country" if is_allied(f) else
           "it becomes an Allied Country of the faction 13.5 names"), "dw", neutrals)
    _offer(opts, no, "opt:eastern_peace_talks", ("Eastern Peace Talks",
           _talks_text(data, "soviet")), "ept",
           "only the Axis or the Soviet faction may" if f == "western" else
           "" if any(x["faction"] == "soviet" for x in data["boxes"].values()) else
           "no Posture Box is the Soviet faction's")
    opts.append(("opt:military_failure", ("Military Failure", "another faction suffers a "
                  "Failure (15.14) of the type you choose"), "mf"))
    _offer(opts, no, "opt:neutrals_consider", ("Neutrals Consider Options", "apply Influence "
           "(15.19) to a Neutral Country"), "nco", neutrals)
    _offer(opts, no, "opt:war_with_russia", ("War with Russia", "end a Policy in Russia's "
           "Posture Box (never the Ostland Accord)"), "wwr",
           "only the Axis or the Soviet faction may" if f == "western" else
           "" if _policy_boxes(data, ("Russia",), False) else
           "no Policy that 15.31 may end is in Russia's Posture Box")
    _offer(opts, no, "opt:war_with_west", ("War with the West", "end a Policy in Britain's or "
           "France's Posture Box"), "www",
           "only the Axis or the Western faction may" if f == "soviet" else
           "" if _policy_boxes(data, ("Britain", "France"), True) else
           "no Policy is in Britain's or France's Posture Box")
    _offer(opts, no, "opt:western_peace_talks", ("Western Peace Talks",
           _talks_text(data, "western")), "wpt",
           "only the Axis or the Western faction may" if f == "soviet" else
           "" if any(x["faction"] == "western" for x in data["boxes"].values()) else
           "no Posture Box is the Western faction's")
    _offer(opts, no, "opt:wider_involvement", WIDER, "wi",
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
        ask(g, data, f, "15.31", "Aid to Civil War Country: resolve which event now? (the "
            "Axis flips for the Nationalists; for the Republicans, the faction named on the "
            f"Republican Support marker, now {NAME[support_faction(data)]})",
            _aid_choices(data, f), "aid_cw")
    elif v == "dw":
        ask(g, data, f, "15.31", "Declare War: select a Neutral Country to activate as "
            + ("an Axis Country" if is_allied(f)
               else "an Allied Country (13.5 names the Allied faction)"),
            activation_choices(g, data, neutral_minors(g, data),
                               "axis" if is_allied(f) else "allied",
                               end_pac_policy=not is_allied(f)), "po_declare")
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
            f"Posture Box; then Negotiation markers go in the {NAME[side]} Posture Boxes "
            "without a Truce or Policy (13.6.2.3)",
            [(k, (name, _negotiation_text(_talks_boxes(data, side, val[0], val[1]))), val)
             for b in boxes for k, name, val in truce_choices(data, b)], "peace")
    elif v == "mf":
        ask(g, data, f, "15.31", "Military Failure: the faction and the type of Failure "
            "(15.14)",
            [(None, (f"{NAME[x]} suffers Failure ({t.title()})", _failure_text(x)), [x, t])
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
    named = challenged(ctx)
    if not is_allied(f):
        no_result(data, "15.37", "only an Allied faction applies Successful Challenge")
        return
    no: dict[str, str] = {}
    opts: list[Choice] = []
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
                        "Next Support Segment", "15.37", to="its next Support Segment")
    elif v == "dw":
        ask(g, data, f, "15.37", "Declare War: select a Neutral Country to activate as an Axis "
            "Country", activation_choices(g, data, neutral_minors(g, data), "axis"),
            "po_declare")
    else:
        ask(g, data, f, "15.37, 13.6.1.2", f"End a Policy in {ctx['named']}'s Posture Box",
            [(key("policy", p), f"{data['policies'][p]['name']} "
              f"({', '.join(data['policies'][p]['boxes'])})",
              p) for p in ctx["pols"]], "challenge_policy")


@on_choice("challenge_policy")
def _challenge_policy(g: TkRules, data: Data, ctx: Ctx, pid: str) -> None:
    end_policy(g, data, pid, "15.37")


__all__ = ["ALLIED"]
