"""Sections 5-9: land, air and sea attacks, tanks and reserves, for both sides.

Modifiers are collected as (value, reason) pairs and summed (11.6: DRMs are
cumulative); the modified roll is read on the table clamped to 1..6. Every attack logs
its facts: ``die``, ``mods`` (``[value, reason]`` pairs), ``total`` (the modified roll)
and ``result`` (the table's entry: ``advance``, ``attacker_wins`` or ``no_result``); the
rule and the text say who attacked what.
"""

from __future__ import annotations

from typing import Any

from warroom.core.flow import call
from warroom.core.log import log
from warroom.core.rng import roll
from warroom.games.eaw1940.components import ALLIED, AXIS, Components

Mods = list[tuple[int, str]]
Data = dict[str, Any]


def attack_roll(data: Data, mods: Mods, table: tuple[str, ...]) -> tuple[int, int, str, str]:
    """Roll one attack die with ``mods``: (die, modified total, table result, text)."""
    die = roll(data)
    total = die
    for v, _ in mods:
        total += v
    result = table[6 if total > 6 else 1 if total < 1 else total]
    if not mods:
        return die, total, result, f"die {die}"
    return die, total, result, (f"die {die}" + "".join([f" {v:+d} ({why})" for v, why in mods])
                                + f" = {total}")


def _land(result: str) -> str:
    return "advance" if result == "advance" else "no result"


# -- land attacks -------------------------------------------------------------------------

def axis_land_mods(c: Components, data: Data, f: int) -> Mods:
    """5.2, 9.1 and Malta: DRMs of an Axis attack on the Allied location of front ``f``."""
    mods: Mods = []
    target = data["axis"][f] + 1
    a = c.front_air[f]
    if data["air"][a] == AXIS:
        mods.append((1, f"Axis control {c.air_names[a]} air space, 5.2"))
    else:
        mods.append((-1, f"Allied control {c.air_names[a]} air space, 5.2"))
    z = c.port[f][target]
    if z >= 0:
        if data["sea"][z] == AXIS:
            mods.append((1, f"Axis control the {c.sea_names[z]}, port, 5.2"))
        else:
            mods.append((-1, f"Allied control the {c.sea_names[z]}, port, 5.2"))
    if data["reserve"][f]:
        mods.append((-1, "Allied reserve, 9.1"))
    if f == c.malta_front and data["malta"]:
        mods.append((c.malta_drm, "Malta active"))
    return mods


def axis_attack_front(c: Components, data: Data, f: int, reroll: bool = False) -> None:
    """4.2.1 / 5.1: the Axis front attacks the Allied front's location.

    A failed attack with an unused tank on the front asks the Axis to re-roll (8.1).
    """
    target = c.routes[f][data["axis"][f] + 1]
    mods = axis_land_mods(c, data, f)
    die, total, result, text = attack_roll(data, mods, c.land_table)
    what = "re-rolls the attack on" if reroll else "attacks"
    log(data, "5.1", f"The Axis {c.front_names[f]} front {what} {target}: {text} -> "
        f"{_land(result)} (Land Attack Table)", die=die, mods=list(map(list, mods)),
        total=total, result=result)
    if result == "advance":
        axis_advance(c, data, f)
        return
    for t in data["tanks"]:
        if t[0] == f and not t[1]:
            call(data, "reroll", "axis", front=f)
            return


def axis_advance(c: Components, data: Data, f: int) -> None:
    """5.1 the Axis advance and the Allied front retreats 1; 9.2 a reserve flips; 11.2, 11.5."""
    data["axis"][f] += 1
    pos = data["axis"][f]
    loc = c.routes[f][pos]
    if data["reserve"][f]:
        data["reserve"][f] = 0
        log(data, "9.2", f"The Axis won: the Allied {c.front_names[f]} reserve flips to its "
            "non-reserve side")
    if pos == c.last[f]:
        log(data, "11.2", f"The Axis occupy {loc}, the last location of the "
            f"{c.front_names[f]} front: the Allied front marker moves outside it")
    elif pos == 0:
        held = _sharing_home(c, data, f, allied=True)
        still = (_still_there(c, held, "Allied", ("holds", "hold"), loc)
                 + ": the Allies occupy it, 10.1)" if held else "")
        log(data, "5.1", f"The Axis {c.front_names[f]} front recovers {loc}; the Allies "
            f"retreat to {c.routes[f][1]}{still}")
    else:
        log(data, "5.1", f"The Axis {c.front_names[f]} front advances into {loc}; the "
            f"Allies retreat to {c.routes[f][pos + 1]}")
    # the tanks stand with their front (a tank's place is its front's index): each moves
    # with it, and the line counts them (two tanks were told as one, an eaw1940 audit)
    moving = sum(1 for t in data["tanks"] if t[0] == f)
    if moving == 1:
        log(data, "11.5", "The Axis tank moves with its advancing front")
    elif moving:
        log(data, "11.5", f"The {moving} Axis tanks move with their advancing front")


