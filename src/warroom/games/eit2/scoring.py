"""10.0 Scoring: regional scoring (10.1), the Power track (10.3) and victory (10.4)."""

from __future__ import annotations

from typing import Any

from warroom.core.flow import game_over
from warroom.core.log import log
from warroom.games.eit2.board import (
    LW,
    ROLE,
    RW,
    SIDE,
    Data,
    controller,
    gain_power,
    power_text,
    sanction,
)
from warroom.games.eit2.components import Components
from warroom.games.eit2.map import CANONIZATION, GUARANTEES_POLAND, RHINELAND


def region_spaces(c: Components, region: str) -> list[int]:
    return [s for s in range(len(c.names)) if c.region[s] == region]


def battleground_conditions(data: Data) -> frozenset[str]:
    """The conditions of the conditional Battlegrounds met now: French Catholics once Joan
    of Arc is canonised, the Rhineland once it is no longer demilitarised (17.0's example of
    play, 3.5)."""
    met = {CANONIZATION} if data["flags"].get("canonization") else set()
    if not data["flags"].get("rhineland_demilitarized"):
        met.add(RHINELAND)
    return frozenset(met)


def is_battleground(c: Components, data: Data, s: int) -> bool:
    """2.1.5 plus the conditional Battlegrounds whose condition is met now (the map's own
    test, so that the map's tests check the rules' reading)."""
    return c.map.is_battleground(s, battleground_conditions(data))


def adjacent_independents(c: Components, data: Data, region: str) -> list[int]:
    """10.1.4: Independent spaces adjacent to the region; Poland counts for France and the
    UK once Poland is guaranteed (10.3 note)."""
    spaces = set(region_spaces(c, region))
    found = {t for s in spaces for t in c.adj[s] if c.region[t] == "Independent"}
    if region in ("France", "United Kingdom") and data["flags"].get(GUARANTEES_POLAND):
        found.add(c.poland)
    if region == "United Kingdom" and data["flags"].get("league_of_nations"):
        found.add(c.switzerland)     # card 23: the marker on its League of Nations side
    return sorted(found)


def region_levels(c: Components, data: Data, region: str) -> dict[int, dict[str, Any]]:
    """10.1.1: per side, the spaces and battlegrounds controlled and the level reached."""
    spaces = region_spaces(c, region)
    met = battleground_conditions(data)
    bgs = [s for s in spaces if c.map.is_battleground(s, met)]
    ctl = {s: controller(c, data, s) for s in spaces}
    out: dict[int, dict[str, Any]] = {}
    for side in (LW, RW):
        o = 1 - side
        mine = [s for s in spaces if ctl[s] == side]
        theirs = [s for s in spaces if ctl[s] == o]
        my_bg = [s for s in bgs if ctl[s] == side]
        their_bg = [s for s in bgs if ctl[s] == o]
        my_non_bg = [s for s in mine if s not in bgs]
        level = None
        if mine:
            level = "presence"
        if (len(mine) > len(theirs) and len(my_bg) > len(their_bg) and my_bg and my_non_bg):
            level = "domination"
        if len(mine) > len(theirs) and bgs and len(my_bg) == len(bgs):
            level = "control"
        out[side] = {"spaces": len(mine), "battlegrounds": len(my_bg), "level": level}
    return out


def regions_now(c: Components, data: Data) -> list[dict[str, Any]]:
    """10.1: each Scoring Region as its Scoring card would score it now (for views and
    explanations; nothing changes): its values, each side's level, battlegrounds and
    adjacent Independents controlled and total, and the net Power (positive for RW)."""
    out = []
    for region, values in c.scoring_values.items():
        levels = region_levels(c, data, region)
        indep = adjacent_independents(c, data, region)
        sides: dict[str, Any] = {}
        for side in (LW, RW):
            lv = levels[side]
            ind = sum(1 for s in indep if controller(c, data, s) == side)
            base = values[lv["level"]] if lv["level"] else 0
            sides[ROLE[side]] = {**lv, "independents": ind,
                                 "total": base + lv["battlegrounds"] + ind}
        out.append({"name": region, "values": dict(values), **sides,
                    "net": sides["rw"]["total"] - sides["lw"]["total"]})
    return out


