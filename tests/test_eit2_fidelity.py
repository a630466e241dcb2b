"""Europe in Turmoil II: rules the engine once broke or read two ways (issue 11, items 1-7).
Each test quotes the rule sentence it checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from warroom.core import State, apply, explain, legal_actions, new_game, prompt, view
from warroom.core.flow import run
from warroom.core.protocol import determinize
from warroom.core.rng import Rng
from warroom.games.eit2 import operations as op
from warroom.games.eit2.board import (
    LW,
    RW,
    change_moderation,
    change_tension,
    controller,
    gain_power,
    place_sp,
)
from warroom.games.eit2.effects import ongoing_check_mods, run_box_effects
from warroom.games.eit2.frames import action_round_frame, after_play
from warroom.games.eit2.game import EuropeInTurmoil2
from warroom.games.eit2.scoring import final_scoring

G = EuropeInTurmoil2()
C = G.c


def sid(name: str) -> int:
    return int(C.index[name])


def space(name: str) -> str:
    return f"space:{C.slugs[sid(name)]}"


def keys(state: State) -> list[str]:
    return [a.key for a in legal_actions(state)]


def take(state: State, n: int, side: int) -> None:
    """Move card ``n`` (wherever it is) into ``side``'s hand."""
    d = state.data
    for pile in (d["deck"], d["discard"], d["out_of_game"], d["ongoing"], d["hands"][0],
                 d["hands"][1]):
        if n in pile:
            pile.remove(n)
    d["hands"][side].append(n)
    state.invalidate()


def round_of(state: State, side: int) -> None:
    """Make it ``side``'s Action Round now."""
    d = state.data
    d["stack"][-1:] = [action_round_frame(side)]
    d["phasing"] = side
    state.invalidate()
    run(state)


# -- 1. 9.5: war ends the Strategy phase at once -----------------------------------------

def test_9_5_war_from_an_opponents_event_ends_the_phase_before_the_operations() -> None:
    """9.5: "If war broke out in 9.4, phasing player gets Sanctioned and receives a Sanction
    marker. End the Strategy phase and end the game (see 10.4.2)." LW plays March on Rome
    for OPs with its RW Event first; RW Moderation 1 -> 0 raises Tension 5 -> 6 (8.2) and the
    roll of 6 +1 starts the war: LW spends no OPs and the rest of the Event does not run."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    take(s, 10, LW)                      # March on Rome (RW, 4 OPs)
    d["mod"][RW] = 1
    d["tension"] = 5
    d["flags"]["kellogg_briand"] = False
    round_of(s, LW)
    libya = d["ext"][RW][sid("Libya")]
    apply(s, "ops:10")
    d["forced"] = [6]
    apply(s, "event_first")
    assert s.active is None
    out = d["outcome"]
    assert out["kind"] == "final" and out["reason"] == "war broke out"
    assert not any(e["rule"] in ("6.1", "6.1.3", "6.2.3") for e in s.log[-40:])
    assert d["ext"][RW][sid("Libya")] == libya       # the Event stopped at its war roll
    war = next(i for i, e in enumerate(s.log) if e["rule"] == "9.5")
    assert "LW, the phasing player, is Sanctioned" in s.log[war]["text"]
    assert s.log[war + 1]["text"].startswith("LW receives a Sanction marker")
    assert s.log[war + 2]["rule"] == "10.4.4"        # straight to Final Scoring


def test_9_5_the_rest_of_an_event_does_not_run_after_its_war_roll() -> None:
    """9.5 "End the Strategy phase": Manchuria Invasion raises Tension (9.1), cancels the
    Kellogg-Briand Pact and gives RW 1 Power; when its Tension step starts the war, neither
    of the later effects happens."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    take(s, 55, RW)                      # Manchuria Invasion
    d["tension"] = 10
    assert d["flags"]["kellogg_briand"]
    d["forced"] = [6]                    # 6 +6 -1 (Kellogg-Briand side) = 11 > 6
    apply(s, "event:55")
    assert s.active is None and d["outcome"]["reason"] == "war broke out"
    roll = next(i for i, e in enumerate(s.log) if e["rule"] == "9.4" and e.get("war"))
    after = s.log[roll + 1:]
    assert not any(e["rule"] == "10.2" for e in after)          # no +1 Power
    assert not any("cancelled" in e["text"] for e in after)     # Kellogg-Briand stays
    assert 7 in d["ongoing"] and d["sanctions"][RW] >= 1


def test_9_5_war_skips_the_check_of_held_scoring_cards() -> None:
    """9.5 "End the Strategy phase and end the game (see 10.4.2)" and 10.4.2 "execute final
    scoring to determine the winner": war mid-turn goes to Final Scoring without 4.5.3's
    Verify Held Cards, so a Scoring card still held then (RW's, kept for a later round of
    the turn, as 4.5.2 allows) does not lose the game."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    take(s, 10, LW)                      # March on Rome (RW, 4 OPs)
    scoring = next(n for n in range(1, len(C.cards)) if C.cards[n].scoring
                   and n not in d["out_of_game"] and n not in d["hands"][LW])
    take(s, scoring, RW)
    d["mod"][RW] = 1
    d["tension"] = 5
    d["flags"]["kellogg_briand"] = False
    round_of(s, LW)
    apply(s, "ops:10")
    d["forced"] = [6]
    apply(s, "event_first")
    assert scoring in d["hands"][RW]
    assert d["outcome"]["kind"] == "final" and d["outcome"]["reason"] == "war broke out"
    assert not any(e["rule"] == "4.5.3" for e in s.log)


# -- 2. 3.5: the demilitarised Rhineland -------------------------------------------------

def test_3_5_a_support_check_with_ops_adds_no_sp_in_the_demilitarised_rhineland() -> None:
    """3.5: "While the Rhineland Demilitarized marker is on the Rhineland space, no Support
    Points can be placed in that space by either Discretionary Setup, OPs, or Events,
    unless they specify the Rhineland space by name." A LW discretionary Extremist there
    (3.8) makes it a target: RW's successful check removes it and adds no RW SP; the
    marker stays; the excess left places the RW Extremist of 6.2.6's last step."""
    s = new_game(G, "1920", 2)
    d = s.data
    rh = sid("Rhineland")
    while d["stack"][-1]["kind"] in ("setup_sp", "setup_ext"):
        apply(s, keys(s)[0])
    d["ext"][LW][rh] = 1
    d["sp"][LW][rh] = d["sp"][RW][rh] = 0
    d["ext"][RW][rh] = 0
    n = next(n for n in C.card_numbers if C.cards[n].ops == 4 and C.cards[n].side == "RW")
    take(s, n, RW)
    round_of(s, RW)
    apply(s, f"ops:{n}")
    apply(s, "op_check")
    d["forced"] = [6]
    apply(s, space("Rhineland"))
    check = next(e for e in reversed(s.log) if e["rule"] == "6.2.5")
    assert check["total"] > check["target"] + 1
    assert d["ext"][LW][rh] == 0 and d["sp"][RW][rh] == 0
    assert d["ext"][RW][rh] == 1
    assert d["flags"]["rhineland_demilitarized"] is True
    assert any(e["rule"] == "3.5R" and "adds no RW SP" in e["text"] for e in s.log)


