"""The decision stack of a turn (7): operations, cards, builds, movement, events, supply.

Frames (``data["stack"]``, each ``{"kind", "role", ...}``); the role is the side that
decides. ``turn`` and ``battle`` are procedure frames that never wait for a decision:
``settle`` runs them until a decision frame is on top.

- ``turn`` (7): two operations, the supply check, the draw, the victory check.
- ``ops`` (7.1): choose one of the eight operations.
- ``opcard``: choose the card played for the operation.
- ``army`` (7.2.1): which army of the card's icons is built.
- ``cost`` (3.3, 3.4, 7.2.3): the additional cards placed in the recycle pile.
- ``place`` / ``half``: where the counter is placed.
- ``move`` (7.2.4-7.2.6): source, counters and destinations, then the order of battles.
- ``attack`` (7.2.7): the contested location attacked.
- ``block`` (Wolfpack/Destroyer Attack): the opponent may block with the other card.
- ``redeploy`` (Strategic Redeploy): source, counter, destination.
- ``sloss`` (8.6): the counter lost by an out of supply location.
"""

from __future__ import annotations

from functools import reduce
from itertools import compress, count
from operator import or_
from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.core.protocol import FrameKind, Game
from warroom.core.rng import randbelow
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
    OWNER_NAMES,
    SIDE_NAMES,
    SOV,
    WEST,
)
from warroom.games.sfe.rules import log

if TYPE_CHECKING:
    from warroom.games.sfe.game import StruggleForEurope

Data = dict[str, Any]
Frame = dict[str, Any]
Why = tuple[str, tuple[str, ...]]

# action kinds
K_OP, K_CARD, K_ARMY, K_LOC, K_HALF, K_UNIT, K_DONE, K_DEFEND, K_RETREAT, K_NOAIR, \
    K_NOBLOCK = range(11)
OPS = ("build", "fortress", "bombing", "move", "event", "discard", "attack", "pass")
OP_BUILD, OP_FORT, OP_BOMB, OP_MOVE, OP_EVENT, OP_DISCARD, OP_ATTACK, OP_PASS = range(8)
# card bits (StruggleForEurope.card_bits): air power, land / naval move, a move card without
# air power, fortress, bombing, an operation event that is always playable, Weapon / Strategic
# Redeploy (playable when bombing / a redeploy is possible)
CB_AIR, CB_LAND, CB_NAVAL, CB_MOVE_NO_AIR, CB_FORT, CB_BOMB, CB_EVENT, CB_WEAPON, \
    CB_REDEPLOY = (1 << i for i in range(9))
OP_RULE = ("7.2.1", "7.2.2", "7.2.3", "7.2.4", "7.2.9", "7.2.8", "7.2.7", "7.2.10")
ROLES = ("axis", "allies")


def settle(g: StruggleForEurope, data: Data) -> None:
    """Run procedure steps until a decision is due (or the game is over)."""
    autos = g.autos
    while data["outcome"] is None:
        fr = data["stack"][-1]
        auto = autos[fr["kind"]]
        if auto is None or not auto(g, data, fr):
            break


def auto_steps(frames: dict[str, FrameKind]) -> dict[str, Any]:
    """Per frame kind, its ``auto`` (bound), None where it never runs a step (the frame
    only waits for a decision): what :func:`settle` calls."""
    return {k: (None if type(f).auto is SfeFrame.auto else f.auto)  # type: ignore[attr-defined]
            for k, f in frames.items()}


