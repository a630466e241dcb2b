"""A Europe At War 1940 position as the Axis player reads it: the heuristic value of
``game.evaluate`` (the ``greedy`` and ``ismcts`` bots play the Axis against the Allied BOT).

The game is won by the flags (10.2: 3 of the 4 Allied flag locations at the end of a turn),
lost by Berlin or Rome (10.1: occupied by the Allies at the end of a turn after turn 5),
else judged by the Axis VP at the end against the bands of 10.4 (11 or less: Allied
decisive victory; 12-17: draw; 18 or more: Axis win). The value sums:

- **VP and the bands** (10.3, 10.4): the Axis VP now (flags, locations along each front,
  sea zones and air spaces), read against the draw band's middle, with a step toward each
  band's edge (the result changes at 12 and at 18).
- **Front depth** (Sequence of Play, Resolving Land Location Attacks): how far each front in
  play has advanced along its route, as a share of the route, past the VP it already
  scores (the next flags lie at the route's end).
- **Flags** (10.2): each Allied flag location held, more from the second on (three win).
- **Homes in danger** (10.1): a front pushed back to or behind its home.
- **Tempo**: stalled fronts (an AP to flip) and Allied reserves (-1 DRM).

A finished game is worth +100 for an Axis win (automatic, or 18 VP and more), -100 for an
Allied win, the VP against the draw band's middle for a draw.
"""

from __future__ import annotations

from typing import Any

from warroom.core.state import State
from warroom.games.eaw1940.victory import allies_occupy, band, flags_controlled, victory_points

WIN = 100.0
DRAW_LOW, DRAW_HIGH = 12, 18
"""10.4: the draw band 12-17 (the bundled victory table's bands, read at the edges)."""
BAND_STEP = 3.0
DEPTH_WEIGHT = 3.0
FLAG_WEIGHT = 4.0
HOME_WEIGHT = 10.0


def evaluate(st: State[Any], role: str) -> float:
    """``game.evaluate`` for the Axis (the only role): see the module's docstring."""
    game = st.game
    c = game.c
    data = st.data
    out = data["outcome"]
    if out:
        if out["kind"] == "axis_automatic":
            return WIN
        if out["kind"] == "allied_automatic":
            return -WIN
        vp = int(out["vp"])
        _label, winner, _text = band(c, vp)
        if winner == "axis":
            return WIN
        if winner == "allies":
            return -WIN
        return vp - (DRAW_LOW + DRAW_HIGH - 1) / 2.0
    vp = victory_points(c, data)
    value = vp - (DRAW_LOW + DRAW_HIGH - 1) / 2.0
    if vp >= DRAW_HIGH:
        value += BAND_STEP
    elif vp < DRAW_LOW:
        value -= BAND_STEP
    in_play, axis = data["in_play"], data["axis"]
    for f in range(len(c.front_ids)):
        if not in_play[f]:
            continue
        pos = axis[f]
        value += DEPTH_WEIGHT * max(0, pos) / max(1, c.last[f])
        if pos <= 0:
            value -= 1.0
    flags = len(flags_controlled(c, data))
    value += FLAG_WEIGHT * flags + (FLAG_WEIGHT if flags >= 2 else 0.0)
    value -= HOME_WEIGHT * len(allies_occupy(c, data))
    value -= 0.5 * sum(data["stalled"][f] for f in range(len(c.front_ids)) if in_play[f])
    value -= 0.3 * sum(data["reserve"])
    return float(value)


__all__ = ["evaluate"]
