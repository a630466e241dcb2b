"""Section 2, Game Components and Set Up."""

from __future__ import annotations

from typing import Any

from warroom.core.flow import call
from warroom.core.log import log
from warroom.games.eaw1940.components import ALLIED, AXIS, Components


def setup(c: Components, data: dict[str, Any]) -> None:
    """2.1: place the markers; 2.2: the rest wait off the board. Then turn 1 begins (3)."""
    n = len(c.front_ids)
    # Axis front markers: Western and North Africa in Berlin and Rome (index 0 = home);
    # the Allied front markers stand on the adjacent location (index 1), always one
    # location ahead of the Axis front, so only the Axis position is stored.
    data["in_play"] = list(c.start_in_play)
    data["axis"] = [0] * n
    data["stalled"] = [0] * n
    data["reserve"] = [0] * n
    # Axis air control markers in each air space; the Axis air superiority marker.
    data["air"] = [AXIS] * len(c.air_ids)
    data["air_sup"] = [int(i == c.superiority_air) for i in range(len(c.air_ids))]
    # Allied sea zone control markers in each sea zone; Malta active side up.
    data["sea"] = [ALLIED] * len(c.sea_ids)
    data["malta"] = 1
    # 1 Axis tank with the Western front marker: tanks are [front, used] pairs.
    data["tanks"] = [[c.front_ids.index("western"), 0]]
    data["allied_tanks"] = []
    data["turn"] = 0
    data["ap"] = 0
    data["attacked"] = 0
    log(data, "2.1", "Set up: Allied fronts adjacent Berlin and Rome; Axis Western and "
        "North Africa fronts in Berlin and Rome with 1 tank on the Western front; Axis "
        "control of every air space, Allied control of both sea zones; Malta active")
    waiting = [c.front_names[i] for i in range(n) if not c.start_in_play[i]]
    log(data, "2.2", f"Not in play yet: Axis {', '.join(waiting)} fronts and the other "
        "tanks (see the turn track)")
    call(data, "turn", None, step="start")
