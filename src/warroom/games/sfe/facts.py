"""Facts derived from a board alone: the :class:`Board` (see its docstring).

A board here is its counters ``u`` (per location, the counter codes), its control ``ctl``
and the Allied deck stage (1-3); nothing in this module knows a state or a game.
"""

from __future__ import annotations

from itertools import compress, count
from operator import ne
from typing import Any

from warroom.games.sfe.counters import (
    ALLIED_MIN,
    FORT_BIT,
    HALF_SHIFT,
    OWNER_SHIFT,
    SOV_MIN,
    STRENGTH_MASK,
)

Data = dict[str, Any]
SupplyKey = tuple[int, int, bytes, tuple[int, ...]]
"""The inputs of a supply search: (owner, Allied deck stage, passable half-nodes, the
half-nodes of the owner's supply locations it starts from)."""


class Board:
    """Facts that depend only on the board (counters, control, the Allied deck stage) of one
    state, worked out once and kept in the state's transient cache (``st.cache["board"]``,
    :func:`warroom.games.sfe.engine.board`) until the board changes.

    Every rule that changes the counters or the control of a location marks it in ``hint``
    (``engine.touch``; a new Allied play deck, ``engine.touch_stage``: the bit ``1 << n``);
    the next look-up brings the board up to date in place where it is marked
    (:func:`update`), so only changed locations are looked at again. A hand edit of
    ``data`` (tests, tools) calls ``st.invalidate()``, which drops the board: the next
    look-up makes it again, from the game's board at set-up (:func:`board_from`).

    Per location: ``arm[side][loc]``, the owner of the side's first army (not a fortress)
    there, 0 if none; ``cont[loc]``, 1 if contested; ``pm[loc]``, a bit ``1 << owner`` per
    owner present; ``fh[side][loc]``, the half of the side's first counter there, -1 if
    none. ``st[side][loc]``, the strength of all the side's counters there (fortresses
    3); ``mv[side][loc]``, that of its armies but the Soviet ones (which move only from
    the 2nd Allied play deck, 6.5); ``sv[loc]``, that of the Soviet armies. Per owner 1-3:
    ``pas[2 * (owner * n + loc) + half]``, 1 where its supply may pass
    (as ``engine.supply_nodes`` finds them), and ``held[owner * n + loc]``, 1 where its
    counters are (n: the number of locations). ``u`` and ``ctl`` are the board's copy.

    ``memo`` holds answers for this board (read-only values of several kinds, keyed by
    the question; each a function of the board and its key alone, so the copies of a board
    share it until they change, :func:`copy_board`). ``sup`` maps the inputs of a supply
    search (owner, stage, passable half-nodes, start nodes) to its result, for every board
    of the state and its copies. ``prev`` is the
    ``memo`` of the board before (None after a change of stage) and ``dirty`` a bit ``1 <<
    loc`` per location whose counters or control differ from it: a fact of a few
    locations none of which is dirty may be taken from ``prev``.
    """

    __slots__ = ("arm", "cont", "ctl", "dirty", "fh", "held", "hint", "memo", "mv", "n",
                 "pas", "pm", "prev", "st", "stage", "sup", "sv", "u")

    def __init__(self, ctl: list[int], u: list[list[int]], stage: int,
                 arm: tuple[list[int], list[int]], cont: list[int], pm: list[int],
                 fh: tuple[list[int], list[int]], pas: bytearray, held: bytearray,
                 st: tuple[list[int], list[int]], mv: tuple[list[int], list[int]],
                 sv: list[int]) -> None:
        self.n = len(u)
        self.st = st
        self.mv = mv
        self.sv = sv
        self.pm = pm
        self.fh = fh
        self.ctl = ctl
        self.u = u
        self.stage = stage
        self.arm = arm
        self.cont = cont
        self.pas = pas
        self.held = held
        self.sup: dict[SupplyKey, bytes] = {}
        self.memo: dict[Any, Any] = {}
        self.prev: dict[Any, Any] | None = None
        self.dirty = 0
        self.hint = 0
        """A bit ``1 << loc`` per location the rules changed since the last look-up; the bit
        ``1 << n`` for a new Allied play deck."""


