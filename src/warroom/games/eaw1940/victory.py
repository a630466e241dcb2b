"""Section 10, How to Win."""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.games.eaw1940.components import AXIS, Components

Data = dict[str, Any]


def flags_controlled(c: Components, data: Data) -> list[str]:
    """Allied flag locations the Axis control: their front reached or passed the flag."""
    in_play, axis = data["in_play"], data["axis"]
    out: list[str] = []
    for f, i, name, _ in c.flags:
        if in_play[f] and axis[f] >= i:
            out.append(name)
    return out


def allies_occupy(c: Components, data: Data) -> list[str]:
    """Axis homes (Berlin, Rome) the Allies occupy: an in-play front pushed outside its home."""
    in_play, axis = data["in_play"], data["axis"]
    homes: list[str] = []
    for f, home in enumerate(c.front_home):
        if axis[f] < 0 and in_play[f]:
            homes.append(home)
    if not homes:
        return homes
    return [h for h in c.allied_auto_homes if h in homes]


def vp_breakdown(c: Components, data: Data) -> list[tuple[str, int]]:
    """10.3: the Axis victory points, item by item."""
    v = c.victory.vp
    items: list[tuple[str, int]] = []
    for f, i, name, vp in c.flags:
        if data["in_play"][f] and data["axis"][f] >= i:
            items.append((f"{name} controlled by the Axis", vp))
    for f in range(len(c.front_ids)):
        pos = data["axis"][f]
        if data["in_play"][f] and pos > 0:
            n = sum(1 for i in range(1, pos + 1) if not c.flag_vp[f][i])
            if n:
                places = "location" if n == 1 else "locations"
                items.append((f"{c.front_names[f]} front: {n} {places} up to "
                              f"{c.routes[f][pos]}", n * v.per_location))
    for z in range(len(c.sea_ids)):
        if data["sea"][z] == AXIS:
            items.append((f"{c.sea_names[z]} controlled by the Axis", v.sea_axis))
        else:
            items.append((f"{c.sea_names[z]} controlled by the Allies", v.sea_allied))
    for a in range(len(c.air_ids)):
        if data["air"][a] == AXIS:
            items.append((f"{c.air_names[a]} air space controlled by the Axis", v.air_axis))
        else:
            items.append((f"{c.air_names[a]} air space controlled by the Allies", v.air_allied))
    return items


def victory_points(c: Components, data: Data) -> int:
    """10.3: the Axis victory points, the sum of :func:`vp_breakdown`'s items counted
    without their words (the search's evaluation asks at every position it judges)."""
    v = c.victory.vp
    in_play, axis = data["in_play"], data["axis"]
    total: int = 0
    for f, i, _name, vp in c.flags:
        if in_play[f] and axis[f] >= i:
            total += vp
    for f, flag_vp in enumerate(c.flag_vp):
        pos = axis[f]
        if in_play[f] and pos > 0:
            total += v.per_location * sum(1 for i in range(1, pos + 1) if not flag_vp[i])
    sea: list[int] = data["sea"]
    held = sea.count(AXIS)
    total += held * v.sea_axis + (len(sea) - held) * v.sea_allied
    air: list[int] = data["air"]
    held = air.count(AXIS)
    total += held * v.air_axis + (len(air) - held) * v.air_allied
    return total


def band(c: Components, vp: int) -> tuple[str, str | None, str]:
    """10.4: (label, winner, historical text) of an Axis score."""
    for b in c.victory.bands:
        if (b.min is None or vp >= b.min) and (b.max is None or vp <= b.max):
            return b.label, b.winner, b.text
    raise ValueError(f"no victory band covers {vp} VP")


def end_of_turn_victory(c: Components, data: Data) -> dict[str, Any] | None:
    """10.1 and 10.2, checked at the end of every turn: the outcome when the game is won."""
    turn = data["turn"]
    occupied = allies_occupy(c, data)
    if occupied and turn > c.allied_auto_after:
        log(data, "10.1", f"The Allies occupy {' and '.join(occupied)} at the end of turn "
            f"{turn}: Allied automatic victory", where=list(occupied), turn=turn)
        return {"kind": "allied_automatic", "vp": victory_points(c, data), "where": occupied}
    flags = flags_controlled(c, data)
    if len(flags) >= c.flags_needed:
        log(data, "10.2", f"The Axis control {', '.join(flags)} at the end of turn {turn}: "
            "Axis automatic victory", where=list(flags), turn=turn)
        return {"kind": "axis_automatic", "vp": victory_points(c, data), "where": flags}
    if occupied:
        log(data, "10.1", f"The Allies occupy {' and '.join(occupied)}, but no automatic "
            f"victory before the end of turn {c.allied_auto_after + 1}", where=list(occupied),
            turn=turn)
    return None


def final_victory(c: Components, data: Data) -> dict[str, Any]:
    """10.3 and 10.4 after the last turn: the outcome."""
    items = vp_breakdown(c, data)
    for what, vp in items:
        log(data, "10.3", f"{vp:+d} VP: {what}", vp=vp)
    vp = sum(vp for _, vp in items)
    label, _, text = band(c, vp)
    log(data, "10.4", f"Axis score {vp} VP: {text}", vp=vp, label=label)
    return {"kind": "points", "vp": vp, "where": []}
