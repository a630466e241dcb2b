"""Which operations (7.1, 7.2) are possible now, with which cards, from and to where.

Questions only (nothing here changes the state); their answers for a board are kept in the
board's memo (:class:`~warroom.games.sfe.engine.Board`) and are read-only.
"""

from __future__ import annotations

from functools import reduce
from itertools import compress, count
from operator import or_
from typing import Any

from warroom.games.sfe import engine as E
from warroom.games.sfe.components import (
    AXIS,
    EV_COORD,
    EV_DESTROYER,
    EV_REDEPLOY,
    EV_WEAPON,
    EV_WOLF,
    LAND,
    NAVAL,
    SOV,
    WEST,
)
from warroom.games.sfe.counters import (
    ALLIED_MIN,
    ENEMY_BITS,
    FORT_BIT,
    OWNER_SHIFT,
    OWNER_WORDS,
    SIDE_OWNERS,
    army_name,
    half_of,
    is_fortress,
    kind_of,
    sides_in,
)
from warroom.games.sfe.engine import ANYBUILD_KEYS, any_build_in, board
from warroom.games.sfe.facts import Board
from warroom.games.sfe.tables import (
    CB_AIR,
    CB_BOMB,
    CB_EVENT,
    CB_FORT,
    CB_LAND,
    CB_MOVE_NO_AIR,
    CB_NAVAL,
    CB_REDEPLOY,
    CB_WEAPON,
    OP_ATTACK,
    OP_BOMB,
    OP_BUILD,
    OP_DISCARD,
    OP_EVENT,
    OP_FORT,
    OP_MOVE,
    OP_PASS,
    OneLine,
    St,
)

Dest = tuple[int, int, int, int, bool]
"""A destination of a move by one line (7.2.5): (location, half entered, defence value,
naval, battle); a move through friendly locations (7.2.6) has defence 0 and naval -1."""


def build_options(st: St, side: int, card: int,
                  cache: dict[int, bool] | None = None) -> list[tuple[int, int]]:
    """(owner, strength) armies the card may build now (7.2.1, 3.3, 6.4, 3.1)."""
    c = st.game.c
    data = st.data
    hand = data["hand"][side]
    out = []
    b = c.card_build[card]
    for owner in SIDE_OWNERS[side]:
        strength = b[owner]
        if not strength or len(hand) - 1 < strength - 1:
            continue
        if owner == SOV and not E.soviets_active(data):
            continue
        if E.counters_on_map(data, owner, strength) >= c.mix[owner][strength]:
            continue
        if cache is not None and owner in cache:
            ok = cache[owner]
        else:
            ok = E.any_build_location(st, owner)
            if cache is not None:
                cache[owner] = ok
        if ok:
            out.append((owner, strength))
    return out


def why_no_place(st: St, own: int, loc: int) -> tuple[str, tuple[str, ...]]:
    """Why a new army of owner ``own`` may not be placed in ``loc`` (7.2.1), with the rule
    of the first condition it fails: the USA box before the 3rd Allied play deck (2.3, 6.6),
    the other Allied colour's location (3.2), not friendly controlled (7.2.1, 2.5),
    contested or the other Allied counters in it (7.2.1, 3.2), out of supply (8.6)."""
    c = st.game.c
    data = st.data
    name = c.names[loc]
    ctl = data["ctl"][loc]
    units = data["u"][loc]
    who = OWNER_WORDS[own]
    if loc == c.usa and not E.usa_active(data):
        return ("the USA box and its counters come into play with the 3rd Allied play deck",
                ("2.3", "6.6"))
    if ctl != own:
        if ctl in (WEST, SOV) and own in (WEST, SOV):
            if ctl == SOV and not E.soviets_active(data):
                # the player may be asking why the army is not a Soviet one (an Allied card
                # shows both icons): say that too (a new player's audit)
                return (f"{name} is Soviet controlled: {who} counters may not be placed in "
                        "or enter a Soviet controlled location, and no Soviet army may be "
                        "built during the 1st Allied play deck", ("3.2", "6.4"))
            return (f"{name} is {OWNER_WORDS[ctl]} controlled: {who} counters may not be "
                    f"placed in or enter a {OWNER_WORDS[ctl]} controlled location", ("3.2",))
        what = "neutral" if ctl == 0 else f"{OWNER_WORDS[ctl]} controlled"
        return (f"{name} is {what}: a new army is placed only in a friendly controlled "
                "location", ("7.2.1", "2.5"))
    if units and sides_in(units) == 3:
        return (f"{name} is contested: a new army is placed only in a friendly controlled "
                "location", ("7.2.1", "2.5"))
    if units and units[0] >> OWNER_SHIFT != own:
        return (f"{OWNER_WORDS[units[0] >> OWNER_SHIFT]} counters are in {name}: blue and red "
                "counters never share a location", ("3.2",))
    return (f"{name} is out of supply for the {who} counters: no line of friendly locations "
            "to one of their supply sources", ("7.2.1", "8.6"))