def _set_loc(b: Board, loc: int, units: list[int], ctl_loc: int) -> None:
    """The facts of ``loc`` (see :class:`Board`)."""
    a0 = a1 = m = s0 = s1 = m0 = m1 = ms = 0
    h0 = h1 = -1
    for u in units:
        m |= 1 << (u >> OWNER_SHIFT)
        s = u & STRENGTH_MASK
        if u < ALLIED_MIN:
            s0 += s
            if h0 < 0:
                h0 = (u >> HALF_SHIFT) & 1
            if not u & FORT_BIT:
                m0 += s
                if not a0:
                    a0 = u >> OWNER_SHIFT
        else:
            s1 += s
            if h1 < 0:
                h1 = (u >> HALF_SHIFT) & 1
            if not u & FORT_BIT:
                if u >= SOV_MIN:
                    ms += s
                else:
                    m1 += s
                if not a1:
                    a1 = u >> OWNER_SHIFT
    b.arm[0][loc] = a0
    b.arm[1][loc] = a1
    b.pm[loc] = m
    b.fh[0][loc] = h0
    b.fh[1][loc] = h1
    b.st[0][loc] = s0
    b.st[1][loc] = s1
    b.mv[0][loc] = m0
    b.mv[1][loc] = m1
    b.sv[loc] = ms
    contested = 1 if h0 >= 0 and h1 >= 0 else 0
    b.cont[loc] = contested
    _set_supply_loc(b.pas, b.held, b.n, loc, units, contested, ctl_loc)


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
                o = u >> OWNER_SHIFT
                if o:
                    h = o * n + loc
                    if not held[h]:
                        held[h] = 1
                        pas[2 * h + ((u >> HALF_SHIFT) & 1)] = 1
            return
        o = units[0] >> OWNER_SHIFT
        if o:
            h = o * n + loc
            held[h] = 1
            if ctl_loc == o:
                pas[2 * h] = pas[2 * h + 1] = 1
    elif ctl_loc:
        h = ctl_loc * n + loc
        pas[2 * h] = pas[2 * h + 1] = 1


def update(data: Data, b: Board) -> None:
    """Bring ``b`` up to date where its ``hint`` marks it (see :class:`Board`)."""
    hint = b.hint
    b.hint = 0
    dn = data["dn"][1]
    stage = dn if dn < 3 else 3
    u = data["u"]
    ctl = data["ctl"]
    n = b.n
    snap = b.u
    bctl = b.ctl
    cont = b.cont
    pas = b.pas
    held = b.held
    dirty = 0
    while hint:
        low = hint & -hint
        hint ^= low
        loc = low.bit_length() - 1
        if loc >= n:
            continue
        if u[loc] != snap[loc]:
            units = u[loc]
            snap[loc] = units[:]
            bctl[loc] = ctl[loc]
            _set_loc(b, loc, units, ctl[loc])
            dirty |= low
        elif ctl[loc] != bctl[loc]:
            bctl[loc] = ctl[loc]
            _set_supply_loc(pas, held, n, loc, u[loc], cont[loc], ctl[loc])
            dirty |= low
    if not dirty:
        if stage != b.stage:
            b.stage = stage
            b.prev = None
            b.dirty = 0
            b.memo = {}
        return
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


def _empty(ctl: list[int], u: list[list[int]], stage: int) -> Board:
    """A :class:`Board` of ``ctl`` and ``u`` whose per-location facts are still to be set."""
    n = len(u)
    return Board(ctl, u, stage, ([0] * n, [0] * n), [0] * n, [0] * n, ([0] * n, [0] * n),
                 bytearray(8 * n), bytearray(4 * n), ([0] * n, [0] * n),
                 ([0] * n, [0] * n), [0] * n)


def build_board(ctl: list[int], u: list[list[int]], stage: int) -> Board:
    """A :class:`Board` of this board worked out location by location."""
    b = _empty(ctl[:], [x[:] for x in u], stage)
    for loc, units in enumerate(u):
        _set_loc(b, loc, units, ctl[loc])
    return b


