"""A choice says what it does (a tk audit: "a player must be able to know, from the prompt
and the choice labels alone, what happens, as far as rule 15 says"). Each test reads the
consequence a label gives, then chooses it and checks that the state does exactly that; the
label's name (before the colon) is what the log writes."""

from __future__ import annotations

import random
import re
from typing import Any

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
from warroom.core.protocol import State, apply, explain, legal_actions, new_game, prompt

FACTION = {"Axis": "axis", "Western": "western", "Soviet": "soviet"}


def label_of(state: State[Any], name: str) -> str:
    """The one label whose name is ``name``."""
    found = [lab for lab, n in zip(labels(state), names(state), strict=True) if n == name]
    assert len(found) == 1, (name, labels(state))
    return found[0]


def asked(state: State[Any]) -> str:
    """The text of the decision pending."""
    p = prompt(state)
    assert p is not None
    return p.text


# 15.28 Neutrals Pressured (audit item 1) -------------------------------------------------------

def test_15_28_vichy_fleet_options_say_where_the_fleet_goes() -> None:
    s = start("15.28", "western", "1940")
    assert label_of(s, "Vichy Fleet Activated") == (
        "Vichy Fleet Activated: the French Surface Fleet goes to the Delay Box, and from there "
        "to the Axis Force Pool")
    assert label_of(s, "Vichy Fleet Attacked") == (
        "Vichy Fleet Attacked: the French Surface Fleet is removed from the game")
    choose(s, "Vichy Fleet Activated")
    fleet = s.data["units"]["fr_fleet"]
    assert fleet["loc"] == "Delay Box" and fleet["owner_on_return"] == "axis"
    assert s.data["french_fleet"] == "axis"
    # the log names the choice; the lines after it say what it did
    assert "Western chooses: Vichy Fleet Activated [15.28]" in logtext(s)
    s = start("15.28", "western", "1940")
    choose(s, "Vichy Fleet Attacked")
    assert s.data["units"]["fr_fleet"]["loc"] == "Removed"


def test_15_28_reassess_policies_says_a_truce_replaces_the_policy() -> None:
    s = start("15.28", "western", "1940")
    assert "a Reassess Policy Truce marker replaces it" in label_of(s, "Reassess Policies")
    choose(s, "Reassess Policies")
    text = next(x for x in labels(s) if x.startswith("Britain:"))
    pid = s.data["boxes"]["Britain"]["policy"]
    pol = s.data["policies"][pid]
    assert text.startswith(f"Britain: end the {pol['name']} Policy")
    assert "Reassess Policy Truce marker" in text
    also = [b for b in pol["boxes"] if b != "Britain" and s.data["boxes"][b]["policy"] == pid]
    assert all(b in text for b in also)
    choose(s, "Britain:")
    for b in ["Britain", *also]:
        box = s.data["boxes"][b]
        assert box["policy"] is None and box["truce_name"] == "Reassess Policy"
        assert box["truce"] == 1


def test_15_28_stronghold_lost_says_which_markers_leave() -> None:
    sit = situation("1939")
    sit["countries"]["Greece"] = {"markers": ["stronghold:republican"]}
    sit["republican_support"] = {"faction": "western", "country": "Greece"}
    s = start("15.28", "axis", sit=sit)
    assert "Republican Support marker" in label_of(s, "Stronghold Lost")
    choose(s, "Stronghold Lost")
    assert labels(s) == ["Greece: its Republican Stronghold marker and the Republican Support "
                         "marker leave the game"]
    choose(s, "Greece")
    assert country(s, "Greece")["markers"] == [] and s.data["republican_support"] is None
    # the Republican Support marker elsewhere stays, and the label does not name it
    sit["republican_support"] = {"faction": "western", "country": "Spain"}
    s = start("15.28", "axis", sit=sit)
    choose(s, "Stronghold Lost")
    assert labels(s) == ["Greece: its Republican Stronghold marker leaves the game"]
    choose(s, "Greece")
    assert s.data["republican_support"] is not None


