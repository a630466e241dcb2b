"""A test per event and branch of rule 15 (who received it, war state, markers)."""

from __future__ import annotations

import pytest

from test_tk_helpers import (
    choose,
    country,
    done,
    game,
    labels,
    logtext,
    names,
    situation,
    start,
)
from warroom.core.errors import IllegalActionError, UnknownGameError
from warroom.core.protocol import apply, legal_actions, new_game, prompt


# 15.1 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("die", "who"), [(3, "western"), (4, "soviet")])
def test_15_1_axis_received_die_picks_allied_faction(die: int, who: str) -> None:
    s = start("15.1", "axis", "1940", dice=[die])
    assert s.active == who
    assert "Place a Partisan Base marker in your Force Pool" in labels(s)


def test_15_1_pre_war_no_partisan_base_and_ss_only_with_ss_europa() -> None:
    sit = situation("1940")
    sit["war"] = "pre_war"
    s = start("15.1", "western", sit=sit)
    assert not any("Partisan" in x for x in labels(s))
    choose(s, "Select a hex")
    assert any("Krakow" in x for x in labels(s))  # SS Wiking: SS Europa on the VP track
    sit["vp_marker"] = None
    s = start("15.1", "western", sit=sit)
    choose(s, "Select a hex")
    assert not any("Krakow" in x for x in labels(s))
    assert not any("Sicily" in x for x in labels(s))  # island hex


def test_15_1_marker_removed_to_delay_box_when_no_step() -> None:
    s = start("15.1", "soviet", "1940")
    choose(s, "Select a hex")
    choose(s, "Oslo")
    choose(s, "Detachment", "axis")
    assert done(s) == "resolved"
    assert s.data["markers"][0]["loc"] == "Delay Box"


def test_15_1_civil_war_table() -> None:
    s = start("15.1", "soviet", "1937", dice=[2])  # 2 - 1 (Allied) = 1: Republican advance
    choose(s, "Civil War Table")
    assert s.active == "soviet"  # the faction on the Republican Support marker flips
    assert labels(s) == ["Nationalist Center in Seville", "Nationalist Center in Zaragoza"]


# 15.2 -----------------------------------------------------------------------------------------
def test_15_2_border_war_axis_and_allied() -> None:
    s = start("15.2", "axis", "1939", country="Hungary")
    assert country(s, "Hungary")["status"] == "axis"
    assert "Rumania" in names(s)
    choose(s, "Rumania", "axis")
    assert country(s, "Rumania")["status"] == "western"  # its Guarantees Policy is Western
    s = start("15.2", "soviet", "1939", country="Bulgaria")
    assert country(s, "Bulgaria")["status"] == "soviet"  # Bulgaria's alignment
    choose(s, "Greece", "soviet")
    assert country(s, "Greece")["status"] == "axis"


def test_15_2_no_neutral_neighbour() -> None:
    s = start("15.2", "axis", "1939", country="Ireland")
    assert done(s) == "resolved"
    assert "no Country is activated" in logtext(s)


# 15.3 -----------------------------------------------------------------------------------------
def test_15_3_axis_influence_branches() -> None:
    sit = situation("1939")
    sit["countries"]["Rumania"] = {"markers": []}
    s = start("15.3", "axis", sit=sit, land="ge_transylvania", dice=[5])
    choose(s, "Do not place")
    assert country(s, "Rumania")["markers"] == ["influence:soviet"]  # borders Russia, 4+
    s = start("15.3", "axis", sit=sit, land="ge_transylvania", dice=[3])
    choose(s, "Do not place")
    assert country(s, "Rumania")["markers"] == ["influence:western"]
    s = start("15.3", "axis", "1939", land="ge_slovenia")  # Yugoslavia: Western Influence
    choose(s, "Do not place")
    assert country(s, "Yugoslavia")["markers"] == ["influence:western"]
    sit["countries"]["Yugoslavia"] = {"markers": ["neutrality"]}
    s = start("15.3", "axis", sit=sit, land="ge_slovenia")
    choose(s, "Ljubljana")
    assert country(s, "Yugoslavia")["markers"] == []
    assert s.data["markers"][0]["loc"] == "Ljubljana"


def test_15_3_no_soviet_border_gives_western_influence() -> None:
    sit = situation("1939")
    sit["countries"]["Yugoslavia"] = {"markers": []}
    s = start("15.3", "axis", sit=sit, land="ge_slovenia")
    choose(s, "Do not place")
    assert country(s, "Yugoslavia")["markers"] == ["influence:western"]
    assert s.data["dice"] == 0


# 15.4 / 15.5 -----------------------------------------------------------------------------------
def test_15_4_and_15_5_no_civil_war() -> None:
    for ev in ("15.4", "15.5"):
        s = start(ev, "axis", "1939")
        assert done(s) == "no_result"


def test_15_5_axis_flips_republican_centers_stronghold_last() -> None:
    s = start("15.5", "axis", "1937")
    assert s.active == "axis"
    assert labels(s) == ["Republican Center in Madrid", "Republican Center in Barcelona",
                         "Republican Center in Bilbao"]


def test_15_4_allied_roller_axis_flips_and_nationalist_victory() -> None:
    sit = situation("1937")
    sit["civil_war"]["markers"] = [m for m in sit["civil_war"]["markers"]
                                   if m["side"] == "nationalist"
                                   or m["id"] == "stronghold_republican"]
    s = start("15.4", "western", sit=sit, dice=[6])
    assert labels(s) == ["Republican Stronghold in Valencia"]  # the only one left
    choose(s, "Valencia", "axis")
    assert s.data["civil_war"] is None and s.data["republican_support"] is None
    choose(s, "Iberian", "axis")  # die 6: Basque Country, not Neutral
    assert done(s) == "resolved"
    assert "no longer in effect (Nationalist victory)" in logtext(s)


def test_15_5_republican_victory_keeps_stronghold_and_support() -> None:
    sit = situation("1937")
    sit["civil_war"]["markers"] = [m for m in sit["civil_war"]["markers"]
                                   if m["side"] == "republican"
                                   or m["id"] == "stronghold_nationalist"]
    s = start("15.5", "soviet", sit=sit, dice=[2])
    choose(s, "Burgos", "soviet")
    assert s.data["civil_war"] is None
    assert country(s, "Spain")["markers"] == ["stronghold:republican"]
    assert s.data["republican_support"]["faction"] == "soviet"
    choose(s, "Balkan", "soviet")  # 2: Yugoslavia (Neutral): Influence for the Soviets
    assert s.active == "soviet" and "Remove the Neutrality marker from Yugoslavia" in labels(s)


