"""Europe in Turmoil II: the Appeasement-era Events (cards 77-110), played through the
protocol from the 13.0 Appeasement scenario with forced dice."""

from __future__ import annotations

import random

import pytest

from eit2_log import Lines, mods
from warroom.core import apply, explain, legal_actions, new_game, prompt
from warroom.core.flow import run
from warroom.games.eit2.board import LW, ROLE, RW
from warroom.games.eit2.game import EuropeInTurmoil2
from warroom.games.eit2.scoring import adjacent_independents

G = EuropeInTurmoil2()
C = G.c


def sid(name: str) -> int:
    return int(C.index[name])


def S(name: str) -> str:
    return f"space:{C.slugs[sid(name)]}"


def sp(st, name: str) -> tuple[int, int, int, int]:
    """(LW SP, RW SP, LW Extremists, RW Extremists) in the space."""
    d, s = st.data, sid(name)
    return d["sp"][LW][s], d["sp"][RW][s], d["ext"][LW][s], d["ext"][RW][s]


def invariants(data) -> list[str]:
    """G.check_invariants (the engine counts the card of an Operations play whose
    opponent's Event is still to be resolved, 5.2, as in play)."""
    return G.check_invariants(data)


def start(side: int, n: int, dice=(), seed: int = 0):
    """The Appeasement scenario (13.0), ``side``'s Action Round 7.1 with card ``n`` in hand
    (moved there from wherever the deal put it, so every card stays in one place)."""
    st = new_game(G, "appeasement", seed)
    d = st.data
    for pile in (d["deck"], d["discard"], d["hands"][LW], d["hands"][RW]):
        if n in pile:
            pile.remove(n)
    d["hands"][side].append(n)
    d["stack"][-1] = {"kind": "action_round", "role": ROLE[side], "side": side}
    d["phasing"] = side
    d["round_done"][side] = d["ar"]
    run(st)
    d["forced"] = list(dice)
    st.invalidate()
    assert invariants(st) == []
    return st


def hold(st, side: int, n: int) -> None:
    """Put card ``n`` in ``side``'s hand from wherever it lies (not in play: its place in
    the deck or a discard), to be played for an Event's free Rearmament attempt (6.3.5)."""
    d = st.data
    for pile in (d["deck"], d["discard"], d["hands"][LW], d["hands"][RW]):
        if n in pile:
            pile.remove(n)
    d["hands"][side].append(n)
    st.invalidate()


def play(st, *keys: str) -> Lines:
    n0 = len(st.data["log"])
    for k in keys:
        apply(st, k)
    assert invariants(st) == []
    return Lines(st.data["log"][n0:])


def keys(st) -> list[str]:
    return [a.key for a in legal_actions(st)]


# -- RW cards ---------------------------------------------------------------------------

def test_79_red_army_purges_retreats_two_boxes_6_3_9():
    st = start(RW, 79)
    t = C.track_ids.index("ussr")
    assert st.data["rearm"][t] == 4 and st.data["rearm_side"][t] == LW
    log = play(st, "event:79")
    assert "The USSR marker retreats 2 box(es) to Polikarpov I-16 [6.3.9]" in log
    assert "LW Moderation -1: now LW7 [8.2]" in log
    # 6.3.10: not flipped; 6.3.9: no box effects when retreating
    assert st.data["rearm"][t] == 2 and st.data["rearm_side"][t] == LW
    assert 79 in st.data["out_of_game"]


def test_79_red_army_purges_as_far_as_possible_and_triggered_by_lw_ops_5_2():
    # 6.3.9 "or as far as possible, if less than 2 advances have been made"; LW plays the
    # RW card for Operations, resolves the RW Event first (5.2)
    st = start(LW, 79)
    t = C.track_ids.index("ussr")
    st.data["rearm"][t] = 1
    st.invalidate()
    play(st, "ops:79")
    assert keys(st) == ["op_place", "op_check", "event_first"]
    log = play(st, "event_first")
    assert "The USSR marker retreats 1 box(es) to USSR [6.3.9]" in log
    assert st.data["rearm"][t] == 0 and st.data["mod"][LW] == 7
    assert 79 in st.data["out_of_game"] and 79 in st.data["events_played"]


