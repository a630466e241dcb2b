"""The fixed catalogue of the Axis player's actions (4.2, 8.1, 1.4) and their decoding.

Keys name content by id (``attack:western``, ``tank:western:eastern``); ``decode[id]`` is
the action's kind (one of the constants below) and its front / air space / sea zone
indices, so the rules never parse a key.
"""

from __future__ import annotations

from dataclasses import dataclass

from warroom.core.actions import ActionCatalogue, Entry
from warroom.games.eaw1940.components import Components

ATTACK, SEA, AIR, TANK, UNSTALL, END, REROLL, KEEP, PLACE = range(9)

Decoded = tuple[int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class ActionTable:
    """The catalogue, each action's (kind, arguments) and the ids the rules offer."""

    catalogue: ActionCatalogue
    decode: tuple[Decoded, ...]
    attack_id: tuple[int, ...]
    sea_id: tuple[int, ...]
    air_id: tuple[int, ...]
    tank_id: tuple[tuple[int, ...], ...]       # [from][to]; -1 on the diagonal
    unstall_id: tuple[int, ...]
    place_id: tuple[int, ...]
    end_id: int
    reroll_id: int
    keep_id: int
    attacks: tuple[tuple[int, int, int], ...]   # (front, its last location, attack id)
    tank_moves: tuple[tuple[tuple[int, int], ...], ...]   # [from] -> ((to, id), ...)


def build_catalogue(c: Components) -> ActionTable:
    """Every action the Axis player can ever take, in a fixed order."""
    entries: list[Entry] = []
    decode: list[Decoded] = []
    fronts = range(len(c.front_ids))

    def add(key: str, label: str, kind: int, *args: int) -> int:
        entries.append((key, label))
        decode.append((kind, args))
        return len(entries) - 1

    attack = [add(f"attack:{c.front_ids[f]}", f"Attack the Allied {c.front_names[f]} front",
                  ATTACK, f) for f in fronts]
    sea = [add(f"sea:{c.sea_ids[z]}", f"Attack Allied control of the {c.sea_names[z]}", SEA, z)
           for z in range(len(c.sea_ids))]
    air = [add(f"air:{c.air_ids[a]}",
               f"Attack Allied control of the {c.air_names[a]} air space", AIR, a)
           for a in range(len(c.air_ids))]
    tank = [[-1] * len(fronts) for _ in fronts]
    for f in fronts:
        for g in fronts:
            if f != g:
                tank[f][g] = add(
                    f"tank:{c.front_ids[f]}:{c.front_ids[g]}",
                    f"Move a tank from the {c.front_names[f]} to the {c.front_names[g]} front",
                    TANK, f, g)
    unstall = [add(f"unstall:{c.front_ids[f]}",
                   f"Flip the {c.front_names[f]} front from stalled to active", UNSTALL, f)
               for f in fronts]
    end = add("end_turn", "End the Axis actions (unused AP are lost)", END)
    reroll = add("reroll", "Use the tank: re-roll the attack", REROLL)
    keep = add("keep", "Keep the result (save the tank)", KEEP)
    place = [add(f"place_tank:{c.front_ids[f]}",
                 f"Place the new tank with the {c.front_names[f]} front", PLACE, f)
             for f in fronts]
    return ActionTable(
        ActionCatalogue(entries), tuple(decode), tuple(attack), tuple(sea), tuple(air),
        tuple(tuple(row) for row in tank), tuple(unstall), tuple(place), end, reroll, keep,
        attacks=tuple((f, c.last[f], attack[f]) for f in fronts),
        tank_moves=tuple(tuple((g, tank[f][g]) for g in fronts if g != f) for f in fronts))
