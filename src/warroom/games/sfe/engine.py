"""Board, supply and card mechanics on a state (no decisions here).

The plain state ``st.data`` holds the board: ``u[loc]`` the counter codes in a location
(:mod:`warroom.games.sfe.counters`), ``ctl[loc]`` its controller when not contested (the
colour at the start, then the last control flag, 2.5, 3.5), ``dn[side]`` the number of each
side's play deck, ``cnt`` the counters of each owner and kind in play; and the cards:
``hand``, ``deck``, ``later`` (the II and III chevron cards not shuffled in yet), ``rec``
(recycle pile), ``secret`` (the recycled cards the opponent has not seen), ``elim``,
``inplay``; ``bomb`` the strategic bombing marker (negative: the Axis side); ``usa`` the
Western counters set aside for the USA box until the Allied 3rd play deck (6.6).

Facts derived from the board alone (supply, build places, move sources...) are kept in
``st.cache["board"]`` (:class:`Board`), never in ``data``.
"""

from __future__ import annotations

from itertools import compress, count
from operator import or_
from typing import Any

from warroom.core.flow import reveal
from warroom.core.log import log
from warroom.core.rng import randbelow
from warroom.core.state import State
from warroom.games.sfe.components import AXIS, NAVAL, SIDE_NAMES, SOV, WEST
from warroom.games.sfe.counters import (
    ALLIED_SIDE_BITS,
    AXIS_SIDE_BITS,
    FORT_BIT,
    OWNER_SHIFT,
    OWNER_WORDS,
    half,
    kind_of,
    owner_half,
    sides_in,
    strength,
)
from warroom.games.sfe.facts import Board, board_from, flood, search, supply_key, update
from warroom.games.sfe.tables import S

Data = dict[str, Any]
DECK_NAMES = ("", "1st", "2nd", "3rd")


def play_deck(n: int, side: str | None = None) -> str:
    """The ``n``-th play deck as the rulebook names it (6), "2nd play deck", or with
    ``side`` ("axis", "allies") "Allied 2nd play deck"; past the Axis 3rd, whose recycle
    pile is reshuffled as often as needed (6), "3rd play deck, reshuffle 2". Every front
    end says it so (the terminal read "play deck III" and "deck 2" where the web page,
    whose map_sfe.js ``PLAY_DECK`` writes the same words, said "the 2nd play deck")."""
    who = {"axis": "Axis ", "allies": "Allied "}.get(side or "", "")
    if n > 3:
        return f"{who}3rd play deck, reshuffle {n - 3}"
    return f"{who}{DECK_NAMES[n]} play deck"


WHO = tuple(name.capitalize() for name in SIDE_NAMES)
"""Each side's name as a log line starts it: "Axis", "Allies"."""


# -- occupation and control (2.5) ------------------------------------------------------------

def is_contested(data: Data, loc: int) -> bool:
    return sides_in(data["u"][loc]) == 3


def control(data: Data, loc: int) -> int:
    """Controller now: NEUTRAL/AXIS/WEST/SOV, or -1 when contested."""
    if sides_in(data["u"][loc]) == 3:
        return -1
    return int(data["ctl"][loc])


def fix_control(st: State[S], loc: int, rule: str = "2.5") -> None:
    """After counters enter or leave: the only owner present controls the location (3.5)."""
    units = st.data["u"][loc]
    if not units:
        return
    first = units[0] >> OWNER_SHIFT
    for u in units:
        if u >> OWNER_SHIFT != first:
            return
    set_control(st, loc, first, rule)


def set_control(st: State[S], loc: int, owner: int, rule: str = "3.5") -> None:
    """3.5: a control flag of ``owner`` is placed in ``loc`` (if not there already)."""
    data = st.data
    if data["ctl"][loc] != owner:
        data["ctl"][loc] = owner
        touch(st, loc)
        c = st.game.c
        if owner == c.color[loc]:
            log(data, rule, f"{c.names[loc]} returns to {OWNER_WORDS[owner]} control")
        else:
            an = "An" if owner == AXIS else "A"
            log(data, rule, f"{an} {OWNER_WORDS[owner]} control flag is placed in "
                f"{c.names[loc]}")


