"""Europe in Turmoil II: the Events of the Great Depression era (cards 41-76), played through
the protocol with forced dice, and random full games of the 1932 and 1936 scenarios."""

from __future__ import annotations

import random

import pytest

from eit2_log import Lines
from warroom.core import State, apply, explain, legal_actions, new_game, prompt
from warroom.games.eit2 import operations as op
from warroom.games.eit2.effects import ongoing_check_mods
from warroom.games.eit2.events import lib as L
from warroom.games.eit2.game import EuropeInTurmoil2

LW, RW = 0, 1
g = EuropeInTurmoil2()
C = g.c
PILES = ("deck", "discard", "out_of_game", "ongoing")


def sid(name: str) -> int:
    return int(C.index[name])


def tid(track: str) -> int:
    return int(C.track_ids.index(track))


def start(card: int, side: int = RW, scenario: str = "great_depression", *,
          clear: bool = True, dice: tuple[int, ...] = (), seed: int = 3) -> State:
    """A position where ``side`` is to play an Action Round holding ``card``; with
    ``clear`` the board is emptied so that Support Checks have no neighbourhood modifiers."""
    st = new_game(g, scenario, seed)
    d = st.data
    give(st, side, card)
    if clear:
        n = len(C.names)
        d["sp"] = [[0] * n, [0] * n]
        d["ext"] = [[0] * n, [0] * n]
    if side == LW:
        d["stack"][-1] = {"kind": "action_round", "role": "lw", "side": LW}
        d["phasing"] = LW
        d["round_done"] = [d["ar"], d["ar"]]
        d["active"] = "lw"
    d["forced"] = list(dice)
    st.invalidate()
    return st


def give(st: State, side: int, card: int) -> None:
    """Move ``card`` into ``side``'s hand from wherever it is (the hand it leaves gets a card
    of the deck instead, so that hand sizes stay as dealt)."""
    d = st.data
    for pile in PILES:
        if card in d[pile]:
            d[pile].remove(card)
    for s in (LW, RW):
        if card in d["hands"][s]:
            d["hands"][s].remove(card)
            if s != side:
                d["hands"][s].append(d["deck"].pop())
    d["hands"][side].append(card)
    st.invalidate()


def put(st: State, name: str, lw: int = 0, rw: int = 0, lwe: int = 0, rwe: int = 0) -> None:
    d = st.data
    s = sid(name)
    d["sp"][LW][s], d["sp"][RW][s] = lw, rw
    d["ext"][LW][s], d["ext"][RW][s] = lwe, rwe
    st.invalidate()


def play(st: State, *keys: str) -> Lines:
    """Apply the actions; return the new log lines."""
    k = len(st.data["log"])
    for key in keys:
        apply(st, key)
    return Lines(st.data["log"][k:])


def sp(st: State, name: str) -> tuple[int, int, int, int]:
    d, s = st.data, sid(name)
    return d["sp"][LW][s], d["sp"][RW][s], d["ext"][LW][s], d["ext"][RW][s]


def keys(st: State) -> set[str]:
    return {a.key for a in legal_actions(st)}


def sp_(name: str) -> str:
    return f"space:{C.slugs[sid(name)]}"


def invariants(data: State) -> list[str]:
    """check_invariants (the engine counts a card held by a pending opponent's Event, on the
    op_kind / deferred_event frames, as in play, 5.2)."""
    return g.check_invariants(data)


# -- 42-50 ----------------------------------------------------------------------------------

def test_42_stavisky_affair() -> None:
    st = start(42, RW, dice=(6,))
    put(st, "Paris", lw=3)
    log = play(st, "event:42")
    assert "LW Moderation -1: now LW8 [8.2]" in log
    assert ("RW Support Check in Paris (3/0): die 6 +2 OPs +0 (no modifiers) = 8 against 4 "
            "(Stability 2 x2) [6.2.5]") in log
    assert sp(st, "Paris") == (0, 1, 0, 0)
    assert 42 in st.data["out_of_game"] and 42 in st.data["events_played"]


def test_42_triggered_by_lw_operations() -> None:
    """5.2: LW plays the RW card for Operations; the RW Event occurs (here first)."""
    st = start(42, LW, dice=(1,))
    put(st, "Paris", lw=3)
    log = play(st, "ops:42", "event_first")
    assert "RW Support Check in Paris (3/0): die 1 +2 OPs +0 (no modifiers) = 3 against 4 " \
           "(Stability 2 x2) [6.2.5]" in log
    assert st.data["mod"][LW] == 8
    assert 42 in st.data["out_of_game"]


def test_43_vyacheslav_molotov() -> None:
    st = start(43, LW)
    t = tid("ussr")
    assert C.boxes[t][st.data["rearm"][t]].name == "Polikarpov I-16"
    log = play(st, "event:43")
    assert C.boxes[t][st.data["rearm"][t]].name == "Tupolev TB-3 Bombers"
    assert "The USSR marker advances to Tupolev TB-3 Bombers (not flipped) [6.3.10]" in log
    assert "Tension +1: now 2 [6.3.4]" in log
    assert st.data["rearm_side"][t] == LW
    assert 43 in st.data["ongoing"] and L.in_effect(C, st.data, 43)


def test_44_enabling_act_requires_hitler_and_cancels_weimar() -> None:
    st = start(44, RW)
    assert "event:44" not in keys(st) and "ops:44" in keys(st)
    st.data["events_played"].append(50)
    st.data["check_mods"].append({"side": RW, "value": -1, "card": 34,
                                  "until": "game", "spaces": [], "region": "Germany",
                                  "marker": "Weimar Republic"})
    put(st, "Berlin", lw=3)
    assert st.data["flags"]["weimar_republic"] is True
    log = play(st, "event:44")
    assert "The ongoing Event Weimar Republic is cancelled [7.2]" in log
    assert st.data["flags"]["weimar_republic"] is False
    assert st.data["check_mods"] == []
    assert sp(st, "Berlin") == (1, 0, 0, 0)
    assert "RW Moderation -1: now RW8 [8.2]" in log
    assert 44 in st.data["ongoing"]


