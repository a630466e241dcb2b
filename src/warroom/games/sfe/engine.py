"""Board, supply and card mechanics on the plain state ``data`` (no decisions here).

Counter code (an int): ``owner << 4 | half << 3 | fortress << 2 | strength``; a fortress
has strength 3 (3.4). ``data["u"][loc]`` lists the codes in a location, ``data["ctl"][loc]``
its controller when not contested (the colour at the start, then the last control flag,
2.5, 3.5).
"""

from __future__ import annotations

from itertools import compress, count
from operator import ne, or_
from typing import Any

from warroom.core.rng import randbelow
from warroom.games.sfe.components import (
    AXIS,
    NAVAL,
    NEUTRAL,
    OWNER_NAMES,
    SIDE_NAMES,
    SOV,
    WEST,
    Components,
)
from warroom.games.sfe.rules import log

Data = dict[str, Any]
FORT = 4
SIDE_OWNERS = ((AXIS,), (WEST, SOV))
OWNER_SIDE = (-1, 0, 1, 1)
STRENGTH_NAMES = ("", "1 strength army", "2 strength army", "3 strength army", "fortress")
DECK_NAMES = ("", "1st", "2nd", "3rd")


def code(owner: int, strength: int, half: int, fort: bool = False) -> int:
    return owner << 4 | half << 3 | (FORT if fort else 0) | strength


def kind_of(u: int) -> int:
    """1-3: army strength, 4: fortress (the unit choice actions' argument)."""
    return 4 if u & FORT else u & 3


def unit_name(u: int) -> str:
    return f"{OWNER_NAMES[u >> 4]} {STRENGTH_NAMES[kind_of(u)]}"


def deck_name(n: int) -> str:
    return DECK_NAMES[n] if n < 4 else f"{n}th"


# -- occupation and control (2.5) ------------------------------------------------------------

def sides_in(units: list[int]) -> int:
    """Bit mask of the sides present: 1 Axis, 2 Allies."""
    m = 0
    for u in units:
        m |= 1 if u >> 4 == AXIS else 2
    return m


def is_contested(data: Data, loc: int) -> bool:
    return sides_in(data["u"][loc]) == 3


def half_of(units: list[int], side: int) -> int:
    """The half a side's counters hold in a location (contested: all in one half), -1 if none."""
    for u in units:
        if (u >> 4 == AXIS) == (side == 0):
            return (u >> 3) & 1
    return -1


def owner_half(units: list[int], owner: int) -> int:
    for u in units:
        if u >> 4 == owner:
            return (u >> 3) & 1
    return -1


def control(data: Data, loc: int) -> int:
    """Controller now: NEUTRAL/AXIS/WEST/SOV, or -1 when contested."""
    if sides_in(data["u"][loc]) == 3:
        return -1
    return int(data["ctl"][loc])


def fix_control(c: Components, data: Data, loc: int, rule: str = "2.5") -> None:
    """After counters enter or leave: the only owner present controls the location (3.5)."""
    units = data["u"][loc]
    if not units:
        return
    owner = units[0] >> 4
    for u in units:
        if u >> 4 != owner:
            return
    set_control(c, data, loc, owner, rule)


def set_control(c: Components, data: Data, loc: int, owner: int, rule: str = "3.5") -> None:
    if data["ctl"][loc] != owner:
        data["ctl"][loc] = owner
        touch(data, loc)
        if owner == c.color[loc]:
            log(data, rule, f"{c.names[loc]} returns to {OWNER_NAMES[owner]} control")
        else:
            log(data, rule, f"A {OWNER_NAMES[owner]} control flag is placed in {c.names[loc]}")


def may_enter(c: Components, data: Data, loc: int, owner: int) -> bool:
    """3.2: blue only into blue/tan/gray, red only into red/tan/gray locations, never where
    the other Allied nation's counters are or which it controls. The USA box is entered
    only by building there (6.6)."""
    if loc == c.usa:
        return False
    if owner == AXIS:
        return True
    other = WEST + SOV - owner
    if c.color[loc] == other or data["ctl"][loc] == other:
        return False
    return all(u >> 4 != other for u in data["u"][loc])


def friendly_dest(data: Data, loc: int, owner: int, half: int) -> bool:
    """A friendly controlled location, or the friendly half ``half`` of a contested one."""
    units = data["u"][loc]
    m = sides_in(units)
    if m == 3:
        return owner_half(units, owner) == half
    if data["ctl"][loc] != owner:
        return False
    return not units or units[0] >> 4 == owner