def may_enter(st: State[S], loc: int, owner: int) -> bool:
    """3.2: blue only into blue/tan/gray, red only into red/tan/gray locations, never where
    the other Allied nation's counters are or which it controls. The USA box is entered
    only by building there (6.6)."""
    c = st.game.c
    if loc == c.usa:
        return False
    if owner == AXIS:
        return True
    other = WEST + SOV - owner
    if c.color[loc] == other or st.data["ctl"][loc] == other:
        return False
    return all(u >> OWNER_SHIFT != other for u in st.data["u"][loc])


def friendly_dest(data: Data, loc: int, owner: int, h: int) -> bool:
    """A friendly controlled location, or the friendly half ``h`` of a contested one."""
    units = data["u"][loc]
    if sides_in(units) == 3:
        return owner_half(units, owner) == h
    if data["ctl"][loc] != owner:
        return False
    return not units or units[0] >> OWNER_SHIFT == owner


def soviets_active(data: Data) -> bool:
    """6.4: Soviets may not move or build during the 1st Allied play deck."""
    return bool(data["dn"][1] >= 2)


def usa_active(data: Data) -> bool:
    """6.6: the USA box becomes active with the 3rd Allied play deck."""
    return bool(data["dn"][1] >= 3)


def movable(data: Data, owner: int) -> bool:
    return owner != SOV or soviets_active(data)


def counters_on_map(data: Data, owner: int, kind: int) -> int:
    """Counters of the mix in play (3.1), from the table kept by ``born``/``gone``."""
    return int(data["cnt"][owner * 5 + kind])


def born(data: Data, u: int) -> None:
    data["cnt"][(u >> OWNER_SHIFT) * 5 + kind_of(u)] += 1


def gone(data: Data, u: int) -> None:
    data["cnt"][(u >> OWNER_SHIFT) * 5 + kind_of(u)] -= 1


def defender_commander_barred(battle: dict[str, Any]) -> bool:
    """Whether the defender of ``battle`` (its frame) may play no Great Commander (8.7, the
    card text printed with the battle example: "Only one Great Commander may be played in a
    battle"): once the attacker has put a battle event down, face down but seen going down,
    and the only battle event an attacker plays is a Great Commander, so the defender's
    could only go back to his hand, shown (it was offered: an audit of 6 December 2026)."""
    return bool(battle["attacker_events"])


def held_counters(frame: dict[str, Any]) -> list[int]:
    """The counters a frame holds off the board: moving attackers (a retreat's counters
    stay on the board, in the location they leave, until they are placed)."""
    held = list(frame.get("moving") or ())
    for battle in frame.get("battles") or ():
        held += battle[4]
    return held


def count_counters(data: Data, owner: int, kind: int) -> int:
    """Counted the slow way (invariant checks)."""
    n = 0
    for units in data["u"]:
        for u in units:
            if u >> OWNER_SHIFT == owner and kind_of(u) == kind:
                n += 1
    for fr in data["stack"]:
        for u in held_counters(fr):
            if u >> OWNER_SHIFT == owner and kind_of(u) == kind:
                n += 1
    for u in data["usa"]:
        if u >> OWNER_SHIFT == owner and kind_of(u) == kind:
            n += 1
    return n


# -- facts derived from the board alone ---------------------------------------------------------

def touch(st: State[S], loc: int) -> None:
    """Note that the counters or the control of ``loc`` changed (see :class:`Board`)."""
    b: Board | None = st.cache.get("board")
    if b is not None:
        b.hint |= 1 << loc


def touch_stage(st: State[S]) -> None:
    """Note that the Allied play deck changed (see :class:`Board`)."""
    b: Board | None = st.cache.get("board")
    if b is not None:
        b.hint |= 1 << b.n