def score_region(c: Components, data: Data, region: str, values: dict[str, int]) -> int:
    """10.1.2-10.1.5: score ``region`` with the scoring card's ``values``; returns the net
    Power change (positive for RW)."""
    levels = region_levels(c, data, region)
    indep = adjacent_independents(c, data, region)
    totals = [0, 0]
    for side in (LW, RW):
        lv = levels[side]
        base = values[lv["level"]] if lv["level"] else 0
        ind = sum(1 for s in indep if controller(c, data, s) == side)
        totals[side] = base + lv["battlegrounds"] + ind
        log(data, "10.1", f"{region} scoring, {SIDE[side]}: "
            f"{(lv['level'] or 'no presence').capitalize()} {base}, battlegrounds "
            f"{lv['battlegrounds']} (10.1.3), adjacent Independents {ind} (10.1.4) = "
            f"{totals[side]}", region=region, role=ROLE[side], level=lv["level"],
            base=base, battlegrounds=lv["battlegrounds"], independents=ind,
            total=totals[side])
    net = totals[RW] - totals[LW]
    if net:
        gain_power(c, data, RW if net > 0 else LW, abs(net), "10.1.5")
    else:
        log(data, "10.1.5", f"No net Power: Power stays {power_text(data['power'])}")
    return net


def moderation_decides(won: bool, lw: int, rw: int) -> str:
    """10.4.4 at Power 0: the words that say Moderation decided (``won``: a player won on
    it; else they tie), for the log line and the result alike."""
    return f" on Moderation (LW {lw}, RW {rw})" if won else f" (Moderation equal, {lw})"


def final_scoring(c: Components, data: Data, reason: str) -> None:
    """10.4.4: score every region, then Sanctions for the lower Moderation, -2 Power each."""
    data["final_scoring"] = True
    log(data, "10.4.4", f"Final Scoring ({reason})")
    for region, values in c.scoring_values.items():
        score_region(c, data, region, values)
    lw, rw = data["mod"][LW], data["mod"][RW]
    if lw != rw:
        low = LW if lw < rw else RW
        log(data, "10.4.4", f"Moderation LW {lw}, RW {rw}: {SIDE[low]}, the lower, receives "
            f"{abs(lw - rw)} Sanction marker(s), the difference")
        for _ in range(abs(lw - rw)):
            sanction(c, data, low, "10.4.4")
    else:
        log(data, "10.4.4", f"Moderation equal (LW {lw}, RW {rw}): no Sanction marker")
    for side in (LW, RW):
        n = data["sanctions"][side]
        if n:
            # the cause before the Power line it moves (it had followed it, reading as a
            # second change: an end-game audit)
            log(data, "10.4.4", f"{SIDE[side]} holds {n} Sanction marker(s): 2 Power each "
                f"to {SIDE[1 - side]}")
            gain_power(c, data, 1 - side, 2 * n, "10.4.4")
    p = data["power"]
    if p:
        winner: int | None = RW if p > 0 else LW
    elif lw != rw:
        winner = LW if lw > rw else RW
    else:
        winner = None
    who = f"{SIDE[winner]} wins" if winner is not None else "the game is a draw"
    if not p:       # 10.4.4: at Power 0 the higher Moderation wins
        who += moderation_decides(winner is not None, lw, rw)
    log(data, "10.4.4", f"Final Power {power_text(p)}: {who}", power=p,
        winner=ROLE[winner] if winner is not None else None)
    game_over(data, {"kind": "final", "winner": ROLE[winner] if winner is not None else None,
                     "power": p, "reason": reason})
