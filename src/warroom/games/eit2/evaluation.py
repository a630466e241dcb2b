"""A Europe in Turmoil II position as a strong player reads it: the heuristic value of
``game.evaluate`` (the ``greedy`` and ``ismcts`` bots) and of the ``aggressive`` baseline.

From the Right Wing's side (the Left Wing's value is its negative, plus the terms about the
evaluating role's own hand), a sum of:

- **Power** (10.3): the marker, growing faster than linearly toward the automatic victory
  at 20 (10.4.1).
- **Region standing against the Scoring still to come** (10.1, 10.4.4, 11.2.1): each
  Scoring Region is scored now as its Scoring card would score it (Presence / Domination /
  Control with the card's values, +1 per controlled Battleground, +1 per controlled
  adjacent Independent, 10.1.1-10.1.4; French Catholics and the Rhineland as conditional
  Battlegrounds, Poland and Switzerland as conditional neighbours, 10.3 note), and the net
  is weighted by how often that standing will still be scored: once at Final Scoring
  (10.4.4; more as turn 10 nears and as Tension makes war likely, 9.4), plus the region's
  Scoring card: sure this turn when the evaluating role holds it (4.5.3: it must be
  played), likely when it is unseen (in the draw deck or the opponent's hand, which the
  role cannot tell apart), later when discarded (4.3 reshuffle), when its era is still to
  come (4.1: turn 5 and 7), never once removed (the Spain card, 10.3 note).
- **Progress toward control** (2.1.4, 6.1.3): in spaces of Scoring Regions and their
  adjacent Independents, the SP margin short of control counts a little, so an SP placed
  toward a flip is worth something before the flip.
- **Moderation vs Power** (8.3, 10.4.4): a player whose Moderation is below the Power on
  their side loses 1 OP per card; at Final Scoring the lower Moderation takes one Sanction
  per point of difference, 2 Power each, so the difference counts more as turn 10 nears;
  Sanctions held cost 2 Power each at Final Scoring.
- **Tension** (9.4): raises the weight of Final Scoring's standing (war ends the game with
  Final Scoring, 10.4.2), so the side ahead on the board gains from it.
- **Extremists** (6.2.5, 6.3.2, 11.1.4): each is +1 to friendly and -1 to opposing Support
  Checks (and Rearmament attempts) in its space and the adjacent ones; more where Scoring
  Regions are.
- **Rearmament** (6.3): on each open track the side its marker shows gets +1 on attempts
  and the box effects (6.3.2, 6.3.3); reached boxes with ongoing markers help the marker's
  side (11.2.2); an unused attempt this turn (6.3.2).
- **Held Scoring cards** (4.5.3): more Scoring cards in the role's hand than its Action
  Rounds left lose the game.
- **Hand quality** (5.2, 6.0): the OPs of the role's own cards, an opponent's Event card
  counting half (its Event fires for the opponent when played for OPs).

Only public facts and the evaluating role's own hand are read (the opponent's hand and the
deck order never change the value, so :func:`warroom.core.determinize` twins evaluate
alike). A finished game is worth +-100 (0 for a draw), as before.

The static tables (regions, Battlegrounds, neighbours, scoring cards, tracks) are compiled
once per game object (:func:`tables`), never at module level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from warroom.core.state import State
from warroom.games.eit2.base import EitGame
from warroom.games.eit2.board import LW, RW
from warroom.games.eit2.sequence import rounds_per_turn

WIN = 100.0
POWER_CURVE = 0.015
"""Extra value per squared Power point (20 Power wins at once, 10.4.1)."""
OWN_CARD = 1.0
UNSEEN_CARD = 0.6
DISCARDED_CARD = 0.3
FUTURE_ERA_CARD = 0.5
PROGRESS_WEIGHT = 0.25
PENALTY = 1.2
"""8.3: -1 OP on each card while Power is beyond one's Moderation."""
EXT_NEAR_REGION = 0.35
EXT_ELSEWHERE = 0.15
TRACK_SIDE = 0.35
ONGOING_MARKER = 0.8
ATTEMPT_LEFT = 0.3
HAND_OPS = 0.12
HELD_SCORING = 40.0
G = TypeVar("G", bound=EitGame)
"""The game type of a state (the rules' :class:`EitGame` or the protocol's game)."""
ERA_TURN = {"Roaring Twenties": 1, "Great Depression": 5, "Appeasement": 7}
"""4.1: the turn each era's deck enters the draw pile."""


@dataclass(frozen=True)
class Region:
    """A Scoring Region's static facts (2.1, 10.1, 10.3 note)."""

    name: str
    spaces: tuple[int, ...]
    battlegrounds: tuple[int, ...]
    canonization: tuple[int, ...]
    """Spaces that are Battlegrounds once Joan of Arc is canonised (French Catholics)."""
    rhineland: tuple[int, ...]
    """Spaces that are Battlegrounds once no longer demilitarised (the Rhineland)."""
    independents: tuple[int, ...]
    poland_if_guaranteed: bool
    switzerland_if_league: bool
    presence: int
    domination: int
    control: int
    card: int
    era_turn: int


