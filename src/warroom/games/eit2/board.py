"""The vocabulary of the map: control (2.1.4), Support Points, Extremists (2.3.2), Power,
Moderation (8.0), Tension (9.0) and Sanctions. Events and Operations are written with these.

Sides are ints: LW = 0, RW = 1. ``data["sp"][side][space]`` and ``data["ext"][side][space]``
hold the markers; Power is one signed int (RW positive, LW negative, 10.3).
"""

from __future__ import annotations

from typing import Any

from warroom.core.flow import call, game_over
from warroom.core.log import log
from warroom.core.rng import roll
from warroom.games.eit2.components import Components

LW, RW = 0, 1
SIDE = ("LW", "RW")
ROLE = ("lw", "rw")
COUNTERMIX = 15
NONE = -1

Data = dict[str, Any]


class WarBreaksOut(Exception):
    """9.5: the Second World War broke out. Raised by the war roll (:func:`war_roll`) once the
    stack is unwound to Final Scoring: nothing after the roll runs (not the rest of the Event,
    not the Operations of the card), and the frame handlers (``frames.Step``/``frames.Ask``)
    stop there. A rule signal, never an error of the user."""


def other(side: int) -> int:
    return 1 - side


def demilitarized(c: Components, data: Data, s: int) -> bool:
    """3.5: ``s`` is the Rhineland and its Demilitarized marker is still there."""
    return s == c.rhineland and bool(data["flags"].get("rhineland_demilitarized"))


def controller(c: Components, data: Data, s: int) -> int:
    """2.1.4: the side whose SP exceed the opponent's by at least the Stability, else NONE."""
    lw, rw = data["sp"][LW][s], data["sp"][RW][s]
    stab = c.stability[s]
    if lw - rw >= stab:
        return LW
    if rw - lw >= stab:
        return RW
    return NONE


def extremists_left(data: Data, side: int) -> int:
    ext: list[int] = data["ext"][side]
    return COUNTERMIX - sum(ext)


def sp_text(data: Data, s: int) -> str:
    lw = f"{data['sp'][LW][s]}" + "*" * data["ext"][LW][s]
    rw = f"{data['sp'][RW][s]}" + "*" * data["ext"][RW][s]
    return f"({lw}/{rw})"


def place_sp(c: Components, data: Data, side: int, s: int, n: int, rule: str,
             by_name: bool = False) -> int:
    """Place ``n`` SP of ``side`` in space ``s``. 3.5: while the Rhineland Demilitarized marker
    is on the Rhineland, "no Support Points can be placed in that space by either
    Discretionary Setup, OPs, or Events, unless they specify the Rhineland space by name"
    (``by_name``): any other placement there places nothing. The first SP placed there lifts
    the marker. Returns the SP placed."""
    if n <= 0:
        return 0
    if s == c.rhineland and not by_name and data["flags"].get("rhineland_demilitarized"):
        log(data, "3.5R", f"The Rhineland is demilitarised: no {SIDE[side]} SP can be placed "
            "there (only an Event naming the Rhineland may)")
        return 0
    data["sp"][side][s] += n
    log(data, rule, f"{SIDE[side]} places {n} SP in {c.names[s]} {sp_text(data, s)}")
    if s == c.rhineland and data["flags"].get("rhineland_demilitarized"):
        data["flags"]["rhineland_demilitarized"] = False
        log(data, "3.5R", "Support was placed in the Rhineland: remove the Rhineland "
            "Demilitarized marker")
    return n


def remove_sp(c: Components, data: Data, side: int, s: int, n: int, rule: str) -> int:
    """Remove up to ``n`` SP of ``side`` from ``s``; returns how many were removed."""
    k: int = min(n, data["sp"][side][s])
    if k > 0:
        data["sp"][side][s] -= k
        log(data, rule, f"{k} {SIDE[side]} SP removed from {c.names[s]} {sp_text(data, s)}")
    return k


def add_extremist(c: Components, data: Data, side: int, s: int, rule: str) -> bool:
    """Place an Extremist of ``side`` in ``s``. With the countermix exhausted (2.3.2), the
    owner may relocate one from the board instead: a decision is pushed for them."""
    if extremists_left(data, side) > 0:
        data["ext"][side][s] += 1
        log(data, rule, f"{SIDE[side]} Extremist placed in {c.names[s]} {sp_text(data, s)}")
        return True
    sources = [t for t in range(len(c.names)) if data["ext"][side][t] and t != s]
    if not sources:
        log(data, "2.3.2", f"No {SIDE[side]} Extremist left to place in {c.names[s]}")
        return False
    call(data, "relocate_extremist", ROLE[side], side=side, target=s)
    log(data, "2.3.2", f"All 15 {SIDE[side]} Extremists are on the board: {SIDE[side]} may "
        f"relocate one to {c.names[s]}")
    return False


