"""Struggle for Europe: fair play (issue 10) and rules fidelity (issue 11), each case on a
position built for it, quoting the rule sentence it checks."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from rich.console import Console

from test_sfe_examples import (
    G,
    allied_turn,
    bialystok_contested,
    check,
    cid,
    clear,
    control,
    counters,
    entries,
    give,
    keys,
    play,
    put,
    set_control,
)
from warroom.cli import render_sfe
from warroom.core.protocol import (
    apply,
    determinize,
    explain,
    legal_actions,
    new_game,
    prompt,
    view,
)
from warroom.core.rng import Rng
from warroom.games.sfe import engine as E
from warroom.games.sfe.battle import battle_frame
from warroom.games.sfe.components import AXIS, EV_GC, SOV, WEST
from warroom.games.sfe.counters import owner
from warroom.games.sfe.game import current_battle

C = G.c


# -- issue 10, item 7: the defender's retreat is no side channel -----------------------------

def gibraltar(naval: bool) -> object:
    """Gibraltar contested: a Western 1 in the south half, whose lines are all naval (to
    London and Algiers), an Axis 2 in the north half; the Axis attack it."""
    s = new_game(G, seed=1)
    clear(s, "Gibraltar")
    put(s, "Gibraltar", WEST, 1, "south")
    put(s, "Gibraltar", AXIS, 2, "north")
    give(s, 0, ["ax01", "ax02", "ax03", "ax04", "ax05", "ax06"])
    give(s, 1, ["al05" if naval else "al01", "al02", "al03", "al04", "al08"])
    play(s, "op:attack", "loc:Gibraltar", "card:ax01")
    return s


def test_the_defender_is_asked_the_same_whatever_his_hand_holds() -> None:
    """8.1: "The defender decides if he wants to defend or retreat." 8.3: "To retreat
    across a naval move line, you must discard into the recycle pile a card with a naval
    move icon." Whether he holds one is his secret: the attacker sees the same decision
    come next either way."""
    with_card, without = gibraltar(True), gibraltar(False)
    assert keys(with_card) == keys(without) == ["defend", "retreat"]
    assert prompt(with_card) == prompt(without)
    assert view(with_card, "axis")["pending"] == view(without, "axis")["pending"]


def test_an_elected_retreat_without_a_naval_card_becomes_a_defence() -> None:
    """8.4: "If the counter(s) cannot retreat, they do battle." """
    s = gibraltar(False)
    # why tells the defender, who knows his hand, before he elects it (an audit: it promised
    # a retreat, and only the log after the choice said it could not be carried out)
    why = explain(s, "retreat", "allies").reason
    assert "you hold no naval move card" in why and "do battle" in why, why
    assert "no naval move card" not in explain(gibraltar(True), "retreat", "allies").reason
    play(s, "retreat")
    assert entries(s, "8.4", side="allies")
    assert s.active == "allies" and "no_air" in keys(s)      # the defender's air card
    assert counters(s, "Gibraltar") == [("axis", 2, False, "north"),
                                        ("western", 1, False, "south")]
    s2 = gibraltar(True)
    play(s2, "retreat")                       # with a naval card he retreats (8.4)
    # to London only: the Gibraltar-Algiers line runs one way, from the 2nd Allied deck
    # (2's "you may not move from Algiers to London" held only on the Torch line)
    assert s2.active == "allies" and sorted(keys(s2)) == ["loc:London"]
    check(s)


# -- issue 10, item 6: determinization --------------------------------------------------------

def test_the_attackers_face_down_card_is_resampled_when_the_defender_retreats() -> None:
    """6a: the attacker's air card stays face down when the defender retreats before
    battle (8.4: it is recycled unseen), so the defender's twins draw it again; the
    defender's view is the same in every twin."""
    s = gibraltar(True)
    play(s, "retreat")
    fr = current_battle(s.data)
    assert fr is not None and not fr["revealed"] and fr["attacker_air"] == cid("ax01")
    seen = set()
    mine = json.dumps(view(s, "allies"), sort_keys=True)
    for i in range(20):
        twin = determinize(s, "allies", Rng(i))
        tf = current_battle(twin.data)
        assert tf is not None
        seen.add(tf["attacker_air"])
        assert C.card_air[tf["attacker_air"]] > 0
        assert json.dumps(view(twin, "allies"), sort_keys=True) == mine
    assert len(seen) > 1


def test_a_twin_can_carry_out_the_announced_operation() -> None:
    """6b: the Axis announced a fortress operation (7.1); a twin made for the Allies holds
    a fortress card for it, and is never a dead end."""
    s = new_game(G, seed=3)
    give(s, 0, ["ax10", "ax01", "ax02", "ax03", "ax04", "ax05"])
    play(s, "op:fortress")
    for i in range(40):
        twin = determinize(s, "allies", Rng(i))
        assert any(C.card_fort[x] for x in twin.data["hand"][0])
        assert keys(twin) and all(k.startswith("card:") for k in keys(twin))
        assert prompt(twin) == prompt(s)



# -- issue 11, item 8: a contested location stays its owner's supply source ------------------

def test_a_lost_attack_into_contested_paris_leaves_paris_a_western_supply_source() -> None:
    """8.6: "A contested location still counts as a supply source for the original owning
    side until controlled by the opposing side." 2: "Contested Locations are those that
    have counters of each player located in a half of the location. Neither player
    controls these." The Axis win a battle in the east half of contested Paris; Paris
    stays contested, so no Axis flag is placed and the Western counter in Paris stays in
    supply."""
    s = allied_turn(seed=2)
    for name in ("Paris", "Sedan"):
        clear(s, name)
    put(s, "Paris", WEST, 1, "west")
    put(s, "Paris", AXIS, 2, "east")
    put(s, "Sedan", WEST, 1)
    put(s, "Sedan", WEST, 1)
    give(s, 0, ["ax05", "ax01", "ax02", "ax03", "ax04", "ax06"])
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    play(s, "op:move", "card:al01", "loc:Sedan", "unit:1", "loc:Paris", "done")
    assert s.active == "allies" and "card:al02" in keys(s)
    play(s, "card:al02", "card:ax05", "done", "done")
    assert entries(s, "8.2", location="Paris", winner="axis")
    assert control(s, "Paris") == "contested"
    paris = next(x for x in view(s)["locations"] if x["name"] == "Paris")
    assert paris["flag"] == "western"
    assert not [e for e in s.log if "place their control flag" in e["text"]]
    # the flag's rule (8.2, with 2.5), not the supply rule (8.6): a citation audit
    stays = entries(s, "8.2", location="Paris")
    assert any(e["text"] == "Paris stays contested: no control flag is placed" for e in stays)
    assert not entries(s, "8.6", location="Paris")
    # the supply check at the end of the Allied turn keeps the Western 1 in Paris
    play(s, "op:pass")
    assert counters(s, "Paris") == [("axis", 2, False, "east"), ("western", 1, False, "west")]
    assert view(s)["vp"]["axis"] == 0
    check(s)


# -- issue 11, item 9: a fortress in the other half neither fights nor dies ------------------

def ruhr_with_a_fortress_east() -> object:
    """The Ruhr: an Axis 2 army, an Axis fortress in the east half; two Western 3 armies
    in Sedan, whose line enters the Ruhr's west half."""
    s = allied_turn(seed=14)
    clear(s, "Ruhr")
    put(s, "Ruhr", AXIS, 2, "west")
    put(s, "Ruhr", AXIS, 3, "east", fort=True)
    clear(s, "Sedan")
    put(s, "Sedan", WEST, 3)
    put(s, "Sedan", WEST, 3)
    give(s, 1, ["al01", "al08", "al02", "al03", "al04"])
    give(s, 0, ["ax08", "ax01", "ax02"])
    play(s, "op:move", "card:al01", "loc:Sedan", "unit:3", "loc:Ruhr", "unit:3", "loc:Ruhr",
         "card:al08")
    return s


