"""Battle (8): face-down air and event cards, the defender's retreat or defence, totals,
losses in counters, retreats (8.3-8.5) and control flags.

The ``battle`` frame is a procedure whose ``step`` names where it stands in the sequence
of 8.1-8.5 (:data:`BATTLE_STEPS`, in the rulebook's order):

- ``begin`` (8): no defender left, no battle; no air power card left, no move; else the
  attacker plays an air power card face down (``battle_air``, 8.1);
- ``defence`` (8.1, 8.4): the defender defends or retreats before battle
  (``defend_or_retreat``), when the board leaves him a way out; ``defence_chosen`` reads
  the answer (an elected retreat he cannot carry out, for want of a naval card, is a
  defence: 8.4 "If the counter(s) cannot retreat, they do battle");
- ``defender_air`` (8.1): the defender's air power card face down, or none;
- ``attacker_events``, ``defender_events`` (8.1): battle event cards face down, the
  attacker first (``battle_events``);
- ``reveal`` (8.1): both reveal; ``reinforce``: each Defender Reinforce Battle brings one
  unit (``reinforce``);
- ``totals`` (8.2): the totals, the winner (the defender wins ties), the losses;
- ``loser_losses``, ``winner_losses`` (8.2): each side chooses the counters it loses
  (``lose_counter``);
- ``loser_retreats`` (8.3, 8.5): the loser retreats from the entire location (``retreat``;
  ``naval_retreat``: the naval card discarded to cross a naval line);
- ``finish`` (8.2): the winner's control flag (none while the location stays contested,
  8.6); the battle cards go to the recycle piles;
- ``retreat_before_battle``, ``after_retreat_before`` (8.4): the defender retreated before
  battle: the attackers enter, the attacker's air card is recycled face down.

Face-down cards live in the battle frame (``attacker_air``, ``attacker_events``,
``defender_air``, ``defender_events``); views show the opponent only their number until
``revealed``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warroom.core.actions import Action
from warroom.core.flow import Decision, Procedure, Prompt, call, end, reveal
from warroom.core.log import log
from warroom.core.state import Frame, State
from warroom.games.sfe import engine as E
from warroom.games.sfe.components import EV_GC, EV_REINF, OWNER_NAMES, SIDE_NAMES
from warroom.games.sfe.counters import (
    OWNER_WORDS,
    army_kinds,
    army_name,
    code,
    half,
    half_of,
    is_fortress,
    kind_of,
    owner,
    owner_half,
    side_of,
    sides_in,
    strength,
    take_army,
    unit_name,
    with_half,
)
from warroom.games.sfe.engine import WHO
from warroom.games.sfe.odds import attack_text, defence_text
from warroom.games.sfe.tables import ROLES, S, SfeBase, St

Data = dict[str, Any]


def start_battle(st: St, att: int, loc: int, bh: int, moving: list[int] | None, src: int,
                 dv: int, naval: int, rest: int) -> None:
    """8: a battle in half ``bh`` of ``loc``: attackers ``moving`` in from ``src`` (by a line
    with defence value ``dv``, naval or not) or attacking in a contested location (None);
    ``rest``: the battles of the same move still to come."""
    c = st.game.c
    on = st.data["u"][loc]
    if moving is not None:
        attacking = owner(moving[0])
        sh = next((mh for _l, d, mh, *_r in c.out[src] if d == loc), 0)
    else:
        attacking = next(owner(u) for u in on if side_of(u) == att and not is_fortress(u))
        sh = half_of(on, att)
    defending = next((owner(u) for u in on if side_of(u) != att), 0)
    call(st.data, "battle", ROLES[att], attacker=att, location=loc, half=bh,
         moving=moving, source=src, source_half=sh, defence_value=dv, naval=naval,
         battles_left=rest, step="begin", attacker_air=-1, defender_air=-1,
         attacker_events=[], defender_events=[], attacking_owner=attacking,
         defending_owner=defending, contested=int(sides_in(on) == 3), winner=-1,
         revealed=False)


def battle_frame(data: Data) -> Frame:
    """The battle in progress (the nearest ``battle`` frame on the stack)."""
    stack: list[Frame] = data["stack"]
    for fr in reversed(stack):
        if fr["kind"] == "battle":
            return fr
    raise AssertionError("no battle in progress")


def defenders(data: Data, fr: Frame) -> list[int]:
    """8.2: the counters "defending that half of the location": the defender's armies (in
    a location he holds alone they are not tied to a half; in a contested one they all
    stand in the battle half) and a fortress in the battle half. A fortress in the other
    half is not in the battle: it neither fights nor is eliminated by the battle's
    retreats (see :mod:`warroom.games.sfe.rules`)."""
    d = 1 - fr["attacker"]
    bh = fr["half"]
    return [u for u in data["u"][fr["location"]]
            if side_of(u) == d and (not is_fortress(u) or half(u) == bh)]


def attackers(data: Data, fr: Frame) -> list[int]:
    if fr["moving"] is not None:
        return list(fr["moving"])
    a = fr["attacker"]
    return [u for u in data["u"][fr["location"]] if side_of(u) == a and not is_fortress(u)]


def retreat_dests(st: St, loc: int, own: int, halves: tuple[int, ...]
                  ) -> list[tuple[int, int, int]]:
    """8.3: (dest, half entered, naval) reachable by one line from ``halves`` of ``loc``:
    friendly controlled locations or the friendly half of a contested one, never neutral;
    blue never into red, red never into blue (3.2)."""
    c = st.game.c
    dn = st.data["dn"][1]
    out = []
    for _li, d, mh, dh, nv, _dv, act in c.out[loc]:
        if mh not in halves or act > dn or d == c.usa:
            continue
        if E.may_enter(st, d, own) and E.friendly_dest(st.data, d, own, dh):
            out.append((d, dh, nv))
    return out


def reinforce_sources(st: St, fr: Frame) -> list[int]:
    """Defender Reinforce Battle: adjacent friendly controlled locations with an army of
    the defending nation, joined by a land line into the battle half (any half when the
    defender holds the whole location). Not by a naval line: crossing one takes a naval
    move card (2.6, 7.2.4; 8.3 for a retreat), and the card played is the Reinforce Battle
    (an sfe rules audit: an army came from the USA box to London by sea for free)."""
    data = st.data
    loc, own = fr["location"], fr["defending_owner"]
    if not E.movable(data, own):
        return []
    dn = data["dn"][1]
    out = []
    for s, lh, act in st.game.into[loc]:
        if act > dn or (fr["contested"] and lh != fr["half"]):
            continue
        units = data["u"][s]
        if data["ctl"][s] != own or sides_in(units) == 3:
            continue
        if any(owner(u) == own and not is_fortress(u) for u in units):
            out.append(s)
    return out


def reinforce_units(st: St, fr: Frame) -> int:
    own = fr["defending_owner"]
    return sum(1 for s in reinforce_sources(st, fr) for u in st.data["u"][s]
               if owner(u) == own and not is_fortress(u))


def can_retreat_before(st: St, fr: Frame) -> bool:
    """8.4, as far as the board shows it: the defender has counters that may retreat
    (fortresses never do) and a way out: into the other half; from a contested location,
    a line from the battle half to another friendly controlled location. Whether a naval
    line can be used (8.3: a naval card is discarded) is the defender's secret: he is asked
    all the same, and learns it only when he elects to retreat (:func:`defence_chosen`)."""
    defs = defenders(st.data, fr)
    if not any(not is_fortress(u) for u in defs):
        return False
    if not fr["contested"]:
        return True
    return bool(retreat_dests(st, fr["location"], fr["defending_owner"], (fr["half"],)))


def retreat_open(st: St, fr: Frame) -> bool:
    """8.3, 8.4: the defender who elected to retreat can carry it out: from a contested
    location, a line that needs no naval card, or a naval card in hand."""
    if not fr["contested"]:
        return True
    dests = retreat_dests(st, fr["location"], fr["defending_owner"], (fr["half"],))
    naval_ok = bool(E.naval_cards(st, st.data["hand"][1 - fr["attacker"]]))
    return any(not nv or naval_ok for _d, _h, nv in dests)


# -- the steps of a battle ------------------------------------------------------------------

def begin(st: St, fr: Frame) -> None:
    """8: the battle starts if there is one; the attacker's air power card (8.1)."""
    data = st.data
    c = st.game.c
    att, d = fr["attacker"], 1 - fr["attacker"]
    loc = fr["location"]
    half_name = c.halves[loc][fr["half"]]
    name = c.names[loc]
    if not defenders(data, fr):
        # no battle: said first, then the move goes in and control follows under the
        # same rule (a flag placed "under 8.2" before "no battle" read as a battle's: an
        # audit)
        if data["u"][loc]:  # only a fortress in the other half (8.2)
            log(data, "8.2", f"No counter defends the {half_name} half of {name} (a fortress "
                "defends only its own half): no battle", location=name, half=half_name)
            enter(st, fr, "8.2")
        else:
            log(data, "7.2.5", f"{name} is empty: no battle", location=name)
            enter(st, fr, "7.2.5")
        end(data)
        return
    if not E.air_cards(st, data["hand"][att]):
        back = fr["moving"] or []
        for u in back:
            data["u"][fr["source"]].append(with_half(u, fr["source_half"]))
        E.touch(st, fr["source"])
        fr["moving"] = []
        log(data, "7.2.5", f"{WHO[att]} have no air power card left: the move into "
            f"{name} does not take place", location=name)
        E.announce_lack(data, att, "air")
        E.fix_control(st, fr["source"])
        end(data)
        return
    log(data, "8", f"Battle in {name} ({half_name} half): "
        f"{WHO[att]} attack, {WHO[d]} defend", location=name, half=half_name,
        attacker=SIDE_NAMES[att], defender=SIDE_NAMES[d])
    if not fr["contested"]:
        to_battle_half(st, fr)
    fr["step"] = "defence"
    call(data, "battle_air", ROLES[att], side=att)