def soviets_active(data: Data) -> bool:
    """6.4: Soviets may not move or build during the 1st Allied play deck."""
    return bool(data["dn"][1] >= 2)


def usa_active(data: Data) -> bool:
    """6.6: the USA box becomes active with the 3rd Allied play deck."""
    return bool(data["dn"][1] >= 3)


def counters_on_map(data: Data, owner: int, kind: int) -> int:
    """Counters of the mix in play (3.1), from the table kept by ``born``/``gone``."""
    return int(data["cnt"][owner * 5 + kind])


def born(data: Data, u: int) -> None:
    data["cnt"][(u >> 4) * 5 + kind_of(u)] += 1


def gone(data: Data, u: int) -> None:
    data["cnt"][(u >> 4) * 5 + kind_of(u)] -= 1


def count_counters(data: Data, owner: int, kind: int) -> int:
    """Counted the slow way (invariant checks)."""
    n = 0
    for units in data["u"]:
        for u in units:
            if u >> 4 == owner and kind_of(u) == kind:
                n += 1
    for fr in data["stack"]:
        held = [*(fr.get("units") or ()), *(fr.get("pending") or ())]
        for p in fr.get("plan") or ():
            held += p[4]
        for u in held:
            if u >> 4 == owner and kind_of(u) == kind:
                n += 1
    return n


# -- facts derived from the board alone ---------------------------------------------------------

class Board:
    """Facts that depend only on the board (counters, control, the Allied deck stage), worked
    out once and shared by every later question about an equal board.

    Never part of ``data``: a copy of the board is kept. ``data["bv"]``, the board version,
    is bumped by every rule that changes counters, control or the deck stage (:func:`touch`,
    :func:`touch_board`); the ``Board`` remembers the ``data`` it was last looked up for
    (``data``, kept alive so its identity is not reused) and that version (``bv``), so a
    look-up for the same ``data`` at the same version takes it as it is. Any other look-up
    compares the copy with ``data`` (:func:`board`), so a board edited in any way gets a
    fresh ``Board``; a hand edit of ``data``'s board (tests, tools) must call
    :func:`touch_board`. Values in ``memo`` are read-only.

    Per location, kept up to date from the previous board (only changed locations are
    looked at): ``arm[side][loc]``, the owner of the side's first army (not a fortress)
    there, 0 if none; ``cont[loc]``, 1 if contested (codes below and from 32 present);
    ``pm[loc]``, a bit ``1 << owner`` per owner present; ``fh[side][loc]``, the half of
    the side's first counter there (Axis side: codes below 32), -1 if none. Per owner 1-3:
    ``pas[2 * (owner * n + loc) + half]``, 1 where its supply may pass (as
    :func:`supply_nodes` finds them), and ``held[owner * n + loc]``, 1 where its counters
    are (n: the number of locations).
    ``sup`` maps the inputs of a supply search (owner, stage, passable half-nodes, start
    nodes) to its result, for every board. ``prev`` is the ``memo`` of the board before
    (None after a change of stage) and ``dirty`` a bit ``1 << loc`` per location whose
    counters or control differ from it: a fact of a few locations none of which is dirty
    may be taken from ``prev``.

    Only the last ``Board`` is kept (``_BOARD``), and when the board changes it becomes the
    new one in place (its per-location facts updated, a fresh ``memo``): a ``Board`` is
    good until the next look-up after a change, never to be held across one.
    """

    __slots__ = ("arm", "bv", "c", "cont", "ctl", "data", "dirty", "fh", "held", "memo", "pas",
                 "pm", "prev", "stage", "sup", "u")

    def __init__(self, c: Components, ctl: list[int], u: list[list[int]], stage: int,
                 arm: tuple[list[int], list[int]], cont: list[int], pm: list[int],
                 fh: tuple[list[int], list[int]], pas: bytearray, held: bytearray,
                 sup: dict[Any, bytearray]) -> None:
        self.c = c
        self.pm = pm
        self.fh = fh
        self.ctl = ctl
        self.u = u
        self.stage = stage
        self.arm = arm
        self.cont = cont
        self.pas = pas
        self.held = held
        self.sup = sup
        self.memo: dict[Any, Any] = {}
        self.prev: dict[Any, Any] | None = None
        self.dirty = 0
        self.data: Data | None = None
        self.bv: int | None = None


