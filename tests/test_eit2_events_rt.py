"""Europe in Turmoil II: the Events of the Roaring Twenties cards (4-40), played through the
protocol with forced dice, including the rulebook's worked examples (17.0, 5.2, 7.3.1, 7.4,
9.3), and random full games of each scenario."""

from __future__ import annotations

from typing import Any

import pytest

from eit2_log import Lines, mods
from warroom.core import apply, explain, legal_actions, new_game, prompt
from warroom.core.flow import run
from warroom.core.rng import Rng
from warroom.games.eit2.frames import action_round_frame
from warroom.games.eit2.game import EuropeInTurmoil2
from warroom.games.eit2.scoring import is_battleground

LW, RW = 0, 1
G = EuropeInTurmoil2()
C = G.c


def sid(name: str) -> int:
    return int(C.index[name])


def sp(state: Any, name: str) -> tuple[int, int, int, int]:
    d, s = state.data, sid(name)
    return d["sp"][LW][s], d["sp"][RW][s], d["ext"][LW][s], d["ext"][RW][s]


def position(side: int, card: int, board: dict[str, tuple[int, int, int, int]] | None = None,
             dice: list[int] | None = None, **data: Any) -> Any:
    """A clean position: the Great Depression scenario with an empty map, ``board`` as
    (LW SP, RW SP, LW Extremists, RW Extremists), ``side`` phasing with ``card`` in hand."""
    state = new_game(G, "great_depression", 7)
    d = state.data
    n = len(C.names)
    d["sp"] = [[0] * n, [0] * n]
    d["ext"] = [[0] * n, [0] * n]
    for name, (lw, rw, lwe, rwe) in (board or {}).items():
        s = sid(name)
        d["sp"][LW][s], d["sp"][RW][s], d["ext"][LW][s], d["ext"][RW][s] = lw, rw, lwe, rwe
    d.update({"power": 0, "mod": [10, 12], "tension": 1, "sanctions": [0, 0],
              "ops_mods": [], "check_mods": [], "rearm_mods": [], "place_bans": [],
              "oblig": [[], []], "rearm_available": [1, 1]})
    d["flags"].update({"rhineland_demilitarized": True, "league_of_nations": False,
                       "canonization": False, "weimar_republic": False,
                       "kellogg_briand": False, "washington_naval_treaty": False})
    # every Roaring Twenties card back in the deck, none played yet
    rt = set(C.era_cards["Roaring Twenties"])
    for pile in ("out_of_game", "ongoing", "discard"):
        moved = [k for k in d[pile] if k in rt]
        d[pile] = [k for k in d[pile] if k not in rt]
        d["deck"].extend(moved)
    d["events_played"] = [k for k in d["events_played"] if k not in rt]
    give(d, side, card)
    d["phasing"] = side
    d["round_done"] = [d["ar"], d["ar"]] if side == LW else [d["ar"] - 1, d["ar"]]
    d["stack"] = [{"kind": "turn", "role": None}, action_round_frame(side)]
    d["forced"] = list(dice or [])
    d.update(data)
    # the cards put back in the deck are cards it is made of (the deck's invariant)
    d["deck_from"] = sorted(set(d["deck_from"]) | set(d["deck"]))
    run(state)
    state.invalidate()
    return state


def give(d: dict[str, Any], side: int, card: int) -> None:
    for pile in (d["deck"], d["discard"], d["out_of_game"], d["ongoing"], *d["hands"]):
        if card in pile:
            pile.remove(card)
    d["hands"][side].append(card)


def play(state: Any, *keys: str) -> Lines:
    """Apply ``keys`` in turn; return the new log lines."""
    start = len(state.data["log"])
    for k in keys:
        apply(state, k)
    return Lines(state.data["log"][start:])


def space(name: str) -> str:
    return f"space:{C.slugs[sid(name)]}"


def ok(state: Any) -> None:
    assert G.check_invariants(state) == []
    assert state.data["forced"] == []


# -- 17.0 Example of Play, 5.2 --------------------------------------------------------------

def test_admiral_horthy_example_of_play() -> None:
    """17.0 AR 1.4: Hungary (2*/0) -> (2*/1*); die 5 + 3 OPs +1 Slovenia +1 Extremist
    -1 Austria -1 LW Extremist = 8 against 4: 2 LW SP, the LW Extremist, then 1 RW SP."""
    s = position(RW, 4, {"Hungary": (2, 0, 1, 0), "Slovenia": (0, 2, 0, 0),
                         "Austria": (2, 0, 0, 0)}, dice=[5])
    log = play(s, "event:4")
    assert sp(s, "Hungary") == (0, 2, 0, 1)
    assert "RW places 1 SP in Hungary (2*/1) [7.1]" in log
    assert "RW Extremist placed in Hungary (2*/1*) [7.1]" in log
    check = log.check("Hungary")
    assert (check["die"], check["ops"], check["drm"]) == (5, 3, 0)
    assert (check["total"], check["target"]) == (8, 4)
    assert "2 LW SP removed from Hungary (0*/1*) [6.2.6]" in log
    assert "LW Extremist removed from Hungary (0/1*) [6.2.6]" in log
    assert "RW places 1 SP in Hungary (0/2*) [6.2.6]" in log
    assert 4 in s.data["out_of_game"]
    ok(s)