def to_battle_half(st: St, fr: Frame) -> None:
    """8: "the battle occurs in the half of the location that the attacker's move line
    enters", and 8.4 has a defender who retreats before battle go "into the other half of
    the location that the attacker did not move into": in a location the defender holds
    alone his armies are not tied to a half, so they stand in the battle half for the
    battle (they were drawn where they last stood, the west half of Sedan under a battle in
    its east half: an sfe rules audit). A fortress stays where it was built (7.2.2)."""
    data = st.data
    loc, bh, d = fr["location"], fr["half"], 1 - fr["attacker"]
    units = data["u"][loc]
    moved = [with_half(u, bh) if side_of(u) == d and not is_fortress(u) else u for u in units]
    if moved != units:
        data["u"][loc] = moved
        E.touch(st, loc)


def defence(st: St, fr: Frame) -> None:
    """8.1, 8.4: the defender decides to defend or to retreat before battle, whenever the
    board leaves his counters a way out (never from what his hand holds: the attacker sees
    which decision comes next)."""
    d = 1 - fr["attacker"]
    if can_retreat_before(st, fr):
        fr["step"] = "defence_chosen"
        call(st.data, "defend_or_retreat", ROLES[d], side=d)
    else:
        fr["step"] = "defender_air"


def defence_chosen(st: St, fr: Frame) -> None:
    """8.4: "If the counter(s) cannot retreat, they do battle": an elected retreat that
    only a naval line allows, without a naval card in hand (8.3), becomes a defence."""
    if fr.pop("$") != "retreat":
        fr["step"] = "defender_air"
        return
    if retreat_open(st, fr):
        fr["step"] = "retreat_before_battle"
        return
    d = 1 - fr["attacker"]
    log(st.data, "8.4", f"{WHO[d]} cannot carry out the retreat (a naval line needs a naval "
        "move card, 8.3): the counters do battle", side=SIDE_NAMES[d])
    E.announce_lack(st.data, d, "naval")
    fr["step"] = "defender_air"


def defender_air(st: St, fr: Frame) -> None:
    """8.1: the defender may play one air power card face down."""
    d = 1 - fr["attacker"]
    fr["step"] = "attacker_events"
    call(st.data, "defender_air", ROLES[d], side=d)


def attacker_events(st: St, fr: Frame) -> None:
    """8.1: the attacker first may play battle event cards face down."""
    att = fr["attacker"]
    fr["step"] = "defender_events"
    call(st.data, "battle_events", ROLES[att], side=att, attacking=True)


def defender_events(st: St, fr: Frame) -> None:
    """8.1: then the defender."""
    d = 1 - fr["attacker"]
    fr["step"] = "reveal"
    call(st.data, "battle_events", ROLES[d], side=d, attacking=False)


