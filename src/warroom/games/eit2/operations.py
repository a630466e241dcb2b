"""6.0 Operations: OPs values (7.3, 8.3), Support Point placement (6.1), Support Checks (6.2)
and Rearmament (6.3)."""

from __future__ import annotations

from typing import Any

from warroom.core.flow import call
from warroom.core.log import log
from warroom.core.rng import roll
from warroom.games.eit2.board import (
    ROLE,
    RW,
    SIDE,
    Data,
    add_extremist,
    change_tension,
    controller,
    demilitarized,
    other,
    penalised,
    place_sp,
    remove_extremist,
    remove_sp,
    sp_text,
)
from warroom.games.eit2.components import Box, Components
from warroom.games.eit2.effects import ongoing_check_mods, run_box_effects

Mods = list[tuple[int, str]]


def mods_json(mods: Mods) -> list[list[Any]]:
    """Modifiers as log facts: ``[[+1, "Slovenia controlled"], ...]``."""
    return [[v, why] for v, why in mods]

# -- 7.3.1 / 8.3 OPs values -------------------------------------------------------------


def _ops_mods(data: Data, side: int, rearmament: bool) -> list[dict[str, Any]]:
    """The OPs modifiers that apply to what ``side`` receives from a card: the Events' (7.3;
    a positive one marked ``not_rearmament`` not for a Rearmament attempt), then 8.3's -1
    to a minimum of 1 (``rule`` 8.3; not for Rearmament)."""
    mods = [m for m in data["ops_mods"] if m["side"] == side
            and not (rearmament and m["value"] > 0 and m.get("not_rearmament"))]
    if not rearmament and penalised(data, side):
        mods.append({"value": -1, "min": 1, "rule": "8.3"})
    return mods


def effective_ops(c: Components, data: Data, side: int, base: int, rearmament: bool = False) -> int:
    """The OPs ``side`` receives from a card of value ``base``: negative modifiers first,
    each with its lower limit (8.3: -1 to a minimum of 1, not for Rearmament), then the
    positive ones (7.3.1)."""
    ops = base
    mods = _ops_mods(data, side, rearmament)
    for m in mods:
        if m["value"] < 0:
            floor = m.get("min", 0)
            ops = ops if ops <= floor else max(floor, ops + m["value"])
    for m in mods:
        if m["value"] > 0:
            ops += m["value"]
    return ops


def ops_detail(c: Components, data: Data, side: int, base: int,
               rearmament: bool = False) -> str:
    """Why ``side`` receives other OPs than a card's ``base`` (as :func:`effective_ops`
    reckons them), for a log line: "" when none applies, else " (the card's 2, -1 8.3:
    Power RW12 beyond Moderation RW9)". An eit2 rules audit saw a 2-OPs card place "with 1
    OPs" and no line say why."""
    if effective_ops(c, data, side, base, rearmament) == base:
        return ""
    words: list[str] = []
    for m in _ops_mods(data, side, rearmament):
        if m.get("rule") == "8.3":      # said first: the Power and Moderation behind it
            p = data["power"] if side == RW else -data["power"]
            words.insert(0, f"-1 8.3: Power {SIDE[side]}{p} beyond Moderation "
                            f"{SIDE[side]}{data['mod'][side]}, to a minimum of 1")
            continue
        n = m.get("card")
        title = (c.cards[n].title if isinstance(n, int) and n in c.cards
                 else str(n) if n else "an Event")
        words.append(f"{m['value']:+d} {title}, 7.3")
    return f" (the card's {base}; {'; '.join(words)})"


def event_check_ops(c: Components, data: Data, side: int, n: int) -> int:
    """7.4: the OPs of an Event's Support Check "with a +N modifier", made as if ``side``
    had played a card of N OPs: ``side``'s OPs modifiers apply. (A Rearmament box's "+N"
    check is no Event and is not modified: 7.4 speaks of Events.)"""
    return effective_ops(c, data, side, n)


# -- 6.1 Support Point placement --------------------------------------------------------

def offer_placement(c: Components, data: Data, side: int, ops: int, card: int | None,
                    region: str | None = None) -> None:
    """Offer ``side`` to place SP with ``ops`` OPs (6.1). 6.1.2: the spaces that may receive
    SP are fixed by the SP present before the first placement (with or adjacent to them),
    plus spaces with a friendly Extremist."""
    adj = c.adj
    eligible: set[int] = set()
    for s, n in enumerate(data["sp"][side]):
        if n > 0:
            eligible.add(s)
            eligible.update(adj[s])
    eligible.update(s for s, n in enumerate(data["ext"][side]) if n > 0)
    if region is not None:
        eligible = {s for s in eligible if c.region[s] == region}
    call(data, "offer_place_sp", ROLE[side], side=side, ops=ops, card=card,
         eligible=sorted(eligible))