def test_admiral_horthy_with_dawes_young_5_2_example() -> None:
    """5.2 example: the LW player under Dawes/Young plays Admiral Horthy for 4 OPs; the RW
    player's Support Check in Hungary is also made with 4."""
    s = position(LW, 4, {"Hungary": (2, 0, 1, 0), "Austria": (2, 0, 0, 0)}, dice=[1])
    s.data["ops_mods"] = [{"side": LW, "value": 1, "min": 0, "until": "turn",
                           "card": 40}]
    log = play(s, "ops:4", "event_first")
    check = log.check("Hungary")
    # die 1 + 4 OPs, -1 Austria, -1 LW Extremist, +1 RW Extremist = 4: not above 4
    assert (check["die"], check["ops"], check["drm"]) == (1, 4, -1)
    assert (check["total"], check["target"]) == (4, 4)
    assert sp(s, "Hungary") == (2, 1, 1, 1)
    play(s, "op_place")
    assert s.data["stack"][-1]["ops"] == 4


def test_admiral_horthy_after_the_real_dawes_young_card_5_2_example() -> None:
    """The same 5.2 example with the Dawes/Young Plan card itself played first (the test
    above sets its modifier by hand): its +1 holds in a later Action Round of the turn,
    for the OPs and for RW's Support Check in Hungary."""
    s = position(LW, 40, {"Hungary": (2, 0, 1, 0), "Austria": (2, 0, 0, 0)})
    play(s, "event:40")
    d = s.data
    assert [m["card"] for m in d["ops_mods"]] == [40]
    # LW's next Action Round of the same turn, Admiral Horthy in hand
    d["phasing"], d["stack"] = LW, [{"kind": "turn", "role": None}, action_round_frame(LW)]
    give(d, LW, 4)
    d["forced"] = [1]
    run(s)
    s.invalidate()
    check = play(s, "ops:4", "event_first").check("Hungary")
    assert (check["die"], check["ops"], check["drm"]) == (1, 4, -1)
    assert (check["total"], check["target"]) == (4, 4)
    play(s, "op_place")
    assert s.data["stack"][-1]["ops"] == 4
    ok(s)


def test_jozef_pilsudski_example_of_play() -> None:
    """17.0 AR 1.1: the LW player spends 2 OPs in the USSR first (5*/1); the Event then puts
    2 RW SP in Poland (2/3) and the check: die 4 +4 +1 East-Prussia -1 USSR -1 Extremist = 7
    against 6 removes 1 LW SP (1/3)."""
    s = position(LW, 5, {"Poland": (2, 1, 0, 0), "USSR": (3, 1, 1, 0),
                         "East-Prussia": (0, 4, 0, 0), "Silesia": (1, 0, 0, 0)}, dice=[4])
    log = play(s, "ops:5", "op_place", space("USSR"), space("USSR"))
    assert sp(s, "USSR") == (5, 1, 1, 0)
    assert "RW places 2 SP in Poland (2/3) [7.1]" in log
    check = log.check("Poland")
    assert (check["die"], check["ops"], check["drm"]) == (4, 4, -1)
    assert (check["total"], check["target"]) == (7, 6)
    assert sp(s, "Poland") == (1, 3, 0, 0)
    assert 5 in s.data["out_of_game"]
    ok(s)


def test_primo_de_rivera() -> None:
    s = position(RW, 6, {"Catalonia": (3, 0, 0, 0), "Madrid": (2, 1, 0, 0)}, dice=[6])
    log = play(s, "event:6")
    assert sp(s, "Catalonia") == (1, 0, 0, 0)
    # die 6 + 2 + 1 (RW Extremist in Madrid) = 9 against 6: 2 LW SP, then 1 RW SP
    assert (log.check("Madrid")["total"], log.check("Madrid")["target"]) == (9, 6)
    assert sp(s, "Madrid") == (0, 2, 0, 1)
    ok(s)


def test_kellogg_briand_example_of_play() -> None:
    """17.0 AR 1.3: the RW player plays it for 2 OPs, the LW Event first: Tension 1 -> 0,
    the marker flips; then 1 SP in Slovenia (0/2) and 1 in East-Prussia (0/4)."""
    s = position(RW, 7, {"Slovenia": (0, 1, 0, 0), "East-Prussia": (0, 3, 0, 0)})
    log = play(s, "ops:7", "event_first")
    assert s.data["tension"] == 0 and "Tension -1: now 0 [9.1]" in log
    assert s.data["flags"]["kellogg_briand"] is True
    assert 7 in s.data["ongoing"]
    play(s, "op_place", space("Slovenia"), space("East-Prussia"))
    assert sp(s, "Slovenia")[1] == 2 and sp(s, "East-Prussia")[1] == 4
    ok(s)


def test_washington_naval_treaty_at_tension_0_example() -> None:
    """9.3 example: Tension 0, the RW player plays the card; the LW Event cannot reduce
    Tension: the LW player gains 1 Power."""
    s = position(RW, 8, tension=0)
    log = play(s, "ops:8", "event_first")
    assert s.data["tension"] == 0 and s.data["power"] == -1
    assert "LW gains 1 Power: Power LW1 [9.3]" in log
    assert s.data["flags"]["washington_naval_treaty"] is True
    assert 8 in s.data["ongoing"]
    ok(s)


def test_aventine_secession_requires_march_on_rome() -> None:
    s = position(RW, 9, {"Lombardy": (3, 0, 0, 0), "Rome": (2, 4, 0, 0),
                         "Campania": (1, 0, 1, 0)})
    assert "event:9" not in [a.key for a in legal_actions(s)]
    s.data["events_played"].append(10)
    s.invalidate()
    log = play(s, "event:9")
    assert "3 LW SP removed from Lombardy (0/0) [7.1]" in log
    assert sp(s, "Rome") == (0, 4, 0, 0) and sp(s, "Campania") == (0, 0, 1, 0)
    ok(s)


