"""Section 3, Sequence of Play Each Turn (with 1.4, the turn track), as procedure frames.

``turn`` (3) runs the turns. It begins one by pushing its frames in reverse order: the
Allied BOT (3.3, the ``allied_bot`` procedure), under the Axis actions (3.2, the
``actions`` decision, asked until the AP are spent or the Axis end them), under a
``place_tank`` decision for each tank arriving (1.4); 3.1 (AP, the turn track) is done at
once. When they have run, ``turn`` checks 10.1/10.2, scores 10.3/10.4 after the last turn,
else moves the turn marker (3.4) and begins the next turn.
"""

from __future__ import annotations

from typing import Any

from warroom.core.flow import Procedure, call, game_over
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
    log(data, "3.1", f"Turn {turn} ({c.turn_date[turn]}): the Axis have {data['ap']} AP")
    for f in c.turn_fronts_enter[turn]:
        if not data["in_play"][f]:
            # Placed as 2.1 places a front: the Axis marker in its home, the Allied marker
            # on the next location of its route. Where another front's Allied marker holds
            # that home (10.1), it stays there and only that front can push it out: the
            # new front's own Allied marker is never put in the home, which an Axis win
            # elsewhere could not clear (one Berlin held by both sides; see the test).
            home = c.routes[f][0]
            holders = [c.front_names[g] for g in range(len(c.front_ids))
                       if data["in_play"][g] and data["axis"][g] < 0 and c.routes[g][0] == home]
            data["in_play"][f] = 1
            data["axis"][f] = 0
            held = (f" (the Allied {' and '.join(holders)} front{'s' if len(holders) > 1 else ''}"
                    f" still hold{'' if len(holders) > 1 else 's'} {home})" if holders else "")
            log(data, "1.4", f"The Axis {c.front_names[f]} front enters play in "
                f"{home}, facing the Allies in {c.routes[f][1]}{held}")
    for f in c.turn_allied_tanks[turn]:
        data["allied_tanks"].append([f, 0])
        # the turns tanks arrive are reconstructed: 1.4 names front armies only (an audit)
        log(data, "Turn Track", f"An Allied tank joins the Allied {c.front_names[f]} front")
    for _ in range(c.turn_axis_tanks[turn]):
        call(data, "place_tank", "axis")
        log(data, "Turn Track",
            "A new Axis tank arrives: the Axis player places it with a front")


def begin_turn(c: Components, data: Data) -> None:
    """A new turn, planned on the stack in reverse: the Allied BOT (3.3) waits under the
    Axis actions (3.2), which wait under the new tanks to place (1.4, by ``start_turn``)."""
    call(data, "allied_bot")
    call(data, "actions", "axis")
    start_turn(c, data)


class Turn(Procedure[EawGame]):
    """3: the bottom frame. It begins each turn (``begin_turn``); when the turn's frames
    are done it checks 10.1/10.2, scores 10.3/10.4 after the last turn, else moves the turn
    marker (3.4) and begins the next turn."""

    kind = "turn"

    def run(self, st: State[EawGame], frame: Frame) -> None:
        c, data = st.game.c, st.data
        if frame["step"] == "end":              # 10.1, 10.2; 10.3, 10.4; 3.4
            outcome = end_of_turn_victory(c, data)
            if outcome is None and data["turn"] >= c.turns:
                outcome = final_victory(c, data)
            if outcome is not None:
                game_over(data, outcome)
                return
            log(data, "3.4", f"Advance the turn marker to turn {data['turn'] + 1}")
        else:                                   # the first turn
            frame["step"] = "end"
        begin_turn(c, data)
