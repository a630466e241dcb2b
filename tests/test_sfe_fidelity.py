"""Struggle for Europe: fair play (issue 10) and rules fidelity (issue 11), each case on a
position built for it, quoting the rule sentence it checks."""

from __future__ import annotations

import json

from test_sfe_examples import (
    G,
    allied_turn,
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
)
from warroom.core.protocol import determinize, new_game, prompt, view
from warroom.core.rng import Rng
from warroom.games.sfe.components import AXIS, WEST
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
    play(s, "retreat")
    assert entries(s, "8.4", side="allies")
    assert s.active == "allies" and "no_air" in keys(s)      # the defender's air card
    assert counters(s, "Gibraltar") == [("axis", 2, False, "north"),
                                        ("western", 1, False, "south")]
    s2 = gibraltar(True)
    play(s2, "retreat")                       # with a naval card he retreats (8.4)
    assert s2.active == "allies" and sorted(keys(s2)) == ["loc:Algiers", "loc:London"]
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
    assert entries(s, "8.6", location="Paris")
    # the supply check at the end of the Allied turn keeps the Western 1 in Paris
    play(s, "op:pass")
    assert counters(s, "Paris") == [("axis", 2, False, "east"), ("western", 1, False, "west")]
    assert view(s)["vp"]["axis"] == 0
    check(s)