def board(st: State[S]) -> Board:
    """The :class:`Board` of the state's board now (kept in ``st.cache``)."""
    b: Board | None = st.cache.get("board")
    if b is None:
        data = st.data
        dn = data["dn"][1]
        b = st.cache["board"] = board_from(st.game.start_board, data["ctl"], data["u"],
                                           dn if dn < 3 else 3)
        return b
    if b.hint:
        update(st.data, b)
    return b


# -- supply (8.6) ---------------------------------------------------------------------------

def out_of_supply(st: State[S], owner: int) -> list[int]:
    """8.6: the locations whose ``owner`` counters are out of supply (a contested one:
    judged by the owner's half)."""
    return list(out_of_supply_in(st, board(st), owner))


def out_of_supply_in(st: State[S], b: Board, owner: int) -> list[int]:
    """:func:`out_of_supply` on the :class:`Board` ``b`` of ``st`` (read-only)."""
    memo = b.memo
    key = ("oos", owner)
    out: list[int] | None = memo.get(key)
    if out is None:
        seen = _supply(st, b, owner)
        n = b.n
        out = memo[key] = [loc for loc in compress(count(), b.held[owner * n:owner * n + n])
                           if not (seen[2 * loc] or seen[2 * loc + 1])]
    return out


def supply(st: State[S], owner: int) -> bytes:
    """:func:`supply_nodes` of the board now (shared while the board is equal)."""
    return _supply(st, board(st), owner)


def _supply(st: State[S], b: Board, owner: int) -> bytes:
    """:func:`supply_nodes` from the passable half-nodes kept in ``b``; the search itself
    runs once per (owner, stage, passable half-nodes, start nodes)."""
    memo = b.memo
    key = ("sup", owner)
    seen: bytes | None = memo.get(key)
    if seen is None:
        c = st.game.c
        skey = supply_key(c.sources[owner], c.usa, st.data["ctl"], b, owner)
        seen = b.sup.get(skey)
        if seen is None:
            seen = b.sup[skey] = search(c.sup_adj[skey[1]], skey[2], skey[3])
        memo[key] = seen
    return seen


def supply_nodes(st: State[S], owner: int, held: list[int] | None = None) -> bytearray:
    """Half-nodes (2*loc+half) from which ``owner`` traces supply to one of its supply
    locations along move lines, through friendly locations and friendly halves of
    contested locations (8.6). One-way lines count both ways (2.3). Worked out from
    scratch (tests compare the kept facts with it).

    ``held``, if given, receives the locations holding ``owner`` counters."""
    c = st.game.c
    data = st.data
    ctl = data["ctl"]
    n2 = 2 * c.n
    # passable half-nodes not reached yet: friendly locations, friendly contested halves
    ok = bytearray(n2)
    for loc, units in enumerate(data["u"]):
        if units:
            if sides_in(units) == 3:
                for u in units:
                    if u >> OWNER_SHIFT == owner:
                        ok[2 * loc + half(u)] = 1
                        if held is not None:
                            held.append(loc)
                        break
                continue
            if units[0] >> OWNER_SHIFT != owner:
                continue
            if held is not None:
                held.append(loc)
        if ctl[loc] == owner:
            ok[2 * loc] = ok[2 * loc + 1] = 1
    passable = int.from_bytes(ok, "little")
    stage = min(3, data["dn"][1])
    todo: list[int] = []
    for s in c.sources[owner]:
        # a contested source still counts until the opposing side controls it (8.6)
        if (s == c.usa and stage < 3) or ctl[s] != owner:
            continue
        for node in (2 * s, 2 * s + 1):
            if ok[node]:
                ok[node] = 0
                todo.append(node)
    flood(ok, todo, c.sup_adj[stage])
    return bytearray((passable ^ int.from_bytes(ok, "little")).to_bytes(n2, "little"))