def test_3_5_a_rearmament_box_does_not_offer_the_demilitarised_rhineland() -> None:
    """3.5 (Events and effects "unless they specify the Rhineland space by name"): Foreign
    Plane Import ("1 SP in a space with a friendly Extremist") does not name it."""
    s = new_game(G, "1920", 2)
    d = s.data
    rh = sid("Rhineland")
    d["ext"][RW][rh] = 1
    t = C.track_ids.index("little_entente")
    d["rearm_side"][t] = RW
    box = C.boxes[t][1]
    assert box.name == "Foreign Plane Import"
    run_box_effects(C, d, RW, t, box)
    frame = d["stack"][-1]
    assert frame["kind"] == "box_place_sp" and rh not in frame["options"]
    assert sid("Magdeburg") in frame["options"]
    # why, for the space asked: the Rhineland's reason for the Rhineland only (it gave it
    # for any space, Gibraltar included: an explain audit)
    run(s)
    s.invalidate()
    why = explain(s, "space:rhineland", "rw")
    assert not why.legal and why.rules[0] == "3.5R" and "demilitarised" in why.reason
    why = explain(s, "space:gibraltar", "rw")
    assert not why.legal and why.rules == ("6.3.4",), why
    assert why.reason.startswith("Gibraltar holds no RW Extremist"), why.reason
    assert "Rhineland" not in why.reason
    assert explain(s, "space:magdeburg", "rw").legal


def test_3_5_an_event_naming_the_rhineland_places_there_and_lifts_the_marker() -> None:
    """3.5 example: "the Ruhr Occupation Event is played, placing five LW SP in the
    Rhineland space ... players also remove the Rhineland Demilitarized marker"."""
    s = new_game(G, "1920", 2)
    d = s.data
    rh = sid("Rhineland")
    assert place_sp(C, d, RW, rh, 1, "7.1") == 0 and d["sp"][RW][rh] == 0
    assert place_sp(C, d, LW, rh, 5, "7.1", by_name=True) == 5
    assert d["flags"]["rhineland_demilitarized"] is False


# -- 3. 6.3.8 with 5.1: a mandated attempt on a closed track lapses -----------------------

def _ops_round(state: State, side: int) -> None:
    """``side`` plays a card of its own for Operations and places its SP (no Event)."""
    d = state.data
    mine = "RW" if side == RW else "LW"
    n = next(n for n in d["deck"] if C.cards[n].side == mine and C.cards[n].ops)
    take(state, n, side)
    apply(state, f"ops:{n}")
    apply(state, "op_place")
    while state.active == ("rw" if side == RW else "lw") and \
            state.data["stack"][-1]["kind"] == "place_sp":
        apply(state, keys(state)[0])


def test_6_3_8_maginot_mentality_lapses_once_the_french_track_is_closed() -> None:
    """6.3.8: the rightmost box closes the track; 5.1: "Cards may be played in one of two
    ways: as Events or Operations". Maginot Mentality mandates two free attempts on the
    French track (4.5.2); the first completes the track, so the second cannot be made: the
    LW's next round is an ordinary one (before: only rearm:* was offered and the card was
    thrown away, "No Rearmament track is open")."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    fr = C.track_ids.index("france")
    d["rearm"][fr] = len(C.boxes[fr]) - 2       # one box from the end
    take(s, 65, LW)                             # Maginot Mentality
    round_of(s, LW)
    apply(s, "event:65")
    assert len(d["oblig"][LW]) == 2
    if s.active == "rw":
        _ops_round(s, RW)
    assert s.active == "lw"
    assert all(k.startswith(("rearm:", "score:")) for k in keys(s))
    n = next(n for n in d["hands"][LW] if not C.cards[n].scoring)
    d["forced"] = [6]
    apply(s, f"rearm:{n}")
    apply(s, "track:france")
    assert d["rearm"][fr] == len(C.boxes[fr]) - 1 and len(d["oblig"][LW]) == 1
    _ops_round(s, RW)
    assert s.active == "lw" and d["oblig"][LW] == []
    assert any(k.startswith("ops:") for k in keys(s))
    assert any(e["rule"] == "6.3.8" and "lapses" in e["text"] for e in s.log)


# -- 4. 13.2 / 11.2.2: boxes passed before a scenario are in force ------------------------

def test_13_2_special_emergency_intervention_is_in_force_in_1936() -> None:
    """13.2: "Place Spanish marker on the Special Emergency Intervention space RW side-up
    (with the reminder marker moved to the Reminder Sheet)"; 11.2.2: reminder markers "are
    moved to the Event Chart when the nation's Rearmament Marker reaches their space". The
    box's ongoing effect (+1 to the RW Support Checks in Spain) holds from the start."""
    s = new_game(G, "appeasement", 1)
    d = s.data
    madrid = sid("Madrid")
    assert (1, "Special Emergency Intervention") in ongoing_check_mods(C, d, RW, madrid)
    assert ongoing_check_mods(C, d, LW, madrid) == []
    assert ongoing_check_mods(C, d, RW, sid("Paris")) == []
    # the 1932 chart has passed no box with a reminder marker
    g = new_game(G, "great_depression", 1)
    assert not [m for m in g.data["check_mods"] if "track" in m]


# -- 5. 11.2.4: the reshuffles fall in turns 4 and 9 --------------------------------------

def _reshuffle_turns(seed: int) -> tuple[list[int], int]:
    """The turns of the 4.3 reshuffles of a random 1920 game (Scoring cards played half the
    time they can be, so that games reach the late turns), and the last turn dealt."""
    s = new_game(G, "1920", seed)
    r = random.Random(seed)
    while s.active is not None and s.data["turn"] < 10:
        acts = legal_actions(s)
        score = [a for a in acts if a.kind == "score"]
        apply(s, score[0] if score and r.random() < 0.5 else acts[r.randrange(len(acts))])
    turns: list[int] = []
    turn = 1
    for e in s.log:
        if e["rule"] == "4.1" and "turn" in e:
            turn = e["turn"]
        elif e["rule"] == "4.3":
            turns.append(turn)
    return turns, s.data["turn"]


def test_11_2_4_reshuffles_fall_in_turns_4_and_9_in_most_games() -> None:
    """11.2.4: "Normally there is a reshuffle during the card draw phase of turn 4. [...]
    There is usually a reshuffle during the card draw phase of turn 9." Measured over random
    1920 games: among those that reach the turn, the first reshuffle is in turn 4 (never
    earlier) and most of those reaching turn 9 reshuffle then."""
    assert len(C.era_cards["Roaring Twenties"]) in range(44, 58)
    t4 = reach4 = t9 = reach9 = 0
    for seed in range(40):
        turns, last = _reshuffle_turns(seed)
        assert not [t for t in turns if t < 4], (seed, turns)
        if last >= 4:
            reach4 += 1
            t4 += 4 in turns
        if last >= 9:
            reach9 += 1
            t9 += 9 in turns
    assert reach4 >= 20 and reach9 >= 10
    assert t4 >= 0.9 * reach4
    assert t9 >= 0.6 * reach9


# -- 6. 6.3.2: the target space of a Rearmament attempt ------------------------------------