def reveal_cards(st: St, fr: Frame) -> None:
    """8.1: both players reveal their face-down cards."""
    data = st.data
    c = st.game.c
    reveal(data)
    fr["revealed"] = True
    parts = []
    facts: dict[str, Any] = {}
    events: list[dict[str, str]] = []
    for role, side, air, evs in (("attacker", fr["attacker"], fr["attacker_air"],
                                  fr["attacker_events"]),
                                 ("defender", 1 - fr["attacker"], fr["defender_air"],
                                  fr["defender_events"])):
        bits = []
        if air >= 0:
            bits.append(f"{c.card_names[air]} for air power {c.card_air[air]}")
        # the card's own name with its event's (a player asks which Great Commander:
        # "Guderian (Great Commander)"; a web audit read "..., Great Commander" as the air
        # card's); a card named as its event is named once ("Reinforce Battle")
        bits += [c.card_names[x] if c.card_names[x] == c.event_names[c.card_event[x]]
                 else f"{c.card_names[x]} ({c.event_names[c.card_event[x]]})" for x in evs]
        parts.append(f"{WHO[side]}: {', '.join(bits) if bits else 'no card'}")
        facts[f"{role}_cards"] = [c.card_ids[x] for x in ([air] if air >= 0 else []) + evs]
        facts[f"{role}_air"] = c.card_air[air] if air >= 0 else 0
        events += [{"event": c.event_names[c.card_event[x]], "side": SIDE_NAMES[side]}
                   for x in evs]
    log(data, "8.1", "Cards revealed — " + "; ".join(parts), location=c.names[fr["location"]],
        events=events, **facts)
    one_great_commander(st, fr)
    fr["reinforcements"] = sum(1 for x in fr["defender_events"]
                               if c.card_event[x] == EV_REINF)
    fr["step"] = "reinforce"


def one_great_commander(st: St, fr: Frame) -> None:
    """Great Commander (the card text printed in the rulebook's battle example, 8.7): "Only
    one Great Commander may be played in a battle." The attacker's, played first, is the one
    played; a defender's revealed beside it goes back to his hand unplayed. The defender is
    offered none once the attacker put a battle event down (:meth:`BattleEvents.playable`):
    an attacker's battle event is a Great Commander, so he knows. This guard stays for a
    state saved before 6 December 2026, when a defender's was offered and could be down."""
    c = st.game.c
    if not any(c.card_event[x] == EV_GC for x in fr["attacker_events"]):
        return
    late = [x for x in fr["defender_events"] if c.card_event[x] == EV_GC]
    if not late:
        return
    d = 1 - fr["attacker"]
    data = st.data
    for x in late:
        fr["defender_events"].remove(x)
        data["hand"][d].append(x)
        data["shown"][d].append(x)      # the attacker saw it go back (determinize keeps it)
        E.hand_takes_cards(data, d)
        log(data, "8.7", f"Only one Great Commander may be played in a battle: the "
            f"attacker's was played first, so the {WHO[d]} take {c.card_names[x]} back into "
            "their hand", side=SIDE_NAMES[d], card=c.card_ids[x])


def reinforce(st: St, fr: Frame) -> None:
    """Defender Reinforce Battle: one unit per card, from an adjacent friendly location."""
    if not fr["reinforcements"]:
        fr["step"] = "totals"
        return
    fr["reinforcements"] -= 1
    d = 1 - fr["attacker"]
    if not reinforce_sources(st, fr):
        log(st.data, "8.1", "Defender Reinforce Battle: no unit can reinforce")
        return
    call(st.data, "reinforce", ROLES[d], side=d, source=-1)