def test_march_on_rome_example_of_play() -> None:
    """17.0 AR 1.3: the LW player plays it for 4 OPs, the Event first: RW Moderation 11,
    Extremists in Libya and South Tyrol, the 4 SP of Blackshirts (0/4*) move to Rome (1/4)."""
    s = position(LW, 10, {"Blackshirts": (0, 4, 0, 1), "Rome": (1, 0, 0, 0),
                          "Berlin": (2, 0, 1, 0), "Lombardy": (1, 0, 0, 0)})
    log = play(s, "ops:10", "event_first")
    assert s.data["mod"][RW] == 11
    assert sp(s, "Libya") == (0, 0, 0, 1) and sp(s, "South Tyrol") == (0, 0, 0, 1)
    assert sp(s, "Blackshirts") == (0, 0, 0, 1) and sp(s, "Rome") == (1, 4, 0, 0)
    assert "4 RW SP relocated from Blackshirts to Rome [7.1]" in log
    assert 10 in s.data["ongoing"] and 10 in s.data["events_played"]
    play(s, "op_place", space("Berlin"), space("Lombardy"), space("Lombardy"), space("Berlin"))
    assert sp(s, "Berlin")[0] == 4 and sp(s, "Lombardy")[0] == 3
    ok(s)


def test_spirit_of_locarno_reduces_twice() -> None:
    s = position(LW, 11)
    log = play(s, "event:11")
    assert s.data["tension"] == 0 and s.data["power"] == -1
    assert "Tension is at 0 and cannot be reduced: LW gains 1 Power instead [9.3]" in log
    assert s.data["mod"][LW] == 11
    ok(s)


def test_war_reparations() -> None:
    s = position(RW, 12, {"Berlin": (1, 4, 0, 0), "Saxony": (2, 0, 0, 0),
                          "Hamburg": (1, 0, 0, 0), "Vatican": (1, 0, 0, 0)})
    play(s, "event:12")
    frame = s.data["stack"][-1]
    assert sorted(frame["options"]) == sorted([sid("Berlin"), sid("Saxony"), sid("Hamburg")])
    play(s, space("Berlin"))
    assert sid("Berlin") not in s.data["stack"][-1]["options"]
    log = play(s, space("Saxony"))
    assert sp(s, "Berlin") == (0, 4, 0, 0) and sp(s, "Saxony") == (1, 0, 0, 0)
    assert s.data["power"] == 1 and "RW gains 1 Power: Power RW1 [10.2]" in log
    assert 12 in s.data["discard"]
    ok(s)


def test_friedrich_ebert_and_tomas_masaryk() -> None:
    s = position(LW, 13)
    play(s, "event:13")
    assert sp(s, "Berlin") == (2, 0, 0, 0) and s.data["mod"][LW] == 11
    s = position(LW, 14)
    play(s, "event:14")
    assert [sp(s, n)[0] for n in ("Bohemia", "Moravia", "Slovakia")] == [1, 1, 1]
    ok(s)


def test_wall_street_crash_example_of_play() -> None:
    """17.0 AR 1.2: 1 RW SP from Parliament (0/1), Action Française (0/2*), East-Prussia
    (0/3), Slovenia (0/1), Fiume (0/0) and Spanish Catholics (0/1)."""
    board = {"Parliament": (0, 2, 0, 0), "Action Française": (0, 3, 0, 1),
             "East-Prussia": (0, 4, 0, 0), "Slovenia": (0, 2, 0, 0), "Fiume": (0, 1, 0, 0),
             "Spanish Catholics": (0, 2, 0, 0), "Paris": (3, 0, 0, 0)}
    s = position(LW, 15, board)
    play(s, "event:15")
    order = []
    for name in ("Action Française", "Parliament", "East-Prussia", "Spanish Catholics",
                 "Fiume", "Slovenia"):
        order.append(C.region[sid(name)])
        assert s.data["stack"][-1]["options"] == [sid(name)]
        play(s, space(name))
    assert order == ["France", "United Kingdom", "Germany", "Spain", "Italy", "Little Entente"]
    assert [sp(s, n)[1] for n in board] == [1, 2, 3, 1, 0, 1, 0]
    assert s.data["stack"][-1]["kind"] == "action_round"
    ok(s)


def test_american_expatriates_and_winston_churchill() -> None:
    # 17.0 AR 7: one LW SP and one LW Extremist in a French space of the LW player's choice
    # (Action Francaise there: 0/2* -> 1*/2*).
    s = position(LW, 16, {"Action Française": (0, 2, 0, 1)})
    play(s, "event:16")
    assert s.data["stack"][-1]["kind"] == "event_choice"
    assert set(s.data["stack"][-1]["options"]) == {
        x for x in range(len(C.names)) if C.region[x] == "France"}
    play(s, space("Action Française"))
    assert sp(s, "Action Française") == (1, 2, 1, 1)
    s = position(LW, 16, {"Paris": (2, 0, 1, 0)})
    play(s, "event:16", space("Paris"))
    assert sp(s, "Paris") == (3, 0, 1, 0)          # one Extremist per side per space (11.1.4)
    # its owner's prompt says why: the prompt when LW plays it as an Event says nothing
    # more; when RW plays it for Operations, LW is asked in RW's round (5.2), and told why
    # (a web audit: "Your turn" and the question, no word of what brought it)
    own = prompt(_asked(LW))
    assert own is not None and own.text == ("American Expatriates: choose the space in France "
                                            "for 1 LW SP and 1 LW Extremist")
    theirs = prompt(_asked(RW))
    assert theirs is not None and theirs.role == "lw" and theirs.text == (
        "American Expatriates: choose the space in France for 1 LW SP and 1 LW Extremist "
        "(your Event: RW played American Expatriates for Operations, 5.2)")
    s = position(RW, 17, {"Northern England": (2, 0, 0, 0)})
    play(s, "event:17")
    assert sp(s, "Empire & Commonwealth") == (0, 1, 0, 0)
    assert sp(s, "Northern England") == (1, 0, 0, 0)
    ok(s)