@dataclass(frozen=True)
class Eit2Tables:
    stability: tuple[int, ...]
    regions: tuple[Region, ...]
    progress: tuple[tuple[int, int], ...]
    """(space, region index) of the spaces whose SP margin counts (2.1.4): the spaces of
    each Scoring Region and the Independents adjacent to it."""
    ext_weight: tuple[float, ...]
    ongoing_boxes: tuple[tuple[int, ...], ...]
    track_last: tuple[int, ...]
    card_ops: dict[int, int]
    card_side: dict[int, str]
    scoring_cards: frozenset[int]
    poland: int
    switzerland: int


def tables(game: EitGame) -> Eit2Tables:
    """The evaluation's tables of ``game``, compiled at the first call and kept on the game
    object (one per loaded content pack)."""
    cached: Eit2Tables | None = game.__dict__.get("_evaluation_tables")
    if cached is not None:
        return cached
    c = game.c
    n = len(c.names)
    regions: list[Region] = []
    for number in c.card_numbers:
        card = c.cards[number]
        if not card.scoring:
            continue
        name = card.scoring
        spaces = tuple(s for s in range(n) if c.region[s] == name)
        ind = sorted({t for s in spaces for t in c.adj[s] if c.region[t] == "Independent"})
        v = card.scoring_values
        regions.append(Region(
            name=name, spaces=spaces,
            battlegrounds=tuple(s for s in spaces if c.battleground[s]),
            canonization=tuple(s for s in spaces if c.cond_battleground[s] == "canonization"
                               and not c.battleground[s]),
            rhineland=tuple(s for s in spaces if c.cond_battleground[s] == "rhineland"
                            and not c.battleground[s]),
            independents=tuple(ind),
            poland_if_guaranteed=name in ("France", "United Kingdom") and c.poland not in ind,
            switzerland_if_league=name == "United Kingdom" and c.switzerland not in ind,
            presence=v["presence"], domination=v["domination"], control=v["control"],
            card=number, era_turn=ERA_TURN.get(card.era, 1)))
    progress: list[tuple[int, int]] = []
    near: set[int] = set()
    for i, r in enumerate(regions):
        for s in (*r.spaces, *r.independents):
            progress.append((s, i))
            near.add(s)
    ext_weight = tuple(EXT_NEAR_REGION if s in near or any(t in near for t in c.adj[s])
                       else EXT_ELSEWHERE for s in range(n))
    ongoing = tuple(tuple(i for i, b in enumerate(boxes)
                          if any("ongoing" in e for e in b.effects))
                    for boxes in c.boxes)
    cached = Eit2Tables(
        stability=tuple(c.stability), regions=tuple(regions), progress=tuple(progress),
        ext_weight=ext_weight, ongoing_boxes=ongoing,
        track_last=tuple(len(b) - 1 for b in c.boxes),
        card_ops={k: v.ops or 0 for k, v in c.cards.items()},
        card_side={k: v.side for k, v in c.cards.items()},
        scoring_cards=frozenset(k for k, v in c.cards.items() if v.scoring),
        poland=c.poland, switzerland=c.switzerland)
    game.__dict__["_evaluation_tables"] = cached
    return cached


def control_list(t: Eit2Tables, data: dict[str, Any]) -> list[int]:
    """2.1.4 for every space: RW (1), LW (0) or -1 (uncontrolled)."""
    return [1 if d >= s else 0 if -d >= s else -1
            for d, s in zip(map(int.__sub__, data["sp"][RW], data["sp"][LW]), t.stability,
                            strict=True)]


def region_net(r: Region, ctl: list[int], flags: dict[str, Any]) -> int:
    """10.1.1-10.1.5: the net Power (RW positive) the Region's Scoring card would give now
    (the Support Check a Scoring card allows first is not counted)."""
    bgs = list(r.battlegrounds)
    if r.canonization and flags.get("canonization"):
        bgs += r.canonization
    if r.rhineland and not flags.get("rhineland_demilitarized"):
        bgs += r.rhineland
    n_sp = [0, 0]
    for s in r.spaces:
        k = ctl[s]
        if k >= 0:
            n_sp[k] += 1
    if not n_sp[0] and not n_sp[1]:
        base = [0, 0]
    else:
        n_bg = [0, 0]
        for s in bgs:
            k = ctl[s]
            if k >= 0:
                n_bg[k] += 1
        base = [0, 0]
        for side in (LW, RW):
            mine, theirs = n_sp[side], n_sp[1 - side]
            if not mine:
                continue
            level = r.presence
            if mine > theirs and bgs and n_bg[side] == len(bgs):
                level = r.control
            elif mine > theirs and n_bg[side] > n_bg[1 - side] and n_bg[side] \
                    and mine > n_bg[side]:
                level = r.domination
            base[side] = level + n_bg[side]
    for s in r.independents:
        k = ctl[s]
        if k >= 0:
            base[k] += 1
    return base[RW] - base[LW]


