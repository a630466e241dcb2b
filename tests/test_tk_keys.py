"""Content-named action keys (issue 9 item 6): tk's decisions offer ``hex:<id>``,
``unit:<id>``, ``cw:<id>``, ``card:<n>``, ``partner:<country>``, ``land:<id>``,
``policy:<id>``, ``box:<name>`` and ``country:<slug>``; records written before (positional
``pick:<i>``, ``country:Baltic States``, ``opt:place_partner``) still replay, through the
choose decision's ``alias`` and the catalogue's aliases, and ``explain`` reads both."""

from __future__ import annotations

import re

import pytest

from test_tk_helpers import game, situation, start
from warroom.core import Record, replay
from warroom.core.errors import IllegalActionError
from warroom.core.protocol import State, apply, explain, legal_actions, prompt, view

SLUG = re.compile(r"^[a-z0-9_]+(:[a-z0-9_]+)*$")


def keys(state: State) -> list[str]:
    return [a.key for a in legal_actions(state)]


def test_every_catalogue_key_is_a_slug() -> None:
    bad = [a.key for a in game().catalogue if not SLUG.match(a.key)]
    assert bad == []


def test_content_items_have_named_keys() -> None:
    s = start("15.14", "western", "1939", type="command")
    assert keys(s)[:3] == ["hex:berlin", "hex:hamburg", "hex:munich"]
    apply(s, "hex:warsaw")
    assert keys(s) == ["unit:br_home", "unit:fr_fleet", "opt:no_result"]
    s = start("15.38", "axis", "1939")
    assert keys(s) == ["partner:italy", "partner:italy:flip", "partner:japan", "opt:no_result"]
    s = start("15.16", "soviet", "1939", country="Baltic States")
    assert keys(s) == ["land:ru_baltic_states", "land:ru_northern_baltics"]
    s = start("15.5", "axis", "1937")
    assert keys(s) == ["cw:c_madrid", "cw:c_barcelona", "cw:c_bilbao"]


RECORDS = [
    # (options, scenario, new keys, old keys of the same game)
    ({"event": "15.14", "faction": "western", "type": "command"}, "1939",
     ["hex:warsaw", "unit:fr_fleet"], ["pick:15", "pick:1"]),
    ({"event": "15.38", "faction": "axis"}, "1939", ["partner:japan"], ["pick:2"]),
    ({"event": "15.38", "faction": "axis"}, "1939", ["partner:italy:flip"],
     ["opt:flip_war_economy"]),
    ({"event": "15.38", "faction": "western"}, "1939", ["partner:france"],
     ["opt:place_partner"]),
    ({"event": "15.5", "faction": "axis"}, "1937", ["cw:c_bilbao"], ["pick:2"]),
    ({"event": "15.16", "faction": "soviet", "country": "Baltic States"}, "1939",
     ["land:ru_northern_baltics"], ["pick:1"]),
    ({"event": "15.2", "faction": "axis", "country": "Poland"}, "1939",
     ["country:baltic_states"], ["country:Baltic States"]),
]


@pytest.mark.parametrize(("options", "scenario", "new", "old"), RECORDS)
def test_old_and_new_records_replay_to_the_same_game(
        options: dict[str, str], scenario: str, new: list[str], old: list[str]) -> None:
    g = game()
    a = replay(g, Record("tk", scenario, options, 0, [], list[str | int](new)))
    b = replay(g, Record("tk", scenario, options, 0, [], list[str | int](old)))
    assert a.active is None and b.active is None
    assert view(a) == view(b)
    assert [e.get("choice") for e in a.log] == [e.get("choice") for e in b.log]


@pytest.mark.parametrize(("options", "scenario", "new", "old"), RECORDS)
def test_explain_reads_old_and_new_keys(
        options: dict[str, str], scenario: str, new: list[str], old: list[str]) -> None:
    s = replay(game(), Record("tk", scenario, options, 0, [], []))
    why_new = explain(s, new[0])
    why_old = explain(s, old[0])
    assert why_new.legal and why_old.legal
    assert why_new.rules == why_old.rules and why_new.rules
    if old[0] != new[0] and not old[0].startswith("country:"):
        assert f"is read as {new[0]}" in why_old.reason


def test_pick_past_the_choices_is_refused_with_the_choices() -> None:
    s = start("15.38", "axis", "1939")
    why = explain(s, "pick:9")
    assert not why.legal and "Place the Japan Partnership Country" in why.reason
    with pytest.raises(IllegalActionError):
        apply(s, "pick:9")