def test_44_enabling_act_says_when_berlin_holds_no_lw_sp() -> None:
    """Every clause of a card is in the log: "Remove 2 LW SP from Berlin" with none there
    says so (an eit2 card audit: six cards' removals were silent, Enabling Act's among them),
    as Winston Churchill's and Hyperinflation's did in their own words."""
    st = start(44, RW)
    st.data["events_played"].append(50)
    log = play(st, "event:44")
    assert "Berlin holds no LW SP to remove [7.1]" in log
    for card, lines in ((17, ["Northern England holds no LW SP to remove [7.1]"]),
                        (24, [f"{n} holds no LW SP to remove [7.1]"
                              for n in ("Berlin", "Saxony", "Thuringia")])):
        st = start(card, RW)
        log = play(st, f"event:{card}")
        assert all(line in log for line in lines), log


def test_45_industrialist_enablers() -> None:
    st = start(45, RW)
    st.data["flags"]["rhineland_demilitarized"] = True
    put(st, "Berlin", rw=3)
    log = play(st, "event:45")
    assert sp(st, "Rhineland") == (0, 2, 0, 0)
    assert not st.data["flags"]["rhineland_demilitarized"]
    assert "RW gains 1 Power: Power RW2 [10.2]" in log
    st = start(45, RW)
    log = play(st, "event:45")
    # cited as the other cards' Power conditions are (10.2; it cited 7.1: an eit2 card audit)
    assert ("Industrialist Enablers: RW does not control Berlin: no Power [10.2]" in log
            and st.data["power"] == 1)


def test_46_night_of_the_long_knives() -> None:
    st = start(46, RW)
    assert "event:46" not in keys(st)
    st.data["events_played"].append(44)
    put(st, "Berlin", rw=2, rwe=1)
    put(st, "Bavaria", rwe=1)
    log = play(st, "event:46")
    assert sp(st, "Berlin") == (0, 2, 0, 0) and sp(st, "Bavaria") == (0, 0, 0, 0)
    assert "RW Moderation +2: now RW11 [8.2]" in log


def test_47_comintern_two_extremists_and_check() -> None:
    st = start(47, LW, dice=(5,))
    put(st, "USSR", lw=4)
    put(st, "Paris", lw=1, rw=2)
    put(st, "Berlin", lw=1)
    play(st, "event:47")
    assert sp_("Paris") in keys(st) and sp_("USSR") in keys(st) and "pass" in keys(st)
    play(st, sp_("Paris"))
    assert sp_("Paris") not in keys(st)
    play(st, sp_("Berlin"))
    assert keys(st) == {sp_("Paris"), sp_("Berlin")}
    log = play(st, sp_("Paris"))
    assert ("LW Support Check in Paris (1*/2): die 5 +2 OPs +1 (+1 Extremist in Paris) = 8 "
            "against 4 (Stability 2 x2) [6.2.5]") in log
    assert sp(st, "Paris") == (2, 0, 1, 0)
    assert sp(st, "Berlin") == (1, 0, 1, 0)


def test_47_comintern_checks_in_its_own_space_under_the_6_2_4_exception() -> None:
    """Comintern's check "in one of those spaces" is made even where RW has no marker, as
    the card's text now says ("6.2.4 exception", rules.py), and the log cites it as Spanish
    Civil War's does (an eit2 events audit found it said nowhere)."""
    assert "(6.2.4 exception)" in C.cards[47].event
    assert "(6.2.4 exception)" in C.cards[108].event
    st = start(47, LW, dice=(6,))
    put(st, "USSR", lw=4)
    put(st, "Berlin", lw=1)
    log = play(st, "event:47", sp_("Berlin"), "pass", sp_("Berlin"))
    assert ("Comintern: LW makes a Support Check in Berlin with a +2 modifier (made even "
            "without opposing markers) [6.2.4]") in log, log
    assert sp(st, "Berlin")[0] > 1


def test_47_comintern_without_ussr_no_check() -> None:
    st = start(47, LW)
    put(st, "Paris", lw=1)
    log = play(st, "event:47", sp_("Paris"), "pass")
    assert "Comintern: LW does not control the USSR: no Support Check [7.1]" in log
    assert sp(st, "Paris") == (1, 0, 1, 0)
    assert st.data["active"] == "rw"


def test_47_comintern_checks_only_where_a_new_extremist_stands() -> None:
    """All 15 LW Extremists on the board (2.3.2): a placement waits on a relocation the LW
    player may decline; declined, no Extremist went to Paris, so Paris gets no Support
    Check ("which new Extremist's space": an outside audit)."""
    st = start(47, LW, dice=(5,))
    put(st, "USSR", lw=4)
    put(st, "Paris", lw=1, rw=2)
    put(st, "Madrid", lw=1, lwe=15)
    play(st, "event:47", sp_("Paris"))
    assert st.data["stack"][-1]["kind"] == "relocate_extremist"
    log = play(st, "pass", "pass")
    assert sp(st, "Paris") == (1, 2, 0, 0)
    assert "Comintern: no new LW Extremist stands on the board: no Support Check [7.1]" in log
    assert st.data["active"] == "rw"