_BOARD: list[Board | None] = [None]
_HINT = [0]
"""A bit ``1 << loc`` per location whose counters or control the rules changed (:func:`touch`)
since the last board was made: for the ``data`` the last board was looked up for, the only
locations that may differ from it, unless ``_ALL`` is set (:func:`touch_board`, a hand
edit); any other ``data`` is compared with it at every location."""
_ALL = [False]


def touch(data: Data, loc: int) -> None:
    """Note that the counters or the control of ``loc`` changed (see ``_HINT``), bumping
    the board version ``data["bv"]`` (see :class:`Board`)."""
    data["bv"] = data.get("bv", 0) + 1
    _HINT[0] |= 1 << loc


def touch_board(data: Data) -> None:
    """Note that ``data``'s counters, control or deck stage were edited by hand (tests,
    tools): bump the board version so the next look-up compares the whole board."""
    data["bv"] = data.get("bv", 0) + 1
    _ALL[0] = True

_OWNERS = (AXIS, WEST, SOV)


def _set_loc(arm0: list[int], arm1: list[int], cont: list[int], pm: list[int], fh0: list[int],
             fh1: list[int], pas: bytearray, held: bytearray, n: int, loc: int,
             units: list[int], ctl_loc: int) -> None:
    """The facts of ``loc`` (see :class:`Board`)."""
    a0 = a1 = m = 0
    h0 = h1 = -1
    for u in units:
        m |= 1 << (u >> 4)
        if u < 32:
            if h0 < 0:
                h0 = (u >> 3) & 1
            if not a0 and not u & FORT:
                a0 = u >> 4
        else:
            if h1 < 0:
                h1 = (u >> 3) & 1
            if not a1 and not u & FORT:
                a1 = u >> 4
    arm0[loc] = a0
    arm1[loc] = a1
    pm[loc] = m
    fh0[loc] = h0
    fh1[loc] = h1
    contested = 1 if h0 >= 0 and h1 >= 0 else 0
    cont[loc] = contested
    _set_supply_loc(pas, held, n, loc, units, contested, ctl_loc)


def _set_supply_loc(pas: bytearray, held: bytearray, n: int, loc: int, units: list[int],
                    contested: int, ctl_loc: int) -> None:
    """The passable half-nodes and held flag of ``loc`` per owner 1-3 (the first pass of
    :func:`supply_nodes`): a contested location, the half of the owner's first counter;
    else both halves where the owner controls it and no other owner's counters are."""
    h1 = n + loc
    h2 = h1 + n
    h3 = h2 + n
    held[h1] = held[h2] = held[h3] = 0
    pas[2 * h1] = pas[2 * h1 + 1] = pas[2 * h2] = pas[2 * h2 + 1] = 0
    pas[2 * h3] = pas[2 * h3 + 1] = 0
    if units:
        if contested:
            for u in units:
                o = u >> 4
                if o:
                    h = o * n + loc
                    if not held[h]:
                        held[h] = 1
                        pas[2 * h + ((u >> 3) & 1)] = 1
            return
        o = units[0] >> 4
        if o:
            h = o * n + loc
            held[h] = 1
            if ctl_loc == o:
                pas[2 * h] = pas[2 * h + 1] = 1
    elif ctl_loc:
        h = ctl_loc * n + loc
        pas[2 * h] = pas[2 * h + 1] = 1


