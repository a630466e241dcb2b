"""A Struggle for Europe position as a strong player reads it: the heuristic value used by
the ``greedy`` and ``ismcts`` bots (``game.evaluate``) and by the ``aggressive`` baseline.

What decides the game (rule 9) and how this evaluation weighs it, from the Axis side (the
Allied value is its negative, plus the terms about the evaluating role's own hand):

- **The 7-VP lead as odds** (9.1-9.4): the value is ``LOGIT_SCALE`` times the log odds of
  an Axis win (:func:`logit_value`). The Allies win only by leading by 7 VP at the end of an
  Axis turn; at the end of the Allied 3rd deck the Axis win whatever the lead short of 7
  (so an even game is an Axis game). The Allied lead that may be reached is the VP
  differential now (victory locations held, not contested, and the strategic bombing
  track, 7.2.3, as :func:`engine.victory_points` counts them) plus the terms below, counted
  with diminishing returns (a lead must be taken, not threatened) and, for strength and
  cards, as far as the time left lets them be used.
- **Time left** (6, 9.4): :func:`allied_time_left` reads the Allied deck stage (``dn``) and
  the cards left in the current play deck; less time, less spread in what may still happen,
  and less of the strength counted.
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
A finished game is worth +-100 as before. Before this form (a sum of VP, strength and
threat terms), a far stronger Allied side with no VP lead looked won (+25, saturating the
search's ``tanh``) while it lost every game at deck exhaustion.

Static tables (lines into each location, VP swing per location) are compiled once per
game object (:func:`tables`), never at module level.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import compress, count
from operator import add
from typing import Any

from warroom.core.state import State
from warroom.games.sfe import engine as E
from warroom.games.sfe.components import AXIS, LAND, NAVAL, SOV, WEST
from warroom.games.sfe.counters import OWNER_SHIFT, SIDE_BITS, STRENGTH_MASK
from warroom.games.sfe.facts import Board
from warroom.games.sfe.tables import S, SfeBase

WIN = 100.0
VP_WEIGHT = 1.0
"""Value of one VP of differential (the other terms are in these units)."""
ALLIED_TARGET = 6.5
"""The projected Allied lead at which the Allies are as likely to win as not (a lead of 7
at the end of an Axis turn wins, 9.3)."""
SPREAD = 2.5
SPREAD_TIME = 5.0
"""The spread of the projected lead: ``SPREAD + SPREAD_TIME * time left``, in VP."""
SLOW_FLOOR = 0.3
"""The share of the strength and card terms that counts when no time is left (the
battles of the last turns)."""
POTENTIAL_CAP = 1.5
POTENTIAL_CAP_TIME = 3.0
"""The most VP the threats, supply, strength and cards count for (see :func:`logit_value`)."""
LOGIT_SCALE = 5.0
"""The value is this times the log odds of an Axis win (ISMCTS's default ``scale`` 10
turns it into ``2 P - 1``)."""
LOGIT_SLOPE = 1.7
"""The logistic slope that matches a normal spread (``1 / (1 + exp(-1.7 z))``)."""
STRENGTH_WEIGHT = 0.3
THREAT_WEIGHT = 1.0
MOVER_BONUS = 1.5
"""A threat of the side whose player turn it is counts this much more (it acts first)."""
OTHER_LOCATION = 0.25
"""The value of taking a location worth no VP (room, supply lines, 8.6)."""
SUPPLY_WEIGHT = 0.6
HAND_WEIGHT = 0.25
AIR_WEIGHT = 0.08


PRESENT = tuple((1 if m & SIDE_BITS[0] else 0) | (2 if m & SIDE_BITS[1] else 0)
                for m in range(16))
"""The sides present (bit 1 the Axis, bit 2 the Allies) per mask of owners present
(:attr:`warroom.games.sfe.facts.Board.pm`)."""


@dataclass(frozen=True)
class SfeTables:
    """Per location: the lines out of it ``(line, destination, half left, half entered,
    naval, defence value entering, active from deck)``, its VP (9.1) and start colour."""

    out: tuple[tuple[tuple[int, int, int, int, int, int, int], ...], ...]
    reach: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """``reach[stage][loc]``: ``(destination, defence value entering)`` of the lines out of
    ``loc`` open at that Allied deck stage (1-3; 0 unused), the USA box left out (nothing
    attacks into it): what the threats look at."""
    vp: tuple[int, ...]
    color: tuple[int, ...]
    usa: int
    n: int
    worth: tuple[tuple[tuple[float, ...], ...], ...]
    """``worth[side][loc][owner now]``: what taking ``loc`` is worth to ``side`` in the
    threats: its VP where that swings VP (:func:`scores`), else :data:`OTHER_LOCATION`."""


def tables(game: SfeBase) -> SfeTables:
    """The evaluation's tables of ``game``, compiled at the first call and kept on the game
    object (one per loaded content pack)."""
    cached: SfeTables | None = game.__dict__.get("_evaluation_tables")
    if cached is None:
        c = game.c
        reach = tuple(tuple(tuple((d, dv) for _li, d, _mh, _dh, _nv, dv, act in lines
                                  if act <= stage and d != c.usa) for lines in c.out)
                      for stage in range(4))
        worth = tuple(tuple(tuple(c.vp[loc] if c.vp[loc] and scores(c.color[loc], now, side)
                                  else OTHER_LOCATION for now in range(4))
                            for loc in range(c.n)) for side in (0, 1))
        cached = SfeTables(out=c.out, reach=reach, vp=tuple(c.vp),
                           color=tuple(c.color), usa=c.usa, n=c.n, worth=worth)
        game.__dict__["_evaluation_tables"] = cached
    return cached


OWN_CONTROL = ((False, True, False, False), (False, False, True, True))
"""Per side, per owner of a location's control: whether it is the side's own."""


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


def position_terms(st: State[S], hand_of: int = -1) -> tuple[int, float, float, float]:
    """The parts of the Axis' value, in VP-like units: the VP differential (Axis minus
    Allies, 9.1-9.3), the terms that pay off next turn (threats, supply), the terms that
    pay off over the time left (strength, cards; ``hand_of``: 0 Axis, 1 Allies adds that
    side's own hand), and the share of the game left (:func:`allied_time_left`)."""
    g = st.game
    data = st.data
    ax, al = E.victory_points(st)
    lead = ax - al
    left = allied_time_left(data)
    strength, threat_axis, threat_allies, supply = board_terms(st)
    slow = STRENGTH_WEIGHT * strength
    mover = int(data["side"])
    soon = THREAT_WEIGHT * (threat_axis * (MOVER_BONUS if mover == 0 else 1.0)
                            - threat_allies * (MOVER_BONUS if mover == 1 else 1.0))
    for lost in supply:
        soon -= lost

    # cards (5.1, 7.2.3)
    hands = data["hand"]
    slow += HAND_WEIGHT * (len(hands[0]) - len(hands[1]))
    if hand_of >= 0:
        c = g.c
        air = sorted((c.card_air[x] for x in hands[hand_of]), reverse=True)[:2]
        moves = sum(1 for x in hands[hand_of] if c.card_move[x] in (LAND, NAVAL))
        own_terms = AIR_WEIGHT * sum(air) + 0.1 * min(moves, 2)
        slow += own_terms if hand_of == 0 else -own_terms
    return lead, soon, slow, left


BoardTerms = tuple[int, float, float, tuple[float, ...]]
"""What :func:`board_terms` reads from the board: the strength difference (Axis minus
Allies), each side's threats (before the mover's bonus) and the supply losses, each
signed as it is taken from the Axis' ``soon`` term."""


def board_terms(st: State[S]) -> BoardTerms:
    """The terms of :func:`position_terms` that depend on the board alone (its counters,
    control and the Allied deck stage): worked out once per board and kept with the board's
    other facts (:class:`warroom.games.sfe.facts.Board`), so the many search positions
    that differ from their parent by a card, a bombing or a pass, and not on the map, read
    them instead of counting again."""
    b = E.board(st)
    memo = b.memo
    out: BoardTerms | None = memo.get("evaluation")
    if out is None:
        out = memo["evaluation"] = _board_terms(st, b)
    return out


def _board_terms(st: State[S], b: Board) -> BoardTerms:
    """:func:`board_terms` worked out (``b``: the state's board, up to date)."""
    t = tables(st.game)
    data = st.data
    u_all = data["u"]
    ctl = data["ctl"]
    stage = b.stage
    # per location: strength of each side's armies (movable) and all counters (3, 6.5:
    # the Soviet armies move from the 2nd Allied play deck; the USA box's before the 3rd)
    mv0, mv1 = b.mv
    arm = (mv0, list(map(add, mv1, b.sv)) if stage >= 2 else mv1[:])
    st0, st1 = b.st
    total = [sum(st0), sum(st1)]
    if not E.usa_active(data):
        total[1] -= arm[1][t.usa]
        arm[1][t.usa] = 0
    present = [PRESENT[m] for m in b.pm]

    # threats (7.2.5, 7.2.7, 8.2): per side, the strongest single stack next to each
    # location (the line's defence value with it), then the odds there
    threat = [0.0, 0.0]
    color = t.color
    reach = t.reach[stage]
    for side in (0, 1):
        mine = 2 if side else 1
        own_ctl = OWN_CONTROL[side]
        armies = arm[side]
        theirs = b.st[1 - side]
        # per location attacked: (margin before the defenders, strength, defence value)
        best: dict[int, tuple[int, int, int]] = {}
        for src in compress(count(), armies):
            a = armies[src]
            if present[src] == 3:
                best[src] = (a + 1, a, -1)    # contested: attack the other half (7.2.7)
            other = WEST + SOV - (u_all[src][0] >> OWNER_SHIFT) if side else 0
            for d, dv in reach[src]:
                pd = present[d]
                if pd == 3 or pd == mine:
                    continue
                cd = ctl[d]
                if other and (color[d] == other or cd == other):
                    continue                  # 3.2: blue never enters red, nor red blue
                if not pd and own_ctl[cd]:
                    continue                  # own empty location
                old = best.get(d)
                if old is None or a - dv > old[0]:
                    best[d] = (a - dv, a, dv)
        worth = t.worth[side]
        total_threat = 0.0
        for loc, (_m, a, dv) in best.items():
            if dv < 0:
                m = a - theirs[loc]
            elif not present[loc]:
                total_threat += 0.9 * worth[loc][ctl[loc]]    # walk in, no battle (7.2.5)
                continue
            else:
                m = a - dv - theirs[loc]
            total_threat += odds(m) * worth[loc][ctl[loc]]
        threat[side] = total_threat

    # supply (8.6)
    supply: list[float] = []
    for own, sign in ((AXIS, 1.0), (WEST, -1.0), (SOV, -1.0)):
        for loc in E.out_of_supply(st, own):
            lost = sum(u & STRENGTH_MASK for u in u_all[loc] if u >> OWNER_SHIFT == own)
            supply.append(sign * SUPPLY_WEIGHT * (1.0 + 0.5 * lost))
    return total[0] - total[1], threat[0], threat[1], tuple(supply)


def axis_value(st: State[S], hand_of: int = -1) -> float:
    """The value for the Axis (see the module's docstring): ``LOGIT_SCALE`` times the log
    odds of an Axis win, read from :func:`position_terms` (``hand_of``: 0 Axis, 1 Allies adds
    the terms of that side's own hand)."""
    d, soon, slow, left = position_terms(st, hand_of)
    return logit_value(d, soon, slow, left)


def logit_value(d: float, soon: float, slow: float, left: float) -> float:
    """9.2-9.4 as odds. The Allies win only by leading by 7 VP (the Axis also win by a
    7 VP lead, and at the end of the Allied decks); the lead they may reach is the VP
    differential now, the threats and supply that pay off next turn, and the strength and
    cards as far as the time left lets them be turned into VP (:data:`SLOW_FLOOR` of them
    even at the end). That potential counts with diminishing returns, at most
    :data:`POTENTIAL_CAP` plus :data:`POTENTIAL_CAP_TIME` times the time left: a 7 VP lead
    must be taken, not threatened (without the cap, a side far stronger on the map looks
    won and its search no longer tells the moves that take VP from those that do not).
    The Allied chance is a logistic curve of how far that projected lead falls short of 7,
    its spread :data:`SPREAD` plus :data:`SPREAD_TIME` times the share of the game left
    (more can happen with more time). The value is ``LOGIT_SCALE`` times the
    log odds of an Axis win (positive: the Axis are favoured); with ISMCTS's default scale
    (``tanh(value / 10)`` = ``2 * P(Axis win) - 1`` exactly when ``LOGIT_SCALE`` is 5) it is
    the expected result."""
    potential = soon + slow * (SLOW_FLOOR + (1.0 - SLOW_FLOOR) * left)
    cap = POTENTIAL_CAP + POTENTIAL_CAP_TIME * left
    projected = -(VP_WEIGHT * d + cap * math.tanh(potential / cap))
    spread = SPREAD + SPREAD_TIME * left
    z = (projected - ALLIED_TARGET) / spread
    # log odds of an Allied win (logistic with the slope of a normal's spread) -> Axis value
    return -LOGIT_SCALE * LOGIT_SLOPE * z


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