def remove_extremist(c: Components, data: Data, side: int, s: int, rule: str) -> bool:
    if data["ext"][side][s] <= 0:
        return False
    data["ext"][side][s] -= 1
    log(data, rule, f"{SIDE[side]} Extremist removed from {c.names[s]} {sp_text(data, s)}")
    return True


# -- Power, Moderation, Tension, Sanctions ------------------------------------------------

def power_text(power: int) -> str:
    return "0" if power == 0 else f"RW{power}" if power > 0 else f"LW{-power}"


def gain_power(c: Components, data: Data, side: int, n: int, rule: str) -> None:
    """10.3.2: move the Power marker ``n`` spaces in ``side``'s favour. The marker is not
    stopped at the track's end here: 10.3.3 applies "only the difference in Power awarded"
    when both players earn Power from one play, and 10.4.1 applies every award of the play
    before automatic victory is determined, so LW 19 that gains 2 and then loses 1 in one
    Event stands at LW 20, not 19. :func:`check_automatic_victory`, run once the play's
    step is done, ends the game at 20 and puts the marker back on the track (10.3.1: it
    runs LW20-RW20). During Final Scoring the Power is not capped at all (10.4.4)."""
    if n == 0:
        return
    before = (penalised(data, LW), penalised(data, RW))
    data["power"] += n if side == RW else -n
    past = "" if abs(data["power"]) <= 20 or data.get("final_scoring") else (
        " (past the track's 20 until the play's other awards are netted, 10.3.3)")
    log(data, rule, f"{SIDE[side]} gains {n} Power: Power {power_text(data['power'])}{past}")
    moderation_markers(data, before)


def check_automatic_victory(c: Components, data: Data) -> bool:
    """10.4.1: 20 Power wins at once (not during Final Scoring), once every Power award of
    the play is applied; the marker stops at the track's end (10.3.1)."""
    if data.get("final_scoring"):
        return False
    p = data["power"]
    if abs(p) > 20:
        p = data["power"] = 20 if p > 0 else -20
    if data["outcome"]:
        return False
    if abs(p) >= 20:
        winner = RW if p > 0 else LW
        log(data, "10.4.1", f"{SIDE[winner]} reaches 20 Power: automatic victory",
            winner=ROLE[winner], power=p)
        game_over(data, {"kind": "automatic", "winner": ROLE[winner], "power": p})
        return True
    return False


def penalised(data: Data, side: int) -> bool:
    """8.3: Power beyond a player's Moderation on their own side of the track."""
    p: int = data["power"] if side == RW else -data["power"]
    return p > int(data["mod"][side])


def moderation_markers(data: Data, before: tuple[bool, bool]) -> None:
    """8.3: "flip that player's Moderation marker (from Moderate to Extremist)" when Power
    goes beyond it, and "return the marker to its Moderate side" when it no longer is: said
    in the log for each side whose penalty began or ended since ``before`` (the penalty
    flag of LW, RW). Only the view's flag said so (an eit2 rules audit). Not during Final
    Scoring or once the game is decided: no OPs are spent any more."""
    if data.get("final_scoring") or data["outcome"]:
        return
    for side in (LW, RW):
        now = penalised(data, side)
        if now == before[side]:
            continue
        mark = f"{SIDE[side]}{data['mod'][side]}"
        if now:
            log(data, "8.3", f"{SIDE[side]}'s Moderation marker flips to its Extremist side: "
                f"Power {power_text(data['power'])} is beyond Moderation {mark}, so the OPs "
                f"{SIDE[side]} receives are -1 (to a minimum of 1; not for Rearmament)",
                role=ROLE[side], penalty=True)
        else:
            log(data, "8.3", f"{SIDE[side]}'s Moderation marker returns to its Moderate side: "
                f"Power {power_text(data['power'])} is no longer beyond Moderation {mark}",
                role=ROLE[side], penalty=False)


def change_moderation(c: Components, data: Data, side: int, delta: int, rule: str) -> None:
    """8.2: move the Moderation marker; reaching 0 raises Tension; below 0, a Sanction.
    The closing line says how far the marker moved where it is not ``delta`` (it said "-2:
    now RW0" of a marker that moved one space, the other step a Sanction marker, and "+1:
    now LW20" of one already at 20: an eit2 rules audit)."""
    start = data["mod"][side]
    before = (penalised(data, LW), penalised(data, RW))
    for _ in range(abs(delta)):
        if delta > 0:
            if data["mod"][side] < 20:
                data["mod"][side] += 1
            continue
        if data["mod"][side] == 0:
            sanction(c, data, side, "8.2")
            continue
        data["mod"][side] -= 1
        if data["mod"][side] == 0:
            log(data, "8.2", f"{SIDE[side]} Moderation reaches 0")
            change_tension(c, data, +1, side, "8.2")
    moved = data["mod"][side] - start
    now = f"{SIDE[side]}{data['mod'][side]}"
    if moved == delta:
        tail = f"now {now}"
    else:
        why = "below 0 a Sanction marker instead, 8.2" if delta < 0 else "the track ends at 20"
        tail = (f"the marker moves {moved:+d} ({why}) and is now {now}" if moved
                else f"the marker stays at {now} ({why})")
    log(data, rule, f"{SIDE[side]} Moderation {delta:+d}: {tail}")
    moderation_markers(data, before)