def placement_cost(c: Components, data: Data, side: int, s: int) -> int:
    """6.1.3: 2 OPs in an opponent-controlled space, else 1 (re-read at every placement)."""
    return 2 if controller(c, data, s) == other(side) else 1


def placement_targets(c: Components, data: Data, frame: dict[str, Any]) -> list[int]:
    """6.1.2/6.1.3/3.5: the eligible spaces ``frame["side"]`` can place one SP in now."""
    side, ops = frame["side"], frame["ops"]
    demil = data["flags"].get("rhineland_demilitarized")
    banned = banned_spaces(c, data, side) if data["place_bans"] else ()
    rhineland = c.rhineland if demil else -1
    if ops >= 2:        # every space costs at most 2 OPs (6.1.3)
        return [s for s in frame["eligible"] if s != rhineland and s not in banned]
    mine, theirs, stab = data["sp"][side], data["sp"][1 - side], c.stability
    return [s for s in frame["eligible"]
            if s != rhineland and s not in banned and theirs[s] - mine[s] < stab[s]]


def _ban_spaces(c: Components, ban: dict[str, Any]) -> set[int]:
    """The spaces one ongoing Event's placement ban covers: those it names, and a whole
    region's."""
    out = set(ban.get("spaces", ()))
    if ban.get("region"):
        out.update(s for s in range(len(c.names)) if c.region[s] == ban["region"])
    return out


def banned_spaces(c: Components, data: Data, side: int) -> set[int]:
    """Spaces where ongoing Events forbid ``side`` to place SP with Operations."""
    out: set[int] = set()
    for ban in data["place_bans"]:
        if ban["side"] == side:
            out |= _ban_spaces(c, ban)
    return out


def ban_on(c: Components, data: Data, side: int, s: int) -> dict[str, Any] | None:
    """The ongoing Event's ban (:func:`banned_spaces`) that keeps ``side`` from placing SP
    in space ``s`` with Operations, if one does."""
    return next((ban for ban in data["place_bans"]
                 if ban["side"] == side and s in _ban_spaces(c, ban)), None)


def place_one(c: Components, data: Data, frame: dict[str, Any], s: int) -> None:
    """6.1.3: one SP in ``s``, paid from the frame's OPs."""
    cost = placement_cost(c, data, frame["side"], s)
    frame["ops"] -= cost
    place_sp(c, data, frame["side"], s, 1, "6.1.3")
    if cost == 2:
        log(data, "6.1.3", f"(2 OPs: {c.names[s]} was opponent-controlled)")


# -- 6.2 Support Checks -----------------------------------------------------------------

def check_targets(c: Components, data: Data, side: int, region: str | None = None) -> list[int]:
    """6.2.4: spaces holding opposing SP or Extremists (within ``region`` for a Scoring card)."""
    o = other(side)
    sp, ext = data["sp"][o], data["ext"][o]
    spaces = range(len(sp)) if region is None else sorted(c.map.spaces_in(region))
    return [s for s in spaces if sp[s] or ext[s]]


def can_check(c: Components, data: Data, side: int) -> bool:
    """6.2.4: some space holds opposing SP or Extremists."""
    o = other(side)
    return any(data["sp"][o]) or any(data["ext"][o])


def check_modifiers(c: Components, data: Data, side: int, s: int) -> list[tuple[int, str]]:
    """6.2.5: +1/-1 per adjacent space controlled by the checking side / the opponent, and
    +1/-1 per friendly / opposing Extremist in the space and the adjacent spaces."""
    o = other(side)
    mods: list[tuple[int, str]] = []
    for t in (s, *c.adj[s]):
        if t != s:
            ctl = controller(c, data, t)
            if ctl == side:
                mods.append((1, f"{c.names[t]} controlled"))
            elif ctl == o:
                mods.append((-1, f"{c.names[t]} opponent-controlled"))
        if data["ext"][side][t]:
            mods.append((data["ext"][side][t], f"Extremist in {c.names[t]}"))
        if data["ext"][o][t]:
            mods.append((-data["ext"][o][t], f"opposing Extremist in {c.names[t]}"))
    return mods