def test_48_neville_chamberlain() -> None:
    st = start(48, RW, dice=(4,))
    put(st, "London", lw=2)
    log = play(st, "event:48")
    assert "RW Moderation +1: now RW10 [8.2]" in log
    assert ("RW Support Check in London (2/0): die 4 +2 OPs +0 (no modifiers) = 6 against 6 "
            "(Stability 3 x2) [6.2.5]") in log
    assert "Not higher than the target: nothing changes [6.2.6]" in log
    assert 48 in st.data["ongoing"]


def test_49_il_duce() -> None:
    st = start(49, RW, dice=(6,))
    put(st, "Sicily", lw=1)
    put(st, "Lombardy", lwe=1)
    play(st, "event:49")
    assert sp(st, "Rome") == (0, 2, 0, 0)
    assert keys(st) == {sp_("Sicily"), sp_("Lombardy")}
    log = play(st, sp_("Sicily"))
    assert ("RW Support Check in Sicily (1/0): die 6 +2 OPs +0 (no modifiers) = 8 against 4 "
            "(Stability 2 x2) [6.2.5]") in log
    assert sp(st, "Sicily") == (0, 2, 0, 1)
    assert 49 in st.data["ongoing"]


def test_49_il_duce_5_2_example_without_march_on_rome() -> None:
    """5.2 example: LW plays Il Duce before March on Rome: no Event, the card is discarded."""
    st = start(49, LW)
    st.data["events_played"].remove(10)
    log = play(st, "ops:49")
    assert "The RW Event of Il Duce cannot occur now: the card is discarded [5.2]" in log
    assert 49 in st.data["discard"] and 49 not in st.data["out_of_game"]
    assert sp(st, "Rome") == (0, 0, 0, 0)


def test_50_adolf_hitler() -> None:
    st = start(50, RW, dice=(2,))
    put(st, "Berlin", lw=2)
    log = play(st, "event:50")
    assert sp(st, "Bavaria") == (0, 2, 0, 0)
    # the Weimar Republic marker is on its Weimar side in 1932 (12.1): RW -1 in Germany
    assert ("RW Support Check in Berlin (2/0): die 2 +2 OPs -1 (-1 Weimar Republic) = 3 "
            "against 6 (Stability 3 x2) [6.2.5]") in log
    assert "RW Moderation -1: now RW8 [8.2]" in log and 50 in st.data["ongoing"]
    st = start(50, RW, dice=(6,))
    put(st, "Bavaria", rw=1)
    put(st, "Berlin", lw=2)
    log = play(st, "event:50")
    assert "RW controls Bavaria: the Berlin Support Check is made with +3 [7.1]" in log
    assert sp(st, "Berlin") == (0, 0, 0, 0)  # 6 + 3 - 1 (Weimar) = 8, excess 2: 2 LW SP off


# -- 51-60 ----------------------------------------------------------------------------------

def test_51_election_of_33_and_72_popular_front_cancels_it() -> None:
    st = start(51, RW)
    for name in ("Madrid", "Catalonia", "Valencia"):
        put(st, name, lw=2)
    play(st, "event:51")
    assert [sp(st, n)[0] for n in ("Madrid", "Catalonia", "Valencia")] == [1, 1, 1]
    assert ongoing_check_mods(C, st.data, RW, sid("Galicia")) == [(1, "Election of '33")]
    assert ongoing_check_mods(C, st.data, LW, sid("Galicia")) == []
    assert ongoing_check_mods(C, st.data, RW, sid("Paris")) == []
    assert 51 in st.data["ongoing"]
    give(st, LW, 72)
    log = play(st, "event:72")
    assert "The ongoing Event Election of '33 is cancelled [7.2]" in log
    assert ongoing_check_mods(C, st.data, RW, sid("Galicia")) == []
    assert 51 in st.data["out_of_game"] and 51 not in st.data["ongoing"]
    assert sp(st, "Paris") == (1, 0, 0, 0) and sp(st, "Madrid")[0] == 2
    assert "LW Moderation +1: now LW10 [8.2]" in log


def test_52_self_determination_for_either_side() -> None:
    st = start(52, LW)
    play(st, "event:52")
    assert sp(st, "Sudetenland") == (1, 0, 0, 0) and sp(st, "Slovakia") == (1, 0, 0, 0)
    st = start(52, RW)
    play(st, "event:52")
    assert sp(st, "Sudetenland") == (0, 1, 0, 0) and sp(st, "Slovakia") == (0, 1, 0, 0)


def test_53_ten_year_rule_abandoned() -> None:
    """11.2.2: the Ten Year Rule marker flips from +0 to +2 (as in the 1936 set-up, 13.2)."""
    st = start(53, LW)
    t = tid("uk")
    assert st.data["track_mod"][t] == 0
    log = play(st, "event:53")
    assert st.data["track_mod"][t] == 2 and st.data["flags"]["ten_year_rule_abandoned"]
    assert "Tension +1: now 2 [9.1]" in log
    assert (2, "track modifier") in op.rearm_modifiers(C, st.data, RW, t, None)
    assert (2, "track modifier") in op.rearm_modifiers(C, st.data, LW, t, None)
    assert C.scenarios["appeasement"]["ten_year_rule"] == 2


def test_54_rhineland_evacuation() -> None:
    st = start(54, LW)
    st.data["flags"]["rhineland_demilitarized"] = True
    log = play(st, "event:54")
    assert sp(st, "Rhineland") == (2, 0, 0, 0)
    assert "Support was placed in the Rhineland: remove the Rhineland Demilitarized marker " \
           "[3.5R]" in log
    assert "LW Moderation +1: now LW10 [8.2]" in log and 54 in st.data["ongoing"]