def _asked(side: int) -> Any:
    """American Expatriates (LW) played by ``side``: as its Event by LW, for Operations by RW
    with the Event resolved first (5.2); the state at its choice of a space."""
    s = position(side, 16)
    if side == LW:
        play(s, "event:16")
    else:
        play(s, "ops:16", "event_first")
    assert s.data["stack"][-1]["kind"] == "event_choice"
    return s


@pytest.mark.parametrize(("catholics", "total"), [((0, 0, 0, 0), 7), ((0, 3, 0, 0), 9)])
def test_croix_de_feu(catholics: tuple[int, int, int, int], total: int) -> None:
    s = position(RW, 18, {"Paris": (3, 0, 0, 0), "French Catholics": catholics}, dice=[3])
    log = play(s, "event:18")
    # die 3 + 3 (+4 with French Catholics) + 1 Extremist (+1 French Catholics controlled)
    assert (log.check("Paris")["total"], log.check("Paris")["target"]) == (total, 4)
    assert sp(s, "Paris")[3] == 1
    ok(s)


def test_ruhr_occupation() -> None:
    s = position(LW, 19)
    log = play(s, "event:19")
    assert sp(s, "Rhineland") == (5, 0, 0, 0)
    assert s.data["flags"]["rhineland_demilitarized"] is False
    assert any("3.5R" in x for x in log)
    assert s.data["tension"] == 2 and is_battleground(C, s.data, sid("Rhineland"))
    ok(s)


def test_munich_putsch_then_mein_kampf() -> None:
    s = position(RW, 21, {"Bavaria": (3, 0, 0, 0)}, dice=[2])
    assert "event:20" not in [a.key for a in legal_actions(position(RW, 20))]
    log = play(s, "event:21")
    # die 2 + 2 + 1 RW Extremist = 5 against 6
    assert (log.check("Bavaria")["total"], log.check("Bavaria")["target"]) == (5, 6)
    assert sp(s, "Bavaria") == (3, 0, 0, 1) and s.data["mod"][RW] == 11
    assert 21 in s.data["ongoing"]
    s = position(RW, 20, {"Berlin": (0, 0, 0, 1)})
    s.data["events_played"].append(21)
    s.invalidate()
    play(s, "event:20")
    assert sid("Berlin") not in s.data["stack"][-1]["options"]
    play(s, space("Hamburg"))
    assert sid("Hamburg") not in s.data["stack"][-1]["options"]
    log = play(s, space("Saxony"), "pass")
    assert sp(s, "Hamburg")[3] == 1 and sp(s, "Saxony")[3] == 1
    assert sum(s.data["ext"][RW]) == 3
    assert "RW places no further Extremist (Mein Kampf) [7.1]" in log
    assert 20 in s.data["ongoing"]
    ok(s)


def test_mein_kampf_relocates_when_countermix_exhausted() -> None:
    s = position(RW, 20, {"Berlin": (0, 0, 0, 15)})
    s.data["events_played"].append(21)
    s.invalidate()
    play(s, "event:20", space("Hamburg"))
    assert s.data["stack"][-1]["kind"] == "relocate_extremist"
    play(s, space("Berlin"))
    assert sp(s, "Hamburg")[3] == 1 and sp(s, "Berlin")[3] == 14
    assert s.data["stack"][-1]["kind"] == "event_choice"
    ok(s)


def test_giacomo_matteotti() -> None:
    s = position(LW, 22, {"Rome": (0, 4, 0, 0)}, dice=[6])
    log = play(s, "event:22")
    assert s.data["mod"][RW] == 11
    # die 6 + 3 = 9 against 6: 3 RW SP removed
    assert "3 RW SP removed from Rome (0/1) [6.2.6]" in log
    ok(s)


def test_germany_admitted_to_the_league() -> None:
    s = position(LW, 23)
    play(s, "event:23")
    assert sp(s, "Switzerland") == (2, 0, 0, 0) and s.data["tension"] == 0
    assert s.data["flags"]["league_of_nations"] is True and 23 in s.data["ongoing"]
    ok(s)


def test_hyperinflation_in_germany() -> None:
    s = position(RW, 24, {"Berlin": (3, 0, 0, 0), "Saxony": (1, 0, 0, 0),
                          "Hamburg": (0, 0, 0, 1)})
    play(s, "event:24")
    assert s.data["mod"][LW] == 9
    assert sp(s, "Berlin")[0] == 2 and sp(s, "Saxony")[0] == 0
    frame = s.data["stack"][-1]
    assert not frame["optional"] and sid("Hamburg") not in frame["options"]
    assert sid("Vatican") not in frame["options"]
    play(s, space("Berlin"))
    assert sp(s, "Berlin") == (2, 0, 0, 1)
    ok(s)


def test_freikorps() -> None:
    s = position(RW, 25, {"Bavaria": (0, 0, 0, 1)})
    play(s, "event:25")
    # the Moderation after the Extremists, in the text's order (it came first: an events
    # audit saw a Moderation at 0 bring war before any Extremist was placed)
    assert s.data["mod"][RW] == 12
    assert sorted(s.data["stack"][-1]["options"]) == sorted(
        sid(n) for n in ("Berlin", "Silesia", "East-Prussia", "Baltic States"))
    assert prompt(s).text.startswith("Freikorps: place a RW Extremist (3 left) in a space "
                                     "among Berlin, Bavaria, Silesia, East-Prussia, Baltic "
                                     "States without a RW Extremist")
    play(s, space("Berlin"), space("Silesia"), space("Baltic States"))
    assert [sp(s, n)[3] for n in ("Berlin", "Silesia", "Baltic States", "East-Prussia")] == [
        1, 1, 1, 0]
    assert s.data["mod"][RW] == 11
    assert s.data["stack"][-1]["kind"] == "action_round"
    ok(s)