def test_a_fortress_in_the_other_half_does_not_fight() -> None:
    """8: "the battle occurs in the half of the location that the attacker's move line
    enters the location"; 8.2: the defender adds "the strength of all army and fortress
    counters defending that half of the location"; 7.2.2: "Place the counter in either
    half", "Fortress counters ... may not be moved from the half of the location they are
    built." The fortress in the east half is not in a battle in the west half: the
    defender wins or loses without it. But the loser "must retreat from the entire (both
    halves) location" and "the winner of the battle places his control flag in the
    location" (8.2), and "if ... forced to retreat, and a fortress is in the location ...
    the fortress is eliminated" (8.3): it dies with the retreat (a rules audit of 5
    December 2026; the Ruhr stayed contested before, its 3 VP out of the Allies' reach)."""
    s = ruhr_with_a_fortress_east()
    play(s, "defend", "card:ax08", "done", "done")
    # Allies 6 + air 3 = 9; Axis 2 + air 1 + location defence 1 = 4 (no fortress)
    assert entries(s, "8.2", attack=9, defence=4, defence_strength=2, defence_counters=1,
                   winner="allies")
    # the Axis lose their one counter in the battle (the Allies 1 of 2); the fortress did
    # not count for losses, and the retreat from the whole location eliminates it
    assert entries(s, "8.2", loser="axis", loser_loses=1, loser_counters=1, winner_loses=1)
    assert entries(s, "8.3")
    assert counters(s, "Ruhr") == [("western", 3, False, "west")]
    assert control(s, "Ruhr") == "western"
    check(s)


def test_a_fortress_in_the_other_half_survives_a_retreat_before_battle() -> None:
    """8.4: "he places all defending counters(s) into the other half of the location that
    the attacker did not move into": the army joins the fortress there, which was never in
    the battle (8.2), so 8.3's "the fortress is eliminated" does not reach it."""
    s = ruhr_with_a_fortress_east()
    play(s, "retreat")
    assert counters(s, "Ruhr") == [("axis", 2, False, "east"), ("axis", 3, True, "east"),
                                   ("western", 3, False, "west"), ("western", 3, False, "west")]
    check(s)


def test_a_fortress_alone_in_the_other_half_is_no_battle() -> None:
    """8.2: nobody defends the half the attackers enter: they enter it without battle and
    the location becomes contested. The move's line does not call it a battle (7.2.5 said
    "moves ... into enemy occupied Ruhr (west half): battle", the next line "...: no
    battle": an sfe rules audit)."""
    s = allied_turn(seed=14)
    clear(s, "Ruhr")
    put(s, "Ruhr", AXIS, 3, "east", fort=True)
    clear(s, "Sedan")
    put(s, "Sedan", WEST, 3)
    give(s, 1, ["al01", "al08", "al02", "al03", "al04"])
    n = len(s.log)
    play(s, "op:move", "card:al01", "loc:Sedan", "unit:3", "loc:Ruhr")
    lines = [e["text"] for e in s.log[n:]]
    move = next(t for t in lines if t.startswith("A Western 3-strength army moves"))
    assert move.endswith("the only enemy counter there, a fortress, stands in the other half")
    assert not any(t.endswith(": battle") for t in lines)
    assert entries(s, "8.2", location="Ruhr", half="west")
    assert counters(s, "Ruhr") == [("axis", 3, True, "east"), ("western", 3, False, "west")]
    assert control(s, "Ruhr") == "contested"
    assert cid("al08") in s.data["hand"][1]         # no air power card was played
    check(s)


# -- issue 11, item 10: the game end ------------------------------------------------------------

def final_deck(hand: list[str]) -> object:
    """The Allied 3rd play deck has run out; the Allies hold ``hand``; the Soviet 1
    strength armies of the counter mix (3.1) are all on the board."""
    s = allied_turn(seed=15)
    d = s.data
    d["dn"][1] = 3
    d["later"][1] = [[], []]
    d["rec"][1] += d["deck"][1] + d["hand"][1] + list(C.decks[1][1]) + list(C.decks[1][2])
    d["secret"][1] = []
    d["deck"][1] = []
    d["hand"][1] = []
    for x in map(cid, hand):
        d["rec"][1].remove(x)
        d["hand"][1].append(x)
    while E.counters_on_map(d, SOV, 1) < C.mix[SOV][1]:
        put(s, "Moscow", SOV, 1)
    s.invalidate()
    return s


def test_the_game_goes_on_while_the_allies_hold_playable_cards() -> None:
    """9: "The 3rd Allied deck is their final deck and when it runs out of cards, and the
    Allied player has no more playable cards, the game ends." Two passes with a playable
    card (Territorial Army builds a Western 1) do not end it."""
    s = final_deck(["al29", "al30", "al01"])
    play(s, "op:pass", "op:pass")
    assert s.active == "axis" and G.outcome(s) is None


def test_the_game_ends_when_no_allied_card_is_playable() -> None:
    """9 (as above): Zhukov builds a 1 strength army (the counter mix has none left of
    either nation's, 3.1), has no move icon and its event is a battle event: no card is
    playable, so the game ends although the hand is not empty (discarding is not playing a
    card, 7.1)."""
    s = final_deck(["al29", "al30"])
    while E.counters_on_map(s.data, WEST, 1) < C.mix[WEST][1]:
        put(s, "London", WEST, 1)
    s.invalidate()
    assert keys(s) == ["op:discard", "op:pass"]
    play(s, "op:pass", "op:pass")
    out = G.outcome(s)
    assert s.active is None and out is not None and out.rule == "9.4"
    assert "no more cards to play" in out.text


# -- issue 11, item 11: the USA box --------------------------------------------------------------

def test_the_us_counters_enter_the_usa_box_with_the_third_allied_deck() -> None:
    """2: "The USA box is for the placement of the Western Allied counters that enter play
    at the start of the 3rd play deck." 6.6: "The counters and location in the USA box
    become active and can move starting with the shuffle for the 3rd allied play deck."
    The counters (reconstructed: content ``usa_entry``) are set aside from the Western
    counter mix until then."""
    assert C.setup.usa_entry.reconstructed
    assert sorted(C.usa_entry) == [2, 3, 3]
    s = allied_turn(seed=4)
    d = s.data
    assert view(s)["usa_entry"] == [2, 3, 3] and counters(s, "USA") == []
    assert E.counters_on_map(d, WEST, 3) == 2        # set aside from the mix (3.1)
    d["dn"][1] = 2
    d["rec"][1] += d["deck"][1] + d["later"][1][0]
    d["later"][1][0] = []
    d["deck"][1] = []
    s.invalidate()
    play(s, "op:pass", "op:pass")        # the draw runs the 2nd deck out: the 3rd is shuffled
    assert d["dn"][1] == 3
    assert entries(s, "6.6", location="USA", strengths=[2, 3, 3])
    assert counters(s, "USA") == [("western", 2, False, "west"), ("western", 3, False, "west"),
                                  ("western", 3, False, "west")]
    assert view(s)["usa_entry"] == []
    check(s)
    # they move from the USA box by its naval lines, and are in supply there (8.6)
    play(s, "op:pass", "op:pass")
    assert not E.out_of_supply(s, WEST)
    give(s, 1, ["al05", "al01", "al02", "al03", "al04"])
    play(s, "op:move", "card:al05")
    assert "loc:USA" in keys(s)
    play(s, "loc:USA", "unit:3")
    assert {"loc:Algiers", "loc:London"} <= set(keys(s))


# -- issue 11, item 12: every refusal cites its rule ---------------------------------------------

def test_a_build_refused_by_the_counter_mix_cites_3_1() -> None:
    """3: "The counter mix is the counter limit for each side." 6: "Soviet allies may not
    move or build during the 1st allied play deck." General Mobilization builds a Western 3
    (none left in the mix) or a Soviet 2 (not yet)."""
    s = allied_turn(seed=5)
    while E.counters_on_map(s.data, WEST, 3) < C.mix[WEST][3]:
        put(s, "London", WEST, 3)
    give(s, 1, ["al18", "al14", "al17"])
    assert "op:build" not in keys(s)
    why = explain(s, "op:build", "allies")
    assert not why.legal and "3.1" in why.rules and "6.4" in why.rules
    assert "counter mix" in why.reason


