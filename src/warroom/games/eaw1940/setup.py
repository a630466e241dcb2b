"""Section 2, Game Components and Set Up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warroom.core.flow import call
from warroom.core.log import log
from warroom.games.eaw1940.components import ALLIED, AXIS, Components


@dataclass(frozen=True, slots=True)
class Opening:
    """The set-up position of a content pack, compiled once (the lists are copied)."""

    in_play: tuple[int, ...]
    zeros: tuple[int, ...]                  # one per front
    air: tuple[int, ...]
    air_sup: tuple[int, ...]
    sea: tuple[int, ...]
    first_tank: int
    placed: str                             # the 2.1 log text
    waiting: str                            # the 2.2 log text


def opening(c: Components) -> Opening:
    """2.1: the markers; 2.2: what waits off the board."""
    n = len(c.front_ids)
    waiting = [c.front_names[i] for i in range(n) if not c.start_in_play[i]]
    return Opening(
        # Axis front markers: Western and North Africa in Berlin and Rome (index 0 = home);
        # the Allied front markers stand on the adjacent location (index 1), always one
        # location ahead of the Axis front, so only the Axis position is stored.
        in_play=tuple(c.start_in_play),
        zeros=(0,) * n,
        # Axis air control markers in each air space; the Axis air superiority marker.
        air=(AXIS,) * len(c.air_ids),
        air_sup=tuple(int(i == c.superiority_air) for i in range(len(c.air_ids))),
        # Allied sea zone control markers in each sea zone (Malta active side up).
        sea=(ALLIED,) * len(c.sea_ids),
        # 1 Axis tank with the Western front marker.
        first_tank=c.front_ids.index("western"),
        # the fronts as the pack names them ("Western front" under a pack's "Westfront": a
        # terminal audit)
        placed=("Set up: Allied fronts adjacent Berlin and Rome; Axis "
                f"{' and '.join(c.front_names[i] for i in range(n) if c.start_in_play[i])} "
                f"fronts in Berlin and Rome with 1 tank on the "
                f"{c.front_names[c.front_ids.index('western')]} front; Axis control of "
                "every air space, the Axis air superiority marker in "
                f"{c.air_names[c.superiority_air]} (reconstructed, 6.2); Allied control of "
                "both sea zones; Malta active"),
        waiting=(f"Not in play yet: Axis {', '.join(waiting)} fronts and the other tanks "
                 "(see the turn track)"),
    )


def setup(o: Opening, data: dict[str, Any]) -> None:
    """2.1: place the markers; 2.2: the rest wait off the board. Then turn 1 begins (3)."""
    data["in_play"] = list(o.in_play)
    data["axis"] = list(o.zeros)
    data["stalled"] = list(o.zeros)
    data["reserve"] = list(o.zeros)
    data["air"] = list(o.air)
    data["air_sup"] = list(o.air_sup)
    data["sea"] = list(o.sea)
    data["malta"] = 1
    data["tanks"] = [[o.first_tank, 0]]     # tanks are [front, used] pairs
    data["allied_tanks"] = []
    data["turn"] = 0
    data["ap"] = 0
    data["attacked"] = 0
    log(data, "2.1", o.placed)
    log(data, "2.2", o.waiting)
    call(data, "turn", None, step="start")