def support_check(c: Components, data: Data, side: int, s: int, ops: int, extra: int = 0,
                  source: str = "") -> int:
    """6.2.5/6.2.6: resolve a Support Check of ``side`` in ``s`` with ``ops``; returns the
    excess over twice the Stability (0 or less: nothing changes). In the demilitarised
    Rhineland (3.5) a successful check removes opposing SP and Extremists as usual but adds
    no SP (no Event names the Rhineland for a check); any excess left may still place the
    single friendly Extremist of 6.2.6's last step (an Extremist is not a Support Point).
    The log entry carries the roll as facts: ``die``, ``ops``, ``mods`` (each with its
    reason), ``total``, ``target``."""
    o = other(side)
    mods = check_modifiers(c, data, side, s) + ongoing_check_mods(c, data, side, s)
    if extra:
        mods.append((extra, source or "Event"))
    die = roll(data)
    drm = sum(v for v, _ in mods)
    total = die + ops + drm
    target = 2 * c.stability[s]
    detail = ", ".join(f"{v:+d} {why}" for v, why in mods) or "no modifiers"
    log(data, "6.2.5", f"{SIDE[side]} Support Check in {c.names[s]} {sp_text(data, s)}: die "
        f"{die} +{ops} OPs {drm:+d} ({detail}) = {total} against {target} (Stability "
        f"{c.stability[s]} x2)", role=ROLE[side], space=c.slugs[s], before=sp_text(data, s)[1:-1],
        die=die, ops=ops, mods=mods_json(mods), drm=drm, total=total, target=target,
        success=total > target)
    excess = total - target
    if excess <= 0:
        log(data, "6.2.6", "Not higher than the target: nothing changes")
        return excess
    left = excess
    before = (data["sp"][o][s], data["ext"][o][s], data["sp"][side][s], data["ext"][side][s])
    k = remove_sp(c, data, o, s, left, "6.2.6")
    left -= k
    while left > 0 and data["ext"][o][s] > 0:
        remove_extremist(c, data, o, s, "6.2.6")
        left -= 1
    if left > 0 and demilitarized(c, data, s):
        log(data, "3.5R", f"The Rhineland is demilitarised: the Support Check adds no "
            f"{SIDE[side]} SP there (no Event names it for a Support Check)")
    elif left > 0:
        need = max(0, c.stability[s] + data["sp"][o][s] - data["sp"][side][s])
        add = min(left, need)
        if add:
            place_sp(c, data, side, s, add, "6.2.6")
            left -= add
    if left > 0 and data["ext"][side][s] == 0:
        add_extremist(c, data, side, s, "6.2.6")
    if data["ext"][side][s] and before == (data["sp"][o][s], data["ext"][o][s],
                                           data["sp"][side][s], data["ext"][side][s]):
        # (not where its Extremist is still to come: all 15 on the board, 2.3.2)
        # a success that changes nothing is said (an operations audit: the log fell silent)
        held = ("no SP may be added in the demilitarised Rhineland" if demilitarized(c, data, s)
                else f"{SIDE[side]} controls {c.names[s]}")
        log(data, "6.2.6", f"Nothing to change: no opposing marker is there, {held}, and "
            f"{SIDE[side]} has its Extremist there")
    return excess


# -- 6.3 Rearmament ---------------------------------------------------------------------

def track_complete(c: Components, data: Data, t: int) -> bool:
    """6.3.8: the track's marker is on its rightmost box."""
    return bool(data["rearm"][t] >= len(c.boxes[t]) - 1)


def track_shut(c: Components, data: Data, t: int) -> tuple[str, str]:
    """Why track ``t`` takes no attempt now, in words, and the rule; ("", "") while it
    does: its marker on the rightmost box (6.3.8), or an Event that closed it for the turn
    (7.2; an audit: a track closed by Non-Intervention Committee was said to be on its
    rightmost box)."""
    if track_complete(c, data, t):
        return f"the {c.track_names[t]} marker is on its rightmost box (6.3.8)", "6.3.8"
    by = next((x for x in data["closed_tracks"] if x["track"] == t), None)
    if by is not None:
        title = c.cards[by["card"]].title if by.get("card") in c.cards else "an Event"
        return f"{title} closed the {c.track_names[t]} track for this turn (7.2)", "7.2"
    return "", ""


def track_open(c: Components, data: Data, t: int) -> bool:
    """6.3.8: a track whose marker is on its rightmost box takes no more attempts; nor
    does one an Event closed for the turn (Non-Intervention Committee)."""
    if any(x["track"] == t for x in data["closed_tracks"]):
        return False
    return not track_complete(c, data, t)