def test_55_manchuria_invasion() -> None:
    st = start(55, RW)
    assert st.data["flags"]["kellogg_briand"] is True
    log = play(st, "event:55")
    assert "Tension +1: now 2 [9.1]" in log
    assert "The ongoing Event Kellogg-Briand Pact is cancelled [7.2]" in log
    assert "RW gains 1 Power: Power RW2 [10.2]" in log
    assert st.data["flags"]["kellogg_briand"] is False


def test_56_geneva_disarmament_conference() -> None:
    st = start(56, LW)
    log = play(st, "event:56")
    assert "Tension -1: now 0 [9.1]" in log
    assert "Tension is at 0 and cannot be reduced: LW gains 1 Power instead [9.3]" in log
    assert st.data["power"] == 0 and st.data["tension"] == 0
    t = tid("germany")
    assert f"track:{C.track_ids[tid('little_entente')]}" not in keys(st)
    log = play(st, f"track:{C.track_ids[t]}")
    assert "The Germany marker retreats 1 box(es) to Germany [6.3.9]" in log
    assert st.data["rearm"][t] == 0 and st.data["rearm_side"][t] == RW


def test_57_reichstag_fire_8_3_example() -> None:
    """8.3 example: LW Moderation LW5, Power LW6: LW OPs are reduced by 1. LW plays Reichstag
    Fire, the RW Event first: Power LW4, the penalty ends and LW receives 2 OPs."""
    st = start(57, LW)
    st.data["mod"][LW] = 5
    st.data["power"] = -6
    put(st, "Berlin", lw=1, lwe=1)
    log = play(st, "ops:57", "event_first")
    assert "RW gains 2 Power: Power LW4 [10.3.2]" in log
    assert sp(st, "Berlin") == (1, 0, 0, 0)
    play(st, "op_place")
    assert st.data["stack"][-1]["kind"] == "place_sp" and st.data["stack"][-1]["ops"] == 2
    # Operations first: the penalty still applies, 1 OP
    st = start(57, LW)
    st.data["mod"][LW] = 5
    st.data["power"] = -6
    put(st, "Berlin", lw=1)
    play(st, "ops:57", "op_place")
    assert st.data["stack"][-1]["ops"] == 1


def test_58_franco_german_reconciliation() -> None:
    st = start(58, LW)
    log = play(st, "event:58")
    assert "Tension -1: now 0 [9.1]" in log
    # Weimar Republic (in force in 1932, 12.1) also applies in the Rhineland, in Germany
    assert ongoing_check_mods(C, st.data, RW, sid("Rhineland")) == [
        (-1, "Weimar Republic"), (-1, "Franco-German Reconciliation")]
    assert ongoing_check_mods(C, st.data, RW, sid("Alsace-Lorraine")) == [
        (-1, "Franco-German Reconciliation")]
    assert ongoing_check_mods(C, st.data, RW, sid("Paris")) == []
    assert 58 in st.data["ongoing"]
    # Rhineland Remilitarization (card 81) cancels it with lib.cancel
    assert L.cancel(C, st.data, 58)         # Franco-German Reconciliation
    assert ongoing_check_mods(C, st.data, RW, sid("Rhineland")) == [(-1, "Weimar Republic")]


def test_58_requires_briand_and_stresemann() -> None:
    st = start(58, LW)
    st.data["events_played"].remove(27)
    st.invalidate()
    assert "event:58" not in keys(st)


def test_59_andrej_hlinka() -> None:
    st = start(59, RW)
    play(st, "event:59")
    assert sp(st, "Slovakia") == (0, 2, 0, 1)
    # 11.1.4 "usually only one per player per space": as every Event that places one
    st = start(59, RW)
    put(st, "Slovakia", lw=1, rwe=1)
    log = play(st, "event:59")
    assert sp(st, "Slovakia") == (1, 2, 0, 1)
    assert "Slovakia already holds a RW Extremist: none is placed [7.1]" in log


def test_60_second_spanish_republic() -> None:
    st = start(60, LW)
    log = play(st, "event:60")
    assert sp(st, "Madrid") == (2, 0, 0, 0) and sp(st, "Catalonia") == (1, 0, 0, 0)
    assert "LW Moderation +1: now LW10 [8.2]" in log


# -- 61-70 ----------------------------------------------------------------------------------

def test_61_mechanised_warfare_pioneers() -> None:
    """6.3.5: a free attempt without a card, as with a 3-OPs card not aligned."""
    st = start(61, LW, dice=(3,))
    hand = len(st.data["hands"][LW])
    play(st, "event:61")
    assert keys(st) == {"track:france", "track:italy"}  # next boxes: Army
    log = play(st, "track:france")
    assert ("LW free Rearmament attempt on the France track: die 3 +3 OPs +1 (+1 marker on the "
            "LW +1 side) = 7, Fortified Region of Metz needs 7 [6.3.2]") in log
    assert C.boxes[tid("france")][st.data["rearm"][tid("france")]].name == \
        "Fortified Region of Metz"
    assert sp(st, "Alsace-Lorraine") == (2, 0, 0, 0)
    assert st.data["rearm_available"][LW] == 1
    assert len(st.data["hands"][LW]) == hand - 1


def test_62_edouard_daladier() -> None:
    st = start(62, LW)
    put(st, "Paris", rw=1, rwe=1)
    play(st, "event:62")
    assert sp(st, "Paris") == (2, 1, 0, 0) and 62 in st.data["ongoing"]