def _reasons_why(reasons: dict[str, tuple[str, ...]], first: str
                 ) -> tuple[str, tuple[str, ...]]:
    """Several reasons in one why: their words joined, ``first`` rule first, then each
    other rule once, in the order the reasons cite them."""
    rules: list[str] = []
    for rs in reasons.values():
        rules += [r for r in rs if r not in rules]
    return "; ".join(reasons), (first, *[r for r in rules if r != first])


def build_refusal(st: St, side: int, cards: list[int]) -> tuple[str, tuple[str, ...]]:
    """Why none of ``cards`` builds an army now, with the rule of each reason: no army
    icon (7.2.1), too few other cards to recycle (3.3), the Soviets in the 1st Allied play
    deck (6.4), the counter mix used up (3.1), no friendly controlled, in supply location
    (7.2.1, 8.6)."""
    c = st.game.c
    data = st.data
    n_hand = len(data["hand"][side])
    reasons: dict[str, tuple[str, ...]] = {}
    blank: list[str] = []       # the cards without an army icon, by name
    for x in cards:
        icons = [(o, c.card_build[x][o]) for o in SIDE_OWNERS[side] if c.card_build[x][o]]
        if not icons and c.card_names[x] not in blank:
            blank.append(c.card_names[x])
        for owner, strength in icons:
            who = army_name(owner, strength)
            if n_hand < strength:
                reasons[f"{army_name(owner, strength, 'a')} needs {strength - 1} more "
                        "card(s) in hand to recycle"] = (
                    "3.3", "CQR")
            elif owner == SOV and not E.soviets_active(data):
                reasons["Soviets may not build during the 1st Allied play deck"] = ("6.4",)
            elif E.counters_on_map(data, owner, strength) >= c.mix[owner][strength]:
                # the USA box's armies, set aside until the Allied 3rd play deck, count
                # (6.6): said so ("in play" of armies waiting there: an sfe rules audit)
                waiting = sum(1 for u in data["usa"] if u >> OWNER_SHIFT == owner
                              and kind_of(u) == strength)
                where = (f"on the board or waiting in the USA box ({waiting} there, until "
                         "the Allied 3rd play deck)" if waiting else "in play")
                reasons[f"every {who} of the counter mix is {where} (the counter mix is "
                        "the counter limit)"] = ("3.1", "6.6") if waiting else ("3.1",)
            elif not E.any_build_location(st, owner):
                reasons[f"no friendly controlled, in supply location for a {who}"] = (
                    "7.2.1", "8.6")
    # which cards have no icon, after why those with one cannot build (it said "no card
    # has an army icon" beside a card that had one, whose counters were all in play: an
    # explain audit)
    if blank and not reasons and len(blank) == len({c.card_names[x] for x in cards}):
        reasons["no card in hand has an army icon"] = ("7.2.1",)
    elif blank:
        reasons[f"{_names(blank)} {'has' if len(blank) == 1 else 'have'} no army "
                "icon"] = ("7.2.1",)
    if not reasons:
        return "no card in hand builds an army now", ("7.2.1",)
    return _reasons_why(reasons, "7.2.1")