def test_a_build_refusal_says_which_cards_have_no_army_icon() -> None:
    """3: "The counter mix is the counter limit for each side." Guderian's Axis 1 has
    none left; the two Weapon Developments have no icon. The refusal named the counter mix
    and said "no card has an army icon", false of Guderian (an explain audit)."""
    s = new_game(G, seed=5)
    while E.counters_on_map(s.data, AXIS, 1) < C.mix[AXIS][1]:
        put(s, "Berlin", AXIS, 1)
    give(s, 0, ["ax20", "ax14", "ax34"])
    why = explain(s, "op:build", "axis")
    assert not why.legal and why.rules[:2] == ("7.2.1", "3.1"), why
    assert "every Axis 1-strength army of the counter mix is in play" in why.reason
    assert "Weapon Development has no army icon" in why.reason, why.reason
    assert "no card" not in why.reason, why.reason
    # a hand of cards none of which has an icon says so in those words
    give(s, 0, ["ax20", "ax34"])
    why = explain(s, "op:build", "axis")
    assert why.reason.endswith("no card in hand has an army icon"), why.reason


def test_a_soviet_move_source_in_the_first_allied_deck_cites_6_4() -> None:
    """6: "Soviet allies may not move or build during the 1st allied play deck." """
    s = allied_turn(seed=5)
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    play(s, "op:move", "card:al01")
    why = explain(s, "loc:Moscow", "allies")
    assert not why.legal and "6.4" in why.rules and "Soviets" in why.reason


def test_an_attack_on_a_location_not_contested_cites_7_2_7() -> None:
    """7.2.7: "If at the start of an operation, both players have army counters contesting
    a location (each occupying half of the location), the active player may attack into
    the enemy occupied half of the location." """
    s = allied_turn(seed=5)
    clear(s, "Gibraltar")
    put(s, "Gibraltar", WEST, 1, "south")
    put(s, "Gibraltar", AXIS, 2, "north")
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    play(s, "op:attack")
    assert keys(s) == ["loc:Gibraltar"]
    why = explain(s, "loc:Paris", "allies")
    assert not why.legal and why.rules[0] == "7.2.7" and "not contested" in why.reason


def test_every_refusal_in_random_games_cites_a_rule() -> None:
    """Issue 11 item 12: at every decision of random games, the explanation of every action
    that is not legal carries a rule number of the book (or the warroom safeguard)."""
    cat = list(G.catalogue)
    for seed in range(4):
        s = new_game(G, seed=seed)
        rng = Rng(seed)
        while s.active is not None:
            legal = legal_actions(s)
            ok = {a.id for a in legal}
            for a in cat:
                if a.id in ok:
                    continue
                why = explain(s, a, s.active)
                assert why.rules and all(r in G.rules for r in why.rules), (seed, a.key, why)
            apply(s, legal[rng.randbelow(len(legal))])


# -- a self-audit against the rulebook (5 December 2026) -------------------------------------

def sedan_attack() -> object:
    """Sedan contested: an Axis 2 in the east half attacks a Western 1 in the west; the Axis
    hold Stuka Wing (air 4), Guderian (a Great Commander) and a Panzer Division, the Allies
    Montgomery (a Great Commander), an air 3 card and another."""
    s = new_game(G, seed=1)
    clear(s, "Sedan")
    put(s, "Sedan", AXIS, 2, "east")
    put(s, "Sedan", WEST, 1, "west")
    give(s, 0, ["ax23", "ax14", "ax01"])
    give(s, 1, ["al14", "al08", "al01"])
    return s


def test_only_one_great_commander_is_played_in_a_battle() -> None:
    """Great Commander (the card text printed with the battle example, 8.7): "Add 2 to your
    total army strength. Only one Great Commander may be played in a battle." The attacker
    puts his down face down first; the defender sees a battle event go down, and an
    attacker's battle event is a Great Commander, so the defender is offered none (until 6
    December 2026 it was: his went back to his hand at the reveal, shown, and bots gave
    theirs away: an audit). Without the attacker's, the defender's is his to play."""
    s = sedan_attack()
    play(s, "op:attack", "loc:Sedan", "card:ax23", "defend", "card:al08", "card:ax14", "done")
    assert keys(s) == ["done"]
    why = explain(s, "card:al14", "allies")
    assert not why.legal and "an attacker's battle event is a Great Commander" in why.reason
    assert why.rules == ("8.7", "8.1")
    play(s, "done")
    assert cid("al14") in s.data["hand"][1] and cid("al14") not in s.data["shown"][1]
    (total,) = [e for e in entries(s, "8.2") if "defence" in e]
    assert total["attack_events"] == 2 and total["defence_events"] == 0
    assert total["attack"] == 2 + 4 + 2 and total["defence"] == 1 + 3
    check(s)
    # the attacker plays no battle event: the defender's Great Commander is offered, counts
    s = sedan_attack()
    play(s, "op:attack", "loc:Sedan", "card:ax23", "defend", "card:al08", "done")
    assert "card:al14" in keys(s)
    play(s, "card:al14", "done")
    (total,) = [e for e in entries(s, "8.2") if "defence" in e]
    assert total["defence_events"] == 2 and total["defence"] == 1 + 3 + 2
    check(s)


def test_a_draw_that_shuffles_in_the_ii_chevron_cards_refills_to_the_new_hand_size() -> None:
    """5.1: "Once the Allied II chevron cards are added to the play deck, the Allied hand
    size becomes six cards"; 7: the player draws "to refill his hand to his maximum for that
    particular point in the game". The Allies hold 2 with 2 left in their 1st play deck;
    the draw empties it, the 2nd play deck is made, and the draw goes on to six."""
    s = allied_turn(seed=3)
    d = s.data
    give(s, 1, ["al01", "al02"])
    d["rec"][1] += d["deck"][1][2:]
    d["deck"][1] = d["deck"][1][:2]
    s.invalidate()
    play(s, "op:pass", "op:pass")
    assert d["dn"][1] == 2 and E.hand_limit(s, 1) == 6
    drew = [e for e in entries(s, "7") if e.get("side") == "allies" and "drawn" in e]
    assert drew[-1]["hand_size"] == 6 and drew[-1]["hand"] == 6
    assert len(d["hand"][1]) == 6
    check(s)


@pytest.mark.parametrize("left", [3, 2])
def test_a_deck_run_out_as_the_hand_fills_gives_the_new_hand_size_too(left: int) -> None:
    """The same with the 1st play deck run out exactly as the hand reaches five (3 left),
    or a card before (2 left): both draws end at six. The first ended at five beside a
    full 2nd play deck until the next draw (an sfe audit: fewer cards left, a bigger
    hand)."""
    s = allied_turn(seed=0)
    d = s.data
    hand, deck = d["hand"][1], d["deck"][1]
    while len(hand) > 2:
        d["rec"][1].append(hand.pop())
    while len(deck) > left:
        d["rec"][1].append(deck.pop())
    s.invalidate()
    play(s, "op:pass", "op:pass")
    assert d["dn"][1] == 2 and E.hand_limit(s, 1) == 6
    drew = [e for e in entries(s, "7") if e.get("side") == "allies" and "drawn" in e]
    assert (drew[-1]["drawn"], drew[-1]["hand"], drew[-1]["hand_size"]) == (4, 6, 6)
    assert len(hand) == 6
    check(s)


def test_a_beaten_attacker_cannot_retreat_back_along_a_one_way_line() -> None:
    """2: "The naval move line from USA and London to Algiers is one way, you may not move
    from Algiers to London and the USA." 8: "If you can not retreat you are eliminated."
    Western armies that sailed from London into Axis-held Algiers and lose have no way
    back, even with a naval card in hand."""
    s = allied_turn(seed=2)
    d = s.data
    d["dn"][1] = 2
    d["rec"][1] += d["later"][1][0]
    d["later"][1][0] = []
    s.invalidate()
    clear(s, "Algiers")
    put(s, "Algiers", AXIS, 3)
    put(s, "Algiers", AXIS, 3)
    set_control(s, "Algiers", AXIS)
    clear(s, "London")
    for _ in range(3):
        put(s, "London", WEST, 1)
    give(s, 1, ["al05", "al01", "al06", "al02", "al03"])   # naval moves, air 2
    give(s, 0, ["ax23", "ax01", "ax02"])
    play(s, "op:move", "card:al05", "loc:London", "unit:1")
    play(s, "loc:Algiers", "unit:1", "loc:Algiers", "unit:1", "loc:Algiers")
    play(s, "card:al01", "defend", "card:ax23", "done", "done")
    gone = [e for e in entries(s, "8.5") if "one way" in e["text"]]
    assert len(gone) == 1 and gone[0]["location"] == "London"
    assert counters(s, "London") == []
    assert not [e for e in s.log if e["rule"] == "8.3" and "naval" in e["text"]]
    check(s)