class SfeFrame(FrameKind):
    kind = ""

    def auto(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        """Carry out a step that needs no decision; False when a decision is due."""
        return False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.legal = cls.ids  # type: ignore[assignment,method-assign]

    def legal(self, game: Game, data: Data, frame: Frame) -> list[int]:
        return self.ids(game, data, frame)  # type: ignore[arg-type]

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        raise NotImplementedError

    def apply(self, game: Game, data: Data, frame: Frame, action: Action) -> None:
        g: StruggleForEurope = game  # type: ignore[assignment]
        kind, arg = g.decode[action.id]
        self.act(g, data, frame, kind, arg)
        autos = g.autos  # settle(g, data), inlined
        while data["outcome"] is None:
            fr = data["stack"][-1]
            auto = autos[fr["kind"]]
            if auto is None or not auto(g, data, fr):
                break

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        raise NotImplementedError

    def explain(self, game: Game, data: Data, frame: Frame, action: Action,
                legal: bool) -> Why:
        g: StruggleForEurope = game  # type: ignore[assignment]
        return self.why(g, data, frame, action, legal)

    def why(self, g: StruggleForEurope, data: Data, frame: Frame, action: Action,
            legal: bool) -> Why:
        if legal:
            return "allowed now", ()
        return f"not a choice now: {self.prompt(g, data, frame)}", ()

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "decide"


# -- feasibility of operations (7.1, 7.2) ------------------------------------------------------

def build_options(g: StruggleForEurope, data: Data, side: int, card: int,
                  cache: dict[int, bool] | None = None) -> list[tuple[int, int]]:
    """(owner, strength) armies the card may build now (7.2.1, 3.3, 6.4, 3.1)."""
    c = g.c
    hand = data["hand"][side]
    out = []
    b = c.card_build[card]
    for owner in E.SIDE_OWNERS[side]:
        st = b[owner]
        if not st or len(hand) - 1 < st - 1:
            continue
        if owner == SOV and not E.soviets_active(data):
            continue
        if E.counters_on_map(data, owner, st) >= c.mix[owner][st]:
            continue
        if cache is not None and owner in cache:
            ok = cache[owner]
        else:
            ok = E.any_build_location(c, data, owner)
            if cache is not None:
                cache[owner] = ok
        if ok:
            out.append((owner, st))
    return out


def can_fortress(g: StruggleForEurope, data: Data, side: int, b: E.Board | None = None
                 ) -> bool:
    c = g.c
    if not (side == 0 and len(data["hand"][0]) >= 2
            and E.counters_on_map(data, AXIS, 4) < c.mix[AXIS][4]):
        return False
    memo = (b or E.board(c, data)).memo
    ok = memo.get("canfort")
    if ok is None:
        ok = memo["canfort"] = _fortress_place(c, data, b or E.board(c, data))
    return ok  # type: ignore[no-any-return]


def _fortress_place(c: Any, data: Data, b: E.Board) -> bool:
    for s in c.sources[AXIS]:  # a held Axis supply location with a free half
        units = data["u"][s]
        if data["ctl"][s] == AXIS and E.sides_in(units) <= 1 and \
                sum(1 for u in units if u & E.FORT) < 2:
            return True
    return bool(E.fortress_list(c, data, b))


def can_bomb(g: StruggleForEurope, data: Data, side: int, extra: int = 1) -> bool:
    """7.2.3: the marker never moves off the end of the track."""
    if len(data["hand"][side]) < 1 + extra:
        return False
    end = len(g.c.track) - 1
    b = data["bomb"]
    return b < end if side == 0 else b > -end


def adjacent_dests(g: StruggleForEurope, data: Data, src: int, owner: int,
                   naval_ok: bool) -> list[tuple[int, int, int, int, bool]]:
    """7.2.5: (dest, half entered, defence value, naval, battle) for counters of ``owner``
    leaving ``src`` by one line; from a contested location only by lines of their half.
    Read-only: shared while the board is equal."""
    b = E.board(g.c, data)
    return _adj(g, data, b, src, owner, naval_ok)


def _adj(g: StruggleForEurope, data: Data, b: E.Board, src: int, owner: int,
         naval_ok: bool) -> list[tuple[int, int, int, int, bool]]:
    memo = b.memo
    key = (src, owner, 1 if naval_ok else 0)
    out = memo.get(key)
    if out is None:
        prev = b.prev  # unchanged since the board before where src and its lines lead
        if prev is not None and not g.adj_touch[src] & b.dirty:
            out = prev.get(key)
        if out is None:
            out = _adjacent_dests(g, data, b, src, owner, naval_ok)
        memo[key] = out
    return out  # type: ignore[no-any-return]


def _adjacent_dests(g: StruggleForEurope, data: Data, b: E.Board, src: int, owner: int,
                    naval_ok: bool) -> list[tuple[int, int, int, int, bool]]:
    axis = owner == AXIS
    fh = b.fh[0 if axis else 1]  # the half of the mover side's first counter
    pm = b.pm  # bit 1 << owner per owner present
    # from a contested location only by lines of the own half
    myh = fh[src] if b.cont[src] else -1
    ctl = data["ctl"]
    other = 0 if axis else WEST + SOV - owner
    enemy = 12 if axis else 3  # owners of codes from 32 (Allies) / below 32 (Axis)
    out = []
    for d, mh, dh, nv, dv in g.adj_tab[owner][b.stage][1 if naval_ok else 0][src]:
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
        if m & 3 and m & 12:  # contested: a battle unless entering the own half
            h = fh[d]
            battle = h != dh if h >= 0 else True
        else:
            battle = bool(m & enemy)
        out.append((d, dh, dv, nv, battle))
    return out


def path_dests(g: StruggleForEurope, data: Data, src: int, owner: int,
               naval_ok: bool) -> dict[int, int]:
    """7.2.6: locations one counter reaches through friendly controlled locations and
    friendly halves of contested locations, ending in either (dest -> half entered).
    Read-only: shared while the board is equal."""
    return _path(g, data, E.board(g.c, data), src, owner, naval_ok)


def _path(g: StruggleForEurope, data: Data, b: E.Board, src: int, owner: int,
          naval_ok: bool) -> dict[int, int]:
    memo = b.memo
    key = ("path", src, owner, 1 if naval_ok else 0)
    out = memo.get(key)
    if out is None:
        out = memo[key] = _path_dests(g, data, b, src, owner, naval_ok)
    return out  # type: ignore[no-any-return]


def _path_dests(g: StruggleForEurope, data: Data, b: E.Board, src: int, owner: int,
                naval_ok: bool) -> dict[int, int]:
    units = data["u"][src]
    cont = b.cont
    if cont[src]:
        todo = [2 * src + E.half_of(units, 0 if owner == AXIS else 1)]
    else:
        todo = [2 * src, 2 * src + 1]
    # friendly half-nodes not reached yet (E.friendly_dest: the owner's supply may pass)
    n2 = 2 * g.c.n
    ok = b.pas[owner * n2:owner * n2 + n2]
    for node in todo:
        ok[node] = 0
    tab = g.path_tab[b.stage][1 if naval_ok else 0]
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


def mover_owner(data: Data, src: int, side: int) -> int:
    """The owner of the side's armies in ``src`` (one Allied nation per location, 3.2)."""
    allied = side == 1
    for u in data["u"][src]:
        if (u >= 32) == allied and not u & 4:  # E.FORT
            return u >> 4
    return 0


_MSRC_KEYS = tuple(tuple(tuple((("msrc", side, naval, air), ("msrc1", side, naval, air))
                                for air in (0, 1)) for naval in (0, 1)) for side in (0, 1))
"""The memo keys of :func:`move_sources` (all sources, the first only) per side, naval
and air."""
_ATT_KEYS = (("att", 0), ("att", 1))
_ANYBUILD_KEYS = tuple(("anybuild", owner) for owner in range(4))


def move_sources(g: StruggleForEurope, data: Data, side: int, naval_ok: bool,
                 first: bool = False, n_air: int | None = None,
                 b: E.Board | None = None) -> list[int]:
    """7.2.4: locations whose armies may move (``first``: the first one only), with
    ``n_air`` air cards (default: those in hand) for battles."""
    if n_air is None:
        air = g.c.card_air
        n_air = 0
        for x in data["hand"][side]:
            if air[x] > 0:
                n_air += 1
    if b is None:
        b = E.board(g.c, data)
    memo = b.memo
    key, key1 = _MSRC_KEYS[side][1 if naval_ok else 0][1 if n_air else 0]
    out = memo.get(key)
    if out is not None:
        return out[:1] if first else list(out)
    if first:
        out = memo.get(key1)
        if out is None:
            out = memo[key1] = _move_sources(g, data, b, side, naval_ok, True, n_air)
        return list(out)
    out = memo[key] = _move_sources(g, data, b, side, naval_ok, False, n_air)
    return list(out)


def _move_sources(g: StruggleForEurope, data: Data, b: E.Board, side: int,
                  naval_ok: bool, first: bool, n_air: int) -> list[int]:
    c = g.c
    out = []
    dn = data["dn"][1]
    soviets = dn >= 2
    usa = c.usa if dn < 3 else -1
    arm = b.arm[side]  # the owner of the side's first army per location (0: none)
    memo = b.memo
    nk = 1 if naval_ok else 0
    # whether the armies of a location have a way out (_leaves), per (location, owner,
    # naval, air): kept from the board before where nothing near the location changed
    lv = memo.get("lv")
    if lv is None:
        lv = memo["lv"] = {}
    prev = b.prev
    prev_lv = prev.get("lv") if prev is not None else None
    dirty = b.dirty
    touch = g.adj_touch
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
            if prev_lv is not None and not touch[loc] & dirty:
                ok = prev_lv.get(key)
            if ok is None:
                ok = _leaves(g, data, b, loc, owner, naval_ok, n_air)
            lv[key] = ok
        if not ok:
            continue
        out.append(loc)
        if first:
            return out
    return out


def _leaves(g: StruggleForEurope, data: Data, b: E.Board, src: int, owner: int,
            naval_ok: bool, n_air: int) -> bool:
    """Whether :func:`adjacent_dests` has a destination without battle (with ``n_air``:
    any destination), stopping at the first."""
    axis = owner == AXIS
    fh = b.fh[0 if axis else 1]
    pm = b.pm
    myh = fh[src] if b.cont[src] else -1
    ctl = data["ctl"]
    other = 0 if axis else WEST + SOV - owner
    enemy = 12 if axis else 3
    for d, mh, dh, _nv, _dv in g.adj_tab[owner][b.stage][1 if naval_ok else 0][src]:
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
        if m & 3 and m & 12:
            h = fh[d]
            if h >= 0 and h == dh:
                return True
        elif not m & enemy:
            return True
    return False


def best_move_card_naval(g: StruggleForEurope, hand: list[int]) -> int:
    """0: no move card, 1: land only, 2: a naval card is in hand."""
    best = 0
    mv = g.c.card_move
    for x in hand:
        if mv[x] > best:
            best = mv[x]
    return best


def attack_targets(g: StruggleForEurope, data: Data, side: int,
                   first: bool = False, b: E.Board | None = None) -> list[int]:
    """7.2.7: contested locations where the side has armies (an air card is needed)."""
    air = g.c.card_air
    for x in data["hand"][side]:
        if air[x]:
            break
    else:
        return []
    if b is None:
        b = E.board(g.c, data)
    memo = b.memo
    key = ("att", side)
    out = memo.get(key)
    if out is None:
        out = memo[key] = _attack_targets(data, b, side)
    return out[:1] if first else list(out)


def _attack_targets(data: Data, b: E.Board, side: int) -> list[int]:
    out = []
    soviets = data["dn"][1] >= 2
    allied = side == 1
    u_all = data["u"]
    for loc in compress(count(), b.cont):  # the contested locations
        for u in u_all[loc]:
            if (u >= 32) == allied and not u & 4 and (soviets or u >> 4 != SOV):
                out.append(loc)
                break
    return out


def redeploy_sources(g: StruggleForEurope, data: Data, side: int,
                     quick: bool = False) -> list[tuple[int, int]]:
    """Strategic Redeploy: (location, owner) of armies in friendly controlled, in supply
    locations that have another such location to go to (``quick``: any one, found fast)."""
    memo = E.board(g.c, data).memo
    key = ("redep", side, quick)
    out = memo.get(key)
    if out is None:
        out = memo[key] = _redeploy_sources(g, data, side, quick)
    return list(out)


def _redeploy_sources(g: StruggleForEurope, data: Data, side: int,
                      quick: bool) -> list[tuple[int, int]]:
    c = g.c
    out = []
    for owner in E.SIDE_OWNERS[side]:
        if not E.movable(data, owner):
            continue
        if quick:  # two held supply locations, one with an army: enough to know
            held = [s for s in c.sources[owner] if data["ctl"][s] == owner
                    and E.sides_in(data["u"][s]) <= (1 if owner == AXIS else 2)
                    and (s != c.usa or E.usa_active(data))]
            if len(held) >= 2 and any(u >> 4 == owner and not u & E.FORT
                                      for s in held for u in data["u"][s]):
                return [(held[0], owner)]
        locs = E.build_locations(c, data, owner)
        if len(locs) < 2:
            continue
        for loc in locs:
            if any(u >> 4 == owner and not u & E.FORT for u in data["u"][loc]):
                out.append((loc, owner))
    return out


def event_playable(g: StruggleForEurope, data: Data, side: int, card: int) -> bool:
    ev = g.c.card_event[card]
    if not ev or g.c.event_battle[ev]:
        return False
    if ev == EV_WEAPON:
        return can_bomb(g, data, side, extra=0)
    if ev == EV_REDEPLOY:
        return bool(redeploy_sources(g, data, side, quick=True))
    return True


def op_cards(g: StruggleForEurope, data: Data, side: int, op: int) -> list[int]:
    """The cards of the hand that may be played for ``op`` now."""
    c = g.c
    hand = data["hand"][side]
    if op == OP_BUILD:  # the cards with an army build_options allows
        b = E.board(c, data)
        n_hand = len(hand)
        soviets = data["dn"][1] >= 2
        cnt = data["cnt"]
        mix = c.mix
        allowed = 0
        for bit, owner, st in g.build_bits[side]:
            if (n_hand >= st and (owner != SOV or soviets)
                    and cnt[owner * 5 + st] < mix[owner][st]
                    and E.any_build_in(c, data, b, owner)):
                allowed |= bit
        if not allowed:
            return []
        bits = g.card_bits[side]
        return [x for x in hand if bits[x] & allowed]
    if op == OP_FORT:
        if not can_fortress(g, data, side):
            return []
        return [x for x in hand if c.card_fort[x]]
    if op == OP_BOMB:
        if not can_bomb(g, data, side):
            return []
        return [x for x in hand if c.card_bomb[x]]
    if op == OP_MOVE:
        out = []
        mv = c.card_move
        air = c.card_air
        b = E.board(c, data)
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
            if move_sources(g, data, side, kind == NAVAL, first=True, n_air=n_air, b=b):
                out += cards
        return out
    if op == OP_EVENT:  # the cards event_playable allows
        bits = g.card_bits[side]
        m = reduce(or_, map(bits.__getitem__, hand), 0)
        allowed = CB_EVENT
        if m & CB_WEAPON and can_bomb(g, data, side, extra=0):
            allowed |= CB_WEAPON
        if m & CB_REDEPLOY and redeploy_sources(g, data, side, quick=True):
            allowed |= CB_REDEPLOY
        return [x for x in hand if bits[x] & allowed]
    if op == OP_DISCARD:
        return list(hand)
    return []


def op_possible(g: StruggleForEurope, data: Data, side: int, op: int) -> bool:
    c = g.c
    hand = data["hand"][side]
    if op == OP_PASS:
        return True
    if op == OP_DISCARD:
        return bool(hand)
    if op == OP_ATTACK:
        return bool(attack_targets(g, data, side, first=True))
    if op == OP_BOMB:
        return can_bomb(g, data, side) and any(c.card_bomb[x] for x in hand)
    if op == OP_FORT:
        return any(c.card_fort[x] for x in hand) and can_fortress(g, data, side)
    if op == OP_MOVE:
        best = best_move_card_naval(g, hand)
        if not best:
            return False
        # one move card is played; the other cards of the hand may give the air power:
        # play a move card without air power if there is one
        air = c.card_air
        n_air = sum(1 for x in hand if air[x])
        if not any(c.card_move[x] and not air[x] for x in hand):
            n_air = max(0, n_air - 1)
        return bool(move_sources(g, data, side, best == NAVAL, first=True, n_air=n_air)) or (
            best == NAVAL and bool(op_cards(g, data, side, op)))
    if op == OP_EVENT:
        ev = c.card_event
        cards = [x for x in hand if ev[x] and not c.event_battle[ev[x]]]
        if not cards:
            return False
        if any(ev[x] in (EV_COORD, EV_WOLF, EV_DESTROYER) for x in cards):
            return True
        return any(event_playable(g, data, side, x) for x in cards)
    if op == OP_BUILD:  # bool(op_cards(...)), stopping at the first card that builds
        cache: dict[int, bool] = {}
        return any(build_options(g, data, side, x, cache) for x in hand)
    return bool(op_cards(g, data, side, op))


def possible_ops(g: StruggleForEurope, data: Data, side: int) -> list[int]:
    """The action ids of the operations possible now: :func:`op_possible` of the eight
    operations in one pass over the hand (the card bits of ``g.card_bits``)."""
    hand = data["hand"][side]
    op_id = g.op_id
    if not hand:  # no card: only a pass
        return [op_id[OP_PASS]]
    c = g.c
    m = reduce(or_, map(g.card_bits[side].__getitem__, hand))
    out = []
    b = E.board(c, data)
    memo = b.memo
    # build (7.2.1): a card that builds an army the mix allows, with a place for it
    if m >> 16:
        n_hand = len(hand)
        soviets = data["dn"][1] >= 2
        cnt = data["cnt"]
        mix = c.mix
        for bit, owner, st in g.build_bits[side]:
            if (m & bit and n_hand >= st and (owner != SOV or soviets)
                    and cnt[owner * 5 + st] < mix[owner][st]):
                ok = memo.get(_ANYBUILD_KEYS[owner])
                if ok is None:
                    ok = E.any_build_in(c, data, b, owner)
                if ok:
                    out.append(op_id[OP_BUILD])
                    break
    if m & CB_FORT and can_fortress(g, data, side, b):
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
                src = move_sources(g, data, side, bool(naval), first=True,
                                   n_air=na if na > 0 else 0, b=b)
        if src or (naval and op_cards(g, data, side, OP_MOVE)):
            out.append(op_id[OP_MOVE])
    if m & CB_EVENT or (m & CB_WEAPON and room) or (
            m & CB_REDEPLOY and redeploy_sources(g, data, side, quick=True)):
        out.append(op_id[OP_EVENT])
    out.append(op_id[OP_DISCARD])
    if n_air:
        att = memo.get(_ATT_KEYS[side])
        if att is None:
            att = attack_targets(g, data, side, first=True, b=b)
        if att:
            out.append(op_id[OP_ATTACK])
    out.append(op_id[OP_PASS])
    return out


# -- frames ------------------------------------------------------------------------------------

def push(data: Data, frame: Frame) -> None:
    data["stack"].append(frame)


def take(data: Data, side: int, card: int) -> None:
    data["hand"][side].remove(card)


class TurnFrame(SfeFrame):
    """7: a player turn: two operations, supply check, draw, victory check."""

    kind = "turn"

    def auto(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        c = g.c
        side = frame["side"]
        step = frame["step"]
        if step == 0:
            frame["step"] = 1
            data["passes"] = 0
            who = SIDE_NAMES[side].capitalize()
            log(data, "7", f"Turn {data['turn']}: {who} player turn")
            push(data, {"kind": "ops", "role": ROLES[side], "side": side, "left": 2})
            return True
        if step == 1:
            frame["step"] = 2
            oos = []
            b = E.board(c, data)
            for owner in E.SIDE_OWNERS[side]:
                oos += [[loc, owner] for loc in E._out_of_supply(c, data, b, owner)]
            if not oos:
                log(data, "8.6", f"Supply: every {SIDE_NAMES[side]} counter is in supply")
            frame["oos"] = oos
            return True
        if step == 2:
            oos = frame["oos"]
            if not oos:
                frame["step"] = 3
                return True
            loc, owner = oos.pop(0)
            kinds = sorted({E.kind_of(u) for u in data["u"][loc] if u >> 4 == owner})
            log(data, "8.6", f"Supply: the {OWNER_NAMES[owner]} counters in {c.names[loc]} "
                "are out of supply and lose one counter")
            if len(kinds) == 1:
                lose_counter(g, data, loc, owner, kinds[0], "8.6")
            else:
                push(data, {"kind": "sloss", "role": ROLES[side], "loc": loc, "owner": owner})
            return True
        # step 3: draw, victory, next turn
        E.draw(c, data, side)
        g.end_of_turn(data, side)
        return True

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return []

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        raise AssertionError("the turn frame takes no decision")


def lose_counter(g: StruggleForEurope, data: Data, loc: int, owner: int, kind: int,
                 rule: str) -> None:
    units = data["u"][loc]
    for i, u in enumerate(units):
        if u >> 4 == owner and E.kind_of(u) == kind:
            del units[i]
            E.touch(data, loc)
            log(data, rule, f"The {E.unit_name(u)} in {g.c.names[loc]} is eliminated")
            E.gone(data, u)
            E.fix_control(g.c, data, loc)
            return
    raise AssertionError("no such counter")


class SupplyLossFrame(SfeFrame):
    """8.6: an out of supply location loses one counter, owner's choice."""

    kind = "sloss"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        kinds = sorted({E.kind_of(u) for u in data["u"][frame["loc"]]
                        if u >> 4 == frame["owner"]})
        return [g.unit_id[k] for k in kinds]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        data["stack"].pop()
        lose_counter(g, data, frame["loc"], frame["owner"], arg, "8.6")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return (f"choose the counter the out of supply {OWNER_NAMES[frame['owner']]} "
                f"counters in {g.c.names[frame['loc']]} lose (8.6)")

    def why(self, g: StruggleForEurope, data: Data, frame: Frame, action: Action,
            legal: bool) -> Why:
        if legal:
            return "this counter is eliminated for lack of supply (owner's choice)", ("8.6",)
        return f"not a choice now: {self.prompt(g, data, frame)}", ("8.6",)


class OpsFrame(SfeFrame):
    """7.1: choose one of the eight operations (two per turn)."""

    kind = "ops"

    def auto(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        if frame["left"] <= 0:
            data["stack"].pop()
            return True
        return False

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return possible_ops(g, data, frame["side"])

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        side = frame["side"]
        frame["left"] -= 1
        who = SIDE_NAMES[side].capitalize()
        if arg == OP_PASS:
            data["passes"] += 1
            log(data, "7.2.10", f"{who} pass")
        elif arg == OP_ATTACK:
            push(data, {"kind": "attack", "role": frame["role"], "side": side})
        else:
            push(data, {"kind": "opcard", "role": frame["role"], "side": side, "op": arg})

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return f"choose an operation ({frame['left']} left this turn)"

    def why(self, g: StruggleForEurope, data: Data, frame: Frame, action: Action,
            legal: bool) -> Why:
        kind, arg = g.decode[action.id]
        if kind != K_OP:
            return f"not a choice now: {self.prompt(g, data, frame)}", ("7.1",)
        side = frame["side"]
        c = g.c
        hand = data["hand"][side]
        rule = OP_RULE[arg]
        if legal:
            return f"operation {OPS[arg]} is possible with the cards in hand", (rule, "7.1")
        if arg == OP_FORT and side != 0:
            return "only the Axis build fortresses", ("7.2.2", "3.4")
        if arg == OP_BOMB:
            if not any(c.card_bomb[x] for x in hand):
                return "no card in hand has the strategic bombing icon", (rule,)
            if len(hand) < 2:
                return "a bombing needs one more card to recycle", (rule, "CQR")
            return "the marker is at the end of the track", (rule,)
        if arg == OP_ATTACK:
            if not E.air_cards(c, hand):
                return "attacking needs a card for its air power value", (rule, "8.1")
            return "no contested location holds your armies", (rule,)
        if arg == OP_DISCARD:
            return "the hand is empty", (rule,)
        if arg == OP_BUILD and side == 1 and not E.soviets_active(data):
            return ("no card can build a Western army now (Soviets may not build during the "
                    "1st Allied play deck)", (rule, "6.4", "3.3"))
        return (f"no card in hand allows operation {OPS[arg]} now (icon, additional cards, "
                "counter mix or a place for it missing)", (rule, "3.3", "4.2"))


class OpCardFrame(SfeFrame):
    """Choose the card played for the operation (4.2: one icon or event per card)."""

    kind = "opcard"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.card_id[x] for x in op_cards(g, data, frame["side"], frame["op"])]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        c = g.c
        side = frame["side"]
        op = frame["op"]
        role = frame["role"]
        who = SIDE_NAMES[side].capitalize()
        name = c.card_names[arg]
        data["stack"].pop()
        if op == OP_BUILD:
            opts = build_options(g, data, side, arg)
            take(data, side, arg)
            if len(opts) == 1:
                do_build(g, data, side, arg, *opts[0])
            else:
                push(data, {"kind": "army", "role": role, "side": side, "holding": arg,
                            "opts": [o * 4 + s for o, s in opts]})
        elif op == OP_FORT:
            take(data, side, arg)
            data["elim"][side].append(arg)
            log(data, "7.2.2", f"{who} play {name} to build a fortress; the card is "
                "eliminated")
            push(data, {"kind": "place", "role": role, "side": side, "what": 4,
                        "owner": AXIS})
            push(data, {"kind": "cost", "role": role, "side": side, "n": 1, "rule": "7.2.2"})
        elif op == OP_BOMB:
            take(data, side, arg)
            E.recycle(data, side, arg, False)
            log(data, "7.2.3", f"{who} play {name} for strategic bombing")
            move_marker(g, data, side, "7.2.3")
            push(data, {"kind": "cost", "role": role, "side": side, "n": 1, "rule": "7.2.3"})
        elif op == OP_MOVE:
            take(data, side, arg)
            E.recycle(data, side, arg, False)
            naval = c.card_move[arg] == NAVAL
            log(data, "7.2.4", f"{who} play {name} for a {'naval' if naval else 'land'} move")
            push(data, {"kind": "move", "role": role, "side": side, "src": -1,
                        "naval": int(naval), "sel": 0, "moved": 0, "first": 1, "plan": [],
                        "order": 0, "owner": 0})
        elif op == OP_EVENT:
            take(data, side, arg)
            play_event(g, data, side, arg)
        elif op == OP_DISCARD:
            take(data, side, arg)
            E.recycle(data, side, arg, True)
            log(data, "7.2.8", f"{who} discard a card")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return f"choose the card to play for operation {OPS[frame['op']]}"

    def why(self, g: StruggleForEurope, data: Data, frame: Frame, action: Action,
            legal: bool) -> Why:
        rule = OP_RULE[frame["op"]]
        if legal:
            return f"this card may be played for {OPS[frame['op']]}", (rule, "4.2")
        kind, arg = g.decode[action.id]
        if kind == K_CARD and arg not in data["hand"][frame["side"]]:
            return "that card is not in your hand", ("4.1",)
        return f"not a choice now: {self.prompt(g, data, frame)}", (rule, "4.2")


def do_build(g: StruggleForEurope, data: Data, side: int, card: int, owner: int,
             st: int) -> None:
    """3.3/7.2.1: 1 strength: recycle the card; 2/3: eliminate it and recycle 1/2 more."""
    c = g.c
    role = ROLES[side]
    who = SIDE_NAMES[side].capitalize()
    if st == 1:
        E.recycle(data, side, card, False)
        fate = "recycled"
    else:
        data["elim"][side].append(card)
        fate = "eliminated"
    log(data, "7.2.1", f"{who} play {c.card_names[card]} to build a {OWNER_NAMES[owner]} "
        f"{st} strength army; the card is {fate}")
    push(data, {"kind": "place", "role": role, "side": side, "what": st, "owner": owner})
    if st > 1:
        push(data, {"kind": "cost", "role": role, "side": side, "n": st - 1, "rule": "3.3"})


def move_marker(g: StruggleForEurope, data: Data, side: int, rule: str) -> None:
    data["bomb"] += 1 if side == 0 else -1
    b = data["bomb"]
    where = "black 0" if b == 0 else (
        f"{g.c.track[abs(b)]} on the {'Allied' if b > 0 else 'Axis'} side")
    log(data, rule, f"The strategic bombing marker moves {'right' if side == 0 else 'left'} "
        f"to {where}")


def play_event(g: StruggleForEurope, data: Data, side: int, card: int) -> None:
    """7.2.9: an operation event; the card is recycled unless it says otherwise (CQR)."""
    c = g.c
    ev = c.card_event[card]
    who = SIDE_NAMES[side].capitalize()
    role = ROLES[side]
    log(data, "7.2.9", f"{who} play {c.card_names[card]}: {c.event_text[ev]}")
    if c.event_after_elim[ev]:
        data["elim"][side].append(card)
    elif ev in (EV_WOLF, EV_DESTROYER):
        data["inplay"] = [card]  # its fate depends on a block (CQR)
    else:
        E.recycle(data, side, card, False)
    if ev == EV_COORD:
        data["stack"][-1]["left"] += 2
        log(data, "CQR", "Two more operations this turn; Coordinated Offensive is eliminated")
    elif ev == EV_WEAPON:
        move_marker(g, data, side, "7.2.9")
    elif ev == EV_REDEPLOY:
        push(data, {"kind": "redeploy", "role": role, "side": side, "src": -1, "owner": 0,
                    "sel": 0})
    elif ev in (EV_WOLF, EV_DESTROYER):
        push(data, {"kind": "block", "role": ROLES[1 - side], "side": 1 - side,
                    "card": card})


class ArmyFrame(SfeFrame):
    """7.2.1: only one army of the strength shown is built: Western or Soviet."""

    kind = "army"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.army_id[x >> 2][x & 3] for x in frame["opts"]]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        data["stack"].pop()
        do_build(g, data, frame["side"], frame["holding"], arg >> 2, arg & 3)

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "choose which army the card builds"


class CostFrame(SfeFrame):
    """3.3, 3.4, 7.2.3: place additional cards from the hand in the recycle pile."""

    kind = "cost"

    def auto(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        hand = data["hand"][frame["side"]]
        if frame["n"] <= 0 or len(hand) <= frame["n"]:
            # nothing to choose: the whole hand goes
            n = min(frame["n"], len(hand))
            for x in list(hand[:n]):
                hand.remove(x)
                E.recycle(data, frame["side"], x, True)
            if n:
                self._log(data, frame, n)
            data["stack"].pop()
            return True
        return False

    def _log(self, data: Data, frame: Frame, n: int) -> None:
        who = SIDE_NAMES[frame["side"]].capitalize()
        log(data, frame["rule"], f"{who} place {n} additional card{'s' if n > 1 else ''} "
            "in the recycle pile")

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.card_id[x] for x in sorted(set(data["hand"][frame["side"]]))]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        take(data, frame["side"], arg)
        E.recycle(data, frame["side"], arg, True)
        frame["n"] -= 1
        frame["paid"] = frame.get("paid", 0) + 1
        if frame["n"] == 0:
            self._log(data, frame, frame["paid"])
            data["stack"].pop()

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return f"choose {frame['n']} more card(s) to place in the recycle pile"


class PlaceFrame(SfeFrame):
    """7.2.1 / 7.2.2: place the counter just built."""

    kind = "place"

    def options(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        if frame["what"] == 4:
            return sorted({loc for loc, _h in E.fortress_halves(g.c, data)})
        return E.build_locations(g.c, data, frame["owner"])

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.loc_id[x] for x in self.options(g, data, frame)]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        c = g.c
        data["stack"].pop()
        if frame["what"] == 4:
            halves = [h for loc, h in E.fortress_halves(c, data) if loc == arg]
            if len(halves) == 1:
                place_fortress(g, data, arg, halves[0])
            else:
                push(data, {"kind": "half", "role": frame["role"], "side": 0, "loc": arg})
            return
        owner, st = frame["owner"], frame["what"]
        u = E.code(owner, st, max(0, E.owner_half(data["u"][arg], owner)))
        data["u"][arg].append(u)
        E.touch(data, arg)
        E.born(data, u)
        log(data, "7.2.1", f"A {OWNER_NAMES[owner]} {st} strength army is placed in "
            f"{c.names[arg]}")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        what = "fortress" if frame["what"] == 4 else f"{frame['what']} strength army"
        return f"choose where to place the {what}"

    def why(self, g: StruggleForEurope, data: Data, frame: Frame, action: Action,
            legal: bool) -> Why:
        rule = "7.2.2" if frame["what"] == 4 else "7.2.1"
        if legal:
            return "a friendly controlled, in supply location", (rule,)
        return ("only a friendly controlled, in supply location (a fortress: one per half)",
                (rule, "8.6", "2.5"))


def place_fortress(g: StruggleForEurope, data: Data, loc: int, half: int) -> None:
    u = E.code(AXIS, 3, half, fort=True)
    data["u"][loc].append(u)
    E.touch(data, loc)
    E.born(data, u)
    log(data, "7.2.2", f"An Axis fortress is placed in the {g.c.halves[loc][half]} half of "
        f"{g.c.names[loc]}")


class HalfFrame(SfeFrame):
    """7.2.2: the fortress goes in either half; only one fortress per half."""

    kind = "half"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.half_id[h] for loc, h in E.fortress_halves(g.c, data) if loc == frame["loc"]]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        data["stack"].pop()
        place_fortress(g, data, frame["loc"], arg)

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return f"choose the half of {g.c.names[frame['loc']]} for the fortress"