# 15.6 -----------------------------------------------------------------------------------------
def test_15_6_choice_between_blocking_markers() -> None:
    sit = situation("1939")
    sit["countries"]["Yugoslavia"] = {"markers": ["neutrality", "influence:western"]}
    s = start("15.6", "axis", sit=sit, country="Yugoslavia")
    choose(s, "Neutrality", "axis")
    assert country(s, "Yugoslavia")["markers"] == ["influence:western"]


# 15.7 -----------------------------------------------------------------------------------------
def test_15_7_axis_pre_war_guarantees_activates_and_limited_war() -> None:
    s = start("15.7", "axis", "1939", country="Poland", land="ge_danzig")
    assert country(s, "Poland")["status"] == "western"
    assert "guarantees" not in s.data["policies"]
    assert s.data["war"] == "limited_war"
    assert s.data["ceded"]["ge_danzig"] == "Force Pool"
    choose(s, "Place a Blitz", "axis")
    assert done(s) == "resolved"


def test_15_7_axis_pre_war_locarno_rolls_international_crisis() -> None:
    s = start("15.7", "axis", "1939", country="Yugoslavia", dice=[5])
    assert "International Crisis Table" in logtext(s)
    assert "Military Defeat" in logtext(s)


def test_15_7_axis_limited_war_and_western_not_pac() -> None:
    s = start("15.7", "axis", "1940", country="Turkey")
    assert country(s, "Turkey")["status"] == "western"
    assert "guarantees" not in s.data["policies"]  # Turkey was a PAC
    sit = situation("1940")
    sit["policies"] = [p for p in sit["policies"] if p["id"] != "guarantees"]
    s = start("15.7", "western", sit=sit, country="Turkey", land="br_turkish_straits")
    assert country(s, "Turkey")["status"] == "axis"
    assert s.data["ceded"]["br_turkish_straits"] == "Force Pool"


def test_15_7_western_britain_pac() -> None:
    s = start("15.7", "western", "1939", country="Norway")
    assert labels(s) == ["One British armor step", "Two British infantry steps"]


# 15.8 -----------------------------------------------------------------------------------------
def test_15_8_coup_attempt_two_different_actions() -> None:
    s = start("15.8", "axis", "1939")
    choose(s, "Eliminate two", "axis")
    assert all("Pz" in x for x in labels(s))  # armor-type first
    choose(s, "1 Pz")
    choose(s, "1 Pz")
    assert not any("Eliminate two" in x for x in labels(s))
    choose(s, "HQ")
    choose(s, "OKH")
    assert done(s) == "resolved"
    assert s.data["units"]["ge_okh"]["loc"] == "Delay Box"


# 15.9 / 15.10 ---------------------------------------------------------------------------------
def test_15_9_and_15_10() -> None:
    s = start("15.9", "western", "1939", country="Bulgaria")
    assert country(s, "Bulgaria")["status"] == "axis"
    assert "without a Mobilization Roll" in logtext(s)
    s = start("15.10", "axis", "1939", country="Greece")
    assert country(s, "Greece")["status"] == "western"
    assert "guarantees" not in s.data["policies"]
    s = start("15.10", "soviet", "1939", country="Greece")
    assert country(s, "Greece")["status"] == "axis"


# 15.11 ----------------------------------------------------------------------------------------
def test_15_11_delay_reduction_not_to_current_turn() -> None:
    s = start("15.11", "axis", "1939")
    choose(s, "SS Totenkopf")
    assert s.data["units"]["ge_sstk"]["loc"] == "Turn Track 2"
    sit = situation("1939")
    sit["turn"] = 2
    s = start("15.11", "axis", sit=sit)
    assert done(s) == "no_result"


# 15.12 ----------------------------------------------------------------------------------------
def test_15_12_diplomatic_settlement() -> None:
    s = start("15.12", "axis", "1937", country="Czechoslovakia")
    assert s.active == "western"  # aligned with Czechoslovakia
    choose(s, "Poland")
    choose(s, "Place a Western Influence")
    assert country(s, "Poland")["markers"] == ["influence:western"]
    assert s.data["ceded"]["ge_sudetenland"] == "Ceded Lands Box"
    choose(s, "Do not place", "axis")
    # Axis-placed Ceded Land, no marker, no Soviet border: a Western Influence marker
    assert country(s, "Czechoslovakia")["markers"] == ["influence:western"]


# 15.13 ----------------------------------------------------------------------------------------
def test_15_13_diplomatic_success() -> None:
    s = start("15.13", "western", "1939", area="Balkan", dice=[3])
    assert labels(s)[-1] == "Do nothing (No Result)"
    choose(s, "Place a Western Influence marker in Bulgaria")
    s = start("15.13", "western", "1940", area="Balkan", dice=[4])
    assert done(s) == "no_result"  # Greece is an active Western Country


# 15.14 ----------------------------------------------------------------------------------------
def test_15_14_failures() -> None:
    s = start("15.14", "western", "1939", type="supply")
    assert s.active == "axis"
    choose(s, "Paris")
    choose(s, "Home Fleet")
    i = next(i for i, m in enumerate(s.data["markers"])
             if m["type"] == "failure_supply" and m["owner"] == "western")
    assert s.data["markers"][i]["loc"] == "Paris"
    assert s.data["units"]["br_home"]["loc"] == "Delay Box"
    # a marker not yet in play is placed (it read "move ... from Unused to Paris", and
    # "Failure Supply": an audit)
    assert "place a Western Failure (Supply) marker in Paris" in logtext(s)
    s = start("15.14", "axis", "1939", type="command")
    choose(s, "Soviet", "axis")
    assert s.active == "soviet"
    choose(s, "Berlin")
    choose(s, "Luftflotte 1", "soviet")
    assert s.data["units"]["ge_lf1"]["loc"] == "Delay Box"