def test_6_3_2_an_attempt_counts_the_neighbourhood_of_the_boxs_space() -> None:
    """6.3.2: "+1 for each adjacent friendly controlled space / +1 for each friendly
    Extremist in or adjacent to the target space / -1 for each adjacent opponent controlled
    space / -1 for each opponent Extremist in or adjacent to the target space / SPs in the
    target space itself do not modify the die roll in any way". 11.2.5: Lombardy "should be
    controlled for certain Rearmament boxes to improve": Rapid Army Expansion gives Power
    with it, so an attempt at that box targets Lombardy."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    n = len(C.names)
    d["sp"], d["ext"] = [[0] * n, [0] * n], [[0] * n, [0] * n]
    it = C.track_ids.index("italy")
    assert C.boxes[it][d["rearm"][it] + 1].name == "Rapid Army Expansion"
    assert C.boxes[it][d["rearm"][it] + 1].space == sid("Lombardy")
    d["sp"][LW][sid("Lombardy")] = 9                  # SP in the target space: nothing
    d["sp"][RW][sid("Tuscany")] = 5                   # adjacent, RW-controlled: -1
    d["sp"][LW][sid("Switzerland")] = 9               # adjacent, LW-controlled: +1
    d["ext"][LW][sid("Lombardy")] = 1                 # friendly Extremist in it: +1
    d["ext"][RW][sid("Blackshirts")] = 1              # opposing Extremist next to it: -1
    d["ext"][LW][sid("Rome")] = 1                     # not adjacent to Lombardy: nothing
    n_card = next(n for n in d["deck"] if C.cards[n].side == "neutral" and C.cards[n].ops)
    take(s, n_card, LW)
    round_of(s, LW)
    assert d["rearm_side"][it] == RW                  # no +1 for LW's marker side
    d["forced"] = [1]
    apply(s, f"rearm:{n_card}")
    apply(s, "track:italy")
    att = next(e for e in reversed(s.log) if e["rule"] == "6.3.2" and "die" in e)
    assert sorted(map(tuple, att["mods"])) == sorted([
        (-1, "Tuscany opponent-controlled"), (1, "Switzerland controlled"),
        (1, "Extremist in Lombardy"), (-1, "opposing Extremist in Blackshirts")])


def test_6_3_2_boxes_and_their_target_spaces() -> None:
    """11.2.5's control spaces are the target spaces of the boxes that depend on them; the
    boxes placing SP have none, as 17.0 AR 1.4 shows (an attempt at Maginot Line Conception,
    2 SP in Alsace-Lorraine, modified only by the marker and the OPs; that test passes in
    tests/test_eit2_example_of_play.py)."""
    targets = {b.name: C.names[b.space] for t in range(len(C.track_ids))
               for b in C.boxes[t] if b.space is not None}
    assert targets == {
        "Binary Divisions": "Rome", "Rapid Army Expansion": "Lombardy",
        "Littorio Class Battleships": "Rome", "Deutschland Class Panzerschiffe": "Berlin",
        "Panzer Divisions": "Berlin", "Polikarpov I-16": "USSR",
        "Theory of Deep Operation": "USSR"}


# -- 7. readings -------------------------------------------------------------------------

def test_10_4_4_final_scoring_adds_the_power_uncapped() -> None:
    """10.4.4: "every Region is scored as if its regional scoring card had just been played
    (this new Power is added to the current score)" and "Reaching 20 Power does not result in
    Automatic Victory during scoring at the end of turn 10". RW18 + the Power of Germany, then
    11 Sanctions (-22): RW wins (capped at RW20 first, LW2 would have won)."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    n = len(C.names)
    d["sp"], d["ext"] = [[0] * n, [0] * n], [[0] * n, [0] * n]
    d["power"] = 18
    d["mod"] = [10, 10]
    d["sanctions"] = [0, 11]
    for name in ("Berlin", "Hamburg", "Magdeburg", "Bavaria", "Silesia", "Thuringia"):
        d["sp"][RW][sid(name)] = 9                   # RW Controls Germany
    final_scoring(C, d, "test")
    rw_germany = next(e for e in s.log if e["rule"] == "10.1"
                      and e.get("region") == "Germany" and e["role"] == "rw")["total"]
    assert rw_germany >= 5                # capped at RW20, the 22 Power of Sanctions: LW2
    assert d["outcome"]["power"] == 18 + rw_germany - 22 > 0
    assert d["outcome"]["winner"] == "rw"


def test_9_4_no_roll_at_tension_11() -> None:
    """9.4: "If the Tension marker moves into a space containing a die roll modifier number,
    the player moving the Tension marker makes a roll". At 11 (the last space) the marker
    cannot move: no roll, no war."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    d["tension"] = 11
    d["forced"] = [6]
    before = len(s.log)
    change_tension(C, d, +2, RW, "9.1")
    assert d["tension"] == 11 and not d["war"] and d["forced"] == [6]
    assert [e["rule"] for e in s.log[before:]] == ["9.4", "9.4"]
    assert "no roll for war" in s.log[-1]["text"]


def test_9_4_a_rise_of_two_rolls_in_each_space_it_moves_into() -> None:
    """9.4, as rules.py reads it: Tension 5 raised by 2 moves into 6 (+1) and then 7 (+2),
    a roll in each while no war broke out."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    d["tension"] = 5
    d["flags"]["kellogg_briand"] = False
    d["forced"] = [2, 3]
    before = len(s.log)
    change_tension(C, d, +2, RW, "9.1")
    rolls = [e for e in s.log[before:] if e.get("die") is not None]
    assert [(e["die"], e.get("total")) for e in rolls] == [(2, 3), (3, 5)], s.log[before:]
    assert d["tension"] == 7 and not d["war"] and d["forced"] == []


def _lw_beyond_moderation_plays(title: str, how: str) -> State[Any]:
    """Great Depression, LW's Action Round with ``title`` in hand, Power LW6 beyond LW's
    Moderation 5 (8.3), the card played ``how`` (score, ops)."""
    s = new_game(G, "great_depression", 5)
    n = C.card_by_title(title)
    take(s, n, LW)
    round_of(s, LW)
    s.data["mod"][LW] = 5
    s.data["power"] = -6
    s.invalidate()
    apply(s, f"{how}:{n}")
    return s


def test_8_3_the_penalty_is_said_where_ops_are_offered() -> None:
    """8.3's -1 was applied unsaid to a Scoring card's Support Check, and the why of the
    Operations choices said "spend the card's OPs this way" for resolving the Event first
    (an eit2 rules audit): each names the card's OPs, the -1 and its reason."""
    s = _lw_beyond_moderation_plays("Germany Scoring", "score")
    text = prompt(s).text
    assert "(+2: the card's 3; -1 8.3: Power LW6 beyond Moderation LW5" in text, text
    s = _lw_beyond_moderation_plays("Reichstag Fire", "ops")
    d = s.data
    first = explain(s, "event_first", "lw")
    assert first.legal and "resolve the RW Event of Reichstag Fire now" in first.reason
    assert "8.3" in first.rules and "spend the card's OPs" not in first.reason
    for key in ("op_place", "op_check"):
        why = explain(s, key, "lw")
        assert "1 OPs (the card's 2; -1 8.3" in why.reason and "8.3" in why.rules, why
    # the marker's flips are logged (only the view's flag said so): back to Moderate here,
    # RW's 2 Power taking Power to LW4, within LW's Moderation 5
    before = len(s.log)
    apply(s, "event_first")
    back = [e for e in s.log[before:] if e["rule"] == "8.3"]
    assert [e["text"] for e in back] == [
        "LW's Moderation marker returns to its Moderate side: Power LW4 is no longer beyond "
        "Moderation LW5"], s.log[before:]
    assert not view(s, "lw")["extremist_penalty"]["lw"]
    # and to Extremist: LW gains 2 Power, to LW6 beyond Moderation LW5
    before = len(s.log)
    gain_power(C, d, LW, 2, "10.3.2")
    assert [e["text"] for e in s.log[before:] if e["rule"] == "8.3"] == [
        "LW's Moderation marker flips to its Extremist side: Power LW6 is beyond Moderation "
        "LW5, so the OPs LW receives are -1 (to a minimum of 1; not for Rearmament)"]
    # a Moderation move across the Power flips it too, once
    before = len(s.log)
    change_moderation(C, d, LW, +1, "8.2")
    assert [e["text"] for e in s.log[before:] if e["rule"] == "8.3"] == [
        "LW's Moderation marker returns to its Moderate side: Power LW6 is no longer beyond "
        "Moderation LW6"]
    before = len(s.log)
    change_moderation(C, d, LW, +1, "8.2")
    assert not [e for e in s.log[before:] if e["rule"] == "8.3"]


