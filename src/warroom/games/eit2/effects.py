"""6.3.4: the effects of Rearmament Progress boxes (content/rearmament.yaml), executed for
the side the Progress marker shows once the box is reached."""

from __future__ import annotations

from typing import Any

from warroom.core.flow import call
from warroom.core.log import log
from warroom.games.eit2.board import (
    ROLE,
    SIDE,
    Data,
    change_moderation,
    change_tension,
    controller,
    demilitarized,
    gain_power,
    other,
    place_sp,
    remove_sp,
)
from warroom.games.eit2.components import Box, Components


def run_box_effects(c: Components, data: Data, side: int, t: int, box: Box) -> None:
    """Execute ``box``'s effects in order (6.3.4). The Washington Naval Treaty, when in
    force, takes precedence on navy boxes (its Event's restriction is applied first)."""
    side = data["rearm_side"][t]
    if box.kind == "navy" and data["flags"].get("washington_naval_treaty"):
        log(data, "6.3.4", f"The Washington Naval Treaty takes precedence on the Navy box "
            f"{box.name}: {SIDE[side]} first reduces their Moderation by 1 (card 8)")
        change_moderation(c, data, side, -1, "6.3.4")
    for eff in box.effects:
        (key, arg), = eff.items()
        if key == "tension":
            change_tension(c, data, int(arg), side, "6.3.4")
        elif key == "moderation":
            change_moderation(c, data, side, int(arg), "6.3.4")
        elif key == "power":
            n = int(arg["n"])
            need = arg.get("requires_control")
            if need is not None and controller(c, data, c.index[need]) != side:
                log(data, "6.3.4", f"{box.name}: no Power, {SIDE[side]} does not control "
                    f"{need}")
                continue
            bonus = arg.get("bonus")
            if bonus and controller(c, data, c.index[bonus["if_controls"]]) == side:
                n += int(bonus["n"])
            gain_power(c, data, side, n, "6.3.4")
        elif key == "place_sp":
            n = int(arg["n"])
            if "space" in arg:
                place_sp(c, data, side, c.index[arg["space"]], n, "6.3.4")
            else:
                options = [s for s in range(len(c.names)) if data["ext"][side][s]
                           and not demilitarized(c, data, s)]     # 3.5: not named
                if options:
                    call(data, "box_place_sp", ROLE[side], side=side, options=options, n=n,
                         box=box.name)
                else:       # said, not silent (an operations audit)
                    log(data, "6.3.4", f"{box.name}: no space holds a {SIDE[side]} "
                        f"Extremist, so its {n} SP {'is' if n == 1 else 'are'} not placed")
        elif key == "remove_opposing_sp":
            remove_sp(c, data, other(side), c.index[arg["space"]], int(arg["n"]), "6.3.4")
        elif key == "support_check":
            mod = int(arg["modifier"])
            bonus = arg.get("bonus")
            if bonus and controller(c, data, c.index[bonus["if_controls"]]) == side:
                mod += int(bonus["n"])
            call(data, "box_support_check", ROLE[side], side=side,
                 options=[c.index[n] for n in arg["spaces"]], ops=mod, box=box.name)
        elif key == "free_attempt":
            # asked whenever the hand holds a card: which of them are Scoring cards (never
            # playable for it) is hidden, so the question is, and its legal plays are read
            # from the hand when asked (never stored where a determinized copy keeps them)
            if data["hands"][side]:
                call(data, "free_attempt", ROLE[side], side=side, box=box.name)
            else:
                log(data, "6.3.5", f"{SIDE[side]} holds no card for the free Rearmament "
                    "attempt")
        elif key == "ongoing":
            install_box_ongoing(c, data, t, arg)
            log(data, "6.3.4", f"The {arg['marker']} marker moves to the Event Chart: +"
                f"{arg['support_check_modifier']} to Support Checks of the side the "
                f"{c.track_names[t]} marker shows")
        else:
            raise ValueError(f"unknown Rearmament effect {key!r} in box {box.name}")


def install_box_ongoing(c: Components, data: Data, t: int, arg: dict[str, Any]) -> None:
    """Put a box's ongoing effect (its reminder marker on the Event Chart) in force: a
    Support Check modifier for the side the track's marker shows. 11.2.2: the box's one
    reminder marker "is moved to the Event Chart when the nation's Rearmament Marker reaches
    their space"; a box reached again after a retreat (6.3.9) finds it there already, so
    its modifier does not stack."""
    if any(m.get("marker") == arg["marker"] and m.get("track") == t
           for m in data["check_mods"]):
        return
    data["check_mods"].append({"marker": arg["marker"], "track": t,
                               "value": int(arg["support_check_modifier"]),
                               "spaces": [c.index[n] for n in arg.get("spaces", [])],
                               "region": arg.get("region")})


def passed_boxes_in_force(c: Components, data: Data) -> None:
    """11.2.2 / 12.2 / 13.2: a scenario that starts with a Rearmament marker beyond boxes
    with reminder markers has those markers off the chart ("moved to the Reminder Sheet"):
    their ongoing effects are in force, as if the boxes had been reached in play (each
    Support Check it modifies names the marker among its modifiers)."""
    for t in range(len(c.track_ids)):
        for box in c.boxes[t][1:data["rearm"][t] + 1]:
            for eff in box.effects:
                if "ongoing" in eff:
                    install_box_ongoing(c, data, t, eff["ongoing"])


def ongoing_check_mods(c: Components, data: Data, side: int, s: int
                       ) -> list[tuple[int, str]]:
    """Support Check modifiers from Rearmament markers (and ongoing Events) on the Event
    Chart."""
    out: list[tuple[int, str]] = []
    for m in data["check_mods"]:
        owner = data["rearm_side"][m["track"]] if "track" in m else m["side"]
        if owner != side:
            continue
        if (s in m.get("spaces", ()) or (m.get("region") and c.region[s] == m["region"])
                or (not m.get("spaces") and not m.get("region"))):
            out.append((m["value"], m["marker"]))
    return out