def test_15_14_a_support_unit_in_a_naval_zone_box_is_not_taken() -> None:
    """15.14 takes a support unit from the Force Pool, a hex on the map or the Turn Track;
    15.30.1 says "a hex or Naval Zone Box" where it means both (an outside audit): the 1940
    Home Fleet in the North Sea box stays, one in the Force Pool is taken."""
    s = start("15.14", "western", "1940", type="supply")
    choose(s, "Berlin")
    assert not any("Home Fleet" in x for x in labels(s)), labels(s)
    sit = situation("1940")
    for u in sit["units"]:
        if u["id"] == "br_home":
            u["loc"] = "Force Pool"
    s = start("15.14", "western", sit=sit, type="supply")
    choose(s, "Berlin")
    choose(s, "Home Fleet")
    assert s.data["units"]["br_home"]["loc"] == "Delay Box"


# 15.15 ----------------------------------------------------------------------------------------
def test_15_15_free_passage() -> None:
    s = start("15.15", "axis", "1939", country="Bulgaria")
    assert country(s, "Bulgaria")["status"] == "axis"
    assert country(s, "Bulgaria")["markers"] == ["free_passage"]
    s = start("15.15", "axis", "1939", country="Rumania")
    assert country(s, "Rumania")["status"] == "neutral"
    assert country(s, "Rumania")["markers"] == []


# 15.16 ----------------------------------------------------------------------------------------
def test_15_16_further_concessions_branches() -> None:
    s = start("15.16", "soviet", "1939", country="Finland")
    assert s.data["ceded"]["ru_finnish_frontier"] == "Ceded Lands Box"
    assert country(s, "Finland")["markers"] == []  # Neutrality removed
    s = start("15.16", "soviet", "1939", country="Baltic States")
    choose(s, "Northern Baltics", "soviet")
    assert country(s, "Baltic States")["markers"] == ["influence:axis"]
    s = start("15.16", "soviet", "1940", country="Rumania")  # Bessarabia already ceded
    assert country(s, "Rumania")["status"] == "removed"
    assert "ru_bessarabia" in s.data["ceded_flipped"]
    choose(s, "Kishinev", "soviet")
    sit = situation("1939")
    sit["ceded"]["ru_turkish_frontier"] = "Ceded Lands Box"
    s = start("15.16", "soviet", sit=sit, country="Turkey")
    choose(s, "Istanbul", "soviet")
    assert s.data["ceded"]["ru_turkish_straits"] == "Ceded Lands Box"
    assert country(s, "Turkey")["markers"] == []  # Western Influence removed
    sit["ceded"]["br_turkish_straits"] = "Ceded Lands Box"
    s = start("15.16", "soviet", sit=sit, country="Turkey")
    assert done(s) == "no_result"


def test_15_16_land_ceded_to_germany_stays_german_when_the_country_goes_to_russia() -> None:
    """15.16's second cession flips the Russian marker to the whole Country's side; a
    Region the Country had already ceded to Germany (Danzig) is not part of it: no Soviet
    control there, no Detachment offered there (an outside audit)."""
    sit = situation("1939")
    sit["ceded"]["ge_danzig"] = "Ceded Lands Box"
    sit["control"] = {"Danzig": "axis"}
    sit["ceded"]["ru_eastern_poland"] = "Ceded Lands Box"
    s = start("15.16", "soviet", sit=sit, country="Poland")
    assert country(s, "Poland")["status"] == "removed"
    offered = labels(s)
    assert not any("Danzig" in x for x in offered), offered
    assert any("Warsaw" in x for x in offered), offered
    assert s.data["control"]["Danzig"] == "axis"
    assert s.data["control"]["Warsaw"] == "soviet"


# 15.18 ----------------------------------------------------------------------------------------
def test_15_18_any_receiver_axis_decides() -> None:
    s = start("15.18", "soviet", "1940")
    assert s.active == "axis"
    choose(s, "Select a hex")
    choose(s, "Alexandria")
    assert s.active == "western"
    assert labels(s) == ["Indian 4 Division [1 step] in Alexandria"]
    s = start("15.18", "western", "1940")
    choose(s, "replacement step")
    choose(s, "Ukrainian Legion")
    assert s.data["units"]["ge_uk"]["loc"] == "Replacement"


def test_15_18_a_held_units_replacement_step_counts_in_its_holder() -> None:
    """A reduced unit held by a multi-national unit on the map regains its step (15.18), and
    the multi-national unit's steps, which count its held units', grow with it: removing
    the held unit later (15.25) leaves the holder its own steps (a review: they drifted)."""
    sit = situation("1940")
    for u in sit["units"]:
        if u["id"] == "ax_med":
            u["holding"], u["steps"] = ["hu_1", "ge_uk"], 3
        if u["id"] == "ge_uk":
            u["loc"], u["steps"], u["max_steps"] = "Holding Box", 1, 2
    s = start("15.18", "western", sit=sit)
    choose(s, "replacement step")
    choose(s, "Ukrainian Legion")
    units = s.data["units"]
    assert units["ge_uk"]["steps"] == 2 and units["ax_med"]["steps"] == 4


# 15.19 ----------------------------------------------------------------------------------------
def test_15_19_branches() -> None:
    sit = situation("1939")
    sit["countries"]["Greece"] = {"markers": ["stronghold:nationalist"]}
    s = start("15.19", "western", sit=sit, country="Greece")
    assert labels(s) == ["Remove the Stronghold and Republican Support markers from Greece",
                         "Do nothing (No Result)"]
    s = start("15.19", "axis", sit=sit, country="Greece")
    assert "Place an Axis Influence marker in Greece" in labels(s)
    # Pre-War: a Locarno or Cordon Minor cannot activate for the Allies
    sit["countries"]["Finland"] = {"markers": ["influence:western"]}
    s = start("15.19", "western", sit=sit, country="Finland")
    assert not any("Activate" in x for x in labels(s))
    sit["countries"]["Finland"] = {"markers": ["influence:axis"]}
    s = start("15.19", "axis", sit=sit, country="Finland")
    assert "Activate Finland as an Axis Minor Country" in labels(s)
    sit = situation("1940")
    sit["countries"]["Hungary"] = {"status": "axis", "markers": ["free_passage"]}
    s = start("15.19", "axis", sit=sit, country="Hungary")
    choose(s, "Free Passage")
    assert country(s, "Hungary")["markers"] == []


def test_15_19_civil_war_blocks_stronghold_removal() -> None:
    s = start("15.19", "western", "1937", country="Greece")
    assert not any("Stronghold" in x for x in labels(s))