def _names(names: list[str]) -> str:
    """``names`` in a sentence: "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def event_refusal(st: St, side: int, cards: list[int]) -> tuple[str, tuple[str, ...]]:
    """Why none of ``cards`` is played for the event operation now (7.2.9): no event, a
    Battle Event ("played only during battle"), Weapon Development with the bombing marker
    at the end of the track (7.2.3), Strategic Redeploy with no army that has somewhere to
    go. An audit saw only a generic "icon, additional cards, counter mix" citing 3.3."""
    c = st.game.c
    reasons: dict[str, tuple[str, ...]] = {}
    battle = [x for x in cards if c.card_event[x] and c.event_battle[c.card_event[x]]]
    if battle:
        names = ", ".join(c.card_names[x] if c.card_names[x] == c.event_names[c.card_event[x]]
                          else f"{c.card_names[x]} ({c.event_names[c.card_event[x]]})"
                          for x in battle)
        what = "a Battle Event" if len(battle) == 1 else "Battle Events"
        reasons[f"{names}: {what}, played only during a battle"] = ("7.2.9", "8")
    for x in cards:
        ev = c.card_event[x]
        if ev == EV_WEAPON and not can_bomb(st, side, extra=0):
            reasons[f"{c.card_names[x]}: the bombing marker is at the end of the track"] = (
                "7.2.3",)
        elif ev == EV_REDEPLOY and not redeploy_sources(st, side, quick=True):
            if soviets_held(st.data) and side == 1:
                # 6.4 holds the Soviet armies, which may have somewhere to go (it said
                # only "no army ... has another such location": an sfe rules audit)
                reasons[f"{c.card_names[x]}: no Western army in a friendly controlled, in "
                        "supply location has another such location to go to, and the "
                        "Soviet armies may not move during the 1st Allied play deck"] = (
                    "7.2.9", "6.4")
            else:
                reasons[f"{c.card_names[x]}: no army in a friendly controlled, in supply "
                        "location has another such location to go to (the USA box is "
                        "never one)"] = ("7.2.9", "2.3", "6.6")
    if not reasons and len(cards) == 1:
        return f"{c.card_names[cards[0]]} has no event", ("7.2.9", "4")
    if not reasons:
        return "no card in hand has an event", ("7.2.9", "4")
    return _reasons_why(reasons, "7.2.9")


def move_refusal(st: St, side: int) -> tuple[str, tuple[str, ...]]:
    """Why no move operation is possible although the hand holds a move card (7.2.4): no
    army of the side may move (fortresses never move, 7.2.2; the Soviets not before the 2nd
    Allied play deck, 6.4), or none can reach a location it may enter with the cards held
    (entering an enemy occupied location needs another card for its air power, 7.2.4)."""
    data = st.data
    mine = [u for loc in data["u"] for u in loc if u >> OWNER_SHIFT in SIDE_OWNERS[side]]
    owners = [o for o in SIDE_OWNERS[side] if E.movable(data, o)]
    if not any(u >> OWNER_SHIFT in owners and not u & FORT_BIT for u in mine):
        if not any(not u & FORT_BIT for u in mine):
            if any(u & FORT_BIT for u in mine):
                return ("no army of yours is on the board, and fortresses never move",
                        ("7.2.4", "7.2.2"))
            return "no army of yours is on the board", ("7.2.4",)
        return ("no army of yours may move: Soviet armies move from the 2nd Allied play "
                "deck", ("7.2.4", "6.4"))
    return ("no army of yours can reach a location it may enter with the move cards held "
            "(entering an enemy occupied location needs another card for its air power; a "
            "naval move line needs a naval move card)"), ("7.2.4", "7.2.5", "8.1")


def can_fortress(st: St, side: int, b: Board | None = None) -> bool:
    """7.2.2: the Axis hold a fortress counter and a place for it, and one more card."""
    c = st.game.c
    data = st.data
    if not (side == 0 and len(data["hand"][0]) >= 2
            and E.counters_on_map(data, AXIS, 4) < c.mix[AXIS][4]):
        return False
    if b is None:
        b = board(st)
    memo = b.memo
    ok: bool | None = memo.get("canfort")
    if ok is None:
        ok = memo["canfort"] = _fortress_place(st, b)
    return ok


def _fortress_place(st: St, b: Board) -> bool:
    c = st.game.c
    data = st.data
    for s in c.sources[AXIS]:  # a held Axis supply location with a free half
        units = data["u"][s]
        if data["ctl"][s] == AXIS and sides_in(units) <= 1 and \
                sum(1 for u in units if u & FORT_BIT) < 2:
            return True
    return bool(E.fortress_list(st, b))


def can_bomb(st: St, side: int, extra: int = 1) -> bool:
    """7.2.3: the marker never moves off the end of the track."""
    data = st.data
    if len(data["hand"][side]) < 1 + extra:
        return False
    end = len(st.game.c.track) - 1
    b = data["bomb"]
    return bool(b < end if side == 0 else b > -end)


def adjacent_dests(st: St, src: int, owner: int, naval_ok: bool) -> list[Dest]:
    """7.2.5: the :data:`Dest` of counters of ``owner`` leaving ``src`` by one line; from a
    contested location only by lines of their half. Read-only: shared while the board is
    equal."""
    return adjacent_in(st, board(st), src, owner, naval_ok)


def adjacent_in(st: St, b: Board, src: int, owner: int, naval_ok: bool) -> list[Dest]:
    """:func:`adjacent_dests` on the :class:`Board` ``b`` of ``st``."""
    memo = b.memo
    key = (src, owner, 1 if naval_ok else 0)
    out: list[Dest] | None = memo.get(key)
    if out is None:
        prev = b.prev  # unchanged since the board before where src and its lines lead
        if prev is not None and not st.game.adj_touch[src] & b.dirty:
            out = prev.get(key)
        if out is None:
            out = _adjacent_dests(st, b, src, owner, naval_ok)
        memo[key] = out
    return out


def _adjacent_dests(st: St, b: Board, src: int, owner: int, naval_ok: bool) -> list[Dest]:
    side = 0 if owner == AXIS else 1
    fh = b.fh[side]  # the half of the mover side's first counter
    pm = b.pm  # bit 1 << owner per owner present
    # from a contested location only by lines of the own half
    myh = fh[src] if b.cont[src] else -1
    ctl = st.data["ctl"]
    other = 0 if side == 0 else WEST + SOV - owner  # the other Allied nation (3.2)
    enemy = ENEMY_BITS[side]
    out = []
    lines: tuple[OneLine, ...] = st.game.adj_tab[owner][b.stage][1 if naval_ok else 0][src]
    for d, mh, dh, nv, dv in lines:
        if myh >= 0 and mh != myh:
            continue
        m = pm[d]
        if not m:
            if other and ctl[d] == other:
                continue
            out.append((d, dh, dv, nv, False))
            continue
        if other and (ctl[d] == other or m >> other & 1):
            continue
        if b.cont[d]:  # contested: a battle unless entering the own half
            h = fh[d]
            battle = h != dh if h >= 0 else True
        else:
            battle = bool(m & enemy)
        out.append((d, dh, dv, nv, battle))
    return out


def path_dests(st: St, src: int, owner: int, naval_ok: bool) -> dict[int, int]:
    """7.2.6: locations one counter reaches through friendly controlled locations and
    friendly halves of contested locations, ending in either (dest -> half entered).
    Read-only: shared while the board is equal."""
    return path_in(st, board(st), src, owner, naval_ok)


def path_in(st: St, b: Board, src: int, owner: int, naval_ok: bool) -> dict[int, int]:
    """:func:`path_dests` on the :class:`Board` ``b`` of ``st``."""
    memo = b.memo
    key = ("path", src, owner, 1 if naval_ok else 0)
    out: dict[int, int] | None = memo.get(key)
    if out is None:
        out = memo[key] = _path_dests(st, b, src, owner, naval_ok)
    return out


def _path_dests(st: St, b: Board, src: int, owner: int, naval_ok: bool) -> dict[int, int]:
    units = st.data["u"][src]
    cont = b.cont
    if cont[src]:
        todo = [2 * src + half_of(units, 0 if owner == AXIS else 1)]
    else:
        todo = [2 * src, 2 * src + 1]
    # friendly half-nodes not reached yet (E.friendly_dest: the owner's supply may pass)
    n2 = 2 * b.n
    ok = b.pas[owner * n2:owner * n2 + n2]
    for node in todo:
        ok[node] = 0
    tab = st.game.path_tab[b.stage][1 if naval_ok else 0]
    out: dict[int, int] = {}
    pop = todo.pop
    push = todo.append
    while todo:
        node = pop()
        for d, dh in tab[node]:
            nb = 2 * d + dh
            if not ok[nb]:
                continue
            ok[nb] = 0
            push(nb)
            if d != src and d not in out:
                out[d] = dh
            if not cont[d] and ok[nb ^ 1]:
                ok[nb ^ 1] = 0
                push(nb ^ 1)
    return out


def mover_owner(st: St, src: int, side: int) -> int:
    """The owner of the side's armies in ``src`` (one Allied nation per location, 3.2)."""
    allied = side == 1
    for u in st.data["u"][src]:
        if (u >= ALLIED_MIN) == allied and not u & FORT_BIT:
            return int(u >> OWNER_SHIFT)
    return 0