def board(c: Components, data: Data) -> Board:
    """The :class:`Board` of ``data``'s board now (the last one, if the board is equal)."""
    b = _BOARD[0]
    bv = data.get("bv")
    if b is not None and b.data is data and b.bv == bv and b.c is c:
        return b
    dn = data["dn"][1]
    stage = dn if dn < 3 else 3
    ctl = data["ctl"]
    u = data["u"]
    if b is not None and b.c is c:
        hinted = b.data is data and not _ALL[0]
        if hinted:  # only the touched locations may differ
            same = True
            bu, bctl = b.u, b.ctl
            hint = _HINT[0]
            while hint:
                low = hint & -hint
                hint ^= low
                loc = low.bit_length() - 1
                if u[loc] != bu[loc] or ctl[loc] != bctl[loc]:
                    same = False
                    break
        else:
            same = b.ctl == ctl and b.u == u
        if same:
            if b.stage == stage:
                b.data = data
                b.bv = bv
                _ALL[0] = False
                return b
            nb = Board(c, b.ctl, b.u, stage, b.arm, b.cont, b.pm, b.fh, b.pas, b.held, b.sup)
        elif len(u) == len(b.u) == c.n and len(ctl) == len(b.ctl):
            # b becomes the new board in place: only the last board is ever kept, and no
            # caller holds a Board across a change of the board (its memo goes to prev)
            n = c.n
            snap = b.u
            arm0, arm1 = b.arm
            cont = b.cont
            pm = b.pm
            fh0, fh1 = b.fh
            pas = b.pas
            held = b.held
            dirty = 0
            hint = _HINT[0]
            while hint:  # the locations the rules changed first ...
                low = hint & -hint
                hint ^= low
                loc = low.bit_length() - 1
                if loc < n and u[loc] != snap[loc]:
                    units = u[loc]
                    snap[loc] = units[:]
                    _set_loc(arm0, arm1, cont, pm, fh0, fh1, pas, held, n, loc, units,
                             ctl[loc])
                    dirty |= low
                    if hinted:
                        b.ctl[loc] = ctl[loc]
                elif hinted and loc < n and ctl[loc] != b.ctl[loc]:
                    b.ctl[loc] = ctl[loc]
                    _set_supply_loc(pas, held, n, loc, u[loc], cont[loc], ctl[loc])
                    dirty |= low
            if hinted:
                pass  # nothing else changed
            elif snap != u:  # ... then any other change (data edited by hand)
                for loc in compress(count(), map(ne, u, snap)):
                    units = u[loc]
                    snap[loc] = units[:]
                    _set_loc(arm0, arm1, cont, pm, fh0, fh1, pas, held, n, loc, units,
                             ctl[loc])
                    dirty |= 1 << loc
            bctl = b.ctl
            if not hinted and ctl != bctl:
                for loc in compress(count(), map(ne, ctl, bctl)):
                    bctl[loc] = ctl[loc]
                    if not dirty >> loc & 1:
                        _set_supply_loc(pas, held, n, loc, u[loc], cont[loc], ctl[loc])
                        dirty |= 1 << loc
            if len(b.sup) >= 512:
                b.sup = {}
            if stage == b.stage:
                b.prev = b.memo
                b.dirty = dirty
            else:
                b.prev = None
                b.dirty = 0
                b.stage = stage
            b.memo = {}
            nb = b
        else:
            nb = _fresh_board(c, ctl, u, stage)
    else:
        nb = _fresh_board(c, ctl, u, stage)
    nb.data = data
    nb.bv = bv
    _BOARD[0] = nb
    _HINT[0] = 0
    _ALL[0] = False
    return nb


def _fresh_board(c: Components, ctl: list[int], u: list[list[int]], stage: int) -> Board:
    n = len(u)
    arm0, arm1, cont, pm, fh0, fh1 = [0] * n, [0] * n, [0] * n, [0] * n, [0] * n, [0] * n
    pas = bytearray(8 * n)
    held = bytearray(4 * n)
    for loc, units in enumerate(u):
        _set_loc(arm0, arm1, cont, pm, fh0, fh1, pas, held, n, loc, units, ctl[loc])
    return Board(c, ctl[:], [x[:] for x in u], stage, (arm0, arm1), cont, pm, (fh0, fh1), pas,
                 held, {})


# -- supply (8.6) ---------------------------------------------------------------------------

def out_of_supply(c: Components, data: Data, owner: int) -> list[int]:
    """8.6: the locations whose ``owner`` counters are out of supply (a contested one:
    judged by the owner's half)."""
    return list(_out_of_supply(c, data, board(c, data), owner))


def _out_of_supply(c: Components, data: Data, b: Board, owner: int) -> list[int]:
    memo = b.memo
    key = ("oos", owner)
    out = memo.get(key)
    if out is None:
        seen = _supply(c, data, b, owner)
        n = c.n
        out = memo[key] = [loc for loc in compress(count(), b.held[owner * n:owner * n + n])
                           if not (seen[2 * loc] or seen[2 * loc + 1])]
    return out  # type: ignore[no-any-return]


def supply(c: Components, data: Data, owner: int) -> bytearray:
    """:func:`supply_nodes` of the board now (read-only: shared while the board is equal)."""
    return _supply(c, data, board(c, data), owner)