@pytest.mark.parametrize(("card", "side"), [(25, RW), (30, LW)])
def test_freikorps_and_trotsky_place_before_moderation_brings_war(card: int,
                                                                   side: int) -> None:
    """Moderation 1 and Tension 5: the text's Moderation -1 reaches 0, Tension rises and a
    war roll of 6 breaks out the war (8.2, 9.4, 9.5). The Extremists come first, as the
    text orders (none was placed before the war: an events audit); a stop (pass) brings
    the Moderation too."""
    mod = [10, 12]
    mod[side] = 1
    s = position(side, card, dice=[6], tension=5, mod=mod)
    play(s, f"event:{card}")
    assert s.active is not None and s.data["mod"][side] == 1
    name = "Berlin"
    play(s, space(name), "pass")
    assert sp(s, name)[2 + side] == 1
    assert s.active is None and s.data["outcome"]["reason"] == "war broke out"


def test_aristide_briand_and_gustav_stresemann() -> None:
    s = position(LW, 26)
    play(s, "event:26")
    assert sp(s, "Paris")[0] == 2 and s.data["tension"] == 0 and 26 in s.data["ongoing"]
    s = position(LW, 27, tension=3)
    play(s, "event:27")
    assert sp(s, "Berlin")[0] == 1 and s.data["mod"][LW] == 11 and s.data["tension"] == 2
    assert 27 in s.data["ongoing"]
    ok(s)


def test_cartel_des_gauches() -> None:
    s = position(LW, 28, {"Action Française": (0, 3, 0, 1), "Rome": (0, 2, 0, 0)},
                 dice=[6])
    play(s, "event:28")
    assert sp(s, "Paris")[0] == 1
    assert s.data["stack"][-1]["options"] == [sid("Action Française")]
    log = play(s, space("Action Française"))
    # die 6 + 2 - 1 RW Extremist = 7 against 6
    assert any((e["total"], e["target"]) == (7, 6) for e in log.checks())
    assert sp(s, "Action Française") == (0, 2, 0, 1)
    ok(s)


def test_canonization_of_joan_of_arc() -> None:
    s = position(RW, 29)
    assert not is_battleground(C, s.data, sid("French Catholics"))
    play(s, "event:29")
    assert s.data["mod"][RW] == 13 and s.data["flags"]["canonization"] is True
    assert is_battleground(C, s.data, sid("French Catholics")) and 29 in s.data["ongoing"]
    ok(s)


@pytest.mark.parametrize(("ussr", "count"), [((0, 0, 0, 0), 2), ((4, 0, 0, 0), 3)])
def test_leon_trotsky(ussr: tuple[int, int, int, int], count: int) -> None:
    s = position(LW, 30, {"USSR": ussr})
    play(s, "event:30")
    assert s.data["mod"][LW] == 10                # after the Extremists, as the text orders
    for name in ("Berlin", "Paris", "Rome")[:count]:
        play(s, space(name))
    assert s.data["mod"][LW] == 9
    assert s.data["stack"][-1]["kind"] == "action_round"
    assert sum(s.data["ext"][LW]) == count
    ok(s)


def test_treaty_of_rapallo() -> None:
    s = position(RW, 31, {"Berlin": (0, 3, 0, 0)}, dice=[3])
    t = C.track_ids.index("germany")
    s.data["rearm"][t], s.data["rearm_side"][t] = 1, LW
    s.invalidate()
    give(s.data, RW, 40)                 # Dawes Plan / Young Plan: neutral, 3 OPs
    s.invalidate()
    play(s, "event:31")
    # 6.3.5: "free rearmament attempts still require a card to be played for its Operations
    # Points" (only Mechanised Warfare Pioneers' needs none; an eit2 events audit)
    assert s.data["stack"][-1]["kind"] == "free_attempt"
    assert prompt(s).text == ("Treaty of Rapallo: play a card for a free Rearmament "
                                "attempt on the Germany or the USSR track (its OPs count, "
                                "its Event does not occur), or pass")
    play(s, "card:40")
    assert sorted(a.key for a in legal_actions(s)) == ["track:germany", "track:ussr"]
    log = play(s, "track:germany")
    # die 3 + 3 OPs = 6 >= 6: Deutschland Class Panzerschiffe, RW controls Berlin: +1 Power
    assert any(e["free"] and e["total"] == 6 for e in log.attempts())
    assert s.data["rearm"][t] == 2 and s.data["rearm_side"][t] == RW
    assert s.data["power"] == 1 and s.data["rearm_available"][RW] == 1
    ok(s)


def test_white_terror() -> None:
    s = position(RW, 32, {"Hungary": (3, 1, 1, 0)})
    play(s, "event:32")
    assert sp(s, "Hungary") == (0, 1, 0, 1) and s.data["mod"][RW] == 11
    ok(s)


def test_rif_war() -> None:
    s = position(LW, 33, {"Spanish Morocco": (0, 2, 0, 0)}, dice=[5, 1])
    log = play(s, "event:33")
    assert s.data["tension"] == 2
    # Spanish Morocco: die 5 + 2 = 7 against 4, excess 3: 2 RW SP removed, 1 LW SP placed
    assert sp(s, "Spanish Morocco") == (1, 0, 0, 0)
    # French Morocco: die 1 + 1 = 2 against 4
    check = log.check("French Morocco")
    assert (check["total"], check["target"]) == (2, 4)
    ok(s)