def test_wider_involvement_says_the_free_passage_marker_is_removed() -> None:
    sit = situation("1940")
    sit["countries"]["Hungary"] = {"status": "axis", "markers": ["free_passage"]}
    for event in ("15.28", "15.31"):
        s = start(event, "axis", sit=sit)
        assert label_of(s, "Wider Involvement") == (
            "Wider Involvement: remove the Free Passage marker from a friendly Minor Country")
        choose(s, "Wider Involvement")
        assert labels(s) == ["Hungary: its Free Passage marker is removed"]
        choose(s, "Hungary")
        assert country(s, "Hungary")["markers"] == []


def test_15_28_neutrality_discussions_names_the_faction_marker() -> None:
    s = start("15.28", "western", "1940")
    assert "a Western Influence marker" in label_of(s, "Neutrality Discussions")
    s = start("15.28", "axis", "1939")
    assert "an Axis Influence marker" in label_of(s, "Neutrality Discussions")


# 15.31 Military Failure and 15.14 (audit item 2) ---------------------------------------------

def test_military_failure_says_who_places_the_marker_and_what_may_be_delayed() -> None:
    s = start("15.31", "western", "1939")
    choose(s, "Military Failure")
    assert label_of(s, "Soviet suffers Failure (Supply)") == (
        "Soviet suffers Failure (Supply): the Axis places it, may delay one Soviet support "
        "unit")
    choose(s, "Soviet suffers Failure (Supply)")
    assert s.active == "axis"
    assert asked(s).startswith("Place the Soviet Failure (Supply) marker")
    choose(s, "Moscow")
    assert s.active == "axis" and "Soviet support unit" in asked(s)
    # the Axis as victim: the Axis picks the Allied faction, which places it and may delay
    s = start("15.31", "western", "1939")
    choose(s, "Military Failure")
    assert "an Allied faction the Axis picks places it, may delay one Axis support unit" in \
        label_of(s, "Axis suffers Failure (Command)")
    choose(s, "Axis suffers Failure (Command)")
    assert s.active == "axis"
    text = asked(s)
    assert "places the Axis Failure (Command) marker" in text and "Axis support unit" in text
    assert label_of(s, "Soviet") == "Soviet: places the marker, may delay one Axis support unit"
    choose(s, "Soviet")
    assert s.active == "soviet"
    choose(s, "Berlin")
    assert s.active == "soviet" and "Axis support unit" in asked(s)


# Civil War conversions (audit item 3) ---------------------------------------------------------

def _flip(text: str) -> tuple[str, str] | None:
    """(flipping faction, side flipped) from a label's "the Axis flips a Republican ..." or
    "the Soviet faction flips a Nationalist ..."; None for "No Result"."""
    m = re.search(r"the (Axis|Western|Soviet)(?: faction)? flips a (Republican|Nationalist) "
                  r"Center or Stronghold", text)
    return (FACTION[m.group(1)], m.group(2)) if m else None


def _check_flip(s: State[Any], text: str) -> None:
    """The state asks the faction the label names to flip a marker of the side it names."""
    who, side = _flip(text) or ("", "")
    assert s.active == who, (text, s.active)
    assert labels(s) and all(x.startswith(side) for x in labels(s)), labels(s)


@pytest.mark.parametrize("faction", ["axis", "western", "soviet"])
@pytest.mark.parametrize("support", ["western", "soviet"])
def test_aid_to_civil_war_says_who_flips_which_side(faction: str, support: str) -> None:
    sit = situation("1937")
    sit["republican_support"] = {"faction": support, "country": "Spain"}
    for event in ("Civil War Defeat (15.4)", "Civil War Victory (15.5)"):
        s = start("15.31", faction, sit=sit)
        choose(s, "Aid to Civil War")
        assert f"now {support.capitalize()}" in asked(s)
        text = label_of(s, event)
        # 15.4/15.5: relative to the faction that rolled; Republicans flip by the support
        roller = "Nationalist" if faction == "axis" else "Republican"
        gains = roller if "Victory" in event else ({"Nationalist", "Republican"} - {roller}).pop()
        flipper = "axis" if gains == "Nationalist" else support
        assert _flip(text) == (flipper, ({"Nationalist", "Republican"} - {gains}).pop()), text
        choose(s, event)
        _check_flip(s, text)