def test_81_rhineland_remilitarization_cancels_franco_german_reconciliation():
    st = start(RW, 81)
    assert 58 in st.data["ongoing"]
    log = play(st, "event:81")
    assert sp(st, "Rhineland") == (2, 4, 0, 0)
    assert "The ongoing Event Franco-German Reconciliation is cancelled [7.2]" in log
    assert 58 not in st.data["ongoing"] and 58 in st.data["out_of_game"]
    assert 58 in st.data["blocked"]
    assert st.data["tension"] == 3


def test_81_requires_rhineland_evacuation_7_5():
    st = start(RW, 81)
    st.data["events_played"].remove(54)
    st.invalidate()
    assert "event:81" not in keys(st) and "ops:81" in keys(st)


def test_82_anschluss_check_with_plus_4():
    st = start(RW, 82, dice=[1])
    log = play(st, "event:82")
    assert ("RW Support Check in Austria (0/1): die 1 +4 OPs +0 (-1 South Tyrol "
            "opponent-controlled, +1 Extremist in South Tyrol, -1 Moravia opponent-"
            "controlled, +1 Hungary controlled, +1 Extremist in Hungary, -1 Switzerland "
            "opponent-controlled) = 5 against 4 (Stability 2 x2) [6.2.5]") in log
    assert sp(st, "Austria") == (0, 2, 0, 0)
    assert st.data["tension"] == 3


def _all_rw_extremists_out(st, but: tuple[str, ...]) -> None:
    """All 15 RW Extremists on the board (2.3.2), none in the spaces ``but``."""
    d = st.data
    for name in but:
        d["ext"][RW][sid(name)] = 0
    need = 15 - sum(d["ext"][RW])
    for x in range(len(C.names)):
        if need <= 0:
            break
        if C.names[x] not in but and d["ext"][RW][x] == 0:
            d["ext"][RW][x] = 1
            need -= 1
    st.invalidate()


def test_82_the_rest_of_the_event_waits_for_a_checks_relocated_extremist():
    """2.3.2 with a Support Check's Extremist (6.2.6) when all 15 are on the board: the rest
    of the Event comes after the relocation, in the text's order (an eit2 rules audit:
    Anschluss's Tension +1 and its war roll came first, and Franco's Andalusia check ran
    before the Spanish Moroccan Extremist came)."""
    st = start(RW, 82, dice=[6])
    _all_rw_extremists_out(st, ("Austria",))
    log = play(st, "event:82")
    assert "All 15 RW Extremists are on the board: RW may relocate one to Austria [2.3.2]" \
        in log
    assert st.data["stack"][-1]["kind"] == "relocate_extremist"
    assert not [ln for ln in log if ln.startswith("Tension")], log
    log = play(st, keys(st)[0])
    assert sp(st, "Austria")[3] == 1 and log[-2] == "Tension +1: now 3 [9.1]", log


def test_83_munich_agreement():
    st = start(RW, 83)
    log = play(st, "event:83")
    assert log[2:6] == ["3 LW SP removed from Sudetenland (0/4) [7.1]",
                        "RW places 3 SP in Sudetenland (0/7) [7.1]",
                        "LW Moderation -1: now LW7 [8.2]", "Tension -1: now 1 [9.1]"]
    assert st.data["power"] == 3


def test_83_munich_at_tension_0_gives_rw_power_9_3():
    st = start(RW, 83)
    st.data["tension"] = 0
    st.invalidate()
    log = play(st, "event:83")
    assert "Tension is at 0 and cannot be reduced: RW gains 1 Power instead [9.3]" in log
    assert st.data["power"] == 4 and st.data["tension"] == 0


def test_84_pact_of_steel_advances_italy_without_flip():
    st = start(RW, 84)
    t = C.track_ids.index("italy")
    st.data["rearm_side"][t] = LW       # box effects go to the side the marker shows
    st.invalidate()
    log = play(st, "event:84")
    assert "The Italy marker advances to Rapid Army Expansion (not flipped) [6.3.10]" in log
    assert st.data["rearm"][t] == 3 and st.data["rearm_side"][t] == LW
    # the box's Power goes to LW, the side the (unflipped) marker shows (6.3.4)
    assert "LW gains 1 Power: Power RW2 [6.3.4]" in log
    assert "RW gains 1 Power: Power RW3 [10.2]" in log
    assert st.data["tension"] == 3 and st.data["power"] == 3