def rearm_modifiers(c: Components, data: Data, side: int, t: int, card_side: str | None
                    ) -> Mods:
    """6.3.2: alignment, marker side, and the neighbourhood of the box's target space."""
    mods: Mods = []
    if card_side == SIDE[side]:
        mods.append((1, "card aligned with the player"))
    if data["rearm_side"][t] == side:
        mods.append((1, f"marker on the {SIDE[side]} +1 side"))
    box = c.boxes[t][data["rearm"][t] + 1]
    s = box.space
    if s is not None and s >= 0:
        o = other(side)
        for u in c.adj[s]:
            ctl = controller(c, data, u)
            if ctl == side:
                mods.append((1, f"{c.names[u]} controlled"))
            elif ctl == o:
                mods.append((-1, f"{c.names[u]} opponent-controlled"))
        for u in (s, *c.adj[s]):
            if data["ext"][side][u]:
                mods.append((data["ext"][side][u], f"Extremist in {c.names[u]}"))
            if data["ext"][o][u]:
                mods.append((-data["ext"][o][u], f"opposing Extremist in {c.names[u]}"))
    bonus = data["track_mod"][t]
    if bonus:
        mods.append((bonus, "track modifier"))
    for m in data["rearm_mods"]:
        if m["side"] == side and m.get("track") in (None, c.track_ids[t]):
            mods.append((m["value"], m.get("why", "Event")))
    return mods


def attempt_modifiers(c: Components, data: Data, side: int, t: int, card_side: str | None,
                      bonus: tuple[int, str] | None = None,
                      event_bonus: tuple[int, str] | None = None) -> list[tuple[int, str]]:
    """The modifiers of a Rearmament attempt (6.3.2), with the played card's own text
    (``bonus``, 6.3.7) and the Event that gave a free attempt (``event_bonus``) where they
    give one: the attempt and its odds read the same list."""
    mods = rearm_modifiers(c, data, side, t, card_side)
    for extra in (bonus, event_bonus):
        if extra is not None and extra[0]:
            mods.append((int(extra[0]), str(extra[1])))
    return mods


def rearmament_attempt(c: Components, data: Data, side: int, t: int, ops: int,
                       card_side: str | None, free: bool,
                       bonus: tuple[int, str] | None = None,
                       event_bonus: tuple[int, str] | None = None) -> bool:
    """6.3.2/6.3.3: roll against the next box; advance and flip, or flip only. ``bonus``:
    the text of the card played for the attempt that applies to it (6.3.7 exception);
    ``event_bonus``: the modifier the Event that gave a free attempt adds to it (Condor
    Legion's Air box). The log entry carries ``die``, ``ops``, ``mods``, ``total`` and
    ``needed`` as facts."""
    if not free:
        data["rearm_available"][side] = 0
        log(data, "6.3.2", f"{SIDE[side]} flips the Rearmament Availability marker to "
            "Unavailable")
    mods = attempt_modifiers(c, data, side, t, card_side, bonus, event_bonus)
    die = roll(data)
    total = die + ops + sum(v for v, _ in mods)
    box = c.boxes[t][data["rearm"][t] + 1]
    needed = box.needed if box.needed is not None else 0     # only a starting space has none
    detail = ", ".join(f"{v:+d} {why}" for v, why in mods) or "no modifiers"
    # the modifiers' sum as a Support Check's line gives it ("die 3 +3 OPs (+1 ..., +1 ...)
    # = 8" did not add up as written: a terminal audit)
    drm = f" {sum(v for v, _ in mods):+d}" if mods else ""
    log(data, "6.3.2", f"{SIDE[side]} {'free ' if free else ''}Rearmament attempt on the "
        f"{c.track_names[t]} track: die {die} +{ops} OPs{drm} ({detail}) = {total}, "
        f"{box.name} needs {box.needed}", role=ROLE[side], track=c.track_ids[t], die=die,
        ops=ops, mods=mods_json(mods), total=total, box=box.name, needed=needed, free=free,
        success=total >= needed)
    flipped = data["rearm_side"][t] != side
    data["rearm_side"][t] = side
    if total >= needed:
        data["rearm"][t] += 1
        log(data, "6.3.3", f"The {c.track_names[t]} marker advances to {box.name}"
            + (f" and flips to its {SIDE[side]} +1 side" if flipped else ""))
        reach_box(c, data, side, t)
        return True
    log(data, "6.3.3", "The attempt fails"
        + (f"; the marker flips to its {SIDE[side]} +1 side" if flipped else ""))
    return False