def test_weimar_republic_and_its_cancellation() -> None:
    from warroom.games.eit2 import operations as op
    from warroom.games.eit2.events import lib

    s = position(LW, 34)
    play(s, "event:34")
    assert sp(s, "Berlin")[0] == 1 and s.data["flags"]["weimar_republic"] is True
    assert 34 in s.data["ongoing"]
    # a RW Support Check in Germany is modified by -1, not one elsewhere
    d = s.data
    d["forced"] = [1, 1]
    op.support_check(C, d, RW, sid("Berlin"), 1)
    op.support_check(C, d, RW, sid("Paris"), 1)
    log = Lines(d["log"][-4:])
    assert "-1 Weimar Republic" in mods(log.check("Berlin"))
    assert not any("Weimar" in why for _, why in log.check("Paris")["mods"])
    assert lib.cancel(C, d, 34)         # Weimar Republic
    assert d["check_mods"] == [] and 34 in d["out_of_game"]


def test_deuxieme_bureau() -> None:
    s = position(RW, 35)
    d = s.data
    d["deck"].extend(d["hands"][LW])
    d["hands"][LW] = [2]
    d["deck"].remove(2)
    s.invalidate()
    log = play(s, "event:35")
    assert "RW looks at the LW hand: France Scoring [7.1]" in log
    assert "LW discards France Scoring, drawn at random: its Event does not occur [5.3]" \
        in log
    assert d["hands"][LW] == [] and 2 in d["discard"] and 35 in d["discard"]
    assert d["power"] == 0
    ok(s)


def test_clandestine_rearmament() -> None:
    s = position(RW, 36)
    t = C.track_ids.index("germany")
    s.data["rearm"][t], s.data["rearm_side"][t] = 0, LW
    s.invalidate()
    log = play(s, "event:36")
    # Lipetsk Airbase: Tension +1; the marker is not flipped (6.3.10)
    assert s.data["rearm"][t] == 1 and s.data["rearm_side"][t] == LW
    assert any("(not flipped) [6.3.10]" in x for x in log) and s.data["tension"] == 2
    last = len(C.boxes[t]) - 1
    s = position(RW, 36)
    s.data["rearm"][t] = last
    s.invalidate()
    log = play(s, "event:36")
    assert s.data["rearm"][t] == last and s.data["tension"] == 2
    assert any("Tension +1 instead [6.3.8]" in x for x in log)
    ok(s)


@pytest.mark.parametrize(("vatican", "total"), [((0, 0, 0, 0), 5), ((0, 3, 0, 0), 7)])
def test_pope_pius_xi(vatican: tuple[int, int, int, int], total: int) -> None:
    s = position(RW, 37, {"Vatican": vatican, "Rome": (2, 0, 0, 0), "Tuscany": (0, 1, 0, 0)},
                 dice=[3])
    play(s, "event:37")
    assert s.data["stack"][-1]["options"] == [sid("Rome")]
    log = play(s, space("Rome"))
    assert (log.check("Rome")["total"], log.check("Rome")["target"]) == (total, 6)
    ok(s)


def test_edvard_benes() -> None:
    s = position(LW, 38, {"Bohemia": (3, 0, 0, 0)}, dice=[3])
    t = C.track_ids.index("little_entente")
    s.data["rearm"][t], s.data["rearm_side"][t] = 0, RW
    give(s.data, LW, 40)
    s.invalidate()
    log = play(s, "event:38", "card:40", "track:little_entente")
    # die 3 + 3 OPs + 1 (Bohemia) = 7 >= 7: Foreign Plane Import; flipped to LW
    assert any("+1 Edvard Benes: LW controls Bohemia" in mods(e) and e["total"] == 7
               for e in log.attempts("little_entente"))
    assert s.data["rearm"][t] == 1 and s.data["rearm_side"][t] == LW
    assert s.data["rearm_mods"] == [] and s.data["rearm_available"][LW] == 1
    ok(s)


def test_league_of_nations_intervention() -> None:
    s = position(LW, 39, {"Switzerland": (3, 0, 0, 0), "Austria": (0, 2, 0, 0),
                          "Paris": (0, 2, 0, 0)}, dice=[6])
    play(s, "event:39")
    assert s.data["tension"] == 0
    assert s.data["stack"][-1]["options"] == [sid("Austria")]
    play(s, space("Austria"))
    # Austria: die 6 + 2 + 1 (Switzerland controlled) = 9 against 4, excess 5: 2 RW SP
    # removed, 2 LW SP placed (the Stability), 1 LW Extremist
    assert sp(s, "Austria") == (2, 0, 1, 0)
    s = position(LW, 39, {"Austria": (0, 2, 0, 0)})
    log = play(s, "event:39")
    assert "LW does not control Switzerland: no Support Check [7.1]" in log
    ok(s)


# -- Dawes Plan / Young Plan: 7.3.1 and 7.4 examples ---------------------------------------

def test_dawes_young_7_3_1_example() -> None:
    """7.3.1: LW under Dawes/Young and the 8.3 penalty: a 2-OPs card gives 2 (2-1+1), a
    1-OPs card gives 2 (minimum 1, then +1)."""
    from warroom.games.eit2.operations import effective_ops

    s = position(LW, 40, power=-11)
    play(s, "event:40")
    d = s.data
    assert d["ops_mods"][0]["side"] == LW and d["ops_mods"][0]["until"] == "turn"
    assert effective_ops(C, d, LW, 2) == 2 and effective_ops(C, d, LW, 1) == 2
    assert effective_ops(C, d, RW, 2) == 2