def _supply(c: Components, data: Data, b: Board, owner: int) -> bytearray:
    """:func:`supply_nodes` from the passable half-nodes kept in ``b``; the search itself
    runs once per (owner, stage, passable half-nodes, start nodes)."""
    memo = b.memo
    key = ("sup", owner)
    seen = memo.get(key)
    if seen is None:
        ctl = data["ctl"]
        stage = b.stage
        usa = c.usa
        n2 = 2 * c.n
        ok = b.pas[owner * n2:owner * n2 + n2]
        nodes = []
        for s in c.sources[owner]:
            if (s == usa and stage < 3) or ctl[s] != owner:
                continue
            if ok[2 * s]:
                nodes.append(2 * s)
            if ok[2 * s + 1]:
                nodes.append(2 * s + 1)
        start = tuple(nodes)
        passable = bytes(ok)
        skey = (owner, stage, passable, start)
        seen = b.sup.get(skey)
        if seen is None:
            seen = b.sup[skey] = _search(c, stage, passable, start)
        memo[key] = seen
    return seen  # type: ignore[no-any-return]


def _search(c: Components, stage: int, passable: bytes, start: tuple[int, ...]) -> bytearray:
    """The search of :func:`supply_nodes` from ``start`` through ``passable`` half-nodes."""
    ok = bytearray(passable)
    todo: list[int] = []
    for node in start:
        if ok[node]:
            ok[node] = 0
            todo.append(node)
    adj = c.sup_adj[stage]
    _flood(ok, todo, adj)
    n2 = len(ok)
    return bytearray((int.from_bytes(passable, "little")
                      ^ int.from_bytes(ok, "little")).to_bytes(n2, "little"))


def supply_nodes(c: Components, data: Data, owner: int,
                 held: list[int] | None = None) -> bytearray:
    """Half-nodes (2*loc+half) from which ``owner`` traces supply to one of its supply
    locations along move lines, through friendly locations and friendly halves of
    contested locations (8.6). One-way lines count both ways (2.3).

    ``held``, if given, receives the locations holding ``owner`` counters."""
    ctl = data["ctl"]
    n2 = 2 * c.n
    # passable half-nodes not reached yet: friendly locations, friendly contested halves
    ok = bytearray(n2)
    for loc, units in enumerate(data["u"]):
        if units:
            # contested: both sides present (Axis codes are below 32, 3.2)
            if min(units) < 32 <= max(units):
                for u in units:
                    if u >> 4 == owner:
                        ok[2 * loc + ((u >> 3) & 1)] = 1
                        if held is not None:
                            held.append(loc)
                        break
                continue
            if units[0] >> 4 != owner:
                continue
            if held is not None:
                held.append(loc)
        if ctl[loc] == owner:
            ok[2 * loc] = ok[2 * loc + 1] = 1
    passable = int.from_bytes(ok, "little")
    stage = data["dn"][1]
    if stage > 3:
        stage = 3
    adj = c.sup_adj[stage]
    todo: list[int] = []
    usa = c.usa
    for s in c.sources[owner]:
        # a contested source still counts until the opposing side controls it (8.6)
        if (s == usa and stage < 3) or ctl[s] != owner:
            continue
        for node in (2 * s, 2 * s + 1):
            if ok[node]:
                ok[node] = 0
                todo.append(node)
    _flood(ok, todo, adj)
    return bytearray((passable ^ int.from_bytes(ok, "little")).to_bytes(n2, "little"))


def _flood(ok: bytearray, todo: list[int], adj: Any) -> None:
    """Spread from the half-locations in ``todo`` through the passable ones (``ok[x]`` set),
    clearing ``ok`` where reached: the supply search."""
    pop = todo.pop
    push = todo.append
    while todo:
        node = pop()
        other = node ^ 1  # both halves of a friendly location are passable: joined
        if ok[other]:
            ok[other] = 0
            push(other)
        for nb in adj[node]:
            if ok[nb]:
                ok[nb] = 0
                push(nb)


def in_supply(data: Data, seen: bytearray, loc: int, owner: int) -> bool:
    units = data["u"][loc]
    if sides_in(units) == 3:
        h = owner_half(units, owner)
        return h >= 0 and bool(seen[2 * loc + h])
    return bool(seen[2 * loc] or seen[2 * loc + 1])


def build_locations(c: Components, data: Data, owner: int) -> list[int]:
    """7.2.1: friendly controlled (not contested), in supply locations of ``owner``."""
    return list(_build_list(c, data, board(c, data), owner))