def build_locations(st: State[S], owner: int) -> list[int]:
    """7.2.1: friendly controlled (not contested), in supply locations of ``owner``."""
    return list(_build_list(st, board(st), owner))


def _build_list(st: State[S], b: Board, owner: int) -> list[int]:
    memo = b.memo
    key = ("build", owner)
    out: list[int] | None = memo.get(key)
    if out is None:
        out = memo[key] = _build_locations(st, b, owner)
    return out


def _build_locations(st: State[S], b: Board, owner: int) -> list[int]:
    seen = _supply(st, b, owner)
    data = st.data
    ctl = data["ctl"]
    u_all = data["u"]
    pm = b.pm
    usa = st.game.c.usa if not usa_active(data) else -1
    out = []
    # the locations with an in supply half, in order
    for loc in compress(count(), map(or_, seen[0::2], seen[1::2])):
        if ctl[loc] == owner:
            m = pm[loc]
            if m:
                if m & AXIS_SIDE_BITS and m & ALLIED_SIDE_BITS:  # contested
                    continue
                if u_all[loc][0] >> OWNER_SHIFT != owner:
                    continue
            if loc == usa:
                continue
            out.append(loc)
    return out


def any_build_location(st: State[S], owner: int) -> bool:
    return any_build_in(st, board(st), owner)


ANYBUILD_KEYS = tuple(("anybuild", owner) for owner in range(4))
"""The memo keys of :func:`any_build_in` per owner."""


def any_build_in(st: State[S], b: Board, owner: int) -> bool:
    """:func:`any_build_location` on the :class:`Board` ``b`` of ``st``."""
    memo = b.memo
    key = ANYBUILD_KEYS[owner]
    ok: bool | None = memo.get(key)
    if ok is None:
        ok = memo[key] = _any_build_location(st, b, owner)
    return ok


def _any_build_location(st: State[S], b: Board, owner: int) -> bool:
    c = st.game.c
    data = st.data
    ctl = data["ctl"]
    u_all = data["u"]
    for s in c.sources[owner]:
        if ctl[s] == owner and (s != c.usa or usa_active(data)):
            units = u_all[s]
            if not units or (sides_in(units) != 3 and units[0] >> OWNER_SHIFT == owner):
                return True
    return bool(_build_list(st, b, owner))


def fortress_halves(st: State[S]) -> list[tuple[int, int]]:
    """7.2.2: (location, half) pairs where the Axis may build a fortress: a friendly
    controlled half of an in supply location, one fortress per half."""
    return list(fortress_list(st, board(st)))


def fortress_list(st: State[S], b: Board) -> list[tuple[int, int]]:
    """:func:`fortress_halves` on the :class:`Board` ``b`` of ``st`` (read-only)."""
    memo = b.memo
    out: list[tuple[int, int]] | None = memo.get("fort")
    if out is None:
        out = memo["fort"] = _fortress_halves(st, b)
    return out


def _fortress_halves(st: State[S], b: Board) -> list[tuple[int, int]]:
    seen = _supply(st, b, AXIS)
    data = st.data
    out = []
    for loc in range(b.n):
        units = data["u"][loc]
        if sides_in(units) == 3:
            halves = [owner_half(units, AXIS)]
        elif data["ctl"][loc] == AXIS and (not units or units[0] >> OWNER_SHIFT == AXIS):
            halves = [0, 1]
        else:
            continue
        for h in halves:
            if not seen[2 * loc + h]:
                continue
            if any(u & FORT_BIT and half(u) == h for u in units):
                continue
            out.append((loc, h))
    return out


# -- cards (4, 5.1, 6) ----------------------------------------------------------------------

