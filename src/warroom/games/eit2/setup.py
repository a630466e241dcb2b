"""3.0 Game Setup (the 1920 campaign), 12.0 Great Depression and 13.0 Appeasement."""

from __future__ import annotations

from warroom.core.flow import call
from warroom.core.log import log
from warroom.games.eit2.board import LW, ROLE, RW, SIDE, Data
from warroom.games.eit2.components import MARKER_FLAGS, Components
from warroom.games.eit2.effects import passed_boxes_in_force
from warroom.games.eit2.events.registry import install_ongoing
from warroom.games.eit2.sequence import deal, shuffle, start_turn


def blank_state(c: Components, data: Data) -> None:
    n = len(c.names)
    t = len(c.track_ids)
    data.update({
        "sp": [[0] * n, [0] * n],
        "ext": [[0] * n, [0] * n],
        "power": 0,
        "mod": [10, 12],
        "tension": 1,
        "sanctions": [0, 0],
        "flags": {"rhineland_demilitarized": True, "league_of_nations": False,
                  "canonization": False, "weimar_republic": False,
                  "guarantees_poland": False, "kellogg_briand": False,
                  "washington_naval_treaty": False},
        "rearm": [0] * t,
        "rearm_side": [RW if c.track_start_side[i] == "RW" else LW for i in range(t)],
        "rearm_available": [1, 1],
        "track_mod": [0] * t,
        "rearm_mods": [],
        "check_mods": [],
        "place_bans": [],
        "closed_tracks": [],
        "ops_mods": [],
        "oblig": [[], []],
        "hands": [[], []],
        "seen": [[], []],
        "deck": [],
        "deck_from": [],
        "discard": [],
        "out_of_game": [],
        "ongoing": [],
        "events_played": [],
        "blocked": [],
        "eras_in": ["Roaring Twenties"],
        "turn": 1,
        "ar": 0,
        "phasing": RW,
        "round_done": [0, 0],
        "played": 0,
        "war": False,
        "final_scoring": False,
    })


def setup(c: Components, data: Data, scenario: str) -> None:
    """A new game of ``scenario``: the ``turn`` procedure at the bottom of the stack runs the
    Action Rounds (4.5.2) once the set-up decisions above it are taken."""
    blank_state(c, data)
    call(data, "turn")
    if scenario == "1920":
        setup_1920(c, data)
    else:
        setup_scenario(c, data, scenario)


def setup_1920(c: Components, data: Data) -> None:
    """3.1-3.8."""
    log(data, "3.1", "Rearmament markers on their starting spaces; Power 0; Moderation RW12 "
        "and LW10; the Rhineland Demilitarized marker in the Rhineland")
    for s in range(len(c.names)):
        lw, rw, lwe, rwe = c.at_start[s]
        data["sp"][LW][s], data["sp"][RW][s] = lw, rw
        data["ext"][LW][s], data["ext"][RW][s] = lwe, rwe
    log(data, "3.2", "RW mandatory Support placed as printed on the map")
    log(data, "3.3", "LW mandatory Support placed as printed on the map")
    log(data, "3.4", "RW Extremists in Action Française, Magdeburg and Blackshirts")
    log(data, "3.5", "LW Extremists in USSR, Hungary and Berlin; Tension 1")
    data["deck"] = list(c.era_cards["Roaring Twenties"])
    data["deck_from"] = sorted(data["deck"])
    shuffle(data, data["deck"])
    data["turn"] = 1
    log(data, "3.6", "The Roaring Twenties deck is shuffled; each player is dealt 8 cards")
    deal(c, data, "3.6")
    # pushed in reverse: the top of the stack decides first; turn 1 begins once 3.7 and 3.8
    # are done (it began before them, and the 3.6 deal was cited as 4.5.1's: an audit)
    call(data, "start_turn")
    call(data, "setup_ext", ROLE[LW], side=LW)
    call(data, "setup_ext", ROLE[RW], side=RW)
    call(data, "setup_sp", ROLE[LW], side=LW, left=2, total=2)
    call(data, "setup_sp", ROLE[RW], side=RW, left=4, total=4)
    call(data, "setup_sp", ROLE[LW], side=LW, left=3, total=3)
    log(data, "3.7", "Discretionary Support: LW places 3 SP, RW 4 SP, then LW 2 SP")


