"""Europe At War 1940: Solitaire — the Allied BOT (3.3, 4.3), its Allied Action Chart and
Front Table (reconstructed), 11.3 (unplayable BOT actions are ignored), Allied counter-
attacks (5.1, 5.2, 11.2), air (6.2) and sea attacks, reserves (9.1, 11.4), Allied tanks
(8.1) and Malta.

Every die is forced and ``roll`` checks that exactly those dice were rolled. The BOT acts
when the Axis end their actions, so each test ends turn 1 with ``end_turn`` and reads the
BOT's log lines: [0] the 4.1 line, [1] the Allied Action Chart, then the rest. Log
entries are data: the lines are printed from them (``text [rule]``), and the dice are read
from their facts.

Indices: fronts 0 western, 1 north_africa, 2 eastern, 3 central_southern, 4 balkan;
air spaces 0 western_europe, 1 eastern_europe, 2 mediterranean_air; sea zones
0 atlantic, 1 mediterranean. Control markers: 1 = Axis, 0 = Allied.
"""

from __future__ import annotations

from typing import Any

import pytest

from warroom.core import State, apply, explain, legal_actions, new_game, render, view
from warroom.core.log import LogEntry

W, NA, E, CS, B = range(5)
WEST_AIR, EAST_AIR, MED_AIR = range(3)
ATL, MED = range(2)
AXIS, ALLIED = 1, 0
ALL_IN_PLAY = [1, 1, 1, 1, 1]

CHART = {
    1: "Axis front stalled: roll on the Front Table; flip that Axis front to its stalled "
       "side.",
    2: "Allied reserves: roll on the Front Table; flip that Allied front to its reserve "
       "side.",
    3: "Counter-attack: roll on the Front Table; that Allied front attacks the Axis "
       "front's location.",
    4: "Air offensive: roll on the Front Table; the Allies attack Axis control of that "
       "front's air space.",
    5: "Naval offensive: the Allies attack Axis control of the Atlantic, else of the "
       "Mediterranean; if they control both, Malta is resupplied (flipped active).",
    6: "Reserves counter-attack: on the most advanced Axis front, flip the Allied front to "
       "its reserve side, then it counter-attacks with +1 DRM (a reserve can be added and "
       "used in the same turn).",
}
NAMES = ["Western", "North Africa", "Eastern", "Central/Southern", "Balkan"]


def start(eaw: Any, **changes: Any) -> State:
    s = new_game(eaw, seed=0)
    for key, value in changes.items():
        s.data[key] = value
    s.invalidate()
    return s


def play(state: State, dice: tuple[int, ...], *actions: str) -> list[LogEntry]:
    """Apply ``actions`` with exactly ``dice`` rolled; return the new log entries."""
    n, barrier = len(state.log), state.data["barrier"]
    state.data["forced"] = list(dice)
    for action in actions:
        apply(state, action)
    assert state.data["forced"] == [], "fewer dice were rolled than forced"
    assert state.data["barrier"] - barrier == len(dice), "more dice were rolled than forced"
    return state.log[n:]


def roll(state: State, dice: tuple[int, ...], *actions: str) -> list[str]:
    """Apply ``actions`` with exactly ``dice`` rolled; return the new log lines (printed)."""
    return [render(e) for e in play(state, dice, *actions)]


def bot(state: State, *dice: int) -> list[str]:
    """End the Axis actions of the turn; the BOT rolls exactly ``dice``."""
    lines = roll(state, dice, "end_turn")
    assert lines[0].endswith("[4.1]")
    return lines[1:]


def markers(state: State) -> dict[str, Any]:
    d = state.data
    return {k: d[k] for k in ("axis", "stalled", "reserve", "air", "air_sup", "sea", "malta",
                              "tanks", "allied_tanks", "in_play")}


# -- 4.3 the chart, the Front Table --------------------------------------------------------