def sanction(c: Components, data: Data, side: int, rule: str) -> None:
    data["sanctions"][side] += 1
    log(data, rule, f"{SIDE[side]} receives a Sanction marker ({data['sanctions'][side]})")


def change_tension(c: Components, data: Data, delta: int, mover: int, rule: str) -> None:
    """9.0: move Tension; at 0 a reduction gives ``mover`` 1 Power, the player whose
    reduction was not executed (9.3); entering a
    +# space makes the mover roll for war (9.4); at 11 an increase moves nothing and makes
    no roll (9.4 asks for a roll only when the marker moves into a space)."""
    for _ in range(abs(delta)):
        if data["outcome"]:
            return
        if delta < 0:
            if data["tension"] == 0:
                log(data, "9.3", f"Tension is at 0 and cannot be reduced: {SIDE[mover]} "
                    "gains 1 Power instead")
                # judged with the play's other awards, once its step is done (10.4.1)
                gain_power(c, data, mover, 1, "9.3")
                continue
            data["tension"] -= 1
            log(data, rule, f"Tension -1: now {data['tension']}")
            continue
        if data["tension"] >= c.tension_max:
            # 9.4: a roll is made when "the Tension marker moves into a space containing a
            # die roll modifier number"; at 11 it cannot move, so no roll is made
            log(data, "9.4", f"Tension is at its maximum ({c.tension_max}): the marker does "
                "not move, no roll for war")
            continue
        data["tension"] += 1
        log(data, rule, f"Tension +1: now {data['tension']}")
        drm = c.tension_drm[data["tension"]]
        if drm is None:
            continue
        p = data["power"]
        if abs(p) >= 20 and not data.get("final_scoring"):
            # 10.4.1: "The instant one player reaches a score of 20 Power, the game is over":
            # a Tension rise after the award that reached it (6.3.8's, at a track's last box)
            # rolls for no war (the war, and the phasing player's Sanction, came before the
            # victory in the log: two rules audits)
            winner = RW if p > 0 else LW
            log(data, "10.4.1", f"No roll for war: {SIDE[winner]} stands at 20 Power, which "
                "wins the game once this play's awards are applied")
            continue
        war_roll(c, data, mover, drm)


WAR_REASON = "war broke out"
"""The reason of a Final Scoring the Second World War brought (10.4.2), as its outcome keeps
it (the result's words say so: ``game._outcome_text``)."""


def war(c: Components, data: Data) -> None:
    """9.5: "phasing player gets Sanctioned and receives a Sanction marker. End the Strategy
    phase and end the game (see 10.4.2)": the whole decision stack is unwound to Final
    Scoring (4.5.5, 10.4.4) and :class:`WarBreaksOut` stops the rules that were running."""
    side = data["phasing"]
    data["war"] = True
    log(data, "9.5", f"The Second World War breaks out: {SIDE[side]}, the phasing player, is "
        "Sanctioned; the game ends", role=ROLE[side])
    sanction(c, data, side, "9.5")
    for f in data["stack"]:     # 5.2: an opponent's Event still to come does not occur
        if (f["kind"] == "op_kind" and f.get("event")) or (f["kind"] == "event"
                                                            and f.get("triggered")):
            data["discard"].append(f["card"])
    del data["stack"][:]
    call(data, "final_scoring", None, reason=WAR_REASON)
    raise WarBreaksOut


def war_roll(c: Components, data: Data, mover: int, drm: int) -> None:
    """9.4: the player moving Tension into a +# space rolls; above 6, war (9.5). The
    Kellogg-Briand side of the Tension marker (card 7) modifies the roll by -1."""
    die = roll(data)
    mods: list[list[Any]] = [[drm, f"Tension {data['tension']}"]]
    if data["flags"].get("kellogg_briand"):
        drm -= 1
        mods.append([-1, "Kellogg-Briand Pact"])
        log(data, "9.4", "The Tension marker shows its Kellogg-Briand side: -1 to the roll")
    total = die + drm
    facts = {"role": ROLE[mover], "die": die, "mods": mods, "total": total, "target": 6}
    if total > 6:
        log(data, "9.4", f"{SIDE[mover]} rolls for war: die {die} {drm:+d} = {total} > 6: the "
            "Second World War breaks out", war=True, **facts)
        war(c, data)
    else:
        log(data, "9.4", f"{SIDE[mover]} rolls for war: die {die} {drm:+d} = {total}: peace "
            "holds", war=False, **facts)