def setup_scenario(c: Components, data: Data, scenario: str) -> None:
    """12.0 / 13.0: markers, Rearmament chart, cards and the printed SP table."""
    sc = c.scenarios[scenario]
    data["turn"] = sc["turn"]
    data["power"] = sc["power"]
    data["tension"] = sc["tension"]
    data["mod"] = [sc["moderation"]["lw"], sc["moderation"]["rw"]]
    data["sanctions"] = [sc["sanctions"]["lw"], sc["sanctions"]["rw"]]
    data["flags"].update(sc["flags"])
    data["flags"]["kellogg_briand"] = bool(sc.get("kellogg_briand_side"))
    if sc.get("ten_year_rule"):
        data["track_mod"][c.track_ids.index("uk")] = sc["ten_year_rule"]
        # 13.2: the Ten Year Rule marker on its +2 side, shown on the map as the Event that
        # flips it shows it (it was not: an events audit)
        data["flags"]["ten_year_rule_abandoned"] = True
    for tid, (box, side) in sc["rearmament"].items():
        t = c.track_ids.index(tid)
        data["rearm"][t] = c.box_index(t, box)
        data["rearm_side"][t] = RW if side == "RW" else LW
    passed_boxes_in_force(c, data)
    for s, row in sc["spaces"].items():
        data["sp"][LW][s], data["sp"][RW][s] = row[0], row[1]
        data["ext"][LW][s], data["ext"][RW][s] = row[2], row[3]
    reminders = set(sc["reminders"])
    out = set(sc["removed"])
    dis = set(sc["discarded"])
    data["out_of_game"] = sorted(out - reminders)
    data["ongoing"] = sorted(reminders)
    data["discard"] = sorted(dis)
    data["events_played"] = sorted(out)
    # 7.5: the Event Chart's crosses of the Events the scenario counts as played (13.3:
    # Enabling Act cancelled Weimar Republic, Manchuria Invasion the Kellogg-Briand Pact),
    # as a game that played them shows them (the 1936 chart showed none: an events audit)
    data["blocked"] = sorted({m for n in out for m in c.cards[n].cancels} - reminders)
    # Events in force at the start: reminder markers (12.3/13.3) and the map markers that
    # show an Event's side (12.1/13.1); their cards stay with the ongoing Events.
    for n, flag in MARKER_FLAGS.items():
        if data["flags"].get(flag) and n in data["out_of_game"]:
            data["out_of_game"].remove(n)
            data["ongoing"].append(n)
        if n in data["ongoing"]:
            data["flags"][flag] = True
    data["ongoing"].sort()
    deck = sorted(n for era in sc["eras"] for n in c.era_cards[era]
                  if n not in out and n not in dis)
    # the scenario first, then the Events in force by name, then what each does as it is
    # put in force (the effects' lines came before the scenario's, and six of ten Events
    # in force were never named: an eit2 rules audit)
    log(data, sc["rule"], f"{scenario.replace('_', ' ').title()} scenario: turn {sc['turn']}, "
        f"Power {SIDE[RW] if sc['power'] > 0 else SIDE[LW]}{abs(sc['power'])}, Tension "
        f"{sc['tension']}; {len(out)} cards removed ({len(data['out_of_game'])} out of the "
        f"game, {len(data['ongoing'])} Events in force), {len(dis)} discarded, "
        f"{len(deck)} in the draw deck")
    if data["ongoing"]:
        log(data, sc["rule"], "Events in force: " + ", ".join(
            f"{c.cards[n].title} ({c.cards[n].side})" for n in data["ongoing"]),
            events=list(data["ongoing"]))
    for n in data["ongoing"]:
        install_ongoing(c, data, n)
    data["eras_in"] = list(sc["eras"])
    data["deck"] = deck
    data["deck_from"] = sorted(deck)
    shuffle(data, data["deck"])
    start_turn(c, data)