def test_11_1_1_the_scoring_cards_support_check_may_be_passed() -> None:
    """11.1.1: "Scoring cards when played [...] only provide the card player with a Support
    Check in the Scoring Region": the check is offered, not imposed (a failed check costs
    nothing, so only the die and the timing differ); passing scores the Region at once."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    take(s, 41, RW)                                  # United Kingdom Scoring
    round_of(s, RW)
    apply(s, "score:41")
    assert d["stack"][-1]["kind"] == "support_check" and "pass" in keys(s)
    assert "or pass" in G.frames["support_check"].prompt(s, d["stack"][-1]).text
    # why not a space: the reason of that space (one sentence named both for any space:
    # an explain audit)
    region = C.map.spaces_in("United Kingdom")
    rws = [t for t in range(len(C.names)) if d["sp"][LW][t] or d["ext"][LW][t]]
    far = next(t for t in rws if t not in region)
    why = explain(s, f"space:{C.slugs[far]}")
    assert not why.legal and why.rules == ("11.1.1",)
    assert why.reason.startswith(f"{C.names[far]} is not in United Kingdom"), why.reason
    bare = next(t for t in sorted(region) if t not in rws)
    why = explain(s, f"space:{C.slugs[bare]}")
    assert not why.legal and why.rules == ("6.2.4",)
    assert why.reason.startswith(f"{C.names[bare]} holds no LW SP or Extremist"), why.reason
    rng = d["rng"]
    apply(s, "pass")
    assert d["rng"] == rng                           # no die rolled
    assert any(e["rule"] == "10.1" and e.get("region") == "United Kingdom" for e in s.log)


def test_4_5_3_a_scoring_card_may_be_kept_and_loses_explain_says_so() -> None:
    """4.5.2: "Scoring cards may never be held but must be played during the turn they are
    drawn"; 4.5.3: "If a player is holding a Scoring card at this stage in the turn, that
    player loses the game." The engine lets a player keep one (4.5.3 names the consequence)
    and explain says so to that player once the rounds left run short (not the prompt,
    which the opponent reads too)."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    take(s, 41, RW)
    d["ar"] = 8                                      # the last Action Round of turn 5
    round_of(s, RW)
    other = next(n for n in d["hands"][RW] if not C.cards[n].scoring)
    assert f"ops:{other}" in keys(s)                 # allowed ...
    why = explain(s, f"ops:{other}")
    assert why.legal and "loses the game" in why.reason and "4.5.3" in why.rules
    assert "Scoring" not in prompt(s).text.split("or play")[0]   # public: shows no hand
    assert not explain(s, f"ops:{other}", role="lw").legal           # asked by the opponent
    assert "4.5.3" not in explain(s, "score:41").rules
    d["ar"] = 1                                      # seven rounds to go: no warning
    s.invalidate()
    assert "loses" not in explain(s, f"ops:{other}").reason


def test_5_2_event_after_is_the_operations_choice() -> None:
    """5.2: "The Phasing Player always decides whether the Event is to take place before or
    after the Operations are conducted": op_place / op_check put it after, event_first
    before; the old event_after key (never legal) is read as op_place."""
    assert not G.catalogue.has_key("event_after")
    assert G.catalogue.resolve("event_after").key == "op_place"
    s = new_game(G, "great_depression", 1)
    take(s, 10, LW)                                  # March on Rome, a RW Event
    round_of(s, LW)
    apply(s, "ops:10")
    assert set(keys(s)) == {"op_place", "op_check", "event_first"}
    apply(s, "event_after")                          # = op_place: the Event comes after
    assert s.data["stack"][-1]["kind"] == "place_sp"
    assert s.data["stack"][-2]["kind"] == "event"


def test_6_1_3_why_not_an_opponent_controlled_space_says_the_ops_left() -> None:
    """6.1.3: an opponent-controlled space costs 2 OPs; with 1 left, why says both (it said
    the cost alone, as if 2 were left: an explain audit)."""
    s = new_game(G, "great_depression", 1)
    take(s, 10, LW)
    round_of(s, LW)
    apply(s, "ops:10")
    apply(s, "op_place")
    frame = s.data["stack"][-1]
    held = [t for t in frame["eligible"] if controller(C, s.data, t) == RW]
    assert held, "an eligible space that RW controls"
    frame["ops"] = 1
    s.invalidate()
    why = explain(s, f"space:{C.slugs[held[0]]}")
    assert not why.legal and why.rules == ("6.1.3",)
    assert why.reason == "an opponent-controlled space costs 2 OPs, and 1 OP is left"


# -- a self-audit against the rulebook (5 December 2026) ---------------------------------------

def test_10_3_3_one_events_power_awards_are_netted_before_20_is_judged() -> None:
    """10.3.3: "If both players earn Power from the same card or Event play, apply only the
    difference in Power awarded." 10.4.1: "All Power awards (for both players) that are
    scored during an Event or scoring card must be applied prior to determining automatic
    victory." At LW 19, RW's Pact of Steel moves the Italian marker, on its LW side, into
    Littorio Class Battleships (LW gains 2), then gives RW 1: the difference is LW 1, so LW
    stands at 20 and wins. (The Power marker was once stopped at 20 by the first award, and
    RW's award then took it back to 19.)"""
    s = new_game(G, "appeasement", 5)
    d = s.data
    round_of(s, RW)
    d["power"] = -19
    t = C.track_ids.index("italy")
    d["rearm"][t] = 4
    d["rearm_side"][t] = LW
    d["sp"][LW][sid("Rome")] = 10
    d["sp"][RW][sid("Rome")] = 0
    d["tension"] = 0
    d["mod"] = [20, 20]
    take(s, 84, RW)
    d["hands"][LW].append(d["deck"].pop())
    s.invalidate()
    k = len(d["log"])
    apply(s, "event:84")
    gains = [e["text"].split(":")[0] for e in d["log"][k:] if " Power: Power " in e["text"]]
    assert gains == ["LW gains 2 Power", "RW gains 1 Power"]
    assert d["power"] == -20
    assert d["outcome"] == {"kind": "automatic", "winner": "lw", "power": -20}
    assert G.check_invariants(s) == []


def test_9_3_power_is_netted_with_the_plays_other_awards_before_20_is_judged() -> None:
    """9.3: "If Tension is at 0 and should be reduced, instead give +1 POWER to the player
    whose action would have reduced Tension"; 10.4.1: every Power award of an Event is
    applied before automatic victory is judged. At LW 19, a step whose Tension reduction by
    LW gives LW 1 Power (9.3) and then gives RW 1 Power leaves LW at 19: no winner. (The 9.3
    award was once judged at once, inside the Tension change, and ended the game.)"""
    s = new_game(G, "great_depression", 1)
    d = s.data
    d["power"] = -19
    d["tension"] = 0
    change_tension(C, d, -1, LW, "9.1")
    gain_power(C, d, RW, 1, "10.2")
    assert d["outcome"] is None
    after_play(s)                      # the step is done: 10.4.1 judges the net award
    assert d["power"] == -19 and d["outcome"] is None
    change_tension(C, d, -2, LW, "9.1")    # two reductions at 0: LW 2 Power, LW 21 -> 20
    after_play(s)
    assert d["outcome"] == {"kind": "automatic", "winner": "lw", "power": -20}