# -- a hidden-information audit (5 December 2026) ---------------------------------------------

def tunis(naval: bool) -> object:
    """Tunis contested (an Axis 2 in the east half, a Western 1 in the west half); the Allies
    attack and the Axis elect to retreat: by land to Tripoli, or by sea to Naples with a
    naval card (8.3), which the Axis hold in one twin only."""
    s = allied_turn(seed=1)
    clear(s, "Tunis")
    put(s, "Tunis", AXIS, 2, "east")
    put(s, "Tunis", WEST, 1, "west")
    give(s, 0, ["ax17" if naval else "ax01", "ax02", "ax03", "ax04", "ax05", "ax06"])
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    play(s, "op:attack", "loc:Tunis", "card:al01", "retreat")
    return s


def test_whether_a_retreat_is_asked_does_not_show_the_naval_card() -> None:
    """8.3: a retreat across a naval line needs a naval move card, a secret of the hand. The
    question where to retreat is asked whenever the board offers more than one way out,
    whatever the hand holds (it once was carried out at once by the only land way when the
    hand held no naval card): the Allies see the same decision come next."""
    with_card, without = tunis(True), tunis(False)
    assert with_card.active == without.active == "axis"
    assert prompt(with_card) == prompt(without)
    assert view(with_card, "allies") == view(without, "allies")
    assert sorted(keys(with_card)) == ["loc:Naples", "loc:Tripoli"]
    assert keys(without) == ["loc:Tripoli"]
    play(without, "loc:Tripoli")
    assert counters(without, "Tripoli")[-1][:2] == ("axis", 2)
    check(without)


def test_cards_played_face_up_are_an_undo_barrier() -> None:
    """A card played for an operation is seen by the opponent: it cannot go back into the
    hidden hand by an undo (core: undo stops at a reveal)."""
    s = new_game(G, seed=1)
    give(s, 0, ["ax01", "ax02", "ax03", "ax04", "ax05", "ax06"])
    before = s.data["barrier"]
    play(s, "op:move", "card:ax01")
    assert s.data["barrier"] > before


def test_determinized_hands_keep_a_great_commander_seen_going_back() -> None:
    """A defender's second Great Commander goes back to his hand in sight of the attacker:
    every twin made for the attacker keeps it there, until a card leaves that hand face
    down (it might have been the one). No defender is offered one after the attacker's
    (test above); a state saved before 6 December 2026 may hold one put down, as here."""
    s = sedan_attack()
    play(s, "op:attack", "loc:Sedan", "card:ax23", "defend", "card:al08", "card:ax14", "done")
    E.take(s.data, 1, cid("al14"))                  # put down as the old rules let him
    battle_frame(s.data)["defender_events"].append(cid("al14"))
    s.invalidate()
    play(s, "done")
    assert s.data["shown"][1] == [cid("al14")]
    assert "Only one Great Commander" in entries(s, "8.7", card="al14")[0]["text"]
    for i in range(20):
        twin = determinize(s, "axis", Rng(i))
        assert cid("al14") in twin.data["hand"][1]
        assert sorted(twin.data["hand"][1] + twin.data["deck"][1] + twin.data["secret"][1]) \
            == sorted(s.data["hand"][1] + s.data["deck"][1] + s.data["secret"][1])
        check(twin)
    E.take(s.data, 1, next(x for x in s.data["hand"][1] if x != cid("al14")))
    assert s.data["shown"][1] == []         # a card left face down: it might have been it


def test_an_attacker_that_loses_in_a_contested_location_loses_its_fortress_there() -> None:
    """8.2: "The loser of the battle must retreat from the entire (both halves) location ...
    The winner of the battle places his control flag in the location"; 8.3: "If ... forced
    to retreat, and a fortress is in the location, all counters other than the fortress
    retreat, and the fortress is eliminated." The Axis attack from their half of contested
    Sedan, where their fortress stands, and lose: the fortress goes with the retreat."""
    s = new_game(G, seed=3)
    clear(s, "Sedan")
    put(s, "Sedan", AXIS, 1, "east")
    put(s, "Sedan", AXIS, 1, "east")
    put(s, "Sedan", AXIS, 3, "east", fort=True)
    put(s, "Sedan", WEST, 3, "west")
    give(s, 0, ["ax08", "ax01", "ax02"])                     # air 1
    give(s, 1, ["al08", "al01", "al02", "al03", "al04"])     # al08: air 3
    play(s, "op:attack", "loc:Sedan", "card:ax08", "defend", "card:al08", "done", "done")
    while s.active and keys(s) and keys(s)[0].startswith("unit"):
        play(s, keys(s)[0])                                  # the Axis retreat
    assert entries(s, "8.2", winner="allies")
    assert entries(s, "8.3")
    assert counters(s, "Sedan") == [("western", 3, False, "west")]
    assert control(s, "Sedan") == "western"
    check(s)


def test_a_great_commander_needed_for_air_in_a_later_battle_of_the_move_says_why() -> None:
    """The example of a movement to multiple locations: "They will use the cards for air
    power in each of the two separate locations". In the first of two battles the attacker
    keeps Guderian (a Great Commander and an air card) for the second: it is not offered as
    a battle event, and ``why`` says so."""
    s = new_game(G, seed=1)
    give(s, 0, ["ax01", "ax05", "ax14"])   # a move card; air 3; Guderian (GC, air 2)
    give(s, 1, ["al01", "al02", "al03", "al04", "al10"])
    play(s, "op:move", "card:ax01", "loc:Ruhr", "unit:1", "loc:Sedan", "unit:3",
         "loc:Antwerp", "done")
    play(s, "loc:Antwerp", "card:ax05", "defend")
    while s.active == "allies":
        k = keys(s)
        play(s, "no_air" if "no_air" in k else k[-1])
    assert keys(s) == ["done"]
    why = explain(s, "card:ax14")
    assert not why.legal and "kept for air power" in why.reason and "1 more battle" in why.reason


# -- a play audit (5 December 2026, second sitting) -----------------------------------------

def test_a_naval_move_card_also_moves_along_land_lines() -> None:
    """7: "To move armies between locations players must discard one card with a Movement
    icon on it ... To move along a naval move line you must play a move card with a naval
    move icon." A card shows one move icon (4: "Land Move; Naval Move ... 'No Move
    Available'"), and the London-to-Marseille example moves over the land lines from
    Normandy on with "a card with a naval move icon on it due to the move from London to
    Normandy": so a naval move card is a move card that may also cross naval lines, and
    it moves along land lines alone too (Royal Navy: Sedan to Paris or into the Ruhr)."""
    s = allied_turn(seed=2)
    clear(s, "Sedan")
    put(s, "Sedan", WEST, 1)
    set_control(s, "Sedan", WEST)
    give(s, 1, ["al05", "al01", "al02", "al03", "al04"])    # Royal Navy: naval move only
    play(s, "op:move", "card:al05", "loc:Sedan", "unit:1")
    assert {"loc:Paris", "loc:Ruhr"} <= set(keys(s))
    check(s)


def test_the_battle_view_lists_the_attackers_and_what_each_card_was_played_for() -> None:
    """8 and 8.1, as a player reads the battle: in an attack in a contested location the
    attackers already stand there (the view listed only armies moving in, so none), and a
    card committed to the battle is its air power or a battle event (Guderian, a Great
    Commander, was shown as "air 2")."""
    from warroom.cli.render_sfe import battle_lines
    s = sedan_attack()
    play(s, "op:attack", "loc:Sedan", "card:ax23", "defend", "card:al08", "card:ax14")
    battle = view(s, "axis")["battle"]
    assert battle["attackers"] == [{"owner": "axis", "strength": 2, "moving_in": False}]
    assert [(c["id"], c["played_for"]) for c in battle["attacker_cards"]] == [
        ("ax23", "air power"), ("ax14", "event")]
    assert view(s, "allies")["battle"]["attacker_cards"] == 2      # face down to the Allies
    lines = [str(t) for t in battle_lines(battle)]
    assert "  attackers in the location: A2 (strength 2)" in lines
    assert ("  attacker's cards: Stuka Wing (air power 4); Guderian (battle event: Great "
            "Commander)") in lines