def reach_box(c: Components, data: Data, side: int, t: int) -> None:
    """6.3.4: execute the box's effects; 6.3.8: the rightmost box raises Tension."""
    box = c.boxes[t][data["rearm"][t]]
    run_box_effects(c, data, side, t, box)
    if data["rearm"][t] == len(c.boxes[t]) - 1:
        log(data, "6.3.8", f"The {c.track_names[t]} marker reached its rightmost box")
        change_tension(c, data, +1, side, "6.3.8")


def advance_by_event(c: Components, data: Data, side: int, t: int, n: int = 1) -> None:
    """6.3.8/6.3.10: an Event advance does not flip the marker; on a complete track it
    raises Tension instead ("such a track": the marker on its rightmost box; a track an
    Event closed to attempts for the turn still advances)."""
    for _ in range(n):
        if track_complete(c, data, t):
            log(data, "6.3.8", f"The {c.track_names[t]} track is complete: Tension +1 instead")
            change_tension(c, data, +1, side, "6.3.8")
            continue
        data["rearm"][t] += 1
        log(data, "6.3.10", f"The {c.track_names[t]} marker advances to "
            f"{c.boxes[t][data['rearm'][t]].name} (not flipped)")
        reach_box(c, data, side, t)


def retreat_by_event(c: Components, data: Data, t: int, n: int) -> None:
    """6.3.9/6.3.10: move back up to ``n`` boxes, without effects and without flipping."""
    k = min(n, data["rearm"][t])
    data["rearm"][t] -= k
    log(data, "6.3.9", f"The {c.track_names[t]} marker retreats {k} box(es) to "
        f"{c.boxes[t][data['rearm'][t]].name}")


# -- the odds of a roll, for explain (no rule applies here) -----------------------------

def _faces(ok: list[int]) -> str:
    if not ok:
        return "no die roll"
    if len(ok) == 1:
        return f"a die roll of {ok[0]}"
    if ok == list(range(ok[0], ok[-1] + 1)):
        return f"a die roll of {ok[0]}-{ok[-1]}"
    return "a die roll of " + ", ".join(map(str, ok))


def _check(c: Components, data: Data, side: int, s: int, ops: int, extra: int = 0,
           source: str = "") -> tuple[list[tuple[int, str]], int, int, list[int]]:
    """What a Support Check in ``s`` would roll against now (6.2.5): its modifiers, their
    sum, the target (twice the Stability) and the die rolls (1-6) that beat it."""
    mods = check_modifiers(c, data, side, s) + ongoing_check_mods(c, data, side, s)
    if extra:
        mods.append((extra, source or "Event"))
    drm = sum(v for v, _ in mods)
    target = 2 * c.stability[s]
    return mods, drm, target, [d for d in range(1, 7) if d + ops + drm > target]


def check_chance(c: Components, data: Data, side: int, s: int, ops: int,
                 extra: int = 0) -> int:
    """6.2.5: the chance in whole percent that a Support Check of ``side`` in ``s`` with
    ``ops`` (and an Event's ``extra``) beats twice the Stability, with the modifiers it
    would have now, as :func:`check_odds` words it (also a menu label's: a web audit found
    the odds behind each target's why only, seven clicks to compare seven spaces)."""
    return round(100 * len(_check(c, data, side, s, ops, extra)[3]) / 6)


def check_odds(c: Components, data: Data, side: int, s: int, ops: int, extra: int = 0,
               source: str = "") -> str:
    """6.2.5/6.2.6 in words for ``explain``: the target (twice the Stability), the modifiers
    the check would have now, the die rolls that beat the target and the chance."""
    mods, drm, target, ok = _check(c, data, side, s, ops, extra, source)
    detail = ", ".join(f"{v:+d} {why}" for v, why in mods) or "no modifiers"
    # all of 6.2.6's steps, and the Rhineland's exception (an audit: the cap, the last
    # Extremist and the demilitarised Rhineland's 'no SP' were left out)
    adds = (f"adds no {SIDE[side]} SP (the Rhineland is demilitarised, 3.5R)"
            if demilitarized(c, data, s) else
            f"adds {SIDE[side]} SP up to control (no more than the Stability needs)")
    return (f"Support Check in {c.names[s]} {sp_text(data, s)}: die +{ops} OPs {drm:+d} "
            f"({detail}) must beat {target} (Stability {c.stability[s]} x2): {_faces(ok)} "
            f"succeeds, {round(100 * len(ok) / 6)}%; each point above {target} removes an "
            f"opposing SP (then an Extremist), then {adds}, then places a {SIDE[side]} "
            "Extremist if none is there (6.2.6)")