_MSRC_KEYS = tuple(tuple(tuple((("msrc", side, naval, air), ("msrc1", side, naval, air))
                                for air in (0, 1)) for naval in (0, 1)) for side in (0, 1))
"""The memo keys of :func:`move_sources` (all sources, the first only) per side, naval
and air."""
_ATT_KEYS = (("att", 0), ("att", 1))


def move_sources(st: St, side: int, naval_ok: bool, first: bool = False,
                 n_air: int | None = None, b: Board | None = None) -> list[int]:
    """7.2.4: locations whose armies may move (``first``: the first one only), with
    ``n_air`` air cards (default: those in hand) for battles."""
    if n_air is None:
        air = st.game.c.card_air
        n_air = 0
        for x in st.data["hand"][side]:
            if air[x] > 0:
                n_air += 1
    if b is None:
        b = board(st)
    memo = b.memo
    key, key1 = _MSRC_KEYS[side][1 if naval_ok else 0][1 if n_air else 0]
    out: list[int] | None = memo.get(key)
    if out is not None:
        return out[:1] if first else list(out)
    if first:
        out = memo.get(key1)
        if out is None:
            out = memo[key1] = _move_sources(st, b, side, naval_ok, True, n_air)
        return list(out)
    out = memo[key] = _move_sources(st, b, side, naval_ok, False, n_air)
    return list(out)