def test_84_requires_il_duce_and_hitler():
    st = start(RW, 84)
    st.data["events_played"].remove(49)
    st.invalidate()
    assert "event:84" not in keys(st)


def test_85_condor_legion_air_box_bonus_then_check_in_spain():
    """6.3.5: the Event's free attempt takes a card played for its OPs (only Mechanised
    Warfare Pioneers' needs none; an eit2 events audit): RW plays a neutral 3-OPs card;
    the Support Check in Spain comes after the attempt."""
    st = start(RW, 85, dice=[6, 6])
    hold(st, RW, 40)                                # Dawes Plan / Young Plan: neutral, 3 OPs
    play(st, "event:85")
    assert st.data["stack"][-1]["kind"] == "free_attempt" and "card:40" in keys(st)
    # the menu tells what the card gives the attempt (a terminal audit: only "Card 40: ...")
    label = {a.key: st.game.describe(st, a.id) for a in legal_actions(st)}
    assert label["card:40"] == "Dawes Plan / Young Plan [neutral, 3 OPs]: 67%"  # 3+ on a die
    assert label["pass"] == "Pass: no free Rearmament attempt"
    log = play(st, "card:40", "track:germany")
    assert ("RW free Rearmament attempt on the Germany track: die 6 +3 OPs +2 (+1 marker on "
            "the RW +1 side, +1 Condor Legion: Dive Bomber Doctrine is an Air box) = 11, "
            "Dive Bomber Doctrine needs 8 [6.3.2]") in log
    assert st.data["rearm_available"][RW] == 1     # 6.3.5: free
    assert st.data["rearm_mods"] == []              # the +1 was for this attempt only
    opts = keys(st)
    assert opts == [S(n) for n in ("Basque Country", "Catalonia", "Madrid", "Valencia",
                                   "Spanish Morocco")]
    log = play(st, S("Madrid"))
    # Election of '33 is in effect in 1936 (13.3 reminder): +1 to RW checks in Spain; so is
    # Special Emergency Intervention, passed before 1936 (13.2: its marker on the sheet)
    assert ("RW Support Check in Madrid (2/1): die 6 +2 OPs +1 (-1 Basque Country opponent-"
            "controlled, -1 Valencia opponent-controlled, +1 Special Emergency Intervention, "
            "+1 Election of '33, +1 Dive Bomber Doctrine) = 9 against 6 (Stability 3 x2) "
            "[6.2.5]") in log
    assert sp(st, "Madrid") == (0, 2, 0, 0)
    # a space chosen among those with LW markers: an ordinary check, not 6.2.4's exception
    # for a space an Event names (an eit2 card audit: it was logged 'made even without
    # opposing markers')
    assert "Condor Legion: RW makes a Support Check in Madrid with a +2 modifier [7.1]" in log
    assert not any("6.2.4" in line for line in log)


def test_86_francisco_franco():
    st = start(RW, 86, dice=[3, 3])
    log = play(st, "event:86")
    assert "RW Extremist placed in Spanish Morocco (0*/2*) [7.1]" in log
    assert "LW Extremist removed from Spanish Morocco (0/2*) [6.2.6]" in log
    assert sp(st, "Spanish Morocco") == (0, 2, 0, 1)
    assert sp(st, "Andalusia") == (0, 2, 0, 1)


def test_87_italy_leaves_the_league():
    st = start(RW, 87)
    assert st.data["flags"]["league_of_nations"] is True
    play(st, "event:87")
    assert st.data["flags"]["league_of_nations"] is False
    assert 23 in st.data["blocked"]
    assert sp(st, "Switzerland") == (4, 3, 0, 0) and st.data["tension"] == 3
    # the marker's flip said, as card 23 said it (an events audit)
    assert any(line.startswith("The Switzerland marker flips to its blank side: Switzerland "
                               "is no longer adjacent to the United Kingdom") for line in
               play(start(RW, 87), "event:87"))


