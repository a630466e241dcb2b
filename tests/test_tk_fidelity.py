"""Rules fidelity, issue 11 items 13-16 (TK rule 15): each test quotes the rule sentence it
holds the engine to."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from test_tk_helpers import choose, done, game, labels, logtext, situation, start
from warroom.cli.main import app
from warroom.core.protocol import State, apply, legal_actions, new_game, prompt
from warroom.games import load_game
from warroom.games.tk.model import neighbours, neutral_neighbours


def play_first(s: State) -> None:
    """Play the first legal action until the event is resolved."""
    while s.active is not None:
        apply(s, legal_actions(s)[0])

# -- item 13: 15.38 Successful Improvements, France or Italy -------------------------------------


def test_15_38_flip_replaces_only_the_war_economy_markers_trip() -> None:
    """15.38: "The faction that rolled this event may select a Partnership Country counter not
    already in play and place it in the Delay Box." ... "France or Italy: If one of these
    countries is the Partnership Country, instead of placing its War Economy +1 marker
    (which should already be in the Strategic Warfare Box) in the Delay Box, the faction may
    flip its War Economy to its +2 side and leave it in the Strategic Warfare Box.\""""
    for faction, partner in (("western", "France"), ("axis", "Italy")):
        s = start("15.38", faction, "1939")
        choose(s, f"Flip {partner}'s War Economy")
        assert done(s) == "resolved"
        assert s.data["war_economy"][partner] == 2
        assert partner in s.data["partners_in_play"]
        delay = [i for i in s.data["instructions"] if "Delay Box" in i
                 and "Partnership Country counter" in i]
        assert len(delay) == 1 and f"place the {partner} Partnership Country counter in the " \
            "Delay Box" in delay[0] and "support unit" in delay[0]
        assert any("+2 side" in i and "Strategic Warfare Box" in i
                   for i in s.data["instructions"])
        # the counter is in play: a second Successful Improvements cannot take it again
        again = start("15.38", faction, sit={**situation("1939"),
                                             "partners_in_play": [partner]})
        assert not any(partner in x for x in labels(again))


def test_15_38_placing_the_counter_brings_its_war_economy_marker() -> None:
    """15.38: "This is how you get the Partnership Country's support unit and War Economy
    marker in the game.\""""
    s = start("15.38", "western", "1939")
    choose(s, "Place the France Partnership")
    assert s.data["war_economy"]["France"] == 1
    assert s.data["instructions"] == [
        "[15.38] place the France Partnership Country counter in the Delay Box (its support "
        "unit and War Economy marker come with it)"]


# -- item 14: 15.28 Reassess Policies: the rule decides, not a data flag ---------------------------

def test_15_28_isolationism_and_ostland_are_never_reassessed_whatever_the_file_says() -> None:
    """15.28 Reassess Policies: "select a friendly Posture Box and end a Policy (13.6.1.2).
    ... Exceptions: The Isolationism and Ostland Accord Policies cannot be ended.\""""
    sit = situation("1940")                     # Axis Tide; a file without `endable` flags
    for pol in sit["policies"]:
        pol.pop("endable", None)
    s = start("15.28", "soviet", sit=sit)       # Russia's box holds only the Ostland Accord
    assert not any("Reassess" in x for x in labels(s))
    s = start("15.28", "western", sit=sit)
    choose(s, "Reassess")
    boxes = labels(s)
    assert not any(b.startswith("US") for b in boxes)       # Isolationism
    assert any(b.startswith("Britain") for b in boxes)
    for pol in sit["policies"]:                 # a file that says they may be ended
        pol["endable"] = True
    s = start("15.28", "soviet", sit=sit)
    assert not any("Reassess" in x for x in labels(s))
    for pol in sit["policies"]:                 # a file that says nothing may be ended
        pol["endable"] = False
    s = start("15.28", "western", sit=sit)
    choose(s, "Reassess")
    assert any(b.startswith("Britain") for b in labels(s))


def test_15_28_recognises_the_policies_by_name_or_id() -> None:
    sit = situation("1940")
    for pol in sit["policies"]:
        pol.pop("endable", None)
        if pol["id"] == "ostland":
            pol["id"], pol["name"] = "pact_1939", "Ostland Accord"
        if pol["id"] == "isolationism":
            pol["name"] = "US Isolationism"     # the id still says which Policy it is
    for st in sit["countries"].values():
        if st.get("policy") == "ostland":
            st["policy"] = "pact_1939"
    s = start("15.28", "soviet", sit=sit)
    assert not any("Reassess" in x for x in labels(s))
    s = start("15.28", "western", sit=sit)
    choose(s, "Reassess")
    assert not any(b.startswith("US") for b in labels(s))


def test_15_31_and_15_37_never_end_the_ostland_accord() -> None:
    """15.31 War with Russia: "The Ostland Accord Policy cannot be ended by this option."
    15.37 End a Policy: "Exception: The Ostland Accord Policy cannot be ended.\""""
    sit = situation("1939")
    for pol in sit["policies"]:
        pol.pop("endable", None)
    s = start("15.31", "axis", sit=sit)
    assert "War with Russia" not in labels(s)
    s = start("15.37", "soviet", sit=sit, challenge="Russia")
    assert not any("End a Policy" in x for x in labels(s))


