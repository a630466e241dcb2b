"""Europe At War 1940: Solitaire — one test (or a few) per checkable rulebook statement.

Rule numbers follow ``warroom.games.eaw1940.rules`` (the rulebook's sections and bullets
numbered in reading order). Every die is forced, and ``roll`` checks that exactly the
forced dice were rolled, so each test is exact. Positions are set up by editing
``state.data`` (plain data) and dropping the cached legal actions.

Log entries are data (``{"rule", "text", ...facts}``): ``roll`` and ``printed`` give them
as the terminal prints them (``text [rule]``); numbers (dice, DRMs, VP) are read from the
facts.

Indices: fronts 0 western, 1 north_africa, 2 eastern, 3 central_southern, 4 balkan;
air spaces 0 western_europe, 1 eastern_europe, 2 mediterranean_air; sea zones
0 atlantic, 1 mediterranean. Control markers: 1 = Axis, 0 = Allied.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from warroom.core import (
    IllegalActionError,
    Rng,
    State,
    Termination,
    apply,
    explain,
    legal_actions,
    new_game,
    prompt,
    render,
    result,
    view,
)
from warroom.core.log import LogEntry
from warroom.games.eaw1940.rules import RULES
from warroom.games.eaw1940.victory import band, victory_points, vp_breakdown

W, NA, E, CS, B = range(5)
WEST_AIR, EAST_AIR, MED_AIR = range(3)
ATL, MED = range(2)
AXIS, ALLIED = 1, 0

# The Allied BOT's quiet turn: Allied Action Chart 5 (naval offensive) while the Allies
# control both sea zones and Malta is active cannot be played and is ignored (11.3).
QUIET = (5,)

WEST_AIR_MOD = "+1 (Axis control Western Europe air space, 5.2)"
MED_AIR_MOD = "+1 (Axis control Mediterranean air space, 5.2)"

DECISIVE = ("Allies win a decisive victory. The war will end in 1942 with Germany and Italy "
            "defeated. Japan will delay its war in the Pacific.")
DRAW = ("Draw. The historical result for 1940/1941. The USA and Japan will enter the war in "
        "late 1941. The war will continue until 1944 or 1945 with the Allies eventually "
        "winning.")
AXIS_WIN = ("Axis win. Britain will negotiate a peace. Russia will surrender and be absorbed "
            "into Germany. The USA will not enter the European war and Germany and Italy "
            "will dominate all of Europe for many years.")


# -- helpers -------------------------------------------------------------------------------

def start(eaw: Any, **changes: Any) -> State:
    """A new game (turn 1), with ``state.data`` edited by ``changes``."""
    return edit(new_game(eaw, seed=0), **changes)


def edit(state: State, **changes: Any) -> State:
    for key, value in changes.items():
        state.data[key] = value
    state.invalidate()
    return state


def printed(state: State, since: int = 0) -> list[str]:
    """The log from entry ``since`` on, as printed: ``text [rule]``."""
    return [render(e) for e in state.log[since:]]


def keys(state: State) -> list[str]:
    return [a.key for a in legal_actions(state)]


def top(state: State) -> str | None:
    stack = state.data["stack"]
    return stack[-1]["kind"] if stack else None


def play(state: State, dice: tuple[int, ...] | list[int], *actions: str) -> list[LogEntry]:
    """Apply ``actions`` with exactly ``dice`` rolled; return the new log entries."""
    n, barrier = len(state.log), state.data["barrier"]
    state.data["forced"] = list(dice)
    for action in actions:
        apply(state, action)
    assert state.data["forced"] == [], "fewer dice were rolled than forced"
    assert state.data["barrier"] - barrier == len(dice), "more dice were rolled than forced"
    return state.log[n:]


def roll(state: State, dice: tuple[int, ...] | list[int], *actions: str) -> list[str]:
    """Apply ``actions`` with exactly ``dice`` rolled; return the new log lines (printed)."""
    return [render(e) for e in play(state, dice, *actions)]


def walk(eaw: Any, to_turn: int, tank_front: str = "western") -> State:
    """Play turns without Axis actions (quiet BOT) up to the start of ``to_turn``."""
    s = new_game(eaw, seed=0)
    while s.data["turn"] < to_turn:
        if top(s) == "place_tank":
            apply(s, f"place_tank:{tank_front}")
        roll(s, QUIET, "end_turn")
    return s


def final_state(eaw: Any, axis: list[int], sea: list[int] | None = None,
                air: list[int] | None = None) -> State:
    """The last turn (10) with every front in play and the given markers."""
    air = air or [AXIS, AXIS, AXIS]
    return start(eaw, turn=10, ap=3, in_play=[1, 1, 1, 1, 1], axis=axis,
                 sea=sea or [ALLIED, ALLIED], air=air,
                 air_sup=[int(air[0] == AXIS), 0, 0])


# -- 2 Game Components and Set Up ----------------------------------------------------------

def test_2_1_set_up_markers(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    d = s.data
    assert d["in_play"] == [1, 1, 0, 0, 0]          # Western and North Africa fronts
    assert d["axis"] == [0, 0, 0, 0, 0]             # Axis fronts in Berlin and Rome
    assert d["air"] == [AXIS, AXIS, AXIS]           # Axis control of every air space
    assert d["sea"] == [ALLIED, ALLIED]             # Allied control of both sea zones
    assert d["malta"] == 1                          # Malta active side up
    assert d["tanks"] == [[W, 0]]                   # 1 tank with the Western front
    assert d["allied_tanks"] == []
    assert d["stalled"] == [0, 0, 0, 0, 0]
    assert d["reserve"] == [0, 0, 0, 0, 0]
    assert d["turn"] == 1                           # turn marker on turn 1
    assert d["barrier"] == 0                        # no die is rolled at set-up
    v = view(s)
    west, africa = v["fronts"][W], v["fronts"][NA]
    assert (west["axis_location"], west["allied_location"]) == ("Berlin", "Ruhr")
    assert (africa["axis_location"], africa["allied_location"]) == ("Rome", "Tripoli")
    assert west["axis_tanks"] == [False] and africa["axis_tanks"] == []
    assert [a["control"] for a in v["air_spaces"]] == ["axis", "axis", "axis"]
    assert [z["control"] for z in v["sea_zones"]] == ["allies", "allies"]
    assert v["malta"] == "active"
    assert printed(s)[0].endswith("Malta active [2.1]")
    # 6.2's Axis air superiority marker is placed at the set-up too (reconstructed: 2.1
    # names no place for it), and the set-up line says where
    assert ("the Axis air superiority marker in Western Europe (reconstructed, 6.2)"
            in printed(s)[0])


def test_2_2_not_in_play_yet(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    assert printed(s)[1] == ("Not in play yet: Axis Eastern, Central/Southern, Balkan fronts and "
                        "the other tanks (see the turn track) [2.2]")
    v = view(s)
    for f in (E, CS, B):
        assert v["fronts"][f]["in_play"] is False
        assert v["fronts"][f]["axis_location"] is None
    # Only the two fronts in play can attack; no Allied air marker to attack; Allied
    # sea markers can be attacked.
    assert keys(s) == ["attack:western", "attack:north_africa", "sea:atlantic",
                       "sea:mediterranean", "tank:western:north_africa", "end_turn"]
    why = explain(s, "attack:eastern")
    assert not why.legal
    assert why.reason == "the Axis Eastern front is not in play yet; it enters on turn 6"
    assert why.rules == ("2.2", "1.4")


def test_set_up_vp_is_four(eaw: Any) -> None:
    # 3 Axis air spaces (+2 each) and 2 Allied sea zones (-1 each), 10.3.
    assert view(new_game(eaw, seed=0))["vp"] == 4


# -- 3 Sequence of Play, 4.1 AP ------------------------------------------------------------

def test_3_1_ap_per_turn_from_the_turn_track_over_a_whole_game(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    seen = []
    while not s.is_over:
        if top(s) == "place_tank":
            apply(s, "place_tank:western")
        turn = s.data["turn"]
        seen.append(s.data["ap"])
        assert s.data["ap"] == eaw.c.turn_ap[turn]
        lines = roll(s, QUIET, "end_turn")
        # 3.2-3.4: unused AP lost, then exactly one BOT action, then the turn advances.
        assert lines[0] == (f"The Axis end their actions; {seen[-1]} unused AP are lost "
                            "[4.1]")
        assert sum(line.endswith("[4.3]") for line in lines) == 1
        assert lines[1].endswith("[4.3]")
        if turn < 10:
            assert f"Advance the turn marker to turn {turn + 1} [3.4]" in lines
    assert seen == [3, 2, 2, 2, 3, 4, 3, 3, 3, 3]
    assert s.data["turn"] == 10
    assert [ln for ln in printed(s) if ln.endswith("[3.1]")][4] == (
        "Turn 5 (Apr-May 1941): the Axis have 3 AP [3.1]")


def test_4_1_ap_cannot_be_saved(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    lines = roll(s, QUIET, "end_turn")
    assert lines[0] == "The Axis end their actions; 3 unused AP are lost [4.1]"
    assert s.data["turn"] == 2
    assert s.data["ap"] == 2                       # turn 2's AP, not 2 + 3
    assert lines[-1] == "Turn 2 (Jul-Sep 1940): the Axis have 2 AP [3.1]"


@pytest.mark.parametrize(("action", "changes", "dice", "rule"), [
    ("attack:western", {}, (6,), "[5.1]"),
    ("sea:mediterranean", {}, (1,), "[7.1]"),
    ("sea:atlantic", {}, (1,), "[7.1]"),
    ("air:western_europe", {"air": [ALLIED, AXIS, AXIS], "air_sup": [0, 0, 0]}, (1,),
     "[6.1]"),
    ("tank:western:north_africa", {}, (), "[4.2.4]"),
    ("unstall:western", {"stalled": [1, 0, 0, 0, 0]}, (), "[4.2.5]"),
])
def test_4_1_each_axis_action_costs_1_ap(eaw: Any, action: str, changes: dict[str, Any],
                                         dice: tuple[int, ...], rule: str) -> None:
    s = start(eaw, **changes)
    assert action in keys(s)
    lines = roll(s, dice, action)
    assert s.data["ap"] == 2
    assert s.data["turn"] == 1
    assert any(line.endswith(rule) for line in lines)


def test_4_1_turn_ends_when_the_ap_are_spent(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    entries = play(s, (*QUIET,), "tank:western:north_africa", "tank:north_africa:western",
                   "tank:western:north_africa")
    rules = [e["rule"] for e in entries]
    assert rules == ["4.2.4", "4.2.4", "4.2.4", "4.3", "11.3", "3.4", "3.1"]
    assert (s.data["turn"], s.data["ap"]) == (2, 2)
    assert s.data["tanks"] == [[NA, 0]]


def test_4_1_no_ap_left_only_end_turn(eaw: Any) -> None:
    s = start(eaw, ap=0)
    assert keys(s) == ["end_turn"]
    why = explain(s, "attack:western")
    assert (why.legal, why.reason, why.rules) == (False, "no AP left this turn", ("4.1",))
    end = explain(s, "end_turn")
    assert end.legal and end.rules == ("3.2", "4.1")


def test_illegal_action_changes_nothing(eaw: Any) -> None:
    s = start(eaw, stalled=[1, 0, 0, 0, 0])
    before = s.to_json()
    with pytest.raises(IllegalActionError, match=r"\[rule 4\.4, 4\.2\.5\]") as exc:
        apply(s, "attack:western")
    assert "unstall:western" in exc.value.legal
    assert s.data == before


# -- 4.4 / 4.2.5 stalled fronts ------------------------------------------------------------

def test_4_4_stalled_front_cannot_attack_and_unstall_costs_1_ap(eaw: Any) -> None:
    s = start(eaw, stalled=[1, 0, 0, 0, 0])
    assert "attack:western" not in keys(s)
    assert "unstall:western" in keys(s)
    assert "unstall:north_africa" not in keys(s)
    why = explain(s, "attack:western")
    assert not why.legal
    assert why.reason == "the Axis Western front is stalled; flip it to active first (1 AP)"
    assert why.rules == ("4.4", "4.2.5")
    lines = roll(s, (), "unstall:western")
    assert lines == ["The Axis Western front is flipped from stalled to active (1 AP) [4.2.5]"]
    assert s.data["stalled"][W] == 0 and s.data["ap"] == 2
    assert "attack:western" in keys(s)
    assert "unstall:western" not in keys(s)
    roll(s, (4,), "attack:western")
    assert s.data["axis"][W] == 1 and s.data["ap"] == 1


def test_4_2_5_unstall_explained_when_not_stalled(eaw: Any) -> None:
    why = explain(new_game(eaw, seed=0), "unstall:western")
    assert not why.legal
    assert why.reason == "the Axis Western front is not stalled"
    assert why.rules == ("4.2.5",)
    # a front not in play yet says so (it said "not stalled": an outside audit)
    why = explain(new_game(eaw, seed=0), "unstall:balkan")
    assert not why.legal
    assert why.reason == "the Axis Balkan front is not in play yet"
    assert why.rules == ("2.2", "4.2.5")


def test_4_4_stall_lasts_until_unstalled(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    lines = roll(s, (1, 2), "end_turn")           # BOT: stall, Front Table: North Africa
    assert "The Axis North Africa front is flipped to its stalled side [4.4]" in lines
    assert s.data["turn"] == 2
    assert s.data["stalled"] == [0, 1, 0, 0, 0]
    assert "attack:north_africa" not in keys(s)
    roll(s, QUIET, "end_turn")
    assert s.data["stalled"] == [0, 1, 0, 0, 0]   # still stalled on turn 3
    assert explain(s, "attack:north_africa").rules == ("4.4", "4.2.5")


# -- 5 land attacks, 5.2 / 9.1 / Malta / 11.6 DRMs -----------------------------------------

def test_5_1_advance_retreats_the_allied_front(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    lines = roll(s, (4,), "attack:western")
    assert lines == [
        f"The Axis Western front attacks Ruhr: die 4 {WEST_AIR_MOD} = 5 -> advance (Land "
        "Attack Table) [5.1]",
        "The Axis Western front advances into Ruhr; the Allies retreat to Low Countries [5.1]",
        "The Axis tank moves with its advancing front [11.5]",
    ]
    assert s.data["axis"][W] == 1
    v = view(s)["fronts"][W]
    assert (v["axis_location"], v["allied_location"]) == ("Ruhr", "Low Countries")


def test_5_1_attack_explained_and_described(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    why = explain(s, "attack:western")
    assert why.legal
    assert why.reason.startswith("1 AP: attack Ruhr, total DRM +1 (+1 Axis control Western "
                                 "Europe air space, 5.2); advance on a modified 5-6: die 4-6 "
                                 "with DRM +1, 50% (3 in 6)")
    act = eaw.catalogue.by_key("attack:north_africa")
    assert eaw.describe(s, act.id) == "Attack the Allied North Africa front: Tripoli (DRM -1)"
    sea = eaw.catalogue.by_key("sea:atlantic")
    assert eaw.describe(s, sea.id) == "Attack Allied control of the Atlantic (DRM -1)"


def test_5_1_otherwise_no_result(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    lines = roll(s, (3,), "attack:western")
    assert lines == [f"The Axis Western front attacks Ruhr: die 3 {WEST_AIR_MOD} = 4 -> no "
                     "result (Land Attack Table) [5.1]"]
    assert s.data["axis"][W] == 0


# (front, Axis position, air, sea, reserve, malta, DRM text, total DRM)
LAND = [
    pytest.param(W, 0, AXIS, ALLIED, 0, 1, f" {WEST_AIR_MOD}", 1, id="air-axis"),
    pytest.param(W, 0, ALLIED, ALLIED, 0, 1,
                 " -1 (Allied control Western Europe air space, 5.2)", -1, id="air-allied"),
    pytest.param(W, 1, AXIS, ALLIED, 0, 1,
                 f" {WEST_AIR_MOD} -1 (Allied control the Atlantic, port, 5.2)", 0,
                 id="port-allied"),
    pytest.param(W, 1, AXIS, AXIS, 0, 1,
                 f" {WEST_AIR_MOD} +1 (Axis control the Atlantic, port, 5.2)", 2,
                 id="port-axis"),
    pytest.param(W, 1, ALLIED, AXIS, 0, 1,
                 " -1 (Allied control Western Europe air space, 5.2) +1 (Axis control the "
                 "Atlantic, port, 5.2)", 0, id="air-allied-port-axis"),
    pytest.param(W, 1, ALLIED, ALLIED, 1, 1,
                 " -1 (Allied control Western Europe air space, 5.2) -1 (Allied control the "
                 "Atlantic, port, 5.2) -1 (Allied reserve, 9.1)", -3, id="all-against"),
    pytest.param(W, 2, AXIS, AXIS, 0, 1, f" {WEST_AIR_MOD}", 1, id="sedan-no-port"),
    pytest.param(NA, 0, AXIS, ALLIED, 0, 1,
                 f" {MED_AIR_MOD} -1 (Allied control the Mediterranean, port, 5.2) -1 "
                 "(Malta active)", -1, id="malta"),
    pytest.param(NA, 0, AXIS, AXIS, 0, 0,
                 f" {MED_AIR_MOD} +1 (Axis control the Mediterranean, port, 5.2)", 2,
                 id="malta-neutralised"),
    pytest.param(NA, 3, AXIS, ALLIED, 1, 1,
                 f" {MED_AIR_MOD} -1 (Allied reserve, 9.1) -1 (Malta active)", -1,
                 id="el-alamein-no-port"),
    pytest.param(NA, 1, ALLIED, ALLIED, 1, 1,
                 " -1 (Allied control Mediterranean air space, 5.2) -1 (Allied control the "
                 "Mediterranean, port, 5.2) -1 (Allied reserve, 9.1) -1 (Malta active)", -4,
                 id="cumulative-minus-4"),
]


@pytest.mark.parametrize(("f", "pos", "air", "sea", "reserve", "malta", "text", "drm"), LAND)
def test_5_2_land_drms_cumulative_11_6(eaw: Any, f: int, pos: int, air: int, sea: int,
                                       reserve: int, malta: int, text: str, drm: int) -> None:
    c = eaw.c

    def position() -> State:
        a = c.front_air[f]
        airs = [AXIS, AXIS, AXIS]
        airs[a] = air
        seas = [ALLIED, ALLIED]
        seas[ATL if f == W else MED] = sea
        axis = [0, 0, 0, 0, 0]
        axis[f] = pos
        reserves = [0, 0, 0, 0, 0]
        reserves[f] = reserve
        return start(eaw, axis=axis, air=airs, air_sup=[int(airs[0] == AXIS), 0, 0],
                     sea=seas, reserve=reserves, malta=malta, tanks=[])

    s = position()
    target = c.routes[f][pos + 1]
    why = explain(s, f"attack:{c.front_ids[f]}")
    # the rules of every modifier applied: the reserve's 9.1 and Malta's (an outside
    # audit: the list was always the same four)
    assert why.legal and why.rules == ("4.2.1", "5.1", "5.2", "11.6",
                                       *(("9.1",) if reserve else ()),
                                       *(("Malta",) if malta and f == NA else ()))
    assert f"attack {target}, total DRM {drm:+d}" in why.reason
    assert "advance on a modified 5-6: " in why.reason and "%" in why.reason
    name = c.front_names[f]
    # the smallest die that advances, and the die below it
    for die in range(1, 7):
        s = position()
        entries = play(s, (die,), f"attack:{c.front_ids[f]}")
        total = die + drm
        advanced = total >= 5
        outcome = "advance" if advanced else "no result"
        assert render(entries[0]) == (f"The Axis {name} front attacks {target}: die {die}"
                                      f"{text} = {total} -> {outcome} (Land Attack Table) "
                                      "[5.1]")
        # the same numbers as facts: the die, each DRM with its reason, the total, the result
        attack = entries[0]
        assert (attack["rule"], attack["die"], attack["total"]) == ("5.1", die, total)
        assert sum(v for v, _ in attack["mods"]) == drm
        assert "".join(f" {v:+d} ({why})" for v, why in attack["mods"]) == text
        assert attack["result"] == ("advance" if advanced else "no_result")
        assert s.data["axis"][f] == pos + advanced
        assert s.data["reserve"][f] == (reserve and not advanced)


def test_land_table_clamps_modified_rolls(eaw: Any) -> None:
    s = start(eaw, axis=[1, 0, 0, 0, 0], sea=[AXIS, ALLIED])
    entries = play(s, (6,), "attack:western")
    assert render(entries[0]).endswith("= 8 -> advance (Land Attack Table) [5.1]")
    assert (entries[0]["total"], entries[0]["result"]) == (8, "advance")
    s = start(eaw, axis=[0, 1, 0, 0, 0], air=[AXIS, AXIS, ALLIED], air_sup=[1, 0, 0],
              reserve=[0, 1, 0, 0, 0])
    entries = play(s, (1,), "attack:north_africa")
    assert render(entries[0]).endswith("= -3 -> no result (Land Attack Table) [5.1]")
    assert (entries[0]["total"], entries[0]["result"]) == (-3, "no_result")


def test_11_1_attack_the_same_front_several_times(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    # Ruhr +1, Low Countries +1 -1 (Atlantic port), Sedan +1; then the quiet BOT.
    lines = roll(s, (4, 5, 4, *QUIET), "attack:western", "attack:western", "attack:western")
    assert [ln for ln in lines if "front advances into" in ln] == [
        "The Axis Western front advances into Ruhr; the Allies retreat to Low Countries [5.1]",
        "The Axis Western front advances into Low Countries; the Allies retreat to Sedan "
        "[5.1]",
        "The Axis Western front advances into Sedan; the Allies retreat to Paris [5.1]",
    ]
    assert s.data["axis"][W] == 3
    assert s.data["turn"] == 2


def test_11_1_attack_the_same_location_several_times(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    # Tripoli: +1 air -1 Allied Mediterranean port -1 Malta = -1; the third AP is the
    # last, so the BOT acts after it.
    entries = play(s, (5, 5, 6, *QUIET), "attack:north_africa", "attack:north_africa",
                   "attack:north_africa")
    attacks = [e for e in entries if "die" in e and e["rule"] == "5.1"]
    mods = f"{MED_AIR_MOD} -1 (Allied control the Mediterranean, port, 5.2) -1 (Malta active)"
    assert [e["text"] for e in attacks] == [
        f"The Axis North Africa front attacks Tripoli: die {d} {mods} = {d - 1} -> {r} (Land "
        "Attack Table)" for d, r in ((5, "no result"), (5, "no result"), (6, "advance"))]
    assert [(e["die"], e["total"], e["result"]) for e in attacks] == [
        (5, 4, "no_result"), (5, 4, "no_result"), (6, 5, "advance")]
    assert s.data["axis"][NA] == 1
    assert (s.data["turn"], s.data["ap"]) == (2, 2)


# -- 6 air attacks, 7 sea attacks ----------------------------------------------------------

@pytest.mark.parametrize("die", range(1, 7))
def test_6_1_axis_air_attack_no_drm(eaw: Any, die: int) -> None:
    s = start(eaw, air=[AXIS, AXIS, ALLIED])
    assert "air:mediterranean_air" in keys(s)
    lines = roll(s, (die,), "air:mediterranean_air")
    win = die >= 3
    assert lines == [
        f"The Axis attack Allied control of the Mediterranean air space: die {die} -> "
        + ("Axis win; flip the marker to Axis control (Air Attack Table) [6.1]" if win
           else "no result (Air Attack Table) [6.1]")]
    assert s.data["air"][MED_AIR] == (AXIS if win else ALLIED)


def test_4_2_3_air_attack_only_on_allied_control(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    assert not [k for k in keys(s) if k.startswith("air:")]
    why = explain(s, "air:western_europe")
    assert not why.legal and why.rules == ("4.2.3",)
    assert why.reason == "the Axis already control the Western Europe air space"


@pytest.mark.parametrize("die", range(1, 7))
def test_7_2_atlantic_example_axis_minus_1(eaw: Any, die: int) -> None:
    """The rulebook's example: with -1 DRM the Axis win on 4, 5, 6 and fail on 1, 2, 3."""
    s = new_game(eaw, seed=0)
    lines = roll(s, (die,), "sea:atlantic")
    win = die in (4, 5, 6)
    assert lines == [
        f"The Axis attack Allied control of the Atlantic: die {die} -1 (Allied control of "
        f"the Atlantic, 7.2) = {die - 1} -> "
        + ("Axis win; flip the marker to Axis control (Sea Attack Table) [7.1]" if win
           else "no result (Sea Attack Table) [7.1]")]
    assert s.data["sea"][ATL] == (AXIS if win else ALLIED)
    assert view(s)["sea_zones"][ATL]["control"] == ("axis" if win else "allies")
    assert s.data["malta"] == 1                     # the Atlantic does not touch Malta


