"""Section 4.3, the Allied BOT: one roll on the Allied Action Chart each turn (3.3).

The BOT is part of the rules, not an AI: every choice it makes comes from a die rolled
from the state's RNG, inside the ``allied_bot`` procedure frame that the turn (3) calls
after the Axis actions. An action that cannot be played is ignored (11.3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from warroom.core.flow import Procedure, end
from warroom.core.log import log
from warroom.core.rng import roll
from warroom.core.state import Frame, State
from warroom.games.eaw1940.base import EawGame
from warroom.games.eaw1940.combat import (
    allied_attack_air,
    allied_attack_sea,
    allied_counter_attack,
)
from warroom.games.eaw1940.components import AXIS, Components

Data = dict[str, Any]


def most_advanced(c: Components, data: Data) -> int:
    """The in-play Axis front furthest from its home (ties: the first in map order); -1 if none."""
    best, best_pos = -1, -2
    for f in range(len(c.front_ids)):
        if data["in_play"][f] and data["axis"][f] > best_pos:
            best, best_pos = f, data["axis"][f]
    return best


def roll_front(c: Components, data: Data) -> int:
    """Front Table: a d6 picks the front an Allied BOT action targets."""
    die = roll(data)
    f = c.front_table[die]
    if f < 0:
        f = most_advanced(c, data)
        log(data, "Front Table", f"Front Table: die {die} -> the most advanced Axis front, "
            f"{c.front_names[f]}", die=die, front=c.front_ids[f])
    else:
        log(data, "Front Table", f"Front Table: die {die} -> the {c.front_names[f]} front",
            die=die, front=c.front_ids[f])
    return f


def _ignore(c: Components, data: Data, why: str) -> None:
    log(data, "11.3", f"The BOT action cannot be played ({why}): it is ignored")


STALLING = frozenset({"counter_attack", "reserve_counter_attack"})
"""The chart's actions whose success stalls the Axis front pushed back, where the pack says
so (``successful_counter_attack_stalls``)."""


def allied_bot_action(c: Components, data: Data) -> None:
    """3.3 / 4.3: roll on the Allied Action Chart and apply the result."""
    die = roll(data)
    action, text = c.chart[die]
    if c.counter_attack_stalls and action in STALLING:
        # the pack's flag, not the row's words, stalls the front a counter-attack pushes
        # back: said with the row (the stall came with no word of it before: an audit)
        text += " A successful counter-attack also stalls that Axis front."
    log(data, "4.3", f"Allied BOT: die {die} on the Allied Action Chart -> {text}", die=die,
        result=action)
    HANDLERS[action](c, data)


class AlliedBot(Procedure[EawGame]):
    """3.3 / 4.3: the Allied BOT's action of the turn, after the Axis actions."""

    kind = "allied_bot"

    def run(self, st: State[EawGame], frame: Frame) -> None:
        allied_bot_action(st.game.c, st.data)
        end(st.data)


def _stall(c: Components, data: Data) -> None:
    f = roll_front(c, data)
    if not data["in_play"][f]:
        return _ignore(c, data, f"the Axis {c.front_names[f]} front is not in play")
    if data["stalled"][f]:
        return _ignore(c, data, f"the Axis {c.front_names[f]} front is already stalled")
    data["stalled"][f] = 1
    log(data, "4.4", f"The Axis {c.front_names[f]} front is flipped to its stalled side")


def _reserves(c: Components, data: Data) -> None:
    # every Allied front marker is on the board from the set-up (2.1), also on a front
    # whose Axis marker is not in play yet (2.2): its reserve can come into play (9.1)
    f = roll_front(c, data)
    if data["reserve"][f]:
        return _ignore(c, data, f"the Allied {c.front_names[f]} front already has its reserve")
    data["reserve"][f] = 1
    log(data, "9.1", f"Allied reserves: the Allied {c.front_names[f]} front flips to its "
        "reserve side")


def _counter_attack(c: Components, data: Data) -> None:
    f = roll_front(c, data)
    if not data["in_play"][f]:
        return _ignore(c, data, f"the Axis {c.front_names[f]} front is not in play")
    if data["axis"][f] < 0:
        return _ignore(c, data, f"the Allies already hold {c.routes[f][0]}")
    allied_counter_attack(c, data, f)


def _air_attack(c: Components, data: Data) -> None:
    f = roll_front(c, data)
    a = c.front_air[f]
    if data["air"][a] != AXIS:
        return _ignore(c, data, f"the Allies already control the {c.air_names[a]} air space")
    allied_attack_air(c, data, a)


def _sea_attack(c: Components, data: Data) -> None:
    for z in range(len(c.sea_ids)):
        if data["sea"][z] == AXIS:
            allied_attack_sea(c, data, z)
            return
    if not data["malta"] and data["sea"][c.malta_sea] != AXIS:
        data["malta"] = 1
        log(data, "Malta", "Malta is resupplied: flip it to its active side")
        return
    _ignore(c, data, "the Allies control both sea zones and Malta is active")


def _reserve_counter_attack(c: Components, data: Data) -> None:
    f = most_advanced(c, data)
    if f < 0 or data["axis"][f] < 0:
        return _ignore(c, data, "no Axis front to counter-attack")
    if not data["reserve"][f]:
        data["reserve"][f] = 1
        log(data, "9.1", f"Allied reserves: the Allied {c.front_names[f]} front flips to its "
            "reserve side")
        log(data, "11.4", "The reserve is added and used in the same turn")
    else:       # 11.4's line only when it was added (an eaw1940 rules audit)
        log(data, "4.3", f"The Allied {c.front_names[f]} front's reserve, already in play, "
            "is used in the counter-attack (Allied Action Chart)")
    allied_counter_attack(c, data, f, bonus=c.reserve_ca_drm)


HANDLERS: Mapping[str, Callable[[Components, Data], None]] = {
    "stall": _stall,
    "reserves": _reserves,
    "counter_attack": _counter_attack,
    "air_attack": _air_attack,
    "sea_attack": _sea_attack,
    "reserve_counter_attack": _reserve_counter_attack,
}