def test_63_german_generals_object() -> None:
    """5.2: the RW player's next two Action Rounds are Operations rounds; Scoring cards take
    precedence."""
    st = start(63, LW)
    d = st.data
    for n in list(d["hands"][RW]):
        d["hands"][RW].remove(n)
        d["deck"].append(n)
    give(st, RW, 45)
    give(st, RW, 57)
    play(st, "event:63")
    assert d["oblig"][RW] == [{"kind": "ops", "track": None, "card": 63}] * 2
    assert d["active"] == "rw"
    assert keys(st) == {"ops:45", "ops:57", "rearm:45", "rearm:57"}    # 6.0's Operations
    # the prompt names the Event and says a Rearmament attempt is one of those Operations
    # (it said "as an Event obliges": a browser audit)
    said = prompt(st)
    assert said is not None and "a Support Check or a Rearmament attempt), as German Generals " \
        "Object obliges (2 mandatory rounds left)" in said.text, said
    assert any(r["kind"] == "mandatory" and r["source"] == "German Generals Object"
               for r in st.game.view(st, None)["reminders"])
    play(st, "ops:45", "op_place")
    while d["stack"] and d["stack"][-1]["kind"] == "place_sp":
        apply(st, sorted(keys(st))[0])
    assert len(st.data["oblig"][RW]) == 1


def test_63_scoring_takes_precedence_where_the_rounds_are_needed() -> None:
    """5.2: "Scoring cards always take precedence on these Strategy card effects", read as
    4.5.2's examples read it: the mandated Operation Rounds come first while the turn has
    rounds enough left for the Scoring cards held; in the last round the Scoring card is
    played and the mandated rounds carry over."""
    st = start(63, LW)
    st.data["oblig"][RW] = []
    play(st, "event:63")
    give(st, RW, 41)
    assert st.data["ar"] < 8
    k = keys(st)
    assert "score:41" not in k and k and all(a.startswith(("ops:", "rearm:")) for a in k)
    d = st.data
    held = {f"score:{n}" for n in d["hands"][RW] if C.cards[n].scoring}
    d["ar"] = 8
    d["round_done"] = [8, 8]
    st.invalidate()
    assert "score:41" in held and keys(st) == held


def test_63_a_mandated_operations_round_may_be_a_rearmament_attempt() -> None:
    """5.2: German Generals Object mandates "consecutive Operation Rounds, see 6.0"; 6.0: a
    card played for Operations is used for "Support Point Placement, Support Checks, or a
    Rearmament Attempt". RW's rearmament attempt counts as one of the two rounds."""
    st = start(63, LW)
    d = st.data
    d["oblig"][RW] = []
    play(st, "event:63")
    assert d["oblig"][RW] == [{"kind": "ops", "track": None, "card": 63}] * 2
    assert d["rearm_available"][RW]
    k = keys(st)
    assert {a.split(":")[0] for a in k} == {"ops", "rearm"}
    play(st, sorted(a for a in k if a.startswith("rearm:"))[0])
    assert d["oblig"][RW] == [{"kind": "ops", "track": None, "card": 63}]


def test_64_ernst_thalmann() -> None:
    st = start(64, LW)
    log = play(st, "event:64")
    assert sp(st, "Berlin") == (2, 0, 1, 0)
    assert "LW Moderation -1: now LW8 [8.2]" in log
    st = start(64, LW)
    put(st, "Berlin", lwe=1)
    log = play(st, "event:64")
    assert sp(st, "Berlin") == (2, 0, 1, 0)
    assert "Berlin already holds a LW Extremist: none is placed [7.1]" in log


def test_64_the_moderation_waits_for_the_relocated_extremist() -> None:
    """All 15 LW Extremists on the board (2.3.2): the Extremist comes to Berlin by a
    relocation, and "LW Moderation -1" comes after it, in the text's order (an eit2 events
    audit saw the Moderation fall while the relocation was still to be chosen)."""
    st = start(64, LW)
    put(st, "Madrid", lwe=15)
    log = play(st, "event:64")
    assert st.data["stack"][-1]["kind"] == "relocate_extremist"
    assert not [ln for ln in log if ln.startswith("LW Moderation")], log
    log = play(st, sp_("Madrid"))
    assert sp(st, "Berlin")[2] == 1 and "LW Moderation -1: now LW8 [8.2]" in log, log


def test_65_maginot_mentality_4_5_2_and_6_3_5_examples() -> None:
    """4.5.2/6.3.5 examples: two consecutive free attempts on the French track; the
    Availability marker is unaffected, so another attempt is still possible this turn."""
    st = start(65, LW, dice=(1, 1))
    play(st, "event:65")
    assert st.data["oblig"][LW] == [{"kind": "rearm", "track": "france", "card": 65}] * 2
    # RW's round
    rw_card = next(n for n in st.data["hands"][RW] if not C.cards[n].scoring)
    play(st, f"ops:{rw_card}")
    while st.data["active"] == "rw":
        apply(st, sorted(keys(st) - {"event_first"})[0])
    assert st.data["active"] == "lw"
    k = keys(st)
    assert k and all(a.startswith(("rearm:", "score:")) for a in k)
    for _ in range(2):
        card = next(n for n in st.data["hands"][LW] if not C.cards[n].scoring)
        log = play(st, f"rearm:{card}")
        assert keys(st) == {"track:france"}
        log = play(st, "track:france")
        assert any(e["role"] == "lw" and e["free"] for e in log.attempts("france"))
        assert st.data["rearm_available"][LW] == 1
        while st.data["active"] == "rw":
            apply(st, sorted(keys(st) - {"event_first"})[0])
    assert st.data["oblig"][LW] == []
    assert any(a.startswith("rearm:") for a in keys(st))