def test_a_civil_wars_strongholds_stand_in_its_country() -> None:
    """15.6 and 15.19 name the Stronghold markers; those of a Civil War in effect (kept
    with the war's markers, in Valencia and Burgos) were ignored: Spain joined the Axis at
    once, and Influence was placed beside an enemy Stronghold (a tk audit)."""
    # 15.6: the war's Republican Stronghold keeps Spain out, and stays (games/tk/rules.py)
    s = start("15.6", "axis", "1937", country="Spain")
    assert country(s, "Spain")["status"] == "neutral"
    left = [(m["type"], m["side"]) for m in s.data["civil_war"]["markers"]
            if m["type"] == "stronghold"]
    assert left == [("stronghold", "republican"), ("stronghold", "nationalist")]
    assert "No Result: Spain contains the Republican Stronghold of the Civil War in effect " \
        "there: it is not activated, and no event removes that marker while the war lasts " \
        "(15.4, 15.5, 15.19)" in logtext(s)
    assert not s.data["instructions"]
    # 15.19: no Influence placed where an enemy Stronghold is, no activation either
    assert not any("Place" in x for x in labels(start("15.19", "western", "1937",
                                                      country="Spain")))
    sit = situation("1937")
    sit["countries"]["Spain"] = {"markers": ["influence:axis"]}
    assert not any("Activate" in x for x in labels(start("15.19", "axis", sit=sit,
                                                         country="Spain")))


def test_15_6_never_takes_a_civil_wars_republican_stronghold() -> None:
    """A tk audit: 15.6's hit took the war's Republican Stronghold out of Valencia while
    three Republican Centers stood, and the next 15.6 made Spain an Axis Minor with the
    Civil War still in effect. The hit takes another blocking marker; the Stronghold is
    flipped last, by 15.4/15.5, and after a Republican victory 15.6 removes it."""
    sit = situation("1937")
    sit["countries"]["Spain"] = {"markers": ["influence:western"]}
    s = start("15.6", "axis", sit=sit, country="Spain")
    assert "Spain contains Western Influence, Republican Stronghold: it is not activated, " \
        "one marker is removed instead (not the Civil War's Republican Stronghold, which " \
        "stays while the war lasts)" in logtext(s)
    assert "remove the Western Influence marker from Spain" in s.data["instructions"][0]
    assert any(m["id"] == "stronghold_republican" for m in s.data["civil_war"]["markers"])
    # every Center Nationalist: still the Stronghold stays, and the war with it
    sit = situation("1937")
    for m in sit["civil_war"]["markers"]:
        if m["type"] == "center":
            m["side"] = "nationalist"
    s = start("15.6", "axis", sit=sit, country="Spain")
    assert s.data["civil_war"] is not None and country(s, "Spain")["status"] == "neutral"
    # after the war: the Republican Stronghold left in Spain is a hit like any other
    sit = situation("1937")
    sit["civil_war"] = None
    sit["countries"]["Spain"] = {"markers": ["stronghold:republican"]}
    s = start("15.6", "axis", sit=sit, country="Spain")
    assert "remove the Republican Stronghold marker from Spain" in s.data["instructions"][0]
    assert country(s, "Spain")["status"] == "neutral" and not country(s, "Spain")["markers"]


# 15.20 / 15.21 / 15.22 -----------------------------------------------------------------------
def test_15_20_mandated_offensive() -> None:
    s = start("15.20", "western", "1939")
    choose(s, "Conduct one attack")
    assert "Regular Combat Segment" in s.data["instructions"][0]
    s = start("15.20", "western", "1939")
    choose(s, "Eliminate one friendly")
    choose(s, "1 Armoured")
    assert s.data["units"]["br_1ad"]["loc"] == "Eliminated"


def test_15_21_military_aid_reconstructed() -> None:
    s = start("15.21", "axis", "1940")
    assert "reconstructed" in logtext(s)
    choose(s, "replacement")
    choose(s, "2 Pz")
    assert s.data["units"]["ge_pz2"]["steps"] == 2


def test_15_22_military_defeat() -> None:
    s = start("15.22", "axis", "1939")
    choose(s, "One German armor")
    choose(s, "2 Pz")
    assert done(s) == "resolved"
    assert s.data["units"]["ge_ow"]["loc"] == "Delay Box"
    assert s.data["units"]["br_ow"]["loc"] == "Conditional Event Box"
    assert s.data["war"] == "pre_war"


# 15.23 ----------------------------------------------------------------------------------------
def test_15_23_military_takeover() -> None:
    s = start("15.23", "western", "1940")
    assert s.data["vp_marker"] == "no_retreat" and s.data["military_takeover"]
    assert s.active == "axis"
    choose(s, "Reduce")
    assert s.data["boxes"]["France"]["truce"] == 1
    assert all(b["negotiation"] for n, b in s.data["boxes"].items() if n != "France")
    assert not s.data["boxes"]["France"]["negotiation"]


# 15.24 ----------------------------------------------------------------------------------------
def test_15_24_military_victory() -> None:
    s = start("15.24", "axis", "1937", country="Czechoslovakia")
    choose(s, "One German armor")
    choose(s, "German 1 Pz")
    choose(s, "Reichenberg")
    assert done(s) == "resolved"
    assert s.data["ceded"]["ge_sudetenland"] == "Ceded Lands Box"
    assert "Pre-War remains in effect" in logtext(s)


# 15.25 ----------------------------------------------------------------------------------------
def test_15_25_a_colonial_unit_held_by_a_unit_on_the_map_is_removed() -> None:
    """15.25 removes the new Country's German colonial unit "on the map"; held in the
    Holding Box of a multi-national unit on the map, it is on the map (on_map), and its
    step leaves the multi-national unit with it (an outside audit)."""
    sit = situation("1940")
    sit["ceded"]["ge_ukraine"] = "Ceded Lands Box"
    sit.setdefault("control", {}).update({"Kiev": "axis", "Odessa": "axis"})
    for u in sit["units"]:
        if u["id"] == "ax_med":
            u["holding"], u["steps"] = ["hu_1", "ge_uk"], 3
        if u["id"] == "ge_uk":
            u["loc"] = "Holding Box"
    s = start("15.25", "axis", sit=sit)
    choose(s, "Ukraine")
    units = s.data["units"]
    assert units["ge_uk"]["loc"] == "Removed" and units["ge_uk"]["holder"] is None
    assert "remove German Ukrainian Legion (Uk) [1 step] in the Holding Box of Axis Med HQ " \
        "from the game" in logtext(s)
    assert units["ax_med"]["holding"] == ["hu_1"] and units["ax_med"]["steps"] == 2


