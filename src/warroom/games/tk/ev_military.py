"""Military and production events: 15.8 Coup Attempt, 15.11 Delay Reduction, 15.14 Failure,
15.20 Mandated Offensive, 15.21 Military Aid, 15.30 Pacific Commitment (TK and AE),
15.32 Production Success, 15.33 Project Success: A-bomb, 15.36 Special Weapons Success,
15.38 Successful Improvements, 15.40 Volkssturm."""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.games.tk.engine import TkRules, ask, call_step, key, on_choice, step
from warroom.games.tk.ev_civilwar import replacement, replacement_candidates
from warroom.games.tk.model import (
    ALLIED,
    NAME,
    changed,
    die,
    eliminate_step,
    eliminate_unit_to,
    find_units,
    hex_label,
    instruct,
    is_allied,
    is_neutral,
    is_tac,
    map_markers,
    move_map_marker,
    move_unit,
    no_result,
    status,
    uname,
    unit_hex,
)

Data = dict[str, Any]
Ctx = dict[str, Any]
NAT_COUNTRY = {"British": "Britain", "French": "France", "German": "Germany",
               "Italian": "Italy", "Russian": "Russia", "US": "US"}


# -- 15.8 Coup Attempt ----------------------------------------------------------------------------

def _coup_options(g: TkRules, data: Data, f: str, done: list[str],
                  missing: list[str] | None = None) -> list[Any]:
    """15.8's actions ``f`` can still take; ``missing`` (filled here) says of each one not
    done that cannot be taken why not (a step offered one button of three, saying nothing of
    the others: a browser audit)."""
    opts: list[tuple[str, str, Any]] = []
    no = missing if missing is not None else []
    if "support" not in done:
        if find_units(g, data, {"owner": f, "types": ["support"], "locs": ["Force Pool"]}):
            opts.append(("opt:support_unit_delay", "Place a friendly support unit from the "
                         "Force Pool in the Delay Box", "support"))
        else:
            no.append("a support unit to the Delay Box (none in the Force Pool)")
    if "steps" not in done:
        if find_units(g, data, {"owner": f, "ground": True, "on_map": True,
                                "not_holding": True}):
            opts.append(("opt:eliminate_two", "Eliminate two friendly steps (armor-type if "
                         "possible)", "steps"))
        else:
            no.append("two steps (no friendly step on the map)")
    if "hq" not in done:
        if find_units(g, data, {"owner": f, "types": ["hq"], "on_map": True}):
            opts.append(("opt:hq_delay", "Place a friendly HQ unit from the map in the Delay "
                         "Box", "hq"))
        else:
            no.append("an HQ to the Delay Box (no friendly HQ on the map)")
    return opts