def test_11_2_2_a_box_reached_again_does_not_stack_its_reminder() -> None:
    """11.2.2: a box's reminder marker "is moved to the Event Chart when the nation's
    Rearmament Marker reaches their space": one marker. 6.3.9's "the effects printed on the
    uncovered boxes will happen again if reached again" cannot put a second one there: the
    Spanish track's Special Emergency Intervention, reached, lost to a retreat and reached
    again, still gives RW +1 in Spain, not +2."""
    s = new_game(G, "great_depression", 3)
    d = s.data
    t = C.track_ids.index("spain")
    d["rearm"][t] = 2
    d["rearm_side"][t] = RW
    d["tension"] = 0
    madrid = sid("Madrid")
    d["forced"] = [6]
    op.rearmament_attempt(C, d, RW, t, 3, "RW", True)
    once = ongoing_check_mods(C, d, RW, madrid)
    assert once == [(1, "Special Emergency Intervention")]
    op.retreat_by_event(C, d, t, 1)
    d["forced"] = [6]
    op.rearmament_attempt(C, d, RW, t, 3, "RW", True)
    assert d["rearm"][t] == 3
    assert ongoing_check_mods(C, d, RW, madrid) == once


# -- a hidden-information audit (5 December 2026) ---------------------------------------------

def _free_attempt_box(scoring_only: bool) -> State:
    """LW reaches Experimental Mechanised Force (6.3.5: a free Rearmament attempt, for which
    a card is played), holding three cards: all Scoring cards in one twin."""
    s = new_game(G, "1920", 1)
    d = s.data
    t = C.track_ids.index("uk")
    box = next(b for b in C.boxes[t] if any("free_attempt" in e for e in b.effects))
    d["rearm_side"][t] = LW
    scoring = [n for n in range(1, 111) if n in C.cards and C.cards[n].scoring][:3]
    others = [n for n in d["deck"] if not C.cards[n].scoring][:3]
    hand = scoring if scoring_only else others
    for n in hand:
        take(s, n, LW)
    d["hands"][LW] = list(hand)
    s.invalidate()
    run_box_effects(C, d, LW, t, box)
    run(s)
    return s


def test_6_3_5_the_free_attempt_is_asked_whatever_the_hand_holds() -> None:
    """6.3.5: the free attempt needs a card played for its OPs, never a Scoring card. That
    the hand holds only Scoring cards is hidden: the attempt is offered either way (then
    only a pass is legal), with the same words, and its plays are read from the hand (a
    determinized copy, whose hand is another, offers that hand's cards)."""
    only, mixed = _free_attempt_box(True), _free_attempt_box(False)
    assert only.active == mixed.active == "lw"
    assert prompt(only) == prompt(mixed)
    assert keys(only) == ["pass"]
    assert sorted(keys(mixed)) == sorted([f"card:{n}" for n in mixed.data["hands"][LW]]
                                         + ["pass"])
    twin = determinize(mixed, "rw", Rng(5))
    assert sorted(keys(twin)) == sorted([f"card:{n}" for n in twin.data["hands"][LW]
                                         if not C.cards[n].scoring] + ["pass"])


def test_a_card_played_face_up_is_an_undo_barrier() -> None:
    """Core: undo never crosses a reveal. A card played in an Action Round is seen by the
    opponent at once, so it cannot go back into the hidden hand."""
    s = new_game(G, "great_depression", 1)
    before = s.data["barrier"]
    apply(s, next(a for a in legal_actions(s) if a.key.startswith("ops:")))
    assert s.data["barrier"] > before


# -- an outside audit (5 December 2026, second sitting) -----------------------------------------

def test_an_events_free_attempt_takes_a_card_of_the_events_side() -> None:
    """6.3.5: "Unless specified otherwise (i.e. Mechanised Warfare Pioneers), free rearmament
    attempts still require a card to be played for its Operations Points" (an eit2 events
    audit: six Events used their own OPs, no card played). LW plays Condor Legion (RW's
    Event) for Operations, the Event first (5.2): RW, whose Event it is, is asked to play a
    card of its own hand for the attempt (its OPs with RW's 7.3 modifiers), or to pass;
    Mechanised Warfare Pioneers still needs none."""
    s = new_game(G, "appeasement", 1)
    d = s.data
    n = int(C.card_by_title("Condor Legion"))
    take(s, n, LW)
    take(s, 40, RW)                     # Dawes Plan / Young Plan: neutral, 3 OPs
    d["ops_mods"].append({"side": RW, "value": 1, "min": 0, "until": "turn", "card": 40})
    round_of(s, LW)
    apply(s, f"ops:{n}")
    d["forced"] = [1, 1, 1]
    apply(s, "event_first")
    assert s.active == "rw" and d["stack"][-1]["kind"] == "free_attempt"
    assert "card:40" in keys(s) and "pass" in keys(s)
    mark = len(s.log)
    apply(s, "card:40")
    apply(s, "track:germany")
    attempt = next(e for e in s.log[mark:] if e["rule"] == "6.3.2" and e.get("free"))
    assert attempt["role"] == "rw" and attempt["ops"] == 4      # 3 +1 (RW's modifier)
    assert 40 in d["discard"] and d["rearm_available"][RW] == 1
    mwp = new_game(G, "great_depression", 1)
    n = int(C.card_by_title("Mechanised Warfare Pioneers"))
    take(mwp, n, LW)
    round_of(mwp, LW)
    apply(mwp, f"event:{n}")
    assert mwp.data["stack"][-1]["kind"] != "free_attempt"     # "without playing a card"
    hand = list(mwp.data["hands"][LW])
    mark = len(mwp.log)
    apply(mwp, legal_actions(mwp)[0])                          # its track
    assert any(e["rule"] == "6.3.2" and e.get("free") and e["ops"] == 3
               for e in mwp.log[mark:]), [e["text"] for e in mwp.log[mark:]]
    assert mwp.data["hands"][LW] == hand


def test_why_on_operations_says_when_the_opponents_event_cannot_occur() -> None:
    """5.2: "If a card play triggers an opponent's Event, but that Event cannot occur
    because a prerequisite card has not been played ... the Event does not occur." why on
    playing Mein Kampf for Operations before Munich Beer Hall Putsch says so (it promised
    the Event, which the play then discarded)."""
    s = new_game(G, "1920", 1)
    n = int(C.card_by_title("Mein Kampf"))
    need = C.cards[n].requires
    assert need and all(r not in s.data["events_played"] for r in need)
    take(s, n, LW)
    round_of(s, LW)
    why = explain(s, f"ops:{n}", "lw").reason
    assert ("Event cannot occur now (its Event requires Munich Beer Hall Putsch, not played "
            "yet, 2.2.6)") in why, why
    assert "then occurs" not in why


def test_why_of_a_cancelled_event_says_cancelled_before_a_missing_prerequisite() -> None:
    """7.5 before 2.2.6: Franco-German Reconciliation, cancelled by Rhineland
    Remilitarization while Aristide Briand (its prerequisite) is unplayed, is said cancelled
    (it was said to await Aristide Briand, as if it could still come: a review)."""
    s = new_game(G, "appeasement", 1)
    fgr = int(C.card_by_title("Franco-German Reconciliation"))
    briand = int(C.card_by_title("Aristide Briand"))
    assert briand in C.cards[fgr].requires
    if briand in s.data["events_played"]:
        s.data["events_played"].remove(briand)
    s.data["blocked"].append(fgr)
    take(s, fgr, LW)
    round_of(s, LW)
    why = explain(s, f"event:{fgr}", "lw").reason
    assert "cancelled by" in why and "can no longer be played, 7.5" in why, why
    assert "Aristide Briand" not in why