def _maginot_round(left: int, scoring: tuple[int, ...]) -> State:
    """LW, under Maginot Mentality's two mandated attempts, starts an Action Round with
    ``left`` rounds left this turn (this one included), holding the Scoring cards
    ``scoring`` and no other."""
    st = start(65, LW)
    play(st, "event:65")
    d = st.data
    for n in [n for n in d["hands"][LW] if C.cards[n].scoring]:
        d["hands"][LW].remove(n)
        d["discard"].append(n)
    for n in scoring:
        give(st, LW, n)
    d["ar"] = 8 - left + 1                      # turn 5 has eight Action Rounds
    d["round_done"] = [d["ar"], d["ar"]]
    d["stack"][-1] = {"kind": "action_round", "role": "lw", "side": LW}
    d["phasing"] = LW
    d["active"] = "lw"
    st.invalidate()
    assert d["turn"] == 5
    assert d["oblig"][LW] == [{"kind": "rearm", "track": "france", "card": 65}] * 2
    return st


def test_65_maginot_mentality_scoring_precedence() -> None:
    """4.5.2, second example: "The Left Wing player is under the effect of Maginot
    Mentality, while having two remaining Action Rounds in the turn and holding a Scoring
    card. They must first make a Rearmament attempt, in their final Action Round of the
    turn play the Scoring card and take the last mandated Rearmament Attempt during their
    first Action Round of the next turn." """
    st = _maginot_round(2, (41,))
    assert {k.split(":")[0] for k in keys(st)} == {"rearm"}
    why = explain(st, "score:41")
    assert not why.legal and "mandated" in why.reason and "4.5.2" in why.rules
    play(st, next(k for k in sorted(keys(st))))
    while st.data["stack"][-1]["kind"] != "action_round" or st.active != "lw":
        apply(st, legal_actions(st)[0])
    assert st.data["ar"] == 8
    assert st.data["oblig"][LW] == [{"kind": "rearm", "track": "france", "card": 65}]
    assert keys(st) == {"score:41"}
    play(st, "score:41")
    assert st.data["oblig"][LW] == [{"kind": "rearm", "track": "france", "card": 65}]


def test_65_maginot_mentality_carries_over_for_the_last_rounds_scoring() -> None:
    """4.5.2, first example: "They have only one Action Round remaining in this turn, and
    are holding a Scoring card. They must play the Scoring card, and both consecutive
    Rearmament attempts will 'carry over' to the first two Action Rounds of the next
    turn." (Two Scoring cards with two rounds left: both rounds go to them.)"""
    st = _maginot_round(1, (41,))
    assert keys(st) == {"score:41"}
    p = prompt(st)
    assert p is not None and p.rule == "4.5.2" and "Scoring card" in p.text
    other = prompt(_maginot_round(1, (41, 3)))
    assert other is not None and other.text == p.text   # public words: the hand does not show
    st = _maginot_round(2, (41, 3))
    assert keys(st) == {"score:41", "score:3"}
    st = _maginot_round(3, (41, 3))
    assert {k.split(":")[0] for k in keys(st)} == {"rearm"}


def _to_the_first_lw_round_after(st: State, turn: int) -> None:
    """Play on (the first legal action, the Event after the OPs) into LW's first Action
    Round of the turn after ``turn``; RW holds no Scoring card at the turn's end (4.5.3)."""
    for _ in range(500):
        d = st.data
        if (d["turn"] == turn + 1 and d["stack"][-1]["kind"] == "action_round"
                and st.active == "lw"):
            return
        assert d["turn"] in (turn, turn + 1) and d["active"] is not None, d["outcome"]
        if d["turn"] == turn:
            for n in [n for n in d["hands"][RW] if C.cards[n].scoring]:
                d["hands"][RW].remove(n)
                d["discard"].append(n)
            st.invalidate()
        acts = [a.key for a in legal_actions(st)]
        apply(st, sorted(k for k in acts if k != "event_first")[0]
              if any(k != "event_first" for k in acts) else acts[0])
    raise AssertionError("the next turn's first LW Action Round never came")


@pytest.mark.parametrize("left", [1, 2])
def test_65_maginot_mentality_attempts_carried_over_come_first_next_turn(left: int) -> None:
    """4.5.2's examples to their end: the attempts the Scoring card put off are LW's
    first Action Rounds of the next turn, both (one round left) or the last (two left)."""
    st = _maginot_round(left, (41,))
    if left == 2:
        play(st, sorted(keys(st))[0])           # the first mandated attempt
        while st.data["stack"][-1]["kind"] != "action_round" or st.active != "lw":
            apply(st, legal_actions(st)[0])
    for n in [n for n in st.data["hands"][RW] if C.cards[n].scoring]:
        st.data["hands"][RW].remove(n)       # RW holds no Scoring card at the turn's end
        st.data["discard"].append(n)
    st.invalidate()
    play(st, "score:41")
    _to_the_first_lw_round_after(st, 5)
    assert st.data["turn"] == 6 and st.data["ar"] == 1
    assert st.data["oblig"][LW] == [{"kind": "rearm", "track": "france", "card": 65}] * (3 - left)
    assert {k.split(":")[0] for k in keys(st)} == {"rearm"}
    play(st, sorted(keys(st))[0])
    assert st.data["oblig"][LW] == [{"kind": "rearm", "track": "france", "card": 65}] * (2 - left)


def test_66_clement_attlee() -> None:
    st = start(66, LW)
    play(st, "event:66")
    assert sp(st, "London") == (1, 0, 0, 0) and sp(st, "Parliament") == (1, 0, 0, 0)
    assert 66 in st.data["discard"]