def test_15_25_the_allies_polish_units_stay_allied() -> None:
    """15.25 adds to the Axis Force Pool the new Country's units "from the Allied Conquered
    Minor Countries Box, ... its N units or previously removed units": a Polish unit
    removed earlier goes there; the Polish units a Western faction holds (its Force Pool,
    the Holding Box of its HQ in Alexandria) stay Western (a second rules audit saw them made
    Axis, the British HQ a step short)."""
    sit = situation("1940")
    sit["control"].update({"Lwow": "axis", "Brest": "axis", "Danzig": "axis"})
    pole = {"owner": "western", "nationality": "Poland", "type": "infantry", "steps": 1,
            "minor": True}
    sit["units"] += [
        {**pole, "id": "pl_fp", "name": "Polish 1 Corps", "loc": "Force Pool"},
        {**pole, "id": "pl_out", "name": "Polish 2 Corps", "loc": "Eliminated"},
        {**pole, "id": "pl_held", "name": "Polish Carpathian Bde", "loc": "Holding Box"},
        {"id": "br_me", "name": "British ME HQ", "owner": "western", "nationality": "British",
         "type": "hq", "steps": 2, "loc": "Alexandria", "multinational": True,
         "holding": ["pl_held"]}]
    s = start("15.25", "axis", sit=sit)
    choose(s, "Poland")
    units = s.data["units"]
    assert (units["pl_out"]["owner"], units["pl_out"]["loc"]) == ("axis", "Force Pool")
    assert "move Polish 2 Corps [1 step] in Eliminated to the Axis Force Pool" in logtext(s)
    assert (units["pl_fp"]["owner"], units["pl_fp"]["loc"]) == ("western", "Force Pool")
    assert (units["pl_held"]["owner"], units["pl_held"]["loc"]) == ("western", "Holding Box")
    assert units["br_me"]["steps"] == 2 and units["br_me"]["holding"] == ["pl_held"]


# 15.26 ----------------------------------------------------------------------------------------
def test_15_26_minor_country_politics_branches() -> None:
    s = start("15.26", "western", "1939", dice=[3, 6])  # Balkan 3: Bulgaria, incident 6
    choose(s, "Balkan", "western")
    assert s.active == "axis"
    choose(s, "Diplomatic Incident")
    assert country(s, "Bulgaria")["status"] == "soviet"  # Declare War: joins the Allies
    s = start("15.26", "axis", "1940", dice=[3])  # Central 3: Slovakia, no Neutral neighbour
    choose(s, "Central")
    assert done(s) == "no_result"
    s = start("15.26", "soviet", "1940", dice=[4])  # Central 4: Hungary, an Axis Country
    choose(s, "Central", "soviet")
    assert s.active == "axis" and names(s) == ["Rumania", "Yugoslavia"]
    choose(s, "Yugoslavia")
    assert country(s, "Yugoslavia")["status"] == "western"
    s = start("15.26", "axis", "1940", dice=[1])  # Eastern 1: Poland, conquered
    choose(s, "Eastern")
    assert s.active == "axis" and any("German 1 Pz" in x for x in labels(s))
    s = start("15.26", "axis", "1940", dice=[4])  # Balkan 4: Greece, Western: No Result
    choose(s, "Balkan")
    assert done(s) == "no_result"


def test_15_26_total_war_active_country_loses_two_steps() -> None:
    sit = situation("1940")
    sit["war"] = "total_war"
    s = start("15.26", "axis", sit=sit, dice=[4])  # Central 4: Hungary, active Axis
    choose(s, "Central")
    assert s.active == "axis"
    choose(s, "Hungarian 2 Army")
    choose(s, "Hungarian 1-step")
    assert done(s) == "resolved"
    assert s.data["steps_lost"] == 2


def test_15_26_soviet_country_starts_a_war() -> None:
    sit = situation("1939")
    sit["countries"]["Bulgaria"] = {"status": "soviet"}
    s = start("15.26", "axis", sit=sit, dice=[3])
    choose(s, "Balkan")
    assert s.active == "soviet"
    choose(s, "Turkey")
    assert country(s, "Turkey")["status"] == "axis"


# 15.27 ----------------------------------------------------------------------------------------
def test_15_27_neutrality() -> None:
    s = start("15.27", "axis", "1939", country="Rumania")
    assert country(s, "Rumania")["markers"] == []
    s = start("15.27", "axis", "1939", country="Bulgaria")
    assert country(s, "Bulgaria")["markers"] == ["neutrality"]
    s = start("15.27", "axis", "1939", country="Sweden")
    assert done(s) == "no_result"
    # an active Minor Country is no Neutral Country: No Result, no Neutrality marker there
    # (an outside audit: Hungary, an Axis Minor, was given one)
    sit = situation("1939")
    sit["countries"]["Hungary"].update({"status": "axis", "markers": []})
    s = start("15.27", "western", sit=sit, country="Hungary")
    assert done(s) == "no_result" and country(s, "Hungary")["markers"] == []
    assert "Hungary is not a Neutral Country" in logtext(s)


def test_15_12_of_a_country_that_no_longer_exists_is_no_result() -> None:
    """As 15.17: a resisting Minor Country removed from play gives No Result (an outside
    audit saw Western asked to apply Influence beside Austria, removed in 1939)."""
    s = start("15.12", "axis", "1939", country="Austria")
    assert done(s) == "no_result" and "Austria does not exist" in logtext(s)


