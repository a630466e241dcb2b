"""Section 4.3, the Allied BOT: one roll on the Allied Action Chart each turn (3.3).

The BOT is part of the rules, not an AI: every choice it makes comes from a die.
An action that cannot be played is ignored (11.3).
"""

from __future__ import annotations

from typing import Any

from warroom.core.rng import roll
from warroom.games.eaw1940.combat import (
    AXIS,
    allied_attack_air,
    allied_attack_sea,
    allied_counter_attack,
)
from warroom.games.eaw1940.components import Components
from warroom.games.eaw1940.rules import log


def most_advanced(c: Components, data: dict[str, Any]) -> int:
    """The in-play Axis front furthest from its home (ties: the first in map order); -1 if none."""
    best, best_pos = -1, -2
    for f in range(len(c.front_ids)):
        if data["in_play"][f] and data["axis"][f] > best_pos:
            best, best_pos = f, data["axis"][f]
    return best


def roll_front(c: Components, data: dict[str, Any]) -> int:
    """Front Table: a d6 picks the front an Allied BOT action targets."""
    die = roll(data)
    f = c.front_table[die]
    if f < 0:
        f = most_advanced(c, data)
        log(data, "Front Table", f"Front Table: die {die} -> the most advanced Axis front, "
            f"{c.front_names[f]}")
    else:
        log(data, "Front Table", f"Front Table: die {die} -> the {c.front_names[f]} front")
    return f


def _ignore(c: Components, data: dict[str, Any], why: str) -> None:
    log(data, "11.3", f"The BOT action cannot be played ({why}): it is ignored")


def allied_bot_action(c: Components, data: dict[str, Any]) -> None:
    """3.3 / 4.3: roll on the Allied Action Chart and apply the result."""
    die = roll(data)
    action, text = c.chart[die]
    log(data, "4.3", f"Allied BOT: die {die} on the Allied Action Chart -> {text}")
    HANDLERS[action](c, data)


def _stall(c: Components, data: dict[str, Any]) -> None:
    f = roll_front(c, data)
    if not data["in_play"][f]:
        return _ignore(c, data, f"the Axis {c.front_names[f]} front is not in play")
    if data["stalled"][f]:
        return _ignore(c, data, f"the Axis {c.front_names[f]} front is already stalled")
    data["stalled"][f] = 1
    log(data, "4.4", f"The Axis {c.front_names[f]} front is flipped to its stalled side")


def _reserves(c: Components, data: dict[str, Any]) -> None:
    f = roll_front(c, data)
    if not data["in_play"][f]:
        return _ignore(c, data, f"the {c.front_names[f]} front is not in play")
    if data["reserve"][f]:
        return _ignore(c, data, f"the Allied {c.front_names[f]} front already has its reserve")
    data["reserve"][f] = 1
    log(data, "9.1", f"Allied reserves: the Allied {c.front_names[f]} front flips to its "
        "reserve side")


def _counter_attack(c: Components, data: dict[str, Any]) -> None:
    f = roll_front(c, data)
    if not data["in_play"][f]:
        return _ignore(c, data, f"the {c.front_names[f]} front is not in play")
    if data["axis"][f] < 0:
        return _ignore(c, data, f"the Allies already hold {c.routes[f][0]}")
    allied_counter_attack(c, data, f)


def _air_attack(c: Components, data: dict[str, Any]) -> None:
    f = roll_front(c, data)
    a = c.front_air[f]
    if data["air"][a] != AXIS:
        return _ignore(c, data, f"the Allies already control the {c.air_names[a]} air space")
    allied_attack_air(c, data, a)


def _sea_attack(c: Components, data: dict[str, Any]) -> None:
    for z in range(len(c.sea_ids)):
        if data["sea"][z] == AXIS:
            allied_attack_sea(c, data, z)
            return
    if not data["malta"] and data["sea"][c.malta_sea] != AXIS:
        data["malta"] = 1
        log(data, "Malta", "Malta is resupplied: flip it to its active side")
        return
    _ignore(c, data, "the Allies control both sea zones and Malta is active")


def _reserve_counter_attack(c: Components, data: dict[str, Any]) -> None:
    f = most_advanced(c, data)
    if f < 0 or data["axis"][f] < 0:
        return _ignore(c, data, "no Axis front to counter-attack")
    if not data["reserve"][f]:
        data["reserve"][f] = 1
        log(data, "9.1", f"Allied reserves: the Allied {c.front_names[f]} front flips to its "
            "reserve side")
    log(data, "11.4", "The reserve is added and used in the same turn")
    allied_counter_attack(c, data, f, bonus=c.reserve_ca_drm)


HANDLERS = {
    "stall": _stall,
    "reserves": _reserves,
    "counter_attack": _counter_attack,
    "air_attack": _air_attack,
    "sea_attack": _sea_attack,
    "reserve_counter_attack": _reserve_counter_attack,
}
