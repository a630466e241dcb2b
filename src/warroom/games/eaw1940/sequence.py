"""Section 3, Sequence of Play Each Turn (with 1.4, the turn track), as procedure frames.

``turn`` (3) runs a turn step by step: 3.1 the AP and the turn track, 3.2 the Axis
actions (``axis_actions``, which asks the ``actions`` decision while AP are left), 3.3 the
Allied BOT (``allied_bot``), then 10.1/10.2 at the end of the turn, 10.3/10.4 after the
last one, else 3.4: the next turn.
"""

from __future__ import annotations

from typing import Any

from warroom.core.flow import Procedure, call, end, game_over, goto
from warroom.core.log import log
from warroom.core.state import Frame, State
from warroom.games.eaw1940.base import EawGame
from warroom.games.eaw1940.components import Components
from warroom.games.eaw1940.victory import end_of_turn_victory, final_victory

Data = dict[str, Any]


def start_turn(c: Components, data: Data) -> None:
    """3.1 and the turn track (1.4): AP for the turn, fronts and tanks entering.

    Each arriving Axis tank pushes a ``place_tank`` decision (1.4).
    """
    turn = data["turn"] = data["turn"] + 1
    data["ap"] = c.turn_ap[turn]
    data["attacked"] = 0
    for tank in data["tanks"]:
        tank[1] = 0
    for tank in data["allied_tanks"]:
        tank[1] = 0
    log(data, "3.1", f"Turn {turn} ({c.turn_date[turn]}): the Axis have {data['ap']} AP",
        turn=turn, ap=data["ap"])
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
                    f"{home}, which the Allies occupy", front=c.front_ids[f])
            else:
                data["axis"][f] = 0
                log(data, "1.4", f"The Axis {c.front_names[f]} front enters play in "
                    f"{home}, facing the Allies in {c.routes[f][1]}", front=c.front_ids[f])
    for f in c.turn_allied_tanks[turn]:
        data["allied_tanks"].append([f, 0])
        log(data, "1.4", f"An Allied tank joins the Allied {c.front_names[f]} front",
            front=c.front_ids[f])
    for _ in range(c.turn_axis_tanks[turn]):
        call(data, "place_tank", "axis")
        log(data, "1.4", "A new Axis tank arrives: the Axis player places it with a front")


class Turn(Procedure[EawGame]):
    """3: one turn, in steps (``start``, ``axis``, ``bot``, ``end``); the bottom frame."""

    kind = "turn"

    def run(self, st: State[EawGame], frame: Frame) -> None:
        c, data = st.game.c, st.data
        step = frame["step"]
        if step == "start":                     # 3.1, 1.4
            goto(data, "turn", step="axis")
            start_turn(c, data)
        elif step == "axis":                    # 3.2
            goto(data, "turn", step="bot")
            call(data, "axis_actions")
        elif step == "bot":                     # 3.3
            goto(data, "turn", step="end")
            call(data, "allied_bot")
        else:                                   # 10.1, 10.2; 10.3, 10.4; 3.4
            outcome = end_of_turn_victory(c, data)
            if outcome is None and data["turn"] >= c.turns:
                outcome = final_victory(c, data)
            if outcome is not None:
                game_over(data, outcome)
                return
            log(data, "3.4", f"Advance the turn marker to turn {data['turn'] + 1}",
                turn=data["turn"] + 1)
            goto(data, "turn", step="start")


class AxisActions(Procedure[EawGame]):
    """3.2 / 4.1: the Axis choose actions while AP are left (or until they end them)."""

    kind = "axis_actions"

    def run(self, st: State[EawGame], frame: Frame) -> None:
        data = st.data
        if data["ap"] > 0:
            call(data, "actions", "axis")
        else:
            end(data)