# -- item 15: 15.22 / 15.24: log what is true -----------------------------------------------------

def test_15_22_15_24_log_the_war_state_in_effect() -> None:
    """15.22: "Pre-War is still in effect even though the Axis faction has mobilized for
    war." 15.24: "Pre-War remains in effect even though all factions have mobilized for
    war." The event does not change the war state; resolved during Limited War, the log
    says Limited War remains in effect."""
    s = start("15.22", "axis", "1940")
    play_first(s)
    assert s.data["war"] == "limited_war"
    text = logtext(s)
    assert "Pre-War remains in effect" not in text
    assert "Limited War remains in effect" in text
    s = start("15.24", "axis", "1940", country="Yugoslavia")
    play_first(s)
    text = logtext(s)
    assert "Pre-War remains in effect" not in text
    assert "Limited War remains in effect" in text
    s = start("15.22", "axis", "1939")          # Pre-War: the rule's own words
    choose(s, "One German armor")
    choose(s, "2 Pz")
    assert "Pre-War remains in effect [15.22]" in logtext(s)


def test_15_17_logs_the_war_state_in_effect() -> None:
    """15.17 Step 3: "do not end its Policy. Pre-War remains in effect." (the same reading:
    the event leaves the war state as it is)."""
    s = start("15.17", "axis", "1940", country="Yugoslavia")
    play_first(s)
    text = logtext(s)
    assert "Pre-War remains in effect" not in text
    assert "Limited War remains in effect" in text


# -- item 16: 15.21 Military Aid's reconstructed options are marked --------------------------------

def test_15_21_reconstructed_options_are_marked_in_the_prompt() -> None:
    """15.21: "The phasing faction may do one of the following:" (the list is missing from
    the source: warroom's options are reconstructed and say so where a player sees them)."""
    s = start("15.21", "axis", "1940")
    p = prompt(s)
    assert p is not None and p.rule == "15.21" and "reconstructed" in p.text
    assert "reconstructed" in logtext(s)


def test_15_21_reconstructed_options_are_marked_in_content_json() -> None:
    events = {e["number"]: e for e in game().content_json()["events"]}
    aid = events["15.21"]
    assert aid["reconstructed"] is True and "reconstructed" in aid["note"]
    assert [o["key"] for o in aid["options"]] == ["opt:aid_replacement", "opt:aid_support"]
    assert all(o["reconstructed"] for o in aid["options"])
    assert "reconstructed" not in events["15.20"]
    res = CliRunner().invoke(app, ["content", "tk", "--json"])
    assert res.exit_code == 0
    cli = {e["number"]: e for e in json.loads(res.output)["events"]}
    assert cli["15.21"] == aid


# -- a self-audit against rule 15's text (5 December 2026) ------------------------------------

