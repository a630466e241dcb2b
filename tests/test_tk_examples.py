"""Every worked example of rule 15, replayed exactly."""

from __future__ import annotations

from test_tk_helpers import choose, country, done, labels, logtext, situation, start


def test_allies_support_resistance_med_hq() -> None:
    """15.1 example: the Western faction selects the hex of the two-step Axis Med HQ; the Axis
    eliminates the Minor Country unit in its Holding Box: breakdown, a one-step German
    infantry-type unit in the hex, the HQ to the Delay Box."""
    s = start("15.1", "western", "1940")
    choose(s, "Select a hex", "western")
    assert any("Benghazi" in x for x in labels(s))
    choose(s, "Benghazi", "western")
    assert s.active == "axis"
    assert labels(s) == ["Hungarian 1-step infantry [1 step] in the Holding Box of Axis Med HQ"]
    choose(s, "Hungarian", "axis")
    assert done(s) == "resolved"
    units = s.data["units"]
    assert units["hu_1"]["loc"] == "Eliminated"
    assert units["ax_med"]["loc"] == "Delay Box" and units["ax_med"]["holding"] == []
    new = [u for u in units.values() if u["loc"] == "Benghazi"]
    assert [(u["nationality"], u["type"], u["steps"]) for u in new] == [("German", "infantry", 1)]
    assert "[15.1, 2.3.4]" in logtext(s)


def test_ceded_land_demand_eastern_poland() -> None:
    """15.3 example: Soviet Demand Eastern Poland, Poland neutral: the marker goes to the
    Ceded Lands Box and an Axis Influence marker into Poland."""
    s = start("15.3", "soviet", "1939", land="ru_eastern_poland")
    choose(s, "Do not place", "soviet")
    assert done(s) == "resolved"
    assert s.data["ceded"]["ru_eastern_poland"] == "Ceded Lands Box"
    assert country(s, "Poland")["markers"] == ["influence:axis"]


def test_ceded_land_poland_already_axis_or_not_neutral() -> None:
    """...If Poland was not Neutral, or already had an Axis marker, no Influence marker."""
    sit = situation("1939")
    sit["countries"]["Poland"] = {"markers": ["influence:axis"]}
    s = start("15.3", "soviet", sit=sit, land="ru_eastern_poland")
    choose(s, "Do not place")
    assert country(s, "Poland")["markers"] == ["influence:axis"]
    sit = situation("1939")
    sit["countries"]["Poland"] = {"status": "western"}
    s = start("15.3", "soviet", sit=sit, land="ru_eastern_poland")
    choose(s, "Do not place")
    assert country(s, "Poland")["markers"] == []
    assert "not a Neutral Country" in logtext(s)


def test_country_joins_axis_yugoslavia_with_western_influence() -> None:
    """15.6 example: Yugoslavia has a Western Influence marker: not activated, the marker is
    removed."""
    s = start("15.6", "axis", "1939", country="Yugoslavia")
    assert done(s) == "resolved"
    assert country(s, "Yugoslavia")["status"] == "neutral"
    assert country(s, "Yugoslavia")["markers"] == []
    # a second hit activates it
    sit = situation("1939")
    sit["countries"]["Yugoslavia"] = {"markers": []}
    s = start("15.6", "axis", sit=sit, country="Yugoslavia")
    assert country(s, "Yugoslavia")["status"] == "axis"


def test_country_resists_winter_war() -> None:
    """15.7 example: Russia's Posture is Pact, Demand Finnish Frontier, Country Resists: the
    Soviet faction eliminates two infantry steps (the Winter War)."""
    s = start("15.7", "soviet", "1939", country="Finland")
    choose(s, "Two Russian infantry steps", "soviet")
    choose(s, "Russian 7 Army", "soviet")
    choose(s, "Russian 7 Army", "soviet")
    assert done(s) == "resolved"
    assert s.data["units"]["ru_7a"]["loc"] == "Eliminated"
    assert s.data["steps_lost"] == 2
    assert country(s, "Finland")["status"] == "neutral"
    assert "Russia is a PAC (Pact)" in logtext(s)


def test_influence_rumania_limited_war() -> None:
    """15.19 example: Limited War, Rumania with a Soviet Influence marker: the Soviet faction
    can activate it; the Axis or Western faction can only remove the marker or do nothing."""
    sit = situation("1940")
    sit["countries"]["Rumania"] = {"markers": ["influence:soviet"]}
    s = start("15.19", "soviet", sit=sit, country="Rumania")
    choose(s, "Activate Rumania", "soviet")
    assert country(s, "Rumania")["status"] == "soviet"
    for f in ("axis", "western"):
        s = start("15.19", f, sit=sit, country="Rumania")
        assert labels(s) == ["Remove the Soviet Influence marker from Rumania",
                             "Do nothing (No Result)"]
        choose(s, "Do nothing")
        assert done(s) == "no_result"