def _move_sources(st: St, b: Board, side: int, naval_ok: bool, first: bool,
                  n_air: int) -> list[int]:
    g = st.game
    c = g.c
    out = []
    dn = st.data["dn"][1]
    soviets = dn >= 2
    usa = c.usa if dn < 3 else -1
    arm = b.arm[side]  # the owner of the side's first army per location (0: none)
    memo = b.memo
    nk = 1 if naval_ok else 0
    # whether the armies of a location have a way out (_leaves), per (location, owner,
    # naval, air): kept from the board before where nothing near the location changed
    lv: dict[int, bool] | None = memo.get("lv")
    if lv is None:
        lv = memo["lv"] = {}
    prev = b.prev
    prev_lv: dict[int, bool] | None = prev.get("lv") if prev is not None else None
    dirty = b.dirty
    near = g.adj_touch
    tail = nk * 2 + (1 if n_air else 0)
    for loc in compress(count(), arm):
        if loc == usa:
            continue
        owner = arm[loc]
        if owner == SOV and not soviets:
            continue
        key = loc * 16 + owner * 4 + tail
        ok = lv.get(key)
        if ok is None:
            if prev_lv is not None and not near[loc] & dirty:
                ok = prev_lv.get(key)
            if ok is None:
                ok = _leaves(st, b, loc, owner, naval_ok, n_air)
            lv[key] = ok
        if not ok:
            continue
        out.append(loc)
        if first:
            return out
    return out


