"""Struggle for Europe: the rulebook's worked examples (8.7, 7.2.3, 8.6) and the Card
Quick Reference, replayed with forced choices on positions built for them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from warroom.core.errors import IllegalActionError
from warroom.core.log import LogEntry
from warroom.core.protocol import (
    State,
    apply,
    determinize,
    explain,
    legal_actions,
    new_game,
    view,
)
from warroom.core.record import RecordError, Session
from warroom.core.rng import Rng
from warroom.games import load_game
from warroom.games.sfe import engine as E
from warroom.games.sfe.components import AXIS, SOV, WEST
from warroom.games.sfe.counters import code
from warroom.games.sfe.game import StruggleForEurope

G = load_game("sfe")
assert isinstance(G, StruggleForEurope)
C = G.c
Sfe = State[Any]


def loc(name: str) -> int:
    return int(C.index[name])


def cid(key: str) -> int:
    return C.card_ids.index(key)


def counters(s: Sfe, name: str) -> list[tuple[str, int, bool, str]]:
    v = next(x for x in view(s)["locations"] if x["name"] == name)
    return sorted((u["owner"], u["strength"], u["fortress"], u["half"]) for u in v["counters"])


def control(s: Sfe, name: str) -> str:
    return str(next(x for x in view(s)["locations"] if x["name"] == name)["control"])


def half(name: str, h: str) -> int:
    return C.halves[loc(name)].index(h)


def put(s: Sfe, name: str, owner: int, strength: int, h: str | None = None,
        fort: bool = False) -> None:
    """A counter placed by hand (the state is told: ``invalidate``)."""
    d = s.data
    hh = half(name, h) if h else 0
    u = code(owner, strength, hh, fort)
    d["u"][loc(name)].append(u)
    E.born(d, u)
    s.invalidate()


def clear(s: Sfe, name: str) -> None:
    d = s.data
    for u in d["u"][loc(name)]:
        E.gone(d, u)
    d["u"][loc(name)] = []
    s.invalidate()


def set_control(s: Sfe, name: str, owner: int) -> None:
    s.data["ctl"][loc(name)] = owner
    s.invalidate()


def give(s: Sfe, side: int, keys: list[str]) -> None:
    """Make the side's hand exactly these cards (the old hand goes to the play deck), so
    that every card stays in exactly one place."""
    d = s.data
    want = [cid(k) for k in keys]
    old = d["hand"][side]
    d["hand"][side] = []
    d["deck"][side] += old
    for x in want:
        for pile in (d["deck"][side], d["rec"][side], *d["later"][side]):
            if x in pile:
                pile.remove(x)
                break
        else:
            raise AssertionError(f"card {C.card_ids[x]} not available")
        d["hand"][side].append(x)
    s.invalidate()


def entries(s: Sfe, rule: str, **facts: Any) -> list[LogEntry]:
    """The log entries citing ``rule`` with these facts."""
    return [e for e in s.log if e["rule"] == rule
            and all(e.get(k) == v for k, v in facts.items())]


def play(s: Sfe, *keys: str) -> None:
    for k in keys:
        apply(s, k)


def keys(s: Sfe) -> list[str]:
    return [a.key for a in legal_actions(s)]


def allied_turn(seed: int = 0) -> Sfe:
    s = new_game(G, seed=seed)
    play(s, "op:pass", "op:pass")
    assert s.active == "allies"
    return s


def check(s: Sfe) -> None:
    assert G.check_invariants(s) == []


# -- Example of a Movement Operation to Multiple Adjacent Locations (8.7) -------------------

def test_example_movement_to_several_adjacent_locations() -> None:
    s = new_game(G, seed=1)
    d = s.data
    assert counters(s, "Ruhr") == [("axis", 1, False, "west"), ("axis", 2, False, "west"),
                                   ("axis", 2, False, "west"), ("axis", 3, False, "west")]
    assert counters(s, "Sedan") == [("western", 1, False, "west")] * 2
    assert counters(s, "Antwerp") == [("western", 1, False, "west")]
    # a move card and two air power cards for the two battles
    give(s, 0, ["ax01", "ax05", "ax06"])
    give(s, 1, ["al01", "al02", "al03", "al04", "al10"])
    play(s, "op:move", "card:ax01", "loc:Ruhr")
    play(s, "unit:1", "loc:Sedan", "unit:2", "loc:Sedan", "unit:3", "loc:Antwerp", "done")
    assert counters(s, "Ruhr") == [("axis", 2, False, "west")]
    # the moving player decides the order of the battles: Antwerp first
    assert sorted(keys(s)) == ["loc:Antwerp", "loc:Sedan"]
    play(s, "loc:Antwerp", "card:ax05")
    assert s.active == "allies" and keys(s) == ["defend", "retreat"]
    play(s, "retreat")
    # the Allied counter retreats into the back half: Antwerp is contested
    assert counters(s, "Antwerp") == [("axis", 3, False, "east"), ("western", 1, False, "west")]
    assert control(s, "Antwerp") == "contested"
    assert cid("ax05") in d["rec"][0]
    # said, the card unnamed, to both sides (it left the hand without a word: an audit)
    said = "No battle: the air power card the Axis played goes to their recycle pile unrevealed"
    for role in ("axis", "allies"):
        lines = [e for e in view(s, role)["log"] if e["text"] == said]
        assert len(lines) == 1 and lines[0]["rule"] == "8.4" and "ax05" not in str(lines[0])
    # Sedan is next: the Axis commit the second air power card
    assert s.active == "axis" and keys(s) == ["card:ax06"]
    assert view(s, "axis")["battle"]["location"] == "Sedan"
    check(s)


def test_example_sedan_battle_losses_and_retreat_to_ruhr() -> None:
    """Each player loses one counter; the Axis 1 counter retreats back to the Ruhr."""
    s = new_game(G, seed=1)
    d = s.data
    give(s, 0, ["ax01", "ax02", "ax08"])       # move card; air 2 and air 1 cards
    give(s, 1, ["al08", "al01", "al02", "al03", "al04"])  # air 3
    play(s, "op:move", "card:ax01", "loc:Ruhr", "unit:1", "loc:Sedan", "unit:2", "loc:Sedan",
         "unit:3", "loc:Antwerp", "done", "loc:Antwerp", "card:ax08", "retreat")
    play(s, "card:ax02", "defend", "card:al08", "done", "done")
    # Axis 1 + 2 + air 2 = 5; Allies 1 + 1 + air 3 + location defence 1 (Ruhr-Sedan) = 6
    assert entries(s, "8.2", location="Sedan", attack=5, attack_strength=3, attack_counters=2,
                   attack_air=2, defence=6, defence_strength=2, defence_counters=2,
                   defence_air=3, location_defence=1, winner="allies")
    assert entries(s, "8.2", loser="axis", loser_loses=1, loser_counters=2, winner="allies",
                   winner_loses=1, winner_counters=2)
    # the halves said in words (a web audit: only the rule tag's tooltip said why the
    # winner lost one)
    assert entries(s, "8.2", loser="axis")[0]["text"] == (
        "Axis lose 1 of 2 counters (the loser half, rounded up), Allies lose 1 of 2 (the "
        "winner half, rounded down)")
    # the Axis choose to lose the 2 (the example keeps the 1), the Allies' loss is forced
    assert s.active == "axis" and keys(s) == ["unit:1", "unit:2"]
    play(s, "unit:2")
    # the Allied defender stands in the half it defended, the east (the Ruhr line's end);
    # it was drawn in the west half it stood in before the battle (an sfe rules audit)
    assert counters(s, "Sedan") == [("western", 1, False, "east")]
    assert counters(s, "Ruhr") == [("axis", 1, False, "west"), ("axis", 2, False, "west")]
    assert control(s, "Sedan") == "western"
    # all battle cards went to the recycle piles
    assert cid("ax02") in d["rec"][0] and cid("al08") in d["rec"][1]
    # the operation is over: one operation left
    assert s.active == "axis" and view(s)["operations_left"] == 1
    check(s)


# -- Example of Movement Operation to a Non-Adjacent Location (8.7) --------------------------

def naval_position() -> Sfe:
    s = allied_turn(seed=2)
    for name in ("London", "Paris", "Marseilles", "Normandy"):
        clear(s, name)
    put(s, "London", WEST, 3)
    put(s, "Paris", WEST, 1, "west")
    put(s, "Paris", AXIS, 2, "east")
    put(s, "Marseilles", WEST, 2, "west")
    put(s, "Marseilles", AXIS, 1, "east")
    return s


def test_example_non_adjacent_naval_move_london_to_marseilles() -> None:
    s = naval_position()
    give(s, 1, ["al05", "al01", "al02", "al03", "al04"])
    assert control(s, "Paris") == "contested" and control(s, "Marseilles") == "contested"
    assert control(s, "Normandy") == "western"
    play(s, "op:move", "card:al05", "loc:London", "unit:3")
    assert "loc:Marseilles" in keys(s)
    n = len(s.log)
    play(s, "loc:Marseilles")
    # no battle occurs in Marseilles for this operation
    assert not any(e["rule"] in ("8", "8.1", "8.2") for e in s.log[n:])
    assert entries(s, "7.2.6", owner="western", strength=3, source="London",
                   location="Marseilles")
    assert counters(s, "Marseilles") == [("axis", 1, False, "east"),
                                         ("western", 2, False, "west"),
                                         ("western", 3, False, "west")]
    assert counters(s, "London") == []
    # in supply to Paris and London by the same route
    assert loc("Marseilles") not in E.out_of_supply(s, WEST)
    assert s.active == "allies" and view(s)["operations_left"] == 1
    check(s)


def test_non_adjacent_move_needs_the_naval_icon() -> None:
    s = naval_position()
    give(s, 1, ["al01", "al02", "al03", "al04", "al05"])
    play(s, "op:move", "card:al01")  # a truck only: London's lines are all naval
    assert "loc:London" not in keys(s)


def test_non_adjacent_move_never_through_the_enemy_half() -> None:
    s = naval_position()
    # Paris: the Allies now hold the east half, which the Normandy line does not enter
    clear(s, "Paris")
    put(s, "Paris", WEST, 1, "east")
    put(s, "Paris", AXIS, 2, "west")
    set_control(s, "Algiers", AXIS)  # close the way round by the Mediterranean
    give(s, 1, ["al05", "al01", "al02", "al03", "al04"])
    play(s, "op:move", "card:al05", "loc:London", "unit:3")
    assert "loc:Marseilles" not in keys(s)
    assert "loc:Normandy" in keys(s)


# -- Example of a Battle in a Contested Location (8.7) ---------------------------------------

def test_example_contested_sedan_battle_8_against_9() -> None:
    s = new_game(G, seed=3)
    d = s.data
    for name in ("Sedan", "Paris"):
        clear(s, name)
    put(s, "Sedan", AXIS, 2, "east")
    put(s, "Sedan", WEST, 1, "west")
    put(s, "Paris", WEST, 3)
    assert control(s, "Sedan") == "contested"
    give(s, 0, ["ax23", "ax14", "ax01"])          # air 4; Great Commander (Guderian)
    give(s, 1, ["al52", "al15", "al01", "al02"])  # air 5; Defender Reinforce Battle
    play(s, "op:attack", "loc:Sedan")
    # A: the Axis play a card with a 4 air power value face down
    play(s, "card:ax23")
    axis_view = view(s, "allies")["battle"]
    assert axis_view["attacker_cards"] == 1  # the Allies see one face-down card
    # B: the Allies stay and battle, with an air power card of 5
    play(s, "defend", "card:al52")
    # C: the Axis play Great Commander face down; D: the Allies Reinforce Battle
    play(s, "card:ax14", "done", "card:al15", "done")
    # both reveal; the Allies move the 3 strength army from Paris to Sedan
    assert entries(s, "8.1", attacker_cards=["ax23", "ax14"], attacker_air=4,
                   defender_cards=["al52", "al15"], defender_air=5)
    # the reveal names each event card and its event (it named the event alone: which
    # Great Commander, and was it the air card's? a web audit)
    assert [e["text"] for e in entries(s, "8.1") if "Cards revealed" in e["text"]] == [
        "Cards revealed — Axis: Stuka Wing for air power 4, Guderian (Great Commander); "
        "Allies: Mulberry Harbour for air power 5, Defender Reinforce Battle"]
    assert s.active == "allies" and keys(s) == ["loc:Paris"]
    play(s, "loc:Paris")
    assert entries(s, "8.2", attack=8, attack_strength=2, attack_counters=1, attack_air=4,
                   attack_events=2, defence=9, defence_strength=4, defence_counters=2,
                   defence_air=5, defence_events=0, location_defence=0, winner="allies")
    # the Axis unit is eliminated; the Allies choose one of their two units to lose
    assert s.active == "allies" and keys(s) == ["unit:1", "unit:3"]
    play(s, "unit:1")
    assert counters(s, "Sedan") == [("western", 3, False, "west")]
    assert counters(s, "Paris") == []
    assert control(s, "Sedan") == "western"
    # all cards are discarded (recycled)
    for k, side in (("ax23", 0), ("ax14", 0), ("al52", 1), ("al15", 1)):
        assert cid(k) in d["rec"][side]
    check(s)


def test_battle_cards_stay_hidden_until_revealed() -> None:
    s = new_game(G, seed=3)
    for name in ("Sedan", "Paris"):
        clear(s, name)
    put(s, "Sedan", AXIS, 2, "east")
    put(s, "Sedan", WEST, 1, "west")
    give(s, 0, ["ax23", "ax14", "ax01"])
    give(s, 1, ["al52", "al14", "al01", "al02"])
    play(s, "op:attack", "loc:Sedan", "card:ax23", "defend", "card:al52", "card:ax14", "done")
    va, vl = view(s, "axis"), view(s, "allies")
    assert [x["id"] for x in va["battle"]["attacker_cards"]] == ["ax23", "ax14"]
    assert va["battle"]["defender_cards"] == 1
    assert vl["battle"]["attacker_cards"] == 2
    text = repr(vl) + repr(s.log) + repr(view(s, "allies")["prompt"])
    assert "Stuka" not in text and "Guderian" not in text and "ax23" not in text
    assert va["sides"]["allies"]["hand"] is None and vl["sides"]["axis"]["hand"] is None


# -- Supply examples (8.6) --------------------------------------------------------------------

def riga_position(contested_bialystok: bool) -> Sfe:
    s = new_game(G, seed=4)
    put(s, "Riga", AXIS, 1)
    put(s, "Riga", AXIS, 2)
    set_control(s, "Riga", AXIS)
    if contested_bialystok:
        clear(s, "Bialystok")
        put(s, "Bialystok", AXIS, 1, "west")   # the half connected to Riga
        put(s, "Bialystok", SOV, 1, "east")    # the half connected to Minsk and Kiev
    assert control(s, "Leningrad") == "soviet"
    return s


def test_supply_example_riga_cut_off() -> None:
    s = riga_position(False)
    assert control(s, "Bialystok") == "soviet"
    # every view marks them before the supply check (the web map and the terminal board
    # showed no supply state: a new player's audit)
    for role in (None, "axis", "allies"):
        where = {loc["name"]: loc["out_of_supply"] for loc in view(s, role)["locations"]}
        assert where["Riga"] == ["axis"]
        assert [n for n, cut in where.items() if cut] == ["Riga"]
    play(s, "op:pass", "op:pass")
    # the two Axis counters in Riga are out of supply: one is eliminated, Axis's choice
    assert entries(s, "8.6", owner="axis", location="Riga")
    assert s.active == "axis" and keys(s) == ["unit:1", "unit:2"]
    play(s, "unit:1")
    assert counters(s, "Riga") == [("axis", 2, False, "north")]
    assert s.active == "allies"
    check(s)


def test_supply_example_riga_through_contested_bialystok() -> None:
    s = riga_position(True)
    assert control(s, "Bialystok") == "contested"
    assert not any(loc["out_of_supply"] for loc in view(s, "axis")["locations"])
    play(s, "op:pass", "op:pass")
    assert not entries(s, "8.6", owner="axis")
    assert {"rule": "8.6", "text": "Supply: every Axis counter is in supply"} in s.log
    assert len(counters(s, "Riga")) == 2 and s.active == "allies"


# -- Strategic bombing hand size example (7.2.3) ----------------------------------------------

def test_strategic_bombing_hand_size_example() -> None:
    s = allied_turn(seed=5)
    d = s.data
    d["bomb"] = -1  # the marker sits in the 0 space on the Axis side
    assert view(s)["bombing"]["value"] == 0
    assert E.hand_limit(s, 0) == 6
    give(s, 1, ["al10", "al01", "al02", "al03", "al04"])
    play(s, "op:bombing", "card:al10", "card:al01")
    assert d["bomb"] == -2 and view(s)["bombing"] == {"position": -2, "value": 1,
                                                       "side": "axis"}
    play(s, "op:pass")
    # the Axis play two cards for operations during their next turn
    assert s.active == "axis" and len(d["hand"][0]) == 6
    for _ in range(2):
        play(s, "op:discard")
        play(s, keys(s)[0])
    # 4 cards left; hand size 6 - 1 = 5: the Axis begin the next turn with 5 cards
    assert len(d["hand"][0]) == 5
    assert E.hand_limit(s, 0) == 5
    assert entries(s, "7", side="axis", drawn=1, hand=5, hand_size=5)
    # the Allies gained the bombing track's VP
    assert view(s)["vp"]["allies"] == 1


# -- Card Quick Reference ----------------------------------------------------------------------

def fates(d: dict[str, Any], side: int, key: str) -> str:
    x = cid(key)
    if x in d["elim"][side]:
        return "eliminated"
    if x in d["rec"][side]:
        return "recycled"
    return "elsewhere"


@pytest.mark.parametrize(("card", "st", "extra", "fate"), [
    ("ax01", 1, 0, "recycled"), ("ax05", 2, 1, "eliminated"), ("ax08", 3, 2, "eliminated")])
def test_quick_reference_builds(card: str, st: int, extra: int, fate: str) -> None:
    s = new_game(G, seed=6)
    d = s.data
    give(s, 0, [card, "ax20", "ax17", "ax18"])
    rec0 = len(d["rec"][0])
    play(s, "op:build", f"card:{card}")
    for k in ("card:ax20", "card:ax17")[:extra]:
        play(s, k)
    play(s, "loc:Berlin")
    assert fates(d, 0, card) == fate
    assert len(d["rec"][0]) - rec0 == extra + (1 if st == 1 else 0)
    assert ("axis", st, False, "west") in counters(s, "Berlin")


def test_quick_reference_fortress_bombing_move_air() -> None:
    s = new_game(G, seed=6)
    d = s.data
    give(s, 0, ["ax10", "ax12", "ax17", "ax18", "ax20", "ax01"])
    play(s, "op:fortress", "card:ax10", "card:ax17", "loc:Berlin", "half:1")
    assert fates(d, 0, "ax10") == "eliminated" and fates(d, 0, "ax17") == "recycled"
    assert ("axis", 3, True, "east") in counters(s, "Berlin")
    play(s, "op:bombing", "card:ax12", "card:ax18")
    assert fates(d, 0, "ax12") == "recycled" and fates(d, 0, "ax18") == "recycled"
    assert d["bomb"] == 1
    # the Allies move (card recycled) into an Axis location: the air card is recycled too
    give(s, 1, ["al01", "al02", "al03", "al04", "al05"])
    assert s.active == "allies"
    play(s, "op:move", "card:al01", "loc:Sedan", "unit:1", "loc:Ruhr", "done", "card:al02",
         "retreat")
    assert fates(d, 1, "al01") == "recycled" and fates(d, 1, "al02") == "recycled"


def test_quick_reference_events() -> None:
    s = new_game(G, seed=7)
    d = s.data
    give(s, 0, ["ax32", "ax20", "ax17", "ax16", "ax01", "ax02"])
    give(s, 1, ["al12", "al01", "al02", "al03", "al04"])
    play(s, "op:event", "card:ax32")         # Coordinated Offensive: eliminated, +2 ops
    assert fates(d, 0, "ax32") == "eliminated" and view(s)["operations_left"] == 3
    play(s, "op:event", "card:ax20")         # Weapon Development: recycled
    assert fates(d, 0, "ax20") == "recycled" and d["bomb"] == 1
    play(s, "op:event", "card:ax17")         # Wolfpack, blocked by Destroyer Attack
    assert s.active == "allies" and keys(s) == ["card:al12", "no_block"]
    play(s, "card:al12")
    assert fates(d, 0, "ax17") == "eliminated" and fates(d, 1, "al12") == "recycled"
    assert len(d["hand"][1]) == 4
    play(s, "op:event", "card:ax16", "loc:Ruhr", "unit:3", "loc:Berlin")  # Redeploy
    assert fates(d, 0, "ax16") == "recycled"
    assert ("axis", 3, False, "west") in counters(s, "Berlin")


def test_wolfpack_unblocked_discards_two_at_random() -> None:
    s = new_game(G, seed=8)
    d = s.data
    give(s, 0, ["ax17", "ax01"])
    give(s, 1, ["al01", "al02", "al03", "al04", "al05"])
    play(s, "op:event", "card:ax17")
    assert keys(s) == ["no_block"]  # no Destroyer Attack in hand; the choice is still asked
    # what blocking costs is said with what not blocking does (an audit: only the latter)
    assert view(s, "allies")["prompt"]["text"] == (
        "Block Wolfpack with a Destroyer Attack card, or not (blocked: the Wolfpack is "
        "eliminated, the Destroyer Attack recycled; unblocked: discard 2 cards at random)")
    play(s, "no_block")
    assert len(d["hand"][1]) == 3 and fates(d, 0, "ax17") == "recycled"
    assert entries(s, "6.3", side="allies", cards=2)
    assert len(d["secret"][1]) == 2
    # the owner is told which of its cards went (a terminal audit: only a count was said);
    # the Axis, who took them unseen, is not
    gone = sorted(set(["al01", "al02", "al03", "al04", "al05"])
                  - {G.c.card_ids[x] for x in d["hand"][1]})
    mine = [e for e in view(s, "allies")["log"] if e.get("to") == "allies"]
    assert len(mine) == 1 and sorted(mine[0]["discarded"]) == gone
    assert all(G.c.card_names[G.c.card_ids.index(k)] in mine[0]["text"] for k in gone)
    assert not any("discarded" in e for e in view(s, "axis")["log"] + view(s)["log"])


def test_destroyer_attack_blocked_by_wolfpack_eliminates_the_wolfpack() -> None:
    s = allied_turn(seed=9)
    d = s.data
    give(s, 1, ["al12", "al01", "al02"])
    give(s, 0, ["ax17", "ax01", "ax02"])
    play(s, "op:event", "card:al12", "card:ax17")
    assert fates(d, 0, "ax17") == "eliminated" and fates(d, 1, "al12") == "recycled"


# -- other rules ------------------------------------------------------------------------------

def test_special_circumstance_brings_in_the_soviets() -> None:
    s = new_game(G, seed=10)
    d = s.data
    assert not E.soviets_active(d) and d["dn"][1] == 1
    give(s, 0, ["ax01", "ax05", "ax02"])
    give(s, 1, ["al01", "al02", "al03", "al04", "al10"])
    play(s, "op:move", "card:ax01", "loc:Warsaw", "unit:3", "loc:Bialystok")
    assert d["dn"][1] == 2 and E.soviets_active(d)
    assert entries(s, "6.5", location="Bialystok")
    assert not d["later"][1][0]
    # 6.5: the II chevron cards go in "with their remaining play deck and recycle pile", and
    # the log says so (an sfe audit: it named the recycle pile alone)
    shuffled = [e for e in entries(s, "6.5") if "play_deck" in e]
    assert len(shuffled) == 1 and shuffled[0]["text"].startswith(
        "Allies: the remaining play deck and the recycle pile are shuffled with the II "
        "chevron cards into the 2nd play deck")


def test_opening_hands_cite_5_1() -> None:
    """5.1: "Each side draws cards from their respective starting active play deck (I
    chevron), up to their hand sizes": the opening draws cite it (they cited 7, the turn's
    draw; an sfe audit)."""
    s = new_game(G, seed=0)
    draws = [(e["rule"], e["text"]) for e in s.log if "drawn" in e]
    assert draws == [("5.1", "Axis draw 6 cards (hand 6, hand size 6)"),
                     ("5.1", "Allies draw 5 cards (hand 5, hand size 5)")]


def test_soviets_cannot_build_or_move_during_the_first_deck() -> None:
    s = allied_turn(seed=11)
    give(s, 1, ["al01", "al02", "al03", "al04", "al05"])
    play(s, "op:move", "card:al01")
    sources = keys(s)
    assert "loc:Moscow" not in sources and "loc:Paris" in sources
    s = allied_turn(seed=11)
    give(s, 1, ["al01", "al02", "al03", "al04", "al05"])
    play(s, "op:build", "card:al01")
    assert "loc:Moscow" not in keys(s) and "loc:London" in keys(s)


def test_blue_never_enters_red() -> None:
    s = allied_turn(seed=12)
    d = s.data
    d["dn"][1] = 2
    s.invalidate()  # a hand edit of the board
    clear(s, "Warsaw")
    set_control(s, "Warsaw", WEST)
    put(s, "Warsaw", WEST, 2)
    give(s, 1, ["al01", "al02", "al03", "al04", "al05"])
    play(s, "op:move", "card:al01", "loc:Warsaw", "unit:2")
    dests = keys(s)
    assert "loc:Berlin" in dests
    assert "loc:Bialystok" not in dests and "loc:Lvov" not in dests
    with pytest.raises(IllegalActionError):
        apply(s, "loc:Bialystok")


def test_one_way_line_to_algiers_from_the_second_deck() -> None:
    s = allied_turn(seed=13)
    clear(s, "Algiers")
    set_control(s, "Algiers", AXIS)
    put(s, "Algiers", AXIS, 1)
    give(s, 1, ["al05", "al01", "al02", "al03", "al04"])
    play(s, "op:move", "card:al05", "loc:London", "unit:2")
    assert "loc:Algiers" not in keys(s)  # the 1st Allied play deck: not in effect yet
    s2 = allied_turn(seed=13)
    d2 = s2.data
    d2["dn"][1] = 2
    s2.invalidate()  # a hand edit of the board
    give(s2, 1, ["al05", "al01", "al02", "al03", "al04"])
    play(s2, "op:move", "card:al05", "loc:London", "unit:2")
    assert "loc:Algiers" in keys(s2)


def test_defender_wins_ties_and_fortress_eliminated_on_retreat() -> None:
    s = allied_turn(seed=14)
    clear(s, "Ruhr")
    put(s, "Ruhr", AXIS, 1, "west")
    put(s, "Ruhr", AXIS, 3, "west", fort=True)
    clear(s, "Sedan")
    put(s, "Sedan", WEST, 3)
    put(s, "Sedan", WEST, 3)
    give(s, 1, ["al01", "al08", "al02", "al03", "al04"])
    give(s, 0, ["ax08", "ax01", "ax02"])
    play(s, "op:move", "card:al01", "loc:Sedan", "unit:3", "loc:Ruhr", "unit:3", "loc:Ruhr",
         "card:al08", "defend", "card:ax08", "done", "done")
    # Allies 6 + air 3 = 9; Axis 1 + fortress 3 + air 1 + location defence 1 = 6
    assert entries(s, "8.2", attack=9, attack_strength=6, attack_counters=2, attack_air=3,
                   defence=6, defence_strength=4, defence_counters=2, defence_air=1,
                   location_defence=1, winner="allies")
    # loser: 1 of 2 (its choice), winner: 1 of 2 (forced)
    play(s, "unit:fortress")
    # the 1 strength army retreats by a line to a friendly location (8.5)
    assert s.active == "axis" and sorted(keys(s)) == ["loc:Berlin", "loc:Munich"]
    play(s, "loc:Berlin")
    assert counters(s, "Ruhr") == [("western", 3, False, "west")]
    assert control(s, "Ruhr") == "western"
    assert counters(s, "Berlin") == [("axis", 1, False, "west")] * 2


def test_game_ends_when_the_final_allied_deck_runs_out() -> None:
    s = allied_turn(seed=15)
    d = s.data
    d["dn"][1] = 3
    s.invalidate()  # a hand edit of the board
    d["later"][1] = [[], []]
    d["rec"][1] += d["deck"][1] + list(C.decks[1][1]) + list(C.decks[1][2])
    d["secret"][1] = []
    d["deck"][1] = []
    # 9.4: the game ends when the deck has run out "and the Allied player has no more
    # playable cards": not while the Allies hold playable cards, even if they pass
    play(s, "op:pass", "op:pass")
    assert s.active == "axis" and G.outcome(s) is None
    play(s, "op:pass", "op:pass")
    d["rec"][1] += d["hand"][1]     # the Allies' cards are all played
    d["hand"][1] = []
    s.invalidate()
    play(s, "op:pass", "op:pass")
    out = G.outcome(s)
    assert s.active is None and out is not None
    assert out.winner == "axis" and out.rule == "9.4"


def test_seven_vp_differential_at_the_end_of_the_opponents_turn() -> None:
    s = new_game(G, seed=16)
    for name in ("London", "Paris", "Moscow", "Sevastopol"):    # 3 + 3 + 2 + 1 VP
        clear(s, name)
        set_control(s, name, AXIS)
        put(s, name, AXIS, 1)
    assert view(s)["vp"]["differential"] == 9
    play(s, "op:pass", "op:pass")     # the end of an Axis turn: nothing yet
    assert s.active == "allies"
    play(s, "op:pass", "op:pass")     # the end of the Allied turn: the Axis win
    out = G.outcome(s)
    assert out is not None and out.winner == "axis" and out.rule == "9.2"


def test_a_beaten_naval_attacker_without_a_naval_card_is_eliminated_saying_why() -> None:
    """8.3 Special: a retreat across a naval move line costs a card with a naval move icon;
    with none left in the hand the beaten attacker is eliminated, and the log says why and
    cites 8.3 (it cited 8.5 and gave no reason: an outside audit)."""
    s = allied_turn(0)
    clear(s, "Normandy")
    put(s, "Normandy", AXIS, 3)
    set_control(s, "Normandy", AXIS)
    clear(s, "London")
    put(s, "London", WEST, 1)
    put(s, "London", WEST, 1)
    give(s, 1, ["al05", "al01", "al02", "al03", "al04"])      # al05: the one naval card
    give(s, 0, ["ax37"])
    play(s, "op:move", "card:al05", "loc:London")
    while "unit:1" in keys(s):
        play(s, "unit:1")
        if "loc:Normandy" in keys(s):
            play(s, "loc:Normandy")
    if "done" in keys(s):
        play(s, "done")
    while s.active is not None and "card:al01" in keys(s):
        play(s, "card:al01")
    for step in ("defend", "card:ax37", "done", "done"):
        if step in keys(s):
            play(s, step)
    gone = [e for e in s.log if "cannot retreat to London" in e["text"]]
    assert gone, [e["text"] for e in s.log[-12:]]
    assert all(e["rule"] == "8.3" and "no card with a naval move icon" in e["text"]
               for e in gone), gone
    check(s)


def test_worlds_keep_to_a_hand_the_log_said_lacks_a_naval_card() -> None:
    """8.4 with 8.3: "Allies cannot carry out the retreat (a naval line needs a naval move
    card)" tells the Axis the Allied hand holds no naval move card. A search's worlds
    (``determinize``) keep to it until that hand takes a card in again (an sfe audit found
    168 of 200 twins giving the Allies one)."""
    s = new_game(G, seed=11)
    clear(s, "Marseilles")
    clear(s, "Paris")
    put(s, "Marseilles", AXIS, 2, "east")
    put(s, "Marseilles", WEST, 1, "west")
    set_control(s, "Paris", AXIS)
    give(s, 0, ["ax23", "ax01", "ax02"])
    give(s, 1, ["al01", "al02", "al03", "al04", "al08"])       # no naval move card
    play(s, "op:attack", "loc:Marseilles", "card:ax23")
    barrier = s.data["barrier"]
    play(s, "retreat")
    assert any("cannot carry out the retreat" in e["text"] for e in s.log[-3:])
    assert s.data["lacks"][1] == ["naval"]
    # what the log said of the hand is no undo's to take back (a hidden-information audit)
    assert s.data["barrier"] > barrier
    naval = [x for x in range(C.n_cards) if C.card_move[x] == E.NAVAL]
    for i in range(60):
        twin = determinize(s, "axis", Rng(i))
        assert not set(twin.data["hand"][1]) & set(naval), i
        assert twin.data["lacks"] == s.data["lacks"]
    # a draw ends what the log said: the hand may hold one now
    s.data["deck"][1].append(s.data["hand"][1].pop())
    E.draw(s, 1)
    assert s.data["lacks"][1] == []


def bialystok_contested() -> Sfe:
    """The Axis (2, west half) and the Soviets (1, east half) in Bialystok, in the Allied 1st
    deck; the Axis hold an air card (ax23), the Allies a Defender Reinforce Battle (al15)."""
    s = new_game(G, seed=12)
    clear(s, "Bialystok")
    put(s, "Bialystok", AXIS, 2, "west")
    put(s, "Bialystok", SOV, 1, "east")
    give(s, 0, ["ax23", "ax01", "ax02"])
    give(s, 1, ["al15", "al01", "al02", "al03", "al04"])
    return s


def test_6_4_refusals_say_the_soviets_are_held_by_the_first_allied_deck() -> None:
    """6.4: "Soviet allies may not move or build during the 1st allied play deck." Why an
    attack by Soviet armies in a contested location, or a Defender Reinforce Battle by
    Soviet armies beside the battle, is refused says so (an sfe audit was told "no contested
    location holds your armies" and "no Soviet army stands in an adjacent ... location",
    with armies in both)."""
    s = allied_turn(12)
    clear(s, "Bialystok")
    put(s, "Bialystok", AXIS, 2, "west")
    put(s, "Bialystok", SOV, 1, "east")
    give(s, 1, ["al08", "al01", "al02", "al03", "al04"])
    assert s.data["dn"][1] == 1
    why = explain(s, "op:attack", "allies")
    assert not why.legal and "6.4" in why.rules, why
    assert why.reason.startswith("the Soviet armies in contested locations may not attack")
    s = bialystok_contested()
    play(s, "op:attack", "loc:Bialystok", "card:ax23", "defend", "no_air", "done")
    assert keys(s) == ["done"]
    why = explain(s, "card:al15", "allies")
    assert why.reason.startswith("the Soviets may not move during the 1st Allied play deck")
    assert why.rules[0] == "6.4", why


def test_a_save_made_before_the_hand_bookkeeping_keys_still_loads(tmp_path: Any) -> None:
    """A snapshot saved before ``lacks`` (and ``shown``) existed is not compared on them
    (``Game.snapshot_added_keys``): an older save failed to load as "saved by an earlier
    version whose rules differ" (a review); the rest of the snapshot is still checked."""
    session = Session.start(G, None, 5)
    for _ in range(30):
        session.apply(legal_actions(session.state)[0], session.state.active)
    path = tmp_path / "old.json"
    session.save(path)
    saved = json.loads(path.read_text())
    for key in ("lacks", "shown"):
        del saved["state"][key]
    path.write_text(json.dumps(saved))
    assert Session.load(G, path).state.data["decisions"] == session.state.data["decisions"]
    saved["state"]["bomb"] = 3 - (saved["state"]["bomb"] or 0)
    path.write_text(json.dumps(saved))
    with pytest.raises(RecordError, match="differs in bomb"):
        Session.load(G, path)


