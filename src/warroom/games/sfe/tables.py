"""The constant tables of the rules, built once from the content pack.

:class:`SfeBase` is the game object every rule module works with (``st.game`` of a
``State[SfeBase]``): the loaded :class:`~warroom.games.sfe.components.Components`, the
action catalogue and its ids, and lookup tables compiled from them for speed (moves by one
line, moves through friendly locations, what each card allows, the victory locations).
Nothing in it changes after ``__init__``: all state lives in ``st.data`` and derived facts
in ``st.cache`` (:mod:`warroom.games.sfe.engine`). :class:`~warroom.games.sfe.game.
StruggleForEurope` adds the protocol hooks (set-up, views, determinization).
"""

from __future__ import annotations

from abc import ABC
from pathlib import Path
from typing import TypeVar

from warroom.core.actions import ActionCatalogue, Entry
from warroom.core.content import ContentPack
from warroom.core.protocol import Game
from warroom.core.state import State
from warroom.games.sfe.components import (
    AXIS,
    BUNDLED,
    EV_REDEPLOY,
    EV_WEAPON,
    LAND,
    NAVAL,
    OWNER_NAMES,
    SOV,
    WEST,
    Components,
    load_components,
)
from warroom.games.sfe.counters import FORTRESS, SIDE_OWNERS, army_name, code
from warroom.games.sfe.facts import Board, build_board, search, supply_key
from warroom.games.sfe.rules import RULES

ROLES = ("axis", "allies")
"""The role of each side (0 Axis, 1 Allies)."""

OPS = ("build", "fortress", "bombing", "move", "event", "discard", "attack", "pass")
"""The eight operations (7.1), in the order of their actions."""
OP_BUILD, OP_FORT, OP_BOMB, OP_MOVE, OP_EVENT, OP_DISCARD, OP_ATTACK, OP_PASS = range(8)
OP_RULE = ("7.2.1", "7.2.2", "7.2.3", "7.2.4", "7.2.9", "7.2.8", "7.2.7", "7.2.10")
OP_LABELS = (
    # what a build costs, said where it is chosen (3.3: it was told only card by card, in
    # the prompts that followed; a new player's audit)
    "Operation: build and place an army counter (1 strength: its card is recycled; 2 or 3: "
    "eliminated, and 1 or 2 more cards recycled)",
    "Operation: build and place a fortress (Axis; its card is eliminated and 1 more card "
    "recycled)",
    "Operation: strategic bombing",
    "Operation: move army counters",
    "Operation: play a card event",
    "Operation: discard a card",
    "Operation: attack in a contested location",
    "Operation: pass",
)

# What a card allows (SfeBase.card_bits): air power, land / naval move, a move card without
# air power, fortress, bombing, an operation event that is always playable, Weapon
# Development / Strategic Redeploy (playable when bombing / a redeploy is possible); from
# bit 16, one bit per (owner, strength) army it builds (army_bit)
CB_AIR, CB_LAND, CB_NAVAL, CB_MOVE_NO_AIR, CB_FORT, CB_BOMB, CB_EVENT, CB_WEAPON, \
    CB_REDEPLOY = (1 << i for i in range(9))


def army_bit(owner: int, strength: int) -> int:
    """The card bit of building an army of ``owner`` and ``strength``."""
    return 1 << (16 + owner * 4 + strength)


OneLine = tuple[int, int, int, int, int]
"""A move by one line (7.2.5): (destination, half left, half entered, naval, defence value
entering the destination)."""
PathStep = tuple[int, int]
"""A step of a move through friendly locations (7.2.6): (destination, half entered)."""
VpLocation = tuple[int, int, tuple[int, ...]]
"""A victory location (9.1): (location, VP, who scores it per controller: 1 Axis,
2 Allies, 0 nobody)."""


def _vp_gain(col: int, owner: int) -> int:
    """1: the Axis score a location of colour ``col`` controlled by ``owner``, 2: the
    Allies, 0: nobody (9.1)."""
    if col == AXIS and owner in (WEST, SOV):
        return 2
    if col in (WEST, SOV) and owner == AXIS:
        return 1
    return 0


