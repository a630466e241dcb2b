"""Sections 5-9: land, air and sea attacks, tanks and reserves, for both sides.

Modifiers are collected as (value, reason) pairs and summed (11.6: DRMs are
cumulative); the modified roll is read on the table clamped to 1..6.
"""

from __future__ import annotations

from typing import Any

from warroom.core.rng import roll
from warroom.games.eaw1940.components import Components
from warroom.games.eaw1940.rules import log

AXIS, ALLIED = 1, 0
Mods = list[tuple[int, str]]


def _fmt(die: int, mods: Mods) -> tuple[int, str]:
    total = die + sum(v for v, _ in mods)
    text = f"die {die}" + "".join(f" {v:+d} ({why})" for v, why in mods)
    if mods:
        text += f" = {total}"
    return min(6, max(1, total)), text


# -- land attacks -------------------------------------------------------------------------

def axis_land_mods(c: Components, data: dict[str, Any], f: int) -> Mods:
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


def axis_attack_front(c: Components, data: dict[str, Any], f: int, reroll: bool = False) -> None:
    """4.2.1 / 5.1: the Axis front attacks the Allied front's location."""
    target = c.routes[f][data["axis"][f] + 1]
    mods = axis_land_mods(c, data, f)
    die = roll(data)
    mod, text = _fmt(die, mods)
    result = c.land_table[mod]
    what = "re-rolls the attack on" if reroll else "attacks"
    if result == "advance":
        log(data, "5.1", f"The Axis {c.front_names[f]} front {what} {target}: {text} -> "
            "advance (Land Attack Table)")
        axis_advance(c, data, f)
    else:
        log(data, "5.1", f"The Axis {c.front_names[f]} front {what} {target}: {text} -> "
            "no result (Land Attack Table)")
        if any(t[0] == f and not t[1] for t in data["tanks"]):
            data["stack"].append({"kind": "reroll", "role": "axis", "front": f})


def axis_advance(c: Components, data: dict[str, Any], f: int) -> None:
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
        log(data, "5.1", f"The Axis {c.front_names[f]} front recovers {loc}; the Allies "
            f"retreat to {c.routes[f][1]}")
    else:
        log(data, "5.1", f"The Axis {c.front_names[f]} front advances into {loc}; the "
            f"Allies retreat to {c.routes[f][pos + 1]}")
    if any(t[0] == f for t in data["tanks"]):
        log(data, "11.5", "The Axis tank moves with its advancing front")


def allied_counter_attack(c: Components, data: dict[str, Any], f: int, bonus: int = 0) -> None:
    """Allied Action Chart / 5.1: the Allied front attacks the Axis front's location."""
    pos = data["axis"][f]
    target = c.routes[f][pos]
    mods: Mods = []
    a = c.front_air[f]
    if data["air"][a] == ALLIED:
        mods.append((1, f"Allied control {c.air_names[a]} air space, 5.2"))
    else:
        mods.append((-1, f"Axis control {c.air_names[a]} air space, 5.2"))
    z = c.port[f][pos]
    if z >= 0:
        if data["sea"][z] == ALLIED:
            mods.append((1, f"Allied control the {c.sea_names[z]}, port, 5.2"))
        else:
            mods.append((-1, f"Axis control the {c.sea_names[z]}, port, 5.2"))
    if bonus:
        mods.append((bonus, "reserve committed, 11.4"))
    die = roll(data)
    mod, text = _fmt(die, mods)
    result = c.land_table[mod]
    if result != "advance":
        tank = next((t for t in data["allied_tanks"] if t[0] == f and not t[1]), None)
        log(data, "5.1", f"The Allied {c.front_names[f]} front counter-attacks {target}: "
            f"{text} -> no result (Land Attack Table)")
        if tank is None:
            return
        tank[1] = 1
        die = roll(data)
        mod, text = _fmt(die, mods)
        result = c.land_table[mod]
        log(data, "8.1", f"The Allied tank re-rolls: {text} -> "
            f"{'advance' if result == 'advance' else 'no result'} (Land Attack Table)")
        if result != "advance":
            return
    else:
        log(data, "5.1", f"The Allied {c.front_names[f]} front counter-attacks {target}: "
            f"{text} -> advance (Land Attack Table)")
    was_last = pos == c.last[f]
    data["axis"][f] = pos - 1
    if pos == 0:
        log(data, "5.1", f"The Allies occupy {target}! The Axis {c.front_names[f]} front "
            "is pushed outside its home")
    elif was_last:
        log(data, "11.2", f"The Allies recover {target}; the Axis {c.front_names[f]} front "
            f"retreats to {c.routes[f][pos - 1]}")
    else:
        log(data, "5.1", f"The Allies advance into {target}; the Axis {c.front_names[f]} "
            f"front retreats to {c.routes[f][pos - 1]}")
    if c.counter_attack_stalls and not data["stalled"][f]:
        data["stalled"][f] = 1
        log(data, "4.3", f"The successful counter-attack stalls the Axis {c.front_names[f]} "
            "front: flip it to its stalled side (Allied Action Chart)")