def test_gradual_decline_munich_hungary() -> None:
    """15.17 example (Munich): Influence to Hungary, the Sudetenland marker in the Delay Box,
    Czechoslovakia an Allied country without Mobilization Roll; its Policy stays; Pre-War."""
    sit = situation("1937")
    sit["countries"]["Hungary"] = {"markers": []}
    s = start("15.17", "axis", sit=sit, country="Czechoslovakia")
    assert "Hungary" in labels(s)
    choose(s, "Hungary", "axis")
    choose(s, "Place an Axis Influence marker in Hungary", "axis")
    assert done(s) == "resolved"
    assert country(s, "Hungary")["markers"] == ["influence:axis"]
    assert s.data["ceded"]["ge_sudetenland"] == "Delay Box"
    assert country(s, "Czechoslovakia")["status"] == "western"
    assert country(s, "Czechoslovakia")["policy"] == "entente"
    assert s.data["war"] == "pre_war"
    assert "without a Mobilization Roll" in logtext(s)


def test_minor_country_created_ukraine() -> None:
    """15.25 example: the Ukraine German Dependent marker is removed when an Axis Ukraine is
    created; the Uk colonial unit leaves the game."""
    sit = situation("1940")
    sit["countries"]["Ukraine"] = {"status": "dependent", "conquered_by": "axis"}
    sit["ceded"]["ge_ukraine"] = "Ceded Lands Box"
    s = start("15.25", "axis", sit=sit)
    assert "Ukraine" in labels(s)
    choose(s, "Ukraine", "axis")
    assert done(s) == "resolved"
    assert country(s, "Ukraine")["status"] == "axis"
    assert s.data["ceded"]["ge_ukraine"] == "Removed"
    assert s.data["units"]["ge_uk"]["loc"] == "Removed"
    assert "Kiev becomes Ukraine's Capital" in logtext(s)


def test_minor_country_created_needs_axis_control() -> None:
    sit = situation("1940")
    sit["countries"]["Ukraine"] = {"status": "dependent", "conquered_by": "axis"}
    sit["control"]["Odessa"] = "soviet"
    s = start("15.25", "axis", sit=sit)
    assert "Ukraine" not in labels(s)


def test_pacific_commitment_ae_force_h_and_loc_damaged() -> None:
    """15.30.2 example: Force H from the TK Force Pool to the DS Delay Box; not while the
    British LOC Damaged marker is in the DS Strategic Warfare Box."""
    s = start("15.30", "western", "1940", variant="ae")
    choose(s, "Force H", "western")
    assert done(s) == "resolved"
    assert s.data["units"]["br_forceh"]["loc"] == "DS Delay Box"
    sit = situation("1940")
    sit["loc_damaged"] = ["Britain"]
    s = start("15.30", "western", sit=sit, variant="ae")
    assert not any("Force H" in x for x in labels(s))
    assert any("US Atlantic Fleet" in x for x in labels(s))
    assert "LOC Damaged" in logtext(s)


def test_political_option_britain_and_france_share_a_policy() -> None:
    """15.31: ending the Policy Britain shares with France removes it from both boxes."""
    s = start("15.31", "axis", "1939")
    choose(s, "War with the West", "axis")
    choose(s, "Guarantees", "axis")
    assert done(s) == "resolved"
    assert s.data["boxes"]["Britain"]["policy"] is None
    assert s.data["boxes"]["France"]["policy"] is None
    assert all(country(s, c)["policy"] is None for c in ("Poland", "Rumania", "Greece"))
    assert "guarantees" not in s.data["policies"]


def test_atomic_devastation_countermix_limit() -> None:
    """15.36: the countermix limits A-bombs: three markers, no more."""
    sit = situation("1940")
    sit["markers"].append({"type": "atomic_devastation", "owner": "axis", "loc": "Paris",
                           "count": 3})
    s = start("15.33", "axis", sit=sit)
    assert done(s) == "no_result"
    assert "countermix 3" in logtext(s)
    sit["cards_played"] = [44, 45]
    s = start("15.36", "axis", sit=sit)
    choose(s, "Production Directive", "axis")
    assert labels(s) == ["Card 45 Helicopter"]
    # with two left, the third goes on the map and the fourth is refused
    sit = situation("1940")
    sit["markers"].append({"type": "atomic_devastation", "owner": "axis", "loc": "Paris",
                           "count": 2})
    sit["units"].append({"id": "ru_x", "name": "Russian 3 Army", "owner": "soviet",
                         "nationality": "Russian", "type": "infantry", "steps": 2,
                         "loc": "Warsaw"})
    s = start("15.33", "axis", sit=sit)
    choose(s, "Warsaw", "axis")
    choose(s, "Russian 3 Army", "axis")
    assert done(s) == "resolved"
    assert s.data["units"]["ru_x"]["loc"] == "Force Pool"  # no Delay Stripe
    placed = [m for m in s.data["markers"] if m["type"] == "atomic_devastation"]
    assert len(placed) == 3 and all(m["loc"] != "Unused" for m in placed)


def test_ceded_country_that_no_longer_exists() -> None:
    """15.3/15.26: a country that no longer exists after being ceded gets no Influence; a
    roll naming it (Austria after the Anschluss) is No Result."""
    s = start("15.3", "axis", "1937", land="ge_austria")
    choose(s, "Do not place")
    assert done(s) == "resolved"
    assert country(s, "Austria")["status"] == "removed"
    assert country(s, "Austria")["markers"] == []
    assert "Austria no longer exists: no Influence marker" in logtext(s)
    s = start("15.26", "axis", "1939", dice=[1])
    choose(s, "Central", "axis")
    assert done(s) == "no_result"
    assert "Austria does not exist any more" in logtext(s)