def test_a_unit_only_a_situation_file_defines_falls_back_to_pick() -> None:
    """Units outside the fixed catalogue (bundled situations, Production Directive and VG
    units) keep the positional key."""
    sit = situation("1939")
    sit["units"].append({"id": "ge_new", "name": "German 9 Pz Korps", "owner": "axis",
                         "nationality": "German", "type": "armor", "steps": 2,
                         "loc": "Berlin"})
    s = start("15.20", "axis", sit=sit)
    apply(s, "opt:eliminate_armor")
    assert "unit:ge_pz1" in keys(s)
    new_unit = next(a for a in legal_actions(s)
                    if "9 Pz Korps" in s.game.describe(s, a.id))
    assert new_unit.key.startswith("pick:")
    apply(s, new_unit)
    assert s.data["units"]["ge_new"]["steps"] == 1


def test_an_old_positional_key_is_read_but_its_id_is_refused() -> None:
    """``pick:<i>`` keys of old records are read as today's i-th choice, but the catalogue
    id of a ``pick:<i>`` (never in the legal ids, so never in an RL agent's action mask) is
    refused like any illegal id: it once silently played the i-th choice instead."""
    s = start("15.38", "axis", "1939")
    legal = {a.id for a in legal_actions(s)}
    pick = game().catalogue.by_key("pick:2")
    assert pick.id not in legal
    before = view(s)
    with pytest.raises(IllegalActionError):
        apply(s, pick.id)
    with pytest.raises(IllegalActionError):
        apply(s, pick)
    assert view(s) == before
    assert apply(s, "pick:2").key == "partner:japan"        # the key, as a record holds it


def test_explain_reads_an_old_key_only_where_apply_does() -> None:
    """apply reads an old positional key only as a string (a record's); its id or Action
    is the catalogue's ``pick:0`` itself, which apply refuses: explain says the same."""
    s = replay(game(), Record("tk", "1939", {"event": "15.38", "faction": "axis"}, 0, [], []))
    old = game().catalogue.resolve("pick:2")
    assert explain(s, "pick:2").legal
    for asked in (old, old.id):
        why = explain(s, asked)
        assert not why.legal and "is read as" not in why.reason, why
        with pytest.raises(IllegalActionError):
            apply(s, asked)


FRAME_ALIASES = [r for r in RECORDS if not r[3][0].startswith("country:")]
"""The old keys only a decision reads (positional ``pick:<i>``, 15.38's named options): a
catalogue rename (``country:Baltic States``) names the same Country in every decision."""


@pytest.mark.parametrize(("options", "scenario", "new", "old"), FRAME_ALIASES)
def test_a_seat_playing_now_is_refused_an_old_key_and_told_todays(
        options: dict[str, str], scenario: str, new: list[str], old: list[str]) -> None:
    """An old key is read for records (above); a front end playing a seat's move passes
    legacy_keys=False, and the key is refused, naming today's key, with nothing changed: a
    positional pick:<i> played whatever choice sat at position i now, which the seat's menu
    listed under another key (an audit)."""
    s = replay(game(), Record("tk", scenario, options, 0, [], []))
    before = view(s)
    role = s.active
    with pytest.raises(IllegalActionError, match=f"this choice's key now is '{new[0]}'"):
        apply(s, old[0], role, legacy_keys=False)
    assert view(s) == before and s.active == role
    why = explain(s, old[0], role, legacy_keys=False)
    assert not why.legal and f"'{old[0]}' is a key of an earlier version" in why.reason
    assert f"now is '{new[0]}'" in why.reason and why.rules == explain(s, new[0]).rules
    assert apply(s, new[0], role, legacy_keys=False).key == new[0]


def test_a_decision_with_a_cross_reference_cites_each_rule_apart() -> None:
    """15.14's Failure marker "limit[s] the faction affected by them (14.12)": the prompt
    cites 15.14, an explanation both, each a rule of the index (once one string
    "15.14, 14.12", which no rule index holds)."""
    s = start("15.14", "western", "1939", type="command")
    p = prompt(s)
    assert p is not None and p.rule == "15.14"
    why = explain(s, "hex:berlin")
    assert why.legal and why.rules == ("15.14", "14.12")
    assert all(r in game().rules for r in why.rules)