def test_done_keeps_its_menu_number_beside_the_cards_and_alone() -> None:
    """The terminal numbers Done 99 in a battle-event decision whether cards are still
    offered beside it or not (it was 98, then 1 once a Great Commander had been played)."""
    from warroom.cli.choices import number_choices
    s = sedan_attack()
    play(s, "op:attack", "loc:Sedan", "card:ax23", "defend", "card:al08")
    numbers = {c.action.key: c.number for c in number_choices(s, legal_actions(s))}
    assert numbers["done"] == "99" and numbers["card:ax14"] == "14"
    play(s, "card:ax14")
    numbers = {c.action.key: c.number for c in number_choices(s, legal_actions(s))}
    assert numbers == {"done": "99"}


def _paris_contested_normandy_beside() -> Any:
    """An Allied turn: Paris contested (the Axis in its west half, the Western Allies in
    its east half), a Western 1-strength army in Normandy, whose one line into Paris
    enters the west half; round by Antwerp the east half is reached through friendly
    locations only."""
    s = allied_turn(0)
    clear(s, "Paris")
    put(s, "Paris", AXIS, 2, "west")
    put(s, "Paris", WEST, 2, "east")
    clear(s, "Normandy")
    put(s, "Normandy", WEST, 1)
    return s


def test_7_2_6_a_counter_may_go_round_into_the_friendly_half_of_a_contested_neighbour() -> None:
    """7.2.6: "One army counter (any strength) can move to any friendly controlled location
    or friendly half of a contested location ... through the friendly half of a contested
    location and/or friendly controlled locations." A location whose one line leads into
    battle may also be reached round, into its friendly half: with an air card the mover
    chooses (the line, into battle, or round, no battle); without one, round only. The
    line hid the way round: Paris was a battle or not offered (an outside audit)."""
    s = _paris_contested_normandy_beside()
    give(s, 1, ["al01", "al02"])                 # an air card for a battle
    play(s, "op:move", "card:al01", "loc:Normandy", "unit:1")
    play(s, "loc:Paris")
    assert s.data["stack"][-1]["kind"] == "move_entry"
    asked = prompt(s)
    assert asked is not None and asked.rule == "7.2.6" and "Normandy" not in asked.text
    assert keys(s) == ["half:0", "half:1"]
    assert "into battle" in explain(s, "half:0").reason
    play(s, "half:1")                               # Paris's east half: no battle
    assert "through friendly locations to Paris" in s.log[-1]["text"] or any(
        "through friendly locations to Paris" in e["text"] for e in s.log[-4:])
    assert not any("battle" in e["text"] for e in s.log[-4:])
    # the same with the battle: the line into the west half
    s = _paris_contested_normandy_beside()
    give(s, 1, ["al01", "al02"])
    play(s, "op:move", "card:al01", "loc:Normandy", "unit:1", "loc:Paris", "half:0")
    assert any("into enemy occupied Paris (west half): battle" in e["text"]
               for e in s.log[-4:])
    # without an air card Paris is still offered: the same question, round only (the
    # question itself tells the other side nothing of the hand)
    s = _paris_contested_normandy_beside()
    give(s, 1, ["al17"])
    play(s, "op:move", "card:al17", "loc:Normandy", "unit:1")
    assert "loc:Paris" in keys(s)
    play(s, "loc:Paris")
    assert s.data["stack"][-1]["kind"] == "move_entry" and keys(s) == ["half:1"]
    play(s, "half:1")
    assert any("through friendly locations to Paris" in e["text"] for e in s.log[-4:])


def test_7_2_6_the_choice_of_half_reads_in_the_menu_why_bots_and_worlds() -> None:
    """The way round into Paris's friendly half: why on Paris says both ways; the menu names
    which half is the battle; the aggressive script keeps the battle its plan counted on
    (none here: it goes round); the Axis, who see the question, learn nothing of the
    Allied hand from it (twin states with and without an air card left show the Axis the
    same view); the decision kind comes last in the observation's list."""
    from warroom.ai import make_bot
    from warroom.games.sfe.game import DECISION_KINDS

    s = _paris_contested_normandy_beside()
    give(s, 1, ["al01", "al02"])
    play(s, "op:move", "card:al01", "loc:Normandy", "unit:1")
    why = explain(s, "loc:Paris").reason
    assert "into battle" in why and "or round by friendly locations into its east half" in why
    play(s, "loc:Paris")
    labels = sorted(s.game.describe(s, a.id) for a in legal_actions(s))
    assert labels == ["the east half: round by friendly locations, no battle",
                      "the west half: by the line, into battle"]
    assert make_bot("aggressive", 1).choose(s).key == "half:1"
    twin = _paris_contested_normandy_beside()     # its only card played to move: no air
    give(twin, 1, ["al17"])
    play(twin, "op:move", "card:al17", "loc:Normandy", "unit:1", "loc:Paris")
    assert [a.key for a in legal_actions(twin)] == ["half:1"]
    # the question is the same (the hands' sizes differ, as the cards played made them)
    assert view(twin, "axis")["prompt"] == view(s, "axis")["prompt"]
    assert twin.data["stack"][-1] == s.data["stack"][-1]
    for k in range(4):                      # and the Axis's worlds: either way, no dead end
        assert legal_actions(determinize(s, "axis", Rng(k)))
    assert DECISION_KINDS[-1] == "move_entry"


def test_a_moves_destinations_say_how_the_counter_gets_there() -> None:
    """The destinations of a move say how (a play audit: one list mixed them unsaid): into
    battle; into battle or round (a half to choose, 7.2.6); through friendly locations, the
    move ends there (7.2.6); an Axis entry into a red location in the Allied 1st deck
    brings in their II deck (6.5)."""
    s = _paris_contested_normandy_beside()
    give(s, 1, ["al01", "al02"])
    play(s, "op:move", "card:al01", "loc:Normandy", "unit:1")
    words = {a.key: s.game.describe(s, a.id) for a in legal_actions(s)}
    assert words["loc:Paris"].endswith(": into battle, or round by friendly locations "
                                       "(a half to choose)")
    assert words["loc:Sedan"].endswith(": through friendly locations, the move ends there")
    assert words["loc:Antwerp"].endswith(")")
    s = new_game(G, seed=0)
    give(s, 0, ["ax01", "ax02"])
    play(s, "op:move", "card:ax01", "loc:Warsaw", "unit:3")
    words = {a.key: s.game.describe(s, a.id) for a in legal_actions(s)}
    assert "the Allies shuffle in their II deck (6.5)" in words["loc:Bialystok"], words
    assert "6.5" not in words["loc:Berlin"]


def test_why_a_counter_cannot_go_there_names_the_one_reason() -> None:
    """A refused destination's why listed every condition of a move (naval card, 3.2, air
    cards, friendly locations), whichever applied (an audit of the Allied seat): it names
    the one that bars it."""
    s = allied_turn(seed=2)
    for name in ("Normandy", "Warsaw"):
        clear(s, name)
    put(s, "Normandy", WEST, 1)
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    play(s, "op:move", "card:al01", "loc:Normandy", "unit:1")

    def why(target: str) -> str:
        e = explain(s, f"loc:{target}", "allies")
        assert not e.legal
        return f"{e.reason} {list(e.rules)}"

    assert why("London").startswith("only a naval line leads from Normandy to London: a "
                                    "naval move needs a card with the naval move icon")
    assert why("Moscow").startswith("no line joins Normandy to Moscow, and no way through "
                                    "friendly locations reaches it")
    s = allied_turn(seed=2)
    clear(s, "Warsaw")
    put(s, "Warsaw", WEST, 1)
    set_control(s, "Warsaw", "western")
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    play(s, "op:move", "card:al01", "loc:Warsaw", "unit:1")
    assert why("Bialystok").startswith("Bialystok is a Soviet (red) location: Western "
                                       "counters never enter one") and "3.2" in why("Bialystok")


def test_why_an_allowed_move_gives_its_reason_not_the_question() -> None:
    """Why on a legal choice of a move says why it is allowed (it repeated the question,
    "allowed: Choose where the 1-strength army moves from Normandy": a browser audit)."""
    s = allied_turn(seed=2)
    for name in ("Normandy", "Warsaw"):
        clear(s, name)
    put(s, "Normandy", WEST, 1)
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    play(s, "op:move", "card:al01")
    e = explain(s, "loc:Normandy", "allies")
    assert e.legal and e.reason == ("allowed: an army of yours in Normandy has a line to move "
                                    "along with this card")
    play(s, "loc:Normandy", "unit:1")
    e = explain(s, "loc:Paris", "allies")
    assert e.legal and e.reason == ("allowed: Paris lies on a line from Normandy that this "
                                    "card moves along: no battle there")
    e = explain(s, "loc:Marseilles", "allies")
    assert e.legal and e.reason == ("allowed: Marseilles is reached from Normandy through "
                                    "friendly locations, no battle") and e.rules == ("7.2.6",)