def box_effect_text(effect: dict[str, Any]) -> str:
    """A Rearmament box's effect in words (6.3.4): the chart on a player's screen and
    ``why`` on a track."""
    parts = []
    for key, arg in effect.items():
        a: dict[str, Any] = arg if isinstance(arg, dict) else {}
        if key == "place_sp":
            where = (" in a space with a friendly Extremist" if a.get(
                "in_space_with_friendly_extremist") else f" in {a.get('space')}")
            parts.append(f"place {a.get('n')} SP{where}")
        elif key == "remove_opposing_sp":
            parts.append(f"remove {a.get('n')} opposing SP in {a.get('space')}")
        elif key == "power":
            parts.append(f"{a.get('n')} Power")
        elif key in ("tension", "moderation") and isinstance(arg, int):
            parts.append(f"{key.capitalize()} {arg:+d}")
        elif key == "free_attempt":
            parts.append("a free Rearmament attempt")
        elif key == "support_check":
            parts.append(f"a Support Check with {a.get('modifier', 0):+d} in "
                         f"{' or '.join(a.get('spaces') or [a.get('region') or '?'])}")
        elif key == "ongoing":
            place = ", ".join(a.get("spaces") or []) or a.get("region") or "every space"
            parts.append(f"{a.get('marker')} marker: Support Checks "
                         f"{int(a.get('support_check_modifier', 0)):+d} in {place}")
        else:
            parts.append(f"{key.replace('_', ' ')} {arg}")
    return "; ".join(parts)


def _attempt(c: Components, data: Data, side: int, t: int, ops: int, card_side: str | None,
             bonus: tuple[int, str] | None, event_bonus: tuple[int, str] | None
             ) -> tuple[list[tuple[int, str]], Box, int, list[int]]:
    """What an attempt on open track ``t`` would roll against now (6.3.2): its modifiers,
    the next box, the total that box needs and the die rolls (1-6) that reach it."""
    mods = attempt_modifiers(c, data, side, t, card_side, bonus, event_bonus)
    box = c.boxes[t][data["rearm"][t] + 1]
    needed = box.needed if box.needed is not None else 0
    total = ops + sum(v for v, _ in mods)
    return mods, box, needed, [d for d in range(1, 7) if d + total >= needed]


def rearm_chance(c: Components, data: Data, side: int, t: int, ops: int,
                 card_side: str | None, bonus: tuple[int, str] | None = None,
                 event_bonus: tuple[int, str] | None = None) -> int | None:
    """The chance in per cent that an attempt on open track ``t`` reaches its next box
    (6.3.2), as :func:`rearm_odds` words it; ``None`` for a track shut (6.3.8)."""
    if not track_open(c, data, t):
        return None
    ok = _attempt(c, data, side, t, ops, card_side, bonus, event_bonus)[3]
    return round(100 * len(ok) / 6)


def rearm_odds(c: Components, data: Data, side: int, t: int, ops: int, card_side: str | None,
               bonus: tuple[int, str] | None = None,
               event_bonus: tuple[int, str] | None = None) -> str:
    """6.3.2/6.3.3 in words for ``explain``: the next box and the total it needs, the
    modifiers the attempt would have now, the die rolls that reach it and the chance."""
    if not track_open(c, data, t):
        return track_shut(c, data, t)[0]
    mods, box, needed, ok = _attempt(c, data, side, t, ops, card_side, bonus, event_bonus)
    drm = sum(v for v, _ in mods)
    detail = ", ".join(f"{v:+d} {why}" for v, why in mods) or "no modifiers"
    does = "; ".join(box_effect_text(e) for e in box.effects)
    return (f"{c.track_names[t]} track, next box {box.name} needs {needed}"
            # the box's effects are the attempting player's (6.3.3 flips the marker to
            # their side, 6.3.4 executes the box for it: a web audit read "1 Power" as
            # nobody's)
            + (f" (it gives you: {does})" if does else "")
            + f": die +{ops} OPs {drm:+d} ({detail}): {_faces(ok)} reaches it, "
            f"{round(100 * len(ok) / 6)}%"
            # 6.3.3 flips the marker "if not already there" (it promised a flip always: an
            # audit)
            + (" (the marker is on your +1 side already)" if data["rearm_side"][t] == side
               else " (a failure flips the marker to your +1 side)"))
