"""Struggle for Europe: the facts worked out once per board (engine.Board) and kept from
board to board agree with the same questions answered from scratch, in random games and
after ``data`` is edited by hand (with ``engine.touch_board``); the board kept is the board
of ``data`` at every look-up."""

from __future__ import annotations

import copy
import random
from typing import Any

from warroom.core.protocol import apply, clone, legal_actions, new_game
from warroom.games import load_game
from warroom.games.sfe import engine as E
from warroom.games.sfe import flow as F
from warroom.games.sfe.components import AXIS, SOV, WEST

G = load_game("sfe")
C = G.c  # type: ignore[attr-defined]


def answers(data: dict[str, Any]) -> dict[str, Any]:
    """What the cached look-ups say about the board of ``data`` now."""
    out: dict[str, Any] = {}
    for owner in (AXIS, WEST, SOV):
        out[f"supply{owner}"] = bytes(E.supply(C, data, owner))
        out[f"oos{owner}"] = E.out_of_supply(C, data, owner)
        out[f"build{owner}"] = E.build_locations(C, data, owner)
        out[f"anybuild{owner}"] = E.any_build_location(C, data, owner)
    out["fort"] = E.fortress_halves(C, data)
    out["vp"] = E.victory_points(C, data)
    for side in (0, 1):
        out[f"ops{side}"] = F.possible_ops(G, data, side)  # type: ignore[arg-type]
        out[f"attack{side}"] = F.attack_targets(G, data, side)  # type: ignore[arg-type]
        for naval in (False, True):
            for n_air in (0, 1):
                out[f"msrc{side}{naval}{n_air}"] = F.move_sources(
                    G, data, side, naval, n_air=n_air)  # type: ignore[arg-type]
        for loc in range(C.n):
            owner = F.mover_owner(data, loc, side)
            if owner:
                for naval in (False, True):
                    out[f"adj{loc}{naval}"] = F.adjacent_dests(
                        G, data, loc, owner, naval)  # type: ignore[arg-type]
                    out[f"path{loc}{naval}"] = list(F.path_dests(
                        G, data, loc, owner, naval).items())  # type: ignore[arg-type]
    return out


def fresh(data: dict[str, Any]) -> dict[str, Any]:
    """The same answers with nothing kept from earlier boards."""
    E._BOARD[0] = None
    return answers(data)


def check(data: dict[str, Any]) -> None:
    kept = answers(data)
    assert kept == fresh(data)
    for owner in (AXIS, WEST, SOV):  # the supply search without any facts
        held: list[int] = []
        seen = E.supply_nodes(C, data, owner, held)
        assert kept[f"supply{owner}"] == bytes(seen)
        assert kept[f"oos{owner}"] == [x for x in held if not (seen[2 * x] or seen[2 * x + 1])]
    for side in (0, 1):
        assert kept[f"ops{side}"] == [G.op_id[op] for op in range(8)  # type: ignore[attr-defined]
                                      if F.op_possible(G, data, side, op)]  # type: ignore[arg-type]


def test_board_facts_agree_in_random_games() -> None:
    rng = random.Random(11)
    for seed in range(6):
        s = new_game(G, None, seed)
        n = 0
        while s.data["active"] is not None:
            if n % 7 == 0:
                check(s.data)
            legal = legal_actions(s)
            apply(s, legal[rng.randrange(len(legal))])
            n += 1


def test_hand_edits_are_seen() -> None:
    rng = random.Random(3)
    s = new_game(G, None, 5)
    for _ in range(150):
        legal = legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])
    d = s.data
    check(d)
    # move counters and flip control by hand, telling the engine (touch_board)
    occupied = [loc for loc in range(C.n) if d["u"][loc]]
    empty = [loc for loc in range(C.n) if not d["u"][loc] and loc != C.usa]
    a, b = occupied[0], empty[0]
    d["u"][b].append(d["u"][a].pop())
    E.touch_board(d)
    check(d)
    d["ctl"][b] = d["u"][b][0] >> 4
    E.touch_board(d)
    check(d)
    d["u"][a][:] = []
    d["ctl"][occupied[-1]] = SOV if d["ctl"][occupied[-1]] != SOV else AXIS
    E.touch_board(d)
    check(d)
    d["dn"][1] = min(3, d["dn"][1] + 1)  # a new Allied deck stage
    E.touch_board(d)
    check(d)


def test_hand_edits_of_a_copy_are_seen() -> None:
    """Another ``data`` (a copy, a loaded state) is compared in full: no touch needed."""
    rng = random.Random(4)
    s = new_game(G, None, 6)
    for _ in range(120):
        legal = legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])
    check(s.data)
    d = clone(s).data
    occupied = [loc for loc in range(C.n) if d["u"][loc]]
    d["u"][occupied[0]][:] = []
    d["ctl"][occupied[-1]] = SOV if d["ctl"][occupied[-1]] != SOV else AXIS
    kept = answers(d)
    assert kept == fresh(d)


def _facts(b: E.Board) -> tuple[Any, ...]:
    return (b.ctl, b.u, b.stage, b.arm, b.cont, b.pm, b.fh, bytes(b.pas), bytes(b.held))


def test_every_look_up_sees_the_board_of_data(monkeypatch: Any) -> None:
    """At every look-up during random games (clones searched in between), the kept board
    is the board of ``data`` built from scratch: every rule that changes counters, control
    or the deck stage bumps the board version ``data["bv"]``."""
    real = E.board
    calls = [0]

    def checked(c: Any, data: dict[str, Any]) -> E.Board:
        b = real(c, data)
        dn = data["dn"][1]
        assert _facts(b) == _facts(E._fresh_board(c, data["ctl"], data["u"],
                                                  dn if dn < 3 else 3))
        calls[0] += 1
        return b

    touched: set[int] = set()
    real_touch = E.touch

    def touch(data: dict[str, Any], loc: int) -> None:
        touched.add(loc)
        real_touch(data, loc)

    monkeypatch.setattr(E, "board", checked)
    monkeypatch.setattr(E, "touch", touch)
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
            before = (copy.deepcopy(s.data["u"]), list(s.data["ctl"]), s.data["dn"][1],
                      s.data["bv"])
            legal = legal_actions(s)
            touched.clear()
            apply(s, legal[rng.randrange(len(legal))])
            if before[:3] != (s.data["u"], s.data["ctl"], s.data["dn"][1]):
                assert s.data["bv"] != before[3]
            # every location whose counters or control changed was touched
            assert {loc for loc in range(C.n) if before[0][loc] != s.data["u"][loc]
                    or before[1][loc] != s.data["ctl"][loc]} <= touched
    assert calls[0] > 1000