def five_against(axis: tuple[int, ...], seed: int = 14) -> Sfe:
    """Five Western 1-strength armies move from Sedan into the Ruhr, held by Axis armies
    of ``axis`` strengths; the Allies play air 3, the Axis defend with air 1."""
    s = allied_turn(seed=seed)
    clear(s, "Ruhr")
    clear(s, "Sedan")
    for strength in axis:
        put(s, "Ruhr", AXIS, strength, "west")
    for _ in range(5):
        put(s, "Sedan", WEST, 1)
    give(s, 1, ["al01", "al08", "al02", "al03", "al04"])     # move card, air 3
    give(s, 0, ["ax08", "ax01", "ax02"])                     # air 1
    play(s, "op:move", "card:al01", "loc:Sedan")
    for _ in range(5):
        play(s, "unit:1", "loc:Ruhr")
    while "card:al08" not in keys(s):
        play(s, "done")
    play(s, "card:al08", "defend", "card:ax08", "done", "done")
    return s


def test_8_2_example_the_loser_of_5_loses_3_and_the_winner_of_5_loses_2() -> None:
    """8.2: "if the loser had 5 counters, he would lose 3 ... if the winner had 5
    counters, he would lose 2"."""
    s = five_against((3, 2, 2, 1, 1))
    # 5 + air 3 = 8 against 9 + air 1 + the Sedan-Ruhr line's defence 1 = 11
    assert entries(s, "8.2", location="Ruhr", attack=8, attack_counters=5, defence=11,
                   defence_counters=5, winner="axis")
    assert entries(s, "8.2", loser="allies", loser_loses=3, loser_counters=5, winner="axis",
                   winner_loses=2, winner_counters=5)
    check(s)


