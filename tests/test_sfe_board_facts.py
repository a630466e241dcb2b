"""Struggle for Europe: the facts worked out once per board (engine.Board, kept in the
state's transient cache) and updated from board to board agree with the same questions
answered from scratch, in random games and after ``data`` is edited by hand and the state
told so (``st.invalidate()``); the board kept is the board of ``data`` at every look-up;
clones never share it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from warroom.core.protocol import State, apply, clone, determinize, legal_actions, new_game
from warroom.core.rng import Rng
from warroom.games import load_game
from warroom.games.sfe import engine as E
from warroom.games.sfe import facts as F
from warroom.games.sfe import operations as O
from warroom.games.sfe.components import AXIS, SOV, WEST
from warroom.games.sfe.game import StruggleForEurope

G = load_game("sfe")
assert isinstance(G, StruggleForEurope)
C = G.c


def answers(s: State[Any]) -> dict[str, Any]:
    """What the cached look-ups say about the board of ``s`` now."""
    out: dict[str, Any] = {}
    for owner in (AXIS, WEST, SOV):
        out[f"supply{owner}"] = bytes(E.supply(s, owner))
        out[f"oos{owner}"] = E.out_of_supply(s, owner)
        out[f"build{owner}"] = E.build_locations(s, owner)
        out[f"anybuild{owner}"] = E.any_build_location(s, owner)
    out["fort"] = E.fortress_halves(s)
    out["vp"] = E.victory_points(s)
    for side in (0, 1):
        out[f"ops{side}"] = O.possible_ops(s, side)
        out[f"attack{side}"] = O.attack_targets(s, side)
        for naval in (False, True):
            for n_air in (0, 1):
                out[f"msrc{side}{naval}{n_air}"] = O.move_sources(s, side, naval, n_air=n_air)
        for loc in range(C.n):
            owner = O.mover_owner(s, loc, side)
            if owner:
                for naval in (False, True):
                    out[f"adj{loc}{naval}"] = O.adjacent_dests(s, loc, owner, naval)
                    out[f"path{loc}{naval}"] = list(O.path_dests(s, loc, owner, naval).items())
    return out


def fresh(s: State[Any]) -> dict[str, Any]:
    """The same answers with nothing kept from earlier boards (a clone starts from a copy
    of the board's facts: ``invalidate`` drops it)."""
    t = clone(s)
    t.invalidate()
    return answers(t)


def check(s: State[Any]) -> None:
    kept = answers(s)
    assert kept == fresh(s)
    for owner in (AXIS, WEST, SOV):  # the supply search without any facts
        held: list[int] = []
        seen = E.supply_nodes(s, owner, held)
        assert kept[f"supply{owner}"] == bytes(seen)
        assert kept[f"oos{owner}"] == [x for x in held if not (seen[2 * x] or seen[2 * x + 1])]
    for side in (0, 1):
        assert kept[f"ops{side}"] == [G.op_id[op] for op in range(8)
                                      if O.op_possible(s, side, op)]


def test_board_facts_agree_in_random_games() -> None:
    rng = random.Random(11)
    for seed in range(6):
        s = new_game(G, None, seed)
        n = 0
        while s.data["active"] is not None:
            if n % 7 == 0:
                check(s)
            legal = legal_actions(s)
            apply(s, legal[rng.randrange(len(legal))])
            n += 1


def play_on(s: State[Any], n: int, rng: random.Random) -> None:
    """Up to ``n`` random actions on ``s`` (fewer when the game ends)."""
    for _ in range(n):
        if s.data["active"] is None:
            break
        legal = legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])


def played(seed: int, n: int) -> State[Any]:
    rng = random.Random(seed)
    s = new_game(G, None, seed + 2)
    for _ in range(n):
        legal = legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])
    return s


def test_hand_edits_are_seen_after_invalidate() -> None:
    """Edit ``data`` by hand, call ``st.invalidate()``: every answer is fresh."""
    s = played(3, 150)
    d = s.data
    check(s)
    occupied = [loc for loc in range(C.n) if d["u"][loc]]
    empty = [loc for loc in range(C.n) if not d["u"][loc] and loc != C.usa]
    a, b = occupied[0], empty[0]
    # move counters by hand
    d["u"][b].append(d["u"][a].pop())
    s.invalidate()
    check(s)
    assert E.board(s).u == d["u"]
    # flip control by hand
    d["ctl"][b] = d["u"][b][0] >> 4
    s.invalidate()
    check(s)
    d["u"][a][:] = []
    d["ctl"][occupied[-1]] = SOV if d["ctl"][occupied[-1]] != SOV else AXIS
    s.invalidate()
    check(s)
    assert E.board(s).ctl == d["ctl"]
    # a new Allied deck stage
    d["dn"][1] = min(3, d["dn"][1] + 1)
    s.invalidate()
    check(s)
    assert E.board(s).stage == min(3, d["dn"][1])


def test_invalidate_drops_the_kept_board() -> None:
    """Without ``invalidate`` a hand edit is not seen (the cache is the state's own); with
    it the answers are those of the edited board."""
    s = played(4, 120)
    d = s.data
    before = E.build_locations(s, AXIS)
    held = [loc for loc in before if d["u"][loc]]
    assert held
    loc = held[0]
    d["ctl"][loc] = WEST  # by hand: the Axis lose a build location...
    for u in d["u"][loc]:
        E.gone(d, u)
    d["u"][loc] = []
    assert E.build_locations(s, AXIS) == before  # ...which the kept board does not know
    s.invalidate()
    assert loc not in E.build_locations(s, AXIS)
    assert E.build_locations(s, AXIS) == E.build_locations(clone(s), AXIS)