@pytest.mark.parametrize("die", range(1, 7))
def test_4_3_allied_action_chart_line(eaw: Any, die: int) -> None:
    # each result, with the Front Table roll (5 = Balkan, not in play) and combat die it needs
    s = start(eaw)
    dice = {1: (1, 5), 2: (2, 5), 3: (3, 5), 4: (4, 5, 1), 5: (5,), 6: (6, 4)}[die]
    n = len(s.log)
    lines = bot(s, *dice)
    # a counter-attack's row says its success stalls the front (the pack's flag, 4.4; the
    # row's text did not: an audit)
    stall = " A successful counter-attack also stalls that Axis front." if die in (3, 6) else ""
    assert lines[0] == (f"Allied BOT: die {die} on the Allied Action Chart -> {CHART[die]}"
                        f"{stall} [4.3]")
    assert s.data["turn"] == 2
    # the chart roll as facts: its die and the action it picked
    chart = s.log[n + 1]
    assert (chart["rule"], chart["die"], chart["result"]) == ("4.3", die,
                                                              eaw.c.chart[die][0])
    rolled = [e["die"] for e in s.log[n:] if "die" in e]
    assert rolled == list(dice)                     # every die of the BOT's turn is logged


@pytest.mark.parametrize(("die", "front"), [(1, W), (2, NA), (3, E), (4, CS), (5, B)])
def test_front_table_picks_the_front(eaw: Any, die: int, front: int) -> None:
    s = start(eaw, in_play=ALL_IN_PLAY)
    n = len(s.log)
    lines = bot(s, 1, die)                          # stall
    assert lines[1] == f"Front Table: die {die} -> the {NAMES[front]} front [Front Table]"
    table = s.log[n + 2]
    assert (table["die"], table["front"]) == (die, eaw.c.front_ids[front])
    assert lines[2] == f"The Axis {NAMES[front]} front is flipped to its stalled side [4.4]"
    assert s.data["stalled"] == [int(f == front) for f in range(5)]
    assert f"attack:{eaw.c.front_ids[front]}" not in [a.key for a in legal_actions(s)]


@pytest.mark.parametrize(("axis", "front"), [
    ([0, 0, 0, 0, 0], W),                           # a tie: the first in map order
    ([1, 2, 0, 0, 0], NA),
    ([1, 0, 0, 0, 3], B),
    ([-1, -1, 0, 0, 0], E),                         # pushed-out fronts are least advanced
])
def test_front_table_6_most_advanced_front(eaw: Any, axis: list[int], front: int) -> None:
    s = start(eaw, in_play=ALL_IN_PLAY, axis=axis)
    lines = bot(s, 1, 6)
    assert lines[1] == (f"Front Table: die 6 -> the most advanced Axis front, {NAMES[front]} "
                        "[Front Table]")
    assert s.data["stalled"] == [int(f == front) for f in range(5)]


def test_front_table_most_advanced_only_fronts_in_play(eaw: Any) -> None:
    s = start(eaw, axis=[0, 1, 3, 0, 0])             # the Eastern front is not in play
    lines = bot(s, 2, 6)
    assert lines[1].endswith("North Africa [Front Table]")
    assert s.data["reserve"] == [0, 1, 0, 0, 0]


# -- 11.3 an action that cannot be played is ignored, for each chart result ----------------

IGNORED = [
    pytest.param({}, (1, 5), "the Axis Balkan front is not in play", id="1-stall-not-in-play"),
    pytest.param({"stalled": [1, 0, 0, 0, 0]}, (1, 1),
                 "the Axis Western front is already stalled", id="1-stall-already"),
    pytest.param({"reserve": [0, 1, 0, 0, 0]}, (2, 2),
                 "the Allied North Africa front already has its reserve", id="2-reserve-already"),
    pytest.param({}, (3, 4), "the Axis Central/Southern front is not in play",
                 id="3-counter-not-in-play"),
    pytest.param({"axis": [0, -1, 0, 0, 0]}, (3, 2), "the Allies already hold Rome",
                 id="3-counter-home-held"),
    pytest.param({"air": [AXIS, AXIS, ALLIED]}, (4, 2),
                 "the Allies already control the Mediterranean air space", id="4-air-allied"),
    pytest.param({"air": [AXIS, AXIS, ALLIED]}, (4, 5),
                 "the Allies already control the Mediterranean air space",
                 id="4-air-allied-via-balkan"),
    pytest.param({}, (5,), "the Allies control both sea zones and Malta is active",
                 id="5-sea-nothing-to-do"),
    pytest.param({"axis": [-1, -1, 0, 0, 0]}, (6,), "no Axis front to counter-attack",
                 id="6-everything-pushed-out"),
]


