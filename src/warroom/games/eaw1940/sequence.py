"""Section 3, Sequence of Play Each Turn (with 1.4, the turn track)."""

from __future__ import annotations

from typing import Any

from warroom.games.eaw1940.bot import allied_bot_action
from warroom.games.eaw1940.components import Components
from warroom.games.eaw1940.rules import log
from warroom.games.eaw1940.victory import end_of_turn_victory, final_victory


def start_turn(c: Components, data: dict[str, Any]) -> None:
    """3.1 and the turn track (1.4): AP for the turn, fronts and tanks entering."""
    turn = data["turn"] = data["turn"] + 1
    data["ap"] = c.turn_ap[turn]
    data["attacked"] = 0
    for tank in data["tanks"]:
        tank[1] = 0
    for tank in data["allied_tanks"]:
        tank[1] = 0
    log(data, "3.1", f"Turn {turn} ({c.turn_date[turn]}): the Axis have {data['ap']} AP")
    for f in c.turn_fronts_enter[turn]:
        if not data["in_play"][f]:
            home = c.routes[f][0]
            held = any(data["in_play"][g] and data["axis"][g] < 0 and c.routes[g][0] == home
                       for g in range(len(c.front_ids)))
            data["in_play"][f] = 1
            if held:
                # The Allies occupy the home (10.1): the new front starts outside it, its
                # Allied front marker in the home, and may attack to recover it.
                data["axis"][f] = -1
                log(data, "1.4", f"The Axis {c.front_names[f]} front enters play outside "
                    f"{home}, which the Allies occupy")
            else:
                data["axis"][f] = 0
                log(data, "1.4", f"The Axis {c.front_names[f]} front enters play in "
                    f"{home}, facing the Allies in {c.routes[f][1]}")
    for f in c.turn_allied_tanks[turn]:
        data["allied_tanks"].append([f, 0])
        log(data, "1.4", f"An Allied tank joins the Allied {c.front_names[f]} front")
    for _ in range(c.turn_axis_tanks[turn]):
        data["stack"].append({"kind": "place_tank", "role": "axis"})
        log(data, "1.4", "A new Axis tank arrives: the Axis player places it with a front")


def continue_turn(c: Components, data: dict[str, Any]) -> None:
    """After each Axis decision: with no AP left and nothing pending, the turn moves on."""
    stack = data["stack"]
    if len(stack) == 1 and data["ap"] == 0 and not data["outcome"]:
        end_axis_actions(c, data, spent=True)


def end_axis_actions(c: Components, data: dict[str, Any], spent: bool) -> None:
    """3.2 ends (4.1: unused AP are lost); 3.3 the Allied BOT acts; 3.4 the turn advances."""
    if not spent and data["ap"]:
        log(data, "4.1", f"The Axis end their actions; {data['ap']} unused AP are lost")
    data["ap"] = 0
    allied_bot_action(c, data)
    if end_of_turn_victory(c, data):
        data["stack"].clear()
        return
    if data["turn"] >= c.turns:
        final_victory(c, data)
        data["stack"].clear()
        return
    log(data, "3.4", f"Advance the turn marker to turn {data['turn'] + 1}")
    start_turn(c, data)