def _sharing_home(c: Components, data: Data, f: int, allied: bool) -> list[int]:
    """The other in-play fronts whose route starts at front ``f``'s home (Berlin is the home
    of three): with ``allied``, those whose Allied marker holds it (their Axis front pushed
    outside), else those whose Axis marker stands in it. Each front's markers move on its own
    route (5.1), so one home may hold both sides' markers (rules.py, the shared homes)."""
    home, axis, in_play = c.front_home[f], data["axis"], data["in_play"]
    return [g for g, h in enumerate(c.front_home) if g != f and h == home and in_play[g]
            and (axis[g] < 0 if allied else axis[g] == 0)]


def _still_there(c: Components, fronts: list[int], side: str, verbs: tuple[str, str],
                 place: str) -> str:
    """' (the Allied Eastern front still holds Berlin on its own route', the parenthesis
    left open for what follows: the other ``fronts`` of a shared home (:func:`_sharing_home`)
    in the log line of a front recovering it or pushed out of it (5.1). ``verbs``: the
    singular and the plural."""
    one = len(fronts) == 1
    names = " and ".join(c.front_names[g] for g in fronts)
    return (f" (the {side} {names} front{'' if one else 's'} still {verbs[0 if one else 1]} "
            f"{place} on {'its own route' if one else 'their own routes'}")


def allied_land_mods(c: Components, data: Data, f: int, bonus: int = 0) -> Mods:
    """5.2 and 11.4: DRMs of an Allied counter-attack on the Axis location of front ``f``."""
    mods: Mods = []
    a = c.front_air[f]
    if data["air"][a] == ALLIED:
        mods.append((1, f"Allied control {c.air_names[a]} air space, 5.2"))
    else:
        mods.append((-1, f"Axis control {c.air_names[a]} air space, 5.2"))
    z = c.port[f][data["axis"][f]]
    if z >= 0:
        if data["sea"][z] == ALLIED:
            mods.append((1, f"Allied control the {c.sea_names[z]}, port, 5.2"))
        else:
            mods.append((-1, f"Axis control the {c.sea_names[z]}, port, 5.2"))
    if bonus:
        # the +1 of a reserve committed is the reconstructed chart's, not 11.4's (which
        # says only that the reserve may be added and used in one turn)
        mods.append((bonus, "reserve committed, Allied Action Chart"))
    return mods


def allied_counter_attack(c: Components, data: Data, f: int, bonus: int = 0) -> None:
    """Allied Action Chart / 5.1: the Allied front attacks the Axis front's location; an
    unused Allied tank on the front re-rolls a failure (8.1)."""
    pos = data["axis"][f]
    target = c.routes[f][pos]
    mods = allied_land_mods(c, data, f, bonus)
    facts_mods = list(map(list, mods))
    die, total, result, text = attack_roll(data, mods, c.land_table)
    log(data, "5.1", f"The Allied {c.front_names[f]} front counter-attacks {target}: "
        f"{text} -> {_land(result)} (Land Attack Table)", die=die, mods=facts_mods,
        total=total, result=result)
    if result != "advance":
        tank = next((t for t in data["allied_tanks"] if t[0] == f and not t[1]), None)
        if tank is None:
            return
        tank[1] = 1
        die, total, result, text = attack_roll(data, mods, c.land_table)
        log(data, "8.1", f"The Allied tank re-rolls: {text} -> {_land(result)} (Land Attack "
            "Table)", die=die, mods=facts_mods, total=total, result=result)
        if result != "advance":
            return
    was_last = pos == c.last[f]
    data["axis"][f] = pos - 1
    if pos == 0:
        stay = _sharing_home(c, data, f, allied=False)
        also = (_still_there(c, stay, "Axis", ("stands in", "stand in"), target) + ")"
                if stay else "")
        log(data, "5.1", f"The Allies occupy {target}! The Axis {c.front_names[f]} front "
            f"is pushed outside its home{also}")
    elif was_last:
        log(data, "11.2", f"The Allies recover {target}; the Axis {c.front_names[f]} front "
            f"retreats to {c.routes[f][pos - 1]}")
    else:
        log(data, "5.1", f"The Allies advance into {target}; the Axis {c.front_names[f]} "
            f"front retreats to {c.routes[f][pos - 1]}")
    if c.counter_attack_stalls and not data["stalled"][f]:
        data["stalled"][f] = 1
        log(data, "4.4", f"The successful counter-attack stalls the Axis {c.front_names[f]} "
            "front: flip it to its stalled side (Allied Action Chart)")