@pytest.mark.parametrize(("changes", "dice", "why"), IGNORED)
def test_11_3_unplayable_bot_action_is_ignored(eaw: Any, changes: dict[str, Any],
                                               dice: tuple[int, ...], why: str) -> None:
    s = start(eaw, **changes)
    before = markers(s)
    lines = bot(s, *dice)
    ignored = f"The BOT action cannot be played ({why}): it is ignored [11.3]"
    assert lines[len(dice)] == ignored              # after the chart and Front Table lines
    assert sum(ln.endswith("[11.3]") for ln in lines) == 1
    assert markers(s) == before
    assert s.data["turn"] == 2


# -- chart 1 stall, chart 2 reserves -------------------------------------------------------

def test_chart_2_reserves_on_a_front_the_axis_have_not_entered(eaw: Any) -> None:
    """Every Allied front marker is on the board from the set-up ("Place Allied army front
    markers in locations adjacent Berlin and Rome"; only the Axis markers of three fronts
    are not in play yet): a reserves result on the Eastern front before turn 6 flips its
    Allied marker, and the reserve is there when the Eastern front enters (it was ignored
    as 'not in play': an outside audit)."""
    s = start(eaw)
    lines = bot(s, 2, 3)
    assert lines[2] == ("Allied reserves: the Allied Eastern front flips to its reserve "
                        "side [9.1]")
    assert s.data["reserve"] == [0, 0, 1, 0, 0] and not s.data["in_play"][2]
    assert not any(ln.endswith("[11.3]") for ln in lines)
    s.data["in_play"][2] = 1                     # the Eastern front enters (turn 6)
    s.invalidate()
    why = explain(s, "attack:eastern")
    assert "-1 Allied reserve, 9.1" in why.reason and "9.1" in why.rules


def test_chart_2_reserves_then_9_1_minus_1(eaw: Any) -> None:
    s = start(eaw)
    lines = bot(s, 2, 2)
    assert lines[2] == ("Allied reserves: the Allied North Africa front flips to its reserve "
                        "side [9.1]")
    assert s.data["reserve"] == [0, 1, 0, 0, 0]
    assert view(s)["fronts"][NA]["reserve"] is True
    # turn 2: the reserve gives -1 to the Axis attack on North Africa (with Malta, -2 total)
    lines = roll(s, (6,), "attack:north_africa")
    assert lines[0].endswith("-1 (Allied reserve, 9.1) -1 (Malta active) = 4 -> no result "
                             "(Land Attack Table) [5.1]")
    assert s.data["reserve"] == [0, 1, 0, 0, 0]


# -- chart 3 counter-attacks: 5.1, 5.2 both ways, 11.2 -------------------------------------

WEST_AXIS_AIR = " -1 (Axis control Western Europe air space, 5.2)"
WEST_ALLIED_AIR = " +1 (Allied control Western Europe air space, 5.2)"
COUNTER = [
    pytest.param(2, AXIS, ALLIED, WEST_AXIS_AIR + " +1 (Allied control the Atlantic, port, 5.2)",
                 0, id="axis-air-allied-port"),
    pytest.param(2, ALLIED, ALLIED,
                 WEST_ALLIED_AIR + " +1 (Allied control the Atlantic, port, 5.2)", 2,
                 id="allied-air-allied-port"),
    pytest.param(2, AXIS, AXIS, WEST_AXIS_AIR + " -1 (Axis control the Atlantic, port, 5.2)",
                 -2, id="axis-air-axis-port"),
    pytest.param(2, ALLIED, AXIS,
                 WEST_ALLIED_AIR + " -1 (Axis control the Atlantic, port, 5.2)", 0,
                 id="allied-air-axis-port"),
    pytest.param(1, AXIS, ALLIED, WEST_AXIS_AIR, -1, id="ruhr-no-port"),
    pytest.param(3, ALLIED, AXIS, WEST_ALLIED_AIR, 1, id="sedan-no-port"),
]


@pytest.mark.parametrize(("pos", "air", "sea", "text", "drm"), COUNTER)
def test_5_2_allied_counter_attack_drms(eaw: Any, pos: int, air: int, sea: int, text: str,
                                        drm: int) -> None:
    route = eaw.c.routes[W]
    for die in range(1, 7):
        s = start(eaw, axis=[pos, 0, 0, 0, 0], air=[air, AXIS, AXIS],
                  air_sup=[0, 0, 0], sea=[sea, ALLIED])
        lines = bot(s, 3, 1, die)
        total = die + drm
        advance = total >= 5
        assert lines[2] == (f"The Allied Western front counter-attacks {route[pos]}: die {die}"
                            f"{text} = {total} -> {'advance' if advance else 'no result'} "
                            "(Land Attack Table) [5.1]")
        if advance:
            assert lines[3] == (f"The Allies advance into {route[pos]}; the Axis Western "
                                f"front retreats to {route[pos - 1]} [5.1]")
        assert s.data["axis"][W] == pos - advance
        assert s.data["tanks"] == [[W, 0]]          # the Axis tank goes back with its front