def test_dawes_young_7_4_example_germany_scoring() -> None:
    """7.4: RW under Dawes/Young plays Germany Scoring: a 4-OPs Support Check."""
    s = position(RW, 40, {"Berlin": (2, 0, 0, 0)}, dice=[1])
    play(s, "event:40")
    d = s.data
    d["phasing"], d["stack"] = RW, [{"kind": "turn", "role": None}, action_round_frame(RW)]
    give(d, RW, 1)
    run(s)
    s.invalidate()
    log = play(s, "score:1", space("Berlin"))
    assert log.check("Berlin")["ops"] == 4


def test_an_events_plus_n_check_plays_like_a_card_of_n_ops_7_4() -> None:
    """7.4: an Event's Support Check "with a +N modifier" is made as if a card of N OPs were
    played, so the checking player's OPs modifiers apply, as they do to a Scoring card's:
    Pope Pius XI's +2 under Dawes/Young is +3 (its ``why`` says so too); Jozef Pilsudski's
    +4, the RW Event fired by a LW Operations play, is +3 for a RW past its Moderation (8.3).
    Admiral Horthy's check, made with the OPs the phasing player received (5.2 note), is not
    modified again (test_admiral_horthy_with_dawes_young_5_2_example)."""
    s = position(RW, 37, {"Rome": (2, 0, 0, 0)}, dice=[3])
    s.data["ops_mods"] = [{"side": RW, "value": 1, "min": 0, "until": "turn",
                           "card": 40}]
    play(s, "event:37")
    why = explain(s, space("Rome"))
    assert "die +3 OPs" in why.reason and "6.2.6" in why.rules
    log = play(s, space("Rome"))
    assert log.check("Rome")["ops"] == 3
    assert any("plays like a 2-OPs card: RW's OPs modifiers make it +3 [7.4]" in x
               for x in log)
    s = position(LW, 5, {"Poland": (2, 1, 0, 0)}, dice=[4], power=13)
    log = play(s, "ops:5", "event_first")
    assert log.check("Poland")["ops"] == 3
    ok(s)


# -- random full games ----------------------------------------------------------------------

def _invariants(d: Any) -> list[str]:
    """check_invariants (the engine counts the card of an Operations play whose opponent's
    Event is still to come, held on the op_kind/deferred_event frame, as in play)."""
    return G.check_invariants(d)


@pytest.mark.parametrize("scenario", ["1920", "great_depression", "appeasement"])
def test_random_full_games(scenario: str) -> None:
    for seed in range(30):
        s = new_game(G, scenario, seed)
        rng = Rng(seed)
        while s.active is not None:
            act = rng.choice(legal_actions(s))
            apply(s, act)
            assert _invariants(s) == [], (scenario, seed, act.key, s.data["log"][-5:])
        assert s.data["outcome"]


def test_clandestine_rearmament_played_for_rearmament() -> None:
    """The card's if_rearmament text (6.3.7 exception): +1 to a RW attempt on the German
    track made with it."""
    s = position(RW, 36, dice=[1])
    t = C.track_ids.index("germany")
    s.data["rearm"][t], s.data["rearm_side"][t] = 0, LW
    s.invalidate()
    log = play(s, "rearm:36", "track:germany")
    # die 1 + 3 OPs + 1 (RW card) + 1 (if_rearmament) = 6 >= 5: Lipetsk Airbase
    assert any("+1 Clandestine Rearmament played for Rearmament, 6.3.7" in mods(e)
               and e["total"] == 6 for e in log.attempts("germany"))
    assert s.data["rearm"][t] == 1


# -- an outside audit (5 December 2026): "place an Extremist, then a Support Check" --------

def _all_rw_extremists_elsewhere() -> dict[str, tuple[int, int, int, int]]:
    near = ("Hungary", "Slovenia", "Austria", "Croatia", "Romanian Royalty", "Slovakia",
            "Ruthenia", "Transylvania", "Bosnia", "Serbia")
    names = [n for n in C.names if n not in near][:15]
    return {n: (0, 0, 0, 1) for n in names}


def test_horthy_checks_once_the_relocated_extremist_is_in_hungary() -> None:
    """Admiral Horthy: "Place 1 RW SP and 1 RW Extremist in Hungary. Then the RW player
    makes a Support Check in Hungary." With all 15 RW Extremists on the board the Extremist
    comes by relocation (2.3.2), which the RW player chooses: the check waits for it and
    counts it (+1), as 17.0 AR 1.4 plays the card (die 5: 8, Hungary 0/2*). It was rolled
    before the relocation, without the +1 (7, Hungary 0/1)."""
    board = _all_rw_extremists_elsewhere()
    source = next(iter(board))
    board["Hungary"] = (2, 0, 1, 0)
    s = position(RW, 4, board, dice=[5])
    log = play(s, "event:4")
    assert "All 15 RW Extremists are on the board" in str(log)
    assert "die" not in str(log), str(log)            # no roll before the relocation
    assert s.data["stack"][-1]["kind"] == "relocate_extremist"
    log = play(s, space(source))
    assert "= 8 against 4" in str(log), str(log)
    assert sp(s, "Hungary") == (0, 2, 0, 1)
    assert sp(s, source) == (0, 0, 0, 0)
    assert G.check_invariants(s) == []