def test_the_view_shows_the_card_whose_event_an_operations_play_triggers() -> None:
    """5.2: LW plays an RW card for Operations and decides when its Event is resolved; the
    card, played face up, has left the hand, so the view's pending decision carries it
    with its text (a browser audit found the text nowhere on the page)."""
    s = new_game(G, "1920", 1)
    n = int(C.card_by_title("War Reparations/War Debts"))
    take(s, n, LW)
    round_of(s, LW)
    apply(s, f"ops:{n}")
    for role in (None, "lw", "rw"):
        pending = view(s, role)["pending"]
        assert pending["kind"] == "op_kind" and pending["card"]["number"] == n
        assert pending["card"]["event"] == C.cards[n].event


def test_why_of_a_cancelled_event_names_the_card_that_cancelled_it() -> None:
    """7.5: an Event cancelled by another card can no longer be played. why says which
    card cancelled it, as the Event Chart shows (an eit2 events audit was told "a
    prerequisite or condition is missing"), for the Event and for Operations alike."""
    s = new_game(G, "great_depression", 1)
    kellogg, manchuria = int(C.card_by_title("Kellogg-Briand Pact")), int(
        C.card_by_title("Manchuria Invasion"))
    assert kellogg in C.cards[manchuria].cancels
    if kellogg in s.data["events_played"]:
        s.data["events_played"].remove(kellogg)
    for pile in ("ongoing", "out_of_game", "discard"):
        if kellogg in s.data[pile]:
            s.data[pile].remove(kellogg)
            s.data["deck"].append(kellogg)
    take(s, manchuria, RW)
    round_of(s, RW)
    apply(s, f"event:{manchuria}")
    assert kellogg in s.data["blocked"]
    # the Event Chart's cross is public: in every role's view and the terminal's ongoing
    from warroom.cli.render_eit2 import ongoing_lines
    for role in (None, "lw", "rw"):
        shown = [(c["number"], c["cancelled_by"]) for c in view(s, role)["cancelled"]]
        assert (kellogg, "Manchuria Invasion") in shown, shown
    said = " ".join(line.strip() for line in ongoing_lines(view(s, "lw")))
    assert "Kellogg-Briand Pact (by Manchuria Invasion)" in said, said
    take(s, kellogg, LW)
    round_of(s, LW)
    why = explain(s, f"event:{kellogg}", "lw").reason
    assert why == ("the Event cannot be played now: its Event was cancelled by Manchuria "
                   "Invasion and can no longer be played, 7.5"), why
    take(s, kellogg, RW)
    round_of(s, RW)
    why = explain(s, f"ops:{kellogg}", "rw").reason
    assert ("Event cannot occur now (its Event was cancelled by Manchuria Invasion and can no "
            "longer be played, 7.5), so the card is discarded (5.2)") in why, why


def test_the_operations_choices_mention_an_opponents_event_only_while_one_is_to_come() -> None:
    """The op_place/op_check labels said "an opponent's Event on the card comes after them"
    for the player's own cards and after the Event had been resolved first (5.2)."""
    s = new_game(G, "great_depression", 1)
    take(s, 10, LW)                                  # March on Rome, a RW Event
    round_of(s, LW)
    apply(s, "ops:10")
    label = {a.key: G.describe(s, a.id) for a in legal_actions(s)}
    assert "an opponent's Event on the card comes after them" in label["op_place"]
    s.data["forced"] = [1, 1, 1, 1]
    apply(s, "event_first")
    while s.data["stack"][-1]["kind"] != "op_kind":       # the Event's own choices
        apply(s, legal_actions(s)[0])
    label = {a.key: G.describe(s, a.id) for a in legal_actions(s)}
    assert label["op_place"] == "Operations: place Support Points (6.1)"


# -- an outside audit of set-up, sequence and scoring (6 December 2026) --------------------------

def test_3_6_the_opening_deal_and_turn_1_come_in_the_rules_order() -> None:
    """3.6 deals before 3.7 and 3.8, which come before turn 1: "Turn 1 begins" was logged
    before the set-up placements, and the 3.6 deal was cited as 4.5.1's turn deal."""
    s = new_game(G, "1920", 1)
    while s.data["stack"][-1]["kind"] in ("setup_sp", "setup_ext"):
        apply(s, legal_actions(s)[0])
    lines = [(e["rule"], e["text"]) for e in s.log]
    deal = next(i for i, (r, t) in enumerate(lines) if t.startswith("Deal:"))
    assert lines[deal][0] == "3.6"
    turn = next(i for i, (r, t) in enumerate(lines) if t == "Turn 1 begins")
    placed = [i for i, (r, t) in enumerate(lines) if r in ("3.7", "3.8")]
    assert placed and max(placed) < turn, (placed, turn)


def test_11_1_1_a_scoring_cards_check_passed_is_logged_as_its_own() -> None:
    """A Scoring card's Support Check passed was logged under 6.2; its why cites 10.1 and
    11.1.1, and so does the line now."""
    s = new_game(G, "great_depression", 1)
    n = next(x for x in C.card_numbers if C.cards[x].scoring)
    take(s, n, LW)
    round_of(s, LW)
    apply(s, f"score:{n}")
    assert "pass" in keys(s), keys(s)
    mark = len(s.log)
    apply(s, "pass")
    assert ("11.1.1", "LW makes no Support Check") in [(e["rule"], e["text"])
                                                       for e in s.log[mark:]]


def test_why_a_rearmament_play_is_refused_names_the_reason_that_holds() -> None:
    """6.3.8: with every track complete (the Availability marker still Available), the
    refusal said the marker was Unavailable."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    for t in range(len(C.track_ids)):
        d["rearm"][t] = len(C.boxes[t]) - 1
    d["rearm_available"] = [1, 1]
    n = next(x for x in d["hands"][LW] if not C.cards[x].scoring) if d["hands"][LW] else None
    if n is None:
        n = next(x for x in d["deck"] if not C.cards[x].scoring)
        take(s, n, LW)
    round_of(s, LW)
    why = explain(s, f"rearm:{n}", "lw")
    assert not why.legal and "no Rearmament track is open" in why.reason, why
    assert why.rules == ("6.3.8",)


def test_3_7_why_a_discretionary_space_is_refused_names_its_reason() -> None:
    """It gave every reason at once, the Rhineland's included, for Berlin."""
    s = new_game(G, "1920", 1)
    while s.data["stack"][-1]["side"] != RW:
        apply(s, legal_actions(s)[0])
    why = explain(s, space("Berlin"), "rw")
    assert not why.legal and "Berlin holds LW SP or Extremists" in why.reason, why
    assert why.rules == ("3.7",)
    rh = explain(s, space("Rhineland"), "rw")
    assert "demilitarised" in rh.reason and "3.5R" in rh.rules


def test_why_a_closed_track_and_a_mandated_attempt_say_what_holds() -> None:
    """An operations audit: a track Non-Intervention Committee closed was said to be on its
    rightmost box (7.2, not 6.3.8); during Maginot Mentality's mandated rounds the why of a
    Rearmament play described an ordinary attempt on every track, and the track's refusal
    named its id ('the france track') under 6.3.6."""
    s = new_game(G, "appeasement", 1)
    d = s.data
    nic = int(C.card_by_title("Non-Intervention Committee"))
    take(s, nic, RW)
    round_of(s, RW)
    apply(s, f"event:{nic}")
    round_of(s, LW)
    n = next(x for x in d["hands"][LW] if not C.cards[x].scoring)
    apply(s, f"rearm:{n}")
    why = explain(s, "track:spain", "lw")
    assert not why.legal and "Non-Intervention Committee closed the Spain track" in why.reason
    assert why.rules == ("7.2",)
    s = new_game(G, "great_depression", 3)
    d = s.data
    take(s, 65, LW)                     # Maginot Mentality
    round_of(s, LW)
    apply(s, "event:65")
    round_of(s, LW)
    n = next(x for x in d["hands"][LW] if not C.cards[x].scoring)
    assert "on the France track" in prompt(s).text, prompt(s).text     # not "france"
    why = explain(s, f"rearm:{n}", "lw")
    assert why.legal and "the free Rearmament attempt an Event mandates" in why.reason
    assert why.rules == ("6.3.5", "6.3.7", "5.2")
    refused = explain(s, f"ops:{n}", "lw")
    assert not refused.legal and "consecutive Rearmament attempt rounds" in refused.reason
    assert "6.3.6" in refused.rules and all(r in G.rules for r in refused.rules), refused.rules
    assert "France track" in why.reason and "Spain track" not in why.reason, why.reason
    apply(s, f"rearm:{n}")
    assert "(it must be the France track" in prompt(s).text
    assert "france track" not in explain(s, "track:spain", "lw").reason