def test_15_29_defeat_without_a_civil_war_is_said_to_be_no_result() -> None:
    s = start("15.29", "axis", "1939")
    text = label_of(s, "Turn this event into Civil War Defeat (15.4)")
    assert text.endswith(": No Result, as no Civil War is in effect")
    choose(s, "Civil War Defeat")
    assert done(s) == "no_result" and s.data["steps_lost"] == 0
    s = start("15.29", "axis", "1937")
    text = label_of(s, "Turn this event into Civil War Defeat (15.4)")
    assert _flip(text) == ("soviet", "Nationalist")    # the Soviet on Republican Support
    choose(s, "Civil War Defeat")
    _check_flip(s, text)


def test_15_35_says_who_flips_and_what_the_support_marker_becomes() -> None:
    s = start("15.35", "western", "1937")
    text = label_of(s, "Treat this event as Civil War Defeat (15.4)")
    assert _flip(text) == ("axis", "Republican")
    assert label_of(s, "Flip the Republican Support marker") == (
        "Flip the Republican Support marker: it names the Western faction instead of the "
        "Soviet")
    choose(s, "Flip the Republican Support")
    assert s.data["republican_support"]["faction"] == "western"
    s = start("15.35", "axis", "1937")
    text = label_of(s, "Treat this event as Civil War Victory (15.5)")
    choose(s, "Civil War Victory")
    _check_flip(s, text)


def test_15_39_says_who_flips_after_the_step() -> None:
    s = start("15.39", "western", "1937")
    text = label_of(s, "Eliminate a friendly ground step, then Civil War Victory (15.5)")
    assert _flip(text) == ("soviet", "Nationalist")
    choose(s, "then Civil War Victory")
    choose(s, labels(s)[0])
    _check_flip(s, text)
    s = start("15.39", "axis", "1939")
    assert label_of(s, "Eliminate a friendly ground step, then Civil War Victory (15.5)") \
        .endswith("No Result, as no Civil War is in effect")


def test_the_last_flip_is_said_to_end_the_civil_war() -> None:
    sit = situation("1937")
    assert sit["civil_war"] is not None
    sit["civil_war"]["markers"] = [m for m in sit["civil_war"]["markers"]
                                   if m["side"] == "republican" or m["type"] == "stronghold"]
    s = start("15.35", "axis", sit=sit)
    text = label_of(s, "Treat this event as Civil War Victory (15.5)")
    assert _flip(text) == ("axis", "Republican") and "the Civil War ends" not in text
    s = start("15.29", "axis", sit=sit)       # Republicans gain: one Nationalist marker left
    text = label_of(s, "Turn this event into Civil War Defeat (15.4)")
    assert text.endswith("(the last one: the Civil War ends)")
    choose(s, "Civil War Defeat")
    choose(s, "Nationalist Stronghold")
    assert s.data["civil_war"] is None


# table rolls (audit item 4) ----------------------------------------------------------------------

def _faces(text: str) -> dict[int, str]:
    """Die face -> result from a label's "1-2 Hungary, 3 Rumania, ..."."""
    out: dict[int, str] = {}
    for part in text.split(", "):
        m = re.fullmatch(r"(\d)(?:-(\d))? (.+)", part)
        assert m, (part, text)
        for d in range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1):
            out[d] = m.group(3)
    assert sorted(out) == [1, 2, 3, 4, 5, 6], text
    return out


@pytest.mark.parametrize("scenario", ["1939", "1940"])
def test_area_table_labels_give_what_each_face_rolls(scenario: str) -> None:
    s = start("15.26", "western", scenario)
    text = asked(s)
    assert "Diplomatic Incident Table" in text and "Axis ground unit" in text
    tables = [t.name for t in game().c.tables.area_tables]
    assert names(s) == [f"Area Table: {t}" for t in tables]
    for t in tables:
        faces = _faces(label_of(s, f"Area Table: {t}").split(": ", 2)[2])
        for d in range(1, 7):
            r = start("15.26", "western", scenario, dice=[d, 1])
            choose(r, f"Area Table: {t}:")
            # the Country the roll hands on (France/Vichy: the one in play, 15.26)
            rolled = [e["result"] for e in r.log if e.get("table") == f"Area Table: {t}"
                      and "result" in e]
            assert rolled == [faces[d]], (t, d)