# 15.28 ----------------------------------------------------------------------------------------
def test_15_28_options_depend_on_situation() -> None:
    s = start("15.28", "western", "1940")
    opts = labels(s)
    assert "Pressure the US: the Lend-Lease marker to the Delay Box" in opts
    assert "Reassess Policies" in names(s) and "Vichy Fleet Activated" in names(s)
    choose(s, "Reassess")
    choose(s, "Britain")
    assert s.data["boxes"]["Britain"]["truce_name"] == "Reassess Policy"
    s = start("15.28", "axis", "1939")
    assert names(s) == ["Minor Country Politics: resolve 15.26 now", "Neutrality Discussions"]
    s = start("15.28", "axis", "1940")
    choose(s, "Vichy Fleet Activated")
    assert s.data["units"]["fr_fleet"]["loc"] == "Delay Box"
    # the instruction says where it goes next: the Axis Force Pool, not its own (it was
    # said in the log only)
    assert s.data["instructions"][-1] == (
        "[15.28] place the French Surface Fleet unit in the Delay Box; when it is removed "
        "from the Turn Track, place it in the Axis Force Pool")
    s = start("15.28", "soviet", "1940")
    choose(s, "Vichy Fleet Attacked")
    assert s.data["units"]["fr_fleet"]["loc"] == "Removed"
    s = start("15.28", "soviet", "1939")
    assert not any("Reassess" in x for x in labels(s))  # no Axis Tide
    sit = situation("1939")
    sit["countries"]["Greece"] = {"markers": ["stronghold:republican"]}
    sit["republican_support"] = {"faction": "western", "country": "Greece"}
    s = start("15.28", "axis", sit=sit)
    choose(s, "Stronghold Lost")
    choose(s, "Greece")
    assert country(s, "Greece")["markers"] == [] and s.data["republican_support"] is None


def test_a_menu_option_not_offered_says_which_condition_fails() -> None:
    """why on a 15.28 / 15.31 / 15.37 option that is not on the menu names the condition it
    fails (a play audit: it listed the offered options and nothing else)."""
    from warroom.core.protocol import explain
    s = start("15.28", "axis", "1939")
    why = explain(s, "opt:pressure_us", "axis")
    assert not why.legal and why.rules == ("15.28",)
    assert "not offered now: the Lend-Lease marker is not in the Allied " \
           "Conditional Events Box" in why.reason
    assert "not offered now: the Axis Tide is not in effect" in explain(
        s, "opt:reassess_policies", "axis").reason
    assert "no friendly Minor Country holds a Free Passage marker" in explain(
        s, "opt:wider_involvement", "axis").reason
    s = start("15.31", "western", "1939")
    assert "only the Axis or the Soviet faction may" in explain(
        s, "opt:war_with_russia", "western").reason
    assert "no Civil War is in progress" in explain(s, "opt:aid_civil_war", "western").reason


def test_a_positional_choice_names_the_country_it_concerns() -> None:
    """Neutrality Discussions' choices are positional (pick:<i>: one Country may offer
    several), but each concerns a Country: action_subject names its box (country:<slug>),
    so the web panel highlights that box (a browser audit saw Finland's choice with no box
    lit, and its box called unchoosable)."""
    s = start("15.28", "axis", "1939")
    choose(s, "Neutrality Discussions")
    g = s.game
    acts = legal_actions(s)
    assert acts and all(a.key.startswith("pick:") for a in acts)
    for a in acts:
        label = g.describe(s, a.id)
        subject = g.action_subject(s, a.id)
        country = label.rsplit(" from ", 1)[-1].rsplit(" in ", 1)[-1]
        assert subject == "country:" + country.lower().replace(" ", "_"), (label, subject)
    assert g.action_subject(s, g.catalogue.by_key("country:poland").id) is None


def test_15_28_chains_into_minor_country_politics() -> None:
    s = start("15.28", "axis", "1939", dice=[6])
    choose(s, "Minor Country Politics")
    choose(s, "Balkan")  # 6: Turkey, Neutral
    choose(s, "Treat as No Result")
    assert "Neutrals Pressured becomes Minor Country Politics" in logtext(s)


# 15.29, 15.34, 15.35, 15.39 ---------------------------------------------------------------
def test_15_29_no_pasaran() -> None:
    s = start("15.29", "soviet", "1937")
    choose(s, "Civil War Defeat")
    assert s.active == "axis"  # an Allied roller: the Axis flips a Republican marker


def test_15_34_provincial_independence() -> None:
    s = start("15.34", "axis", "1937")
    assert s.active == "western"
    assert labels(s) == ["Basque Country", "Catalonia"]
    choose(s, "Catalonia")
    assert country(s, "Catalonia")["status"] == "neutral"
    assert all(m["city"] != "Barcelona" for m in s.data["civil_war"]["markers"])
    s = start("15.34", "axis", "1939")
    assert done(s) == "no_result"


def test_15_35_republican_infighting() -> None:
    s = start("15.35", "western", "1937")
    choose(s, "Flip the Republican Support")
    assert s.data["republican_support"]["faction"] == "western"
    s = start("15.35", "axis", "1937")
    choose(s, "Civil War Victory")
    assert s.active == "axis"


def test_15_39_bell_tolls() -> None:
    s = start("15.39", "soviet", "1937")
    choose(s, "Eliminate a friendly")
    choose(s, "Tank Brigade")
    assert s.active == "soviet"  # Civil War Victory for an Allied roller
    assert labels(s) == ["Nationalist Center in Seville", "Nationalist Center in Zaragoza"]


# 15.30.1 ------------------------------------------------------------------------------------
def test_15_30_1_pacific_commitment_tk() -> None:
    s = start("15.30", "western", "1939", variant="tk")
    choose(s, "Far East Fleet")
    assert s.data["units"]["br_fe"]["loc"] == "Delay Box"
    sit = situation("1939")
    sit["pacific"]["western"] = "limited_war"
    s = start("15.30", "western", sit=sit, variant="tk", dice=[2])
    assert labels(s)[-1] == "Do nothing"  # one support unit already there: may decline
    sit["units"] = [u for u in sit["units"] if u["id"] != "br_fe"]
    s = start("15.30", "western", sit=sit, variant="tk", dice=[2])
    assert "Do nothing" not in labels(s)
    choose(s, "Home Fleet")
    assert s.data["units"]["br_home"]["loc"] == "Pacific Holding Box"
    s = start("15.30", "axis", "1939", variant="tk")
    assert done(s) == "no_result"
    # without a variant: TK's own 15.30.1, whatever the dice (it drew AE half the time: a
    # second rules audit)
    for seed in range(6):
        s = new_game(game(), "1939", seed, {"event": "15.30", "faction": "western"})
        assert labels(s)[0].startswith("British Far East Fleet"), (seed, labels(s))


# 15.32 / 15.36 / 15.38 / 15.40 ----------------------------------------------------------------
def test_15_32_production_success_unit_then_marker() -> None:
    s = start("15.32", "axis", "1939", card=47)
    assert s.data["units"]["card47"]["loc"] == "Delay Box"
    s = start("15.32", "axis", "1940", card=45)  # second time
    assert s.data["production_markers"]["Airmobile Doctrine"] == "Delay Box"
    sit = situation("1940")
    sit["production_successes"] = {"45": 2}
    s = start("15.32", "axis", sit=sit, card=45)
    assert done(s) == "no_result"