@step("ev:15.8")
def coup_attempt(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.8 Coup Attempt: two different actions of three."""
    _coup_next(g, data, ctx["faction"], [])


def _coup_next(g: TkRules, data: Data, f: str, done: list[str]) -> None:
    if len(done) >= 2:
        return
    missing: list[str] = []
    opts = _coup_options(g, data, f, done, missing)
    if not opts:
        log(data, "15.8", f"No further action is possible ({len(done)} of 2 done)")
        return
    ask(g, data, f, "15.8", f"Coup Attempt: select action {len(done) + 1} of 2 (each once"
        + (f"; not possible now: {'; '.join(missing)}" if missing else "") + ")",
        opts, "coup", done=done)


@on_choice("coup")
def _coup(g: TkRules, data: Data, ctx: Ctx, v: str) -> None:
    f = data["last_role"]
    done = [*ctx["done"], v]
    call_step(data, "coup_next", faction=f, done=done)
    if v == "support":
        _ask_units(g, data, f, "15.8", find_units(g, data, {"owner": f, "types": ["support"],
                                                            "locs": ["Force Pool"]}),
                   "Delay Box", "Select a friendly support unit in the Force Pool")
    elif v == "hq":
        _ask_units(g, data, f, "15.8", find_units(g, data, {"owner": f, "types": ["hq"],
                                                            "on_map": True}),
                   "Delay Box", "Select a friendly HQ unit on the map")
    else:
        _coup_step(g, data, f, 2)


@step("coup_next")
def _coup_next_step(g: TkRules, data: Data, ctx: Ctx) -> None:
    _coup_next(g, data, ctx["faction"], ctx["done"])


def _coup_step(g: TkRules, data: Data, f: str, n: int) -> None:
    if n <= 0:
        return
    base = {"owner": f, "ground": True, "on_map": True, "not_holding": True}
    cands = find_units(g, data, {**base, "types": ["armor"]}) or find_units(g, data, base)
    if not cands:
        log(data, "15.8", "No friendly step is left on the map")
        return
    ask(g, data, f, "15.8", f"Eliminate a friendly step ({n} to go; armor-type while any)",
        [(key("unit", u), uname(g, data, u), u) for u in cands], "coup_step", n=n)


@on_choice("coup_step")
def _coup_step_choice(g: TkRules, data: Data, ctx: Ctx, uid: str) -> None:
    eliminate_step(g, data, uid, "15.8", breakdown=False)
    _coup_step(g, data, data["last_role"], ctx["n"] - 1)


def _ask_units(g: TkRules, data: Data, f: str, rule: str, ids: list[str], dest: str,
               prompt: str, optional: bool = False) -> None:
    opts: list[tuple[str | None, str, Any]] = [(key("unit", u), uname(g, data, u), u) for u in ids]
    if optional:
        opts.append(("opt:no_result", "Do nothing", None))
    ask(g, data, f, rule, prompt, opts, "unit_to", dest=dest, rule=rule)


@on_choice("unit_to")
def _unit_to(g: TkRules, data: Data, ctx: Ctx, uid: str | None) -> None:
    if uid is None:
        # an optional step after others took effect (15.14's marker is placed) is no "No
        # Result" of the event (a tk audit)
        if data["effects"]:
            log(data, ctx["rule"], f"No unit is moved to the {ctx['dest']}")
        else:
            no_result(data, ctx["rule"], "nothing is moved")
        return
    move_unit(g, data, uid, ctx["dest"], ctx["rule"])
    if ctx.get("then_owner"):
        data["units"][uid]["owner_on_return"] = ctx["then_owner"]


# -- 15.11 Delay Reduction ---------------------------------------------------------------------

@step("ev:15.11")
def delay_reduction(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.11 Delay Reduction: a friendly unit on the Turn Track arrives one turn sooner."""
    f = ctx["faction"]
    ids = [u for u in find_units(g, data, {"owner": f, "loc_prefix": "Turn Track "})
           if int(data["units"][u]["loc"].split()[-1]) - 1 > data["turn"]]
    if not ids:
        no_result(data, "15.11", "no friendly unit on the Turn Track can move one box left "
                  "without reaching the current Game Turn")
        return
    opts = [(key("unit", u), f"{uname(g, data, u)} -> Turn Track "
             f"{int(data['units'][u]['loc'].split()[-1]) - 1}", u) for u in ids]
    ask(g, data, f, "15.11", "You may move one friendly unit on the Turn Track one box left",
        [*opts, ("opt:no_result", "Do nothing", None)], "delay_reduction")


@on_choice("delay_reduction")
def _delay_reduction(g: TkRules, data: Data, ctx: Ctx, uid: str | None) -> None:
    if uid is None:
        no_result(data, "15.11", "no unit is moved")
        return
    box = int(data["units"][uid]["loc"].split()[-1]) - 1
    move_unit(g, data, uid, f"Turn Track {box}", "15.11")


# -- 15.14 Failure -------------------------------------------------------------------------------

@step("ev:15.14")
def failure(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.14 Failure [Command, Supply]: the faction that received it suffers it."""
    f = ctx.get("victim") or ctx["faction"]
    kind = ctx.get("type") or "command"
    if is_allied(f):
        _failure_place(g, data, "axis", f, kind)
    else:
        ask(g, data, "axis", "15.14", f"Select the Allied faction that places the Axis Failure "
            f"({kind.title()}) marker in a hex and may then put one Axis support unit in the "
            "Delay Box",
            [(f"faction:{a}", (NAME[a], "places the marker, may delay one Axis support unit"),
              a) for a in ALLIED], "failure_by", kind=kind)


@on_choice("failure_by")
def _failure_by(g: TkRules, data: Data, ctx: Ctx, a: str) -> None:
    _failure_place(g, data, a, "axis", ctx["kind"])


def _failure_place(g: TkRules, data: Data, placer: str, victim: str, kind: str) -> None:
    hexes = [h.id for h in g.c.components.hexes if not h.naval]
    call_step(data, "failure_support", placer=placer, victim=victim)
    ask(g, data, placer, "15.14, 14.12", f"Place the {NAME[victim]} Failure ({kind.title()}) "
        "marker in any hex", [(key("hex", h), hex_label(g, h), h) for h in hexes], "failure_hex",
        victim=victim, kind=kind)


@on_choice("failure_hex")
def _failure_hex(g: TkRules, data: Data, ctx: Ctx, h: str) -> None:
    idx = map_markers(data, f"failure_{ctx['kind']}", ctx["victim"])
    move_map_marker(data, idx[0], h, "15.14")


def _support_anywhere(g: TkRules, data: Data, f: str) -> list[str]:
    """15.14's support units: in the Force Pool, a hex on the map or on the Turn Track. Not
    one in a Naval Zone Box: 15.30.1 names "a hex or Naval Zone Box on the map" where it
    means both, 15.14 only the hex."""
    out = []
    for u in find_units(g, data, {"owner": f, "types": ["support"]}):
        unit = data["units"][u]
        where = unit_hex(g, data, unit)
        if (unit["loc"] == "Force Pool" or unit["loc"].startswith("Turn Track ")
                or (where is not None and not g.c.hex[where].naval)):
            out.append(u)
    return out


@step("failure_support")
def _failure_support(g: TkRules, data: Data, ctx: Ctx) -> None:
    ids = _support_anywhere(g, data, ctx["victim"])
    if not ids:
        log(data, "15.14", f"No {NAME[ctx['victim']]} support unit can be taken")
        return
    _ask_units(g, data, ctx["placer"], "15.14", ids, "Delay Box", f"You may take one "
               f"{NAME[ctx['victim']]} support unit and put it in the Delay Box", optional=True)


# -- 15.20 Mandated Offensive, 15.21 Military Aid ------------------------------------------------

@step("ev:15.20")
def mandated_offensive(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.20 Mandated Offensive: attack with armor, or lose an armor step."""
    f = ctx["faction"]
    armor = find_units(g, data, {"owner": f, "types": ["armor"], "on_map": True})
    if not armor:
        no_result(data, "15.20", "the phasing faction has no armor-type unit on the map")
        return
    ask(g, data, f, "15.20", "Mandated Offensive: do one of the following",
        [("opt:attack", "Conduct one attack including a friendly armor-type unit now",
          "attack"), ("opt:eliminate_armor", "Eliminate one friendly armor-type step", "elim")],
        "mandated")


@on_choice("mandated")
def _mandated(g: TkRules, data: Data, ctx: Ctx, v: str) -> None:
    f = data["last_role"]
    if v == "attack":
        changed(data)
        instruct(data, "15.20", f"the {NAME[f]} faction conducts one attack that includes a "
                 "friendly armor-type unit now, following the Regular Combat Segment rules")
        return
    ids = find_units(g, data, {"owner": f, "types": ["armor"], "on_map": True})
    ask(g, data, f, "15.20", "Eliminate one friendly armor-type step",
        [(key("unit", u), uname(g, data, u), u) for u in ids], "elim_one", rule="15.20")


MILITARY_AID_NOTE = ("options reconstructed by warroom: the rule text of 15.21 lists none "
                     "(its list is missing from the source)")
MILITARY_AID_OPTIONS: tuple[tuple[str, str, str], ...] = (
    # (catalogue key, label, value): warroom's reconstruction, not the rulebook's text
    ("opt:aid_replacement", "Receive and place one friendly replacement step", "rep"),
    ("opt:aid_support", "Return a friendly support unit from the Delay Box to the Force Pool",
     "sup"),
)


@step("ev:15.21")
def military_aid(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.21 Military Aid. The rule text lists no options (its list is missing from the
    source); warroom offers reconstructed options, marked as such in the log, the prompt and
    ``warroom content tk --json``."""
    f = ctx["faction"]
    log(data, "15.21", "The options of Military Aid are reconstructed (the rule text lists "
        "none)")
    possible = {"rep": bool(replacement_candidates(g, data, f)),
                "sup": bool(find_units(g, data, {"owner": f, "types": ["support"],
                                                 "locs": ["Delay Box"]}))}
    opts = [o for o in MILITARY_AID_OPTIONS if possible[o[2]]]
    if not opts:
        no_result(data, "15.21", "no option is possible")
        return
    ask(g, data, f, "15.21", "Military Aid: you may do one of the following reconstructed "
        "options (the rule text of 15.21 lists none)",
        [*opts, ("opt:no_result", "Do nothing", None)], "military_aid")


@on_choice("military_aid")
def _military_aid(g: TkRules, data: Data, ctx: Ctx, v: str | None) -> None:
    f = data["last_role"]
    if v is None:
        no_result(data, "15.21", "nothing is done")
    elif v == "rep":
        replacement(g, data, f, "15.21", colonial_or_minor=False)
    else:
        _ask_units(g, data, f, "15.21", find_units(g, data, {"owner": f, "types": ["support"],
                                                             "locs": ["Delay Box"]}),
                   "Force Pool", "Select a friendly support unit in the Delay Box")


# -- 15.30 Pacific Commitment -------------------------------------------------------------------

@step("ev:15.30")
def pacific_commitment(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.30 Pacific Commitment: 15.30.1 in TK, 15.30.2 in AE."""
    f = ctx["faction"]
    if not is_allied(f):
        no_result(data, "15.30", "only an Allied faction performs Pacific Commitment")
        return
    if ctx.get("variant") == "ae":
        _pacific_ae(g, data, f)
        return
    status = data["pacific"][f]
    phb = find_units(g, data, {"owner": f, "locs": ["Pacific Holding Box"]})
    if status == "no_war":
        log(data, "15.30.1", f"{NAME[f]} Pacific War Status: No War")
        if not phb:
            no_result(data, "15.30.1", "no friendly unit is in the Pacific Holding Box")
            return
        _ask_units(g, data, f, "15.30.1", phb, "Delay Box", "You may move one friendly unit "
                   "from the Pacific Holding Box to the Delay Box", optional=True)
        return
    v = die(data, "15.30.1", f"{NAME[f]} Pacific War Status {status.replace('_', ' ').title()}"
            " (unmodified)")
    sup_phb = [u for u in phb if data["units"][u]["type"] == "support"]
    if v <= 3:
        ids = [u for u in find_units(g, data, {"owner": f, "types": ["support"]})
               if data["units"][u]["loc"] in ("Delay Box", "Force Pool")
               or unit_hex(g, data, data["units"][u])]
        if not ids:
            log(data, "15.30.1", "No friendly support unit can be sent to the Pacific")
            return
        optional = ((status == "limited_war" and len(sup_phb) >= 1)
                    or (status == "total_war" and len(sup_phb) >= 2))
        if optional:
            log(data, "15.30.1", f"{len(sup_phb)} friendly support unit(s) already in the "
                "Pacific Holding Box: the faction may treat this as No Result")
        _ask_units(g, data, f, "15.30.1", ids, "Pacific Holding Box", "Select a friendly "
                   "support unit to place in the Pacific Holding Box", optional=optional)
    else:
        if not sup_phb:
            no_result(data, "15.30.1", "no friendly support unit is in the Pacific Holding Box")
            return
        _ask_units(g, data, f, "15.30.1", sup_phb, "Delay Box", "You may return a friendly "
                   "support unit from the Pacific Holding Box to the Delay Box", optional=True)


def _pacific_ae(g: TkRules, data: Data, f: str) -> None:
    ids = []
    for u in find_units(g, data, {"owner": f, "types": ["support"], "locs": ["Force Pool"]}):
        unit = data["units"][u]
        if not unit.get("tk_force_pool", True):
            continue
        if NAT_COUNTRY.get(unit["nationality"], unit["nationality"]) in data["loc_damaged"]:
            log(data, "15.30.2", f"{unit['name']} cannot be selected: its Country's LOC "
                "Damaged marker is in the DS Strategic Warfare Box")
            continue
        ids.append(u)
    if not ids:
        no_result(data, "15.30.2", "no eligible support unit is in the TK Force Pool")
        return
    _ask_units(g, data, f, "15.30.2", ids, "DS Delay Box", "You may place one support unit "
               "from your TK Force Pool in the Delay Box on the DS map", optional=True)


# -- 15.32 Production Success, 15.33 Project Success: A-bomb -----------------------------------

@step("ev:15.32")
def production_success(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.32 Production Success [Type]: first the unit, then the marker."""
    card = ctx.get("card")
    if card not in g.c.cards or card == 44:
        no_result(data, "15.32", f"card {card} is not a Production Directive card 45-49")
        return
    d = g.c.cards[card]
    if card not in data["cards_played"]:
        data["cards_played"].append(card)
    n = data["production_successes"].get(str(card), 0)
    if n == 0:
        uid = f"card{card}"
        data["units"][uid] = {
            "id": uid, "name": d.unit or f"card {card} unit", "owner": "axis",
            "nationality": "German", "type": "support", "steps": 1, "max_steps": 1,
            "loc": "Delay Box", "holder": None, "colonial": False, "minor": False, "ss": False,
            "multinational": False, "holding": [], "delay_stripe": True, "outbreak": False,
            "tk_force_pool": True}
        instruct(data, "15.32", f"first time: place card {card} {d.name}'s unit {d.unit} in the "
                 "Delay Box")
    elif n == 1:
        data["production_markers"][d.marker or str(card)] = "Delay Box"
        instruct(data, "15.32", f"second time: place card {card}'s {d.marker} marker "
                 f"({d.rule}) in the Delay Box")
    else:
        no_result(data, "15.32", f"card {card}'s unit and marker are both already taken")
        return
    data["production_successes"][str(card)] = n + 1
    changed(data)


def _in_neutral_minor(g: TkRules, data: Data, country: str) -> bool:
    """15.33 "The hex cannot be in a Neutral Minor Country": the country of the hex, or for
    a Region or Dependent still part of its Country (status ``dependent``), that Country."""
    if is_neutral(data, country):
        return True
    d = g.c.country[country]
    parent = d.parent
    return (d.kind in ("region", "dependent") and parent is not None
            and parent in data["countries"] and status(data, country) == "dependent"
            and is_neutral(data, parent))


def abomb_hexes(g: TkRules, data: Data, f: str) -> list[str]:
    out = []
    tacs = {c for c in ("Britain", "France", "Russia", "US") if is_tac(data, c)}
    for h in g.c.components.hexes:
        if h.naval:
            continue
        if h.country and h.country in data["countries"] and _in_neutral_minor(g, data,
                                                                              h.country):
            continue
        if f == "axis":
            if h.german_air_base is None or h.german_air_base > 3:
                continue
            if any(NAT_COUNTRY.get(data["units"][u]["nationality"]) in tacs
                   for u in find_units(g, data, {"hex": h.id})):
                continue
        elif h.us_air_base is None or h.us_air_base > 9:
            continue
        out.append(h.id)
    return out


@step("ev:15.33")
def project_success(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.33 Project Success: A-bomb."""
    f = ctx["faction"]
    if 44 not in data["cards_played"]:
        data["cards_played"].append(44)
    if f == "soviet":
        no_result(data, "15.33", "the text gives the Soviet faction nothing")
        return
    if f == "western" and is_tac(data, "US"):
        no_result(data, "15.33", "the US is a TAC")
        return
    free = map_markers(data, "atomic_devastation", None, "Unused")
    if not free:
        no_result(data, "15.33", "no Atomic Devastation marker is left (countermix 3)")
        return
    hexes = abomb_hexes(g, data, f)
    if not hexes:
        no_result(data, "15.33", "no eligible Land hex is in range")
        return
    rng = "three hexes of a German" if f == "axis" else "nine hexes of a US"
    ask(g, data, f, "15.33", f"You may place an Atomic Devastation marker in a Land hex within "
        f"{rng} Air Base (not contested)",
        [*[(key("hex", h), hex_label(g, h), h) for h in hexes],
         ("opt:no_result", "Do not place it", None)], "abomb")


@on_choice("abomb")
def _abomb(g: TkRules, data: Data, ctx: Ctx, h: str | None) -> None:
    f = data["last_role"]
    if h is None:
        no_result(data, "15.33", "no marker is placed")
        return
    i = map_markers(data, "atomic_devastation", None, "Unused")[0]
    data["markers"][i]["owner"] = f
    move_map_marker(data, i, h, "15.33")
    enemies = ["axis"] if f != "axis" else ["western", "soviet"]
    opts: list[tuple[str | None, str, Any]] = [
        (key("unit", u), uname(g, data, u), ["unit", u])
        for u in find_units(g, data, {"owners": enemies, "ground": True, "hex": h,
                                      "not_holding": True})]
    opts += [(None, f"{NAME[data['markers'][j]['owner']]} "
              f"{data['markers'][j]['type'].title()} marker", ["marker", j])
             for j, m in enumerate(data["markers"])
             if m["loc"] == h and m["type"] in ("detachment", "logistics")
             and m["owner"] in enemies]
    if opts:
        ask(g, data, f, "15.33", "You may eliminate one enemy ground unit, Detachment or "
            "Logistics marker in the hex", [*opts, ("opt:no_result", "None", None)],
            "abomb_target")


@on_choice("abomb_target")
def _abomb_target(g: TkRules, data: Data, ctx: Ctx, v: list[Any] | None) -> None:
    if v is None:
        return
    if v[0] == "unit":
        eliminate_unit_to(g, data, v[1], "15.33")
    else:
        move_map_marker(data, v[1], "Delay Box", "15.33")


# -- 15.36 Special Weapons Success ---------------------------------------------------------------

def _cards_left(g: TkRules, data: Data) -> list[int]:
    out = []
    for card in sorted(data["cards_played"]):
        if card == data["current_card"].get("axis"):
            continue
        if card == 44:
            if map_markers(data, "atomic_devastation", None, "Unused"):
                out.append(card)
        elif card in g.c.cards and data["production_successes"].get(str(card), 0) < 2:
            out.append(card)
    return out


@step("ev:15.36")
def special_weapons(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.36 Special Weapons Success: the Axis may do one of three things."""
    opts: list[tuple[str, str, Any]] = []
    sup = [u for u in find_units(g, data, {"owners": list(ALLIED), "types": ["support"]})
           if data["units"][u]["loc"] != "Delay Box"]
    if sup:
        opts.append(("opt:support_to_delay", "Place one Allied support unit in the Delay Box",
                     "sup"))
    if find_units(g, data, {"owners": list(ALLIED), "ground": True, "on_map": True}):
        opts.append(("opt:eliminate_allied_step", "Eliminate one step from a hex with an "
                     "Allied ground unit", "step"))
    if _cards_left(g, data):
        opts.append(("opt:production_card", "Apply Production or Project Success for a played "
                     "Production Directive card", "card"))
    if not opts:
        no_result(data, "15.36", "no option is possible")
        return
    ask(g, data, "axis", "15.36", "Special Weapons Success: you may do one of the following",
        [*opts, ("opt:no_result", "Do nothing", None)], "special_weapons")


@on_choice("special_weapons")
def _special_weapons(g: TkRules, data: Data, ctx: Ctx, v: str | None) -> None:
    if v is None:
        no_result(data, "15.36", "nothing is done")
    elif v == "sup":
        ids = [u for u in find_units(g, data, {"owners": list(ALLIED), "types": ["support"]})
               if data["units"][u]["loc"] != "Delay Box"]
        _ask_units(g, data, "axis", "15.36", ids, "Delay Box", "Select an Allied support unit")
    elif v == "step":
        hexes = sorted({unit_hex(g, data, data["units"][u]) or "" for u in find_units(
            g, data, {"owners": list(ALLIED), "ground": True, "on_map": True})})
        ask(g, data, "axis", "15.36", "Select a hex containing an Allied ground unit",
            [(key("hex", h), hex_label(g, h), h) for h in hexes], "sw_hex")
    else:
        ask(g, data, "axis", "15.36", "Select a played Production Directive card",
            [(key("card", c), f"Card {c} {g.c.cards[c].name}", c) for c in _cards_left(g, data)],
            "sw_card")


@on_choice("sw_hex")
def _sw_hex(g: TkRules, data: Data, ctx: Ctx, h: str) -> None:
    ids = find_units(g, data, {"owners": list(ALLIED), "ground": True, "hex": h})
    ask(g, data, "axis", "15.36", f"Select the step to eliminate in {hex_label(g, h)} "
        "(4.2.6.2; a Holding Box step forces an Emergency Breakdown, 2.3.4)",
        [(key("unit", u), uname(g, data, u), u) for u in ids], "elim_one", rule="15.36")


@on_choice("sw_card")
def _sw_card(g: TkRules, data: Data, ctx: Ctx, card: int) -> None:
    if card == 44:
        call_step(data, "ev:15.33", faction="axis")
    else:
        call_step(data, "ev:15.32", faction="axis", card=card)


# -- 15.38 Successful Improvements, 15.40 Volkssturm ----------------------------------------------

@step("ev:15.38")
def successful_improvements(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.38 Successful Improvements: a Partnership Country counter enters the Delay Box with
    its support unit and War Economy marker; for France or Italy the faction may instead
    flip the War Economy marker to +2 and leave it in the Strategic Warfare Box (the counter
    and its support unit still enter the Delay Box)."""
    f = ctx["faction"]
    opts: list[tuple[str | None, str, Any]] = []
    legacy: list[str | None] = []       # the keys of records written before partner:<c>
    for p in g.c.components.partnership:
        if p.faction != f or p.country in data["partners_in_play"]:
            continue
        opts.append((key("partner", p.country), f"Place the {p.country} Partnership Country "
                     "counter in the Delay Box", ["partner", p.country]))
        legacy.append("opt:place_partner")
        if p.war_economy_flip and data["war_economy"].get(p.country, 1) == 1:
            opts.append((f"{key('partner', p.country)}:flip", f"Flip {p.country}'s War "
                         "Economy marker to +2 instead of placing it in the Delay Box (the "
                         "Partnership Country counter still goes there)", ["flip", p.country]))
            legacy.append("opt:flip_war_economy")
    if not opts:
        no_result(data, "15.38", f"no {NAME[f]} Partnership Country counter is out of play")
        return
    ask(g, data, f, "15.38", "Successful Improvements: you may select a Partnership Country",
        [*opts, ("opt:no_result", "Do nothing", None)], "improvements",
        legacy=[*legacy, None])


@on_choice("improvements")
def _improvements(g: TkRules, data: Data, ctx: Ctx, v: list[str] | None) -> None:
    if v is None:
        no_result(data, "15.38", "nothing is done")
        return
    kind, c = v
    changed(data)
    data["partners_in_play"].append(c)
    if kind == "flip":
        # "instead" replaces only the War Economy marker's trip to the Delay Box: the
        # Partnership Country counter and its support unit still go there.
        instruct(data, "15.38", f"place the {c} Partnership Country counter in the Delay Box "
                 "(its support unit comes with it; its War Economy marker stays in the "
                 "Strategic Warfare Box)")
        data["war_economy"][c] = 2
        instruct(data, "15.38", f"instead of placing {c}'s War Economy +1 marker in the Delay "
                 "Box, flip it to its +2 side and leave it in the Strategic Warfare Box")
    else:
        instruct(data, "15.38", f"place the {c} Partnership Country counter in the Delay Box "
                 "(its support unit and War Economy marker come with it)")


@step("ev:15.40")
def volkssturm(g: TkRules, data: Data, ctx: Ctx) -> None:
    """15.40 Volkssturm: "The Axis faction may immediately receive one German 0-2-2 VG
    infantry unit and place it as a replacement", whichever faction rolled the event; the
    VG counters are ``vg_units`` in the content (none left: No Result)."""
    used = sum(1 for u in data["units"].values() if u.get("vg"))
    if used >= g.c.components.vg_units:
        no_result(data, "15.40", f"all {g.c.components.vg_units} VG units are in play")
        return
    ask(g, data, "axis", "15.40", "Volkssturm: you may immediately receive one German 0-2-2 "
        "VG infantry unit and place it as a replacement",
        [("opt:place_vg", "Receive the VG unit", True),
                                ("opt:no_result", "Decline", None)], "volkssturm")


@on_choice("volkssturm")
def _volkssturm(g: TkRules, data: Data, ctx: Ctx, v: bool | None) -> None:
    if v is None:
        no_result(data, "15.40", "the Axis declines")
        return
    n = sum(1 for u in data["units"].values() if u.get("vg")) + 1
    uid = f"vg{n}"
    data["units"][uid] = {
        "id": uid, "name": f"German 0-2-2 VG infantry #{n}", "owner": "axis",
        "nationality": "German", "type": "infantry", "steps": 1, "max_steps": 1,
        "loc": "Replacement", "holder": None, "colonial": False, "minor": False, "ss": False,
        "multinational": False, "holding": [], "delay_stripe": False, "outbreak": False,
        "tk_force_pool": True, "vg": True}
    changed(data)
    instruct(data, "15.40", "place a German 0-2-2 VG infantry unit on the map as a replacement")


__all__ = ["eliminate_step"]