def test_diplomatic_incident_label_gives_each_event() -> None:
    table = game().c.tables.diplomatic_incident
    for d in range(1, 7):
        s = start("15.26", "western", "1939", dice=[3, d])   # Balkan 3: Bulgaria, Neutral
        choose(s, "Balkan")
        assert "Bulgaria, received by the Axis" in asked(s)
        text = label_of(s, "Roll on the Diplomatic Incident Table")
        event = _faces(text.split(": ", 1)[1])[d]
        choose(s, "Diplomatic Incident")
        row = next(r for r in table.rows if d in r.roll)
        assert event == game().rules[row.result].split(":")[0]  # the event's name
        assert any(e["rule"] == "15.26" and e["text"] == f"Diplomatic Incident Table: {row.text}"
                   for e in s.log)


@pytest.mark.parametrize(("event", "faction"), [("15.1", "western"), ("15.1", "axis"),
                                                 ("15.18", "western")])
def test_civil_war_table_label_gives_each_face_with_the_drm(event: str, faction: str) -> None:
    for d in range(1, 7):
        dice = [1, d] if event == "15.1" and faction == "axis" else [d]   # 15.1: who applies
        s = start(event, faction, "1937", dice=dice)
        text = label_of(s, "Roll on the Civil War Table")
        # the die's faces, said so, the DRM counted (the log then gives the modified total)
        assert text.split(": ", 1)[1].startswith("die 1")
        assert ("(the Allied DRM -1 counted)" if event == "15.1"
                else "(the Axis DRM +1 counted)") in text
        faces = _faces(re.sub(r" \(the \w+ DRM [+-]\d counted\)$", "",
                              text.split(": ", 1)[1].removeprefix("die ")))
        choose(s, "Civil War Table")
        said = [e["text"] for e in s.log if e["text"].startswith("Civil War Table: ")]
        assert said and said[-1].removeprefix("Civil War Table: ").startswith(faces[d]), d


def test_the_area_table_at_the_end_of_a_civil_war_says_what_follows() -> None:
    sit = situation("1937")
    sit["civil_war"]["markers"] = [m for m in sit["civil_war"]["markers"]
                                   if m["side"] == "nationalist" or m["type"] == "stronghold"]
    s = start("15.5", "axis", sit=sit)
    choose(s, "Republican Stronghold")
    text = asked(s)
    assert "Civil War is over" in text and "Influence (15.19)" in text
    assert all(x.startswith("Area Table: ") and "1 " in x for x in labels(s)[:-1])


# 15.16 (audit item 5) ---------------------------------------------------------------------------

def test_15_16_baltic_regions_say_what_leaves_play() -> None:
    s = start("15.16", "soviet", "1939", country="Baltic States")
    assert label_of(s, "Baltic States") == (
        "Baltic States: all of Baltic States is ceded to Russia and leaves play (13.8.1.1)")
    assert label_of(s, "Northern Baltics") == (
        "Northern Baltics: Baltic States stays in play (one Region ceded); it gets an Axis "
        "Influence marker")
    choose(s, "Baltic States:")
    assert country(s, "Baltic States")["status"] == "removed"
    s = start("15.16", "soviet", "1939", country="Baltic States")
    choose(s, "Northern Baltics")
    assert country(s, "Baltic States")["status"] == "neutral"
    assert country(s, "Baltic States")["markers"] == ["influence:axis"]
    sit = situation("1939")
    sit["countries"]["Baltic States"] = {"markers": ["neutrality"]}
    s = start("15.16", "soviet", sit=sit, country="Baltic States")
    assert label_of(s, "Northern Baltics").endswith("its Neutrality marker is removed")
    choose(s, "Northern Baltics")
    assert country(s, "Baltic States")["markers"] == []