def test_88_kristallnacht_up_to_three():
    st = start(RW, 88)
    play(st, "event:88")
    assert S("Hamburg") not in keys(st) and "pass" in keys(st)   # already a RW Extremist
    log = play(st, S("Berlin"), S("Bavaria"), S("Saxony"))
    assert [sp(st, n)[3] for n in ("Berlin", "Bavaria", "Saxony")] == [1, 1, 1]
    assert log[-2] == "RW Moderation -2: now RW5 [8.2]"


def test_88_kristallnacht_may_stop():
    st = start(RW, 88)
    log = play(st, "event:88", S("Berlin"), "pass")
    assert "Kristallnacht: no more Extremists (1 placed) [7.1]" in log
    assert st.data["mod"][RW] == 5 and sum(st.data["ext"][RW]) == 11


def test_88_kristallnacht_a_declined_relocation_places_nothing():
    """All 15 RW Extremists on the board: Berlin chosen, the relocation (2.3.2) declined.
    Nothing was placed there, and the count says so (it said "1 placed": an events audit);
    Berlin stays one of the three choices, not offered again (a bot declining each time
    would choose it for ever)."""
    st = start(RW, 88)
    _all_rw_extremists_out(st, ("Berlin", "Bavaria", "Saxony"))
    play(st, "event:88", S("Berlin"), "pass")
    assert sp(st, "Berlin")[3] == 0 and S("Berlin") not in keys(st)
    assert "(2 of 3 left" in prompt(st).text
    log = play(st, "pass")
    assert "Kristallnacht: no more Extremists (0 placed) [7.1]" in log


def test_88_kristallnacht_counts_the_extremists_it_placed():
    """One RW Extremist left in the countermix: Berlin gets it, Bavaria one relocated from
    Berlin (2.3.2). Two were placed, though one space now holds them (the count read the
    board and said 1: a review)."""
    st = start(RW, 88)
    _all_rw_extremists_out(st, ("Berlin", "Bavaria", "Saxony"))
    d = st.data
    spare = next(x for x in range(len(C.names)) if d["ext"][RW][x])
    d["ext"][RW][spare] = 0                       # 14 on the board, one left to place
    st.invalidate()
    play(st, "event:88", S("Berlin"), S("Bavaria"), S("Berlin"))
    assert (sp(st, "Berlin")[3], sp(st, "Bavaria")[3]) == (0, 1)
    log = play(st, "pass")
    assert "Kristallnacht: no more Extremists (2 placed) [7.1]" in log


def test_89_konrad_henlein():
    st = start(RW, 89)
    play(st, "event:89")
    assert sp(st, "Sudetenland") == (3, 6, 0, 1)


def test_90_anti_comintern_pact():
    st = start(RW, 90)
    log = play(st, "event:90", S("Hamburg"), S("USSR"))
    assert sp(st, "Hamburg")[2] == 0 and sp(st, "USSR")[2] == 0
    assert "Anti-Comintern Pact: RW does not control Berlin: no Power [10.2]" in log
    assert st.data["tension"] == 3 and st.data["power"] == 3


def test_90_anti_comintern_pact_power_with_berlin():
    st = start(RW, 90)
    st.data["sp"][RW][sid("Berlin")] = 8
    st.invalidate()
    play(st, "event:90", S("Paris"), "pass")
    assert sp(st, "Paris")[2] == 0 and st.data["power"] == 4


def test_90_anti_comintern_pact_says_its_removals():
    """The removal clause is said when nothing is removed: no LW Extremist on the map, or
    RW stopping at once (it went unsaid: an events audit)."""
    st = start(RW, 90)
    st.data["ext"][LW] = [0] * len(C.names)
    st.invalidate()
    log = play(st, "event:90")
    assert "Anti-Comintern Pact: no LW Extremist on the map to remove [7.1]" in log
    st = start(RW, 90)
    log = play(st, "event:90", S("Hamburg"), "pass")
    assert "Anti-Comintern Pact: no more LW Extremists removed (1 removed) [7.1]" in log