def _copy_arrays(b: Board, ctl: list[int], u: list[list[int]], stage: int) -> Board:
    """A :class:`Board` with copies of ``b``'s per-location arrays, its board ``ctl`` and
    ``u`` (the lists given, owned by the new board) and ``stage``."""
    arm0, arm1 = b.arm
    fh0, fh1 = b.fh
    st0, st1 = b.st
    mv0, mv1 = b.mv
    return Board(ctl, u, stage, (arm0[:], arm1[:]), b.cont[:], b.pm[:], (fh0[:], fh1[:]),
                 bytearray(b.pas), bytearray(b.held), (st0[:], st1[:]), (mv0[:], mv1[:]),
                 b.sv[:])


def copy_board(b: Board) -> Board:
    """A copy of ``b`` that its new state owns (a clone's: ``StruggleForEurope.copy_cache``):
    every array it changes in place is copied, its marks (``hint``) kept, so it is brought up
    to date from here just as ``b`` would be. The per-location counter lists of its snapshot
    are shared, as :func:`update` replaces them and never changes them. So are the memos,
    whose answers are pure functions of the board and their key: ``memo``, which the two
    boards share while both are this board (an answer one of them works out, the other
    reads: a search's positions that differ by cards alone judge their board once) and
    which :func:`update` replaces, never clears, once a board changes; ``prev``, read only;
    and the supply searches' answers ``sup``, a function of the search's every input, never
    wrong for any board (what one search position traces, its siblings need not trace
    again)."""
    out = _copy_arrays(b, b.ctl[:], b.u[:], b.stage)
    out.sup = b.sup
    out.memo = b.memo
    out.prev = b.prev
    out.dirty = b.dirty
    out.hint = b.hint
    return out


def board_from(start: Board, ctl: list[int], u: list[list[int]], stage: int) -> Board:
    """A :class:`Board` of this board, copied from ``start`` (the game's board at set-up,
    never changed) and worked out again only where the board differs from it."""
    n = start.n
    if len(u) != n or len(ctl) != n:
        return build_board(ctl, u, stage)
    # update() replaces a location's list, never changes it: the snapshot may share them
    b = _copy_arrays(start, start.ctl[:], start.u[:], stage)
    snap = b.u
    bctl = b.ctl
    changed = 0
    for loc in compress(count(), map(ne, u, snap)):
        units = u[loc]
        snap[loc] = units[:]
        bctl[loc] = ctl[loc]
        _set_loc(b, loc, units, ctl[loc])
        changed |= 1 << loc
    for loc in compress(count(), map(ne, ctl, bctl)):
        bctl[loc] = ctl[loc]
        if not changed >> loc & 1:
            _set_supply_loc(b.pas, b.held, n, loc, u[loc], b.cont[loc], ctl[loc])
    b.sup = dict(start.sup)
    return b


# -- supply searches (8.6) -------------------------------------------------------------------

def supply_key(sources: tuple[int, ...], usa: int, ctl: list[int], b: Board,
               owner: int) -> SupplyKey:
    """What a supply search of ``owner`` on ``b`` depends on: the half-nodes its supply may
    pass (``b.pas``) and those of its supply locations it holds (8.6: a contested one
    still counts until the other side controls it; the USA from the 3rd Allied deck)."""
    stage = b.stage
    n2 = 2 * b.n
    ok = b.pas[owner * n2:owner * n2 + n2]
    nodes = []
    for s in sources:
        if (s == usa and stage < 3) or ctl[s] != owner:
            continue
        if ok[2 * s]:
            nodes.append(2 * s)
        if ok[2 * s + 1]:
            nodes.append(2 * s + 1)
    return owner, stage, bytes(ok), tuple(nodes)


def search(adj: tuple[tuple[int, ...], ...], passable: bytes, start: tuple[int, ...]) -> bytes:
    """The half-nodes reached from ``start`` through ``passable`` ones along ``adj``."""
    ok = bytearray(passable)
    todo: list[int] = []
    for node in start:
        if ok[node]:
            ok[node] = 0
            todo.append(node)
    flood(ok, todo, adj)
    return (int.from_bytes(passable, "little")
            ^ int.from_bytes(ok, "little")).to_bytes(len(ok), "little")


def flood(ok: bytearray, todo: list[int], adj: tuple[tuple[int, ...], ...]) -> None:
    """Spread from the half-nodes in ``todo`` through the passable ones (``ok[x]`` set),
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