def totals(st: St, fr: Frame) -> None:
    """8.2: totals, the winner (the defender wins ties) and the counters each side loses."""
    data = st.data
    c = st.game.c
    att, d = fr["attacker"], 1 - fr["attacker"]
    atk = attackers(data, fr)
    dfs = defenders(data, fr)
    gc_a = 2 if any(c.card_event[x] == EV_GC for x in fr["attacker_events"]) else 0
    gc_d = 2 if any(c.card_event[x] == EV_GC for x in fr["defender_events"]) else 0
    air_a = c.card_air[fr["attacker_air"]]
    air_d = c.card_air[fr["defender_air"]] if fr["defender_air"] >= 0 else 0
    sa = sum(strength(u) for u in atk)
    sd = sum(strength(u) for u in dfs)
    dv = fr["defence_value"]
    ta = sa + air_a + gc_a
    td = sd + air_d + gc_d + dv
    fr["attack_total"], fr["defence_total"] = ta, td
    win = att if ta > td else d
    fr["winner"] = win
    a_txt = f"{sa} in {len(atk)} counter{'s' if len(atk) != 1 else ''} + air {air_a}"
    if gc_a:
        a_txt += f" + Great Commander {gc_a}"
    d_txt = f"{sd} in {len(dfs)} counter{'s' if len(dfs) != 1 else ''} + air {air_d}"
    if gc_d:
        d_txt += f" + Great Commander {gc_d}"
    if dv:
        d_txt += f" + location defence {dv}"
    tie = " (the defender wins ties)" if ta == td else ""
    log(data, "8.2", f"Attack {ta} ({a_txt}) against defence {td} ({d_txt}): "
        f"{WHO[win]} win{tie}", location=c.names[fr["location"]], attack=ta, defence=td,
        attack_strength=sa, attack_counters=len(atk), attack_air=air_a, attack_events=gc_a,
        defence_strength=sd, defence_counters=len(dfs), defence_air=air_d,
        defence_events=gc_d, location_defence=dv, winner=SIDE_NAMES[win])
    n_l = len(atk) if win == d else len(dfs)
    n_w = len(dfs) if win == d else len(atk)
    lose_l = (n_l + 1) // 2
    lose_w = min(n_w // 2, lose_l)
    loser = 1 - win
    # the halves in words (a web audit: why the winner lost a counter was said only by
    # the tooltip of the rule's tag, which a phone cannot hover)
    cap = ", never more than the loser" if lose_w < n_w // 2 else ""
    log(data, "8.2", f"{WHO[loser]} lose {lose_l} of {n_l} counters (the loser half, rounded "
        f"up), {WHO[win]} lose {lose_w} of {n_w} (the winner half, rounded down{cap})",
        loser=SIDE_NAMES[loser], loser_loses=lose_l, loser_counters=n_l,
        winner=SIDE_NAMES[win], winner_loses=lose_w, winner_counters=n_w)
    fr["losses"] = [lose_l, lose_w]
    fr["step"] = "loser_losses"


def loser_losses(st: St, fr: Frame) -> None:
    """8.2: the loser removes half his counters, rounded up (his choice)."""
    fr["step"] = "winner_losses"
    start_losses(st, 1 - fr["winner"], fr["losses"][0])


def winner_losses(st: St, fr: Frame) -> None:
    """8.2: the winner half his, rounded down, never more than the loser."""
    fr["step"] = "loser_retreats"
    start_losses(st, fr["winner"], fr["losses"][1])


def loser_retreats(st: St, fr: Frame) -> None:
    """8.5: the loser retreats from the entire location (8.3: fortresses are eliminated)."""
    data = st.data
    c = st.game.c
    fr["step"] = "finish"
    loc = fr["location"]
    att, win = fr["attacker"], fr["winner"]
    loser = 1 - win
    if loser == att and fr["moving"] is not None:
        units = fr["moving"]
        if not units:
            return
        src, sh = fr["source"], fr["source_half"]
        # 2: "you may not move from Algiers to London and the USA": a one-way line is no
        # way back (it is in c.out only in its own direction)
        back = any(d == src for _li, d, *_rest in c.out[loc])
        friendly = E.friendly_dest(data, src, fr["attacking_owner"], sh)
        ok = back and friendly
        why = "" if back else " (the line it used is one way)"
        rule = "8.5"
        if ok and fr["naval"]:
            if E.naval_cards(st, data["hand"][att]):
                call(data, "naval_retreat", ROLES[att], side=att, purpose="back",
                     destination=src)
                return
            ok = False
            # 8.3 Special: a retreat across a naval move line costs a naval move card
            why, rule = " (it came by a naval move line, and no card with a naval move icon " \
                "is left in the hand to retreat across it)", "8.3"
            E.announce_lack(data, att, "naval")
        elif back and not friendly:
            why, rule = " (it is no longer friendly controlled)", "8.3"
        if ok:
            go_back(st, fr)
        else:
            for u in units:
                log(data, rule, f"The {unit_name(u)} cannot retreat to "
                    f"{c.names[src]}{why} and is eliminated", counter=unit_name(u),
                    location=c.names[src])
                E.gone(data, u)
            fr["moving"] = []
        return
    # the loser's counters on the map leave the whole location, one by one as the retreat
    # places them (they stay on the board until then, and the winner's flag waits for them
    # to be gone, 8.2's order: "The loser ... must retreat from the entire location ... The
    # winner of the battle places his control flag" (they had vanished from the board and
    # the flag was placed while the loser still chose where they went: an sfe rules audit)
    units = data["u"][loc]
    keep, leaving = [], []
    for u in units:
        if side_of(u) == loser and is_fortress(u):
            # 8.2 "must retreat from the entire (both halves) location"; 8.3 "if ... forced
            # to retreat, and a fortress is in the location, ... the fortress is eliminated":
            # every fortress of the loser in the location, in the battle or not
            log(data, "8.3", f"The {unit_name(u)} in {c.names[loc]} cannot retreat and "
                "is eliminated", counter=unit_name(u), location=c.names[loc])
            E.gone(data, u)
            continue
        keep.append(u)
        if side_of(u) == loser:
            leaving.append(u)
    if len(keep) != len(units):
        data["u"][loc] = keep
        E.touch(st, loc)
    if not leaving:
        return
    if loser == att:
        halves: tuple[int, ...] = (fr["source_half"],)
    else:
        halves = (fr["half"],) if fr["contested"] else (0, 1)
    start_retreat(st, loser, owner(leaving[0]), loc, halves, leaving, "8.5")


def finish(st: St, fr: Frame) -> None:
    """8.2: the winner places his control flag; the played cards are recycled."""
    data = st.data
    c = st.game.c
    att, win = fr["attacker"], fr["winner"]
    if win == att:
        enter(st, fr)
    loc = fr["location"]
    winning = fr["attacking_owner"] if win == att else fr["defending_owner"]
    if sides_in(data["u"][loc]) == 3:
        # 2.5: contested locations are controlled by neither player, so 8.2's flag ("Place
        # a location control marker if control of the location changes") waits until the
        # location is no longer contested (it had cited 8.6, a supply rule: a citation audit)
        log(data, "8.2", f"{c.names[loc]} stays contested: no control flag is placed",
            location=c.names[loc])
    else:
        E.set_control(st, loc, winning, "8.2")
    for side, cards in ((att, [fr["attacker_air"], *fr["attacker_events"]]),
                        (1 - att, [fr["defender_air"], *fr["defender_events"]])):
        for x in cards:
            if x >= 0:
                E.recycle(data, side, x, False)
    fr["attacker_air"] = fr["defender_air"] = -1
    fr["attacker_events"], fr["defender_events"] = [], []
    end(data)


def retreat_before_battle(st: St, fr: Frame) -> None:
    """8.4: the defender retreats before battle into the other half, or from a contested
    location to another friendly location (fortresses are eliminated, 8.3)."""
    data = st.data
    c = st.game.c
    fr["step"] = "after_retreat_before"
    loc, bh = fr["location"], fr["half"]
    d = 1 - fr["attacker"]
    units = data["u"][loc]
    keep, leaving = [], []
    for u in units:
        if side_of(u) != d:
            keep.append(u)
        elif is_fortress(u):
            if half(u) != bh:
                keep.append(u)  # a fortress in the other half is not in the battle (8.2)
            else:
                log(data, "8.3", f"The {unit_name(u)} in {c.names[loc]} cannot retreat "
                    "and is eliminated", counter=unit_name(u), location=c.names[loc])
                E.gone(data, u)
        else:
            leaving.append(u)
    if not fr["contested"]:
        other = 1 - bh
        for u in leaving:
            keep.append(with_half(u, other))
        data["u"][loc] = keep
        E.touch(st, loc)
        log(data, "8.4", f"{WHO[d]} retreat before battle into the "
            f"{c.halves[loc][other]} half of {c.names[loc]}", location=c.names[loc],
            half=c.halves[loc][other])
        return
    # from a contested location to another: they stay in it until the retreat places them
    # (see loser_retreats); control follows once they are gone (after_retreat_before)
    data["u"][loc] = keep + leaving
    E.touch(st, loc)
    log(data, "8.4", f"{WHO[d]} retreat before battle from {c.names[loc]}",
        location=c.names[loc])
    start_retreat(st, d, fr["defending_owner"], loc, (bh,), leaving, "8.4")


def after_retreat_before(st: St, fr: Frame) -> None:
    """8.4: the attackers enter; the attacker's air card is recycled unseen."""
    enter(st, fr)
    E.fix_control(st, fr["location"], "8.4")
    E.recycle(st.data, fr["attacker"], fr["attacker_air"], True)
    # said, the card unnamed: it had gone from the attacker's hand without a word (a
    # terminal audit); no battle, so no card is revealed (8.1 reveals them for the battle)
    log(st.data, "8.4", f"No battle: the air power card the {WHO[fr['attacker']]} played goes "
        "to their recycle pile unrevealed", air_recycled=True)
    end(st.data)


BATTLE_STEPS: dict[str, Callable[[St, Frame], None]] = {
    "begin": begin,
    "defence": defence,
    "defence_chosen": defence_chosen,
    "defender_air": defender_air,
    "attacker_events": attacker_events,
    "defender_events": defender_events,
    "reveal": reveal_cards,
    "reinforce": reinforce,
    "totals": totals,
    "loser_losses": loser_losses,
    "winner_losses": winner_losses,
    "loser_retreats": loser_retreats,
    "finish": finish,
    "retreat_before_battle": retreat_before_battle,
    "after_retreat_before": after_retreat_before,
}
"""The steps of a battle in the order of 8.1-8.5 (see the module's docstring)."""


class Battle(Procedure[SfeBase]):
    """8.1-8.5 as a procedure: runs the step named by ``step``."""

    kind = "battle"

    def run(self, st: St, frame: Frame) -> None:
        BATTLE_STEPS[frame["step"]](st, frame)


def enter(st: St, fr: Frame, rule: str = "8.2") -> None:
    """The moving attackers enter the battle half; the location's control follows (logged
    under ``rule``: the battle won, 8.2, or no battle, 7.2.5)."""
    units = fr["moving"]
    if not units:
        return
    loc = fr["location"]
    for u in units:
        st.data["u"][loc].append(with_half(u, fr["half"]))
    E.touch(st, loc)
    fr["moving"] = []
    E.fix_control(st, loc, rule)


def go_back(st: St, fr: Frame) -> None:
    """8.5: the moving attackers retreat by the line they used."""
    c = st.game.c
    data = st.data
    src = fr["source"]
    for u in fr["moving"]:
        data["u"][src].append(with_half(u, fr["source_half"]))
    E.touch(st, src)
    n = len(fr["moving"])
    log(data, "8.5", f"The attackers ({n} counter{'s' if n != 1 else ''}) retreat to "
        f"{c.names[src]} by the line they used", counters=n, location=c.names[src])
    fr["moving"] = []
    E.fix_control(st, src, "8.5")


# -- losses (8.2) ---------------------------------------------------------------------------

def loss_candidates(data: Data, side: int) -> list[int]:
    fr = battle_frame(data)
    if side == fr["attacker"]:
        return attackers(data, fr)
    return defenders(data, fr)


def start_losses(st: St, side: int, n: int) -> None:
    """8.2: ``side`` loses ``n`` counters: its choice, unless all go or all are alike."""
    if n and not forced_losses(st, side, n):
        call(st.data, "lose_counter", ROLES[side], side=side, left=n)


def forced_losses(st: St, side: int, n: int) -> bool:
    """Remove ``n`` counters of ``side`` when there is nothing to choose; True if done."""
    cands = loss_candidates(st.data, side)
    if n >= len(cands) or len({kind_of(u) for u in cands}) == 1:
        for u in cands[:n]:
            remove_loss(st, side, kind_of(u))
        return True
    return False


def remove_loss(st: St, side: int, kind: int) -> None:
    data = st.data
    fr = battle_frame(data)
    loc = fr["location"]
    attacking = side == fr["attacker"]
    units = fr["moving"] if attacking and fr["moving"] is not None else data["u"][loc]
    for i, u in enumerate(units):
        if side_of(u) == side and kind_of(u) == kind and (
                not is_fortress(u) or (not attacking and half(u) == fr["half"])):
            del units[i]
            E.touch(st, loc)
            name = st.game.c.names[loc]
            log(data, "8.2", f"The {unit_name(u)} in the battle for {name} is eliminated",
                counter=unit_name(u), location=name)
            E.gone(data, u)
            if units is data["u"][loc]:
                E.fix_control(st, loc, "8.2")
            return
    raise AssertionError("no such counter")


# -- retreats (8.3-8.5) ---------------------------------------------------------------------

def start_retreat(st: St, side: int, own: int, loc: int, halves: tuple[int, ...],
                  units: list[int], rule: str) -> None:
    dests = retreat_dests(st, loc, own, halves)
    frame = call(st.data, "retreat", ROLES[side], side=side, owner=own, location=loc,
                 retreating=units, destinations=[list(x) for x in dests], selected=0,
                 paid=[], rule=rule)
    settle_retreat(st, frame)


def valid_retreats(st: State[S], frame: Frame) -> list[list[int]]:
    """The destinations open now: a naval line needs a naval card (8.3) unless paid."""
    naval_ok = bool(E.naval_cards(st, st.data["hand"][frame["side"]]))
    return [x for x in frame["destinations"]
            if not x[2] or naval_ok or x[0] in frame["paid"]]


def settle_retreat(st: St, frame: Frame) -> None:
    """The retreat (on top of the stack) without a choice to make: done, eliminated (8.5:
    no way out), all by the one way the board offers, or the only kind of counter
    selected."""
    data = st.data
    c = st.game.c
    pending = frame["retreating"]
    if not pending:
        end(data)
        return
    valid = valid_retreats(st, frame)
    if not valid:
        if frame["destinations"]:
            # every way out needs a naval card (8.3) the hand does not hold: public now
            E.announce_lack(data, frame["side"], "naval")
        for u in pending:
            log(data, frame["rule"], f"The {unit_name(u)} in {c.names[frame['location']]} "
                "cannot retreat and is eliminated", counter=unit_name(u),
                location=c.names[frame["location"]])
            leave(st, frame, u)
            E.gone(data, u)
        frame["retreating"] = []
        end(data)
        return
    # Whether there is a choice is read from the board, never from the hand: a second way
    # out by a naval line is offered (and the decision asked) whether or not a naval card
    # is held, else the question itself would tell the opponent (the legal destinations,
    # the hand's business, are the acting role's only)
    ways = frame["destinations"]
    if len(ways) == 1 and (not ways[0][2] or ways[0][0] in frame["paid"]):
        d, dh, _nv = valid[0]
        for u in pending:
            place_retreat(st, frame, u, d, dh)
        frame["retreating"] = []
        end(data)
        return
    if not frame["selected"]:
        kinds = {strength(u) for u in pending}
        if len(kinds) == 1:
            frame["selected"] = kinds.pop()


def leave(st: St, frame: Frame, u: int) -> None:
    """A retreating counter leaves the location it retreats from (it stood there while the
    retreat was chosen)."""
    loc = frame["location"]
    st.data["u"][loc].remove(u)
    E.touch(st, loc)


def place_retreat(st: St, frame: Frame, u: int, d: int, dh: int) -> None:
    c = st.game.c
    leave(st, frame, u)
    st.data["u"][d].append(with_half(u, dh))
    E.touch(st, d)
    log(st.data, frame["rule"], f"The {unit_name(u)} retreats from "
        f"{c.names[frame['location']]} to {c.names[d]}", counter=unit_name(u),
        location=c.names[frame["location"]], destination=c.names[d])


def retreat_one(st: St, frame: Frame, d: int, dh: int) -> None:
    """The selected kind of counter retreats to ``d``."""
    pending = frame["retreating"]
    for i, u in enumerate(pending):
        if strength(u) == frame["selected"]:
            del pending[i]
            place_retreat(st, frame, u, d, dh)
            break
    frame["selected"] = 0


# -- decisions ----------------------------------------------------------------------------------

def _battle_place(st: St) -> str:
    fr = battle_frame(st.data)
    c = st.game.c
    return f"{c.names[fr['location']]}, {c.halves[fr['location']][fr['half']]} half"


class BattleAir(Decision[SfeBase]):
    """8.1: the attacker plays one card face down for its air power value."""

    kind = "battle_air"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], "Play a card face down for its air power value "
                      f"(battle in {_battle_place(st)})", "8.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        card_id = st.game.card_id
        return [card_id[x] for x in E.air_cards(st, st.data["hand"][frame["side"]])]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        end(data)
        E.take(data, frame["side"], action.value)
        battle_frame(data)["attacker_air"] = action.value
        reveal(data)
        log(data, "8.1", f"{WHO[frame['side']]} play an air power card face down",
            side=SIDE_NAMES[frame["side"]])

    def explain(self, st: St, frame: Frame, action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        if not legal:
            return (f"not a choice now: {self.prompt(st, frame).text} (a card of your hand "
                    "with an air power value)", ("8.1",))
        c = st.game.c
        fr = battle_frame(st.data)
        atk = attackers(st.data, fr)
        text = attack_text(st, frame["side"], fr["location"], fr["half"],
                           sum(strength(u) for u in atk), len(atk), fr["defence_value"],
                           c.card_air[action.value], action.value, fr["battles_left"])
        return (f"{c.card_names[action.value]} adds air power {c.card_air[action.value]}: "
                f"{text}", ("8.1", "8.2"))


class DefendOrRetreat(Decision[SfeBase]):
    """8.1, 8.4: the defender decides to defend or to retreat before battle."""

    kind = "defend_or_retreat"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        # what the defender decides against, all of it public (the air card face down)
        fr = battle_frame(st.data)
        atk = attackers(st.data, fr)
        dfn = defenders(st.data, fr)
        n = len(atk)
        air = " and an air card face down" if fr["attacker_air"] >= 0 else ""
        dv = fr["defence_value"]
        line = f" + line defence {dv}" if dv else ""
        return Prompt(frame["role"], f"Defend {_battle_place(st)}, or retreat before battle: "
                      f"{WHO[1 - frame['side']]} attack with {sum(strength(u) for u in atk)} "
                      f"in {n} counter{'s' if n != 1 else ''}{air}, against your "
                      f"{sum(strength(u) for u in dfn)}{line} and your air card", "8.4")

    def legal(self, st: St, frame: Frame) -> list[int]:
        return [st.game.defend_id, st.game.retreat_id]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        if action.kind == "defend":
            end(st.data, "defend")
            log(st.data, "8.1", f"{WHO[frame['side']]} stay and defend",
                side=SIDE_NAMES[frame["side"]])
        else:
            end(st.data, "retreat")

    def explain(self, st: St, frame: Frame, action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        if not legal:
            return f"not a choice now: {self.prompt(st, frame).text}", ("8.4",)
        if action.kind == "defend":
            return ("stay and fight with your strongest air card: "
                    + defence_text(st, frame["side"], battle_frame(st.data)), ("8.1", "8.2"))
        if not retreat_open(st, battle_frame(st.data)):
            # told to the defender alone (a seat hears only its own decisions' whys), who
            # knows his hand: the retreat he may elect would fail (an sfe rules audit)
            return ("your counters can leave only by a naval line, and you hold no naval move "
                    "card (8.3): elect to retreat and they cannot, so they do battle (8.4)",
                    ("8.4", "8.3"))
        return ("retreat before battle (8.4): into the other half, or out of a contested "
                "location; fortresses in the battle half are eliminated (8.3)", ("8.4", "8.3"))


class DefenderAir(Decision[SfeBase]):
    """8.1: the defender may play one card face down for its air power value."""

    kind = "defender_air"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], "Play a card face down for its air power value, or none "
                      f"(defending {_battle_place(st)})", "8.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        return [*(g.card_id[x] for x in E.air_cards(st, st.data["hand"][frame["side"]])),
                g.no_air_id]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        end(data)
        side = frame["side"]
        if action.kind == "card":
            E.take(data, side, action.value)
            battle_frame(data)["defender_air"] = action.value
            reveal(data)
            log(data, "8.1", f"{WHO[side]} play an air power card face down",
                side=SIDE_NAMES[side])
        else:
            log(data, "8.1", f"{WHO[side]} play no air power card", side=SIDE_NAMES[side])

    def explain(self, st: St, frame: Frame, action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        if not legal:
            return f"not a choice now: {self.prompt(st, frame).text}", ("8.1",)
        c = st.game.c
        air = c.card_air[action.value] if action.kind == "card" else 0
        what = (f"{c.card_names[action.value]} adds air power {air}" if action.kind == "card"
                else "no air card (your cards stay in hand)")
        text = defence_text(st, frame["side"], battle_frame(st.data), air,
                            action.value if action.kind == "card" else -1)
        return (f"{what}: {text}",
                ("8.1", "8.2"))


class BattleEvents(Decision[SfeBase]):
    """8.1: any number of battle event cards face down, the attacker first."""

    kind = "battle_events"

    def playable(self, st: St, frame: Frame) -> list[int]:
        c = st.game.c
        data = st.data
        fr = battle_frame(data)
        hand = data["hand"][frame["side"]]
        mine = fr["attacker_events"] if frame["attacking"] else fr["defender_events"]
        gc_played = any(c.card_event[x] == EV_GC for x in mine)
        out = []
        if frame["attacking"]:
            # a Great Commander, keeping an air card for each battle of the move to come
            n_air = len(E.air_cards(st, hand))
            for x in hand:
                if c.card_event[x] == EV_GC and not gc_played and \
                        n_air - (c.card_air[x] > 0) >= fr["battles_left"]:
                    out.append(x)
            return out
        n_reinf = sum(1 for x in mine if c.card_event[x] == EV_REINF)
        room = None
        gc_free = not gc_played and not E.defender_commander_barred(fr)
        for x in hand:
            ev = c.card_event[x]
            if ev == EV_GC and gc_free:
                out.append(x)
            elif ev == EV_REINF:
                if room is None:
                    room = reinforce_units(st, fr) - n_reinf
                if room > 0:
                    out.append(x)
        return out

    def explain(self, st: St, frame: Frame, action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        c = st.game.c
        fr = battle_frame(st.data)
        gc_played = any(c.card_event[x] == EV_GC for x in fr["attacker_events"])
        if (not legal and frame["attacking"] and action.kind == "card"
                and action.value in st.data["hand"][frame["side"]]
                and c.card_event[action.value] == EV_GC and fr["battles_left"]
                and not gc_played):
            return (f"{c.card_names[action.value]} is kept for air power: this move has "
                    f"{fr['battles_left']} more battle(s) to come, and the cards of a move "
                    "into several locations are for air power in each of them (the example "
                    "of a movement to multiple locations); played now, one would go without",
                    ("8.1", "7.2.5"))
        hand = st.data["hand"][frame["side"]]
        if legal and action.kind == "card" and c.card_event[action.value]:
            # what the battle event does, as the card says it (a browser audit had "one of
            # the choices now" only, for a Defender Reinforce Battle)
            ev = c.card_event[action.value]
            return (f"played face down as a battle event: {c.card_names[action.value]}, "
                    f"“{c.event_text[ev]}”", ("8.1", "CQR"))
        if not legal and action.kind == "card" and action.value in hand:
            # the side's own card and the public board only: why this card is no choice
            # (it read "not one of the choices now" for every one: an outside audit)
            name = c.card_names[action.value]
            ev = c.card_event[action.value]
            mine = fr["attacker_events"] if frame["attacking"] else fr["defender_events"]
            if ev not in (EV_GC, EV_REINF):
                return (f"{name} has no battle event: a battle takes a Great Commander or a "
                        "Defender Reinforce Battle here; its air power is played as the air "
                        "card", ("8.1", "CQR"))
            if ev == EV_GC and not frame["attacking"] and E.defender_commander_barred(fr):
                return ("the attacker put a battle event card down first, and an attacker's "
                        "battle event is a Great Commander: only one may be played in a "
                        "battle, so yours would only go back to your hand, shown",
                        ("8.7", "8.1"))
            if ev == EV_GC:
                return ("your Great Commander is played already in this battle: only one "
                        "may be played in a battle", ("8.7", "8.1"))
            if frame["attacking"]:
                return (f"{name} is the defender's: the attacker may not play it",
                        ("8.1", "CQR"))
            used = sum(1 for x in mine if c.card_event[x] == EV_REINF)
            if not E.movable(st.data, fr["defending_owner"]):
                # said before the search for armies, which 6.4 cuts short (an sfe audit
                # was told no Soviet army stood beside the battle, two did)
                return ("the Soviets may not move during the 1st Allied play deck, so no "
                        "Soviet army may move in", ("6.4", "8.1", "CQR"))
            if reinforce_units(st, fr) <= used:
                who = OWNER_WORDS[fr["defending_owner"]]
                more = " more" if used else ""
                return (f"no{more} {who} army stands in an adjacent friendly controlled "
                        f"location joined to {_battle_place(st)} by a land line, to move in "
                        "(a naval line takes a naval move card)", ("8.1", "2.6", "CQR"))
        return super().explain(st, frame, action, legal)

    def prompt(self, st: St, frame: Frame) -> Prompt:
        who = "attacker, first" if frame["attacking"] else "defender, after the attacker"
        return Prompt(frame["role"], f"Play battle event cards face down, or done (as the "
                      f"{who}; battle in {_battle_place(st)})", "8.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        return [*(g.card_id[x] for x in self.playable(st, frame)), g.done_id]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        if action.kind == "done":
            end(data)
            return
        fr = battle_frame(data)
        E.take(data, frame["side"], action.value)
        (fr["attacker_events"] if frame["attacking"] else fr["defender_events"]).append(
            action.value)
        reveal(data)
        log(data, "8.1", f"{WHO[frame['side']]} play a battle event card face down",
            side=SIDE_NAMES[frame["side"]])


class Reinforce(Decision[SfeBase]):
    """Defender Reinforce Battle: one unit from an adjacent friendly controlled location."""

    kind = "reinforce"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        if frame["source"] < 0:
            text = "Defender Reinforce Battle: choose the adjacent location the unit comes from"
        else:
            text = (f"Defender Reinforce Battle: choose the unit that moves from "
                    f"{st.game.c.names[frame['source']]}")
        return Prompt(frame["role"], f"{text} (battle in {_battle_place(st)})", "8.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        fr = battle_frame(st.data)
        if frame["source"] < 0:
            return [g.loc_id[s] for s in reinforce_sources(st, fr)]
        return [g.unit_id[k] for k in army_kinds(st.data["u"][frame["source"]],
                                                  fr["defending_owner"])]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        c = st.game.c
        data = st.data
        fr = battle_frame(data)
        kind = action.value
        if frame["source"] < 0:
            frame["source"] = action.value
            kinds = army_kinds(data["u"][action.value], fr["defending_owner"])
            if len(kinds) > 1:
                return
            kind = kinds[0]
        end(data)
        src, own = frame["source"], fr["defending_owner"]
        take_army(data["u"][src], own, kind)
        data["u"][fr["location"]].append(code(own, kind, fr["half"]))
        E.touch(st, src)
        E.touch(st, fr["location"])
        log(data, "8.1", f"Defender Reinforce Battle: {army_name(own, kind, 'a')} "
            f"moves from {c.names[src]} to {c.names[fr['location']]}",
            owner=OWNER_NAMES[own], strength=kind, source=c.names[src],
            location=c.names[fr["location"]])


class LoseCounter(Decision[SfeBase]):
    """8.2: the side chooses which of its battle counters it loses."""

    kind = "lose_counter"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        # how the battle went, in the question (a usability audit: on the web the result
        # was in the log, 1,240 px below the map the loss is chosen on)
        fr = battle_frame(st.data)
        went = (f": {WHO[fr['winner']]} won, attack {fr['attack_total']} against defence "
                f"{fr['defence_total']}" if "winner" in fr and "attack_total" in fr else "")
        return Prompt(frame["role"], f"Choose a counter to lose in the battle for "
                      f"{_battle_place(st)}{went} ({frame['left']} to go)", "8.2")

    def legal(self, st: St, frame: Frame) -> list[int]:
        unit_id = st.game.unit_id
        kinds = sorted({kind_of(u) for u in loss_candidates(st.data, frame["side"])})
        return [unit_id[k] for k in kinds]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        remove_loss(st, frame["side"], action.value)
        frame["left"] -= 1
        if frame["left"] <= 0 or forced_losses(st, frame["side"], frame["left"]):
            end(st.data)


class Retreat(Decision[SfeBase]):
    """8.3-8.5: each retreating counter goes to a friendly location by one line."""

    kind = "retreat"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        name = st.game.c.names[frame["location"]]
        if not frame["selected"]:
            return Prompt(frame["role"], f"Choose a counter retreating from {name}",
                          frame["rule"])
        return Prompt(frame["role"], f"Choose where the {frame['selected']}-strength army "
                      f"retreats from {name}", frame["rule"])

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        if not frame["selected"]:
            return [g.unit_id[k] for k in sorted({strength(u) for u in frame["retreating"]})]
        return [g.loc_id[x[0]] for x in valid_retreats(st, frame)]

    def explain(self, st: St, frame: Frame, action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        """Why a location is no retreat: the condition of 8.3 it fails (every one read "not
        one of the choices now": an outside audit)."""
        if legal or not frame["selected"] or action.kind != "loc":
            return super().explain(st, frame, action, legal)
        c = st.game.c
        data = st.data
        loc, own, d = frame["location"], frame["owner"], action.value
        name, dname, who = c.names[loc], c.names[d], OWNER_WORDS[own]
        if any(x[0] == d for x in frame["destinations"]):       # open but for its cost
            return (f"the line to {dname} is a naval move line: a retreat across it costs "
                    "a card with a naval move icon, and your hand holds none", ("8.3",))
        lines = [x for x in c.out[loc] if x[1] == d]
        if not lines:
            return (f"{dname} is not joined to {name} by a line: a counter retreats by one "
                    "line (a one-way line only the way it points)", ("8.3", "8.5"))
        if d == c.usa:
            return ("the USA box takes no retreat: counters enter it only by being built "
                    "there", ("6.6", "8.3"))
        if all(x[6] > data["dn"][1] for x in lines):
            deck = min(x[6] for x in lines)
            return (f"the line to {dname} comes into effect with the "
                    f"{E.play_deck(deck, 'allies')}", ("2.3",))
        if not E.may_enter(st, d, own):
            return (f"{who} counters may not enter {dname}: blue and red counters never "
                    "share a location or enter the other's", ("3.2",))
        units = data["u"][d]
        ctl = data["ctl"][d]
        if sides_in(units) == 3 and all(x[3] != owner_half(units, own) for x in lines):
            return (f"{dname} is contested, and the line enters the half the enemy holds: "
                    "counters retreat only to a friendly controlled location or half",
                    ("8.3",))
        if ctl == 0 and not units:
            return (f"{dname} is neutral: counters never retreat into a neutral location",
                    ("8.3",))
        if sides_in(units) != 3 and (ctl != own or (units and owner(units[0]) != own)):
            return (f"{dname} is not friendly controlled: counters retreat only to friendly "
                    "controlled locations", ("8.3",))
        return (f"the line to {dname} leaves from the other half of {name}, not the half "
                "the counters retreat from", ("8.3",))

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        if not frame["selected"]:
            frame["selected"] = action.value
            settle_retreat(st, frame)
            return
        d, dh, nv = next(x for x in frame["destinations"] if x[0] == action.value)
        if nv and d not in frame["paid"]:
            call(st.data, "naval_retreat", frame["role"], side=frame["side"],
                 purpose="retreat", destination=d)
            return
        retreat_one(st, frame, d, dh)
        settle_retreat(st, frame)


class NavalRetreat(Decision[SfeBase]):
    """8.3: to retreat across a naval line, discard a card with a naval move icon."""

    kind = "naval_retreat"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], "Choose the naval move card to discard to retreat to "
                      f"{st.game.c.names[frame['destination']]} across a naval line", "8.3")

    def legal(self, st: St, frame: Frame) -> list[int]:
        card_id = st.game.card_id
        return [card_id[x] for x in E.naval_cards(st, st.data["hand"][frame["side"]])]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        c = st.game.c
        data = st.data
        end(data)
        side = frame["side"]
        E.take(data, side, action.value)
        E.recycle(data, side, action.value, False)
        log(data, "8.3", f"{WHO[side]} discard {c.card_names[action.value]} (naval move) to "
            "retreat across a naval line", side=SIDE_NAMES[side],
            card=c.card_ids[action.value])
        if frame["purpose"] == "back":
            go_back(st, battle_frame(data))
            return
        rf = data["stack"][-1]
        d = frame["destination"]
        rf["paid"].append(d)
        dh = next(x[1] for x in rf["destinations"] if x[0] == d)
        retreat_one(st, rf, d, dh)
        settle_retreat(st, rf)


BATTLE_FRAMES: tuple[type[Procedure[SfeBase]] | type[Decision[SfeBase]], ...] = (
    Battle, BattleAir, DefendOrRetreat, DefenderAir, BattleEvents, Reinforce, LoseCounter,
    Retreat, NavalRetreat)

__all__ = ["BATTLE_FRAMES", "start_battle", "valid_retreats"]