def test_15_19_stronghold_removal_leaves_another_countrys_republican_support() -> None:
    """15.19: "Remove the Stronghold and Republican Support markers from the selected Neutral
    Minor Country." After a Republican victory Spain keeps its Republican Stronghold and the
    Republican Support marker; removing Greece's Stronghold must leave Spain's marker."""
    sit = situation("1937")
    sit["civil_war"] = None
    sit["countries"]["Spain"] = {"markers": ["stronghold:republican"]}
    support = sit["republican_support"]
    assert support is not None and support["country"] == "Spain"
    s = start("15.19", "axis", sit=sit, country="Greece")
    choose(s, "Remove the Stronghold")
    assert done(s) == "resolved"
    assert s.data["countries"]["Greece"]["markers"] == []
    assert s.data["countries"]["Spain"]["markers"] == ["stronghold:republican"]
    assert s.data["republican_support"] == support
    assert "Republican Support" not in " ".join(s.data["instructions"])
    # in the Country that holds it, the marker goes with the Stronghold
    s = start("15.19", "axis", sit=sit, country="Spain")
    choose(s, "Remove the Stronghold")
    assert s.data["countries"]["Spain"]["markers"] == []
    assert s.data["republican_support"] is None


def test_15_22_two_infantry_steps_are_no_choice_with_one_on_the_map() -> None:
    """15.22: "The Axis faction must eliminate one German armor step or two German infantry
    steps from any hex(es) on the map." With German armor on the map and a single German
    infantry step, only the armor step does what the event says."""
    sit = situation("1939")
    for u in sit["units"]:
        if u["id"] == "ge_a1":
            u["steps"] = 1
        if u["id"] == "ge_a3":
            u["loc"] = "Force Pool"
    s = start("15.22", "axis", sit=sit)
    assert not [x for x in labels(s) if "infantry" in x]
    assert any("Pz Korps" in x for x in labels(s))
    before = sum(u["steps"] for u in s.data["units"].values()
                 if u["type"] == "armor" and u["nationality"] == "German")
    play_first(s)
    after = sum(u["steps"] for u in s.data["units"].values()
                if u["type"] == "armor" and u["nationality"] == "German")
    assert before - after == 1
    assert s.data["units"]["ge_a1"]["steps"] == 1
    # with two infantry steps on the map the faction chooses
    s = start("15.22", "axis", "1939")
    assert any("Two German infantry steps" in x for x in labels(s))


def test_15_33_held_units_go_where_their_own_stripe_says() -> None:
    """15.33: "A unit or marker with a Delay Stripe is placed in the Delay Box; a unit
    without a Delay Stripe is returned to its Force Pool." The Axis Med HQ (striped) is
    eliminated in Paris; the Minor Country unit in its Holding Box has no stripe."""
    sit = situation("1940")
    for u in sit["units"]:
        if u["id"] == "ax_med":
            u["loc"] = "Paris"
    s = start("15.33", "western", sit=sit)
    choose(s, "Paris")
    choose(s, "Axis Med HQ")
    units = s.data["units"]
    assert units["ax_med"].get("delay_stripe") and units["ax_med"]["loc"] == "Delay Box"
    assert not units["hu_1"].get("delay_stripe") and units["hu_1"]["loc"] == "Force Pool"