class SfeBase(Game, ABC):
    """Struggle for Europe's content and constant tables (see the module's docstring)."""

    def __init__(self, content: Path | None = None) -> None:
        pack = ContentPack(BUNDLED, content)
        self.c: Components = load_components(content, pack)
        self.content_dir = content
        self.content_read = pack.read
        c = self.c
        entries: list[Entry] = []

        def add(key: str, label: str, value: int = -1) -> int:
            entries.append((key, label, value))
            return len(entries) - 1

        self.op_id = tuple(add(f"op:{op}", OP_LABELS[i], i) for i, op in enumerate(OPS))
        self.card_id = tuple(add(f"card:{c.card_ids[x]}", f"{c.card_names[x]} "
                                 f"({c.card_ids[x]})", x) for x in range(c.n_cards))
        army_id = [[-1] * 4 for _ in range(4)]
        for owner in (AXIS, WEST, SOV):
            for st in (1, 2, 3):
                army_id[owner][st] = add(
                    f"army:{OWNER_NAMES[owner]}:{st}",
                    f"Build {army_name(owner, st, 'a')}", owner * 4 + st)
        self.army_id = tuple(tuple(row) for row in army_id)
        self.loc_id = tuple(add(f"loc:{c.names[x]}", c.names[x], x) for x in range(c.n))
        # a half is named by its place in the location's halves (names differ per location)
        self.half_id = tuple(add(f"half:{h}", f"the {('first', 'second')[h]} half", h)
                             for h in (0, 1))
        self.unit_id = (-1, *(add(f"unit:{k}", f"a {k}-strength army", k) for k in (1, 2, 3)),
                        add("unit:fortress", "a fortress", FORTRESS))
        self.done_id = add("done", "Done")
        self.defend_id = add("defend", "Defend (stay and battle)")
        self.retreat_id = add("retreat", "Retreat before battle")
        self.no_air_id = add("no_air", "Play no air power card")
        self.no_block_id = add("no_block", "Do not block")
        self.catalogue = ActionCatalogue(entries)

        # the land lines into each location: (from, half entered, active from deck); a naval
        # line is crossed only with a naval move card (2.6, 7.2.4), which a Defender Reinforce
        # Battle does not play (the USA box has only naval lines)
        into: list[list[tuple[int, int, int]]] = [[] for _ in range(c.n)]
        for s in range(c.n):
            for _li, d, _mh, dh, nv, _dv, act in c.out[s]:
                if not nv:
                    into[d].append((s, dh, act))
        self.into = tuple(tuple(x) for x in into)
        # moves by one line (7.2.5) per owner, Allied deck stage (1-3) and naval card (0/1):
        # src -> OneLine entries, the lines not yet in effect, the USA box and the other
        # Allied nation's colour (3.2) left out
        empty: tuple[tuple[tuple[OneLine, ...], ...], ...] = ()
        adj_tab: list[tuple[tuple[tuple[tuple[OneLine, ...], ...], ...], ...]] = [()] * 4
        for owner in (AXIS, WEST, SOV):
            other = 0 if owner == AXIS else WEST + SOV - owner
            per_stage = [empty]
            for stage in (1, 2, 3):
                per_stage.append(tuple(
                    tuple(tuple((d, mh, dh, nv, dv) for _li, d, mh, dh, nv, dv, act in c.out[s]
                                if act <= stage and (naval_ok or not nv) and d != c.usa
                                and not (other and c.color[d] == other))
                          for s in range(c.n))
                    for naval_ok in (0, 1)))
            adj_tab[owner] = tuple(per_stage)
        self.adj_tab = tuple(adj_tab)
        # per location: a bit 1 << loc for it and each location a line from it leads to
        # (the locations a move by one line from it looks at)
        self.adj_touch = tuple(sum({1 << s} | {1 << line[1] for line in c.out[s]})
                               for s in range(c.n))
        # moves through friendly locations (7.2.6) per deck stage and naval card:
        # half-node (2*loc+half) -> PathStep entries by the lines of that half
        path_tab: list[tuple[tuple[tuple[PathStep, ...], ...], ...]] = [()]
        for stage in (1, 2, 3):
            path_tab.append(tuple(
                tuple(tuple((d, dh) for _li, d, mh, dh, nv, _dv, act in c.out[node >> 1]
                            if mh == node & 1 and act <= stage and (naval_ok or not nv)
                            and d != c.usa)
                      for node in range(2 * c.n))
                for naval_ok in (0, 1)))
        self.path_tab = tuple(path_tab)
        # per side and card, what it allows (the CB_* bits and army_bit)
        bits: list[tuple[int, ...]] = []
        for side in (0, 1):
            row = []
            for x in range(c.n_cards):
                f = 0
                if c.card_air[x]:
                    f |= CB_AIR
                if c.card_move[x] == LAND:
                    f |= CB_LAND
                elif c.card_move[x] == NAVAL:
                    f |= CB_NAVAL
                if c.card_move[x] and not c.card_air[x]:
                    f |= CB_MOVE_NO_AIR
                if c.card_fort[x]:
                    f |= CB_FORT
                if c.card_bomb[x]:
                    f |= CB_BOMB
                ev = c.card_event[x]
                if ev and not c.event_battle[ev]:
                    f |= (CB_WEAPON if ev == EV_WEAPON else
                          CB_REDEPLOY if ev == EV_REDEPLOY else CB_EVENT)
                for owner in SIDE_OWNERS[side]:
                    st = c.card_build[x][owner]
                    if st:
                        f |= army_bit(owner, st)
                row.append(f)
            bits.append(tuple(row))
        self.card_bits = tuple(bits)
        self.air_flag = tuple(1 if c.card_air[x] else 0 for x in range(c.n_cards))
        # per side: (bit, owner, strength) of the armies a card may build
        self.build_bits = tuple(
            tuple((army_bit(owner, st), owner, st) for owner in SIDE_OWNERS[side]
                  for st in (1, 2, 3))
            for side in (0, 1))
        # the victory locations (9.1), in order
        self.vp_locations: tuple[VpLocation, ...] = tuple(
            (loc, c.vp[loc], tuple(_vp_gain(c.color[loc], o) for o in range(4)))
            for loc in range(c.n) if c.vp[loc])
        # the board at set-up (5.2), whose facts every state's first look-up starts from
        start_u: list[list[int]] = [[] for _ in range(c.n)]
        for owner, loc, st in c.start:
            start_u[loc].append(code(owner, st, 0))
        self.start_board: Board = build_board(list(c.color), start_u, 1)
        """Never changed: copied by ``facts.board_from``, with the supply searches of
        the set-up (8.6), worked out here once."""
        for owner in (AXIS, WEST, SOV):
            key = supply_key(c.sources[owner], c.usa, list(c.color), self.start_board, owner)
            self.start_board.sup[key] = search(c.sup_adj[1], key[2], key[3])
        self.side_cards = max(sum(1 for x in range(c.n_cards) if c.card_side[x] == s)
                              for s in (0, 1))
        """The cards of the larger side."""


St = State[SfeBase]
"""A Struggle for Europe state, as the frames see it."""
S = TypeVar("S", bound=SfeBase)
"""The game type of a state (the mechanics of :mod:`warroom.games.sfe.engine` serve the
frames' ``State[SfeBase]`` and the game's own ``State[StruggleForEurope]`` alike)."""

__all__ = ["RULES", "S", "SfeBase", "St"]