def test_5_1_allies_push_the_axis_out_of_rome_and_the_axis_recover_it(eaw: Any) -> None:
    s = start(eaw)
    # Rome is a Mediterranean port: -1 Axis air +1 Allied sea
    lines = bot(s, 3, 2, 5)
    assert lines[2] == ("The Allied North Africa front counter-attacks Rome: die 5 -1 (Axis "
                        "control Mediterranean air space, 5.2) +1 (Allied control the "
                        "Mediterranean, port, 5.2) = 5 -> advance (Land Attack Table) [5.1]")
    assert lines[3] == ("The Allies occupy Rome! The Axis North Africa front is pushed "
                        "outside its home [5.1]")
    assert lines[4] == ("The successful counter-attack stalls the Axis North Africa front: "
                        "flip it to its stalled side (Allied Action Chart) [4.4]")
    assert lines[5] == ("The Allies occupy Rome, but no automatic victory before the end of "
                        "turn 6 [10.1]")
    assert s.data["axis"][NA] == -1
    assert s.data["stalled"][NA] == 1
    # "Several Allied actions can cause a stalled result" (4.4): unstall before attacking
    assert "attack:north_africa" not in [a.key for a in legal_actions(s)]
    roll(s, (), "unstall:north_africa")
    s.data["ap"] += 1  # keep the turn open after the next attack (the unstall cost 1 AP)
    v = view(s)
    assert v["allies_occupy"] == ["Rome"]
    assert v["fronts"][NA]["axis_location"] == "outside"
    assert v["fronts"][NA]["allied_location"] == "Rome"
    # the Axis attack Rome: +1 air -1 Allied port -1 Malta
    lines = roll(s, (6,), "attack:north_africa")
    assert lines[0].startswith("The Axis North Africa front attacks Rome: die 6")
    assert lines[1] == "The Axis North Africa front recovers Rome; the Allies retreat to " \
                       "Tripoli [5.1]"
    assert s.data["axis"][NA] == 0 and view(s)["allies_occupy"] == []


def test_11_2_allies_counter_attack_to_recover_the_last_location(eaw: Any) -> None:
    s = start(eaw, axis=[6, 0, 0, 0, 0])
    assert "attack:western" not in [a.key for a in legal_actions(s)]
    # London: -1 Axis air +1 Allied Atlantic
    lines = bot(s, 3, 1, 5)
    assert lines[2].endswith("= 5 -> advance (Land Attack Table) [5.1]")
    assert lines[3] == ("The Allies recover London; the Axis Western front retreats to "
                        "Normandy [11.2]")
    assert s.data["axis"][W] == 5
    assert s.data["stalled"][W] == 1
    assert view(s)["fronts"][W]["allied_location"] == "London"
    assert "unstall:western" in [a.key for a in legal_actions(s)]
    roll(s, (), "unstall:western")
    assert "attack:western" in [a.key for a in legal_actions(s)]


def test_11_2_failed_recovery_leaves_the_axis_in_london(eaw: Any) -> None:
    s = start(eaw, axis=[6, 0, 0, 0, 0])
    lines = bot(s, 3, 1, 4)
    assert lines[2].endswith("= 4 -> no result (Land Attack Table) [5.1]")
    assert s.data["axis"][W] == 6


# -- chart 4 air offensive, 6.2 ------------------------------------------------------------

@pytest.mark.parametrize("die", range(1, 7))
def test_6_2_allied_air_attack_minus_1_with_air_superiority(eaw: Any, die: int) -> None:
    s = start(eaw)
    assert s.data["air_sup"] == [1, 0, 0]
    lines = bot(s, 4, 1, die)
    win = die >= 4
    assert lines[2] == (
        f"The Allies attack Axis control of the Western Europe air space: die {die} -1 (Axis "
        f"air superiority, 6.2) = {die - 1} -> "
        + ("Allied win; flip the marker to Allied control (Air Attack Table) [6.1]" if win
           else "no result (Air Attack Table) [6.1]"))
    if win:
        assert lines[3] == "The Axis air superiority marker is lost [Air Superiority]"
    assert s.data["air"][WEST_AIR] == (ALLIED if win else AXIS)
    assert s.data["air_sup"] == [int(not win), 0, 0]
    assert view(s)["air_spaces"][WEST_AIR]["axis_air_superiority"] is (not win)