def _leaves(st: St, b: Board, src: int, owner: int, naval_ok: bool, n_air: int) -> bool:
    """Whether :func:`adjacent_dests` has a destination without battle (with ``n_air``:
    any destination), stopping at the first."""
    side = 0 if owner == AXIS else 1
    fh = b.fh[side]
    pm = b.pm
    cont = b.cont
    myh = fh[src] if cont[src] else -1
    ctl = st.data["ctl"]
    other = 0 if side == 0 else WEST + SOV - owner
    enemy = ENEMY_BITS[side]
    lines: tuple[OneLine, ...] = st.game.adj_tab[owner][b.stage][1 if naval_ok else 0][src]
    for d, mh, dh, _nv, _dv in lines:
        if myh >= 0 and mh != myh:
            continue
        m = pm[d]
        if not m:
            if other and ctl[d] == other:
                continue
            return True
        if other and (ctl[d] == other or m >> other & 1):
            continue
        if n_air:
            return True
        if cont[d]:
            h = fh[d]
            if h >= 0 and h == dh:
                return True
        elif not m & enemy:
            return True
    return False


def best_move_card(st: St, hand: list[int]) -> int:
    """0: no move card, LAND: land only, NAVAL: a naval card is in hand."""
    best = 0
    mv = st.game.c.card_move
    for x in hand:
        if mv[x] > best:
            best = mv[x]
    return best


def attack_targets(st: St, side: int, first: bool = False, b: Board | None = None) -> list[int]:
    """7.2.7: contested locations where the side has armies (an air card is needed)."""
    air = st.game.c.card_air
    for x in st.data["hand"][side]:
        if air[x]:
            break
    else:
        return []
    if b is None:
        b = board(st)
    memo = b.memo
    key = _ATT_KEYS[side]
    out: list[int] | None = memo.get(key)
    if out is None:
        out = memo[key] = _attack_targets(st, b, side)
    return out[:1] if first else list(out)


def _attack_targets(st: St, b: Board, side: int) -> list[int]:
    out = []
    soviets = st.data["dn"][1] >= 2
    allied = side == 1
    u_all = st.data["u"]
    for loc in compress(count(), b.cont):  # the contested locations
        for u in u_all[loc]:
            if ((u >= ALLIED_MIN) == allied and not u & FORT_BIT
                    and (soviets or u >> OWNER_SHIFT != SOV)):
                out.append(loc)
                break
    return out


def soviets_held(data: dict[str, Any]) -> bool:
    """Whether 6.4 holds Soviet armies now: the 1st Allied play deck, and some on the board
    ("Soviet allies may not move or build during the 1st allied play deck")."""
    return not E.movable(data, SOV) and any(
        u >> OWNER_SHIFT == SOV and not is_fortress(u) for units in data["u"] for u in units)


def redeploy_sources(st: St, side: int, quick: bool = False) -> list[tuple[int, int]]:
    """Strategic Redeploy: (location, owner) of armies in friendly controlled, in supply
    locations that have another such location to go to (``quick``: any one, found fast)."""
    memo = board(st).memo
    key = ("redep", side, quick)
    out: list[tuple[int, int]] | None = memo.get(key)
    if out is None:
        out = memo[key] = _redeploy_sources(st, side, quick)
    return list(out)


def redeploy_destinations(st: St, owner: int, source: int) -> list[int]:
    """Where Strategic Redeploy may take an army of ``owner`` from ``source``: the other
    friendly controlled, in supply locations (7.2.1's build locations), never the USA box,
    which is entered only by building there (2, 6.6; an audit saw a Western army redeployed
    into it from Paris)."""
    usa = st.game.c.usa
    return [x for x in E.build_locations(st, owner) if x != source and x != usa]