# activation by 13.5 (audit item 6) ---------------------------------------------------------------

def _activations(s: State[Any]) -> dict[str, str]:
    """Country -> the faction its label says it joins ("Bulgaria: becomes a Soviet ...")."""
    out = {}
    for text in labels(s):
        m = re.fullmatch(r"(.+?): becomes an? (Axis|Western|Soviet) Country.*", text)
        assert m, text
        out[m.group(1)] = FACTION[m.group(2)]
    return out


@pytest.mark.parametrize(("event", "faction", "scenario", "opts", "menu"), [
    ("15.2", "axis", "1939", {"country": "Rumania"}, None),
    ("15.2", "soviet", "1939", {"country": "Bulgaria"}, None),
    ("15.31", "axis", "1939", {}, "Declare War"),
    ("15.31", "axis", "1940", {}, "Declare War"),
    ("15.31", "western", "1939", {}, "Declare War"),
    ("15.37", "western", "1939", {}, "Declare War"),
])
def test_an_activation_label_names_the_faction_the_country_joins(
        event: str, faction: str, scenario: str, opts: dict[str, Any], menu: str | None) -> None:
    s = start(event, faction, scenario, **opts)
    if menu:
        choose(s, menu)
    said = _activations(s)
    assert said
    if faction == "axis":
        assert "(13.5)" in labels(s)[0] and "13.5 names the Allied faction" in \
            asked(s)
    for c, joins in said.items():
        r = start(event, faction, scenario, **opts)
        if menu:
            choose(r, menu)
        text = label_of(r, c)
        ends = "Policy ends" in text
        choose(r, f"{c}:")
        assert country(r, c)["status"] == joins, (c, text)
        assert (f"{c} is a PAC: its Policy ends" in logtext(r)) == ends, c


def test_15_2_label_example_of_the_audit() -> None:
    s = start("15.2", "axis", "1939", country="Rumania")
    assert "Bulgaria: becomes a Soviet Country (13.5)" in labels(s)
    s = start("15.31", "axis", "1939")
    choose(s, "Declare War")
    assert label_of(s, "Poland") == ("Poland: becomes a Western Country (13.5); its Guarantees "
                                     "Policy ends (13.6.1.2)")


# Peace Talks (audit item 7) --------------------------------------------------------------------

def test_peace_talks_without_a_truce_say_where_negotiation_markers_go() -> None:
    sit = situation("1939")
    sit["policies"] = [p for p in sit["policies"] if p["id"] != "isolationism"]
    s = start("15.31", "axis", sit=sit)
    assert label_of(s, "Western Peace Talks") == (
        "Western Peace Talks: no Western Truce to change; a Negotiation marker goes in US")
    assert label_of(s, "Eastern Peace Talks").endswith(
        "no Soviet Truce to change; no Posture Box takes a Negotiation marker")
    choose(s, "Western Peace Talks")
    assert done(s) == "resolved"
    assert [b for b, x in s.data["boxes"].items() if x["negotiation"]] == ["US"]


def test_peace_talks_truce_choices_say_where_negotiation_markers_go() -> None:
    s = start("15.31", "axis", "1937")
    assert "move a Western Truce one level, then Negotiation markers" in \
        label_of(s, "Western Peace Talks")
    choose(s, "Western Peace Talks")
    assert "Negotiation markers" in asked(s)
    assert labels(s) == [
        "Increase the Truce in Britain to level 2: no Posture Box takes a Negotiation marker",
        "Reduce the Truce in Britain to nothing (remove it): a Negotiation marker goes in "
        "Britain"]
    choose(s, "Reduce")
    box = s.data["boxes"]["Britain"]
    assert box["truce"] is None and box["negotiation"]
    assert not any(x["negotiation"] for b, x in s.data["boxes"].items() if b != "Britain")


# 15.1 SS units (audit item 8) ------------------------------------------------------------------