def test_a_defender_reinforces_by_land_lines_only() -> None:
    """Defender Reinforce Battle: "one unit from any adjacent friendly controlled location".
    Moving along a naval line takes a naval move card (2, 7.2.4), as a retreat across one
    does (8.3); the card played is the Reinforce Battle. An army came from the USA box or
    from Antwerp to London by sea for nothing (an sfe rules audit): London, joined to the
    rest of the board by naval lines only, cannot be reinforced."""
    s = new_game(G, seed=1)
    d = s.data
    d["dn"][1] = 3                      # the Allied 3rd play deck: the USA box is active
    E.usa_entry(s)
    s.invalidate()
    assert counters(s, "USA")
    clear(s, "London")
    put(s, "London", WEST, 1)
    put(s, "Antwerp", WEST, 2)
    clear(s, "Normandy")
    put(s, "Normandy", AXIS, 3)
    set_control(s, "Normandy", AXIS)
    give(s, 0, ["ax19", "ax05", "ax06"])                    # Kriegsmarine: a naval move
    give(s, 1, ["al15", "al01", "al02", "al03", "al04"])    # Defender Reinforce Battle
    play(s, "op:move", "card:ax19", "loc:Normandy", "unit:3", "loc:London")
    if "done" in keys(s):
        play(s, "done")
    play(s, "card:ax05", "defend", "card:al01", "done")
    assert "card:al15" not in keys(s), keys(s)
    why = explain(s, "card:al15", "allies").reason
    assert "no Western army stands in an adjacent friendly controlled location" in why, why
    assert "by a land line" in why and "a naval line takes a naval move card" in why, why
    sources = [C.names[src] for src, _h, _a in G.into[C.index["London"]]]
    assert sources == [], sources
    # a land line still brings one in: Paris into Sedan (the 8.1 example)
    assert "Paris" in [C.names[src] for src, _h, _a in G.into[C.index["Sedan"]]]
    check(s)


def test_strategic_redeploy_never_sends_an_army_into_the_usa_box() -> None:
    """The USA box's counters "enter play" there and only leave it (2, 6.6): a move into it
    is refused, and Strategic Redeploy took the box among its destinations from the Allied
    3rd play deck (an sfe audit of 6 December 2026: a Western 1 redeployed from Paris)."""
    s = allied_turn(seed=1)
    d = s.data
    d["dn"][1] = 3                      # the Allied 3rd play deck: the USA box is active
    E.usa_entry(s)
    s.invalidate()
    assert E.usa_active(d) and "USA" in [C.names[x] for x in E.build_locations(s, WEST)]
    give(s, 1, ["al17", "al01", "al02", "al03", "al04"])
    play(s, "op:event", "card:al17", "loc:Paris")
    play(s, keys(s)[0])
    assert "loc:London" in keys(s) and "loc:USA" not in keys(s), keys(s)
    e = explain(s, "loc:USA", "allies")
    assert not e.legal and "its counters only leave it" in e.reason, e.reason
    assert "6.6" in e.rules, e.rules
    check(s)


def test_why_no_event_operation_names_the_battle_events_and_7_2_9() -> None:
    """7.2.9: "Battle Event cards are played only during battle." With only Battle Events
    in hand the event operation was refused as "icon, additional cards, counter mix or a
    place for it missing", citing 3.3; a Battle Event in the event operation was only "not
    a choice now" (an sfe audit)."""
    s = new_game(G, seed=1)
    give(s, 0, ["ax14", "ax15", "ax08", "ax09", "ax12", "ax13"])
    assert "op:event" not in keys(s)
    e = explain(s, "op:event", "axis")
    assert e.reason == ("Guderian (Great Commander), Defender Reinforce Battle: Battle "
                        "Events, played only during a battle"), e.reason
    assert e.rules[0] == "7.2.9" and "3.3" not in e.rules, e.rules
    s = new_game(G, seed=1)
    give(s, 0, ["ax14", "ax15", "ax20", "ax09", "ax12", "ax13"])
    play(s, "op:event")
    assert keys(s) == ["card:ax20"], keys(s)
    e = explain(s, "card:ax14", "axis")
    assert "Battle Event, played only during a battle" in e.reason and "7.2.9" in e.rules


def test_why_no_move_when_no_army_may_move_says_fortresses_never_move() -> None:
    """Move cards in hand, but the Axis hold only a fortress: the move operation's refusal
    named the counter mix and 3.3 (an sfe audit); it says no army may move, citing 7.2.2."""
    s = new_game(G, seed=1)
    for i, units in enumerate(s.data["u"]):
        if any(owner(u) == AXIS for u in units):
            clear(s, C.names[i])
    put(s, "Berlin", AXIS, 3, "west", fort=True)
    give(s, 0, ["ax01", "ax02", "ax08", "ax09", "ax12", "ax13"])
    assert "op:move" not in keys(s)
    e = explain(s, "op:move", "axis")
    assert e.reason == "no army of yours is on the board, and fortresses never move", e.reason
    assert e.rules == ("7.2.4", "7.2.2"), e.rules
    # the Allies with Soviet armies only, in the 1st Allied play deck (6.4); once the
    # Soviets move, no Soviet clause (a review: it was said whatever the deck)
    s = allied_turn(seed=1)
    for i, units in enumerate(s.data["u"]):
        if any(owner(u) == WEST for u in units):
            clear(s, C.names[i])
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    assert "op:move" not in keys(s)
    e = explain(s, "op:move", "allies")
    assert e.reason.endswith("Soviet armies move from the 2nd Allied play deck"), e.reason
    assert e.rules == ("7.2.4", "6.4"), e.rules
    # one card asked about in the event operation: that card, not the hand
    s = new_game(G, seed=1)
    give(s, 0, ["ax16", "ax01", "ax02", "ax03", "ax04", "ax05"])
    play(s, "op:event")
    e = explain(s, "card:ax01", "axis")
    assert e.reason == f"{C.card_names[cid('ax01')]} has no event", e.reason


def test_counters_leave_a_contested_location_by_their_own_halfs_lines() -> None:
    """The reading in rules.py: an Axis 2 in the east half of contested Sedan does not go
    to Paris, whose line leaves from the west half; the refusal cites 8.5 and 8.6, where
    the book ties a retreat and a supply line to the half's own lines."""
    s = new_game(G, seed=1)
    clear(s, "Sedan")
    put(s, "Sedan", WEST, 1, "west")
    put(s, "Sedan", AXIS, 2, "east")
    give(s, 0, ["ax01", "ax02", "ax03", "ax04", "ax05", "ax06"])
    play(s, "op:move", "card:ax01", "loc:Sedan", "unit:2")
    assert "loc:Paris" not in keys(s)
    e = explain(s, "loc:Paris", "axis")
    assert "counters leave only by the lines of their own half" in e.reason, e.reason
    assert e.rules == ("7.2.5", "8.5", "8.6"), e.rules


def test_an_enemy_fortress_alone_in_its_half_may_be_attacked() -> None:
    """The reading in rules.py (7.2.7 says "army counters"): a Western 1 beside an Axis
    fortress alone in contested Sedan may attack it; the Axis, with only the fortress
    there, are not offered the attack."""
    s = allied_turn(seed=1)
    clear(s, "Sedan")
    put(s, "Sedan", WEST, 1, "west")
    put(s, "Sedan", AXIS, 3, "east", fort=True)
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])
    assert "op:attack" in keys(s)
    s = new_game(G, seed=1)
    clear(s, "Sedan")
    put(s, "Sedan", WEST, 1, "west")
    put(s, "Sedan", AXIS, 3, "east", fort=True)
    assert "op:attack" not in keys(s)