def _redeploy_sources(st: St, side: int, quick: bool) -> list[tuple[int, int]]:
    c = st.game.c
    data = st.data
    out = []
    for owner in SIDE_OWNERS[side]:
        if not E.movable(data, owner):
            continue
        if quick:  # an army in a held supply location, another one to go to: enough
            held = [s for s in c.sources[owner] if data["ctl"][s] == owner
                    and sides_in(data["u"][s]) <= (1 if owner == AXIS else 2)
                    and (s != c.usa or E.usa_active(data))]
            for s in held:
                if (any(u >> OWNER_SHIFT == owner and not u & FORT_BIT for u in data["u"][s])
                        and any(d != s and d != c.usa for d in held)):
                    return [(s, owner)]
        locs = E.build_locations(st, owner)
        for loc in locs:
            if (any(u >> OWNER_SHIFT == owner and not u & FORT_BIT for u in data["u"][loc])
                    and redeploy_destinations(st, owner, loc)):
                out.append((loc, owner))
    return out


def event_playable(st: St, side: int, card: int) -> bool:
    """7.2.9: an operation event (not a battle event) that can be carried out now."""
    c = st.game.c
    ev = c.card_event[card]
    if not ev or c.event_battle[ev]:
        return False
    if ev == EV_WEAPON:
        return can_bomb(st, side, extra=0)
    if ev == EV_REDEPLOY:
        return bool(redeploy_sources(st, side, quick=True))
    return True


def op_cards(st: St, side: int, op: int) -> list[int]:
    """The cards of the hand that may be played for ``op`` now."""
    g = st.game
    c = g.c
    data = st.data
    hand = data["hand"][side]
    if op == OP_BUILD:  # the cards with an army build_options allows
        b = board(st)
        n_hand = len(hand)
        soviets = data["dn"][1] >= 2
        cnt = data["cnt"]
        mix = c.mix
        allowed = 0
        for bit, owner, strength in g.build_bits[side]:
            if (n_hand >= strength and (owner != SOV or soviets)
                    and cnt[owner * 5 + strength] < mix[owner][strength]
                    and any_build_in(st, b, owner)):
                allowed |= bit
        if not allowed:
            return []
        bits = g.card_bits[side]
        return [x for x in hand if bits[x] & allowed]
    if op == OP_FORT:
        if not can_fortress(st, side):
            return []
        return [x for x in hand if c.card_fort[x]]
    if op == OP_BOMB:
        if not can_bomb(st, side):
            return []
        return [x for x in hand if c.card_bomb[x]]
    if op == OP_MOVE:
        out = []
        mv = c.card_move
        air = c.card_air
        b = board(st)
        for kind in (LAND, NAVAL):
            cards = [x for x in hand if mv[x] == kind]
            if not cards:
                continue
            # the air cards left once the first of them is played
            first = cards[0]
            n_air = 0
            for x in hand:
                if x != first and air[x] > 0:
                    n_air += 1
            if move_sources(st, side, kind == NAVAL, first=True, n_air=n_air, b=b):
                out += cards
        return out
    if op == OP_EVENT:  # the cards event_playable allows
        bits = g.card_bits[side]
        m = reduce(or_, map(bits.__getitem__, hand), 0)
        allowed = CB_EVENT
        if m & CB_WEAPON and can_bomb(st, side, extra=0):
            allowed |= CB_WEAPON
        if m & CB_REDEPLOY and redeploy_sources(st, side, quick=True):
            allowed |= CB_REDEPLOY
        return [x for x in hand if bits[x] & allowed]
    if op == OP_DISCARD:
        return list(hand)
    return []