def test_15_36_special_weapons() -> None:
    s = start("15.36", "western", "1940")
    assert s.active == "axis"
    choose(s, "Eliminate one step")
    choose(s, "Athens")
    choose(s, "Greek 1 Army")
    assert s.data["units"]["gr_1"]["steps"] == 1


def test_15_38_successful_improvements() -> None:
    s = start("15.38", "western", "1939")
    choose(s, "Flip France")
    assert s.data["war_economy"]["France"] == 2
    s = start("15.38", "axis", "1940")  # Italy already in play
    assert not any("Italy" in x for x in labels(s))


def test_15_40_volkssturm_as_printed() -> None:
    """15.40: "The Axis faction may immediately receive one German 0-2-2 VG infantry unit
    and place it as a replacement." The rule is printed (the source's last line), so
    neither the prompt nor the content calls it reconstructed; the Soviet faction rolling
    it still gives the Axis the choice."""
    s = start("15.40", "soviet", "1939")
    asked = prompt(s)
    assert asked is not None and asked.role == "axis" and "reconstructed" not in asked.text
    assert "0-2-2 VG infantry" in asked.text
    choose(s, "Receive")
    assert s.data["units"]["vg1"]["loc"] == "Replacement"
    ev = next(e for e in s.game.content_json()["events"] if e["number"] == "15.40")
    assert "reconstructed" not in ev and "note" not in ev


# 15.31 / 15.37 --------------------------------------------------------------------------------
def test_15_31_faction_restrictions() -> None:
    s = start("15.31", "western", "1939")
    assert "Eastern Peace Talks" not in labels(s) and "War with Russia" not in labels(s)
    s = start("15.31", "soviet", "1939")
    assert "Western Peace Talks" not in labels(s) and "War with the West" not in labels(s)
    s = start("15.31", "axis", "1939")
    assert "War with Russia" not in labels(s)  # only the Ostland Accord there
    s = start("15.31", "soviet", "1937")
    choose(s, "Aid to Civil War")
    choose(s, "Civil War Victory")
    assert s.active == "soviet"


def test_15_31_peace_talks_and_military_failure() -> None:
    s = start("15.31", "axis", "1937")
    choose(s, "Western Peace Talks")
    choose(s, "Increase the Truce in Britain")
    assert s.data["boxes"]["Britain"]["truce"] == 2
    assert s.data["boxes"]["US"]["negotiation"] is False  # it holds a Policy
    s = start("15.31", "soviet", "1939")
    choose(s, "Military Failure")
    choose(s, "Axis suffers Failure (Command)")
    assert s.active == "axis"


def test_15_37_successful_challenge() -> None:
    s = start("15.37", "western", "1939", challenge="France")
    choose(s, "End a Policy")
    choose(s, "Guarantees")
    assert s.data["boxes"]["Britain"]["policy"] is None  # shared with Britain
    s = start("15.37", "soviet", "1939", challenge="Russia")
    assert not any("End a Policy" in x for x in labels(s))  # Ostland Accord
    s = start("15.37", "axis", "1939")
    assert done(s) == "no_result"


def test_illegal_action_leaves_state_untouched() -> None:
    s = start("15.31", "western", "1939")
    before = s.dumps()
    with pytest.raises(IllegalActionError):
        apply(s, "opt:eastern_peace_talks")
    assert s.dumps() == before


def test_15_19_why_names_the_condition_an_option_fails() -> None:
    """why of an Influence option not offered names what 15.19 requires and what fails (an
    outside audit: it said only which options the rule offers)."""
    from warroom.core.protocol import explain

    s = start("15.19", "western", "1939", country="Hungary")     # an Axis Influence marker
    assert "Remove the Axis Influence marker from Hungary" in labels(s)
    why = explain(s, "opt:activate", "western")
    assert not why.legal and "needs a Western Influence marker in Hungary" in why.reason
    why = explain(s, "opt:place_influence", "western")
    assert "Hungary already holds an Axis Influence marker" in why.reason
    assert "15.19" in why.rules


def test_15_1_and_15_35_why_name_the_condition_an_option_fails() -> None:
    from warroom.core.protocol import explain

    s = start("15.1", "western", "1937")
    why = explain(s, "opt:partisan_base", "western")
    assert not why.legal and "only if Pre-War is not in effect" in why.reason
    s = start("15.35", "western", "1939")
    why = explain(s, "opt:flip_support", "western")
    assert not why.legal and "no Republican Support marker is in play" in why.reason


# a multi-national unit's own step ------------------------------------------------------------
def test_a_step_of_a_multinational_unit_is_a_real_step() -> None:
    """Its steps count its Holding Box's: a step taken off the counter itself left it on
    the map with only its Hungarian unit's step, and steps_lost counted a step no counter
    lost (an audit). Chosen itself, it loses its own step (4.2.6.2): its last one removes
    the counter and leaves the Hungarian unit in the hex; only a step in its Holding Box
    makes it break down (15.36, 2.3.4), as the Hungarian chosen does (15.1's example).
    15.8 ("you do not get to perform breakdown first") takes the HQ's own step the same
    way, and the Hungarian unit is then the second step."""
    s = start("15.29", "axis", "1940")
    choose(s, "Eliminate one step")
    choose(s, "Axis Med HQ [2 steps] in Benghazi")
    units = s.data["units"]
    assert units["ax_med"]["loc"] == "Eliminated" and units["ax_med"]["holding"] == []
    assert units["hu_1"]["loc"] == "Benghazi" and units["hu_1"]["steps"] == 1
    assert s.data["steps_lost"] == 1
    s = start("15.29", "axis", "1940")
    choose(s, "Eliminate one step")
    choose(s, "Hungarian 1-step infantry [1 step] in the Holding Box")
    units = s.data["units"]
    assert units["hu_1"]["loc"] == "Eliminated" and units["ax_med"]["loc"] == "Delay Box"
    assert s.data["steps_lost"] == 1
    assert "place a 1-step German infantry-type unit in Benghazi" in logtext(s)
    sit = situation("1940")
    sit["units"] = [u for u in sit["units"] if u["id"] not in ("ge_pz1", "ge_pz2")]
    s = start("15.8", "axis", sit=sit)
    choose(s, "Eliminate two")
    choose(s, "Axis Med HQ [2 steps] in Benghazi")
    units = s.data["units"]
    assert units["ax_med"]["loc"] == "Eliminated" and units["ax_med"]["holding"] == []
    assert units["hu_1"]["loc"] == "Benghazi" and units["hu_1"]["steps"] == 1
    choose(s, "Hungarian 1-step infantry")
    assert units["hu_1"]["loc"] == "Eliminated" and s.data["steps_lost"] == 2