# -- air and sea attacks ------------------------------------------------------------------

def axis_attack_air(c: Components, data: dict[str, Any], a: int) -> None:
    """4.2.3 / 6.1: attack Allied control of air space ``a``."""
    die = roll(data)
    mod, text = _fmt(die, [])
    if c.air_table[mod] == "attacker_wins":
        data["air"][a] = AXIS
        log(data, "6.1", f"The Axis attack Allied control of the {c.air_names[a]} air "
            f"space: {text} -> Axis win; flip the marker to Axis control (Air Attack Table)")
    else:
        log(data, "6.1", f"The Axis attack Allied control of the {c.air_names[a]} air "
            f"space: {text} -> no result (Air Attack Table)")


def allied_attack_air(c: Components, data: dict[str, Any], a: int) -> None:
    """Allied Action Chart / 6.1, 6.2: attack Axis control of air space ``a``."""
    mods: Mods = []
    if data["air_sup"][a]:
        mods.append((-1, "Axis air superiority, 6.2"))
    die = roll(data)
    mod, text = _fmt(die, mods)
    if c.air_table[mod] == "attacker_wins":
        data["air"][a] = ALLIED
        log(data, "6.1", f"The Allies attack Axis control of the {c.air_names[a]} air "
            f"space: {text} -> Allied win; flip the marker to Allied control (Air Attack "
            "Table)")
        if data["air_sup"][a]:
            data["air_sup"][a] = 0
            log(data, "6.2", "The Axis air superiority marker is lost")
    else:
        log(data, "6.1", f"The Allies attack Axis control of the {c.air_names[a]} air "
            f"space: {text} -> no result (Air Attack Table)")


def axis_attack_sea(c: Components, data: dict[str, Any], z: int) -> None:
    """4.2.2 / 7.1, 7.2: attack Allied control of sea zone ``z``."""
    mods: Mods = []
    if c.sea_ids[z] == "atlantic":
        mods.append((-1, "Allied control of the Atlantic, 7.2"))
    die = roll(data)
    mod, text = _fmt(die, mods)
    if c.sea_table[mod] == "attacker_wins":
        data["sea"][z] = AXIS
        log(data, "7.1", f"The Axis attack Allied control of the {c.sea_names[z]}: {text} -> "
            "Axis win; flip the marker to Axis control (Sea Attack Table)")
        if z == c.malta_sea and data["malta"]:
            data["malta"] = 0
            log(data, "Malta", "Malta is neutralised: flip it to its inactive side")
    else:
        log(data, "7.1", f"The Axis attack Allied control of the {c.sea_names[z]}: {text} -> "
            "no result (Sea Attack Table)")


def allied_attack_sea(c: Components, data: dict[str, Any], z: int) -> None:
    """Allied Action Chart / 7.1: attack Axis control of sea zone ``z`` (no DRM, 7.3)."""
    die = roll(data)
    mod, text = _fmt(die, [])
    if c.sea_table[mod] == "attacker_wins":
        data["sea"][z] = ALLIED
        log(data, "7.1", f"The Allies attack Axis control of the {c.sea_names[z]}: {text} -> "
            "Allied win; flip the marker to Allied control (Sea Attack Table)")
    else:
        log(data, "7.1", f"The Allies attack Axis control of the {c.sea_names[z]}: {text} -> "
            "no result (Sea Attack Table)")