def op_possible(st: St, side: int, op: int) -> bool:
    """Whether operation ``op`` is possible now, asked one operation at a time (tests
    compare :func:`possible_ops` with it)."""
    c = st.game.c
    hand = st.data["hand"][side]
    if op == OP_PASS:
        return True
    if op == OP_DISCARD:
        return bool(hand)
    if op == OP_ATTACK:
        return bool(attack_targets(st, side, first=True))
    if op == OP_BOMB:
        return can_bomb(st, side) and any(c.card_bomb[x] for x in hand)
    if op == OP_FORT:
        return any(c.card_fort[x] for x in hand) and can_fortress(st, side)
    if op == OP_MOVE:
        best = best_move_card(st, hand)
        if not best:
            return False
        # one move card is played; the other cards of the hand may give the air power:
        # play a move card without air power if there is one
        air = c.card_air
        n_air = sum(1 for x in hand if air[x])
        if not any(c.card_move[x] and not air[x] for x in hand):
            n_air = max(0, n_air - 1)
        return bool(move_sources(st, side, best == NAVAL, first=True, n_air=n_air)) or (
            best == NAVAL and bool(op_cards(st, side, op)))
    if op == OP_EVENT:
        ev = c.card_event
        cards = [x for x in hand if ev[x] and not c.event_battle[ev[x]]]
        if not cards:
            return False
        if any(ev[x] in (EV_COORD, EV_WOLF, EV_DESTROYER) for x in cards):
            return True
        return any(event_playable(st, side, x) for x in cards)
    if op == OP_BUILD:  # bool(op_cards(...)), stopping at the first card that builds
        cache: dict[int, bool] = {}
        return any(build_options(st, side, x, cache) for x in hand)
    return bool(op_cards(st, side, op))


def possible_ops(st: St, side: int) -> list[int]:
    """The action ids of the operations possible now: :func:`op_possible` of the eight
    operations in one pass over the hand (the card bits of ``SfeBase.card_bits``)."""
    g = st.game
    data = st.data
    hand = data["hand"][side]
    op_id = g.op_id
    if not hand:  # no card: only a pass
        return [op_id[OP_PASS]]
    c = g.c
    m = reduce(or_, map(g.card_bits[side].__getitem__, hand))
    out = []
    b = board(st)
    memo = b.memo
    # build (7.2.1): a card that builds an army the mix allows, with a place for it
    if m >> 16:
        n_hand = len(hand)
        soviets = data["dn"][1] >= 2
        cnt = data["cnt"]
        mix = c.mix
        for bit, owner, strength in g.build_bits[side]:
            if (m & bit and n_hand >= strength and (owner != SOV or soviets)
                    and cnt[owner * 5 + strength] < mix[owner][strength]):
                ok = memo.get(ANYBUILD_KEYS[owner])
                if ok is None:
                    ok = any_build_in(st, b, owner)
                if ok:
                    out.append(op_id[OP_BUILD])
                    break
    if m & CB_FORT and can_fortress(st, side, b):
        out.append(op_id[OP_FORT])
    if m & CB_BOMB or m & CB_WEAPON:
        end = len(c.track) - 1
        bomb = data["bomb"]
        room = bomb < end if side == 0 else bomb > -end  # can_bomb: the marker may move
    else:
        room = False
    if m & CB_BOMB and room and len(hand) >= 2:
        out.append(op_id[OP_BOMB])
    n_air = sum(map(g.air_flag.__getitem__, hand)) if m & CB_AIR else 0
    if m & (CB_LAND | CB_NAVAL):
        # one move card is played; the other cards of the hand may give the air power:
        # play a move card without air power if there is one
        naval = 1 if m & CB_NAVAL else 0
        na = n_air if m & CB_MOVE_NO_AIR else n_air - 1
        key, key1 = _MSRC_KEYS[side][naval][1 if na > 0 else 0]
        src = memo.get(key)
        if src is None:
            src = memo.get(key1)
            if src is None:
                src = move_sources(st, side, bool(naval), first=True,
                                   n_air=na if na > 0 else 0, b=b)
        if src or (naval and op_cards(st, side, OP_MOVE)):
            out.append(op_id[OP_MOVE])
    if m & CB_EVENT or (m & CB_WEAPON and room) or (
            m & CB_REDEPLOY and redeploy_sources(st, side, quick=True)):
        out.append(op_id[OP_EVENT])
    out.append(op_id[OP_DISCARD])
    if n_air:
        att = memo.get(_ATT_KEYS[side])
        if att is None:
            att = attack_targets(st, side, first=True, b=b)
        if att:
            out.append(op_id[OP_ATTACK])
    out.append(op_id[OP_PASS])
    return out