@pytest.mark.parametrize("die", range(1, 7))
def test_6_1_allied_air_attack_without_superiority_no_drm(eaw: Any, die: int) -> None:
    s = start(eaw)
    lines = bot(s, 4, 2, die)                       # North Africa: Mediterranean air space
    win = die >= 3
    assert lines[2] == (
        f"The Allies attack Axis control of the Mediterranean air space: die {die} -> "
        + ("Allied win; flip the marker to Allied control (Air Attack Table) [6.1]" if win
           else "no result (Air Attack Table) [6.1]"))
    assert s.data["air"] == [AXIS, AXIS, ALLIED if win else AXIS]
    # 5.2: the air space now changes the Axis land attacks of both its fronts
    if win:
        assert "-1 (Allied control Mediterranean air space, 5.2)" in roll(
            s, (1,), "attack:north_africa")[0]


def test_air_space_of_a_front_not_in_play_can_be_attacked(eaw: Any) -> None:
    # 1.2: the air spaces are all on the board from set-up; only the front waits.
    s = start(eaw)
    lines = bot(s, 4, 3, 3)
    assert lines[2].startswith("The Allies attack Axis control of the Eastern Europe air "
                               "space: die 3 -> Allied win")
    assert s.data["air"] == [AXIS, ALLIED, AXIS]


def test_6_2_superiority_lost_for_good(eaw: Any) -> None:
    s = start(eaw, air_sup=[0, 0, 0])               # lost earlier, Axis control regained
    lines = bot(s, 4, 1, 3)
    assert lines[2].startswith("The Allies attack Axis control of the Western Europe air "
                               "space: die 3 -> Allied win")


# -- chart 5 naval offensive, 7.2 (no DRM for the Allies), Malta ---------------------------

@pytest.mark.parametrize("die", range(1, 7))
def test_7_2_allied_attack_on_axis_atlantic_has_no_drm(eaw: Any, die: int) -> None:
    s = start(eaw, sea=[AXIS, ALLIED])
    lines = bot(s, 5, die)
    win = die >= 3
    assert lines[1] == (
        f"The Allies attack Axis control of the Atlantic: die {die} -> "
        + ("Allied win; flip the marker to Allied control (Sea Attack Table) [7.1]" if win
           else "no result (Sea Attack Table) [7.1]"))
    assert s.data["sea"] == [ALLIED if win else AXIS, ALLIED]


def test_naval_offensive_atlantic_before_mediterranean(eaw: Any) -> None:
    s = start(eaw, sea=[AXIS, AXIS], malta=0)
    lines = bot(s, 5, 3)
    assert lines[1].startswith("The Allies attack Axis control of the Atlantic: die 3 -> "
                               "Allied win")
    assert s.data["sea"] == [ALLIED, AXIS]
    assert s.data["malta"] == 0


@pytest.mark.parametrize("die", range(1, 7))
def test_naval_offensive_on_the_mediterranean_no_drm(eaw: Any, die: int) -> None:
    s = start(eaw, sea=[ALLIED, AXIS], malta=0)
    lines = bot(s, 5, die)
    win = die >= 3
    assert lines[1] == (
        f"The Allies attack Axis control of the Mediterranean: die {die} -> "
        + ("Allied win; flip the marker to Allied control (Sea Attack Table) [7.1]" if win
           else "no result (Sea Attack Table) [7.1]"))
    assert s.data["sea"] == [ALLIED, ALLIED if win else AXIS]
    assert s.data["malta"] == 0                     # recovering the sea does not resupply


def test_malta_resupplied_when_the_allies_hold_both_seas(eaw: Any) -> None:
    s = start(eaw, malta=0)
    lines = bot(s, 5)
    assert lines[1] == "Malta is resupplied: flip it to its active side [Malta]"
    assert s.data["malta"] == 1 and view(s)["malta"] == "active"
    assert "-1 Malta active" in explain(s, "attack:north_africa").reason


# -- chart 6 reserves counter-attack, 9.1, 11.4 --------------------------------------------