def scoring_net(t: Eit2Tables, r: Region, ctl: list[int], flags: dict[str, Any]) -> int:
    """:func:`region_net` with the conditional neighbours of 10.3's note: Poland for France
    and the UK once guaranteed, Switzerland for the UK with the League of Nations marker."""
    net = region_net(r, ctl, flags)
    if r.poland_if_guaranteed and flags.get("guarantees_poland"):
        k = ctl[t.poland]
        net += 1 if k == RW else -1 if k == LW else 0
    if r.switzerland_if_league and flags.get("league_of_nations"):
        k = ctl[t.switzerland]
        net += 1 if k == RW else -1 if k == LW else 0
    return net


def rw_value(st: State[G], me: int = -1) -> float:
    """The value for the Right Wing (see the module's docstring); ``me`` (LW 0, RW 1) adds
    the terms of that side's own hand and its knowledge of where Scoring cards are."""
    t = tables(st.game)
    data = st.data
    turn = int(data["turn"])
    power = int(data["power"])
    value = float(power + POWER_CURVE * power * abs(power))

    # how much of the board will still be scored (10.4.4, 9.4)
    progress = (turn - 1) / 9.0
    tension = int(data["tension"])
    war = max(0, tension - 5) / 6.0
    w_final = 0.25 + 0.45 * progress + 0.4 * war
    flags = data["flags"]
    ctl = control_list(t, data)
    hand = data["hands"][me] if me >= 0 else ()
    discard = data["discard"]
    removed = data["out_of_game"]
    region_weight: list[float] = []
    for r in t.regions:
        n = r.card
        if n in removed:
            w_card = 0.0
        elif n in hand:
            w_card = OWN_CARD
        elif n in discard:
            w_card = DISCARDED_CARD if turn < 10 else 0.0
        elif turn < r.era_turn:
            w_card = FUTURE_ERA_CARD
        else:
            w_card = UNSEEN_CARD
        w = w_final + w_card
        region_weight.append(w)
        value += w * scoring_net(t, r, ctl, flags)

    # progress toward control (2.1.4) near the Scoring Regions
    sp_lw, sp_rw = data["sp"]
    stab = t.stability
    part = 0.0
    for s, i in t.progress:
        if ctl[s] < 0:
            d = sp_rw[s] - sp_lw[s]
            if d:
                part += region_weight[i] * d / stab[s]
    value += PROGRESS_WEIGHT * part

    # Moderation vs Power (8.3), Sanctions (10.4.4)
    mod_lw, mod_rw = data["mod"]
    if power > mod_rw:
        value -= PENALTY
    if -power > mod_lw:
        value += PENALTY
    value += 2.0 * (0.15 + 0.5 * progress) * (mod_rw - mod_lw)
    sanctions = data["sanctions"]
    value -= 2.0 * (0.5 + 0.5 * progress) * (sanctions[RW] - sanctions[LW])

    # Extremists (6.2.5, 11.1.4)
    ew = t.ext_weight
    ext_lw, ext_rw = data["ext"]
    for s, w in enumerate(ew):
        e = ext_rw[s] - ext_lw[s]
        if e:
            value += w * e

    # Rearmament (6.3)
    rearm, side_of = data["rearm"], data["rearm_side"]
    for k, last in enumerate(t.track_last):
        sign = 1.0 if side_of[k] == RW else -1.0
        idx = rearm[k]
        if idx < last:
            value += sign * TRACK_SIDE
        for b in t.ongoing_boxes[k]:
            if b <= idx:
                value += sign * ONGOING_MARKER
    avail = data["rearm_available"]
    value += ATTEMPT_LEFT * (bool(avail[RW]) - bool(avail[LW]))

    # the evaluating role's own hand (4.5.3, 5.2)
    if me >= 0:
        own = 0.0
        held = 0
        mine = "RW" if me == RW else "LW"
        ops, side = t.card_ops, t.card_side
        for n in hand:
            if n in t.scoring_cards:
                held += 1
            elif side[n] in (mine, "neutral"):
                own += ops[n]
            else:
                own += 0.5 * ops[n]
        left = rounds_per_turn(turn) - data["round_done"][me]
        if held > left:
            own -= HELD_SCORING * (held - left) / HAND_OPS
        value += (HAND_OPS * own) * (1.0 if me == RW else -1.0)
    return float(value)


def evaluate(st: State[G], role: str) -> float:
    """``game.evaluate``: +-100 for a won / lost game (0 a draw), else :func:`rw_value` for
    ``role`` (its own hand included)."""
    out = st.data["outcome"]
    if out:
        w = out["winner"]
        return 0.0 if w is None else (WIN if w == role else -WIN)
    me = RW if role == "rw" else LW
    v = rw_value(st, me)
    return v if me == RW else -v


__all__ = ["Eit2Tables", "Region", "control_list", "evaluate", "region_net", "rw_value",
           "scoring_net", "tables"]