def test_a_move_into_a_location_emptied_meanwhile_says_no_battle_then_takes_it() -> None:
    """7.2.5: "If the location moved into is an unoccupied enemy controlled location ...
    there is no battle." The Axis move into Antwerp and Amsterdam; the Allies reinforce the
    Antwerp battle with Amsterdam's only army, so Amsterdam is empty when its turn comes:
    "no battle" is said first, and the flag placed after it cites 7.2.5 (it cited 8.2, a
    battle's, and came first: an audit)."""
    s = new_game(G, seed=1)
    for name in ("Antwerp", "Amsterdam", "Ruhr"):
        clear(s, name)
    for strength in (3, 2, 1):
        put(s, "Ruhr", AXIS, strength)
    put(s, "Antwerp", WEST, 1)
    put(s, "Amsterdam", WEST, 1)
    set_control(s, "Amsterdam", WEST)
    give(s, 0, ["ax01", "ax05", "ax06"])
    give(s, 1, ["al15", "al01", "al02", "al03", "al04"])
    play(s, "op:move", "card:ax01", "loc:Ruhr", "unit:3", "loc:Antwerp", "unit:2",
         "loc:Amsterdam", "done")
    play(s, "loc:Antwerp", "card:ax05", "defend", "card:al01", "done", "card:al15", "done")
    n = len(s.log)
    play(s, "loc:Amsterdam")                # the reinforcement comes from Amsterdam
    while s.active == "allies":             # the Antwerp battle lost: a retreat elsewhere
        play(s, next(k for k in keys(s) if k != "loc:Amsterdam"))
    # the move's last battle, in Amsterdam, comes by itself
    lines = [(e["rule"], e["text"]) for e in s.log[n:]
             if e["text"].startswith(("Amsterdam", "An Axis control flag is placed in Ams"))]
    assert lines == [("7.2.5", "Amsterdam is empty: no battle"),
                     ("7.2.5", "An Axis control flag is placed in Amsterdam")], lines
    check(s)


def test_the_odds_of_a_battle_count_the_asking_sides_own_great_commander() -> None:
    """8.2: the attacker adds "any values from played Battle Event Cards", a Great Commander
    2. An Axis 1 attacks a Western 3 in contested Sedan holding Guderian beside an air 1
    card: without him the attack cannot win, with him it wins if the defender plays no air
    card ("you cannot win" alone was said: an audit). The defender holding Montgomery is
    told what he adds, while the attacker has put down no battle event."""
    s = new_game(G, seed=3)
    for name in ("Sedan", "Paris"):
        clear(s, name)
    put(s, "Sedan", AXIS, 1, "east")
    put(s, "Sedan", WEST, 3, "west")
    give(s, 0, ["ax08", "ax14", "ax01"])           # air 1, Guderian, a move card
    give(s, 1, ["al18", "al14", "al01", "al02"])   # air 1, Montgomery, two others
    play(s, "op:attack", "loc:Sedan")
    why = explain(s, "card:ax08", "axis").reason
    assert "without a Great Commander you cannot win" in why, why
    assert ("with your Great Commander played as a battle event (+2, where the move keeps "
            "an air card for each battle to come) you win if the defender plays no air "
            "card: 0%") in why, why
    play(s, "card:ax08", "defend")
    why = explain(s, "no_air", "allies").reason
    assert "you hold if that card is air 2 or less" in why, why
    assert ("; with your Great Commander played as a battle event (+2, if the attacker puts "
            "down none first) you hold whatever air card it played") in why, why


def test_supply_is_traced_through_the_nations_own_locations() -> None:
    """8.6: "Counters must be able to trace supply back to their respective supply
    location. For example: Blue counters must trace to London, Paris, or Alexandria";
    traced "through friendly locations", and blue never enters red (7.2.6): a Western
    counter in Smolensk, every Axis and neutral location Western and the board empty, is
    out of supply while
    the Soviet locations around it stand between it and the west, in supply once they are
    Western (the reading in rules.py)."""
    s = new_game(G, seed=1)
    for name in G.c.names:
        clear(s, name)
    for i, who in enumerate(s.data["ctl"]):
        if who in (0, AXIS):
            s.data["ctl"][i] = WEST
    set_control(s, "Smolensk", WEST)
    put(s, "Smolensk", WEST, 1)
    smolensk = G.c.names.index("Smolensk")

    def in_supply() -> bool:
        return bool(E.supply_nodes(s, WEST)[2 * smolensk])

    assert not in_supply()
    for name in ("Minsk", "Bialystok", "Lvov", "Kiev"):
        set_control(s, name, WEST)
    assert in_supply()


def test_no_twin_gives_the_defender_a_great_commander_beside_the_attackers() -> None:
    """The attacker's twins of the defender's face-down battle events hold no Great
    Commander once the attacker put his down: the defender is offered none then (8.7; a
    review found 78 of 200 twins holding one, a world the rules rule out)."""
    s = new_game(G, seed=3)
    for name in ("Sedan", "Paris"):
        clear(s, name)
    put(s, "Sedan", AXIS, 2, "east")
    put(s, "Sedan", WEST, 1, "west")
    put(s, "Paris", WEST, 3)
    give(s, 0, ["ax23", "ax14", "ax01"])
    give(s, 1, ["al52", "al15", "al01", "al02"])     # al15: Defender Reinforce Battle
    play(s, "op:attack", "loc:Sedan", "card:ax23", "defend", "card:al52", "card:ax14",
         "done", "card:al15")
    for i in range(100):
        twin = determinize(s, "axis", Rng(i))
        events = battle_frame(twin.data)["defender_events"]
        assert len(events) == 1 and G.c.card_event[events[0]] != EV_GC
        check(twin)


def test_a_move_keeps_an_air_card_for_each_battle_in_the_odds_too() -> None:
    """The Axis hold a move card, an air 1 card and Guderian (air 2) and move into Antwerp
    and Sedan: two battles need two air cards, so Guderian is no battle event in the first
    (as the choices say), and its odds claim no Great Commander (they did: a review)."""
    s = new_game(G, seed=1)
    give(s, 0, ["ax01", "ax08", "ax14"])
    give(s, 1, ["al01", "al02", "al03", "al04", "al10"])
    play(s, "op:move", "card:ax01", "loc:Ruhr", "unit:3", "loc:Antwerp", "unit:2",
         "loc:Sedan", "done", "loc:Antwerp")
    why = explain(s, "card:ax08", "axis").reason
    assert "you win if the defender plays air" in why and "with your Great" not in why, why
    play(s, "card:ax08", "defend")
    while s.active == "allies":
        play(s, keys(s)[0])
    assert keys(s) == ["done"]


# -- readings an sfe rules audit of 6 December 2026 (evening) asked to see written down -----

def test_6_4_a_soviet_retreat_is_no_move_but_a_reinforcement_is() -> None:
    """6.4: "Soviet allies may not move or build during the 1st allied play deck." 8.3:
    "Retreat occurs for one of two reasons, the defender elects to retreat before battle, or
    as a result of battle loss": a retreat, elected or forced, is no move, so attacked
    Soviet armies may elect one; a Defender Reinforce Battle moves an army in, so it is not
    offered (rules.py)."""
    s = bialystok_contested()
    assert s.data["dn"][1] == 1
    play(s, "op:attack", "loc:Bialystok", "card:ax23")
    assert "retreat" in keys(s)
    play(s, "defend", "no_air", "done")
    assert keys(s) == ["done"]                               # no Reinforce Battle


def test_7_2_2_a_fortress_goes_in_the_axis_half_of_a_contested_location() -> None:
    """7.2.2: "Place the fortress counter on the game board in a friendly controlled half of
    a location of your choice. Place the counter in either half of the in-supply location."
    The Axis half of a contested location is a friendly controlled half (as 7.2.5-7.2.6's
    "friendly half of a contested location"); an army build (7.2.1) needs the whole
    location (rules.py)."""
    s = new_game(G, seed=12)
    clear(s, "Sedan")
    put(s, "Sedan", AXIS, 2, "east")
    put(s, "Sedan", WEST, 1, "west")
    give(s, 0, ["ax10", "ax01", "ax02"])                     # ax10: a fortress icon
    play(s, "op:fortress", "card:ax10", "card:ax01")
    assert "loc:Sedan" in keys(s)
    play(s, "loc:Sedan")
    assert E.is_contested(s.data, C.index["Sedan"])