# -- air and sea attacks ------------------------------------------------------------------

def axis_attack_air(c: Components, data: Data, a: int) -> None:
    """4.2.3 / 6.1: attack Allied control of air space ``a``."""
    die, total, result, text = attack_roll(data, [], c.air_table)
    head = f"The Axis attack Allied control of the {c.air_names[a]} air space: {text} -> "
    if result == "attacker_wins":
        data["air"][a] = AXIS
        log(data, "6.1", head + "Axis win; flip the marker to Axis control (Air Attack "
            "Table)", die=die, mods=[], total=total, result=result)
    else:
        log(data, "6.1", head + "no result (Air Attack Table)", die=die, mods=[], total=total,
            result=result)


def allied_attack_air(c: Components, data: Data, a: int) -> None:
    """Allied Action Chart / 6.1, 6.2: attack Axis control of air space ``a``."""
    mods: Mods = []
    if data["air_sup"][a]:
        mods.append((-1, "Axis air superiority, 6.2"))
    die, total, result, text = attack_roll(data, mods, c.air_table)
    head = f"The Allies attack Axis control of the {c.air_names[a]} air space: {text} -> "
    if result == "attacker_wins":
        data["air"][a] = ALLIED
        log(data, "6.1", head + "Allied win; flip the marker to Allied control (Air Attack "
            "Table)", die=die, mods=list(map(list, mods)), total=total, result=result)
        if data["air_sup"][a]:
            data["air_sup"][a] = 0
            # the marker's loss is warroom's reading, not 6.2's (which gives only its -1
            # DRM): cited as the reconstructed rule it is (a second rules audit)
            log(data, "Air Superiority", "The Axis air superiority marker is lost")
    else:
        log(data, "6.1", head + "no result (Air Attack Table)", die=die,
            mods=list(map(list, mods)), total=total, result=result)


def axis_attack_sea(c: Components, data: Data, z: int) -> None:
    """4.2.2 / 7.1, 7.2: attack Allied control of sea zone ``z``."""
    mods: Mods = []
    if c.sea_ids[z] == "atlantic":
        mods.append((-1, f"Allied control of the {c.sea_names[z]}, 7.2"))
    die, total, result, text = attack_roll(data, mods, c.sea_table)
    head = f"The Axis attack Allied control of the {c.sea_names[z]}: {text} -> "
    if result == "attacker_wins":
        data["sea"][z] = AXIS
        log(data, "7.1", head + "Axis win; flip the marker to Axis control (Sea Attack "
            "Table)", die=die, mods=list(map(list, mods)), total=total, result=result)
        if z == c.malta_sea and data["malta"]:
            data["malta"] = 0
            log(data, "Malta", "Malta is neutralised: flip it to its inactive side")
    else:
        log(data, "7.1", head + "no result (Sea Attack Table)", die=die,
            mods=list(map(list, mods)), total=total, result=result)


def allied_attack_sea(c: Components, data: Data, z: int) -> None:
    """Allied Action Chart / 7.1: attack Axis control of sea zone ``z`` (no DRM: the 7.2
    example)."""
    die, total, result, text = attack_roll(data, [], c.sea_table)
    head = f"The Allies attack Axis control of the {c.sea_names[z]}: {text} -> "
    if result == "attacker_wins":
        data["sea"][z] = ALLIED
        log(data, "7.1", head + "Allied win; flip the marker to Allied control (Sea Attack "
            "Table)", die=die, mods=[], total=total, result=result)
    else:
        log(data, "7.1", head + "no result (Sea Attack Table)", die=die, mods=[], total=total,
            result=result)