def pack_with(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the bundled tk content whose ``components.yaml`` has ``old`` (which must be
    there) replaced by ``new`` once."""
    pack = tmp_path / "content"
    shutil.copytree(Path(__file__).parents[1] / "src/warroom/games/tk/content", pack)
    comp = pack / "components.yaml"
    text = comp.read_text()
    assert old in text
    comp.write_text(text.replace(old, new, 1))
    return pack


def test_15_33_no_atomic_devastation_in_a_region_of_a_neutral_minor_country(
        tmp_path: Path) -> None:
    """15.33: "The hex cannot be in a Neutral Minor Country". Barcelona lies in Catalonia, a
    Region of Spain: while Spain is Neutral (1937) it is not offered, even in range of a
    German Air Base (the bundled map puts none in range, so a content copy does)."""
    hexline = "{id: Barcelona, name: Barcelona, country: Catalonia, city: true, port: true,"
    g = load_game("tk", pack_with(tmp_path, hexline, hexline + " german_air_base: 2,"))
    s = new_game(g, "1937", 0, {"event": "15.33", "faction": "axis"})
    assert "hex:barcelona" not in [a.key for a in legal_actions(s)]
    assert s.data["countries"]["Spain"]["status"] == "neutral"


# -- an outside audit (5 December 2026): Regions are not Dependents until they are made so -----

def test_15_26_a_region_still_part_of_its_country_is_no_result() -> None:
    """15.26: "If the result yields a Minor Country or Dependent, check the following ... If
    the result is a Conquered Country or Dependent, the Axis faction must eliminate one
    step". Catalonia, a Region of Spain, is neither: an Axis unit in Barcelona keeps its
    step (it lost one, the Region read as an occupied Dependent)."""
    sit = situation("1937")
    for u in sit["units"]:
        if u["id"] == "it_ctv":
            u["loc"] = "Barcelona"
    s = start("15.26", "western", sit=sit, dice=[5])
    choose(s, "Iberian")
    text = logtext(s)
    assert "Area Table Iberian: Catalonia" in text
    assert "Catalonia is a Region of Spain, neither a Minor Country nor a Dependent" in text
    assert "partisan uprisings" not in text and s.active is None


def test_15_26_a_german_dependent_region_has_its_partisan_uprising() -> None:
    """15.25's example: "The Ukraine German Dependent marker is in the Ceded Lands Box to
    note that Region has become a German Dependent": then 15.26's Dependent clause holds
    and the Axis loses a step of a ground unit there."""
    sit = situation("1939")
    sit["ceded"]["ge_ukraine"] = "Ceded Lands Box"
    for u in sit["units"]:
        if u["id"] == "ge_a3":
            u["loc"] = "Kiev"
    s = start("15.26", "soviet", sit=sit, dice=[3])
    choose(s, "Eastern")
    assert "Ukraine is a Conquered Country or Dependent: partisan uprisings" in logtext(s)
    assert s.active == "axis"


def test_15_25_the_ukraine_example_can_be_played() -> None:
    """15.25's example, as printed: the Ukraine German Dependent marker in the Ceded Lands
    Box and its Cities under Axis control, the Axis may create an Axis Ukraine, and the
    marker is removed. It was not offered (only a Region marked conquered was)."""
    sit = situation("1940")
    sit["ceded"]["ge_ukraine"] = "Ceded Lands Box"
    sit["control"].update({"Kiev": "axis", "Odessa": "axis"})
    s = start("15.25", "axis", sit=sit)
    assert "Ukraine" in labels(s)
    choose(s, "Ukraine")
    assert s.data["countries"]["Ukraine"]["status"] == "axis"
    assert s.data["ceded"]["ge_ukraine"] == "Removed"
    assert "remove the German Ukraine Ceded Land marker from the game" in logtext(s)


def test_15_34_the_new_neutral_country_is_one_in_every_menu_of_neutral_countries() -> None:
    """15.34: "that Breakaway Region becomes a separate Neutral Country ... The new Country
    is no longer part of the Civil War Country." The menus that select a Neutral Country
    (15.31's Declare War, 15.28's Neutrality Discussions) list it, and it borders the
    Country it broke away from (a rules audit: the menus took Minor Countries only, and
    Catalonia bordered France alone)."""
    sit = situation("1937")
    sit["countries"]["Catalonia"] = {"status": "neutral"}
    sit["civil_war"]["markers"] = [m for m in sit["civil_war"]["markers"]
                                   if m["id"] != "c_barcelona"]
    s = start("15.31", "axis", sit=sit)
    choose(s, "Declare War")
    assert any("Catalonia" in x for x in labels(s)), labels(s)
    s = start("15.28", "western", sit=sit)
    choose(s, "Neutrality Discussions")
    assert any("Catalonia" in x for x in labels(s)), labels(s)
    g = game()
    assert "Catalonia" in neutral_neighbours(g, s.data, "Spain")
    assert "Spain" in neighbours(g, s.data, "Catalonia")
    # while it is part of Spain, a Region is in no such menu
    s = start("15.31", "axis", "1937")
    choose(s, "Declare War")
    assert not any("Catalonia" in x for x in labels(s))


# -- a third tk audit (8 December 2026) ------------------------------------------------------

def test_15_7_the_land_demanded_goes_on_to_the_crisis_tables_event(tmp_path: Path) -> None:
    """15.7 is about "the land being demanded"; the International Crisis Table's 15.24 (and
    15.12, 15.17) then cedes it. It was dropped on the way, the event taking the Country's
    first Axis marker: a pack with two for Turkey ceded Eastern Thrace for Kars."""
    first = "  - {id: ge_austria, faction: axis,"
    g = load_game("tk", pack_with(tmp_path, first, (
        "  - {id: ge_thrace, faction: axis, land: Eastern Thrace, country: Turkey, hexes: "
        "[e2508], reconstructed: true}\n  - {id: ge_kars, faction: axis, land: Kars, "
        "country: Turkey, hexes: [Kars], reconstructed: true}\n") + first))
    s = new_game(g, "1939", 0, {"event": "15.7", "faction": "axis", "country": "Turkey",
                                "land": "ge_kars"}, forced_dice=[2])
    for _ in range(20):
        if s.active is None:
            break
        apply(s, legal_actions(s)[0])
    text = logtext(s)
    assert "Military Victory" in text, text
    assert "Kars Ceded Land marker" in text and "Eastern Thrace" not in text, text


def test_15_28_a_placement_the_countermix_cannot_supply_is_not_offered() -> None:
    """15.28: the faction "must do one of the following"; 15.36: the countermix limits the
    markers. With all 6 Soviet Influence markers on the map, Neutrality Discussions offered
    "Place a Soviet Influence marker in Bulgaria", placed nothing, and the event ended as No
    Result: an escape from what it must do (a tk audit). 15.19 (optional) says why not."""
    sit = situation("1939")
    for c in ["Rumania", "Yugoslavia", "Turkey", "Czechoslovakia", "Hungary", "Spain"]:
        sit["countries"][c]["markers"] = ["influence:soviet"]
    s = start("15.28", "soviet", sit=sit)
    if any("Neutrality Discussions" in x for x in labels(s)):
        choose(s, "Neutrality Discussions")
    assert not [x for x in labels(s) if x.startswith("Place a Soviet Influence marker")], \
        labels(s)
    s = start("15.19", "soviet", sit=sit, country="Bulgaria")
    assert not [x for x in labels(s) if "Place a Soviet Influence" in x], labels(s)
    said = " ".join(logtext(s).split())
    assert "none of the Influence options applies to Bulgaria for the Soviet faction (" in said
    assert "no Soviet Influence marker is left in the countermix (6, 15.36)" in said, said


def test_15_2_a_country_already_the_receivers_still_has_its_neighbour_selected() -> None:
    """15.2: "Activate the Country as an Axis Country. Then the Axis player must select a
    Neutral Country that shares a Border with the Axis Country". Hungary is Axis already in
    1940: its Neutral neighbours are still offered (it stopped at "it is not activated": a
    tk audit); a Country of the other side stops there."""
    s = start("15.2", "axis", "1940", country="Hungary")
    assert "Hungary is already an Axis Country" in logtext(s)
    assert sorted(labels(s)) == ["Rumania: becomes a Western Country (13.5)",
                                 "Yugoslavia: becomes a Western Country (13.5)"]
    s = start("15.2", "western", "1940", country="Hungary")
    assert s.active is None and "already" not in logtext(s)


def test_an_events_title_fills_its_area_and_its_kind_of_failure() -> None:
    """15.13 "Diplomatic Success [Area]" and 15.14 "Failure [Command, Supply]" are titled as
    their card names them, as 15.32 and 15.37 are: the title, log and result read the
    rulebook's placeholder (a third tk audit)."""
    s = start("15.14", "axis", "1939", type="supply")
    assert s.game.view(s, "axis")["event_name"] == "Failure (Supply)"
    assert "Political Event 15.14 Failure (Supply) received" in logtext(s)
    s = start("15.13", "western", "1939", area="Balkan")
    assert "Political Event 15.13 Diplomatic Success (Balkan) received" in logtext(s)
