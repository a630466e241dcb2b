"""The evaluation functions of eit2 and sfe before issue 14 (copied verbatim from their
game.py), kept for :mod:`eval_matches` and :mod:`eval_speed` to compare against."""

from __future__ import annotations

from typing import Any

from warroom.core.state import State
from warroom.games.eit2.board import controller
from warroom.games.eit2.scoring import is_battleground
from warroom.games.eit2.sequence import rounds_per_turn
from warroom.games.sfe import engine as E
from warroom.games.sfe.counters import side_of, strength


def eit2_old(st: State[Any], role: str) -> float:
    game = st.game
    data = st.data
    out = data["outcome"]
    sign = 1.0 if role == "rw" else -1.0
    if out:
        w = out["winner"]
        return 0.0 if w is None else (100.0 if w == role else -100.0)
    me = game.roles.index(role)
    value: float = sign * data["power"]
    value += 0.3 * (data["mod"][me] - data["mod"][1 - me])
    value -= 2.0 * (data["sanctions"][me] - data["sanctions"][1 - me])
    c = game.c
    left = rounds_per_turn(data["turn"]) - data["round_done"][me]
    held = sum(1 for n in data["hands"][me] if c.cards[n].scoring)
    if held > left:
        value -= 40.0 * (held - left)
    for s in range(len(c.names)):
        ctl = controller(c, data, s)
        w = 1.5 if is_battleground(c, data, s) else 0.5
        if ctl == me:
            value += w
        elif ctl == 1 - me:
            value -= w
    return value


def sfe_old(st: State[Any], role: str) -> float:
    data = st.data
    out = data["outcome"]
    me = st.game.roles.index(role)
    if out:
        return 100.0 if out["winner"] == role else -100.0
    ax, al = E.victory_points(st)
    power = [0, 0]
    for units in data["u"]:
        for u in units:
            power[side_of(u)] += strength(u)
    value = float(ax - al) + 0.1 * (power[0] - power[1])
    return value if me == 0 else -value


OLD = {"eit2": eit2_old, "sfe": sfe_old}