def test_15_1_names_ss_units_only_with_the_ss_europa_marker() -> None:
    t = situation("1940")
    t["vp_marker"] = None
    s = start("15.1", "western", sit=t)
    text = label_of(s, "Select a hex")
    assert "SS" not in text and "colonial or Minor Country step" in text
    t["vp_marker"] = "ss_europa"
    s = start("15.1", "western", sit=t)
    assert "colonial, Minor Country or SS step" in label_of(s, "Select a hex")


# borders of Regions (audit item 9) ----------------------------------------------------------

def test_every_region_borders_the_country_it_is_part_of() -> None:
    c = game().c
    regions = [d for d in c.components.countries if d.parent]
    assert regions
    for d in regions:
        assert d.parent in c.borders[d.name] and d.name in c.borders[d.parent], d.name
        assert d.reconstructed


def test_a_region_made_a_country_finds_its_old_country_as_a_neighbour() -> None:
    """The auditor's repro: Croatia, an Axis Country, rolled on 15.26 logged "No Neutral
    Country shares a Border with Croatia" though Yugoslavia is Neutral."""
    t = situation("1940")
    t["countries"]["Croatia"] = {"status": "axis"}
    s = start("15.26", "axis", sit=t, dice=[6])
    choose(s, "Area Table: Central")
    assert "No Neutral Country shares a Border with Croatia" not in logtext(s)
    assert "Yugoslavia" in names(s)
    joins = _activations(s)["Yugoslavia"]
    choose(s, "Yugoslavia")
    assert country(s, "Yugoslavia")["status"] == joins


def test_every_decision_of_random_games_logs_its_choice_by_name() -> None:
    """A label that says what it does is logged by its name alone (the records of earlier
    versions, whose labels were the names, log the same lines); a label with no name is
    logged whole."""
    g = game()
    seen = 0
    for seed in range(60):
        st = new_game(g, None, seed)
        rng = random.Random(seed)
        while st.active is not None:
            top = st.data["stack"][-1]
            act = rng.choice(legal_actions(st))
            choice = next(c for c in top["choices"] if c["key"] == act.key)
            apply(st, act)
            line = next(e["text"] for e in reversed(st.log) if "chooses: " in e["text"])
            name = choice.get("name", choice["label"])
            assert line.endswith(f"chooses: {name}")
            if "name" in choice:
                assert choice["label"].startswith(f"{name}: ")
                seen += 1
    assert seen > 10


def test_why_a_choice_is_legal_says_what_it_does() -> None:
    """``why`` on an offered option names it (the head) and says what its label says it
    does, not the name again (test_why's count of the head still holds)."""
    s = start("15.28", "western", "1940")
    why = explain(s, "opt:vichy_fleet_activated", "western")
    assert why.legal and why.reason.startswith(
        "one of the choices now (the French Surface Fleet goes to the Delay Box, and from "
        "there to the Axis Force Pool)")
    assert "Vichy Fleet Activated" not in why.reason
    s = start("15.2", "axis", "1939", country="Rumania")
    why = explain(s, "country:bulgaria", "axis")
    assert "(becomes a Soviet Country (13.5))" in why.reason


@pytest.mark.parametrize(("event", "faction", "opts", "title"), [
    ("15.37", "western", {}, "Successful Challenge (Britain)"),
    ("15.37", "soviet", {}, "Successful Challenge (Russia)"),
    ("15.37", "western", {"challenge": "France"}, "Successful Challenge (France)"),
    ("15.32", "axis", {"card": 45}, "Production Success (Helicopter)"),
])
def test_an_events_title_names_what_its_card_names(event: str, faction: str,
                                                    opts: dict[str, Any], title: str) -> None:
    """The rulebook's placeholders ("Successful Challenge [Country]", "Production Success
    [Type]") are filled in, in the view's title, the log and the result (the game showed
    the placeholder: a browser audit)."""
    s = start(event, faction, "1940", **opts)
    assert s.game.view(s, None)["event_name"] == title
    assert f"Political Event {event} {title} received by" in logtext(s)
    while legal_actions(s):
        apply(s, legal_actions(s)[-1])
    res = s.game.outcome(s)
    assert res is not None and res.text.startswith(f"{title}: ")