@pytest.mark.parametrize("die", range(1, 7))
def test_11_4_reserve_added_and_used_the_same_turn(eaw: Any, die: int) -> None:
    s = start(eaw, axis=[1, 0, 0, 0, 0])            # Ruhr: the most advanced front
    lines = bot(s, 6, die)
    advance = die >= 5
    assert lines[1:4] == [
        "Allied reserves: the Allied Western front flips to its reserve side [9.1]",
        "The reserve is added and used in the same turn [11.4]",
        f"The Allied Western front counter-attacks Ruhr: die {die} -1 (Axis control Western "
        f"Europe air space, 5.2) +1 (reserve committed, Allied Action Chart) = {die} -> "
        f"{'advance' if advance else 'no result'} (Land Attack Table) [5.1]",
    ]
    assert s.data["axis"][W] == 1 - advance
    assert s.data["stalled"][W] == advance          # a successful counter-attack stalls
    assert s.data["reserve"] == [1, 0, 0, 0, 0]     # the reserve stays in play
    if advance:
        assert lines[5] == ("The successful counter-attack stalls the Axis Western front: "
                            "flip it to its stalled side (Allied Action Chart) [4.4]")
        roll(s, (), "unstall:western")
        s.data["ap"] += 1  # keep the turn open after the next attack
    # turn 2: the reserve gives -1 to the next Axis attack there (9.1)
    assert "-1 (Allied reserve, 9.1)" in roll(s, (6,), "attack:western")[0]


def test_11_4_reserve_already_in_play_is_not_flipped_again(eaw: Any) -> None:
    s = start(eaw, axis=[0, 2, 0, 0, 0], reserve=[0, 1, 0, 0, 0])
    lines = bot(s, 6, 5)
    # 11.4's "added" only when it was (it was said of a reserve already in play: an audit)
    assert lines[1] == ("The Allied North Africa front's reserve, already in play, is used in "
                        "the counter-attack (Allied Action Chart) [4.3]")
    assert lines[2].startswith("The Allied North Africa front counter-attacks Benghazi: die 5")
    assert not [ln for ln in lines if "flips to its reserve side" in ln or "[11.4]" in ln]
    assert s.data["reserve"] == [0, 1, 0, 0, 0]


# -- 8.1 Allied tanks ----------------------------------------------------------------------

EAST_AXIS_AIR = " -1 (Axis control Eastern Europe air space, 5.2)"


@pytest.mark.parametrize(("dice", "reroll", "axis"), [
    ((1, 6), "die 6" + EAST_AXIS_AIR + " = 5 -> advance (Land Attack Table) [8.1]", 0),
    ((1, 2), "die 2" + EAST_AXIS_AIR + " = 1 -> no result (Land Attack Table) [8.1]", 1),
    ((6,), None, 0),                                # a success needs no re-roll
])
def test_8_1_allied_tank_rerolls_a_failed_counter_attack(eaw: Any, dice: tuple[int, ...],
                                                        reroll: str | None, axis: int) -> None:
    s = start(eaw, in_play=[1, 1, 1, 1, 0], axis=[0, 0, 1, 0, 0], allied_tanks=[[E, 0]])
    lines = bot(s, 3, 3, *dice)
    rerolls = [ln for ln in lines if ln.startswith("The Allied tank re-rolls")]
    assert rerolls == ([f"The Allied tank re-rolls: {reroll}"] if reroll else [])
    assert s.data["axis"][E] == axis
    assert s.data["allied_tanks"] == [[E, 0]]       # flipped back at the new turn


def test_8_1_allied_tank_only_on_its_front(eaw: Any) -> None:
    s = start(eaw, in_play=[1, 1, 1, 1, 0], axis=[0, 0, 1, 0, 0], allied_tanks=[[NA, 0]])
    lines = bot(s, 3, 3, 1)                         # exactly one die: no re-roll
    assert not [ln for ln in lines if "re-rolls" in ln]
    assert s.data["axis"][E] == 1


def test_8_1_allied_tank_with_the_reserve_counter_attack(eaw: Any) -> None:
    s = start(eaw, in_play=[1, 1, 1, 1, 0], axis=[0, 0, 1, 0, 0], allied_tanks=[[E, 0]])
    lines = bot(s, 6, 2, 4)
    assert ("The Allied tank re-rolls: die 4" + EAST_AXIS_AIR + " +1 (reserve committed, "
            "Allied Action Chart) = 4 -> no result (Land Attack Table) [8.1]") in lines
    assert s.data["axis"][E] == 1 and s.data["reserve"][E] == 1