def test_91_first_vienna_award():
    st = start(RW, 91)
    play(st, "event:91")
    assert sp(st, "Hungary") == (0, 4, 0, 1) and sp(st, "Slovakia") == (0, 3, 0, 1)


def test_92_danzig_crisis_power_if_rw_controls_berlin():
    """The Power bonus hangs on Berlin, a space of 11.2.5's RW list, not East-Prussia."""
    st = start(RW, 92)
    st.data["sp"][LW][sid("Berlin")] = 0
    st.data["sp"][RW][sid("Berlin")] = 8        # RW controls Berlin
    st.invalidate()
    log = play(st, "event:92")
    assert sp(st, "Danzig-Polish Corridor") == (0, 2, 0, 0)
    assert "RW gains 1 Power: Power RW4 [10.2]" in log and st.data["tension"] == 3
    st = start(RW, 92)
    st.data["sp"][RW][sid("Berlin")] = 0
    st.invalidate()
    log = play(st, "event:92")
    assert "Danzig Crisis: RW does not control Berlin: no Power [10.2]" in log
    assert st.data["power"] == 3 and st.data["tension"] == 3


def test_93_teschen_annexation_plus_1_or_3():
    st = start(RW, 93, dice=[6])
    log = play(st, "event:93")
    check = log.check("Moravia")
    assert (check["before"], check["die"], check["ops"], check["drm"]) == ("2/0", 6, 1, 2)
    assert sp(st, "Moravia") == (0, 2, 0, 1)
    st = start(RW, 93, dice=[1])
    st.data["sp"][RW][sid("Poland")] = 6        # RW controls Poland (3 + 3)
    st.invalidate()
    log = play(st, "event:93")
    check = log.check("Moravia")
    assert (check["before"], check["die"], check["ops"]) == ("2/0", 1, 3)
    # the condition said (an events audit)
    assert "Teschen Annexation: RW controls Poland: +3 [6.2.5]" in log


def test_94_ioannis_metaxas():
    st = start(RW, 94, dice=[4])
    log = play(st, "event:94")
    assert "RW Extremist placed in Greece (0/2*) [7.1]" in log
    check = log.check("Greece")
    assert check["role"] == "rw" and check["before"] == "0/2*"
    assert (check["die"], check["ops"], check["drm"]) == (4, 2, 0)
    assert sp(st, "Greece") == (0, 2, 0, 1)


# -- LW cards ---------------------------------------------------------------------------

def test_80_guarantees_to_poland():
    st = start(LW, 80)
    assert C.index["Poland"] not in adjacent_independents(C, st.data, "France")
    play(st, "event:80")
    assert sp(st, "Poland") == (5, 2, 0, 0) and st.data["tension"] == 3
    assert st.data["flags"]["guarantees_poland"] is True
    assert sid("Poland") in adjacent_independents(C, st.data, "France")
    assert sid("Poland") in adjacent_independents(C, st.data, "United Kingdom")


def test_95_international_brigades():
    st = start(LW, 95)
    play(st, "event:95")
    assert [sp(st, n) for n in ("Madrid", "Valencia", "Catalonia")] == [
        (3, 1, 1, 0), (3, 0, 0, 0), (5, 1, 0, 0)]


def test_96_leon_blum():
    st = start(LW, 96)
    play(st, "event:96")
    assert sp(st, "Paris") == (6, 2, 1, 0) and sp(st, "Action Française") == (0, 2, 0, 1)
    assert st.data["mod"][LW] == 9


def test_97_guernica():
    st = start(LW, 97, dice=[5])
    log = play(st, "event:97")
    assert log[2] == "RW Moderation -2: now RW5 [8.2]"
    assert ("LW Support Check in Basque Country (2/0): die 5 +2 OPs +1 (+1 Catalonia "
            "controlled) = 8 against 4 (Stability 2 x2) [6.2.5]") in log
    assert sp(st, "Basque Country") == (2, 0, 1, 0)


def test_98_no_pasaran():
    st = start(LW, 98, dice=[6])
    play(st, "event:98")
    assert sp(st, "Madrid") == (3, 0, 1, 0)


