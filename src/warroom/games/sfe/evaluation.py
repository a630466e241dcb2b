"""A Struggle for Europe position as a strong player reads it: the heuristic value used by
the ``greedy`` and ``ismcts`` bots (``game.evaluate``) and by the ``aggressive`` baseline.

What decides the game (rule 9) and how this evaluation weighs it, from the Axis side (the
Allied value is its negative, plus the terms about the evaluating role's own hand):

- **VP differential** (9.1-9.3): victory locations held (not contested) and the strategic
  bombing track (7.2.3), as :func:`engine.victory_points` counts them. A 7 VP lead at the
  end of the opponent's turn wins at once, so the value grows faster than linearly as a
  lead nears 7 (:data:`VP_WEIGHT`, :data:`VP_CURVE`).
- **Time left** (6, 9.4): the game ends when the Allied 3rd play deck runs out, and then the
  Axis win unless the Allies lead by 7. The Allies' hope shrinks as their decks are used up:
  :func:`allied_time_left` reads the deck stage (``dn``) and the cards left in the current
  play deck, and the Axis gain up to :data:`TIME_WEIGHT` as it nears 0.
- **Strength** (3, 8.2): the army strength (fortresses 3) on the map, per side; battles are
  won by strength plus air power plus the location defence value, and lost in counters.
- **Threats** (7.2.5, 7.2.7, 8.2): every location one side could take on its next turn:
  an empty enemy or neutral location next to its movable armies is taken without battle;
  an occupied one is attacked by the strongest single stack that can move into it (a move
  operation moves the counters of one location, 7.2.4) or, when contested, by the armies
  already in it. The odds compare that strength with the defenders' strength plus the
  defence value of the line (the face-down air cards of both sides are unknown and taken
  as equal, 8.1); an attack favoured by 3 or more is close to sure. A threat is worth the
  VP the location would swing (9.1), a little for other locations (supply lines, room),
  and more for the side whose player turn it is (it moves first).
- **Supply** (8.6): counters that cannot trace supply lose one counter per turn.
- **Cards** (5.1, 7.2.3): hand counts (public), and for the evaluating role its own hand's
  air power (the cards it will win battles with) and move cards.

Only public facts and the evaluating role's own hand are read: the opponent's hand, the
order of the play decks and face-down recycled cards never change the value (so the twin
states :func:`warroom.core.determinize` makes for a role evaluate alike for that role).
A finished game is worth +-100 as before.

Static tables (lines into each location, VP swing per location) are compiled once per
game object (:func:`tables`), never at module level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warroom.core.state import State
from warroom.games.sfe import engine as E
from warroom.games.sfe.components import AXIS, LAND, NAVAL, SOV, WEST
from warroom.games.sfe.counters import ALLIED_MIN, FORT_BIT, OWNER_SHIFT, STRENGTH_MASK
from warroom.games.sfe.tables import S, SfeBase

WIN = 100.0
VP_WEIGHT = 1.3
"""Value of one VP of differential."""
VP_CURVE = 0.35
"""Extra value per squared VP beyond 3 of lead (a lead of 7 wins, 9.2/9.3)."""
TIME_WEIGHT = 6.0
"""The Axis' gain as the Allied decks run out (9.4: the Axis win at the end without a 7 VP
Allied lead)."""
STRENGTH_WEIGHT = 0.3
THREAT_WEIGHT = 1.0
MOVER_BONUS = 1.5
"""A threat of the side whose player turn it is counts this much more (it acts first)."""
OTHER_LOCATION = 0.25
"""The value of taking a location worth no VP (room, supply lines, 8.6)."""
SUPPLY_WEIGHT = 0.6
HAND_WEIGHT = 0.25
AIR_WEIGHT = 0.08


@dataclass(frozen=True)
class SfeTables:
    """Per location: the lines out of it ``(line, destination, half left, half entered,
    naval, defence value entering, active from deck)``, its VP (9.1) and start colour."""

    out: tuple[tuple[tuple[int, int, int, int, int, int, int], ...], ...]
    vp: tuple[int, ...]
    color: tuple[int, ...]
    usa: int
    n: int


def tables(game: SfeBase) -> SfeTables:
    """The evaluation's tables of ``game``, compiled at the first call and kept on the game
    object (one per loaded content pack)."""
    cached: SfeTables | None = game.__dict__.get("_evaluation_tables")
    if cached is None:
        c = game.c
        cached = SfeTables(out=c.out, vp=tuple(c.vp),
                           color=tuple(c.color), usa=c.usa, n=c.n)
        game.__dict__["_evaluation_tables"] = cached
    return cached


def allied_time_left(data: dict[str, Any]) -> float:
    """The share of the game still to play, 1 at the start and 0 when the Allied 3rd play
    deck is drawn out (6, 9.4): a third per Allied play deck, the current one read from
    the cards left in it against the cards of its cycle (deck, hand and recycle pile)."""
    dn = min(3, int(data["dn"][1]))
    deck = len(data["deck"][1])
    cycle = deck + len(data["rec"][1]) + len(data["hand"][1])
    used = 1.0 - deck / cycle if cycle else 1.0
    return max(0.0, 1.0 - ((dn - 1) + used) / 3.0)


ODDS = (0.03, 0.08, 0.15, 0.27, 0.4, 0.55, 0.7, 0.82, 0.92)
"""The chance of winning a battle by margin -4..+4 (see :func:`odds`)."""


def odds(margin: int) -> float:
    """The chance an attack with ``margin`` = attack strength - defence (strength and
    defence value) succeeds, the two air cards taken as equal (8.1, 8.2: the defender wins
    ties): about even at +1, likely from +3 (the audit's rule of thumb)."""
    return ODDS[max(-4, min(4, margin)) + 4]


def axis_value(st: State[S], hand_of: int = -1) -> float:
    """The value for the Axis from public facts (see the module's docstring); ``hand_of``
    (0 Axis, 1 Allies) adds the terms of that side's own hand."""
    g = st.game
    t = tables(g)
    data = st.data
    ax, al = E.victory_points(st)
    d = ax - al
    value = VP_WEIGHT * d
    lead = abs(d) - 3
    if lead > 0:
        value += VP_CURVE * lead * lead * (1 if d > 0 else -1)
    left = allied_time_left(data)
    value += TIME_WEIGHT * (1.0 - left) * (1.0 - left)

    u_all = data["u"]
    ctl = data["ctl"]
    stage = min(3, int(data["dn"][1]))
    soviets = stage >= 2
    # per location: strength of each side's armies (movable) and all counters
    n = t.n
    arm = [[0] * n, [0] * n]
    total = [0, 0]
    present = [0] * n
    for loc in range(n):
        units = u_all[loc]
        if not units:
            continue
        mask = 0
        for u in units:
            side = 1 if u >= ALLIED_MIN else 0
            mask |= side + 1
            s = u & STRENGTH_MASK
            total[side] += s
            if not u & FORT_BIT and (u >> OWNER_SHIFT != SOV or soviets):
                arm[side][loc] += s
        present[loc] = mask
    if not E.usa_active(data):
        usa_str = arm[1][t.usa]
        total[1] -= usa_str
        arm[1][t.usa] = 0
    value += STRENGTH_WEIGHT * (total[0] - total[1])

    # threats (7.2.5, 7.2.7, 8.2): per side, the strongest single stack next to each
    # location (the line's defence value with it), then the odds there
    mover = int(data["side"])
    threat = [0.0, 0.0]
    vp = t.vp
    color = t.color
    usa = t.usa
    for side in (0, 1):
        mine = 2 if side else 1
        armies = arm[side]
        best: dict[int, tuple[int, int]] = {}
        for src in range(n):
            a = armies[src]
            if not a:
                continue
            if present[src] == 3:
                best[src] = (a, -1)           # contested: attack the other half (7.2.7)
            other = 0
            if side:
                other = WEST + SOV - (u_all[src][0] >> OWNER_SHIFT)
            for _li, d, _mh, _dh, _nv, dv, act in t.out[src]:
                if act > stage or d == usa or present[d] == 3 or present[d] == mine:
                    continue
                if other and (color[d] == other or ctl[d] == other):
                    continue                  # 3.2: blue never enters red, nor red blue
                if not present[d] and ctl[d] and (ctl[d] != AXIS) == bool(side):
                    continue                  # own empty location
                old = best.get(d)
                if old is None or a - dv > old[0] - old[1]:
                    best[d] = (a, dv)
        total_threat = 0.0
        for loc, (a, dv) in best.items():
            units = u_all[loc]
            p: float
            if dv < 0:
                dfn = sum(u & STRENGTH_MASK for u in units if (u >= ALLIED_MIN) != side)
                p = odds(a - dfn)
            elif not units:
                p = 0.9                       # walk in, no battle (7.2.5)
            else:
                p = odds(a - dv - sum(u & STRENGTH_MASK for u in units))
            worth = vp[loc] if vp[loc] and scores(color[loc], ctl[loc], side) \
                else OTHER_LOCATION
            total_threat += p * worth
        threat[side] = total_threat * (MOVER_BONUS if side == mover else 1.0)
    value += THREAT_WEIGHT * (threat[0] - threat[1])

    # supply (8.6)
    for own, sign in ((AXIS, 1.0), (WEST, -1.0), (SOV, -1.0)):
        for loc in E.out_of_supply(st, own):
            lost = sum(u & STRENGTH_MASK for u in u_all[loc] if u >> OWNER_SHIFT == own)
            value -= sign * SUPPLY_WEIGHT * (1.0 + 0.5 * lost)

    # cards (5.1, 7.2.3)
    hands = data["hand"]
    value += HAND_WEIGHT * (len(hands[0]) - len(hands[1]))
    if hand_of >= 0:
        c = g.c
        air = sorted((c.card_air[x] for x in hands[hand_of]), reverse=True)[:2]
        moves = sum(1 for x in hands[hand_of] if c.card_move[x] in (LAND, NAVAL))
        own_terms = AIR_WEIGHT * sum(air) + 0.1 * min(moves, 2)
        value += own_terms if hand_of == 0 else -own_terms
    return value


def scores(color: int, owner_now: int, side: int) -> bool:
    """9.1: whether ``side`` taking a location of start colour ``color`` now controlled by
    ``owner_now`` swings VP: the Axis score red and blue locations (or retake their own
    gray ones from the Allies), the Allies the gray ones (or retake theirs)."""
    if side == 0:
        return color in (WEST, SOV) or (color == AXIS and owner_now in (WEST, SOV))
    return color == AXIS or (color in (WEST, SOV) and owner_now == AXIS)


def evaluate(st: State[S], role: str) -> float:
    """``game.evaluate``: +-100 for a finished game, else :func:`axis_value` for ``role``
    (its own hand included), of the order of +-10 in a mid-game position."""
    data = st.data
    out = data["outcome"]
    if out:
        return WIN if out["winner"] == role else -WIN
    me = 0 if role == "axis" else 1
    v = axis_value(st, me)
    return v if me == 0 else -v


__all__ = ["SfeTables", "allied_time_left", "axis_value", "evaluate", "odds", "scores", "tables"]