class MoveFrame(SfeFrame):
    """7.2.4-7.2.6: move counters of one location; then resolve the battles in the
    order the mover chooses."""

    kind = "move"

    def auto(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        if not frame["order"]:
            return False
        plan = frame["plan"]
        if not plan:
            data["stack"].pop()
            return True
        if len(plan) == 1:
            start_move_battle(g, data, frame, 0)
            return True
        return False

    def dests(self, g: StruggleForEurope, data: Data, frame: Frame
              ) -> list[tuple[int, int, int, int, bool]]:
        side = frame["side"]
        src = frame["src"]
        owner = frame["owner"]
        b = E.board(g.c, data)
        out = _adj(g, data, b, src, owner, bool(frame["naval"]))
        planned = {p[0] for p in frame["plan"]}
        n_air = len(E.air_cards(g.c, data["hand"][side]))
        res = [d for d in out if not d[4] or d[0] in planned or len(planned) < n_air]
        if frame["first"]:
            adj = {d[0] for d in out}
            for d, h in _path(g, data, b, src, owner, bool(frame["naval"])).items():
                if d not in adj:
                    res.append((d, h, 0, -1, False))
        return res

    def has_dest(self, g: StruggleForEurope, data: Data, frame: Frame) -> bool:
        """``bool(self.dests(...))``, without the search through friendly locations when
        one line already gives a destination."""
        out = adjacent_dests(g, data, frame["src"], frame["owner"], bool(frame["naval"]))
        for d in out:
            if not d[4]:
                return True
        if out:
            planned = {p[0] for p in frame["plan"]}
            n_air = len(E.air_cards(g.c, data["hand"][frame["side"]]))
            if any(d[0] in planned or len(planned) < n_air for d in out):
                return True
        return bool(self.dests(g, data, frame)) if frame["first"] else False

    def dest(self, g: StruggleForEurope, data: Data, frame: Frame, loc: int
             ) -> tuple[int, int, int, int, bool]:
        """The entry of ``self.dests(...)`` for the (legal) destination ``loc``."""
        for d in adjacent_dests(g, data, frame["src"], frame["owner"], bool(frame["naval"])):
            if d[0] == loc:
                return d
        return next(d for d in self.dests(g, data, frame) if d[0] == loc)

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        side = frame["side"]
        if frame["src"] < 0:
            return [g.loc_id[x] for x in move_sources(g, data, side, bool(frame["naval"]))]
        if frame["order"]:
            return [g.loc_id[p[0]] for p in frame["plan"]]
        if frame["sel"]:
            return [g.loc_id[d[0]] for d in self.dests(g, data, frame)]
        ids = []
        if self.has_dest(g, data, frame):
            kinds = {u & 3 for u in data["u"][frame["src"]]
                     if u >> 4 == frame["owner"] and not u & E.FORT}
            ids = [g.unit_id[k] for k in sorted(kinds)]
        if frame["moved"]:
            ids.append(g.done_id)
        return ids

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        c = g.c
        side = frame["side"]
        if frame["src"] < 0:
            frame["src"] = arg
            frame["owner"] = mover_owner(data, arg, side)
            return
        if frame["order"]:
            i = next(i for i, p in enumerate(frame["plan"]) if p[0] == arg)
            start_move_battle(g, data, frame, i)
            return
        if kind == K_DONE:
            frame["order"] = 1
            return
        if kind == K_UNIT:
            frame["sel"] = arg
            return
        # a destination for the selected counter
        src, owner, st = frame["src"], frame["owner"], frame["sel"]
        dest = self.dest(g, data, frame, arg)
        d, dh, dv, nv, battle = dest
        units = data["u"][src]
        for i, u in enumerate(units):
            if u >> 4 == owner and not u & E.FORT and u & 3 == st:
                del units[i]
                break
        E.touch(data, src)
        moved = E.code(owner, st, dh)
        frame["sel"] = 0
        frame["moved"] += 1
        who = f"A {OWNER_NAMES[owner]} {st} strength army"
        if nv < 0:  # non-adjacent move: one counter, then the operation ends
            data["u"][d].append(moved)
            E.touch(data, d)
            log(data, "7.2.6", f"{who} moves from {c.names[src]} through friendly locations "
                f"to {c.names[d]}")
            E.fix_control(c, data, src)
            frame["order"] = 1
            return
        frame["first"] = 0
        if owner == AXIS:
            E.special_circumstance(c, data, d)
        if battle:
            for p in frame["plan"]:
                if p[0] == d:
                    p[4].append(moved)
                    break
            else:
                frame["plan"].append([d, dh, dv, nv, [moved]])
            log(data, "7.2.5", f"{who} moves from {c.names[src]} into enemy occupied "
                f"{c.names[d]} ({c.halves[d][dh]} half): battle")
        else:
            data["u"][d].append(moved)
            E.touch(data, d)
            log(data, "7.2.5", f"{who} moves from {c.names[src]} to {c.names[d]}")
            E.fix_control(c, data, d, "7.2.5")
        E.fix_control(c, data, src)
        if not any(u >> 4 == owner and not u & E.FORT for u in units):
            frame["order"] = 1

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        if frame["src"] < 0:
            return "choose the location the counters move from"
        if frame["order"]:
            return "choose the next battle to resolve"
        if frame["sel"]:
            return f"choose where the {frame['sel']} strength army moves"
        return "choose a counter to move, or done"

    def why(self, g: StruggleForEurope, data: Data, frame: Frame, action: Action,
            legal: bool) -> Why:
        rules = ("7.2.4", "7.2.5", "7.2.6")
        if legal:
            return f"allowed: {self.prompt(g, data, frame)}", rules
        kind, arg = g.decode[action.id]
        if frame["sel"] and kind == K_LOC:
            return (f"the counter cannot move to {g.c.names[arg]}: not along one line it may "
                    "use (naval lines need a naval card; blue and red never enter each "
                    "other's locations; a battle needs an air card for each battle), nor "
                    "through friendly locations only", (*rules, "3.2", "2.6"))
        return f"not a choice now: {self.prompt(g, data, frame)}", rules


def start_move_battle(g: StruggleForEurope, data: Data, frame: Frame, i: int) -> None:
    d, dh, dv, nv, units = frame["plan"].pop(i)
    from warroom.games.sfe.battle import start_battle

    start_battle(g, data, frame["side"], d, dh, units, frame["src"], dv, nv,
                 len(frame["plan"]))


class AttackFrame(SfeFrame):
    """7.2.7: attack the enemy half of a contested location."""

    kind = "attack"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [g.loc_id[x] for x in attack_targets(g, data, frame["side"])]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        from warroom.games.sfe.battle import start_battle

        data["stack"].pop()
        side = frame["side"]
        units = data["u"][arg]
        half = E.half_of(units, 1 - side)
        log(data, "7.2.7", f"{SIDE_NAMES[side].capitalize()} attack in contested "
            f"{g.c.names[arg]} ({g.c.halves[arg][half]} half)")
        start_battle(g, data, side, arg, half, None, -1, 0, 0, 0)

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "choose the contested location to attack"


class BlockFrame(SfeFrame):
    """Wolfpack / Destroyer Attack: the opponent may block with the other card (CQR)."""

    kind = "block"

    def blockers(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        c = g.c
        want = EV_DESTROYER if c.card_event[frame["card"]] == EV_WOLF else EV_WOLF
        return [x for x in data["hand"][frame["side"]] if c.card_event[x] == want]

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        return [*(g.card_id[x] for x in self.blockers(g, data, frame)), g.no_block_id]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        c = g.c
        data["stack"].pop()
        me = frame["side"]
        attacker = 1 - me
        played = frame["card"]
        data["inplay"] = []
        if kind == K_CARD:
            take(data, me, arg)
            wolf, destroyer = (played, arg) if c.card_event[played] == EV_WOLF else (arg, played)
            wside = 0
            data["elim"][wside].append(wolf)
            E.recycle(data, 1, destroyer, False)
            data["barrier"] += 1
            log(data, "CQR", f"{SIDE_NAMES[me].capitalize()} block with {c.card_names[arg]}: "
                "Wolfpack is eliminated, Destroyer Attack is recycled")
            return
        E.recycle(data, attacker, played, False)
        hand = data["hand"][me]
        n = min(2, len(hand))
        for _ in range(n):
            x = hand.pop(randbelow(data, len(hand)))
            E.recycle(data, me, x, True)
        data["barrier"] += 1
        log(data, "6.3", f"{SIDE_NAMES[me].capitalize()} discard {n} card"
            f"{'s' if n != 1 else ''} at random from the hand")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "block the event with your card, or not"


class RedeployFrame(SfeFrame):
    """Strategic Redeploy (reconstructed text): one army from a friendly controlled, in
    supply location to another."""

    kind = "redeploy"

    def ids(self, g: StruggleForEurope, data: Data, frame: Frame) -> list[int]:
        if frame["src"] < 0:
            return [g.loc_id[x] for x in sorted({loc for loc, _o in
                                                 redeploy_sources(g, data, frame["side"])})]
        if not frame["sel"]:
            kinds = {u & 3 for u in data["u"][frame["src"]]
                     if u >> 4 == frame["owner"] and not u & E.FORT}
            return [g.unit_id[k] for k in sorted(kinds)]
        return [g.loc_id[x] for x in E.build_locations(g.c, data, frame["owner"])
                if x != frame["src"]]

    def act(self, g: StruggleForEurope, data: Data, frame: Frame, kind: int, arg: int) -> None:
        c = g.c
        if frame["src"] < 0:
            frame["src"] = arg
            frame["owner"] = mover_owner(data, arg, frame["side"])
            return
        if not frame["sel"]:
            frame["sel"] = arg
            return
        data["stack"].pop()
        src, owner, st = frame["src"], frame["owner"], frame["sel"]
        units = data["u"][src]
        for i, u in enumerate(units):
            if u >> 4 == owner and not u & E.FORT and u & 3 == st:
                del units[i]
                break
        data["u"][arg].append(E.code(owner, st, 0))
        E.touch(data, src)
        E.touch(data, arg)
        log(data, "7.2.9", f"Strategic Redeploy: a {OWNER_NAMES[owner]} {st} strength army "
            f"moves from {c.names[src]} to {c.names[arg]}")

    def prompt(self, g: StruggleForEurope, data: Data, frame: Frame) -> str:
        return "Strategic Redeploy: choose the army and where it goes"


FRAMES: tuple[type[SfeFrame], ...] = (
    TurnFrame, OpsFrame, OpCardFrame, ArmyFrame, CostFrame, PlaceFrame, HalfFrame, MoveFrame,
    AttackFrame, BlockFrame, RedeployFrame, SupplyLossFrame)

__all__ = ["FRAMES", "WEST"]