def test_67_currency_stabilization() -> None:
    st = start(67, RW)
    put(st, "Paris", lw=2)
    put(st, "Egypt", lw=1)
    put(st, "Berlin", lw=1)
    log = play(st, "event:67")
    assert "RW Moderation +1: now RW10 [8.2]" in log
    assert keys(st) == {sp_("Paris"), sp_("Egypt")}
    play(st, sp_("Paris"))
    assert sp(st, "Paris") == (1, 0, 0, 0) and 67 in st.data["discard"]


def test_68_joseph_stalin() -> None:
    """The text: a free Rearmament attempt on the USSR track, "with an additional +1 if LW
    controls USSR", then LW Moderation -1. 6.3.5: "Unless specified otherwise (i.e.
    Mechanised Warfare Pioneers), free rearmament attempts still require a card to be played
    for its Operations Points": LW plays one from the hand (an eit2 events audit: the
    Event's own 3 OPs were used, with no card played); the Moderation comes after it."""
    st = start(68, LW, dice=(2,))
    put(st, "USSR", lw=4)
    give(st, LW, 40)                # Dawes Plan / Young Plan: neutral, 3 OPs
    log = play(st, "event:68")
    assert st.data["stack"][-1]["kind"] == "free_attempt" and "card:40" in keys(st)
    assert "pass" in keys(st) and not [ln for ln in log if ln.startswith("LW Moderation")]
    assert prompt(st).text == ("Joseph Stalin: play a card for a free Rearmament attempt on "
                               "the USSR track, +1 (Joseph Stalin: LW controls the USSR) "
                               "(its OPs count, its Event does not occur), or pass")
    log = play(st, "card:40", "track:ussr")
    assert ("LW free Rearmament attempt on the USSR track: die 2 +3 OPs +2 (+1 marker on the LW "
            "+1 side, +1 Joseph Stalin: LW controls the USSR) = 7, Tupolev TB-3 Bombers "
            "needs 7 [6.3.2]") in log
    assert C.boxes[tid("ussr")][st.data["rearm"][tid("ussr")]].name == "Tupolev TB-3 Bombers"
    assert st.data["rearm_mods"] == [] and st.data["rearm_available"][LW] == 1
    assert 40 in st.data["discard"] and 40 not in st.data["hands"][LW]
    lines = list(log)
    assert lines.index("LW Moderation -1: now LW8 [8.2]") > lines.index(
        "The USSR marker advances to Tupolev TB-3 Bombers [6.3.3]")   # after the attempt
    st = start(68, LW, dice=(1,))
    give(st, LW, 40)
    log = play(st, "event:68", "card:40", "track:ussr")
    assert "The attempt fails [6.3.3]" in log
    st = start(68, LW)                                       # a pass: no attempt
    log = play(st, "event:68", "pass")
    assert not log.attempts() and "LW Moderation -1: now LW8 [8.2]" in log


def test_69_trade_imbalance_5_2_example() -> None:
    """5.2 example: LW plays Trade Imbalance while RW dominates no Region: the Event is
    played (no Power) and the card removed."""
    st = start(69, LW)
    log = play(st, "ops:69", "event_first")
    assert ("Trade Imbalance: RW dominates or controls no Scoring Region: no Power (the Event "
            "is still played) [5.2]") in log
    assert 69 in st.data["out_of_game"] and 69 in st.data["events_played"]
    assert st.data["power"] == 1


def test_69_trade_imbalance_power() -> None:
    st = start(69, RW)
    put(st, "Rome", rw=3)
    put(st, "Apulia", rw=1)
    log = play(st, "event:69")
    assert "Trade Imbalance: RW dominates or controls Italy [10.1.1]" in log
    assert st.data["power"] == 2


def test_70_unemployment() -> None:
    st = start(70, RW)
    put(st, "Paris", rw=1)
    put(st, "Algeria", rw=1)
    put(st, "Austria", rw=1)
    put(st, "Berlin", rw=1, rwe=1)
    log = play(st, "event:70")
    assert "LW Moderation -1: now LW8 [8.2]" in log
    assert keys(st) == {sp_("Paris")}
    play(st, sp_("Paris"))
    assert sp(st, "Paris") == (0, 1, 0, 1)


# -- 71-76 ----------------------------------------------------------------------------------

def test_71_hunger_marches() -> None:
    st = start(71, LW, dice=(6,))
    put(st, "London", rw=1)
    put(st, "Egypt", rw=1)
    play(st, "event:71")
    assert keys(st) == {sp_("London")}
    log = play(st, sp_("London"))
    assert ("LW Support Check in London (0/1): die 6 +2 OPs +0 (no modifiers) = 8 against 6 "
            "(Stability 3 x2) [6.2.5]") in log
    assert sp(st, "London") == (1, 0, 0, 0)


def test_72_popular_front_without_election() -> None:
    st = start(72, LW)
    log = play(st, "event:72")
    assert "Election of '33 is not in effect: nothing to cancel [7.2]" in log
    assert sp(st, "Paris") == (1, 0, 0, 0) and sp(st, "Madrid") == (1, 0, 0, 0)


@pytest.mark.parametrize(("card", "side", "target"), [(44, RW, 34), (55, RW, 7), (72, LW, 51)])
def test_a_cancelled_event_not_yet_played_can_no_longer_be_played(card: int, side: int,
                                                                   target: int) -> None:
    """7.5: "If an Event becomes unplayable due to its cancellation ... by another Event
    card, the unplayable Event card may still be used for its Operations value." Enabling
    Act, Manchuria Invasion and Popular Front cancel Weimar Republic, the Kellogg-Briand
    Pact and Election of '33 as Rhineland Remilitarization and Italy Leaves the League
    cancel theirs: whether the Event was in effect or not yet played, it never is again."""
    st = start(card, side)
    d = st.data
    if card == 44:
        d["events_played"].append(50)       # Adolf Hitler, its requirement
        st.invalidate()
    log = play(st, f"event:{card}")
    title = C.cards[target].title
    assert f"{title} can no longer be played as an Event [7.5]" in log
    assert target in d["blocked"]