def _build_list(c: Components, data: Data, b: Board, owner: int) -> list[int]:
    memo = b.memo
    key = ("build", owner)
    out = memo.get(key)
    if out is None:
        out = memo[key] = _build_locations(c, data, b, owner)
    return out  # type: ignore[no-any-return]


def _build_locations(c: Components, data: Data, b: Board, owner: int) -> list[int]:
    seen = _supply(c, data, b, owner)
    ctl = data["ctl"]
    u_all = data["u"]
    pm = b.pm
    usa = c.usa if not usa_active(data) else -1
    out = []
    # the locations with an in supply half, in order
    for loc in compress(count(), map(or_, seen[0::2], seen[1::2])):
        if ctl[loc] == owner:
            m = pm[loc]
            if m:
                if m & 2 and m & 13:  # sides_in(units) == 3: Axis and another owner
                    continue
                if u_all[loc][0] >> 4 != owner:
                    continue
            if loc == usa:
                continue
            out.append(loc)
    return out


def any_build_location(c: Components, data: Data, owner: int) -> bool:
    return any_build_in(c, data, board(c, data), owner)


def any_build_in(c: Components, data: Data, b: Board, owner: int) -> bool:
    """:func:`any_build_location` on the :class:`Board` ``b`` of ``data``."""
    memo = b.memo
    key = ("anybuild", owner)
    ok = memo.get(key)
    if ok is None:
        ok = memo[key] = _any_build_location(c, data, b, owner)
    return ok  # type: ignore[no-any-return]


def _any_build_location(c: Components, data: Data, b: Board, owner: int) -> bool:
    ctl = data["ctl"]
    u_all = data["u"]
    for s in c.sources[owner]:
        if ctl[s] == owner and (s != c.usa or usa_active(data)):
            units = u_all[s]
            if not units or (sides_in(units) != 3 and units[0] >> 4 == owner):
                return True
    return bool(_build_list(c, data, b, owner))


def fortress_halves(c: Components, data: Data) -> list[tuple[int, int]]:
    """7.2.2: (location, half) pairs where the Axis may build a fortress: a friendly
    controlled half of an in supply location, one fortress per half."""
    return list(fortress_list(c, data, board(c, data)))


def fortress_list(c: Components, data: Data, b: Board) -> list[tuple[int, int]]:
    """:func:`fortress_halves` on the :class:`Board` ``b`` of ``data`` (read-only)."""
    memo = b.memo
    out = memo.get("fort")
    if out is None:
        out = memo["fort"] = _fortress_halves(c, data, b)
    return out  # type: ignore[no-any-return]


def _fortress_halves(c: Components, data: Data, b: Board) -> list[tuple[int, int]]:
    seen = _supply(c, data, b, AXIS)
    out = []
    for loc in range(c.n):
        units = data["u"][loc]
        m = sides_in(units)
        if m == 3:
            halves = [owner_half(units, AXIS)]
        elif data["ctl"][loc] == AXIS and (not units or units[0] >> 4 == AXIS):
            halves = [0, 1]
        else:
            continue
        for h in halves:
            if not seen[2 * loc + h]:
                continue
            if any(u & FORT and (u >> 3) & 1 == h for u in units):
                continue
            out.append((loc, h))
    return out


# -- cards (4, 5.1, 6) ----------------------------------------------------------------------