def test_9_4_a_reduction_into_a_plus_space_makes_no_war_roll() -> None:
    """The reading in rules.py (an operations audit found it unlisted): a fall of Tension
    into a +# space rolls nothing; a rise into one rolls."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    d["tension"], d["forced"] = 8, [1]
    change_tension(C, d, -1, LW, "9.1")
    assert d["tension"] == 7 and d["forced"] == [1] and not d["outcome"]
    change_tension(C, d, +1, LW, "9.1")
    assert d["tension"] == 8 and d["forced"] == []


def test_6_2_6_a_checks_why_gives_every_step() -> None:
    """The odds of a Support Check said 'each point above N removes an opposing SP (then an
    Extremist), then adds a RW SP': without 6.2.6's cap at control, its last Extremist, or
    the demilitarised Rhineland's exception (an operations audit)."""
    s = new_game(G, "1920", 1)
    text = op.check_odds(C, s.data, RW, sid("Berlin"), 3)
    assert "up to control" in text and "Extremist if none is there" in text, text
    rh = op.check_odds(C, s.data, RW, sid("Rhineland"), 3)
    assert "adds no RW SP (the Rhineland is demilitarised, 3.5R)" in rh, rh


def test_a_success_or_a_box_that_changes_nothing_says_so() -> None:
    """An operations audit: a successful Support Check with nothing to remove or add, and a
    box placing SP 'in a space with a friendly Extremist' where there is none, left the log
    silent."""
    s = new_game(G, "1920", 1)
    d = s.data
    h = sid("Hungary")
    d["sp"][LW][h] = d["ext"][LW][h] = 0
    d["sp"][RW][h], d["ext"][RW][h] = C.stability[h], 1
    d["forced"] = [6]
    mark = len(s.log)
    assert op.support_check(C, d, RW, h, 4) > 0
    assert [e["text"] for e in s.log[mark:] if e["rule"] == "6.2.6"] == [
        "Nothing to change: no opposing marker is there, RW controls Hungary, and RW has its "
        "Extremist there"]
    t = C.track_ids.index("little_entente")
    box = next(b for b in C.boxes[t] if any(
        isinstance(e.get("place_sp"), dict) and e["place_sp"].get(
            "in_space_with_friendly_extremist") for e in b.effects))
    d["ext"][RW] = [0] * len(C.names)
    d["rearm_side"][t] = RW                 # the box works for the side its marker shows
    mark = len(s.log)
    run_box_effects(C, d, RW, t, box)
    assert any("no space holds a RW Extremist" in e["text"] for e in s.log[mark:])


def test_nothing_to_change_is_not_said_while_an_extremist_is_to_be_relocated() -> None:
    """All 15 RW Extremists on the board: the check's Extremist comes by a relocation the
    player is asked for (2.3.2), so 'Nothing to change ... has its Extremist there' was
    false there (a corpus record showed it)."""
    s = new_game(G, "1920", 1)
    d = s.data
    h = sid("Hungary")
    d["sp"][LW][h] = d["ext"][LW][h] = 0
    d["sp"][RW][h], d["ext"][RW][h] = C.stability[h], 0
    placed = sum(d["ext"][RW])
    for x in range(len(C.names)):
        if placed >= 15:
            break
        if x != h and not d["ext"][RW][x]:
            d["ext"][RW][x] = 1
            placed += 1
    d["forced"] = [6]
    mark = len(s.log)
    op.support_check(C, d, RW, h, 4)
    assert not [e for e in s.log[mark:] if e["text"].startswith("Nothing to change")]


def test_a_support_check_target_and_a_rearmament_track_show_their_chance_in_the_menu() -> None:
    """A Support Check's spaces and a Rearmament attempt's tracks carry their chance in
    their menu label, the same figure as their why (a web audit: seven whys to compare seven
    targets; only a free attempt's cards showed theirs)."""
    seen: set[str] = set()
    for seed in range(12):
        s = new_game(G, "1920", seed)
        rng = random.Random(seed)
        while s.active is not None and len(seen) < 3:
            top = s.data["stack"][-1]["kind"]
            if top in ("support_check", "box_support_check", "rearm_track"):
                for a in legal_actions(s):
                    if a.kind not in ("space", "track"):
                        continue
                    label = G.describe(s, a.id)
                    why = explain(s, a.key, s.active).reason
                    pct = why.rsplit("%", 1)[0].rsplit(" ", 1)[-1]
                    if a.kind == "space":
                        assert label.endswith(f", check {pct}%"), (label, why)
                    else:
                        assert label.endswith(f": {pct}%"), (label, why)
                    seen.add(top)
            apply(s, rng.choice(legal_actions(s)))
    assert {"support_check", "rearm_track"} <= seen, seen


def test_4_5_3_the_held_cards_step_is_logged_when_it_passes() -> None:
    """4.5.3 is said at every turn's end, also when no one holds a Scoring card (a web
    audit: the log went from the last Action Round straight to 4.5.4's turn marker)."""
    for seed in range(6):
        s = new_game(G, "1920", seed)
        rng = random.Random(seed)
        while s.active is not None and s.data["turn"] < 2:
            apply(s, rng.choice(legal_actions(s)))
        lines = [(e["rule"], e["text"]) for e in s.log]
        if s.data["turn"] < 2:
            continue                                   # the game ended in turn 1
        i = lines.index(("4.5.4", "Advance the Turn marker to turn 2; Rearmament "
                         "Availability markers back to Available"))
        j = lines.index(("4.5.3", "End of turn 1: neither player holds a Scoring card"))
        assert j < i and not any(t.startswith("Action Round") for _, t in lines[j:i])
        return
    pytest.fail("no game of these seeds reached turn 2")


def test_an_events_support_check_spaces_show_their_chance_in_the_menu() -> None:
    """An Event's Support Check in a space of the player's choice (rule 6.2.5 on its
    choice) shows its chance in each space's label, the figure its why gives (7.4: as a
    card of the Event's +N OPs)."""
    seen = 0
    for scenario in ("1920", "great_depression", "appeasement"):
        for seed in range(15):
            s = new_game(G, scenario, seed)
            rng = random.Random(seed)
            while s.active is not None:
                top = s.data["stack"][-1]
                if top["kind"] == "event_choice" and top.get("rule") == "6.2.5":
                    for a in legal_actions(s):
                        if a.kind != "space":
                            continue
                        why = explain(s, a.key, s.active).reason
                        pct = why.rsplit("%", 1)[0].rsplit(" ", 1)[-1]
                        assert G.describe(s, a.id).endswith(f", check {pct}%"), why
                        seen += 1
                apply(s, rng.choice(legal_actions(s)))
    assert seen, "no Event asked for the space of its Support Check"