def test_a_board_made_from_the_start_board_is_the_board_made_from_scratch() -> None:
    for n in (0, 60, 200):
        s = played(6, n)
        d = s.data
        made = F.board_from(G.start_board, d["ctl"], d["u"], 2)
        assert _facts(made) == _facts(F.build_board(d["ctl"], d["u"], 2))
    assert _facts(G.start_board) == _facts(F.build_board(list(C.color), [
        list(x) for x in new_game(G, None, 0).data["u"]], 1))


def test_clones_do_not_share_derived_facts() -> None:
    """A clone starts from a copy of its original's board facts (``copy_cache``), its own:
    playing on in either leaves the other's facts those of its own board."""
    s = played(5, 100)
    b = E.board(s)
    E.out_of_supply(s, AXIS)
    b.hint |= 1 << 3  # a mark not yet looked at travels with the copy
    t = clone(s)
    c = t.cache["board"]
    assert c is not b and c.hint == b.hint and _facts(c) == _facts(b)
    for mine, theirs in ((c.arm[0], b.arm[0]), (c.arm[1], b.arm[1]), (c.fh[0], b.fh[0]),
                         (c.fh[1], b.fh[1]), (c.cont, b.cont), (c.pm, b.pm), (c.ctl, b.ctl),
                         (c.u, b.u), (c.pas, b.pas), (c.held, b.held),
                         (c.st[0], b.st[0]), (c.st[1], b.st[1]), (c.mv[0], b.mv[0]),
                         (c.mv[1], b.mv[1]), (c.sv, b.sv)):
        assert mine is not theirs
    # answers are pure functions of the board (and their key): copies of one board share
    # them until either board changes, and the supply searches' memo for good
    assert c.sup is b.sup and c.memo is b.memo
    check(t)
    rng = random.Random(5)
    play_on(t, 40, rng)  # the clone plays on; the original's facts stay its board's
    assert t.data["u"] != s.data["u"]
    check(s)
    check(t)
    assert E.board(t).memo is not E.board(s).memo
    play_on(s, 40, rng)  # and the other way round
    check(t)
    check(s)


def test_a_clone_of_a_state_without_facts_has_none() -> None:
    s = played(5, 30)
    s.invalidate()
    assert clone(s).cache == {}


def test_a_determinized_copy_starts_from_a_copy_of_the_board_facts() -> None:
    """``determinize`` keeps the board facts (the board is public; ``hide`` resamples cards
    only): each copy gets its own, equal to the facts of its board worked out from scratch,
    and they stay right while the copy plays on, as do the original's."""
    rng = random.Random(21)
    for seed, steps in ((5, 100), (6, 250), (7, 400)):
        s = played(seed, steps)
        if s.data["active"] is None:
            continue
        b = E.board(s)
        E.out_of_supply(s, WEST)
        for role in G.roles:
            t = determinize(s, role, Rng(seed))
            c = t.cache["board"]
            assert c is not b and _facts(c) == _facts(b)
            assert c.arm[0] is not b.arm[0] and c.st[1] is not b.st[1] and c.pas is not b.pas
            check(t)
            play_on(t, 30, rng)
            check(t)
            check(s)


def _facts(b: F.Board) -> tuple[Any, ...]:
    return (b.ctl, b.u, b.stage, b.arm, b.cont, b.pm, b.fh, bytes(b.pas), bytes(b.held),
            b.st, b.mv, b.sv)


def test_every_look_up_sees_the_board_of_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """At every look-up during random games (clones searched in between), the kept board
    is the board of ``data`` built from scratch: every rule that changes counters, control
    or the deck stage marks it (``touch``, ``touch_stage``)."""
    real = E.board
    calls = [0]

    def checked(s: State[Any]) -> F.Board:
        b = real(s)
        data = s.data
        dn = data["dn"][1]
        assert _facts(b) == _facts(F.build_board(data["ctl"], data["u"], dn if dn < 3 else 3))
        calls[0] += 1
        return b

    touched: set[int] = set()
    real_touch = E.touch

    def touch(s: State[Any], loc: int) -> None:
        touched.add(loc)
        real_touch(s, loc)

    monkeypatch.setattr(E, "board", checked)
    monkeypatch.setattr(E, "touch", touch)
    monkeypatch.setattr(O, "board", checked)
    rng = random.Random(12)
    for seed in range(8):
        s = new_game(G, None, 100 + seed)
        while s.data["active"] is not None:
            if rng.random() < 0.2:  # look at a copy, which plays on a little
                t = clone(s)
                for _ in range(3):
                    if t.data["active"] is None:
                        break
                    legal = legal_actions(t)
                    apply(t, legal[rng.randrange(len(legal))])
            before = (copy.deepcopy(s.data["u"]), list(s.data["ctl"]))
            legal = legal_actions(s)
            touched.clear()
            apply(s, legal[rng.randrange(len(legal))])
            # every location whose counters or control changed was touched
            assert {loc for loc in range(C.n) if before[0][loc] != s.data["u"][loc]
                    or before[1][loc] != s.data["ctl"][loc]} <= touched
    assert calls[0] > 1000