def test_6_5_the_second_allied_deck_comes_when_the_axis_enter_a_red_location() -> None:
    """6.5: "If the Axis player enters a red location prior to the Allied starting play deck
    running out of cards, the Allied player will immediately shuffle in their two chevron
    cards ... and the Soviets allies come into play": at the entry, before the battle there,
    so the Soviets defending it may play a Defender Reinforce Battle in that very battle
    (rules.py)."""
    s = new_game(G, seed=10)
    give(s, 0, ["ax01", "ax05", "ax02"])
    give(s, 1, ["al15", "al01", "al02", "al03", "al04"])
    play(s, "op:move", "card:ax01", "loc:Warsaw", "unit:3", "loc:Bialystok", "done")
    assert s.data["dn"][1] == 2
    play(s, "card:ax05", "defend", "no_air", "done")
    assert "card:al15" in keys(s)
    # why on it says what the battle event does, in the card's words (a browser audit)
    why = explain(s, "card:al15", "allies")
    assert why.legal and why.reason.startswith("played face down as a battle event: "), why
    assert C.event_text[C.card_event[C.card_ids.index("al15")]] in why.reason


# -- what the board shows during a battle and its retreat (an sfe rules audit, 7 December) --

def test_defenders_stand_in_the_battle_half_and_retreat_before_battle_into_the_other() -> None:
    """8: the battle is in the half the attacker's line enters, and 8.4 has a defender who
    retreats before battle go "into the other half ... that the attacker did not move
    into": the defenders of a location their side holds alone stand in the battle half.
    They were drawn in the half they last stood in (Sedan's west) while the log, the
    prompt and the battle marker said east, and "retreat ... into the west half" moved
    nothing on the map."""
    s = new_game(G, seed=1)
    play(s, "op:move", "card:ax05", "loc:Ruhr", "unit:1", "loc:Sedan")
    assert counters(s, "Sedan") == [("western", 1, False, "west")] * 2   # before the battle
    play(s, "done")
    assert counters(s, "Sedan") == [("western", 1, False, "east")] * 2
    apply(s, legal_actions(s)[0])                                        # the air card
    assert s.log[-2]["text"] == "Battle in Sedan (east half): Axis attack, Allies defend"
    v = view(s, "allies")
    assert v["battle"]["half"] == "east"
    assert [d["half"] for d in v["battle"]["defenders"]] == ["east", "east"]
    assert counters(s, "Sedan") == [("western", 1, False, "east")] * 2
    play(s, "retreat")
    assert s.log[-2]["text"] == "Allies retreat before battle into the west half of Sedan"
    assert s.log[-1]["text"].startswith("No battle: the air power card the Axis played")
    assert counters(s, "Sedan") == [("axis", 1, False, "east"),
                                    ("western", 1, False, "west"), ("western", 1, False, "west")]
    check(s)


def test_a_retreating_loser_stays_on_the_board_until_it_retreats_then_the_flag() -> None:
    """8.2: "The loser of the battle must retreat from the entire (both halves) location ...
    The winner of the battle places his control flag in the location", in that order. The
    loser's counters had left the board (in no location of the view) while he chose where
    they went, and the winner's flag was placed first."""
    s = new_game(G, seed=1)
    clear(s, "Sedan")
    put(s, "Sedan", AXIS, 3, "east")
    put(s, "Sedan", AXIS, 3, "east")
    set_control(s, "Sedan", AXIS)
    give(s, 0, ["ax01", "ax23", "ax08"])
    give(s, 1, ["al01", "al02", "al03", "al04"])
    play(s, "op:move", "card:ax01", "loc:Sedan", "unit:3", "loc:Paris", "unit:3", "loc:Paris",
         "card:ax23", "defend", "no_air", "done", "done", "unit:1", "unit:1")
    assert prompt(s).text.startswith("Choose where the 2-strength army retreats from Paris")
    assert control(s, "Paris") == "western"
    assert ("western", 2, False, "east") in counters(s, "Paris")
    assert not any("control flag is placed in Paris" in e["text"] for e in s.log)
    check(s)
    n = len(s.log)
    play(s, "loc:Normandy")
    lines = [e["text"] for e in s.log[n:]]
    gone = lines.index("The Western 2-strength army retreats from Paris to Normandy")
    flag = lines.index("An Axis control flag is placed in Paris")
    assert gone < flag
    assert control(s, "Paris") == "axis"
    assert all(o == "axis" for o, *_ in counters(s, "Paris"))
    assert any(o == "western" and k == 2 for o, k, *_ in counters(s, "Normandy"))
    check(s)



# -- what the player is told (an sfe rules audit of chapters 3-6 and 9, 7 December 2026) ----

def test_why_a_soviet_army_is_no_redeploy_source_in_the_1st_allied_deck_cites_6_4() -> None:
    """6.4: "Soviet allies may not move or build during the 1st allied play deck". Why
    Moscow could not be a Strategic Redeploy's source said "not one of the choices now"
    (Moscow is friendly controlled and in supply), and with no Western army to redeploy the
    event was refused as if no army had anywhere to go."""
    s = allied_turn(seed=5)
    give(s, 1, ["al17", "al14", "al15", "al16", "al12"])
    play(s, "op:event", "card:al17")
    why = explain(s, "loc:Moscow", "allies")
    assert not why.legal and "6.4" in why.rules
    assert "Soviet armies in Moscow may not move during the 1st Allied play deck" in why.reason
    s = allied_turn(seed=5)
    for name in ("London", "Paris", "Sedan", "Antwerp", "Marseilles", "Tobruk", "Alexandria"):
        clear(s, name)
    give(s, 1, ["al17", "al14", "al15", "al16", "al12"])
    play(s, "op:event")
    why = explain(s, "card:al17", "allies")
    assert not why.legal and "6.4" in why.rules
    assert "the Soviet armies may not move during the 1st Allied play deck" in why.reason


def test_the_counter_mix_refusal_counts_the_armies_waiting_in_the_usa_box() -> None:
    """3.1 with 6.6: the Western 3s set aside in the USA box count against the mix; the
    refusal said every one was "in play" with two of them waiting there."""
    s = allied_turn(seed=5)
    while E.counters_on_map(s.data, WEST, 3) < C.mix[WEST][3]:
        put(s, "London", WEST, 3)
    give(s, 1, ["al18", "al01", "al02", "al03", "al04"])
    play(s, "op:build")
    why = explain(s, "card:al18", "allies")
    assert not why.legal and "6.6" in why.rules
    assert ("every Western 3-strength army of the counter mix is on the board or waiting in "
            "the USA box (2 there") in why.reason


def test_the_terminal_board_opens_the_allied_lines_with_the_allied_deck() -> None:
    """2, 6.6: the London-Algiers line opens with the Allied 2nd play deck, the USA box's
    with the 3rd. With the Axis a deck ahead, the terminal board showed them open."""
    s = new_game(G, seed=0)
    s.data["dn"][0] = 3            # the Axis on their 3rd deck, the Allies on their 1st
    s.invalidate()
    with open(os.devnull, "w") as sink:
        con = Console(width=100, record=True, no_color=True, file=sink)
        con.print(render_sfe.render_board(view(s, "axis"), G.content_json()))
    text = " ".join(con.export_text().split())
    assert "e->~Algiers (from the Allied 3rd play deck)" in text
    assert "s->~Algiers (from the Allied 2nd play deck)" in text


def test_no_bombing_operation_with_the_marker_at_its_sides_end() -> None:
    """7.2.3 "once it reaches one end or the other it cannot be moved further in that
    direction": the operation is not offered there (games/sfe/rules.py), and why says so."""
    s = new_game(G, seed=1)
    s.data["bomb"] = len(s.game.c.track) - 1         # the Axis end
    s.invalidate()
    give(s, 0, ["ax13", "ax01", "ax02"])              # a bombing card and two others
    assert "op:bombing" not in keys(s)
    why = explain(s, "op:bombing", "axis")
    assert not why.legal and why.rules == ("7.2.3",)
    assert "the marker is at the end of the track" in why.reason
    s.data["bomb"] = 0                                  # back on the black 0: offered
    s.invalidate()
    assert "op:bombing" in keys(s)


def test_why_moscow_is_no_axis_redeploy_source_is_not_6_4() -> None:
    """6.4 holds the Soviet armies for the Allied player; the Axis asking about Moscow gets
    the general answer (a review: it was told the Soviet restriction)."""
    s = new_game(G, seed=5)
    give(s, 0, ["ax16", "ax01", "ax02"])
    play(s, "op:event", "card:ax16")
    why = explain(s, "loc:Moscow", "axis")
    assert not why.legal and "6.4" not in why.rules