def test_99_franco_soviet_treaty():
    """The free attempt takes a card from the hand (6.3.5), on the French or the USSR
    track, then Tension +1."""
    st = start(LW, 99, dice=[2])
    hold(st, LW, 40)
    play(st, "event:99")
    assert st.game.describe(st, st.game.card_id[40]) == (
        "Dawes Plan / Young Plan [neutral, 3 OPs]: 67% (France), 50% (USSR)")
    play(st, "card:40")
    assert keys(st) == ["track:france", "track:ussr"]
    log = play(st, "track:ussr")
    assert ("LW free Rearmament attempt on the USSR track: die 2 +3 OPs +2 (+1 marker on the "
            "LW +1 side, +1 Franco-Soviet Treaty: LW controls the USSR) = 7, Big Fleet "
            "Programme needs 9 [6.3.2]") in log
    assert log[-2] == "Tension +1: now 3 [9.1]"
    assert st.data["rearm_available"][LW] == 1 and st.data["rearm_mods"] == []


def test_100_czechoslovak_mobilization():
    st = start(LW, 100)
    play(st, "event:100")
    assert sp(st, "Bohemia")[0] == 4 and sp(st, "Moravia")[0] == 3
    assert sp(st, "Slovakia")[0] == 1
    st = start(LW, 100)
    st.data["sp"][LW][sid("Slovakia")] = 4         # LW controls Slovakia (4 - 2 >= 2)
    st.invalidate()
    play(st, "event:100")
    assert sp(st, "Slovakia")[0] == 5 and st.data["tension"] == 3


def test_101_anthony_eden_is_discarded():
    st = start(LW, 101)
    play(st, "event:101")
    assert st.data["tension"] == 1 and st.data["mod"][RW] == 6
    assert 101 in st.data["discard"]


def test_101_anthony_eden_at_tension_0_gives_lw_power():
    st = start(LW, 101)
    st.data["tension"] = 0
    st.invalidate()
    play(st, "event:101")
    assert st.data["power"] == 2


def test_102_mit_brennender_sorge():
    st = start(LW, 102)
    log = play(st, "event:102")
    assert sp(st, "Bavaria")[1] == 0 and sp(st, "Rhineland")[1] == 0
    assert "Mit brennender Sorge: LW does not control the Vatican: no Power [10.2]" in log
    st = start(LW, 102)
    st.data["sp"][LW][sid("Vatican")] = 5
    st.invalidate()
    play(st, "event:102")
    assert st.data["power"] == 2 and st.data["mod"][RW] == 6


def test_103_battle_of_cable_street():
    st = start(LW, 103, dice=[1])
    st.data["ext"][RW][sid("London")] = 1
    st.invalidate()
    log = play(st, "event:103")
    assert "RW Extremist removed from London (2/3) [7.1]" in log
    assert sp(st, "London") == (2, 3, 0, 0)
    st = start(LW, 103, dice=[6])
    play(st, "event:103")
    assert sp(st, "London") == (2, 1, 0, 0)


def test_104_soviet_aid():
    st = start(LW, 104)
    play(st, "event:104")
    assert sp(st, "Valencia")[0] == 3 and sp(st, "Catalonia")[0] == 5
    assert st.data["mod"][LW] == 7 and 104 in st.data["discard"]


def test_105_molotov_ribbentrop():
    st = start(LW, 105)
    log = play(st, "event:105")
    assert [sp(st, n)[0] for n in ("Finland", "Baltic States", "Bessarabia", "Poland")] == [
        1, 1, 1, 4]
    assert sp(st, "Danzig-Polish Corridor") == (0, 2, 0, 0)
    assert st.data["tension"] == 4 and st.data["mod"][LW] == 6
    assert "RW places 2 SP in Danzig-Polish Corridor (0/2) [7.1]" in log


def test_105_requires_molotov():
    st = start(LW, 105)
    st.data["events_played"].remove(43)
    st.invalidate()
    assert "event:105" not in keys(st)


def test_106_georgi_dimitrov():
    st = start(LW, 106, dice=[5])
    play(st, "event:106")
    assert sp(st, "Bulgaria") == (1, 0, 0, 0) and st.data["mod"][LW] == 9


