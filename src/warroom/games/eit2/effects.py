"""6.3.4: the effects of Rearmament Progress boxes (content/rearmament.yaml), executed for
the side the Progress marker shows once the box is reached."""

from __future__ import annotations

from typing import Any

from warroom.games.eit2.board import (
    ROLE,
    SIDE,
    Data,
    change_moderation,
    change_tension,
    controller,
    gain_power,
    other,
    place_sp,
    remove_sp,
)
from warroom.games.eit2.rules import log


def run_box_effects(c: Any, data: Data, side: int, t: int, box: Any) -> None:
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
                options = [s for s in range(len(c.names)) if data["ext"][side][s]]
                if options:
                    data["stack"].append({
                        "kind": "event_choice", "role": ROLE[side], "side": side,
                        "title": "rearmament", "step": "place_sp", "options": options,
                        "what": "space", "optional": False, "n": n,
                        "prompt": f"{box.name}: place {n} SP in a space with a friendly "
                                  "Extremist"})
        elif key == "remove_opposing_sp":
            remove_sp(c, data, other(side), c.index[arg["space"]], int(arg["n"]), "6.3.4")
        elif key == "support_check":
            mod = int(arg["modifier"])
            bonus = arg.get("bonus")
            if bonus and controller(c, data, c.index[bonus["if_controls"]]) == side:
                mod += int(bonus["n"])
            data["stack"].append({
                "kind": "event_choice", "role": ROLE[side], "side": side,
                "title": "rearmament", "step": "support_check",
                "options": [c.index[n] for n in arg["spaces"]], "what": "space",
                "optional": True, "ops": mod,
                "prompt": f"{box.name}: a Support Check with +{mod} in one of these spaces"})
        elif key == "free_attempt":
            playable = [n for n in data["hands"][side] if not c.cards[n].scoring]
            if playable:
                data["stack"].append({
                    "kind": "event_choice", "role": ROLE[side], "side": side,
                    "title": "rearmament", "step": "free_attempt",
                    "options": playable, "what": "card", "optional": True,
                    "prompt": f"{box.name}: play a card for a free Rearmament attempt "
                              "(6.3.5), or pass"})
        elif key == "ongoing":
            data["check_mods"].append({"marker": arg["marker"], "track": t,
                                       "value": int(arg["support_check_modifier"]),
                                       "spaces": [c.index[n] for n in arg.get("spaces", [])],
                                       "region": arg.get("region")})
            log(data, "6.3.4", f"The {arg['marker']} marker moves to the Event Chart: +"
                f"{arg['support_check_modifier']} to Support Checks of the side the "
                f"{c.track_names[t]} marker shows")
        else:
            raise ValueError(f"unknown Rearmament effect {key!r} in box {box.name}")


def ongoing_check_mods(c: Any, data: Data, side: int, s: int) -> list[tuple[int, str]]:
    """Support Check modifiers from Rearmament markers on the Event Chart."""
    out = []
    for m in data["check_mods"]:
        owner = data["rearm_side"][m["track"]] if "track" in m else m["side"]
        if owner != side:
            continue
        if (s in m.get("spaces", ()) or (m.get("region") and c.region[s] == m["region"])
                or (not m.get("spaces") and not m.get("region"))):
            out.append((m["value"], m["marker"]))
    return out


def _register() -> None:
    from warroom.games.eit2 import operations as op
    from warroom.games.eit2.events import step

    @step("rearmament", "place_sp")
    def _place(c: Any, data: Data, frame: dict[str, Any], choice: int | None) -> None:
        if choice is not None:
            place_sp(c, data, frame["side"], choice, frame["n"], "6.3.4")

    @step("rearmament", "support_check")
    def _check(c: Any, data: Data, frame: dict[str, Any], choice: int | None) -> None:
        if choice is not None:
            op.support_check(c, data, frame["side"], choice, frame["ops"], 0, "")

    @step("rearmament", "free_attempt")
    def _free(c: Any, data: Data, frame: dict[str, Any], choice: int | None) -> None:
        side = frame["side"]
        if choice is None:
            log(data, "6.3.5", f"{SIDE[side]} declines the free Rearmament attempt")
            return
        card = c.cards[choice]
        data["hands"][side].remove(choice)
        data["discard"].append(choice)
        ops = op.effective_ops(c, data, side, card.ops or 0, rearmament=True)
        log(data, "6.3.5", f"{SIDE[side]} plays {card.title} ({ops} OPs) for a free "
            "Rearmament attempt")
        data["stack"].append({"kind": "rearm_track", "role": ROLE[side], "side": side,
                              "ops": ops, "card_side": card.side, "free": True,
                              "track": None, "card": choice})


_register()
