"""The TK flow on core's decision stack: prompts, the redraw of random events, the outcome,
and the facts of dice rolls in the log."""

from __future__ import annotations

from test_tk_helpers import choose, done, game, situation, start
from warroom.core.protocol import (
    Termination,
    apply,
    legal_actions,
    new_game,
    prompt,
    result,
    view,
)


def test_prompt_is_the_decision_text_and_rule() -> None:
    s = start("15.2", "axis", "1939", country="Hungary")
    p = prompt(s)
    assert p is not None
    assert (p.role, p.rule) == ("axis", "15.2")
    assert p.text == ("Select a Neutral Country bordering Hungary to activate as an Allied "
                      "Country (13.5 names the Allied faction)")
    assert view(s, "western")["prompt"] == p.to_json()
    choose(s, "Rumania", "axis")
    assert prompt(s) is None


def test_every_decision_of_random_games_has_a_prompt_with_a_rule() -> None:
    g = game()
    for seed in range(60):
        s = new_game(g, "random", seed)
        while s.active is not None:
            p = prompt(s)
            assert p is not None and p.role == s.active and p.rule and p.text
            apply(s, legal_actions(s)[0])


def test_random_event_without_decision_is_drawn_again_without_trace() -> None:
    """Seed 36 draws five events that ask nobody anything before 15.19 (seed 1 drew four
    before 15.28 until 15.30 stopped drawing its variant, 7 December 2026): each is rolled
    back (situation, log, counters) and only the last one is in the log."""
    s = new_game(game(), "random", 36)
    bottom = s.data["stack"][0]
    assert bottom["kind"] == "event" and bottom["attempt"] == 5
    assert s.data["event"] == {"event": "15.19", "faction": "soviet", "country": "Norway"}
    assert s.active == "soviet"
    received = [e for e in s.log if e["text"].startswith("Political Event")]
    assert len(received) == 1 and s.log[0] is received[0]
    assert received[0]["event"] == "15.19" and received[0]["faction"] == "soviet"
    assert s.data["dice"] == sum(1 for e in s.log if "die" in e)
    assert s.data["effects"] == 0 and s.data["instructions"] == []


def test_event_option_is_never_drawn_again() -> None:
    s = start("15.27", "axis", "1939", country="Sweden")   # no decision, nothing changes
    assert s.active is None and s.data["stack"] == []
    assert s.data["outcome"] == {"termination": "no_result"}
    assert len(s.log) == 3


def test_outcome_termination_and_label() -> None:
    s = start("15.27", "axis", "1939", country="Bulgaria")  # a Neutrality marker is placed
    out = result(s)
    assert out is not None
    assert out.termination is Termination.RESOLVED
    assert out.label == "15.27 resolved" and out.rule == "15.27"
    assert s.log[-1]["text"] == "Neutrality is resolved"
    s = start("15.4", "axis", "1939")
    assert done(s) == "no_result"
    out = result(s)
    assert out is not None and out.termination is Termination.NO_RESULT


def test_dice_log_die_mods_total_and_table() -> None:
    s = start("15.7", "axis", "1939", country="Yugoslavia", dice=[5])
    crisis = next(e for e in s.log if e.get("table") == "International Crisis Table"
                  and "die" in e)
    drm = game().c.tables.international_crisis.drm.get("Locarno", 0)
    assert crisis["rule"] == "15.7"
    assert crisis["die"] == 5 and crisis["total"] == 5 + drm
    assert crisis["mods"] == ([[drm, "Yugoslavia's Posture is Locarno"]] if drm else [])
    row = next(e for e in s.log if e.get("table") == "International Crisis Table"
               and "result" in e)
    assert row["text"].startswith("International Crisis Table: ")
    s = start("15.1", "soviet", "1937", dice=[2])
    choose(s, "Civil War Table")
    cw = next(e for e in s.log if "die" in e)
    assert cw["table"] == "Civil War Table"
    assert (cw["die"], cw["total"], cw["mods"]) == (2, 1, [[-1, "Allied roll on the Civil "
                                                            "War Table"]])
    # the line itself says why the roll is modified (a terminal audit: "rolled 2 -1 = 1")
    assert cw["text"] == ("Civil War Table (Soviet): rolled 2 -1 (Allied roll on the Civil "
                          "War Table) = 1")


def test_choice_is_logged_with_role_and_key() -> None:
    s = start("15.2", "axis", "1939", country="Hungary")
    choose(s, "Rumania", "axis")
    entry = next(e for e in s.log if e["text"] == "Axis chooses: Rumania")
    assert entry["rule"] == "15.2" and entry["role"] == "axis"
    assert entry["choice"] == "country:rumania"


def test_the_first_line_names_the_war_state_once() -> None:
    """'Summer 1939 (Pre-War)' says its war state: the line does not repeat it (a terminal
    audit: "'Autumn 1940 (Limited War)' (Limited War)")."""
    s = start("15.28", "soviet", "1939")
    first = s.log[0]["text"]
    assert first.endswith("in the situation 'Summer 1939 (Pre-War)'"), first
    sit = situation("1940")
    sit["title"] = "A test situation"
    s = start("15.28", "soviet", sit=sit)
    assert "in the situation 'A test situation' (Limited War)" in s.log[0]["text"]