def test_107_jarrow_crusade():
    st = start(LW, 107, dice=[4])
    play(st, "event:107")
    assert sp(st, "Northern England") == (2, 0, 1, 0) and st.data["mod"][LW] == 9


# -- neutral cards -----------------------------------------------------------------------

def test_108_spanish_civil_war_phasing_player_first():
    st = start(RW, 108, dice=[1, 6])
    play(st, "event:108")
    assert st.data["tension"] == 3 and st.data["active"] == "rw"
    assert S("Spanish Morocco") in keys(st)       # RW has no Extremist there
    play(st, S("Madrid"))
    assert st.data["active"] == "lw" and S("Spanish Morocco") not in keys(st)
    log = play(st, S("Andalusia"))
    assert sp(st, "Madrid") == (2, 1, 0, 1)
    assert "LW places 2 SP in Andalusia (2*/0) [6.2.6]" in log
    assert sp(st, "Andalusia") == (2, 0, 1, 0)


def test_108_the_first_players_check_ends_with_its_extremist_before_the_second_plays():
    """2.3.2 with 108's "each player, the phasing player first, places ... and makes a
    Support Check": with all 15 RW Extremists on the board, the one RW's check earns waits
    on a relocation, and LW placed and checked before it came (an eit2 card audit: LW's
    check missed the -1 of the opposing Extremist in Valencia)."""
    st = start(RW, 108, dice=[6, 1])
    d = st.data
    n = len(C.names)
    d["ext"] = [[0] * n, [0] * n]
    for name in ("Berlin", "Paris", "Rome", "London", "Austria", "Hungary", "Poland",
                 "Bavaria", "Greece", "Turkey", "Bulgaria", "Portugal", "Belgium", "Sweden",
                 "Finland"):
        d["ext"][RW][sid(name)] = 1
    d["sp"][LW][sid("Valencia")], d["sp"][RW][sid("Valencia")] = 0, 2
    d["sp"][LW][sid("Madrid")] = d["sp"][RW][sid("Madrid")] = 0
    st.invalidate()
    play(st, "event:108", S("Valencia"), "pass")   # no Extremist moved in to place
    # the check (6) took Valencia and earns an Extremist: RW relocates it before LW plays
    assert d["active"] == "rw" and S("Berlin") in keys(st)
    play(st, S("Berlin"))
    assert d["ext"][RW][sid("Valencia")] == 1 and d["active"] == "lw"
    log = play(st, S("Madrid"))
    assert any("-1 opposing Extremist in Valencia" in line for line in log), log


def test_an_event_advances_a_track_closed_to_attempts_for_the_turn():
    """6.3.8: "If an Event would advance such a track [its marker on the rightmost box],
    instead increase Tension by 1": a track Non-Intervention Committee closed to attempts
    for the turn is not such a track, and an Event still advances it (an outside audit
    found it treated as complete)."""
    from warroom.games.eit2 import operations as op
    from warroom.games.eit2.events import lib as L

    st = start(RW, 109)
    d = st.data
    spain = C.track_ids.index("spain")
    d["rearm"][spain] = len(C.boxes[spain]) - 2
    L.close_track(C, d, "spain", 109)
    op.advance_by_event(C, d, RW, spain, 1)
    assert d["rearm"][spain] == len(C.boxes[spain]) - 1
    tension = d["tension"]
    op.advance_by_event(C, d, RW, spain, 1)        # now complete: Tension instead
    assert d["rearm"][spain] == len(C.boxes[spain]) - 1 and d["tension"] == tension + 1