def test_8_2_the_winner_never_loses_more_counters_than_the_loser() -> None:
    """8.2: the winner's half rounded down, "but may never lose more counters than the
    loser of the battle": five against one, the Allies win and lose one, not two."""
    s = five_against((1,))
    assert entries(s, "8.2", location="Ruhr", attack=8, defence=3, winner="allies")
    assert entries(s, "8.2", loser="axis", loser_loses=1, loser_counters=1, winner="allies",
                   winner_loses=1, winner_counters=5)
    assert entries(s, "8.2", loser="axis")[0]["text"].endswith(
        "(the winner half, rounded down, never more than the loser)")
    check(s)


@pytest.mark.parametrize("occupied", [False, True])
def test_3_example_a_blue_counter_may_not_enter_soviet_budapest(occupied: bool) -> None:
    """3: "If the Soviet allies control Budapest, a blue counter may not enter the
    Budapest location", empty or held by red counters."""
    s = allied_turn(seed=12)
    s.data["dn"][1] = 2                  # the Allies' 2nd deck (Soviet Budapest plausible)
    s.invalidate()
    clear(s, "Vienna")
    set_control(s, "Vienna", WEST)
    put(s, "Vienna", WEST, 2)
    set_control(s, "Budapest", SOV)
    if occupied:
        put(s, "Budapest", SOV, 1)
    give(s, 1, ["al01", "al02", "al03", "al04", "al05"])
    play(s, "op:move", "card:al01", "loc:Vienna", "unit:2")
    assert "loc:Munich" in keys(s) and "loc:Budapest" not in keys(s)
    why = explain(s, "loc:Budapest", "allies")
    assert not why.legal and "3.2" in why.rules, why
    assert why.reason.startswith("Budapest is Soviet controlled"), why
    before = json.dumps(s.data, sort_keys=True)
    with pytest.raises(IllegalActionError):
        apply(s, "loc:Budapest")
    assert json.dumps(s.data, sort_keys=True) == before
    check(s)