def test_8_2_and_8_3_logs_say_what_happened() -> None:
    """An eit2 rules audit: "RW Moderation -2: now RW0" of a marker that moved one space (the
    other step a Sanction marker), "+1: now LW20" of one at 20; and a 2-OPs card placed "with
    1 OPs" with no word of 8.3's penalty."""
    from warroom.core.log import render
    from warroom.games.eit2.board import change_moderation
    st = new_game(G, "1920", 1)
    d = st.data
    said = []
    for start, delta in ((1, -2), (0, -1), (20, 1), (19, 2), (5, -1)):
        d["mod"][RW] = start
        change_moderation(C, d, RW, delta, "8.2")
        said.append(render(d["log"][-1]))
    assert said == [
        "RW Moderation -2: the marker moves -1 (below 0 a Sanction marker instead, 8.2) and "
        "is now RW0 [8.2]",
        "RW Moderation -1: the marker stays at RW0 (below 0 a Sanction marker instead, 8.2) "
        "[8.2]",
        "RW Moderation +1: the marker stays at RW20 (the track ends at 20) [8.2]",
        "RW Moderation +2: the marker moves +1 (the track ends at 20) and is now RW20 [8.2]",
        "RW Moderation -1: now RW4 [8.2]"]
    st = new_game(G, "great_depression", 3)
    d = st.data
    n = C.card_by_title("Winston Churchill")
    take(st, n, RW)
    round_of(st, RW)
    d["power"] = 12                       # RW12, beyond RW Moderation 9 (8.3)
    st.invalidate()
    k = len(d["log"])
    apply(st, f"ops:{n}")
    apply(st, "op_place")
    assert "RW places Support with 1 OPs (the card's 2; -1 8.3: Power RW12 beyond " \
        "Moderation RW9, to a minimum of 1) [6.1]" in [render(e) for e in d["log"][k:]]


def test_8_2_moderation_reaching_0_raises_tension_once() -> None:
    """8.2: "Whenever a player's Moderation reaches 0, increase Tension by 1. If a player's
    Moderation would be reduced but it is already at 0, they get sanctioned and receive a
    sanction marker instead." (A rules audit: no test held the Tension step.)"""
    from warroom.games.eit2.board import change_moderation
    st = new_game(G, "1920", 1)
    d = st.data
    for side in (LW, RW):
        d["tension"], d["mod"][side] = 0, 2
        sanctions = d["sanctions"][side]
        change_moderation(C, d, side, -1, "8.2")            # 2 -> 1: no Tension
        assert (d["mod"][side], d["tension"]) == (1, 0)
        change_moderation(C, d, side, -2, "8.2")            # 1 -> 0, then a Sanction
        assert (d["mod"][side], d["tension"]) == (0, 1)
        assert d["sanctions"][side] == sanctions + 1
        change_moderation(C, d, side, -1, "8.2")            # at 0: a Sanction, no Tension
        assert d["tension"] == 1 and d["sanctions"][side] == sanctions + 2


def test_4_5_1_the_first_card_goes_to_rw_and_the_deal_alternates() -> None:
    """4.5.1: "The first card is dealt to the Right Wing player, and then the deal should
    alternate back and forth between the players until they have received their full hand
    size." (A rules audit: only hand sizes were held.)"""
    from warroom.games.eit2.sequence import deal
    st = new_game(G, "1920", 1)
    d = st.data
    cards = [n for n in C.cards if not C.cards[n].scoring][:20]
    d["hands"] = [[], []]
    d["deck"] = list(reversed(cards))                   # the deck's top is its end
    d["discard"] = []
    deal(C, d)
    assert d["hands"][RW] == cards[0:16:2] and d["hands"][LW] == cards[1:16:2]
    # a hand that holds more gets nothing while the other catches up
    d["hands"] = [cards[:2], cards[2:8]]                 # LW 2 held, RW 6 held
    d["deck"] = list(reversed(cards[8:]))
    deal(C, d)
    assert d["hands"][RW] == [*cards[2:8], cards[8], cards[10]]
    assert d["hands"][LW] == [*cards[:2], cards[9], *cards[11:16]]


def test_why_a_space_an_ongoing_event_bans_is_the_ban_not_its_cost() -> None:
    """6.1.3: "It costs two Operations points to place an SP in an opponent-controlled
    space": not the answer for a space an ongoing Event bars (a rules audit: with 2 OPs
    left, a banned space was said to cost 2 OPs)."""
    st = new_game(G, "great_depression", 1)
    d = st.data
    n = next(n for n in d["hands"][RW] if not C.cards[n].scoring
             and C.cards[n].side in ("RW", "neutral"))
    by = next(k for k in C.cards if k != n and not C.cards[k].scoring)
    d["place_bans"].append({"side": RW, "spaces": [sid("Belgium")], "until": "turn",
                            "card": by})
    st.invalidate()
    apply(st, f"ops:{n}")
    apply(st, "op_place")
    assert d["stack"][-1]["ops"] >= 2 and sid("Belgium") in d["stack"][-1]["eligible"]
    why = explain(st, space("Belgium"))
    assert not why.legal and "7.2" in why.rules and "2 OPs" not in why.reason
    assert C.cards[by].title in why.reason


def test_10_4_1_twenty_power_at_a_tracks_last_box_makes_no_war_roll() -> None:
    """10.4.1: "The instant one player reaches a score of 20 Power, the game is over." RW at
    19 Power completes the UK track: the last box's Power brings 20, and 6.3.8's Tension +1
    into a war-roll space rolls for no war (it rolled, the war broke out and RW was
    Sanctioned before its automatic victory: two rules audits)."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    u = C.track_ids.index("uk")
    d["rearm"][u] = len(C.boxes[u]) - 2
    d["rearm_side"][u] = RW
    d["power"], d["mod"][RW], d["tension"] = 19, 20, 5
    d["flags"]["kellogg_briand"] = False
    assert C.tension_drm[6] is not None            # 6 is a war-roll space
    round_of(s, RW)
    d["round_done"][RW] = d["ar"]
    n = next(n for n in d["hands"][RW] if not C.cards[n].scoring)
    d["forced"] = [6, 6]                           # the attempt, then what a war roll would use
    before = len(s.log)
    apply(s, f"rearm:{n}")
    apply(s, "track:uk")
    texts = [e["text"] for e in s.log[before:]]
    assert any(t.startswith("Tension +1: now 6") for t in texts), texts
    assert ("No roll for war: RW stands at 20 Power, which wins the game once this play's "
            "awards are applied") in texts, texts
    assert not d["war"] and d["sanctions"] == [0, 0] and d["forced"] == [6]
    assert d["outcome"]["kind"] == "automatic" and d["outcome"]["winner"] == "rw"


def test_why_a_refused_rearmament_attempt_in_a_mandated_operations_round() -> None:
    """A round German Generals Object mandates as Operations may be a Rearmament attempt
    (rules.py): one refused because the Availability marker is Unavailable says so (6.3.2),
    not that the obligation forbids it (an eit2 audit)."""
    s = new_game(G, "great_depression", 1)
    d = s.data
    take(s, 63, LW)                                # German Generals Object
    round_of(s, LW)
    d["round_done"][LW] = d["ar"]
    apply(s, "event:63")
    assert d["oblig"][RW] and s.active == "rw"
    d["rearm_available"][RW] = 0
    s.invalidate()
    n = next(n for n in d["hands"][RW] if not C.cards[n].scoring)
    why = explain(s, f"rearm:{n}")
    assert not why.legal
    assert "Availability marker is Unavailable" in why.reason and "6.3.2" in why.rules, why