def test_a_relocation_passed_leaves_the_check_without_the_extremist() -> None:
    board = _all_rw_extremists_elsewhere()
    board["Hungary"] = (2, 0, 1, 0)
    s = position(RW, 4, board, dice=[5])
    play(s, "event:4")
    log = play(s, "pass")
    assert "does not relocate" in str(log) and "= 7 against 4" in str(log), str(log)
    assert sp(s, "Hungary") == (0, 1, 0, 0)
    assert sum(s.data["ext"][RW]) == 15
    assert G.check_invariants(s) == []


def test_spanish_civil_war_relocates_checks_then_asks_the_other_player() -> None:
    """Spanish Civil War: each player in turn places an Extremist in Spain and makes a
    Support Check there. With all 15 RW Extremists on the board, RW's relocation comes
    first, then RW's check (counting it), then LW's turn; before, RW's check was rolled
    with "no modifiers" and LW's whole half came before the relocation."""
    names = [n for n in C.names if C.region[sid(n)] != "Spain"][:15]
    board = {n: (0, 0, 0, 1) for n in names}
    board["Madrid"] = (1, 0, 0, 0)
    s = position(RW, 108, board, dice=[1, 6])
    play(s, "event:108", space("Madrid"))
    assert [f["kind"] for f in s.data["stack"][-2:]] == ["event_then", "relocate_extremist"]
    log = play(s, space(names[0]))
    assert "Support Check in Madrid" in str(log) and "+1" in str(log), str(log)
    assert s.data["stack"][-1]["kind"] == "event_choice" and s.active == "lw"
    assert sp(s, "Madrid")[3] == 1


def test_white_terror_moderation_waits_for_the_relocated_extremist() -> None:
    """White Terror: "... Place 1 RW Extremist in Hungary (if none there). RW Moderation
    -1." With all 15 RW Extremists on the board the Extremist comes by a relocation (2.3.2),
    and the Moderation waits for it, as Ernst Thälmann's does (an eit2 events audit saw RW's
    Moderation fall, and at 0 roll for war, with the relocation still to be chosen)."""
    board = _all_rw_extremists_elsewhere()
    source = next(iter(board))
    board["Hungary"] = (2, 0, 1, 0)
    s = position(RW, 32, board)
    log = play(s, "event:32")
    assert s.data["stack"][-1]["kind"] == "relocate_extremist"
    assert not [ln for ln in log if ln.startswith("RW Moderation")], log
    assert s.data["mod"][RW] == 12
    log = play(s, space(source))
    assert sp(s, "Hungary") == (0, 0, 0, 1) and sp(s, source) == (0, 0, 0, 0)
    assert "RW Moderation -1: now RW11 [8.2]" in log, log
    assert G.check_invariants(s) == []


def test_march_on_rome_goes_on_after_each_relocated_extremist() -> None:
    """March on Rome with all 15 RW Extremists on the board: Libya's Extremist, then South
    Tyrol's, each by a relocation the RW player chooses (2.3.2), and only then the
    Blackshirts' SP move to Rome and the reminder is placed, in the text's order (an eit2
    events audit: the move and the marker came before either relocation was asked)."""
    names = [n for n in C.names if C.region[sid(n)] == "France"][:12] + [
        n for n in C.names if C.region[sid(n)] == "Germany"][:3]
    board = {n: (0, 0, 0, 1) for n in names}
    board["Blackshirts"] = (0, 4, 0, 0)
    s = position(RW, 10, board)
    log = play(s, "event:10")
    assert s.data["stack"][-1]["kind"] == "relocate_extremist"
    assert "4 RW SP relocated from Blackshirts to Rome [7.1]" not in log
    assert not [ln for ln in log if "reminder marker is placed" in ln], log
    log = play(s, space(names[0]))
    assert sp(s, "Libya") == (0, 0, 0, 1)
    assert s.data["stack"][-1]["kind"] == "relocate_extremist"
    assert "4 RW SP relocated from Blackshirts to Rome [7.1]" not in log
    log = play(s, space(names[1]))
    assert sp(s, "South Tyrol") == (0, 0, 0, 1) and sp(s, "Rome") == (0, 4, 0, 0)
    assert "4 RW SP relocated from Blackshirts to Rome [7.1]" in log
    assert "The March on Rome reminder marker is placed: its effect is ongoing [7.2]" in log
    assert 10 in s.data["ongoing"] and s.data["mod"][RW] == 11
    assert G.check_invariants(s) == []


def test_a_free_attempt_asked_in_the_opponents_round_says_why() -> None:
    """RW plays Edvard Benes for Operations: LW's free attempt (5.2) is asked in RW's
    Action Round; the prompt says it is LW's Event, as an Event's other choices do (an
    events audit)."""
    s = position(RW, 38)
    give(s.data, LW, 40)
    play(s, "ops:38", "event_first")
    p = prompt(s)
    assert p is not None and p.role == "lw", p
    assert p.text.endswith("(your Event: RW played Edvard Benes for Operations, 5.2)"), p


@pytest.mark.parametrize(("card", "side", "said"), [
    (67, RW, "Currency Stabilization: no space in France or the United Kingdom holds LW SP: "
             "none removed [7.1]"),
    (70, RW, "Unemployment: no non-Colonial space of a Scoring Region holds RW SP and no RW "
             "Extremist: no Extremist placed [7.1]"),
    (71, LW, "Hunger Marches: no non-Colonial space of the United Kingdom holds RW SP or "
             "Extremists: no Support Check [6.2.4]")])
def test_a_clause_with_nothing_to_act_on_says_what_is_missing(card: int, side: int,
                                                             said: str) -> None:
    """It said "nothing to choose [7.1]" (an events audit)."""
    board = {"British Mandate for Palestine": (0, 2, 0, 0)} if card == 71 else {}
    assert said in play(position(side, card, board), f"event:{card}")