def shuffle(data: Data, cards: list[int]) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = randbelow(data, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def hand_limit(c: Components, data: Data, side: int) -> int:
    """5.1 and 7.2.3: the hand size of the current play deck, less the bombing track."""
    dn = min(int(data["dn"][side]), 3)
    base = c.hand_size[side][dn - 1]
    b = data["bomb"]
    if side == 0 and b < 0:
        base -= c.track[-b]
    elif side == 1 and b > 0:
        base -= c.track[b]
    return max(0, base)


def next_deck(c: Components, data: Data, side: int, special: bool = False) -> bool:
    """6.1/6.2: shuffle the recycle pile (with the next chevron cards) into a new play deck.

    The Allied 3rd play deck is their last. ``special`` (6.5) also shuffles in the
    remaining play deck."""
    dn = int(data["dn"][side])
    if side == 1 and dn >= 3:
        return False
    pool = list(data["rec"][side])
    added = 0
    if dn < 3:
        later = data["later"][side][dn - 1]
        added = len(later)
        pool += later
        data["later"][side][dn - 1] = []
    if special:
        pool += data["deck"][side]
    if not pool:
        return False
    shuffle(data, pool)
    data["deck"][side] = pool
    data["rec"][side] = []
    data["secret"][side] = []
    data["dn"][side] = dn + 1
    touch_board(data)
    data["barrier"] += 1
    who = SIDE_NAMES[side].capitalize()
    extra = f" with the {'II' if dn == 1 else 'III'} chevron cards" if added else ""
    rule = "6.5" if special else ("6.1" if added else "6.2")
    log(data, rule, f"{who}: the recycle pile is shuffled{extra} into the "
        f"{deck_name(dn + 1)} play deck ({len(pool)} cards)")
    if side == 1 and dn + 1 == 2:
        log(data, "6.4", "The Soviets come into play: they may move and build from now on")
    if side == 1 and dn + 1 == 3:
        log(data, "6.6", "The USA box becomes active")
    return True


def draw(c: Components, data: Data, side: int) -> None:
    """7: refill the hand to the hand size; no draw when the hand is full (5.1)."""
    hand = data["hand"][side]
    deck = data["deck"][side]
    limit = hand_limit(c, data, side)
    n = 0
    while len(hand) < limit:
        if not deck:
            if not next_deck(c, data, side):
                break
            deck = data["deck"][side]
        hand.append(deck.pop())
        n += 1
    if not deck and not (side == 1 and data["dn"][1] >= 3):
        next_deck(c, data, side)
    if n:
        data["barrier"] += 1
    log(data, "7", f"{SIDE_NAMES[side].capitalize()} draw {n} card{'s' if n != 1 else ''} "
        f"(hand {len(hand)}, hand size {limit})")


def recycle(data: Data, side: int, card: int, secret: bool) -> None:
    data["rec"][side].append(card)
    if secret:
        data["secret"][side].append(card)


def special_circumstance(c: Components, data: Data, loc: int) -> None:
    """6.5: the Axis enter a red location while the Allied 1st play deck lasts."""
    if c.color[loc] == SOV and data["dn"][1] == 1:
        log(data, "6.5", f"The Axis enter {c.names[loc]}, a red location, during the Allied "
            "1st play deck: the Allies shuffle in their II chevron cards now")
        next_deck(c, data, 1, special=True)


# -- victory points (9.1) ---------------------------------------------------------------------

VpLocations = tuple[tuple[int, int, tuple[int, ...]], ...]
_VP_LOCATIONS: dict[int, tuple[Components, VpLocations]] = {}


def _vp_gain(col: int, owner: int) -> int:
    """1: the Axis score a location of colour ``col`` controlled by ``owner``, 2: the
    Allies, 0: nobody (9.1)."""
    if col == AXIS and owner in (WEST, SOV):
        return 2
    if col in (WEST, SOV) and owner == AXIS:
        return 1
    return 0


def _vp_locations(c: Components) -> VpLocations:
    """(location, VP, who scores it per controller) of the victory locations, in order."""
    entry = _VP_LOCATIONS.get(id(c))
    if entry is None or entry[0] is not c:
        entry = _VP_LOCATIONS[id(c)] = (c, tuple(
            (loc, c.vp[loc], tuple(_vp_gain(c.color[loc], o) for o in range(4)))
            for loc in range(c.n) if c.vp[loc]))
    return entry[1]


def victory_points(c: Components, data: Data) -> tuple[int, int]:
    """(Axis VP, Allied VP): controlled (not contested) enemy VP locations + bombing track."""
    ax = al = 0
    ctl = data["ctl"]
    u_all = data["u"]
    for loc, v, gain in _vp_locations(c):
        g = gain[ctl[loc]]
        if g:
            if sides_in(u_all[loc]) == 3:
                continue
            if g == 1:
                ax += v
            else:
                al += v
    b = data["bomb"]
    if b > 0:
        ax += c.track[b]
    elif b < 0:
        al += c.track[-b]
    return ax, al


def movable(data: Data, owner: int) -> bool:
    return owner != SOV or soviets_active(data)


def has_card(c: Components, hand: list[int], pred: Any) -> bool:
    return any(pred(x) for x in hand)


def naval_cards(c: Components, hand: list[int]) -> list[int]:
    mv = c.card_move
    return [x for x in hand if mv[x] == NAVAL]


def air_cards(c: Components, hand: list[int]) -> list[int]:
    air = c.card_air
    return [x for x in hand if air[x] > 0]


__all__ = ["NEUTRAL"]