def test_109_non_intervention_committee():
    st = start(RW, 109)
    log = play(st, "event:109")
    assert "Tension -1: now 1 [9.1]" in log
    spain = C.track_ids.index("spain")
    assert st.data["closed_tracks"] == [{"track": spain, "card": 109, "until": "turn"}]
    assert 109 in st.data["ongoing"]
    card = st.data["hands"][LW][0]
    assert f"rearm:{card}" in keys(st)      # other tracks stay open
    play(st, f"rearm:{card}")
    assert "track:spain" not in keys(st)
    assert "6.3.8" in explain(st, "track:spain").rules or not explain(st, "track:spain").legal
    # at the end of the turn the card leaves play and the track reopens (7.2)
    from warroom.games.eit2.sequence import end_turn

    st.data["stack"].clear()
    for side in (LW, RW):
        for n in [n for n in st.data["hands"][side] if C.cards[n].scoring]:
            st.data["hands"][side].remove(n)
            st.data["discard"].append(n)
    end_turn(C, st.data)
    assert st.data["closed_tracks"] == [] and 109 in st.data["discard"]
    assert "The ongoing Event Non-Intervention Committee ends [7.2]" in Lines(st.data["log"])


def test_110_shadow_factories_played_for_rearmament_on_the_uk_track():
    st = start(LW, 110, dice=[1])
    log = play(st, "rearm:110", "track:uk")
    assert any("+1 Shadow Factories played for Rearmament, 6.3.7" in mods(e)
               for e in log.attempts("uk"))


def test_110_shadow_factories():
    st = start(LW, 110, dice=[5])
    hold(st, LW, 40)
    log = play(st, "event:110", "card:40", "track:uk")
    assert ("LW free Rearmament attempt on the United Kingdom track: die 5 +3 OPs +3 (+1 marker "
            "on the LW +1 side, +2 track modifier) = 11, Singapore Naval Base needs 9 "
            "[6.3.2]") in log
    assert st.data["rearm"][C.track_ids.index("uk")] == 4
    assert 110 in st.data["discard"] and st.data["rearm_available"][LW] == 1


# -- random games -----------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(30))
def test_random_appeasement_games_keep_invariants(seed):
    st = new_game(G, "appeasement", seed)
    rng = random.Random(seed)
    steps = 0
    while not st.is_over:
        acts = legal_actions(st)
        assert acts
        apply(st, rng.choice(acts))
        assert invariants(st) == []
        steps += 1
        assert steps < 3000


# -- scoring cards (no Event function: the engine scores them, 10.1) -----------------------

def test_77_little_entente_scoring_is_discarded():
    st = start(RW, 77)
    play(st, "score:77")
    assert "pass" in keys(st) and S("Bohemia") in keys(st) and S("Paris") not in keys(st)
    play(st, "pass")
    assert 77 in st.data["discard"] and 77 not in st.data["out_of_game"]


def test_78_spain_scoring_is_removed_after_scoring():
    st = start(LW, 78, dice=[1])
    log = play(st, "score:78", S("Andalusia"))
    check = log.check("Andalusia")
    assert check["role"] == "lw" and check["before"] == "0/1"
    assert (check["die"], check["ops"]) == (1, 3)
    assert 78 in st.data["out_of_game"] and 78 not in st.data["discard"]


def test_85_condor_legion_finds_spains_spaces_after_the_attempt():
    """'Then' the check in Spain: with no LW marker in Spain, 'no Support Check' was logged
    before the free attempt was even made (a review)."""
    st = start(RW, 85, dice=[1])
    for s in range(len(C.names)):
        if C.region[s] == "Spain":
            st.data["sp"][LW][s] = st.data["ext"][LW][s] = 0
    st.invalidate()
    hold(st, RW, 40)
    log = play(st, "event:85")
    assert not [ln for ln in log if "no Support Check" in ln]
    log = play(st, "card:40", "track:germany")
    lines = list(log)
    attempt = next(i for i, ln in enumerate(lines) if "free Rearmament attempt on" in ln)
    none = next(i for i, ln in enumerate(lines) if "no Support Check" in ln)
    assert attempt < none, lines


def test_a_neutral_events_why_says_who_implements_it_not_whom_it_helps():
    """2.2.2: a neutral Event is implemented by the player who plays it; Spanish Civil War
    gives both players an Extremist and a check, so "it helps RW" was wrong (an events
    audit); an own-side Event still says whom it helps."""
    for side, card, who in ((RW, 108, "RW"), (LW, 110, "LW")):
        why = explain(start(side, card), f"event:{card}")
        assert why.legal and f"(a neutral Event, implemented by {who})" in why.reason, why
    assert "(it helps RW)" in explain(start(RW, 88), "event:88").reason