def test_a_multinational_unit_with_no_step_of_its_own_loses_a_held_one() -> None:
    """A situation whose HQ holds all of its steps: 15.8 takes the held unit's, and the
    empty counter goes too (it stayed on the map with 0 steps: a review)."""
    sit = situation("1940")
    sit["units"] = [u for u in sit["units"] if u["id"] not in ("ge_pz1", "ge_pz2")]
    for u in sit["units"]:
        if u["id"] == "ax_med":
            u["steps"] = 1
    s = start("15.8", "axis", sit=sit)
    choose(s, "Eliminate two")
    choose(s, "Axis Med HQ [1 step] in Benghazi")
    units = s.data["units"]
    assert units["hu_1"]["loc"] == "Eliminated" and units["ax_med"]["loc"] == "Eliminated"
    assert s.data["steps_lost"] == 1


def test_words_a_tk_audit_found_wanting() -> None:
    """Turkey's capital by its name ("place a Mobilizing marker in e2412"); "an Axis Ceded
    Land marker" ("a Axis"); 15.1's "a step before a marker" only where a marker is there
    too (it was said of Benghazi, which has none)."""
    s = start("15.2", "soviet", "1939", country="Bulgaria")
    choose(s, "Turkey")
    assert "place a Mobilizing marker in Ankara (e2412)" in logtext(s)
    s = start("15.3", "axis", "1939", land="ru_eastern_poland")
    assert "Eastern Poland is not an Axis Ceded Land marker" in logtext(s)
    s = start("15.1", "western", "1940")
    choose(s, "Select")
    choose(s, "Benghazi")
    assert "A step must be eliminated before a marker is removed" not in logtext(s)


def test_what_a_second_tk_audit_of_rule_15_found() -> None:
    """15.28's Influence placed beside a Neutrality marker; 15.8's HQ took its Holding
    Box's unit to the Delay Box; 15.12 and 15.17 ignored the land given and 15.24 took a
    land of another country; a random draw gave Axis events to Allied factions; an
    optional step declined after 15.14's marker was placed was logged "No Result"."""
    # 15.28 Neutrality Discussions: 15.19's condition for placing Influence
    s = start("15.28", "axis", "1939")
    choose(s, "Neutrality Discussions")
    places = [x for x in labels(s) if x.startswith("Place")]
    assert "Place an Axis Influence marker in Poland" in places
    assert not any(x.endswith(("Sweden", "Belgium", "Rumania")) for x in places)
    # 15.8: the HQ goes to the Delay Box, the Hungarian unit it held stays in Benghazi
    s = start("15.8", "axis", "1940")
    choose(s, "HQ")
    choose(s, "Axis Med")
    hu = s.data["units"]["hu_1"]
    assert (hu["loc"], hu["holder"]) == ("Benghazi", None)
    assert any("out of the Holding Box of Axis Med HQ and place it in Benghazi" in t
               for t in s.data["instructions"])
    # the land demanded: used where given, refused where it is not that country's
    with pytest.raises(UnknownGameError, match="Memel is the Axis faction's, from Baltic "
                       "States\\. Give Danzig, or no land"):
        start("15.12", "axis", "1939", country="Poland", land="ge_memel")
    with pytest.raises(UnknownGameError, match="Eastern Poland is the Soviet faction's"):
        start("15.24", "axis", "1939", country="Poland", land="ru_eastern_poland")
    s = start("15.17", "axis", "1939", land="ge_danzig")      # the land names the country
    assert s.data["event"]["country"] == "Poland"
    while s.active is not None:
        apply(s, legal_actions(s)[-1])
    assert s.data["ceded"]["ge_danzig"] == "Delay Box"
    # a random draw gives 15.12, 15.17, 15.22-15.24 and 15.32 to the Axis
    for num in ("15.12", "15.17", "15.22", "15.23", "15.24", "15.32"):
        for seed in range(4):
            st = new_game(game(), "1939", seed, {"event": num})
            assert st.data["event"]["faction"] == "axis", (num, seed)
    # 15.14: the marker is placed, the unit declined: not "No Result"
    s = start("15.14", "western", "1940", type="command")
    choose(s, "Warsaw")
    choose(s, "Do nothing")
    assert "No unit is moved to the Delay Box [15.14]" in logtext(s)
    assert "No Result" not in logtext(s)


def test_15_8_says_which_actions_cannot_be_taken() -> None:
    """A browser audit: "select action 1 of 2" with one button, the other two actions left
    out unsaid. The prompt names each that cannot be taken, and why."""
    s = start("15.8", "western", "1937")
    assert prompt(s).text == (
        "Coup Attempt: select action 1 of 2 (each once; not possible now: a support unit to "
        "the Delay Box (none in the Force Pool); an HQ to the Delay Box (no friendly HQ on "
        "the map))")
    assert len(labels(s)) == 1
    assert prompt(start("15.8", "axis", "1940")).text == \
        "Coup Attempt: select action 1 of 2 (each once)"


@pytest.mark.parametrize("num", ["15.12", "15.17", "15.24"])
def test_a_resisting_country_drawn_for_an_allied_receiver_cedes_axis_land(num: str) -> None:
    """15.12, 15.17 and 15.24 perform 15.3 as the Axis: a country drawn with no --country
    is one the Axis holds a Ceded Land marker for, whoever received the event (it was drawn
    among the receiver's, and 15.3 then found no Axis marker: a second rules audit)."""
    g = game()
    axis_lands = {d.land for d in g.c.ceded.values() if d.faction == "axis"}
    for seed in range(8):
        s = new_game(g, "1940", seed, {"event": num, "faction": "western"})
        said = s.log[0]["text"]
        assert ", land " in said and said.rsplit(", land ", 1)[1] in axis_lands, (seed, said)