def shuffle(data: Data, cards: list[int]) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = randbelow(data, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def hand_limit(st: State[S], side: int) -> int:
    """5.1 and 7.2.3: the hand size of the current play deck, less the bombing track."""
    c = st.game.c
    data = st.data
    dn = min(int(data["dn"][side]), 3)
    base = c.hand_size[side][dn - 1]
    b = data["bomb"]
    if side == 0 and b < 0:
        base -= c.track[-b]
    elif side == 1 and b > 0:
        base -= c.track[b]
    return max(0, base)


def next_deck(st: State[S], side: int, special: bool = False) -> bool:
    """6.1/6.2: shuffle the recycle pile (with the next chevron cards) into a new play deck.

    The Allied 3rd play deck is their last. ``special`` (6.5) also shuffles in the
    remaining play deck."""
    data = st.data
    dn = int(data["dn"][side])
    if side == 1 and dn >= 3:
        return False
    pool = list(data["rec"][side])
    added = 0
    later: list[int] = []
    if dn < 3:
        later = data["later"][side][dn - 1]
        added = len(later)
        pool += later
        data["later"][side][dn - 1] = []
    if special:
        pool += data["deck"][side]
    if not pool:
        return False
    # what the other side knows the new deck is made of: the face-up recycled cards and
    # the chevron cards, and how many it cannot name (recycled face down; 6.5's remaining
    # play deck): read by ``hide`` (an audit found worlds moving known cards into the hand)
    face_up = list(data["rec"][side])
    for x in data["secret"][side]:
        face_up.remove(x)
    # ``made``, per side: [how many it cannot name, the cards it knows...]
    was: list[list[int]] = data.get("made") or [[], []]
    made = [list(m) for m in was]
    made[side] = [len(data["secret"][side]) + (len(data["deck"][side]) if special else 0),
                  *sorted(face_up + later)]
    data["made"] = made
    shuffle(data, pool)
    data["deck"][side] = pool
    data["rec"][side] = []
    data["secret"][side] = []
    data["dn"][side] = dn + 1
    touch_stage(st)
    reveal(data)
    extra = f" with the {'II' if dn == 1 else 'III'} chevron cards" if added else ""
    rule = "6.5" if special else ("6.1" if added else "6.2")
    # 6.5: "shuffle in their two chevron cards with their remaining play deck and recycle
    # pile" (an sfe audit: the line named the recycle pile alone, 13 of 31 cards unsaid)
    what = "the remaining play deck and the recycle pile are" if special else "the recycle pile is"
    log(data, rule, f"{WHO[side]}: {what} shuffled{extra} into the "
        f"{play_deck(dn + 1)} ({len(pool)} cards)", side=SIDE_NAMES[side],
        play_deck=dn + 1, cards=len(pool))
    if side == 1 and dn + 1 == 2:
        log(data, "6.4", "The Soviets come into play: they may move and build from now on")
    if side == 1 and dn + 1 == 3:
        log(data, "6.6", "The USA box becomes active")
        usa_entry(st)
    return True


def usa_entry(st: State[S]) -> None:
    """2, 6.6: the Western counters set aside for the USA box enter play there."""
    data = st.data
    waiting = data["usa"]
    if not waiting:
        return
    usa = st.game.c.usa
    data["u"][usa] += waiting
    touch(st, usa)
    strengths = [strength(u) for u in waiting]
    log(data, "6.6", "The Western counters of the USA box enter play there (strength "
        f"{', '.join(map(str, strengths))})", location=st.game.c.names[usa],
        strengths=strengths)
    data["usa"] = []


def draw(st: State[S], side: int, rule: str = "7") -> None:
    """7: refill the hand to the hand size; no draw when the hand is full (5.1). ``rule``:
    what the log line cites (the opening hands are 5.1's: "Each side draws cards from their
    respective starting active play deck ... up to their hand sizes")."""
    data = st.data
    hand = data["hand"][side]
    deck = data["deck"][side]
    limit = hand_limit(st, side)
    n = 0
    while True:
        if not deck:
            # 6.1/6.2: a play deck run out is made anew at once (the recycle pile with the
            # next chevron cards; the Allied 3rd deck is their last: ``next_deck`` makes
            # none), also when it ran out with the hand full; and 5.1: "Once the Allied II
            # chevron cards are added to the play deck, the Allied hand size becomes six":
            # the draw refills to the new size either way (a deck run out exactly as the
            # hand was full left it a card short beside a full deck until the next draw: an
            # sfe audit)
            if not next_deck(st, side):
                break
            deck = data["deck"][side]
            limit = hand_limit(st, side)
            continue
        if len(hand) >= limit:
            break
        hand.append(deck.pop())
        n += 1
    if n:
        hand_takes_cards(data, side)
        reveal(data)
    log(data, rule, f"{WHO[side]} draw {n} card{'s' if n != 1 else ''} "
        f"(hand {len(hand)}, hand size {limit})", side=SIDE_NAMES[side], drawn=n,
        hand=len(hand), hand_size=limit)


def recycle(data: Data, side: int, card: int, secret: bool) -> None:
    """Place ``card`` in the side's recycle pile, face down (``secret``) or seen."""
    data["rec"][side].append(card)
    if secret:
        data["secret"][side].append(card)


def take(data: Data, side: int, card: int, face_up: bool = False) -> None:
    """Take ``card`` from the side's hand. The opponent's knowledge of the hand (``shown``:
    cards he saw go back into it) follows: a card played ``face_up`` leaves it; any card
    played face down might have been one of them, so he knows none for sure any more."""
    data["hand"][side].remove(card)
    shown = data["shown"][side]
    if shown:
        if not face_up:
            shown.clear()
        elif card in shown:
            shown.remove(card)


def special_circumstance(st: State[S], loc: int) -> None:
    """6.5: the Axis enter a red location while the Allied 1st play deck lasts."""
    c = st.game.c
    if c.color[loc] == SOV and st.data["dn"][1] == 1:
        log(st.data, "6.5", f"The Axis enter {c.names[loc]}, a red location, during the "
            "Allied 1st play deck: the Allies shuffle in their II chevron cards with their "
            "remaining play deck and recycle pile now",
            location=c.names[loc])
        next_deck(st, 1, special=True)


def announce_lack(data: Data, side: int, kind: str) -> None:
    """The log has just said that ``side``'s hand holds no card of ``kind`` ("air": no air
    power card, 7.2.5; "naval": no naval move card, 8.3/8.4). That is public until the hand
    takes a card in again (:func:`draw`, a card given back): a search's worlds keep to it
    (``announced``; an sfe audit found 168 of 200 twins giving the Allies the naval card
    the log had said they lacked). What the log said of a hand is a reveal: no undo takes
    it back (undo removed the line and the fact from the other side's sight: a
    hidden-information audit)."""
    reveal(data)
    lacks = data.get("lacks")
    if lacks is not None and kind not in lacks[side]:
        lacks[side].append(kind)


def hand_takes_cards(data: Data, side: int) -> None:
    """``side``'s hand took a card in: what it was said to lack may be there now."""
    lacks = data.get("lacks")
    if lacks is not None:
        lacks[side].clear()


def naval_cards(st: State[S], hand: list[int]) -> list[int]:
    mv = st.game.c.card_move
    return [x for x in hand if mv[x] == NAVAL]


def air_cards(st: State[S], hand: list[int]) -> list[int]:
    air = st.game.c.card_air
    return [x for x in hand if air[x] > 0]


# -- victory points (9.1) ---------------------------------------------------------------------

def victory_points(st: State[S]) -> tuple[int, int]:
    """(Axis VP, Allied VP): controlled (not contested) enemy VP locations + bombing track."""
    g = st.game
    data = st.data
    ax = al = 0
    ctl = data["ctl"]
    u_all = data["u"]
    for loc, v, gain in g.vp_locations:
        won = gain[ctl[loc]]
        if won:
            if sides_in(u_all[loc]) == 3:
                continue
            if won == 1:
                ax += v
            else:
                al += v
    b = data["bomb"]
    track = g.c.track
    if b > 0:
        ax += track[b]
    elif b < 0:
        al += track[-b]
    return ax, al