def test_73_collective_security() -> None:
    st = start(73, LW)
    put(st, "USSR", lw=4)
    st.data["tension"] = 0
    log = play(st, "event:73")
    assert "Tension is at 0 and cannot be reduced: LW gains 1 Power instead [9.3]" in log
    assert "LW gains 1 Power: Power LW1 [10.2]" in log
    assert st.data["power"] == -1


def test_74_british_union_of_fascists() -> None:
    st = start(74, RW, dice=(6,))
    put(st, "London", lw=1)
    log = play(st, "event:74")
    # the check is the Event's in the space it names: 6.2.4's exception, then 6.2.5
    assert ("British Union of Fascists: RW makes a Support Check in London with a +1 modifier "
            "(made even without opposing markers) [6.2.4]") in log
    assert ("RW Support Check in London (1/0*): die 6 +1 OPs +1 (+1 Extremist in London) = 8 "
            "against 6 (Stability 3 x2) [6.2.5]") in log
    assert sp(st, "London") == (0, 1, 0, 1)


def test_75_iron_guard() -> None:
    st = start(75, RW, dice=(2,))
    put(st, "Romanian Royalty", lw=2, rwe=1)
    log = play(st, "event:75")
    assert "Romanian Royalty already holds a RW Extremist: none is placed [7.1]" in log
    assert ("Iron Guard: RW makes a Support Check in Romanian Royalty with a +2 modifier (made "
            "even without opposing markers) [6.2.4]") in log
    assert ("RW Support Check in Romanian Royalty (2/0*): die 2 +2 OPs +1 (+1 Extremist in "
            "Romanian Royalty) = 5 against 4 (Stability 2 x2) [6.2.5]") in log
    assert sp(st, "Romanian Royalty") == (1, 0, 0, 1)


@pytest.mark.parametrize("card", [4, 5, 6, 18, 21, 22, 33, 42, 48, 50, 74, 75])
def test_a_check_in_a_named_space_cites_6_2_4_exception(card: int) -> None:
    """Every Event's Support Check in a space its text names is made under 6.2.4's
    exception, and its log says so before the 6.2.5 roll, as the Appeasement Events' do
    (the Roaring Twenties and Great Depression ones cited 6.2.5 alone), on a board with no
    opposing markers where only the exception allows the check."""
    side = LW if C.cards[card].side == "LW" else RW
    st = start(card, side, dice=(6,) * 6)
    log = play(st, f"event:{card}")
    rules = [e["rule"] for e in log.entries if e["rule"] in ("6.2.4", "6.2.5")]
    assert rules and rules == ["6.2.4", "6.2.5"] * (len(rules) // 2), rules
    title = C.cards[card].title
    assert all(line.startswith(f"{title}: ") and line.endswith(
        "(made even without opposing markers) [6.2.4]") for line in log if "[6.2.4]" in line)


def test_76_autarky() -> None:
    st = start(76, RW)
    play(st, "event:76")
    assert keys(st) == {"track:germany", "track:italy"}
    log = play(st, "track:italy")
    assert "The Italy marker advances to Rapid Army Expansion (not flipped) [6.3.10]" in log
    assert st.data["rearm_side"][tid("italy")] == RW


# -- random games ---------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["great_depression", "appeasement"])
def test_random_games(scenario: str) -> None:
    for seed in range(30):
        st = new_game(g, scenario, seed)
        rng = random.Random(seed)
        while st.data["active"] is not None:
            apply(st, rng.choice(legal_actions(st)))
            assert invariants(st) == [], (scenario, seed)
        assert st.data["outcome"]


def test_76_autarky_triggered_by_lw_the_rw_player_chooses() -> None:
    """5.2: LW plays Autarky for Operations; the RW Event occurs and the RW player makes its
    choice (then LW spends the OPs)."""
    st = start(76, LW)
    play(st, "ops:76", "event_first")
    assert st.data["active"] == "rw" and keys(st) == {"track:germany", "track:italy"}
    log = play(st, "track:germany")
    assert ("The Germany marker advances to Deutschland Class Panzerschiffe (not flipped) "
            "[6.3.10]") in log
    assert st.data["active"] == "lw" and st.data["stack"][-1]["kind"] == "op_kind"


def test_41_scoring_card_has_no_event_function() -> None:
    from warroom.games.eit2.events.registry import CODE

    assert C.cards[41].scoring == "United Kingdom" and 41 not in CODE
    for n in range(42, 77):
        assert n in CODE, n


def test_the_1936_set_up_shows_the_ten_year_rule_marker_and_the_cancelled_events() -> None:
    """13.2: the Ten Year Rule marker starts on its +2 side; 13.3: Enabling Act and
    Manchuria Invasion count as played, and they cancel Weimar Republic and the Kellogg-
    Briand Pact (7.5). The 1936 view showed neither the marker nor the crosses, which a game
    that played those cards shows (an events audit)."""
    v = g.view(new_game(g, "appeasement", 3), "lw")
    assert v["markers"]["ten_year_rule_abandoned"] is True
    assert sorted((x["title"], x["cancelled_by"]) for x in v["cancelled"]) == [
        ("Kellogg-Briand Pact", "Manchuria Invasion"), ("Weimar Republic", "Enabling Act")]
    for scenario in ("1920", "great_depression"):
        v = g.view(new_game(g, scenario, 3), "lw")
        assert not v["markers"].get("ten_year_rule_abandoned") and v["cancelled"] == []