def test_7_2_explained(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    why = explain(s, "sea:atlantic")
    assert why.legal and why.rules == ("4.2.2", "7.1", "7.2", "11.6")
    assert "-1 DRM" in why.reason and "die 4-6 with DRM -1, 50%" in why.reason
    med = explain(s, "sea:mediterranean")       # no -1 there, so 7.2 is not cited (an audit)
    assert "-1 DRM" not in med.reason and med.rules == ("4.2.2", "7.1")
    roll(s, (4,), "sea:atlantic")
    assert "sea:atlantic" not in keys(s)
    why = explain(s, "sea:atlantic")
    assert not why.legal and why.rules == ("4.2.2",)


@pytest.mark.parametrize("die", range(1, 7))
def test_7_1_mediterranean_attack_has_no_drm(eaw: Any, die: int) -> None:
    s = new_game(eaw, seed=0)
    lines = roll(s, (die,), "sea:mediterranean")
    win = die >= 3
    first = (f"The Axis attack Allied control of the Mediterranean: die {die} -> "
             + ("Axis win; flip the marker to Axis control (Sea Attack Table) [7.1]" if win
                else "no result (Sea Attack Table) [7.1]"))
    if win:
        assert lines == [first, "Malta is neutralised: flip it to its inactive side [Malta]"]
    else:
        assert lines == [first]
    assert s.data["sea"][MED] == (AXIS if win else ALLIED)
    assert s.data["malta"] == (0 if win else 1)


# -- 8 tanks, 4.2.4, 11.5 ------------------------------------------------------------------

def test_8_1_two_tanks_on_a_front_two_rerolls_and_why_counts_both(eaw: Any) -> None:
    """Each tank on a front may re-roll a failed attack once a turn (8.1), so two tanks
    re-roll twice, and why gives the chance with both (it counted one: 75% where the rules
    give 88%: an outside audit)."""
    s = start(eaw, tanks=[[W, 0], [W, 0]])
    reason = explain(s, "attack:western").reason
    assert "with the front's 2 unused tanks each re-rolling a failure (8.1): 88%" in reason
    lines = roll(s, (1, 1, 1), "attack:western", "reroll", "reroll")
    assert sum("re-rolls the attack on Ruhr" in ln for ln in lines) == 2
    assert s.data["tanks"] == [[W, 1], [W, 1]]
    assert "reroll" not in keys(s)


def test_8_1_tank_reroll_no_ap_flipped_used(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    roll(s, (3,), "attack:western")                # 3 +1 = 4: no result
    assert top(s) == "reroll"
    assert keys(s) == ["reroll", "keep"]
    assert s.data["ap"] == 2
    assert explain(s, "reroll").rules == ("8.1", "11.6")
    assert "the re-roll advances on a modified 5-6: die 4-6 with DRM +1, 50%" in explain(
        s, "reroll").reason
    why = explain(s, "attack:north_africa")
    assert not why.legal and why.rules == ("8.1",)
    lines = roll(s, (5,), "reroll")
    assert lines == [
        "The tank on the Western front is used (flipped): re-roll at no AP cost [8.1]",
        f"The Axis Western front re-rolls the attack on Ruhr: die 5 {WEST_AIR_MOD} = 6 -> "
        "advance (Land Attack Table) [5.1]",
        "The Axis Western front advances into Ruhr; the Allies retreat to Low Countries [5.1]",
        "The Axis tank moves with its advancing front [11.5]",
    ]
    assert s.data["ap"] == 2                        # the re-roll costs no AP
    assert s.data["tanks"] == [[W, 1]]
    assert view(s)["fronts"][W]["axis_tanks"] == [True]
    # once a turn: the next failed attack on the front offers no re-roll
    roll(s, (1,), "attack:western")
    assert top(s) == "actions"
    assert s.data["ap"] == 1


def test_8_1_failed_reroll_stands(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    lines = roll(s, (3, 2), "attack:western", "reroll")
    assert lines[-1] == (f"The Axis Western front re-rolls the attack on Ruhr: die 2 "
                         f"{WEST_AIR_MOD} = 3 -> no result (Land Attack Table) [5.1]")
    assert top(s) == "actions"
    assert s.data["axis"][W] == 0 and s.data["tanks"] == [[W, 1]]


def test_8_1_keep_saves_the_tank(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    lines = roll(s, (3,), "attack:western", "keep")
    assert lines[-1] == "The Axis keep the result; the tank stays unused [8.1]"
    assert s.data["tanks"] == [[W, 0]] and s.data["ap"] == 2
    roll(s, (3,), "attack:western")
    assert top(s) == "reroll"


def test_8_1_tank_only_on_its_own_front(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    roll(s, (1,), "attack:north_africa")
    assert top(s) == "actions"                      # no tank with the North Africa front


def test_8_1_reroll_on_the_last_ap_before_the_bot(eaw: Any) -> None:
    s = start(eaw, ap=1)
    roll(s, (1,), "attack:western")
    assert top(s) == "reroll" and s.data["turn"] == 1   # the turn waits for the choice
    lines = roll(s, (6, *QUIET), "reroll")
    assert s.data["axis"][W] == 1 and s.data["turn"] == 2
    assert lines[4].endswith("[4.3]")


def test_8_1_used_tank_resets_next_turn(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    roll(s, (3, 2, *QUIET), "attack:western", "reroll", "end_turn")
    assert s.data["turn"] == 2
    assert s.data["tanks"] == [[W, 0]]
    roll(s, (3,), "attack:western")
    assert top(s) == "reroll"


def test_8_1_reroll_explained_when_nothing_to_reroll(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    why = explain(s, "reroll")
    assert (why.legal, why.reason, why.rules) == (
        False, "there is no failed attack to re-roll now", ("8.1",))
    with pytest.raises(IllegalActionError, match=r"\[rule 8\.1\]"):
        apply(s, "keep")


def test_8_2_move_tank_costs_1_ap_and_may_be_used_that_turn(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    why = explain(s, "tank:western:north_africa")
    assert why.legal and why.rules == ("4.2.4", "8.2")
    lines = roll(s, (), "tank:western:north_africa")
    assert lines == ["A tank moves from the Western front to the North Africa front (1 AP) "
                     "[4.2.4]"]
    assert s.data["tanks"] == [[NA, 0]] and s.data["ap"] == 2
    roll(s, (1,), "attack:north_africa")
    assert top(s) == "reroll"                        # used the turn it moves
    lines = roll(s, (6,), "reroll")
    assert s.data["axis"][NA] == 1 and s.data["ap"] == 1
    assert lines[-1] == "The Axis tank moves with its advancing front [11.5]"
    lines = roll(s, (1, *QUIET), "attack:western")  # the last AP: no re-roll, the BOT acts
    assert lines[1].endswith("[4.3]")               # the Western front has no tank now


@pytest.mark.parametrize(("first", "dice"), [
    ("attack:western", (6,)),
    ("attack:north_africa", (1,)),
    ("sea:mediterranean", (1,)),
])
def test_4_2_4_no_tank_move_after_an_attack(eaw: Any, first: str, dice: tuple[int, ...]) -> None:
    s = new_game(eaw, seed=0)
    roll(s, dice, first)
    assert "tank:western:north_africa" not in keys(s)
    why = explain(s, "tank:western:north_africa")
    assert not why.legal
    assert why.reason == ("tanks move only at the beginning of a turn, before any attack "
                          "has been made")
    assert why.rules == ("4.2.4", "8.2")
    with pytest.raises(IllegalActionError, match=r"\[rule 4\.2\.4, 8\.2\]"):
        apply(s, "tank:western:north_africa")
    roll(s, QUIET, "end_turn")                      # a new turn: the tank may move again
    assert "tank:western:north_africa" in keys(s)


def test_4_2_4_tank_move_after_unstall(eaw: Any) -> None:
    s = start(eaw, stalled=[0, 1, 0, 0, 0])
    roll(s, (), "unstall:north_africa")             # not an attack
    assert "tank:western:north_africa" in keys(s)


def test_4_2_4_tank_move_explanations(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    why = explain(s, "tank:western:eastern")
    assert not why.legal and why.rules == ("2.2", "4.2.4")
    assert why.reason == "the Eastern front is not in play"
    why = explain(s, "tank:north_africa:western")
    assert not why.legal and why.rules == ("4.2.4",)
    assert why.reason == "there is no Axis tank on the North Africa front"


def test_11_3_an_ignored_bot_action_names_the_axis_front(eaw: Any) -> None:
    """The BOT's stall and counter-attack on a front not in play are ignored in the same
    words (the counter-attack's said 'the Eastern front', the stall's 'the Axis Eastern
    front')."""
    for dice in ((1, 3), (3, 3)):                   # chart 1 stall / 3 counter-attack; Eastern
        lines = roll(start(eaw, tanks=[]), dice, "end_turn")
        assert ("The BOT action cannot be played (the Axis Eastern front is not in play): "
                "it is ignored [11.3]") in lines


def test_11_5_tank_moves_with_its_advancing_front(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    lines = roll(s, (4, 5, 6, *QUIET), "attack:western", "attack:western",
                 "attack:north_africa")
    assert lines.count("The Axis tank moves with its advancing front [11.5]") == 2
    i = lines.index("The Axis North Africa front advances into Tripoli; the Allies retreat "
                    "to Benghazi [5.1]")
    assert lines[i + 1].endswith("[4.3]")           # no tank there, no 11.5 line
    v = view(s)["fronts"][W]
    assert v["axis_location"] == "Low Countries" and v["axis_tanks"] == [False]


def test_keep_on_the_last_ap_does_not_promise_to_save_the_tank(eaw: Any) -> None:
    """With no AP left after a failed attack no attack follows, and the tank is unused again
    next turn (8.1): keeping the result saves it for nothing (an eaw1940 audit)."""
    s = start(eaw, ap=1)
    roll(s, (1,), "attack:western")
    labels = [eaw.describe(s, a.id) for a in legal_actions(s)]
    assert "Keep the result (no AP left: no attack follows this turn)" in labels, labels
    s = start(eaw)
    roll(s, (1,), "attack:western")
    assert "Keep the result (save the tank)" in [eaw.describe(s, a.id) for a in legal_actions(s)]


def test_11_5_two_tanks_move_with_their_front_in_one_line(eaw: Any) -> None:
    """Both tanks of a front move with it, and the log counts them (it told of one)."""
    s = start(eaw, tanks=[[W, 0], [W, 0]])
    lines = roll(s, (6,), "attack:western")
    assert "The 2 Axis tanks move with their advancing front [11.5]" in lines
    assert "The Axis tank moves with its advancing front [11.5]" not in lines
    assert view(s)["fronts"][W]["axis_tanks"] == [False, False]


def test_why_of_an_attack_keeps_its_modifiers_apart_and_end_counts_the_ap(eaw: Any) -> None:
    """Modifiers whose words hold commas are kept apart by semicolons, and a single unused
    AP "is" lost (an eaw1940 audit read "1 unused AP are lost")."""
    s = start(eaw, sea=[AXIS, ALLIED], ap=1)
    why = explain(s, "attack:north_africa")
    assert ("+1 Axis control Mediterranean air space, 5.2; -1 Allied control the "
            "Mediterranean, port, 5.2") in why.reason, why.reason
    assert explain(s, "end_turn").reason == "ends the Axis actions; 1 unused AP is lost"


# -- 9 reserves ----------------------------------------------------------------------------

def test_9_1_reserve_minus_1_and_9_2_flips_when_the_axis_win(eaw: Any) -> None:
    s = start(eaw, reserve=[1, 0, 0, 0, 0])
    lines = roll(s, (4,), "attack:western", "keep")
    assert lines[0] == (f"The Axis Western front attacks Ruhr: die 4 {WEST_AIR_MOD} -1 "
                        "(Allied reserve, 9.1) = 4 -> no result (Land Attack Table) [5.1]")
    assert s.data["reserve"][W] == 1                # a failed attack leaves it
    lines = roll(s, (5,), "attack:western")
    assert lines[1] == ("The Axis won: the Allied Western reserve flips to its non-reserve "
                        "side [9.2]")
    assert s.data["reserve"][W] == 0 and s.data["axis"][W] == 1
    assert view(s)["fronts"][W]["reserve"] is False


def test_9_1_reserve_only_on_its_front(eaw: Any) -> None:
    s = start(eaw, reserve=[0, 1, 0, 0, 0])
    entries = play(s, (4,), "attack:western")
    assert "reserve" not in render(entries[0]) and s.data["axis"][W] == 1
    assert not [why for _, why in entries[0]["mods"] if "reserve" in why]


# -- 11.2 last location --------------------------------------------------------------------

def test_11_2_axis_take_the_last_location(eaw: Any) -> None:
    s = start(eaw, axis=[5, 0, 0, 0, 0])            # Normandy; London next (Atlantic port)
    lines = roll(s, (5,), "attack:western")
    assert lines[1] == ("The Axis occupy London, the last location of the Western front: "
                        "the Allied front marker moves outside it [11.2]")
    assert s.data["axis"][W] == 6
    assert view(s)["fronts"][W]["allied_location"] == "outside"
    assert "attack:western" not in keys(s)
    why = explain(s, "attack:western")
    assert not why.legal and why.rules == ("11.2",)
    assert why.reason == ("the Axis hold London, the last location of the front; the Allied "
                          "marker is outside it")
    assert view(s)["flags_controlled"] == ["Paris", "London"]


# -- 10 How to Win -------------------------------------------------------------------------

def test_10_1_no_allied_automatic_victory_at_end_of_turn_5(eaw: Any) -> None:
    s = start(eaw, turn=5, axis=[-1, 0, 0, 0, 0])
    lines = roll(s, QUIET, "end_turn")
    assert ("The Allies occupy Berlin, but no automatic victory before the end of turn 6 "
            "[10.1]") in lines
    assert result(s) is None and s.data["turn"] == 6


def test_10_1_allied_automatic_victory_at_end_of_turn_6(eaw: Any) -> None:
    s = walk(eaw, 6)
    apply(s, "place_tank:western")
    edit(s, axis=[0, -1, 0, 0, 0])                  # the Allies occupy Rome
    lines = roll(s, QUIET, "end_turn")
    assert lines[-1] == ("The Allies occupy Rome at the end of turn 6: Allied automatic "
                         "victory [10.1]")
    out = result(s)
    assert out is not None and s.is_over
    assert (out.winner, out.label, out.rule) == ("allies", "allied_automatic_victory", "10.1")
    assert out.termination is Termination.AUTOMATIC_VICTORY
    assert out.returns == {"axis": -1.0}
    assert legal_actions(s) == []


def test_10_1_checked_at_the_end_of_the_turn(eaw: Any) -> None:
    s = walk(eaw, 6)
    apply(s, "place_tank:north_africa")
    edit(s, axis=[-1, 0, 0, 0, 0])
    assert view(s)["allies_occupy"] == ["Berlin"]
    # the Axis recover Berlin before the end of turn 6: +1 Axis air
    lines = roll(s, (4, *QUIET), "attack:western", "end_turn")
    assert ("The Axis Western front recovers Berlin; the Allies retreat to Ruhr [5.1]"
            in lines)
    assert result(s) is None and s.data["turn"] == 7


def test_10_1_a_shared_home_stays_occupied_while_another_front_holds_it(eaw: Any) -> None:
    """Berlin begins three fronts' routes (rules.py, the shared homes): the Western front
    recovering it leaves the Allied Eastern marker in it, so the Allies still occupy it at
    the turn's end, and the log line says so (it said only 'recovers Berlin', then 10.1
    gave the Allies the game: an eaw1940 rules audit)."""
    s = start(eaw, turn=7, ap=3, in_play=[1, 1, 1, 1, 1], axis=[-1, 2, -1, 0, 1], tanks=[])
    assert view(s)["allies_occupy"] == ["Berlin"]
    lines = roll(s, (6, *QUIET), "attack:western", "end_turn")
    assert ("The Axis Western front recovers Berlin; the Allies retreat to Ruhr (the Allied "
            "Eastern front still holds Berlin on its own route: the Allies occupy it, 10.1) "
            "[5.1]") in lines
    assert lines[-1] == ("The Allies occupy Berlin at the end of turn 7: Allied automatic "
                         "victory [10.1]")
    out = result(s)
    assert out is not None and out.winner == "allies"


def test_5_1_allies_take_a_shared_home_other_axis_fronts_stand_in(eaw: Any) -> None:
    """The Allied Eastern front pushes its Axis front out of Berlin while the Western and
    Central/Southern Axis fronts stand in it on their routes: the Allies occupy Berlin, and
    the log names the Axis fronts still there (the board shows their markers in Berlin)."""
    s = start(eaw, turn=7, ap=1, in_play=[1, 1, 1, 1, 1], axis=[0, 2, 0, 0, 1], tanks=[])
    # the BOT: chart 3, counter-attack; Front Table 3, the Eastern front; die 6 - 1 = 5
    lines = roll(s, (3, 3, 6), "end_turn")
    assert ("The Allies occupy Berlin! The Axis Eastern front is pushed outside its home (the "
            "Axis Western and Central/Southern fronts still stand in Berlin on their own "
            "routes) [5.1]") in lines
    assert view(s)["allies_occupy"] == ["Berlin"]
    assert lines[0] == "The Axis end their actions; 1 unused AP is lost [4.1]"


def test_10_1_before_10_2_when_both_hold_at_a_turns_end(eaw: Any) -> None:
    """Both automatic victories at once (rules.py's reading): the Allies occupy Rome (the
    Balkan front pushed out of it) while the Axis hold Paris, London and Alexandria. 10.1 is
    checked first, as the rulebook lists it: the Allies win."""
    s = start(eaw, turn=6, ap=1, in_play=[1, 1, 1, 1, 1], axis=[6, 5, 0, 0, -1], tanks=[])
    assert view(s)["flags_controlled"] == ["Paris", "London", "Alexandria"]
    assert view(s)["allies_occupy"] == ["Rome"]
    lines = roll(s, QUIET, "end_turn")
    assert lines[-1] == ("The Allies occupy Rome at the end of turn 6: Allied automatic "
                         "victory [10.1]")
    out = result(s)
    assert out is not None and (out.winner, out.rule) == ("allies", "10.1")


def test_10_2_axis_automatic_victory_three_flags(eaw: Any) -> None:
    s = start(eaw, axis=[6, 4, 0, 0, 0])            # Paris and London; El Alamein
    # Alexandria: +1 air -1 Allied Mediterranean port -1 Malta; taken mid-turn, the game
    # goes on until the end of the turn.
    roll(s, (6,), "attack:north_africa")
    assert s.data["axis"][NA] == 5 and result(s) is None
    assert view(s)["flags_controlled"] == ["Paris", "London", "Alexandria"]
    lines = roll(s, QUIET, "end_turn")
    assert lines[-1] == ("The Axis control Paris, London, Alexandria at the end of turn 1: "
                         "Axis automatic victory [10.2]")
    out = result(s)
    assert out is not None
    assert (out.winner, out.label, out.rule) == ("axis", "axis_automatic_victory", "10.2")
    assert out.termination is Termination.AUTOMATIC_VICTORY
    assert out.returns == {"axis": 1.0}


def test_10_2_two_flags_is_not_enough(eaw: Any) -> None:
    s = start(eaw, axis=[6, 4, 0, 0, 0])
    roll(s, QUIET, "end_turn")
    assert result(s) is None and s.data["turn"] == 2


def test_10_2_moscow_counts(eaw: Any) -> None:
    s = start(eaw, in_play=[1, 1, 1, 1, 0], axis=[4, 5, 5, 0, 0])
    roll(s, QUIET, "end_turn")
    out = result(s)
    assert out is not None and out.label == "axis_automatic_victory"
    assert out.text == ("Axis automatic victory: the Axis control Paris, Alexandria, "
                        "Moscow.")


# 10.3: (positions, seas, airs, expected VP lines)
VP_CASES = [
    pytest.param([6, 0, 0, 0, 0], [ALLIED, ALLIED], [AXIS, AXIS, AXIS], [
        "+2 VP: Paris controlled by the Axis",
        "+8 VP: London controlled by the Axis",
        "+4 VP: Western front: 4 locations up to London",
        "-1 VP: Atlantic controlled by the Allies",
        "-1 VP: Mediterranean controlled by the Allies",
        "+2 VP: Western Europe air space controlled by the Axis",
        "+2 VP: Eastern Europe air space controlled by the Axis",
        "+2 VP: Mediterranean air space controlled by the Axis",
    ], 18, id="london-paris"),
    pytest.param([5, 3, 5, 0, 4], [AXIS, ALLIED], [AXIS, ALLIED, AXIS], [
        "+2 VP: Paris controlled by the Axis",
        "+6 VP: Moscow controlled by the Axis",
        "+4 VP: Western front: 4 locations up to Normandy",
        "+3 VP: North Africa front: 3 locations up to Tobruk",
        "+4 VP: Eastern front: 4 locations up to Moscow",
        "+4 VP: Balkan front: 4 locations up to Crete",
        "+2 VP: Atlantic controlled by the Axis",
        "-1 VP: Mediterranean controlled by the Allies",
        "+2 VP: Western Europe air space controlled by the Axis",
        "-1 VP: Eastern Europe air space controlled by the Allies",
        "+2 VP: Mediterranean air space controlled by the Axis",
    ], 27, id="moscow-mixed-control"),
    pytest.param([0, 5, 0, 2, 0], [AXIS, AXIS], [ALLIED, ALLIED, ALLIED], [
        "+3 VP: Alexandria controlled by the Axis",
        "+4 VP: North Africa front: 4 locations up to Alexandria",
        "+2 VP: Central/Southern front: 2 locations up to Kiev",
        "+2 VP: Atlantic controlled by the Axis",
        "+2 VP: Mediterranean controlled by the Axis",
        "-1 VP: Western Europe air space controlled by the Allies",
        "-1 VP: Eastern Europe air space controlled by the Allies",
        "-1 VP: Mediterranean air space controlled by the Allies",
    ], 10, id="alexandria-allied-air"),
]


@pytest.mark.parametrize(("axis", "sea", "air", "items", "vp"), VP_CASES)
def test_10_3_final_victory_points_item_by_item(eaw: Any, axis: list[int], sea: list[int],
                                                air: list[int], items: list[str],
                                                vp: int) -> None:
    s = final_state(eaw, axis, sea, air)
    assert view(s)["vp"] == vp
    # a BOT action that changes nothing: an air offensive on an Allied air space, else the
    # naval offensive with both seas Allied and Malta active
    dice = (4, 3) if air[EAST_AIR] == ALLIED else QUIET
    entries = play(s, dice, "end_turn")
    scored = [e for e in entries if e["rule"] == "10.3"]
    assert [e["text"] for e in scored] == items
    assert sum(e["vp"] for e in scored) == vp
    assert entries[-1]["rule"] == "10.4" and entries[-1]["vp"] == vp
    out = result(s)
    assert out is not None and out.scores == {"vp": vp} and out.rule == "10.4"


def test_10_3_front_pushed_out_or_not_in_play_scores_nothing(eaw: Any) -> None:
    s = start(eaw, axis=[-1, 0, 3, 0, 0])           # Eastern not in play: ignored
    assert view(s)["vp"] == 4


def test_10_3_victory_points_are_the_sum_of_the_items_through_random_games(eaw: Any) -> None:
    """``victory_points`` counts without words what ``vp_breakdown`` lists item by item."""
    rng = random.Random(3)
    seen = set()
    for seed in range(12):
        s = new_game(eaw, seed=seed)
        while True:
            vp = victory_points(eaw.c, s.data)
            assert vp == sum(v for _, v in vp_breakdown(eaw.c, s.data))
            seen.add(vp)
            if s.active is None:
                break
            legal = legal_actions(s)
            apply(s, legal[rng.randrange(len(legal))])
    assert len(seen) > 5


@pytest.mark.parametrize(("axis", "in_play", "vp", "label", "winner", "ret", "text"), [
    ([3, 4, 0, 0, 0], [1, 1, 0, 0, 0], 11, "allied_decisive_victory", "allies", -1.0,
     DECISIVE),
    ([4, 3, 0, 0, 0], [1, 1, 0, 0, 0], 12, "draw", None, 0.0, DRAW),
    ([5, 4, 0, 0, 3], [1, 1, 0, 0, 1], 17, "draw", None, 0.0, DRAW),
    ([5, 4, 0, 0, 4], [1, 1, 0, 0, 1], 18, "axis_victory", "axis", 1.0, AXIS_WIN),
])
def test_10_4_score_bands_and_boundaries(eaw: Any, axis: list[int], in_play: list[int],
                                         vp: int, label: str, winner: str | None, ret: float,
                                         text: str) -> None:
    s = start(eaw, turn=10, ap=3, axis=axis, in_play=in_play)
    lines = roll(s, QUIET, "end_turn")
    assert lines[-1] == f"Axis score {vp} VP: {text} [10.4]"
    out = result(s)
    assert out is not None
    assert (out.label, out.winner, out.returns, out.scores, out.text, out.rule) == (
        label, winner, {"axis": ret}, {"vp": vp}, text, "10.4")
    assert out.termination is Termination.FINAL_SCORING
    assert view(s)["result"]["label"] == label


@pytest.mark.parametrize(("vp", "label"), [
    (-5, "allied_decisive_victory"), (11, "allied_decisive_victory"), (12, "draw"),
    (17, "draw"), (18, "axis_victory"), (40, "axis_victory"),
])
def test_10_4_band_table(eaw: Any, vp: int, label: str) -> None:
    assert band(eaw.c, vp)[0] == label


def test_10_3_no_final_count_before_the_last_turn(eaw: Any) -> None:
    s = start(eaw, turn=9, ap=3, in_play=[1, 1, 0, 0, 1])
    lines = roll(s, QUIET, "end_turn")
    assert not [ln for ln in lines if ln.endswith(("[10.3]", "[10.4]"))]
    assert s.data["turn"] == 10 and result(s) is None


# -- Malta (reconstructed) -----------------------------------------------------------------

def test_malta_minus_1_on_north_africa_until_the_axis_win_the_mediterranean(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    why = explain(s, "attack:north_africa")
    assert "total DRM -1" in why.reason and "-1 Malta active" in why.reason
    roll(s, (2,), "sea:mediterranean")             # fails: Malta stays active
    assert s.data["malta"] == 1
    roll(s, (3,), "sea:mediterranean")
    assert s.data["malta"] == 0 and view(s)["malta"] == "inactive"
    # +1 air, +1 Axis Mediterranean (Tripoli is a port), no Malta
    # then the BOT: stall on the Balkan front, not in play (ignored, 11.3)
    lines = roll(s, (3, 1, 5), "attack:north_africa")
    assert lines[0] == (f"The Axis North Africa front attacks Tripoli: die 3 {MED_AIR_MOD} "
                        "+1 (Axis control the Mediterranean, port, 5.2) = 5 -> advance "
                        "(Land Attack Table) [5.1]")


def test_malta_does_not_touch_the_balkan_front(eaw: Any) -> None:
    s = start(eaw, in_play=[1, 1, 0, 0, 1])
    lines = roll(s, (5,), "attack:balkan")          # Albania: +1 air -1 Allied port
    assert lines[0] == (f"The Axis Balkan front attacks Albania: die 5 {MED_AIR_MOD} -1 "
                        "(Allied control the Mediterranean, port, 5.2) = 5 -> advance "
                        "(Land Attack Table) [5.1]")


# -- 1.4 the turn track: fronts and tanks entering -----------------------------------------

def test_1_4_balkan_front_enters_on_turn_3(eaw: Any) -> None:
    s = walk(eaw, 2)
    assert "attack:balkan" not in keys(s)
    why = explain(s, "attack:balkan")
    assert why.reason == "the Axis Balkan front is not in play yet; it enters on turn 3"
    assert why.rules == ("2.2", "1.4")
    lines = roll(s, QUIET, "end_turn")
    assert lines[-1] == ("The Axis Balkan front enters play in Rome, facing the Allies in "
                         "Albania [1.4]")
    assert s.data["in_play"] == [1, 1, 0, 0, 1]
    assert "attack:balkan" in keys(s)
    assert view(s)["fronts"][B]["allied_location"] == "Albania"


def test_1_4_eastern_and_central_fronts_enter_on_turn_6(eaw: Any) -> None:
    s = walk(eaw, 5)
    lines = roll(s, QUIET, "end_turn")
    assert lines[-3:] == [
        "The Axis Eastern front enters play in Berlin, facing the Allies in Bialystok [1.4]",
        "The Axis Central/Southern front enters play in Berlin, facing the Allies in Lvov "
        "[1.4]",
        "A new Axis tank arrives: the Axis player places it with a front [Turn Track]",
    ]
    assert s.data["in_play"] == [1, 1, 1, 1, 1]
    assert keys(s) == ["place_tank:western", "place_tank:north_africa", "place_tank:eastern",
                       "place_tank:central_southern", "place_tank:balkan"]


def test_1_4_new_tank_placed_with_a_front_in_play(eaw: Any) -> None:
    s = walk(eaw, 4)
    assert printed(s)[-1] == ("A new Axis tank arrives: the Axis player places it with a front "
                              "[Turn Track]")
    assert top(s) == "place_tank"
    assert keys(s) == ["place_tank:western", "place_tank:north_africa", "place_tank:balkan"]
    why = explain(s, "attack:western")
    assert not why.legal and why.rules == ("1.4",)
    assert why.reason == "first place the tank that arrives this turn with an Axis front"
    why = explain(s, "place_tank:eastern")
    assert not why.legal and why.rules == ("1.4", "2.2")
    lines = roll(s, (), "place_tank:balkan")
    assert lines == ["The new Axis tank is placed with the Balkan front [1.4]"]
    assert s.data["tanks"] == [[W, 0], [B, 0]]
    assert s.data["ap"] == 2                         # placing costs no AP
    roll(s, (1,), "attack:balkan")
    assert top(s) == "reroll"                        # the new tank re-rolls on its front


def test_1_4_place_tank_explained_when_none_waits(eaw: Any) -> None:
    why = explain(new_game(eaw, seed=0), "place_tank:western")
    assert (why.legal, why.reason, why.rules) == (
        False, "no new tank is waiting to be placed", ("1.4",))


def test_1_4_allied_tanks_join_on_turns_7_and_9(eaw: Any) -> None:
    s = walk(eaw, 9)
    assert s.data["allied_tanks"] == [[E, 0], [NA, 0]]
    assert "An Allied tank joins the Allied Eastern front [Turn Track]" in printed(s)
    assert "An Allied tank joins the Allied North Africa front [Turn Track]" in printed(s)
    assert s.data["tanks"] == [[W, 0], [W, 0], [W, 0]]


def test_two_tanks_on_one_front_move_one_at_a_time(eaw: Any) -> None:
    s = walk(eaw, 7)                                 # three tanks on the Western front
    roll(s, (), "tank:western:eastern")
    assert sorted(s.data["tanks"]) == [[W, 0], [W, 0], [E, 0]]


# -- citations: log lines and explanations cite rule numbers -------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_every_log_line_and_explanation_cites_known_rules(eaw: Any, seed: int) -> None:
    s = new_game(eaw, seed=seed)
    pick = Rng(seed)
    while not s.is_over:
        for act in eaw.catalogue:
            why = explain(s, act)
            assert why.rules and set(why.rules) <= set(RULES), (act.key, why)
        assert eaw.check_invariants(s) == []
        legal = legal_actions(s)
        # prefer attacks so games go somewhere
        attacks = [a for a in legal if a.key.startswith(("attack", "sea", "air", "reroll"))]
        apply(s, pick.choice(attacks or legal))
    for entry in s.log:
        assert entry["rule"] in RULES, entry
        assert entry["text"] and not entry["text"].endswith("]"), entry
    assert result(s) is not None


# -- prompts: every decision says what is decided, under which rule -----------------------

def test_prompts_of_the_three_decisions(eaw: Any) -> None:
    s = new_game(eaw, seed=0)
    p = prompt(s)
    assert p is not None
    assert (p.role, p.text, p.rule) == ("axis", "Choose an Axis action (3 AP left)", "4.2")
    assert view(s)["prompt"] == {"role": "axis", "text": "Choose an Axis action (3 AP left)",
                                 "rule": "4.2"}
    assert view(s)["pending"] is None               # the action menu is not "pending"
    roll(s, (3,), "attack:western")
    p = prompt(s)
    assert p is not None and p.rule == "8.1"
    assert p.text == ("The Western front's attack on Ruhr failed: keep the result, or "
                      "re-roll it with the front's unused tank")
    assert view(s)["pending"] == {"kind": "reroll", "role": "axis", "prompt": p.text,
                                  "rule": "8.1", "front": "western"}
    roll(s, (), "keep")
    assert str(prompt(s)) == "axis: Choose an Axis action (2 AP left) [4.2]"
    assert str(prompt(start(eaw, ap=0))) == "axis: No AP left: end the Axis actions [4.1]"
    s = walk(eaw, 4)
    p = prompt(s)
    assert p is not None and (p.text, p.rule) == (
        "Place the new Axis tank with an Axis front in play", "1.4")
    assert view(s)["pending"]["kind"] == "place_tank"
    roll(s, (), "place_tank:western")
    assert prompt(s) is not None and prompt(s).rule == "4.2"  # type: ignore[union-attr]


def test_no_prompt_once_the_game_is_over(eaw: Any) -> None:
    s = start(eaw, turn=10, ap=3)
    roll(s, QUIET, "end_turn")
    assert result(s) is not None
    assert prompt(s) is None and view(s)["prompt"] is None and view(s)["pending"] is None
